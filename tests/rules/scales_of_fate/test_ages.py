"""Ending an Age, the Abyss, and moving on to the next Age."""

from __future__ import annotations

from dataclasses import replace

from rules.scales_of_fate import (
    GAME,
    Announce,
    FinalGuess,
    Pass,
    PlaceDemigod,
    PlaceServant,
    SofState,
    TileSpec,
)

from .helpers import age1_setup, dealt, playing, run

ONE = (TileSpec("v00", "penance"),)


def _ending(marker: int, renown: int = 7) -> tuple[SofState, PlaceServant]:
    """Age 1 about to end: Agamar and Isabel in the Abyss at ``renown``, Ana's last move."""
    state = run(playing(ONE, abyss=(-2, 3)), PlaceDemigod(0, "Pentha", "v00"))
    where = {**state.where, "Agamar": "abyss", "Isabel": "abyss"}
    renown_map = {**state.renown, "Agamar": renown, "Isabel": renown}
    state = replace(state, where=where, renown=renown_map, abyss_marker=marker, turn=0)
    return state, PlaceServant(0, "penance", "B2")


def test_sof_age_abyss_scores_by_the_marker_side() -> None:
    state, last = _ending(-1)
    verdict = GAME.check(state, last)
    assert "sof.age.abyss" in verdict.rules and "sof.age.end" in verdict.rules
    after = run(state, last)
    assert after.renown["Agamar"] == 5 and after.renown["Isabel"] == 5
    state, last = _ending(1, renown=13)
    after = run(state, last)
    assert after.renown["Agamar"] == 14  # 13 + 3, held at 14


def test_sof_assume_abyss_middle_changes_nothing() -> None:
    state, last = _ending(0)
    verdict = GAME.check(state, last)
    assert any("middle" in e for e in verdict.effects)
    assert run(state, last).renown["Agamar"] == 7


def test_sof_assume_servants_return_at_the_new_age() -> None:
    state, last = _ending(0)
    state = run(state, last)
    # Ben is honest: Naka 7 and Belan 7 do not reach renown 8
    verdict = GAME.check(run(state, Announce(0, False)), Announce(1, False))
    assert "sof.assume.servants-return" in verdict.rules
    state = run(state, Announce(0, False), Announce(1, False))
    assert set(state.servants.values()) == {"supply"}
    assert set(state.where.values()) == {"off"}
    assert state.renown["Pentha"] == 7  # renown stays between Ages


def test_sof_assume_printed_values_entered_and_kept() -> None:
    state = run(dealt(), age1_setup(abyss=(-5, 6)))
    assert state.quests["00"].change == 3 and state.quests["21"].change == -2
    assert (state.abyss_left, state.abyss_right) == (-5, 6)
    assert state.quests["11"].special


def test_sof_assume_first_player_at_end_is_the_age_three_opener() -> None:
    state = replace(
        playing(),
        phase="guess",
        age=3,
        first_player=1,
        renown=dict.fromkeys(playing().renown, 7),
    )
    state = run(state, FinalGuess(0, ("Agamar", "Isabel")))
    verdict = GAME.check(state, FinalGuess(1, ("Agamar", "Isabel")))
    assert "sof.end.reveal" in verdict.rules
    state = run(state, FinalGuess(1, ("Agamar", "Isabel")))
    sheet = GAME.score(state)
    assert sheet.winner == "Ben" and sheet.tiebreak == "sof.score.tiebreak.first-player"


def test_sof_end_reveal_shows_hands_and_guesses_when_over() -> None:
    state = replace(playing(), phase="guess", age=3)
    state = run(state, FinalGuess(0, ("Naka", "Belan")), FinalGuess(1, ("Pentha", "Saghari")))
    assert state.phase == "over"
    seen = GAME.redact(state, 1)
    assert seen.hands[0] == ("Pentha", "Klar") and seen.guesses[0] == ("Naka", "Belan")


def _announcing_after_pentha_at_ten() -> SofState:
    """Age 1 ended with the question "renown 10 or more" and Pentha (Ana's) at 10, the
    only demigod that fits; both players still to answer."""
    from rules.core import Correct
    from rules.scales_of_fate import Criterion

    state = run(
        playing(ONE, criterion=Criterion(min_renown=10)),
        Correct("renown.Pentha", 10),
        PlaceDemigod(0, "Pentha", "v00"),
        Pass(1),
        PlaceServant(0, "penance", "B2"),
    )
    assert state.phase == "announce" and state.history[-1].fitting == ("Pentha",)
    return state


