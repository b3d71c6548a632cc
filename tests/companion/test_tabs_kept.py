"""A phone switching between its game tab and Counters keeps the other tab's panel, hidden:
opened again, it is compared with what the phone has, so a switch sends what changed
meanwhile, not a whole screen. The shared phone keeps nothing hidden.

Real Flet sessions (the real shell and table screen) over in-memory connections; counted,
never timed (the cost of a switch is in ``bench/flood.py``).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from companion.app import Shell
from companion.hub import Hub
from companion.table import Actor
from rules import registry
from rules.core import Correct
from tests.support.phones import open_phone, tap
from tests.support.ui import tagged, walk

PLAYERS = ["Ann", "Bo", "Cy"]
GAMES = ["scales-of-fate", "grimheim", "born-of-titans", "winds-of-fate", "fates-and-favors"]


def _phone(hub: Hub, route: str) -> tuple[Shell, Any, Any]:
    """A device on ``route``: its shell, its session, and the connection keeping what it
    is sent."""
    shell, s = open_phone(hub, route)
    return shell, s, s.connection


def _tap(s: Any, screen: Any, tag: str) -> None:
    tap(s, tagged(screen.body)[tag])


def _panels(screen: Any) -> dict[str, Any]:
    """The tabs' panels in the screen's tree, shown or hidden, by tab."""
    return {
        c.identifier[len("panel-") :]: c
        for c in walk(screen.body)
        if getattr(c, "identifier", "") in ("panel-game", "panel-counters")
    }


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("code", ["watch", "seat"])
def test_opening_a_tab_again_sends_what_changed_not_the_whole_panel(
    hub: Hub, slug: str, code: str
) -> None:
    game = registry.get(slug)
    table = hub.create_table(slug, None, PLAYERS[: game.min_players], "tabs")
    token = table.join_token if code == "watch" else table.seat_tokens[0]
    shell, s, wire = _phone(hub, f"/t/{table.id}?k={token}")
    screen = shell.table_screen
    game_panel = screen._panels["game"]
    _tap(s, screen, "tab-counters")
    wire.take()
    panels = _panels(screen)
    assert panels["game"].visible is False and panels["counters"].visible is not False
    assert panels["game"].content is game_panel  # the very panel the phone has, hidden
    _tap(s, screen, "tab-game")
    back = sum(map(len, wire.take()))
    _tap(s, screen, "tab-counters")
    wire.take()
    # Drawn as it is, a game screen is several kilobytes (Scales of Fate about 19 KB).
    assert back < 4000, back
    # The player's path: each tab shows its own panel, the other is not drawn.
    _tap(s, screen, "tab-game")
    panels = _panels(screen)
    assert panels["game"].visible is not False and panels["counters"].visible is False


def test_a_change_made_while_the_game_tab_was_hidden_shows_when_it_opens(hub: Hub) -> None:
    table = hub.create_table("scales-of-fate", None, PLAYERS[:2], "hidden change")
    shell, s, wire = _phone(hub, f"/t/{table.id}?k={table.seat_tokens[1]}")
    screen = shell.table_screen
    _tap(s, screen, "tab-counters")
    live = screen.live
    renown = live.game.counter_values(live.state)["renown.Pentha"]
    change = live.do(Correct(counter="renown.Pentha", value=renown + 1), Actor("h", "Host"))
    asyncio.run(screen._refresh(change))  # the redraw the change brings this phone
    wire.take()
    _tap(s, screen, "tab-game")
    sent = " ".join(map(str, wire.take()))
    assert f"Pentha: renown {renown + 1}" in sent
    marker = tagged(_panels(screen)["game"])["sof-marker-Pentha"]
    tips = {getattr(c, "tooltip", None) for c in walk(marker)}
    assert f"Pentha: renown {renown + 1}" in tips


@pytest.mark.parametrize("slug", ["scales-of-fate", "winds-of-fate"])
def test_the_shared_phone_keeps_no_hidden_panel(hub: Hub, slug: str) -> None:
    """The host's device is passed round: a tab left holds nothing, drawn or hidden."""
    game = registry.get(slug)
    table = hub.create_table(slug, None, PLAYERS[: game.min_players], "shared")
    shell, s, _wire = _phone(hub, f"/t/{table.id}?key={hub.host_key}")
    screen = shell.table_screen
    for tab, other in (("counters", "game"), ("game", "counters")):
        _tap(s, screen, f"tab-{tab}")
        assert set(_panels(screen)) == {tab}
        assert other not in screen._panels
