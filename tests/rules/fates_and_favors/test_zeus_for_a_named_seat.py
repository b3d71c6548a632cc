"""The Zeus picker asked for a named hero or, by default, for the hero whose turn it is
(``zeus_first_parts``, ``zeus_outcomes``, ``zeus_every_outcome``): a rival's column on its
own temple track is never offered to Zeus, and a hero whose turn it is not gets no Zeus
outcome (ff.favor.zeus, ff.temple.safe, ff.assume.zeus-split-first, ff.turn.order)."""

from __future__ import annotations

from rules.fates_and_favors import GAME
from tests.rules.fates_and_favors.helpers import BLUE, RED, B, table


def test_ff_temple_safe_zeus_first_parts_are_the_named_heros() -> None:
    state = table(red=[B.temple(RED, 1)])
    on_track = (RED, B.temple(RED, 1))
    red = {c.column: c.amounts for c in GAME.zeus_first_parts(state)}
    assert red == {
        on_track: (1, 2, 3, 4),
        (BLUE, B.exits[BLUE]): tuple(range(1, 11)),
        (2, B.exits[2]): tuple(range(1, 11)),
        (3, B.exits[3]): tuple(range(1, 11)),
    }
    assert GAME.zeus_first_parts(state, RED) == GAME.zeus_first_parts(state)
    # blue may not move red's column on red's temple track
    blue = {c.column for c in GAME.zeus_first_parts(state, BLUE)}
    assert blue == set(red) - {on_track}


def test_ff_favor_zeus_outcomes_only_for_the_hero_whose_turn_it_is() -> None:
    state = table()
    split = {(RED, B.exits[RED]): 4, (BLUE, B.exits[BLUE]): 6}
    (play,) = GAME.zeus_outcomes(state, split)
    assert play.seat == RED and GAME.zeus_outcomes(state, split, RED) == [play]
    assert GAME.zeus_outcomes(state, split, BLUE) == []
    every = list(GAME.zeus_every_outcome(state))
    assert every and {p.seat for p in every} == {RED}
    assert play in every
    assert list(GAME.zeus_every_outcome(state, RED)) == every
    assert list(GAME.zeus_every_outcome(state, BLUE)) == []


def test_ff_move_same_colour_a_dead_zeus_split_has_no_outcome() -> None:
    # red on 8 cannot pass red on 9 however the two parts are ordered
    state = table(red=[8, 9])
    assert GAME.zeus_outcomes(state, {(RED, 8): 9, (RED, 9): 1}) == []
    assert GAME.zeus_outcomes(state, {(RED, 8): 4, (RED, 9): 6}) != []
