"""Verdicts pinned against the rulebook's own words, each test named after its rule ID:
Hephaestus and the top of the discard pile, Athena after a whole turn, a move round a
bridge loop, the co-op card count, the series winners, "then take another turn", supplied
impossible states, and who a stuck hand or Zeus is judged for."""

from __future__ import annotations

import io
import json
from dataclasses import replace

from rules import cli
from rules.fates_and_favors import (
    GAME,
    QUARRY,
    EndSeries,
    EnterHand,
    FfOptions,
    FfState,
    Play,
    PlayFavor,
    Step,
    Stuck,
)
from rules.fates_and_favors.state import GameResult
from tests.rules.fates_and_favors.helpers import BLUE, GREEN, RED, YELLOW, B, at, table

# ----- Hephaestus: only the Fate just discarded by the hero on the right --------------------


def _round_of_twos() -> FfState:
    """A 2v2 table after every hero has played a #2, two spaces back from the quarry exit;
    red's turn again."""
    state = table()
    for colour in (RED, BLUE, YELLOW, GREEN):
        state = GAME.apply(
            state, Play(colour, 2, 0, steps=(Step(colour, B.exits[colour], 2, backward=True),))
        )
    assert state.seat == RED
    return state


def _two_forward(state: FfState, colour: int) -> FfState:
    return GAME.apply(state, Play(colour, 2, 0, steps=(Step(colour, B.corners[colour], 2),)))


def test_ff_favor_hephaestus_takes_the_fate_just_discarded_on_the_right() -> None:
    state = _two_forward(_round_of_twos(), RED)
    verdict = GAME.check(state, PlayFavor(BLUE, "hephaestus", RED))
    assert verdict.legal, verdict
    assert verdict.rules == ("ff.favor.hephaestus", "ff.assume.hephaestus-right")
    assert verdict.effects == ("takes back the #2 Red discarded",)
    # never from a hero who is not on the right
    wrong = GAME.check(state, PlayFavor(BLUE, "hephaestus", GREEN))
    assert not wrong.legal and "Red" in wrong.reason


def test_ff_favor_hephaestus_a_favor_in_between_clears_it() -> None:
    state = _two_forward(_round_of_twos(), RED)
    state = GAME.apply(state, PlayFavor(BLUE, "aphrodite", GREEN))  # a Favor on the pile
    verdict = GAME.check(state, PlayFavor(YELLOW, "hephaestus", BLUE))
    assert not verdict.legal and verdict.rules == ("ff.favor.hephaestus",), verdict


def test_ff_favor_hephaestus_a_hero_card_turn_clears_it() -> None:
    state = _two_forward(_round_of_twos(), RED)
    state = GAME.apply(state, Play(BLUE, 0, 0, hero=True, steps=(Step(BLUE, QUARRY),)))
    assert not GAME.check(state, PlayFavor(YELLOW, "hephaestus", BLUE)).legal


def test_ff_favor_hephaestus_a_stuck_hand_clears_it() -> None:
    state = _two_forward(_round_of_twos(), RED)
    state = GAME.apply(state, Stuck(BLUE))
    assert not GAME.check(state, PlayFavor(YELLOW, "hephaestus", BLUE)).legal


def test_ff_favor_hephaestus_a_skipped_turn_clears_it() -> None:
    state = _round_of_twos()
    state = GAME.apply(state, PlayFavor(RED, "hera", GREEN))  # green misses the next turn
    state = _two_forward(state, BLUE)
    state = _two_forward(state, YELLOW)
    assert state.seat == RED  # green was skipped
    assert not GAME.check(state, PlayFavor(RED, "hephaestus", GREEN)).legal
    assert state.last_fate == (0, 0, 0, 0)  # yellow's #2 is no longer the card just discarded


# ----- Athena: after the whole turn, every move on the team undone ---------------------------


def _red_hits_blue_twice() -> FfState:
    """Red's #1 "1 forward, then take another turn" hits blue on 11; in the extra turn a
    #3 hits blue again on 14."""
    state = table(red=[10], blue=[11, 14])
    first = Play(RED, 1, 1, steps=(Step(RED, 10, 1),))
    verdict = GAME.check(state, first)
    assert "ff.turn.again" in verdict.rules
    assert verdict.effects == (
        "blue column hit on space 11: back to its quarry",
        "take another turn",
    )
    return GAME.apply(state, first)


