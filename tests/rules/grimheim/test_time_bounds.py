"""The time track never runs past its last step, even after a correction, and a correction
onto the last step leaves the game a next step or a result (grim.assume.corrected_last_step)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.core import Correct
from rules.grimheim import GAME
from rules.grimheim.actions import AdvanceTime, EndTurn, MonstersAttack, MonstersMove
from rules.grimheim.state import GrimheimOptions, GrimheimState


def heroes_turn(track: str = "short") -> GrimheimState:
    options = GrimheimOptions(heroes=("Bjorn", "Alva"), track=track)  # type: ignore[arg-type]
    return replace(GAME.setup(options), phase="heroes", turn=0)


@pytest.mark.parametrize("track", ["short", "long"])
def test_grim_assume_corrected_last_step_the_next_monster_turn_is_the_last(track: str) -> None:
    state = heroes_turn(track)
    last = GAME.counters(state)["time"][1]
    state = GAME.apply(state, Correct("time", last))
    state = GAME.apply(GAME.apply(state, EndTurn("Bjorn")), EndTurn("Alva"))
    assert state.phase == "monsters" and state.monster_step == "time"
    assert GAME.legal_actions(state) == [AdvanceTime()]
    verdict = GAME.check(state, AdvanceTime())
    assert (verdict.legal, verdict.reason, verdict.rules, verdict.effects) == (
        True,
        f"The Rune Stone already stands on the last step ({last}), as corrected: it stays "
        "there, and this monster turn is the last.",
        ("grim.mturn.order", "grim.time.last", "grim.assume.corrected_last_step"),
        (
            f"Rune Stone stays on step {last} of {last}",
            "last step: the heroes win if Freyja's Well stands after this turn",
        ),
    )
    assert GAME.chapter(state) == f"Turn {last} · monsters"
    state = GAME.apply(state, AdvanceTime())
    assert (state.time, state.monster_step) == (last, "move")
    assert GAME.chapter(state) == f"Turn {last} · monsters"
    state = GAME.apply(GAME.apply(state, MonstersMove()), MonstersAttack({}))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.rule == "grim.end.win"


def test_grim_assume_corrected_last_step_every_mid_round_point_has_a_way_on() -> None:
    """Corrected onto the last step at any point of a round, the game always offers a legal
    action or has a result."""
    state = heroes_turn()
    last = GAME.counters(state)["time"][1]
    for _ in range(40):
        fixed = GAME.apply(state, Correct("time", last))
        assert GAME.outcome(fixed) is not None or GAME.legal_actions(fixed), (
            state.phase,
            state.monster_step,
        )
        if GAME.outcome(state) is not None:
            break
        state = GAME.apply(state, GAME.legal_actions(state)[0])
