"""Why a proposed play works or not (``explain``): a card and one column tapped on the board
get the card's outcomes for that column or the first rule that stops each of its actions;
a card no column can carry out gets the reason column by column. Tests are named after the
rule each refusal cites."""

from __future__ import annotations

from dataclasses import replace

from rules.fates_and_favors import GAME, QUARRY, FfOptions
from rules.fates_and_favors.explain import card_verdict, column_verdict

from .helpers import BLUE, RED, YELLOW, B, table

NAMES = ("Ann", "Bo", "Cy", "Di")


def test_a_columns_outcomes_are_the_cards_outcomes_that_move_it() -> None:
    state = GAME.setup(FfOptions(mode="2v2", players=NAMES))
    # The #9 moves the hero's TEAM columns: the teammate's yellow too.
    answer = column_verdict(state, 0, 9, "", YELLOW, B.exits[YELLOW])
    every = GAME.outcomes(state, 9)
    mine = [p for p in every if any(s.colour == YELLOW for s in p.steps)]
    assert answer.verdict.legal and list(answer.plays) == mine
    assert answer.verdict.reason == (
        f"Fate #9 can move yellow on yellow quarry exit: {len(mine)} outcomes."
    )
    assert all(GAME.check(state, p).legal for p in answer.plays)


def test_ff_cards_whose_a_rivals_column_is_not_the_heros() -> None:
    state = GAME.setup(FfOptions(mode="2v2", players=NAMES))
    answer = column_verdict(state, 0, 9, "", BLUE, B.exits[BLUE])
    assert not answer.verdict.legal and answer.plays == ()
    assert answer.verdict.rules == ("ff.cards.whose",)
    assert answer.verdict.reason == (
        "Fate #9 cannot move blue on blue quarry exit: it moves Ann's TEAM columns "
        "(red, yellow), and blue is not one of them."
    )


def test_ff_move_same_colour_names_the_space_that_blocks() -> None:
    state = replace(table("2v2", red=[8, 9]), players=NAMES)
    answer = column_verdict(state, 0, 3, "", RED, 8)
    assert not answer.verdict.legal
    assert "it would pass its own colour on space 9" in answer.verdict.reason
    assert answer.verdict.rules[0] == "ff.move.same-colour"
    # the #3's second action (3 back, RIVAL) is named with its own reason
    assert "its action 2 (3 back, rival)" in answer.verdict.reason
    assert "ff.cards.whose" in answer.verdict.rules


def test_ff_temple_safe_a_rival_column_on_its_temple_track() -> None:
    state = replace(table("2v2", blue=[B.temple(BLUE, 1)]), players=NAMES)
    answer = column_verdict(state, 0, 3, "", BLUE, B.temple(BLUE, 1))
    assert not answer.verdict.legal
    assert "its action 2 (3 back, rival): a column on its temple track is safe" in (
        answer.verdict.reason
    )
    assert "ff.temple.safe" in answer.verdict.rules


def test_ff_temple_forward_only_a_column_at_the_end_of_its_track() -> None:
    last = B.temple(RED, 5)
    state = replace(table("2v2", red=[last]), players=NAMES)
    answer = column_verdict(state, 0, 5, "", RED, last)
    assert not answer.verdict.legal
    assert "last space of its temple track" in answer.verdict.reason
    assert "ff.temple.forward-only" in answer.verdict.rules


def test_ff_start_new_column_a_quarry_column_needs_a_start() -> None:
    state = GAME.setup(FfOptions(mode="2v2", players=NAMES))
    answer = column_verdict(state, 0, 5, "", RED, QUARRY)
    assert not answer.verdict.legal
    assert "comes out only by being started" in answer.verdict.reason
    assert "ff.start.new-column" in answer.verdict.rules


def test_ff_start_blocked_the_exit_holds_the_same_colour() -> None:
    state = GAME.setup(FfOptions(mode="2v2", players=NAMES))
    answer = column_verdict(state, 0, 10, "", RED, QUARRY)
    assert not answer.verdict.legal
    assert "red quarry exit already holds a red column" in answer.verdict.reason
    assert answer.verdict.rules[0] == "ff.start.blocked"


def test_ff_turn_order_only_the_hero_whose_turn_it_is() -> None:
    state = GAME.setup(FfOptions(mode="2v2", players=NAMES))
    answer = column_verdict(state, 1, 3, "", BLUE, B.exits[BLUE])
    assert answer.verdict.reason == "It is Ann's turn."
    assert answer.verdict.rules == ("ff.turn.order",)
    assert card_verdict(state, 1, 3, "").verdict.rules == ("ff.turn.order",)


def test_ff_hero_card_a_used_hero_card() -> None:
    state = GAME.setup(FfOptions(mode="2v2", players=NAMES))
    state = replace(state, hero_cards=(0, 1, 1, 1))
    answer = card_verdict(state, 0, 0, "hero")
    assert answer.verdict.reason == "Ann's Hero card is already used."
    assert answer.verdict.rules == ("ff.hero.card",)


def test_ff_favor_ares_only_a_rival_column() -> None:
    state = GAME.setup(FfOptions(mode="2v2", players=NAMES))
    answer = column_verdict(state, 0, 0, "ares", YELLOW, B.exits[YELLOW])
    assert not answer.verdict.legal and answer.verdict.rules == ("ff.favor.ares",)
    assert "RIVAL column, and yellow is not one" in answer.verdict.reason
    assert column_verdict(state, 0, 0, "ares", BLUE, B.exits[BLUE]).verdict.legal


def test_a_card_no_column_can_carry_out_says_why_column_by_column() -> None:
    """Red's columns fill its temple sites but for the last, yellow's three are home: a #6
    (6 forward, TEAM, share 2) runs every one of them past the end of its temple track."""
    red = [B.temple(RED, k) for k in (2, 3, 4, 5)]
    yellow = [B.temple(YELLOW, k) for k in (3, 4, 5)]
    state = replace(table("2v2", red=red, yellow=yellow), players=NAMES)
    assert GAME.outcomes(state, 6) == []
    answer = card_verdict(state, 0, 6, "")
    assert not answer.verdict.legal
    reason = answer.verdict.reason
    assert reason.startswith("No column can carry out Fate #6. Red on red temple site 3: ")
    assert "run past the end of the temple track" in reason
    assert "ff.move.in-full" in answer.verdict.rules
    # rivals' columns, which a TEAM action never moves, are not listed while others are
    assert "blue on" not in reason
