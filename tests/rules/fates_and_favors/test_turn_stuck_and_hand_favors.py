"""A hero with no playable card (ff.turn.stuck) and the Favors that only touch hands
(ff.favor.hermes, ff.turn.phases in co-op): the whole verdict, and what the table holds
afterwards: the hand entered on the phone, the cards counted in co-op, whose turn it is,
the top of the discard pile (ff.favor.hephaestus) and the end of a co-op game
(ff.assume.coop-end)."""

from __future__ import annotations

from dataclasses import replace

from rules.core.verdict import Verdict
from rules.fates_and_favors import GAME, EnterHand, FfState, Play, PlayFavor, Step, Stuck
from tests.rules.fates_and_favors.helpers import BLUE, GREEN, RED, YELLOW, table


def _coop_with_hand(*cards: str) -> FfState:
    """A fresh co-op table (42 cards in the pile, five in each hand) on red's turn, green's
    Fate #3 on top of the discard pile, red's hand entered on its phone."""
    state = replace(table("coop4"), last_fate=(0, 0, 0, 3))
    return GAME.apply(state, EnterHand(RED, cards))


def test_ff_turn_stuck_verdicts_in_full_words() -> None:
    state = GAME.apply(table(), EnterHand(RED, ("poseidon", "3")))
    assert GAME.check(state, Stuck(RED)) == Verdict(
        False, "Red's hand as entered can still play Poseidon, Fate 3.", ("ff.turn.stuck",)
    )
    assert GAME.check(state, Stuck(BLUE)) == Verdict(False, "It is Red's turn.", ("ff.turn.order",))
    assert GAME.check(_coop_with_hand("ares"), Stuck(RED)) == Verdict(
        True,
        "Red cannot play: the hand is discarded and a new one drawn.",
        ("ff.turn.stuck",),
        ("new hand of cards", "turn ends"),
    )


def test_ff_turn_stuck_discards_the_hand_and_draws_a_new_one() -> None:
    before = _coop_with_hand("ares")
    after = GAME.apply(before, Stuck(RED))
    assert after.hands == ((), (), (), ())
    assert after.held == (5, 5, 5, 5) and after.deck == 42 - 5  # five new cards from the pile
    assert after.seat == BLUE and after.phase == "play"
    assert after.last_fate == (0, 0, 0, 0)  # nothing Hephaestus could take
    assert after.before == before.columns and after.last_seat == RED  # Athena's record


def test_ff_assume_coop_end_a_stuck_hand_with_an_empty_pile_loses() -> None:
    """With the pile empty, a stuck hero draws nothing; when no hero holds a card the
    co-op game is lost, and the turn stays where it ended."""
    state = replace(_coop_with_hand("ares"), deck=0, held=(2, 0, 0, 0))
    after = GAME.apply(state, Stuck(RED))
    assert after.phase == "lost" and after.held == (0, 0, 0, 0) and after.deck == 0
    assert after.seat == RED and after.series[-1].winners == ()
    assert after.series[-1].points == (0, 0, 0, 0)
    assert GAME.state_from_json(GAME.state_to_json(after)) == after


def test_ff_turn_phases_coop_a_hand_favor_is_one_card_and_leaves_the_hand() -> None:
    before = _coop_with_hand("hermes", "ares")
    assert GAME.check(before, PlayFavor(RED, "hermes", GREEN)) == Verdict(
        True,
        "Red plays Hermes.",
        ("ff.favor.hermes",),
        ("Take any card from another hero's hand and give one back.",),
    )
    after = GAME.apply(before, PlayFavor(RED, "hermes", GREEN))
    assert after.hands[RED] == ("ares",)
    assert after.held == (5, 5, 5, 5) and after.deck == 42 - 1  # one played, one drawn
    assert after.last_fate == (0, 0, 0, 0) and after.seat == BLUE and after.again is False


def test_ff_assume_coop_end_a_hand_favor_as_the_last_card_loses_and_saves() -> None:
    # red is in the extra turn of a #1: the game ends in it, so no extra turn is left over
    state = replace(_coop_with_hand("hermes"), deck=0, held=(1, 0, 0, 0), again=True)
    state = replace(state, before=state.columns, last_seat=RED)
    after = GAME.apply(state, PlayFavor(RED, "hermes", GREEN))
    assert after.phase == "lost" and after.held == (0, 0, 0, 0) and after.again is False
    assert GAME.state_from_json(GAME.state_to_json(after)) == after


def test_ff_turn_order_no_turn_for_a_missing_seat_or_after_the_end() -> None:
    for seat in (4, 7, -1):  # a four-seat table has seats 0 to 3
        assert GAME.check(table(), Stuck(seat)) == Verdict(
            False, f"There is no seat {seat} at this table.", ("ff.turn.order",)
        )
    assert GAME.check(replace(table(), phase="won"), Stuck(RED)) == Verdict(
        False, "This game has ended: start the next one or end the series.", ("ff.app.series",)
    )


def test_ff_favor_hera_a_rival_misses_one_turn_only() -> None:
    """Red's Hera on blue: blue's turn is skipped once (yellow plays next), and when the
    turn comes round again it is blue's."""
    state = GAME.apply(table(), PlayFavor(RED, "hera", BLUE))
    assert state.seat == YELLOW and state.skips == ()
    for seat in (YELLOW, GREEN, RED):
        state = GAME.apply(state, Stuck(seat))
    assert state.seat == BLUE


def test_ff_turn_stuck_during_an_extra_turn_ends_the_whole_turn() -> None:
    """Red's #1 "1 forward, then take another turn", then red has nothing to play: the
    turn passes to blue with no extra turn left over, and the state loads back."""
    state = GAME.apply(table(red=[10]), Play(RED, 1, 1, steps=(Step(RED, 10, 1),)))
    assert state.seat == RED and state.again
    after = GAME.apply(state, Stuck(RED))
    assert after.seat == BLUE and not after.again
    assert GAME.state_problems(after) == []
    assert GAME.state_from_json(GAME.state_to_json(after)) == after
