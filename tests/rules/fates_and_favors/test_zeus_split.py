"""Zeus played columns first (ff.favor.zeus, ff.assume.zeus-split-first): a split's outcomes
each pass ``check``, carry out exactly that split and end on distinct boards; the union over
every split equals the full enumeration (so the order-reduced search drops nothing); the
picker's first parts are exactly the moves one column can make on the board as it stands."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from rules.fates_and_favors import GAME, QUARRY, FfOptions, FfState, Play, Step, board, zeus
from rules.fates_and_favors.enumeration import zeus_plays
from rules.fates_and_favors.movement import Refusal, Sim
from rules.fates_and_favors.plays import resolve
from tests.rules.fates_and_favors.helpers import BLUE, GREEN, RED, YELLOW, B, at, table
from tests.rules.fates_and_favors.test_properties import crowded


def _end(state: FfState, play: Play) -> tuple[int, ...]:
    return resolve(state, play).sim.columns()


def _assert_sound(state: FfState, split: dict[tuple[int, int], int], plays: list[Play]) -> None:
    ends = set()
    for play in plays:
        verdict = GAME.check(state, play)
        assert verdict.legal, (play, verdict)
        assert "ff.favor.zeus" in verdict.rules
        assert zeus.split_of(state, play) == split
        after = GAME.apply(state, play)
        assert GAME.invariants(after) == []  # 16 columns, one colour never shares a space
        on_board = [p for p in after.columns if p != QUARRY]
        assert len(on_board) == len(set(on_board))
        ends.add(after.columns)
    assert len(ends) == len(plays), "two outcomes of one split share an end position"


@pytest.mark.parametrize("seed", range(10))
def test_union_of_every_split_is_the_full_enumeration(seed: int) -> None:
    rng = random.Random(500 + seed)
    state = crowded(rng, rng.choice(["2v2", "1v1", "coop4", "solo"]), on_track=1)
    seat = state.seat
    full = {columns for _, columns in zeus_plays(state, seat)}
    union: set[tuple[int, ...]] = set()
    for split in zeus.splits(state, seat):
        plays = zeus.split_outcomes(state, seat, split)
        _assert_sound(state, split, plays)
        union |= {_end(state, p) for p in plays}
    assert union == full
    assert zeus.playable(state, seat) == bool(full)


@pytest.mark.parametrize("seed", range(8))
def test_split_outcomes_on_a_crowded_board_match_a_plain_search(seed: int) -> None:
    """Eight columns on the track: a split's outcomes equal those of trying every order of
    its parts with every choice, one by one, without any reduction."""
    rng = random.Random(900 + seed)
    state = crowded(rng, "2v2", on_track=3)
    seat = state.seat
    columns = zeus.first_parts(state, seat)
    for _ in range(6):
        k = rng.randint(2, min(6, len(columns)))
        chosen = rng.sample(columns, k)
        amounts = [1] * k
        for _ in range(10 - k):
            amounts[rng.randrange(k)] += 1
        split = {c.column: n for c, n in zip(chosen, amounts, strict=True)}
        plays = zeus.split_outcomes(state, seat, split)
        _assert_sound(state, split, plays)
        assert {_end(state, p) for p in plays} == _plain(state, seat, split)


def _plain(state: FfState, seat: int, split: dict[tuple[int, int], int]) -> set[tuple[int, ...]]:
    """Every order, every bridge and temple choice, each whole play judged by ``check``."""
    out = set()
    for order in itertools.permutations(split.items()):
        frontier: list[tuple[Step, ...]] = [()]
        for (colour, start), n in order:
            grown = []
            for steps in frontier:
                where = _where(state, steps, colour, start)
                if where is None:
                    continue
                for bridge in (False, True):
                    for temple in (False, True):
                        grown.append((*steps, Step(colour, where, n, False, bridge, temple)))
            frontier = grown
        for steps in frontier:
            play = Play(seat, 0, 0, "zeus", False, steps)
            if GAME.check(state, play).legal:
                out.add(_end(state, play))
    return out


def _where(state: FfState, steps: tuple[Step, ...], colour: int, start: int) -> int | None:
    """Where the column that stood on ``start`` stands after ``steps`` (None: refused or
    in its quarry)."""
    sim = Sim(B, state.columns, state.teams)
    slot = state.columns.index(start, colour * 4, colour * 4 + 4)
    try:
        for step in steps:
            sim.move(sim.find(step.colour, step.start), step)
    except Refusal:
        return None
    here = sim.pos[slot]
    return None if here == QUARRY else here


def test_first_parts_are_the_single_moves_of_each_column() -> None:
    state = table("2v2", red=[8, 9], blue=[22], yellow=[36], green=[50])
    parts = {c.column: c for c in zeus.first_parts(state, 0)}
    assert set(parts) == {(RED, 8), (RED, 9), (BLUE, 22), (YELLOW, 36), (GREEN, 50)}
    # red on 8 has red on 9 just ahead: it can move only once that column has moved
    assert parts[(RED, 8)].amounts == ()
    assert parts[(RED, 8)].later == tuple(range(1, 11))
    assert parts[(RED, 9)].amounts == tuple(range(1, 11))
    for column, choice in parts.items():
        for n in choice.amounts:
            if n == 10:
                single = zeus.split_outcomes(state, 0, {column: 10})
                assert single and all(GAME.check(state, p).legal for p in single)


def test_a_split_whose_parts_cross_lists_both_orders() -> None:
    # red on 8 behind red on 9: red 9 moves first, then red 8 may pass where it stood
    state = table("2v2", red=[8, 9], blue=[22], yellow=[36], green=[50])
    plays = zeus.split_outcomes(state, 0, {(RED, 8): 4, (RED, 9): 6})
    assert plays
    for play in plays:
        assert play.steps[0].start == 9  # the only order that works
    # red on 8 cannot pass red on 9 however the two are ordered: a dead split
    assert zeus.split_outcomes(state, 0, {(RED, 8): 9, (RED, 9): 1}) == []


def test_bad_splits_are_refused_with_the_rule() -> None:
    state = table("2v2", red=[8], blue=[22], yellow=[36], green=[50])
    cases = [
        ({(RED, 8): 9}, "ff.move.in-full"),
        ({(RED, 8): 10, (BLUE, 22): 0}, "ff.move.in-full"),
        ({(RED, 7): 10}, "ff.move.column"),
        ({(RED, QUARRY): 10}, "ff.move.column"),
    ]
    for split, rule in cases:
        with pytest.raises(Refusal) as err:
            zeus.split_outcomes(state, 0, split)
        assert err.value.rule == rule
    rival_home = replace(state, columns=(*state.columns[:4], B.temple(BLUE, 1), *state.columns[5:]))
    with pytest.raises(Refusal) as err:
        zeus.split_outcomes(rival_home, 0, {(BLUE, B.temple(BLUE, 1)): 10})
    assert err.value.rule == "ff.temple.safe"


def test_the_worked_zeus_example_is_one_of_its_splits_outcomes() -> None:
    state = table("2v2", red=[10], blue=[40], yellow=[30], green=[50])
    play = Play(
        RED, 0, favor="zeus", steps=(Step(RED, 10, 4), Step(BLUE, 40, 3), Step(YELLOW, 30, 3))
    )
    assert GAME.check(state, play).legal
    split = zeus.split_of(state, play)
    assert split == {(RED, 10): 4, (BLUE, 40): 3, (YELLOW, 30): 3}
    assert _end(state, play) in {_end(state, p) for p in zeus.split_outcomes(state, 0, split)}


def test_column_names_round_trip() -> None:
    assert zeus.column_key((YELLOW, 36)) == "yellow:36"
    assert zeus.parse_column("yellow:36") == (YELLOW, 36)
    for bad in ("yellow", "pink:3", "red:x"):
        with pytest.raises(ValueError):
            zeus.parse_column(bad)


@pytest.mark.parametrize("seed", range(6))
def test_first_parts_amounts_are_exactly_the_moves_the_board_allows_now(seed: int) -> None:
    rng = random.Random(700 + seed)
    state = crowded(rng, rng.choice(["2v2", "coop4"]), on_track=3)
    seat = state.seat
    offered = {c.column: c for c in zeus.first_parts(state, seat)}
    for column in offered.values():
        slot = state.columns.index(column.start, column.colour * 4, column.colour * 4 + 4)
        for n in range(1, 11):
            ok = False
            for bridge in (False, True):
                for temple in (False, True):
                    sim = Sim(B, state.columns, state.teams)
                    try:
                        sim.move(slot, Step(column.colour, column.start, n, False, bridge, temple))
                    except Refusal:
                        continue
                    ok = True
            assert (n in column.amounts) == ok, (column, n)
            assert not (n in column.amounts and n in column.later)


def test_ff_move_in_full_zeus_split_refusals_in_full_words() -> None:
    """Every refusal of a Zeus split, word for word with its rule: parts of at least one
    whole space (never 0, a negative, a fraction or ``True``), ten in all, each a column
    that stands where it is named, and no rival's on its temple track (ff.temple.safe).
    A team column on its own temple track may be moved."""
    state = table("2v2", red=[8], blue=[22], yellow=[36], green=[50])
    track = B.temple(BLUE, 1)
    rival_home = replace(state, columns=(*state.columns[:4], track, *state.columns[5:]))
    full_blue = table("2v2", red=[8], blue=[22, 24, 26, 28])
    own_home = replace(state, columns=(B.temple(RED, 1), *state.columns[1:]))
    one_space = ("Each column in a Zeus split moves at least one space.", "ff.move.in-full")
    safe = (
        "Columns on their temple track are safe from rivals: Zeus cannot move the blue one "
        "on blue temple track 2.",
        "ff.temple.safe",
    )
    cases: list[tuple[FfState, dict[tuple[int, int], int], tuple[str, str]]] = [
        (
            state,
            {(RED, 8): 9},
            ("A Zeus split uses exactly 10 spaces; this one uses 9.", "ff.move.in-full"),
        ),
        (state, {(RED, 8): 10, (BLUE, 22): 0}, one_space),
        (state, {(RED, 8): 11, (BLUE, 22): -1}, one_space),
        (state, {(RED, 8): 9.5, (BLUE, 22): 0.5}, one_space),  # type: ignore[dict-item]
        (state, {(RED, 8): True, (BLUE, 22): 9}, one_space),
        (state, {(RED, 7): 10}, ("No red column stands on space 7.", "ff.move.column")),
        (state, {(RED, QUARRY): 10}, ("No red column stands on that space.", "ff.move.column")),
        (state, {(RED, 0): 10}, ("No red column stands on space 0.", "ff.move.column")),
        # blue's first column stands just after red's four in the table of columns
        (
            full_blue,
            {(RED, 22): 10},
            ("No red column stands on blue quarry exit.", "ff.move.column"),
        ),
        (state, {(BLUE, 8): 10}, ("No blue column stands on red quarry exit.", "ff.move.column")),
        (state, {(4, 8): 10}, ("No colour 4 column stands on red quarry exit.", "ff.move.column")),
        (
            state,
            {(-1, 8): 10},
            ("No colour -1 column stands on red quarry exit.", "ff.move.column"),
        ),
        (rival_home, {(BLUE, track): 10}, safe),
        (rival_home, {(RED, 8): 5, (BLUE, track): 5}, safe),
    ]
    for on, split, (reason, rule) in cases:
        problem = zeus.split_problem(on, RED, split)
        assert problem is not None and (problem.reason, problem.rule) == (reason, rule), split
    assert zeus.split_problem(own_home, RED, {(RED, B.temple(RED, 1)): 10}) is None
    assert zeus.split_problem(state, RED, {(RED, 8): 5, (BLUE, 22): 5}) is None


def test_ff_favor_zeus_playable_when_no_single_column_moves_all_ten() -> None:
    """Every column off the main track: red's and yellow's each on the first space of their
    temple tracks (five spaces to go each), the others in their quarries. No column moves
    all ten, yet red can play Zeus as five and five; red's column alone cannot use ten."""
    alone = table(red=[B.temple(RED, 0)], blue=[], yellow=[], green=[])
    assert [c.amounts for c in zeus.first_parts(alone, RED)] == [(1, 2, 3, 4, 5)]
    assert [c.later for c in zeus.first_parts(alone, RED)] == [()]
    assert zeus.playable(alone, RED) is False
    pair = replace(
        alone,
        columns=(
            *alone.columns[:8],
            QUARRY,
            QUARRY,
            QUARRY,
            B.temple(YELLOW, 0),
            *alone.columns[12:],
        ),
    )
    assert all(10 not in c.amounts for c in zeus.first_parts(pair, RED))
    assert zeus.playable(pair, RED) is True


