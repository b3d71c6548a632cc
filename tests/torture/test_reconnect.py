"""Phones that drop their connection and come back, against a real host on 127.0.0.1.

A phone that loses its websocket keeps its Flet session on the host for a while; when it
reconnects it asks to resume that session, exactly as the Flet web client does after a
Wi-Fi drop or a locked screen. It must then show the current table within a second and
keep following it, and a code the host revoked while the phone was away must open nothing.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.torture.live import EVENT, TALLY_ENV, Host, Phone, make_coded_table, start_host

pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")


@pytest.fixture
def host(tmp_path: Path) -> Iterator[tuple[Host, str, str, list[str]]]:
    table_id, join, seats = make_coded_table(tmp_path)
    h = start_host(tmp_path, TALLY_ENV)
    try:
        yield h, table_id, join, seats
    finally:
        h.stop()


def _table_version(folder: Path, table_id: str) -> int:
    from companion.store import GameTable, open_database

    db, _ = open_database(data_dir=folder)
    try:
        with db.session() as session:
            row = session.get(GameTable, table_id)
            assert row is not None
            return row.version
    finally:
        db.close()


def test_a_phone_that_reconnects_shows_the_current_table_and_keeps_following(
    host: tuple[Host, str, str, list[str]],
) -> None:
    h, table_id, _join, seats = host
    route = f"/t/{table_id}?k={seats[0]}"
    hosting = Phone.open(h, h.table_route(table_id), wait_for="counter-pile-plus")
    phone = Phone.open(h, route, wait_for="counter-pile-value")
    assert phone.session_id
    pile = 0
    for drop in (0.3, 2.0):
        before = phone.session_id
        phone.close()
        time.sleep(drop)  # the host notices the drop; the table moves on meanwhile
        for _ in range(2):
            pile += 1
            hosting.tap_and_confirm("counter-pile-plus", str(pile))
        phone = phone.reconnect(h, route)
        took = phone.wait_value("counter-pile-value", str(pile), timeout=5)
        assert phone.session_id == before, "the host did not resume the session"
        print(f"resumed after a {drop} s drop: current table in {took:.2f} s")
        # ... and it keeps following.
        pile += 1
        hosting.tap_and_confirm("counter-pile-plus", str(pile))
        phone.wait_value("counter-pile-value", str(pile), timeout=2)
    phone.close()
    hosting.close()


def test_a_code_revoked_while_the_phone_was_away_opens_nothing(
    host: tuple[Host, str, str, list[str]],
) -> None:
    h, table_id, join, seats = host
    hosting = Phone.open(h, h.table_route(table_id), wait_for="invite-open")
    routes = [f"/t/{table_id}?k={code}" for code in (seats[1], join)]
    away = []
    for route in routes:  # a seat phone and a watching phone, both then cut off
        phone = Phone.open(h, route, wait_for="counter-pile-value")
        phone.drain(0.3)
        phone.close()
        away.append(phone)
    time.sleep(0.5)
    hosting.tap("invite-open")
    hosting.wait(lambda _m: "revoke-codes" in hosting.ids, 5, "the invite dialog")
    hosting.tap("revoke-codes")
    hosting.wait(lambda _m: "revoke-codes-confirm" in hosting.ids, 5, "the question")
    hosting.tap("revoke-codes-confirm")
    hosting.drain(0.5)
    version = _table_version(h.folder, table_id)

    for old, route in zip(away, routes, strict=True):
        phone = old.reconnect(h, route)
        phone.wait(lambda _m, p=phone: "denied" in p.ids, 1, "the ask-the-host page")
        assert phone.session_id == old.session_id, "the host did not resume the session"
        # The screen it had before the drop is gone (not even sent back), and a tap on a
        # control of it changes nothing.
        assert "counter-pile-plus" not in phone.ids
        phone.send(EVENT, {"target": old.ids["counter-pile-plus"], "name": "click", "data": None})
        phone.drain(0.5)
        assert _table_version(h.folder, table_id) == version
        phone.close()
    hosting.close()


def test_the_host_renews_the_host_link_from_the_app(
    host: tuple[Host, str, str, list[str]],
) -> None:
    h, table_id, _join, _seats = host
    old = h.key
    hosting = Phone.open(h, f"/?key={old}", wait_for="host-link-open")
    at_table = Phone.open(h, h.table_route(table_id), wait_for="counter-pile-plus")
    hosting.tap("host-link-open")
    hosting.wait_text(f"?key={old}", 5)  # the current link is shown in the app
    assert "renew-host-key" in hosting.ids
    hosting.tap("renew-host-key")
    hosting.wait(lambda _m: "renew-host-key-confirm" in hosting.ids, 5, "the question")
    hosting.tap("renew-host-key-confirm")
    hosting.wait_text("the old one no longer opens anything", 5)
    shown = [t for t in hosting.texts if "?key=" in t and f"?key={old}" not in t]
    assert shown, "the new host link is not shown"
    new = re.search(r"\?key=([A-Za-z0-9_-]+)", shown[-1])
    assert new and new.group(1) != old
    deadline = time.monotonic() + 5
    while f"?key={new.group(1)}" not in h.stdout.read_text() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert f"New host link (keep it to yourself): {h.http_url}/?key={new.group(1)}" in (
        h.stdout.read_text()
    )
    # The old link opens nothing any more, also on a device that already held it...
    stranger = Phone.open(h, f"/?key={old}", wait_for="denied")
    stranger.close()
    at_table.tap("counter-pile-plus")
    at_table.wait(lambda _m: "denied" in at_table.ids, 2, "the ask-the-host page")
    # ... and the new one opens everything.
    renewed = Phone.open(h, f"/?key={new.group(1)}", wait_for="new-table")
    for phone in (renewed, at_table, hosting):
        phone.close()


def test_every_page_carries_the_connection_script(
    host: tuple[Host, str, str, list[str]],
) -> None:
    import urllib.request

    h, table_id, _join, seats = host
    for path in ("/", f"/t/{table_id}?k={seats[0]}"):
        with urllib.request.urlopen(h.http_url + path, timeout=30) as response:
            page = response.read()
            assert int(response.headers["content-length"]) == len(page)
        assert page.count(b'<script src="connection.js"></script></head>') == 1, path
    with urllib.request.urlopen(h.http_url + "/connection.js", timeout=30) as response:
        assert b"fatekeeperConnection" in response.read()
