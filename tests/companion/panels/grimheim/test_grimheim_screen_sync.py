"""The Grimheim screen follows the round: the map's picked hero and last verdict belong to the
current step, and the time card never announces reinforcements during hero turns."""

from __future__ import annotations

from dataclasses import replace

from companion.panels.grimheim.map import sync_to_step
from companion.panels.grimheim.time_track import step_line
from companion.panels.grimheim.ui import UiMemory
from rules.grimheim import GAME
from rules.grimheim.actions import AdvanceTime
from rules.grimheim.state import GrimheimOptions


def test_map_highlight_follows_the_round() -> None:
    state = replace(GAME.setup(GrimheimOptions(heroes=("Bjorn", "Alva"))), phase="heroes")
    mem = UiMemory()
    sync_to_step(state, mem)
    assert mem.map_hero == "Bjorn"
    mem.selected_hex = (9, 7)
    sync_to_step(state, mem)  # same step: the player's pick stays
    assert mem.selected_hex == (9, 7)
    sync_to_step(replace(state, turn=1), mem)
    assert mem.map_hero == "Alva" and mem.selected_hex is None
    mem.selected_hex = (9, 6)
    sync_to_step(replace(state, phase="monsters", monster_step="move"), mem)
    assert mem.map_hero == "" and mem.selected_hex is None  # no stale hero verdict


def test_time_card_names_the_coming_step_during_hero_turns() -> None:
    state = replace(GAME.setup(GrimheimOptions(heroes=("Bjorn",))), phase="heroes", time=4)
    track = GAME.track(state)
    assert track[3].mark == "axes"  # the stone stands on reinforcements already resolved
    step, when = step_line(state)
    assert step == track[4] and when.startswith("Next monster turn")
    step, when = step_line(replace(state, phase="monsters", monster_step="move"))
    assert step == track[3] and when == "This monster turn"


def test_grim_time_reinforce_the_time_card_names_the_step_the_stone_enters() -> None:
    """At step 3, before the stone moves, the card speaks of step 4 (crossed axes: each
    player draws a yellow card), as the stone's verdict below it does."""
    state = replace(
        GAME.setup(GrimheimOptions(heroes=("Bjorn",))), phase="monsters", monster_step="time"
    )
    state = replace(state, time=3)
    track = GAME.track(state)
    step, when = step_line(state)
    assert step == track[3] and step.mark == "axes" and step.deck == "yellow"
    assert when == "This monster turn (the stone enters step 4)"
    verdict = GAME.check(state, AdvanceTime())
    assert "reinforcements this turn: each player draws a yellow card" in verdict.effects
    last = replace(state, time=len(track))
    assert step_line(last) == (track[-1], "Last step reached")