def test_ff_temple_safe_zeus_offers_no_rival_column_on_its_temple_track() -> None:
    """Blue and green each have all four columns on their temple tracks. Red may move only
    red's and yellow's columns on the main track; blue may also move its own team's."""
    state = table(
        blue=[B.temple(BLUE, k) for k in range(4)], green=[B.temple(GREEN, k) for k in range(4)]
    )
    red_side = [(RED, B.exits[RED]), (YELLOW, B.exits[YELLOW])]
    assert sorted(c.column for c in zeus.first_parts(state, RED)) == red_side
    blue_side = [(BLUE, B.temple(BLUE, k)) for k in range(4)]
    blue_side += [(GREEN, B.temple(GREEN, k)) for k in range(4)]
    assert sorted(c.column for c in zeus.first_parts(state, BLUE)) == sorted(red_side + blue_side)


@pytest.mark.parametrize(
    ("key", "message"),
    [
        ("yellow", "a column is named like 'red:8' (colour:space), not 'yellow'"),
        ("pink:3", "a column is named like 'red:8' (colour:space), not 'pink:3'"),
        (":8", "a column is named like 'red:8' (colour:space), not ':8'"),
        ("red:x", "'red:x': the space after ':' is a whole number"),
        ("red:8:9", "'red:8:9': the space after ':' is a whole number"),
    ],
)
def test_ff_assume_zeus_split_first_a_badly_named_column_is_refused_in_words(
    key: str, message: str
) -> None:
    """A split sent by a phone names its columns as colour:space; a wrong name says how."""
    with pytest.raises(ValueError) as err:
        zeus.parse_column(key)
    assert str(err.value) == message