def test_ff_favor_athena_waits_for_the_whole_turn_and_undoes_all_of_it() -> None:
    state = _red_hits_blue_twice()
    assert state.seat == RED and at(state, BLUE) == [14]
    early = GAME.check(state, Play(GREEN, 0, 0, "athena"))
    assert not early.legal and early.rules == ("ff.favor.athena",)
    assert "Red" in early.reason and "whole turn" in early.reason
    state = GAME.apply(state, Play(RED, 3, 0, steps=(Step(RED, 11, 3),)))
    assert state.seat == BLUE and at(state, BLUE) == [] and at(state, RED) == [14]
    athena = Play(GREEN, 0, 0, "athena")
    verdict = GAME.check(state, athena)
    assert verdict.legal and verdict.reason.startswith("Green plays Athena"), verdict
    after = GAME.apply(state, athena)
    # both hits undone; the hitter stands one space in front of the column it hit last
    assert at(after, BLUE) == [11, 14]
    assert at(after, RED) == [15]
    assert after.seat == BLUE  # Athena is played out of turn: blue's turn goes on


def test_ff_favor_athena_is_credited_to_each_hero_who_may_play_it() -> None:
    state = _red_hits_blue_twice()
    state = GAME.apply(state, Play(RED, 3, 0, steps=(Step(RED, 11, 3),)))
    plays = GAME.outcomes(state, 0, "athena")
    assert sorted(p.seat for p in plays) == [BLUE, GREEN]
    reasons = {GAME.check(state, p).reason.split(" plays")[0] for p in plays}
    assert reasons == {"Blue", "Green"}


def test_ff_favor_athena_undoes_apollos_swap_as_a_swap() -> None:
    state = table(red=[20], blue=[12])
    swap = Play(RED, 0, 0, "apollo", steps=(Step(RED, 20), Step(BLUE, 12)))
    state = GAME.apply(state, swap)
    assert at(state, RED) == [12] and at(state, BLUE) == [20]
    after = GAME.apply(state, Play(BLUE, 0, 0, "athena"))
    assert at(after, BLUE) == [12] and at(after, RED) == [20]
    assert "ff.assume.athena-placement" not in GAME.check(state, Play(BLUE, 0, 0, "athena")).rules


# ----- a move round a bridge loop ends where it began ----------------------------------------


def test_ff_move_round_trip_over_a_bridge_back_to_the_start() -> None:
    start = 16
    other = B.bridge_of[start]
    loop = (start - other) % B.loop + B.bridge_cost  # across, then forward back to the start
    state = table(red=[start])
    play = Play(RED, loop, 0, steps=(Step(RED, start, loop, bridge=True),))
    verdict = GAME.check(state, play)
    assert verdict.legal and "ff.move.round-trip" in verdict.rules, verdict
    assert at(GAME.apply(state, play), RED) == [start]
    ends = {GAME.apply(state, p).columns for p in GAME.outcomes(state, loop)}
    assert state.columns in ends


def test_ff_move_round_trip_in_a_zeus_split() -> None:
    state = table(red=[16], blue=[40])
    plays = GAME.zeus_outcomes(state, {(RED, 16): 7, (BLUE, 40): 3})
    assert any(at(GAME.apply(state, p), RED) == [16] for p in plays)


# ----- co-op: the cards counted as the Favors say ---------------------------------------------


def test_ff_coop_goal_demeter_with_a_short_pile() -> None:
    state = replace(table("coop4"), deck=2)
    after = GAME.apply(state, PlayFavor(RED, "demeter", -1, 4))
    # two cards drawn: one back to red, one to blue; the others get none
    assert after.deck == 0 and after.held == (5, 6, 5, 5)
    assert after.seat == RED  # Demeter: take another turn
    verdict = GAME.check(state, PlayFavor(RED, "demeter", -1, 4))
    assert "ff.assume.demeter-short" in verdict.rules
    state = replace(table("coop4"), deck=20)
    after = GAME.apply(state, PlayFavor(RED, "demeter", -1, 4))
    assert after.deck == 16 and after.held == (5, 6, 6, 6)


def test_ff_coop_goal_hephaestus_draws_nothing() -> None:
    state = replace(table("coop4"), deck=10)
    state = GAME.apply(state, Play(RED, 2, 0, steps=(Step(RED, B.exits[RED], 2, backward=True),)))
    assert state.deck == 9 and state.held == (5, 5, 5, 5)
    after = GAME.apply(state, PlayFavor(BLUE, "hephaestus", RED))
    # Hephaestus goes to the pile and the #2 comes back: five cards, the pile untouched
    assert after.deck == 9 and after.held == (5, 5, 5, 5)


def test_ff_coop_goal_artemis_with_a_short_pile() -> None:
    state = replace(table("coop4"), deck=2)
    after = GAME.apply(state, PlayFavor(RED, "artemis", -1, 3))
    # Artemis and three cards discarded, two drawn: the pile is empty, red holds three
    assert after.deck == 0 and after.held[RED] == 3


