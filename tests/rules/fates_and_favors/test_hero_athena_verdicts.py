"""The Hero card and Athena pinned whole (the sentence and the rule of every refusal, where
an undone hitter ends up), each test named after the rule it protects."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.fates_and_favors import GAME, QUARRY, FfState, Play, Step
from tests.rules.fates_and_favors.helpers import BLUE, GREEN, RED, YELLOW, B, at, table

RAISE, STRIKE, RAISE_STRIKE = range(3)  # the Hero card's abilities, in card order


def _hero(option: int, *steps: Step) -> Play:
    return Play(RED, 0, option, hero=True, steps=steps)


@pytest.mark.parametrize(
    ("play", "reason", "rule"),
    [
        (_hero(3, Step(RED, QUARRY)), "The Hero card has 3 abilities.", "ff.hero.card"),
        (
            _hero(RAISE_STRIKE, Step(RED, QUARRY)),
            "The Hero card's raise-strike moves 2 columns.",
            "ff.hero.card",
        ),
        (
            _hero(RAISE, Step(BLUE, QUARRY)),
            "This action moves TEAM columns (red, yellow), not blue.",
            "ff.cards.whose",
        ),
        (
            _hero(RAISE, Step(RED, QUARRY, 2)),
            "Raising takes a column from its quarry.",
            "ff.hero.card",
        ),
        (_hero(RAISE, Step(RED, 10)), "Raising takes a column from its quarry.", "ff.hero.card"),
        (
            _hero(RAISE, Step(RED, QUARRY, to=12)),
            "Raising takes a column from its quarry.",
            "ff.hero.card",
        ),
        (
            _hero(STRIKE, Step(RED, 10, 1, to=12)),
            "A strike goes straight onto its target.",
            "ff.hero.card",
        ),
        (
            _hero(STRIKE, Step(RED, 10, to=12, bridge=True)),
            "A strike goes straight onto its target.",
            "ff.hero.card",
        ),
        (
            _hero(STRIKE, Step(RED, 10, to=12, backward=True)),
            "A strike goes straight onto its target.",
            "ff.hero.card",
        ),
        (
            _hero(STRIKE, Step(RED, 10, to=12, temple=True)),
            "A strike goes straight onto its target.",
            "ff.hero.card",
        ),
        (
            _hero(STRIKE, Step(RED, 10, to=13)),
            "A strike moves a column on the main track onto another column there.",
            "ff.hero.card",
        ),
        (
            Play(RED, 3, RAISE, hero=True, steps=(Step(RED, QUARRY),)),
            "The Hero card is played on its own, instead of a card.",
            "ff.hero.card",
        ),
        (
            Play(RED, 0, RAISE, "poseidon", hero=True, steps=(Step(RED, QUARRY),)),
            "The Hero card is played on its own, instead of a card.",
            "ff.hero.card",
        ),
    ],
    ids=[
        "no-such-ability",
        "too-few-steps",
        "rival-raised",
        "raise-with-spaces",
        "raise-from-the-track",
        "raise-to-a-space",
        "strike-with-spaces",
        "strike-over-a-bridge",
        "strike-backward",
        "strike-into-the-temple",
        "strike-onto-nothing",
        "with-a-fate-card",
        "with-a-favor",
    ],
)
def test_ff_hero_card_refusals_in_full_words(play: Play, reason: str, rule: str) -> None:
    verdict = GAME.check(table(red=[10], blue=[12]), play)
    assert not verdict.legal
    assert verdict.reason == reason
    assert verdict.rules == (rule,)


def test_ff_hero_card_is_no_card_from_the_hand_and_gives_no_extra_turn() -> None:
    """Co-op counts the cards: a Hero card leaves the hand and the pile as they were (a Fate
    card alone costs one draw, see test_fate_favor_verdicts), and the turn passes on."""
    state = table("coop4", red=[10])
    after = GAME.apply(state, _hero(RAISE, Step(RED, QUARRY)))
    assert at(after, RED) == [B.exits[RED], 10]
    assert (after.deck, after.held) == (state.deck, state.held)
    assert after.hero_cards[RED] == state.hero_cards[RED] - 1
    assert after.again is False
    assert after.seat == BLUE


def test_ff_assume_coop_end_a_hero_card_played_with_no_card_left_loses_and_saves() -> None:
    """The Hero card needs no card from the hand, so it can be played with the pile and every
    hand empty; the game is then lost, and the state it ends in loads back as it was saved."""
    state = replace(table("coop4", red=[10]), deck=0, held=(0, 0, 0, 0))
    verdict = GAME.check(state, _hero(RAISE, Step(RED, QUARRY)))
    assert verdict.rules == ("ff.hero.card", "ff.start.new-column", "ff.coop.goal")
    after = GAME.apply(state, _hero(RAISE, Step(RED, QUARRY)))
    assert after.phase == "lost" and after.again is False
    assert GAME.load_state(GAME.state_to_json(after)) == after


def test_ff_hero_card_strike_stays_on_the_main_track() -> None:
    """Neither onto a column on its temple track nor from one."""
    onto = table(red=[10], blue=[12, B.temple(BLUE, 0)])
    from_temple = table(red=[B.temple(RED, 0)], blue=[12])
    words = "A strike moves a column on the main track onto another column there."
    for state, step in (
        (onto, Step(RED, 10, to=B.temple(BLUE, 0))),
        (from_temple, Step(RED, B.temple(RED, 0), to=12)),
    ):
        verdict = GAME.check(state, _hero(STRIKE, step))
        assert not verdict.legal and verdict.reason == words, verdict
        assert verdict.rules == ("ff.hero.card",)


def test_ff_hero_card_strike_hits_its_target() -> None:
    state = table(red=[10], blue=[12])
    verdict = GAME.check(state, _hero(STRIKE, Step(RED, 10, to=12)))
    assert verdict.legal, verdict
    assert verdict.reason == "Red plays the Hero card: red from space 10 onto space 12."
    assert verdict.rules == ("ff.hero.card", "ff.hit.rival")
    assert verdict.effects == ("blue column hit on space 12: back to its quarry",)


# ----- ff.favor.athena -------------------------------------------------------------------------


def _after_red_hits(**columns: list[int]) -> FfState:
    """Red's column one space behind a blue column moves onto it (#1, one forward)."""
    state = table(**columns)
    start = at(state, RED)[0]
    return GAME.apply(state, Play(RED, 1, 0, steps=(Step(RED, start, 1),)))