def test_sof_assume_correction_rechecks_answers_before_anyone_answers() -> None:
    from rules.core import Correct
    from rules.scales_of_fate.deduction import opponent_pairs_for

    # The box shows 9, not 10: the record and the honesty check both follow the fix.
    state = run(_announcing_after_pentha_at_ten(), Correct("renown.Pentha", 9))
    assert state.history[-1].fitting == ()
    verdict = GAME.check(state, Announce(0, True))
    assert not verdict.legal and "sof.assume.honest-answers" in verdict.rules
    state = run(state, Announce(0, False))
    pairs = opponent_pairs_for(state.history, 0)
    assert ("Pentha", "Klar") in pairs and len(pairs) == 36


def test_sof_assume_correction_rechecks_answers_already_given() -> None:
    from rules.core import Correct
    from rules.scales_of_fate.deduction import opponent_pairs_for

    state = run(_announcing_after_pentha_at_ten(), Announce(0, True))
    assert state.history[-1].answers == (True, None)
    # Corrected to 9 after Ana's yes: her yes no longer holds and is taken back.
    line = GAME.history_line(state, Correct("renown.Pentha", 9))
    assert line.endswith("Ana's answer no longer fits the board: Ana answers again."), line
    state = run(state, Correct("renown.Pentha", 9))
    assert state.history[-1].answers == (None, None) and state.phase == "announce"
    state = run(state, Announce(0, False))
    assert ("Pentha", "Klar") in opponent_pairs_for(state.history, 0)
    # A fix that leaves an answer true keeps it.
    state = run(_announcing_after_pentha_at_ten(), Announce(0, True), Correct("renown.Pentha", 12))
    assert state.history[-1].answers == (True, None)
    assert state.history[-1].fitting == ("Pentha",)


def _guessing_after_pentha_at_ten() -> SofState:
    """Age 3 ended with "renown 10 or more", Pentha (Ana's) at 10 the only demigod that fits;
    both answered honestly and Ben has locked in his final guess."""
    state = _announcing_after_pentha_at_ten()
    age3 = replace(state.history[-1], age=3)
    earlier = tuple(replace(age3, age=age, fitting=(), answers=(False, False)) for age in (1, 2))
    state = replace(state, age=3, history=(*earlier, age3))
    assert GAME.state_problems(state) == []
    state = run(state, Announce(0, True), Announce(1, False))
    assert state.phase == "guess"
    return run(state, FinalGuess(1, ("Pentha", "Saghari")))


def test_sof_assume_correction_rechecks_answers_during_the_final_guesses() -> None:
    from rules.core import Correct
    from rules.scales_of_fate.deduction import opponent_pairs_for

    state = _guessing_after_pentha_at_ten()
    # The box shows 9: Ana's yes no longer holds, so Age 3's yes/no step opens again and
    # Ben's guess, made on that yes, is taken back to be made again.
    line = GAME.history_line(state, Correct("renown.Pentha", 9))
    assert "Ana's answer no longer fits the board: Ana answers again." in line, line
    assert line.endswith("The final guesses already made are taken back, to be made again.")
    state = run(state, Correct("renown.Pentha", 9))
    assert state.phase == "announce" and state.guesses == ((), ())
    assert state.history[-1].answers == (None, False) and state.history[-1].fitting == ()
    assert GAME.state_problems(state) == []
    verdict = GAME.check(state, Announce(0, True))
    assert not verdict.legal and "sof.assume.honest-answers" in verdict.rules
    state = run(state, Announce(0, False))
    assert state.phase == "guess"
    assert ("Pentha", "Klar") in opponent_pairs_for(state.history, 0)


def test_sof_assume_correction_during_the_final_guesses_that_leaves_answers_true() -> None:
    from rules.core import Correct

    state = run(_guessing_after_pentha_at_ten(), Correct("renown.Pentha", 12))
    assert state.phase == "guess" and state.guesses[1] == ("Pentha", "Saghari")
    assert state.history[-1].answers == (True, False) and state.history[-1].fitting == ("Pentha",)
