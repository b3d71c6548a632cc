"""The shared phone's hand-over, in every game with secrets, through the real shell and
table screen (real Flet sessions over in-memory connections, taps dispatched as a phone
sends them):

- what one player entered in secret and did not record is gone when the phone is passed
  to the next (Winds of Fate destiny order, Scales of Fate demigods, Born of Titans
  divine counter picks);
- a seat whose player acted from their own phone (a device holding that seat's code) is
  never offered on the host's device, whatever the player is called.

Fates and Favors has no hand-over: a hand is entered only on its seat's own phone, and
the host's device draws the table as a watcher sees it (checked below too).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import flet as ft
import pytest

from companion.app import Shell
from companion.hub import Hub
from companion.table import Actor, Change
from rules.born_of_titans.actions import (
    Encounter,
    EndTurn,
    FirstSelector,
    Move,
    PickHero,
    PlaceQuest,
    Sacrifice,
    StartSite,
)
from rules.born_of_titans.state import Place, Reveal, Stats
from rules.fates_and_favors import EnterHand
from rules.winds_of_fate.components import ENDING_NAMES
from tests.rules.born_of_titans.helpers import ATALANTA, CYRENE, PHEACIANS
from tests.support.ui import tagged, texts
from tests.support.wire import first_draw, session

HOST = Actor("host-phone", "Host", None)


class Device:
    """One phone with a real session, shell and table screen."""

    def __init__(self, hub: Hub, route: str) -> None:
        self.session, self.wire = session(route)
        self.shell = Shell(self.session.page, hub, "http://127.0.0.1:1")
        self.session.page.run_task = lambda *_a, **_k: None  # type: ignore[method-assign]
        self.shell.start()
        first_draw(self.session, self.wire)

    @property
    def screen(self) -> Any:
        return self.shell.table_screen

    def shown(self) -> dict[str, ft.Semantics]:
        return tagged(self.screen.body)

    def tap(self, identifier: str) -> None:
        """A tap on the control tagged ``identifier``, as the phone sends it."""
        control = self.shown()[identifier]
        asyncio.run(self.session.dispatch_event(control.content._i, "click", None))

    def catch_up(self, live: Any) -> None:
        """What this device's subscription does after another device's change."""
        asyncio.run(self.screen._refresh(Change(live.id, live.version, "do", "")))

    def text(self) -> str:
        return texts(self.screen.body)


def host_of(hub: Hub, live: Any) -> Device:
    return Device(hub, f"/t/{live.id}?key={hub.host_key}")


def phone_of(hub: Hub, live: Any, seat: int) -> Device:
    return Device(hub, f"/t/{live.id}?k={live.seat_tokens[seat]}")


@pytest.fixture
def hub(tmp_path: Any) -> Iterator[Hub]:
    from companion.store import open_database

    db, _ = open_database(f"sqlite:///{tmp_path / 'fatekeeper.db'}")
    yield Hub(db)
    db.close()


def _label(control: ft.Semantics) -> str:
    return str(control.content.content)


# ----- Winds of Fate ---------------------------------------------------------------------


def test_wof_hand_over_clears_the_last_players_unrecorded_destiny_order(hub: Hub) -> None:
    """Tom taps his secret order on the host's device and does not record it; the phone
    is passed to Dee: her form starts empty, so she neither sees Tom's order nor can
    record it as hers."""
    live = hub.create_table("winds-of-fate", None, ["Tom", "Dee", "Cy"], "drafts")
    host = host_of(hub, live)
    host.tap("wof-reveal-0")
    host.tap("wof-show-0")
    host.tap("wof-start-2")
    for card in ("dead", "safe", "stranded"):
        host.tap(f"wof-card-{card}")
    shown = host.shown()
    assert "wof-record" in shown  # Tom's order is complete, ready to record
    assert _label(shown["wof-card-dead"]).startswith("1: ")

    host.tap("wof-reveal-1")  # the phone goes to Dee: first nothing but the hand-over card
    shown = host.shown()
    assert "wof-handover" in shown and "Give the phone to Dee" in host.text()
    assert not any(key.startswith(("wof-card-", "wof-start-")) for key in shown)
    assert "Tom's destiny cards" not in host.text()
    host.tap("wof-show-1")  # Dee, holding the phone, opens her own block
    shown = host.shown()
    assert "Dee's destiny cards (private)" in host.text()
    assert "wof-record" not in shown
    for card in ("dead", "safe", "stranded"):
        assert _label(shown[f"wof-card-{card}"]) == ENDING_NAMES[card]
        assert isinstance(shown[f"wof-card-{card}"].content, ft.OutlinedButton)
    assert isinstance(shown["wof-start-0"].content, ft.FilledButton)
    # Dee's first tap is her card 1, not Tom's card 4.
    host.tap("wof-card-safe")
    assert _label(host.shown()["wof-card-safe"]) == "1: " + ENDING_NAMES["safe"]

    # Hiding clears it too: Tom's half-entered order is not waiting for him either.
    host.tap("wof-card-dead")
    host.tap("wof-hide")
    host.tap("wof-reveal-0")
    host.tap("wof-show-0")
    assert all(
        not _label(c).startswith(("1: ", "2: "))
        for key, c in host.shown().items()
        if key.startswith("wof-card-")
    )


@pytest.mark.parametrize("name", ["Tom", "Host"])
def test_wof_host_device_offers_no_hand_over_for_a_seat_on_its_own_phone(
    hub: Hub, name: str
) -> None:
    """Tom (or a player called "Host") records his destiny cards on his own phone: the
    host's device no longer offers to pass the phone to him, and nothing of his cards
    reaches it, whatever it asks."""
    live = hub.create_table("winds-of-fate", None, [name, "Dee", "Cy"], "own phone")
    host = host_of(hub, live)
    assert "wof-reveal-0" in host.shown()
    tom = phone_of(hub, live, 0)
    tom.tap("wof-start-1")
    for card in ("stranded", "dead", "safe"):
        tom.tap(f"wof-card-{card}")
    tom.tap("wof-record")
    assert live.state.destiny_cards[0] == ("stranded", "dead", "safe")
    assert "card 1 is Stranded" in tom.text()

    host.wire.take()
    host.catch_up(live)
    shown = host.shown()
    assert "wof-reveal-0" not in shown
    assert "wof-own-phone-0" in shown
    assert f"{name}'s destiny cards stay on {name}'s own phone." in host.text()
    assert "wof-reveal-1" in shown  # Dee may still use the shared phone
    ctx = host.screen.context()
    assert ctx.reveal is not None and ctx.reveal(0).destiny_cards[0] == ()
    assert "card 1 is" not in repr(host.wire.take())


# ----- Scales of Fate --------------------------------------------------------------------


def test_scales_hand_over_starts_the_next_player_with_nothing_picked(hub: Hub) -> None:
    """Ann taps one demigod on the host's device, then hides without recording; Bo's
    picker, after his own hand-over, has nothing selected."""
    live = hub.create_table("scales-of-fate", None, ["Ann", "Bo"], "drafts")
    host = host_of(hub, live)
    host.tap("sof-reveal-0")
    host.tap("sof-show-0")
    host.tap("sof-deal-Pentha")
    assert host.shown()["sof-deal-Pentha"].selected
    host.tap("sof-hide")
    host.tap("sof-reveal-1")
    host.tap("sof-show-1")
    shown = host.shown()
    assert "Bo: your demigods" in host.text()
    picks = [c for key, c in shown.items() if key.startswith("sof-deal-") and key[9:10].isupper()]
    assert picks and not any(c.selected for c in picks)


@pytest.mark.parametrize("name", ["Ann", "Host"])
def test_scales_host_device_offers_no_hand_over_for_a_seat_on_its_own_phone(
    hub: Hub, name: str
) -> None:
    live = hub.create_table("scales-of-fate", None, [name, "Bo"], "own phone")
    host = host_of(hub, live)
    ann = phone_of(hub, live, 0)
    ann.tap("sof-deal-Pentha")
    ann.tap("sof-deal-Agamar")
    ann.tap("sof-deal-submit")
    assert live.state.hands[0] == ("Pentha", "Agamar")
    host.catch_up(live)
    shown = host.shown()
    assert "sof-reveal-0" not in shown and "sof-own-phone-0" in shown
    assert "sof-reveal-1" in shown


# ----- Born of Titans --------------------------------------------------------------------


def _bot_in_play(hub: Hub, first: str) -> Any:
    live = hub.create_table("born-of-titans", None, [first, "Bea"], "divine")
    for action in (
        FirstSelector(1),
        PickHero(1, CYRENE, Stats("Argonauts", 1, 1, 1)),
        PickHero(0, ATALANTA, PHEACIANS),
        StartSite(0, 1),
        StartSite(1, 2),
        PlaceQuest(1, 3),
        PlaceQuest(0, 4),
    ):
        live.do(action, HOST)
    assert live.state.phase == "play"
    return live


@pytest.mark.parametrize("name", ["Ann", "Host"])
def test_bot_host_device_offers_no_divine_counters_of_a_seat_on_its_own_phone(
    hub: Hub, name: str
) -> None:
    """Ann (or "Host") acts from her own phone: the host's device offers to show Bea's
    divine counters, never Ann's."""
    live = _bot_in_play(hub, name)
    host = host_of(hub, live)
    assert "bot-reveal-0" in host.shown()
    ann = phone_of(hub, live, 0)
    move = next(a for a in live.game.legal_actions(live.state) if isinstance(a, Move))
    ann.screen.act(move)  # her move, through her phone's table screen
    assert live.head == 8
    host.catch_up(live)
    shown = host.shown()
    assert "bot-reveal-0" not in shown and "bot-own-phone-0" in shown
    assert "bot-reveal-1" in shown