@pytest.mark.parametrize(("arm", "arm_bridge"), [(5, 4), (7, 6)])
def test_ff_assume_board_shape_zeus_splits_on_a_board_of_another_size(
    arm: int, arm_bridge: int
) -> None:
    """A table whose copy has shorter or longer arms and other arm bridges, red's column on
    the first bridge end past its exit (a bridge the printed board does not have there):
    each split's outcomes are legal on that board, and together they are every Zeus end
    position."""
    state = GAME.setup(FfOptions(arm=arm, arm_bridge=arm_bridge))
    bridge = min(p for p in board(arm, arm_bridge).bridge_of if p > state.columns[3])
    state = replace(state, columns=(QUARRY, QUARRY, QUARRY, bridge, *state.columns[4:]))
    full = {columns for _, columns in zeus_plays(state, RED)}
    union: set[tuple[int, ...]] = set()
    for split in zeus.splits(state, RED):
        plays = zeus.split_outcomes(state, RED, split)
        _assert_sound(state, split, plays)
        union |= {_end(state, p) for p in plays}
    assert full and union == full


def test_ff_move_same_colour_zeus_lets_a_column_pass_a_rival_at_once() -> None:
    """Red on 8 with blue's four columns on 10, 30, 40 and 50: red passes or hits blue
    freely, so every amount is open to it at once and none waits for another part."""
    state = table("2v2", red=[8], blue=[10, 30, 40, 50], yellow=[36], green=[])
    parts = {c.column: c for c in zeus.first_parts(state, RED)}
    assert parts[(RED, 8)].amounts == tuple(range(1, 11))
    assert parts[(RED, 8)].later == ()


