"""The board the app draws (ff.assume.board-shape) and the names of its spaces.

The rulebook has no picture, so the layout is ours: a cross of four equal arms, each bay the
one before turned a quarter clockwise, the temple track drawn beside the inbound side from
the gate outwards and turning in at the arm's end. These tests pin that layout on every
board size a table may pick, through ``board(arm, arm_bridge)``."""

from __future__ import annotations

import pytest

from rules.fates_and_favors import GAME, FfState, Play, Step, board, zeus
from rules.fates_and_favors.board import ARM_RANGE, Board
from tests.rules.fates_and_favors.helpers import RED, table

ARMS = range(ARM_RANGE[0], ARM_RANGE[1] + 1)
Cell = tuple[int, int]


def _near(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def _turned(cell: Cell) -> Cell:
    """A quarter turn clockwise about the centre (x right, y up)."""
    return (cell[1], -cell[0])


def _every_cell(b: Board) -> list[Cell]:
    track = [b.cells[s] for s in range(b.loop)]
    temples = [xy for cells in b.temple_cells for xy in cells]
    quarries = [xy for cells in b.quarry_cells for xy in cells]
    return track + temples + quarries


@pytest.mark.parametrize("arm", ARMS)
def test_ff_assume_board_shape_every_space_has_a_cell_of_its_own(arm: int) -> None:
    b = board(arm, 4)
    cells = _every_cell(b)
    assert len(cells) == b.loop + 4 * b.temple_len + 16
    assert len(set(cells)) == len(cells)
    assert all(isinstance(v, int) for xy in cells for v in xy)


@pytest.mark.parametrize("arm", ARMS)
def test_ff_assume_board_shape_the_track_is_one_closed_walk_turning_clockwise(arm: int) -> None:
    """Each space is drawn next to the one before (and the last next to the first), and
    each colour's bay, temple track and quarry are the previous colour's turned a quarter
    clockwise, so the colours sit clockwise in turn order."""
    b = board(arm, 4)
    for s in range(b.loop):
        assert _near(b.cells[s], b.cells[(s + 1) % b.loop]), s
    for c in range(4):
        nxt = (c + 1) % 4
        for k in range(b.bay):
            here = b.cells[c * b.bay + k]
            assert b.cells[nxt * b.bay + k] == _turned(here), (c, k)
        assert b.temple_cells[nxt] == tuple(_turned(xy) for xy in b.temple_cells[c])
        assert b.quarry_cells[nxt] == tuple(_turned(xy) for xy in b.quarry_cells[c])
    # turning clockwise: the walk round the track encloses a negative signed area
    track = [b.cells[s] for s in range(b.loop)]
    twice_area = sum(
        x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(track, track[1:] + track[:1], strict=True)
    )
    assert twice_area < 0


@pytest.mark.parametrize("arm", ARMS)
def test_ff_assume_board_shape_a_temple_track_runs_beside_its_arm_then_turns_in(arm: int) -> None:
    """Temple space k is drawn beside track space gate - k (one step in from it, the same
    step for every k) for as long as the arm goes on outwards; past the arm's end the
    track turns in, one step further in each space, beside the arm's last space."""
    b = board(arm, 4)
    for c in range(4):
        gate = b.gates[c]
        temple = b.temple_cells[c]
        step = (temple[0][0] - b.cells[gate][0], temple[0][1] - b.cells[gate][1])
        assert abs(step[0]) + abs(step[1]) == 1
        outer = c * b.bay  # the arm's outer end on the inbound side
        along = gate - outer  # temple spaces drawn beside the arm
        for k in range(b.temple_len):
            if k <= along:
                x, y = b.cells[gate - k]
                assert temple[k] == (x + step[0], y + step[1]), (c, k)
            else:
                x, y = b.cells[outer]
                n = k - along + 1
                assert temple[k] == (x + n * step[0], y + n * step[1]), (c, k)


def _zeus_refusal(state: FfState, space: int) -> str:
    problem = zeus.split_problem(state, RED, {(RED, space): 10})
    assert problem is not None and problem.rule == "ff.move.column"
    return problem.reason


@pytest.mark.parametrize("past", [0, 5, 100])
def test_ff_move_column_a_space_past_the_last_temple_track_is_named_as_a_space(past: int) -> None:
    """A column named on a space number beyond green's temple track (a malformed request)
    is refused in words, naming the number, for a Zeus split and for a card's step."""
    state = table("2v2", red=[10])
    b = board()
    space = b.loop + 4 * b.temple_len + past
    assert b.temple_of(space) is None and not b.on_track(space)
    assert b.name(space) == f"space {space}"
    assert _zeus_refusal(state, space) == f"No red column stands on space {space}."
    verdict = GAME.check(state, Play(RED, 2, 0, steps=(Step(RED, space, 2),)))
    assert not verdict.legal
    assert verdict.reason == f"No red column stands on space {space}."
    assert verdict.rules == ("ff.move.column",)