def _both_hold_divine_counters(hub: Hub) -> Any:
    """Ann sacrificed at Mesembria and kept Athena, Bea at Thebes and kept Ares."""
    live = _bot_in_play(hub, "Ann")
    calm = Reveal("fair-weather", "Calm seas", 1, 1, 1)
    for seat, keep, name in ((0, "athena", "Mesembria"), (1, "ares", "Thebes")):
        city = Place("city", name)
        move = next(
            a
            for a in live.game.legal_actions(live.state)
            if isinstance(a, Move) and a.seat == seat and a.to == city
        )
        live.do(move, HOST)
        live.do(Encounter(seat, reveal=calm), HOST)
        live.do(Sacrifice(seat, keep), HOST)  # type: ignore[arg-type]
        if seat == 0:
            live.do(EndTurn(0), HOST)
    assert [h.divine for h in live.state.heroes] == [("athena",), ("ares",)]
    return live


def test_bot_showing_the_next_players_counters_clears_the_last_players_picks(hub: Hub) -> None:
    """Ann picks Athena on Bea on the shared phone and does not play it; shown next,
    Bea's counters come with nothing picked (Ann's choice would tell what Ann holds)."""
    live = _both_hold_divine_counters(hub)
    host = host_of(hub, live)
    host.tap("bot-reveal-0")
    host.tap("bot-show-0")
    host.tap("bot-play-athena")
    host.tap("bot-target-1")
    assert "bot-play-divine" in host.shown()
    host.tap("bot-reveal-1")  # first only the hand-over card: nothing of Ann's, nothing of Bea's
    shown = host.shown()
    assert "bot-handover" in shown and "Give the phone to Bea" in host.text()
    assert "Your divine counters:" not in host.text()
    assert not any(key.startswith(("bot-play-", "bot-target-")) for key in shown)
    host.tap("bot-show-1")
    shown = host.shown()
    assert "Your divine counters: Ares" in host.text()
    assert "Athena" not in host.text()
    assert "bot-play-divine" not in shown
    picked = [
        key
        for key, c in shown.items()
        if key.startswith(("bot-play-", "bot-target-")) and isinstance(c.content, ft.FilledButton)
    ]
    assert picked == []
    host.tap("bot-play-ares")  # Bea's own pick still works
    assert isinstance(host.shown()["bot-play-ares"].content, ft.FilledButton)