def test_ff_coop_goal_extra_cards_are_discarded_at_the_next_turn() -> None:
    state = replace(table("coop4"), deck=20)
    state = GAME.apply(state, PlayFavor(RED, "demeter", -1, 4))
    state = GAME.apply(state, Play(RED, 2, 0, steps=(Step(RED, B.exits[RED], 2, backward=True),)))
    assert state.seat == BLUE and state.held[BLUE] == 5 and state.held[YELLOW] == 6


# ----- the series: only the most points win ---------------------------------------------------


def test_ff_score_series_only_the_leaders_win() -> None:
    state = replace(table(), phase="won", series=(GameResult((5, 0, 5, 0), (RED, YELLOW), True),))
    state = GAME.apply(state, EndSeries())
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ("Red", "Yellow")
    assert outcome.rule == "ff.score.series"
    assert outcome.summary == "Red and Yellow share the lead with 5 points."


# ----- #1: "1 forward, then take another turn" is a choice of its own -------------------------


def test_ff_turn_again_the_1_with_another_turn_is_listed_apart() -> None:
    state = table()
    plays = GAME.outcomes(state, 1)
    forward = [p for p in plays if p.steps == (Step(RED, B.exits[RED], 1),)]
    assert sorted(p.option for p in forward) == [0, 1]
    again = GAME.apply(state, next(p for p in forward if p.option == 1))
    plain = GAME.apply(state, next(p for p in forward if p.option == 0))
    assert again.seat == RED and plain.seat == BLUE
    assert again.columns == plain.columns


# ----- supplied states: impossible ones are refused with a message ----------------------------


def _check_state(state: dict[str, object]) -> tuple[int, dict[str, object]]:
    doc = {"state": state, "action": {"type": "ff.stuck", "seat": 0}}
    code, result = cli.run(["check", "fates-and-favors"], io.StringIO(json.dumps(doc)))
    assert isinstance(result, dict)
    return code, result


def test_ff_move_column_a_supplied_column_off_the_board_is_exit_2() -> None:
    data = json.loads(json.dumps(GAME.state_to_json(table())))
    data["columns"][3] = 500  # still in order: the quarry (-1) entries come first
    code, result = _check_state(data)
    assert code == 2 and "500" in str(result["error"])


def test_ff_end_win_a_supplied_win_without_temples_is_exit_2() -> None:
    data = json.loads(json.dumps(GAME.state_to_json(table())))
    data["phase"] = "won"
    data["series"] = [{"points": [3, 0, 3, 0], "winners": [0, 2], "won": True}]
    code, result = _check_state(data)
    assert code == 2 and "no team has built its temples" in str(result["error"])


def test_ff_end_win_a_supplied_finished_board_still_in_play_is_exit_2() -> None:
    state = table(
        red=[B.temple(RED, k) for k in range(2, 6)],
        yellow=[B.temple(YELLOW, k) for k in range(2, 6)],
    )
    data = json.loads(json.dumps(GAME.state_to_json(state)))
    code, result = _check_state(data)
    assert code == 2 and "game goes on" in str(result["error"])


def test_ff_a_possible_supplied_state_is_judged() -> None:
    code, result = _check_state(json.loads(json.dumps(GAME.state_to_json(table()))))
    assert code == 0 and "legal" in result


# ----- the stuck hand and Zeus answer for the seat whose turn it is, with the mode's deck ------


def test_ff_turn_stuck_a_card_outside_the_coop_deck_does_not_count() -> None:
    state = table("coop4")
    state = GAME.apply(state, EnterHand(RED, ("ares",)))  # Ares has no lightning bolt
    assert GAME.playable(state, RED) == []
    assert GAME.check(state, Stuck(RED)).legal


def test_ff_turn_stuck_poseidon_counts_with_a_fate_it_can_go_with() -> None:
    state = table()
    state = GAME.apply(state, EnterHand(RED, ("poseidon", "3")))
    assert GAME.playable(state, RED) == ["poseidon", "3"]
    assert not GAME.check(state, Stuck(RED)).legal


def test_ff_favor_zeus_playable_only_for_the_seat_whose_turn_it_is() -> None:
    def moves(seat: int) -> dict[str, object]:
        doc = {"options": {"mode": "2v2"}, "card": {"number": 0}, "favor": "zeus", "seat": seat}
        code, result = cli.run(["moves", "fates-and-favors"], io.StringIO(json.dumps(doc)))
        assert code == 0 and isinstance(result, dict)
        return result

    assert moves(RED)["playable"] is True
    assert moves(BLUE)["playable"] is False


def test_ff_setup_options_still_set_up() -> None:
    assert GAME.validate_state(GAME.setup(FfOptions(mode="2v1"))) == []
    assert GAME.validate_state(GAME.setup(FfOptions(mode="solo"))) == []