def test_ff_favor_athena_refusals_in_full_words() -> None:
    fresh = table(red=[10])
    named = GAME.check(fresh, Play(GREEN, 0, 0, "athena", steps=(Step(RED, 10),)))
    assert (named.legal, named.reason, named.rules) == (
        False,
        "Athena undoes by herself; name no columns.",
        ("ff.favor.athena",),
    )
    nothing = GAME.check(fresh, Play(GREEN, 0, 0, "athena"))
    assert (nothing.reason, nothing.rules) == (
        "Athena answers a rival's turn; there is none to undo.",
        ("ff.favor.athena",),
    )
    moved = GAME.apply(fresh, Play(RED, 3, 0, steps=(Step(RED, 10, 3),)))
    own = GAME.check(moved, Play(RED, 0, 0, "athena"))
    assert (own.legal, own.reason, own.rules) == (
        False,
        "Athena answers a rival's turn; there is none to undo.",
        ("ff.favor.athena",),
    )
    teammate = GAME.check(moved, Play(YELLOW, 0, 0, "athena"))
    assert (teammate.legal, teammate.reason, teammate.rules) == (
        False,
        "Athena answers a rival's turn, not a teammate's.",
        ("ff.favor.athena",),
    )
    untouched = GAME.check(moved, Play(GREEN, 0, 0, "athena"))
    assert (untouched.legal, untouched.reason, untouched.rules) == (
        False,
        "That turn did not move or hit any of your team's columns.",
        ("ff.favor.athena",),
    )


def test_ff_assume_athena_placement_in_front_of_its_own_gate_stays_on_the_main_track() -> None:
    """Blue hit on red's gate comes back there; red, bumped, goes one space on along the main
    track, never into its temple track."""
    state = _after_red_hits(red=[B.gates[RED] - 1], blue=[B.gates[RED]])
    verdict = GAME.check(state, Play(GREEN, 0, 0, "athena"))
    assert verdict.legal, verdict
    assert verdict.rules == ("ff.favor.athena", "ff.assume.athena-placement")
    after = GAME.apply(state, Play(GREEN, 0, 0, "athena"))
    assert at(after, BLUE) == [B.gates[RED]]
    assert at(after, RED) == [B.gates[RED] + 1]