def test_ff_assume_gate_taken_zeus_split_whose_chain_meets_another_part() -> None:
    """Red on 9 hits yellow on 10, which goes to its gate (32); yellow holds the gate, so
    it stops on the nearest free space behind. Blue on 31 takes the other nine spaces. Red
    first: 31 is still blue's, yellow stops on 30. Blue first: yellow stops on 31. The two
    parts never share a path, only the chain reaction reads 31, yet both ends are listed."""
    gate = B.gates[YELLOW]
    state = table("2v2", red=[9], yellow=[10, gate], blue=[gate - 1], green=[])
    split = {(RED, 9): 1, (BLUE, gate - 1): 9}
    plays = zeus.split_outcomes(state, RED, split)
    _assert_sound(state, split, plays)
    yellow = {tuple(at(GAME.apply(state, p), YELLOW)) for p in plays}
    assert yellow == {(gate - 2, gate), (gate - 1, gate)}
    for play in plays:
        assert "ff.assume.gate-taken" in GAME.check(state, play).rules


def test_ff_favor_zeus_played_alone_names_no_action_number() -> None:
    state = table("2v2", red=[10], blue=[40], yellow=[30], green=[50])
    steps = (Step(RED, 10, 4), Step(BLUE, 40, 3), Step(YELLOW, 30, 3))
    assert GAME.check(state, Play(RED, 0, favor="zeus", steps=steps)).legal
    verdict = GAME.check(state, Play(RED, 0, option=7, favor="zeus", steps=steps))
    assert not verdict.legal and "ff.favor.zeus" in verdict.rules
    assert "Zeus played alone has no action number to choose" in verdict.reason
    assert "action 7" in verdict.reason
