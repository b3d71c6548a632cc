"""A supplied Fates and Favors state whose shape no game could have: each structural
problem ``FatesAndFavors.state_problems`` and ``invariants`` find is named in full, alone,
and in the same words however the shape is broken (ff.setup.teams, ff.setup.colours,
ff.setup.deal, ff.turn.order, ff.setup.columns, ff.move.one-per-space,
ff.assume.board-shape, ff.coop.deck)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.fates_and_favors import GAME, QUARRY
from tests.rules.fates_and_favors.helpers import table

SEATS = "seats, colours and Hero cards do not match"
HANDS = "hands do not match the seats"
TURN = "the turn points at no seat"
ORDER = "the turn order names a seat that does not exist"
INCOMPLETE = "teams or Fate cards are incomplete"

SHAPES: list[tuple[str, Any, list[str]]] = [
    ("seat colours short", lambda s: replace(s, seat_colours=s.seat_colours[:3]), [SEATS]),
    ("hero cards short", lambda s: replace(s, hero_cards=s.hero_cards[:3]), [SEATS]),
    (
        "no seats at all",
        lambda s: replace(
            s, players=(), seat_colours=(), hero_cards=(), hands=(), held=(), last_fate=()
        ),
        [SEATS, ORDER],
    ),
    ("hands short", lambda s: replace(s, hands=s.hands[:3]), [HANDS]),
    ("held short", lambda s: replace(s, held=s.held[:3]), [HANDS]),
    ("last fate short", lambda s: replace(s, last_fate=s.last_fate[:3]), [HANDS]),
    ("turn past the order", lambda s: replace(s, turn=4), [TURN]),
    ("turn negative", lambda s: replace(s, turn=-1), [TURN]),
    ("no order", lambda s: replace(s, order=(), turn=0), [TURN]),
    ("order names seat 4", lambda s: replace(s, order=(0, 1, 2, 4)), [ORDER]),
    ("order names seat -1", lambda s: replace(s, order=(0, 1, 2, -1)), [ORDER]),
    ("skip names seat 4", lambda s: replace(s, skips=(4,)), [ORDER]),
    ("three teams", lambda s: replace(s, teams=(0, 1, 0)), [INCOMPLETE]),
    ("arm of 2", lambda s: replace(s, arm=2), ["an arm has 4..12 spaces per side, not 2"]),
    (
        "bridge 99 out",
        lambda s: replace(s, arm_bridge=99),
        ["the arm bridges sit 4..6 spaces out from the centre, not 99"],
    ),
]


@pytest.mark.parametrize(("name", "change", "problems"), SHAPES, ids=[c[0] for c in SHAPES])
def test_ff_setup_deal_a_broken_shape_is_named_alone_in_full(
    name: str, change: Any, problems: list[str]
) -> None:
    assert GAME.validate_state(change(table())) == problems


def _columns(state: Any, slots: dict[int, int]) -> Any:
    cols = list(state.columns)
    for slot, space in slots.items():
        cols[slot] = space
    return replace(state, columns=tuple(cols))


def test_ff_move_one_per_space_two_columns_on_one_space_are_named() -> None:
    # red's fourth column joins blue's on blue's quarry exit, named as the board names it
    state = _columns(table(), {3: 22})
    assert GAME.validate_state(state) == ["two columns share blue quarry exit"]
    # three red columns on one space: named once for each column past the first
    state = _columns(table(), {1: 5, 2: 5, 3: 5})
    assert GAME.validate_state(state) == ["two columns share space 5", "two columns share space 5"]


def test_ff_setup_columns_a_colour_out_of_order_is_named_in_full() -> None:
    # blue's first column is the one out of place: every one of a colour's four is compared
    blue = _columns(table(), {4: 30, 5: 5, 6: 6, 7: 7})
    assert GAME.validate_state(blue) == ["blue columns are not in order"]
    green = _columns(table(), {12: 53, 13: 52, 14: QUARRY, 15: QUARRY})
    assert GAME.validate_state(green) == ["green columns are not in order"]
    assert GAME.invariants(table()) == []


def test_ff_coop_deck_a_negative_deck_count_is_named_in_full() -> None:
    assert GAME.validate_state(replace(table(), deck=-1)) == ["the deck count is negative"]