def test_ff_assume_athena_placement_walks_past_a_held_space() -> None:
    """The space in front (red's gate) is held by yellow: red goes on to the next free one,
    along the main track."""
    gate = B.gates[RED]
    state = _after_red_hits(red=[gate - 2], blue=[gate - 1], yellow=[gate])
    after = GAME.apply(state, Play(GREEN, 0, 0, "athena"))
    assert at(after, BLUE) == [gate - 1]
    assert at(after, YELLOW) == [gate]
    assert at(after, RED) == [gate + 1]


def test_ff_assume_athena_placement_never_onto_a_column_already_put_back() -> None:
    """Red hits blue on 11 ("1 forward, then take another turn") and green on 30. Athena puts
    blue back on 11 and 31, then green on 30: red, bumped from 30, skips 31 (blue is back
    there) and stands on 32."""
    state = table(red=[10, 29], blue=[11, 31], green=[30])
    state = GAME.apply(state, Play(RED, 1, 1, steps=(Step(RED, 10, 1),)))
    state = GAME.apply(state, Play(RED, 1, 0, steps=(Step(RED, 29, 1),)))
    assert state.seat == BLUE and at(state, RED) == [11, 30]
    after = GAME.apply(state, Play(GREEN, 0, 0, "athena"))
    assert at(after, BLUE) == [11, 31]
    assert at(after, GREEN) == [30]
    assert at(after, RED) == [12, 32]


def test_ff_favor_athena_undoes_an_apollo_swap_both_ways() -> None:
    """Blue's Apollo swaps blue on 12 with red on 20; yellow's Athena puts red back on 20 and
    the blue column goes back to its own side of the swap, 12."""
    state = replace(table(red=[20], blue=[12]), turn=1)
    state = GAME.apply(state, Play(BLUE, 0, 0, "apollo", steps=(Step(BLUE, 12), Step(RED, 20))))
    assert at(state, RED) == [12] and at(state, BLUE) == [20]
    verdict = GAME.check(state, Play(YELLOW, 0, 0, "athena"))
    assert verdict.legal, verdict
    assert verdict.rules == ("ff.favor.athena", "ff.favor.apollo")
    after = GAME.apply(state, Play(YELLOW, 0, 0, "athena"))
    assert at(after, RED) == [20] and at(after, BLUE) == [12]


def test_ff_assume_athena_placement_a_bumped_hitter_moves_on_again() -> None:
    """Red hits blue on 11; blue's column on 12 is not hit. Athena puts blue back on 11, so
    red moves in front, onto 12; blue's column on 12 goes back there too, so red moves on
    to 13."""
    state = _after_red_hits(red=[10], blue=[11, 12])
    after = GAME.apply(state, Play(GREEN, 0, 0, "athena"))
    assert at(after, BLUE) == [11, 12]
    assert at(after, RED) == [13]


def test_ff_favor_athena_undoes_a_swap_of_two_colours_first_columns() -> None:
    """Yellow's Apollo swaps blue's first column (10) with yellow's first (24), every column
    of both colours on the main track. Green's Athena puts blue back on 10, 12, 14 and 16
    and the yellow column goes back to its own side of the swap, 24, not one space in front
    of blue."""
    state = replace(table(blue=[10, 12, 14, 16], yellow=[24, 26, 28, 30]), turn=2)
    swap = Play(YELLOW, 0, 0, "apollo", steps=(Step(YELLOW, 24), Step(BLUE, 10)))
    state = GAME.apply(state, swap)
    assert at(state, BLUE) == [12, 14, 16, 24] and at(state, YELLOW) == [10, 26, 28, 30]
    verdict = GAME.check(state, Play(GREEN, 0, 0, "athena"))
    assert verdict.legal, verdict
    assert verdict.rules == ("ff.favor.athena", "ff.favor.apollo")
    after = GAME.apply(state, Play(GREEN, 0, 0, "athena"))
    assert at(after, BLUE) == [10, 12, 14, 16]
    assert at(after, YELLOW) == [24, 26, 28, 30]


def test_ff_favor_athena_leaves_an_untouched_team_column_where_it_stands() -> None:
    """Red's Fate #3 moves blue's column on 20 three spaces back; blue's columns on 10, 30
    and 40 were not touched. Green's Athena puts blue back on 20 and leaves the other three,
    the first of them too, exactly where they stand."""
    state = table(blue=[10, 20, 30, 40])
    state = GAME.apply(state, Play(RED, 3, 1, steps=(Step(BLUE, 20, 3, backward=True),)))
    assert at(state, BLUE) == [10, 17, 30, 40]
    verdict = GAME.check(state, Play(GREEN, 0, 0, "athena"))
    assert verdict.legal, verdict
    assert verdict.rules == ("ff.favor.athena",)
    after = GAME.apply(state, Play(GREEN, 0, 0, "athena"))
    assert at(after, BLUE) == [10, 20, 30, 40]


