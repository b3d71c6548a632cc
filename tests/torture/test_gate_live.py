"""The one gate against a real host (``python -m companion``) and raw websocket devices on
127.0.0.1, as a device on the LAN meets it.

* A device still showing a screen opened with the host key before the host renewed it can
  neither read the new link from the key button, nor renew it again, nor mint codes from
  Invite, nor rename a player (typed value and button), nor open a seat's secret through
  the hand-over: each tap changes nothing and brings back only the "ask the host" page.
* A phone whose code was revoked while it was away, resuming its Flet session, receives
  nothing but that page: not the table's title, not the players' names, not its hand. The
  same for a host tablet resuming after the host link was renewed.
* Revoke codes asks first, naming the table and what it does, and only the confirmation
  replaces the codes.

The frames each device receives are inspected as they came over the wire.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.torture.live import Host, Phone, start_host

pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")

TITLE = "Vault of Zephyrine"
NAMES = ["Zephyrine", "Balthor"]
ROSTER_ONLY = "Ormundel"
UPDATE_PROPS = 4


class World:
    """A Scales of Fate table whose demigods are dealt, made before the host starts."""

    def __init__(self, folder: Path) -> None:
        from companion.hub import Hub
        from companion.panels.scales_of_fate.secrets import hand_label
        from companion.store import open_database
        from companion.table import Actor
        from rules import registry

        db, _ = open_database(data_dir=folder)
        try:
            hub = Hub(db)
            hub.add_player(ROSTER_ONLY)
            game = registry.get("scales-of-fate")
            table = hub.create_table("scales-of-fate", None, NAMES, TITLE)
            rng = random.Random(7)
            while not all(table.state.hands):
                table.do(rng.choice(game.legal_actions(table.state)), Actor("w", "Host", None))
            self.table_id = table.id
            self.join = str(table.join_token)
            self.seats = [str(t) for t in table.seat_tokens]
            self.hands = [hand_label(h) for h in table.state.hands]
            self.player_id = next(p.id for p in hub.players() if p.name == ROSTER_ONLY)
        finally:
            db.close()

    def words(self) -> list[str]:
        """What a device that lost its access must never receive."""
        return [TITLE, *NAMES, ROSTER_ONLY, *self.hands, self.join, *self.seats]


@pytest.fixture
def live(tmp_path: Path) -> Iterator[tuple[Host, World]]:
    world = World(tmp_path)
    h = start_host(tmp_path)
    try:
        yield h, world
    finally:
        h.stop()


def _rows(folder: Path) -> dict[str, list[Any]]:
    """Everything stored (the host key's digest left out), read by a separate process's
    view of the database file."""
    from sqlalchemy import MetaData, select

    from companion.store import open_database

    db, _ = open_database(data_dir=folder)
    try:
        meta = MetaData()
        with db.engine.connect() as conn:
            meta.reflect(conn)
            out = {}
            for name, table in sorted(meta.tables.items()):
                rows = [tuple(r) for r in conn.execute(select(table)).all()]
                if name == "meta":
                    rows = [r for r in rows if r[0] != "host_key_hash"]
                out[name] = sorted(rows, key=repr)
        return out
    finally:
        db.close()


def _since(phone: Phone, mark: int) -> bytes:
    return b"".join(phone.received[mark:])


def _leaked(sent: bytes, words: list[str]) -> list[str]:
    return [w for w in words if w.encode() in sent]


def _renew(hosting: Phone, h: Host) -> str:
    """Renew the host link from ``hosting``'s key button; returns the new key."""
    hosting.tap("host-link-open")
    hosting.wait(lambda _m: "renew-host-key" in hosting.ids, 5, "the host link dialog")
    hosting.tap("renew-host-key")
    hosting.wait(lambda _m: "renew-host-key-confirm" in hosting.ids, 5, "the question")
    hosting.tap("renew-host-key-confirm")
    hosting.wait_text("the old one no longer opens anything", 5)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        found = re.findall(
            r"New host link \(keep it to yourself\): \S+\?key=(\S+)", h.stdout.read_text()
        )
        if found:
            return str(found[-1])
        time.sleep(0.1)
    raise AssertionError("the new host link was not printed")


def test_a_screen_opened_with_a_renewed_host_key_reaches_nothing(
    live: tuple[Host, World],
) -> None:
    h, w = live
    home = f"/?key={h.key}"
    table = h.table_route(w.table_id)
    # Screens opened while the key was good, one per side door.
    key_dialog = Phone.open(h, home, wait_for="host-link-open")
    key_dialog.tap("host-link-open")
    key_dialog.wait(lambda _m: "renew-host-key" in key_dialog.ids, 5, "the host link dialog")
    key_dialog.tap("renew-host-key")
    key_dialog.wait(lambda _m: "renew-host-key-confirm" in key_dialog.ids, 5, "the question")
    key_button = Phone.open(h, home, wait_for="host-link-open")
    invite = Phone.open(h, table, wait_for="invite-open")
    invite.tap("invite-open")
    invite.wait(lambda _m: "invite-seat-0" in invite.ids, 5, "the invite dialog")
    roster = Phone.open(h, home, wait_for=f"player-{w.player_id}")
    roster.tap(f"player-{w.player_id}")
    roster.wait(lambda _m: "player-rename" in roster.ids, 5, "the player dialog")
    handover = Phone.open(h, table, wait_for="sof-reveal-0")
    handover.tap("sof-reveal-0")
    handover.wait(lambda _m: "sof-show-0" in handover.ids, 5, "the hand-over screen")
    assert not _leaked(b"".join(handover.received), w.hands), "the hand showed too early"
    devices = [key_dialog, key_button, invite, roster, handover]
    for phone in devices:
        phone.drain(0.2)

    hosting = Phone.open(h, home, wait_for="host-link-open")
    new_key = _renew(hosting, h)
    assert new_key != h.key
    before = _rows(h.folder)
    marks = {id(p): len(p.received) for p in devices}

    key_dialog.tap("renew-host-key-confirm")  # renew again, locking the real host out
    key_button.tap("host-link-open")  # read the new link
    invite.tap("invite-seat-0")  # a seat code
    if "invite-new-code" in invite.ids:
        invite.tap("invite-new-code")  # a code made anew
    invite.tap("revoke-codes")
    roster.send(
        UPDATE_PROPS, {"id": roster.ids["player-rename-field"], "props": {"value": "Mallory"}}
    )
    roster.tap("player-rename")
    handover.tap("sof-show-0")  # the seat's secret
    for phone in devices:
        phone.wait(lambda _m, p=phone: "denied" in p.ids, 5, "the ask-the-host page")
        phone.drain(0.3)

    assert _rows(h.folder) == before, "a stale host screen changed something"
    printed = h.stdout.read_text()
    assert printed.count("New host link (keep it to yourself)") == 1, "renewed a second time"
    for phone in devices:
        sent = _since(phone, marks[id(phone)])
        leaked = _leaked(sent, [*w.words(), new_key, "Mallory"])
        assert not leaked, f"a stale host screen received {leaked}"
    # The real host still holds the one current key.
    Phone.open(h, f"/?key={new_key}", wait_for="new-table").close()
    for phone in [*devices, hosting]:
        phone.close()


def test_a_phone_resuming_with_a_revoked_code_receives_only_the_ask_the_host_page(
    live: tuple[Host, World],
) -> None:
    h, w = live
    route = f"/t/{w.table_id}?k={w.seats[0]}"
    phone = Phone.open(h, route, wait_for="sof-hand")
    phone.drain(0.3)
    first = b"".join(phone.received)
    # What it had: the table's title, the names and its own hand (so the check below can
    # tell a leak).
    assert not [x for x in (TITLE, NAMES[1], w.hands[0]) if x.encode() not in first]
    phone.close()

    hosting = Phone.open(h, h.table_route(w.table_id), wait_for="invite-open")
    hosting.tap("invite-open")
    hosting.wait(lambda _m: "revoke-codes" in hosting.ids, 5, "the invite dialog")
    hosting.tap("revoke-codes")
    hosting.wait(lambda _m: "revoke-codes-confirm" in hosting.ids, 5, "the question")
    hosting.tap("revoke-codes-confirm")
    hosting.wait_text("the old ones no longer work", 5)

    back = phone.reconnect(h, route)
    back.wait(lambda _m: "denied" in back.ids, 5, "the ask-the-host page")
    back.drain(1.0)
    assert back.session_id == phone.session_id, "the session was not resumed"
    sent = b"".join(back.received)
    # Its own (now dead) code comes back only as the route it sent itself.
    leaked = _leaked(sent, [x for x in w.words() if x != w.seats[0]])
    assert not leaked, f"{len(sent)} bytes sent, holding {leaked}"
    assert b"sof-" not in sent and b"table-title" not in sent
    print(f"resumed with a revoked code: {len(sent)} bytes, the ask-the-host page only")
    back.close()
    hosting.close()


def test_a_host_tablet_resuming_after_the_host_link_was_renewed_receives_nothing(
    live: tuple[Host, World],
) -> None:
    h, w = live
    tablet = Phone.open(h, h.table_route(w.table_id), wait_for="invite-open")
    tablet.drain(0.3)
    assert TITLE.encode() in b"".join(tablet.received)
    tablet.close()
    hosting = Phone.open(h, f"/?key={h.key}", wait_for="host-link-open")
    new_key = _renew(hosting, h)

    back = tablet.reconnect(h, h.table_route(w.table_id))
    back.wait(lambda _m: "denied" in back.ids, 5, "the ask-the-host page")
    back.drain(1.0)
    assert back.session_id == tablet.session_id, "the session was not resumed"
    sent = b"".join(back.received)
    leaked = _leaked(sent, [*w.words(), new_key])  # its own old key is no secret to it
    assert not leaked, f"{len(sent)} bytes sent, holding {leaked}"
    assert b"invite-open" not in sent and b"table-title" not in sent
    back.close()
    hosting.close()


def test_revoke_codes_asks_first_and_names_what_it_does(live: tuple[Host, World]) -> None:
    h, w = live
    watcher = Phone.open(h, f"/t/{w.table_id}?k={w.join}", wait_for="table-title")
    hosting = Phone.open(h, h.table_route(w.table_id), wait_for="invite-open")
    hosting.tap("invite-open")
    hosting.wait(lambda _m: "revoke-codes" in hosting.ids, 5, "the invite dialog")
    before = _rows(h.folder)
    hosting.tap("revoke-codes")
    hosting.wait(lambda _m: "revoke-codes-confirm" in hosting.ids, 5, "the question")
    question = " ".join(hosting.texts[-20:])
    for words in (TITLE, "cut off", "new QR code", *NAMES):
        assert words in question, f"the question does not say {words!r}: {question}"
    assert _rows(h.folder) == before, "asking changed the codes already"
    # Keeping the codes keeps every phone at the table.
    hosting.tap("revoke-codes-keep")
    hosting.drain(0.5)
    assert _rows(h.folder) == before
    watcher.drain(0.3)
    assert "denied" not in watcher.ids
    # Confirming replaces them: the watching phone is cut off at once.
    hosting.ids.pop("revoke-codes-confirm")
    hosting.tap("revoke-codes")
    hosting.wait(lambda _m: "revoke-codes-confirm" in hosting.ids, 5, "the question")
    hosting.tap("revoke-codes-confirm")
    watcher.wait(lambda _m: "denied" in watcher.ids, 5, "the ask-the-host page")
    assert _rows(h.folder) != before
    watcher.close()
    hosting.close()


def test_renew_host_link_asks_first(live: tuple[Host, World]) -> None:
    h, _w = live
    other = Phone.open(h, f"/?key={h.key}", wait_for="new-table")  # a second host device
    hosting = Phone.open(h, f"/?key={h.key}", wait_for="host-link-open")
    hosting.tap("host-link-open")
    hosting.wait(lambda _m: "renew-host-key" in hosting.ids, 5, "the host link dialog")
    hosting.tap("renew-host-key")
    hosting.wait(lambda _m: "renew-host-key-keep" in hosting.ids, 5, "the question")
    assert any("loses host access at once" in t for t in hosting.texts)
    hosting.tap("renew-host-key-keep")
    hosting.drain(0.5)
    assert "New host link" not in h.stdout.read_text(), "renewed without the confirmation"
    other.tap("new-table")  # the other host device keeps host access
    other.drain(0.5)
    assert "denied" not in other.ids
    other.close()
    hosting.close()
