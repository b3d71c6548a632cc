"""Winds of Fate frictions on live table screens, as phones draw them: who still has to
record destiny cards is known on every device, and nothing is picked for the players."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.hub import Hub
from companion.table import Actor
from rules.winds_of_fate.actions import RecordDestiny
from rules.winds_of_fate.components import ENDINGS
from tests.support.phones import open_phone, tap
from tests.support.ui import tagged, texts

HOST = Actor("host", "Host", None)


def test_destiny_cards_still_to_record_is_the_same_on_every_device_wof_setup_destiny(
    hub: Hub,
) -> None:
    table = hub.create_table("winds-of-fate", None, ["Ann", "Bo", "Cy"], "destiny")
    table.do(RecordDestiny(0, tuple(ENDINGS), 0), HOST)
    routes = [f"/t/{table.id}?key={hub.host_key}"]
    routes += [f"/t/{table.id}?k={token}" for token in table.seat_tokens]
    routes.append(f"/t/{table.id}?k={table.join_token}")
    for route in routes:  # each as after a reload
        shell, _s = open_phone(hub, route)
        words = texts(shell.table_screen.body)
        found = [x for x in words.splitlines() if x.startswith("Destiny cards still to record")]
        assert found, route
        line = found[0]
        assert line.endswith(": Bo, Cy"), (route, line)
    # The host passing the phone to Ann is not offered a form the rules would refuse.
    host, _s = open_phone(hub, routes[0])
    screen = host.table_screen
    assert screen is not None
    tags = tagged(screen.body)
    if "wof-reveal-0" in tags:
        tags["wof-reveal-0"].content.on_click(None)
        tagged(screen.body)["wof-show-0"].content.on_click(None)
    assert "wof-record" not in tagged(screen.body)


def _into_play(hub: Hub) -> Any:
    """A table of three where the first adventure's cards are being played: Bo (seat 1)
    is to play or pass."""
    from rules.winds_of_fate import LayBoard, PlayCard, RevealRewards, Skip
    from tests.rules.winds_of_fate.helpers import NAMES, TILES

    table = hub.create_table("winds-of-fate", None, list(NAMES), "picks")
    table.do(LayBoard(TILES, tuple(range(len(NAMES)))), HOST)
    for seat in range(len(NAMES)):
        table.do(RecordDestiny(seat, ("safe", "dead", "stranded"), 0), HOST)
    while table.state.phase in ("bets", "destiny"):
        table.do(Skip(table.state.queue[0]), HOST)
    table.do(RevealRewards((1, 1, 1)), HOST)
    table.do(PlayCard(0, "hinder"), HOST)
    return table


def _picked(tags: dict[str, Any], prefix: str) -> list[str]:
    """The choices starting with ``prefix`` drawn as picked (filled)."""
    return [
        k
        for k, v in tags.items()
        if k.startswith(prefix) and isinstance(v.content, ft.FilledButton)
    ]


def test_passing_draws_from_no_deck_until_the_player_says_wof_adventure_pass(hub: Hub) -> None:
    table = _into_play(hub)
    seat = table.state.queue[0]
    shell, s = open_phone(hub, f"/t/{table.id}?k={table.seat_tokens[seat]}")
    tags = tagged(shell.table_screen.body)
    assert _picked(tags, "wof-split-") == []
    assert tags["wof-pass"].content.disabled
    assert "how many cards come from Help" in texts(tags["wof-pass-why"])
    tap(s, tags["wof-split-1"])
    tags = tagged(shell.table_screen.body)
    assert _picked(tags, "wof-split-") == ["wof-split-1"]
    assert not tags["wof-pass"].content.disabled and "wof-pass-why" not in tags
    tap(s, tags["wof-pass"])
    assert table.state.queue[0] != seat


def test_the_olympus_card_is_never_assumed_wof_adventure_resolve(hub: Hub) -> None:
    from rules.winds_of_fate import ClaimReward, Pass

    table = _into_play(hub)
    for seat in (1, 2, 0):
        table.do(Pass(seat), HOST)
    for i, seat in enumerate(table.state.order):
        table.do(ClaimReward(seat, i), HOST)
    shell, s = open_phone(hub, f"/t/{table.id}?key={hub.host_key}")
    tags = tagged(shell.table_screen.body)
    assert _picked(tags, "wof-god-") == []
    assert tags["wof-resolve"].content.disabled
    assert "god the Olympus card shows" in texts(tags["wof-resolve-why"])
    tap(s, tags["wof-god-poseidon"])
    tags = tagged(shell.table_screen.body)
    assert _picked(tags, "wof-god-") == ["wof-god-poseidon"]
    assert "wof-resolve-why" not in tags and "wof-resolve-verdict" in tags