def test_ff_favor_athena_undoes_only_the_last_turn_not_an_earlier_apollo_swap() -> None:
    """Blue's Apollo swaps blue on 19 with yellow on 20; then yellow, on a turn of its own,
    moves from 19 onto blue on 20 and hits it. Green's Athena answers yellow's turn only:
    blue goes back on 20 and yellow, which hit it, stands one space in front (21). The swap
    belongs to the turn before, so yellow is not sent back to 19, its side of that swap."""
    state = replace(table(blue=[19], yellow=[20]), turn=1)
    state = GAME.apply(state, Play(BLUE, 0, 0, "apollo", steps=(Step(BLUE, 19), Step(YELLOW, 20))))
    state = GAME.apply(state, Play(YELLOW, 1, 0, steps=(Step(YELLOW, 19, 1),)))
    assert at(state, BLUE) == [] and at(state, YELLOW) == [20] and state.swaps == ()
    verdict = GAME.check(state, Play(GREEN, 0, 0, "athena"))
    assert (verdict.legal, verdict.reason) == (True, "Green plays Athena.")
    assert verdict.rules == ("ff.favor.athena", "ff.assume.athena-placement")
    after = GAME.apply(state, Play(GREEN, 0, 0, "athena"))
    assert at(after, BLUE) == [20] and at(after, YELLOW) == [21]


def test_ff_favor_athena_out_of_turn_only_from_a_seat_while_the_game_goes_on() -> None:
    """Athena is the one card played out of turn (ff.favor.athena), so it skips the "whose
    turn" check but still needs a seat at the table and a game going on; any other Favor
    played alone waits for its player's turn (ff.turn.order)."""
    state = _after_red_hits(red=[10], blue=[11])
    for seat in (4, -1):
        verdict = GAME.check(state, Play(seat, 0, 0, "athena"))
        assert (verdict.legal, verdict.reason, verdict.rules) == (
            False,
            f"There is no seat {seat} at this table.",
            ("ff.turn.order",),
        )
    for phase in ("won", "lost"):
        verdict = GAME.check(replace(state, phase=phase), Play(GREEN, 0, 0, "athena"))
        assert (verdict.legal, verdict.reason, verdict.rules) == (
            False,
            "This game has ended.",
            ("ff.app.series",),
        )
    assert GAME.check(state, Play(GREEN, 0, 0, "athena")).legal
    swap = Play(GREEN, 0, 0, "apollo", steps=(Step(GREEN, B.exits[GREEN]), Step(RED, 11)))
    verdict = GAME.check(state, swap)
    assert (verdict.legal, verdict.reason, verdict.rules) == (
        False,
        "It is Blue's turn.",
        ("ff.turn.order",),
    )


def test_ff_hero_card_a_used_one_is_refused_in_full_words() -> None:
    state = replace(table(red=[10]), hero_cards=(0, 1, 1, 1))
    verdict = GAME.check(state, _hero(RAISE, Step(RED, QUARRY)))
    assert (verdict.legal, verdict.reason, verdict.rules) == (
        False,
        "This hero's Hero card is already used.",
        ("ff.hero.card",),
    )


def test_ff_favor_athena_answers_a_turn_once() -> None:
    """Once Athena has undone blue's Apollo swap, nothing of that turn is left to answer:
    the state keeps no board, seat or swap of it, saves and loads back, and red's Athena
    finds no turn to undo."""
    state = replace(table(red=[20], blue=[12]), turn=1)
    state = GAME.apply(state, Play(BLUE, 0, 0, "apollo", steps=(Step(BLUE, 12), Step(RED, 20))))
    after = GAME.apply(state, Play(YELLOW, 0, 0, "athena"))
    assert (after.before, after.last_seat, after.swaps) == ((), -1, ())
    assert GAME.state_problems(after) == []
    assert GAME.state_from_json(GAME.state_to_json(after)) == after
    verdict = GAME.check(after, Play(RED, 0, 0, "athena"))
    assert (verdict.legal, verdict.reason) == (
        False,
        "Athena answers a rival's turn; there is none to undo.",
    )
