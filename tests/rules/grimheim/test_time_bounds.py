"""The time track never runs past its last step, even after a correction."""

from __future__ import annotations

from dataclasses import replace

from rules.core import Correct
from rules.grimheim import GAME
from rules.grimheim.actions import AdvanceTime, EndTurn
from rules.grimheim.state import GrimheimOptions


def test_grim_time_last_no_step_after_the_last_even_after_a_correction() -> None:
    state = replace(GAME.setup(GrimheimOptions(heroes=("Bjorn", "Alva"))), phase="heroes", turn=0)
    last = GAME.counters(state)["time"][1]
    state = GAME.apply(state, Correct("time", last))
    state = GAME.apply(GAME.apply(state, EndTurn("Bjorn")), EndTurn("Alva"))
    assert state.phase == "monsters" and state.monster_step == "time"
    verdict = GAME.check(state, AdvanceTime())
    assert not verdict.legal
    assert verdict.rules == ("grim.time.last",)
    assert "last step" in verdict.reason