# ----- Fates and Favors ------------------------------------------------------------------


def test_ff_hands_never_reach_the_host_device(hub: Hub) -> None:
    live = hub.create_table("fates-and-favors", None, ["Ann", "Bo"], "hands")
    host = host_of(hub, live)
    ann = phone_of(hub, live, 0)
    ann.screen.act(EnterHand(0, ("3", "7", "zeus")))
    assert live.state.hands[0] == ("3", "7", "zeus")
    host.wire.take()
    host.catch_up(live)
    assert host.screen.context().state.hands[0] == ()
    assert "ff-hand" not in repr(host.wire.take())


# ----- one hand-over for every game ------------------------------------------------------


def _scales_table(hub: Hub) -> Any:
    return hub.create_table("scales-of-fate", None, ["Ann", "Bo"], "same hand-over")


def _wof_table(hub: Hub) -> Any:
    return hub.create_table("winds-of-fate", None, ["Ann", "Bo", "Cy"], "same hand-over")


@pytest.mark.parametrize(
    ("prefix", "table", "secret"),
    [
        ("sof", _scales_table, "Ann: your demigods"),
        ("wof", _wof_table, "Ann's destiny cards (private)"),
        ("bot", lambda hub: _both_hold_divine_counters(hub), "Your divine counters: Athena"),
    ],
)
def test_every_game_hands_the_shared_phone_over_in_the_same_two_taps(
    hub: Hub, prefix: str, table: Any, secret: str
) -> None:
    """The kit's hand-over (``panels.handover``) in each game with secrets on the shared
    phone: "Give the phone to Ann" shows a card naming her and nothing secret; "Back to
    the table" closes it; only "Show my …", tapped by Ann, opens her secrets."""
    live = table(hub)
    host = host_of(hub, live)
    assert _label(host.shown()[f"{prefix}-reveal-0"]) == "Give the phone to Ann"
    host.tap(f"{prefix}-reveal-0")
    shown = host.shown()
    assert f"{prefix}-handover" in shown and f"{prefix}-show-0" in shown
    assert "Ann: take the phone" in host.text()
    assert secret not in host.text()
    host.tap(f"{prefix}-handover-cancel")
    assert f"{prefix}-handover" not in host.shown() and secret not in host.text()
    host.tap(f"{prefix}-reveal-0")
    host.tap(f"{prefix}-show-0")
    assert f"{prefix}-handover" not in host.shown()
    assert secret in host.text()
