"""The Fates and Favors board picture follows the rulebook's seating: colours clockwise in
turn order, each hero's quarry (and quarry exit) on the left of their Mount Olympus and the
temple gate and track on the right, forward running clockwise with an arrow on every space;
six bridges drawn as planks; space numbers on request; the picture as wide as the phone
allows, every space found again where it is drawn; colours of its own with readable
contrast whatever the theme (ff.assume.board-shape, ff.assume.bridges, ff.move.forward)."""

from __future__ import annotations

import math

import flet.canvas as cv
import pytest

from companion.panels.fates_and_favors import picture
from rules.fates_and_favors import GAME, FfOptions, board

B = board()
STATE = GAME.setup(FfOptions(mode="2v2", players=("Ann", "Bo", "Cy", "Di")))


def _angle(xy: tuple[float, float]) -> float:
    return math.degrees(math.atan2(xy[1], xy[0]))


def _centroid(cells: list[tuple[int, int]]) -> tuple[float, float]:
    return (sum(x for x, _ in cells) / len(cells), sum(y for _, y in cells) / len(cells))


def test_ff_assume_board_shape_colours_sit_clockwise_in_turn_order() -> None:
    """Red, blue, yellow, green (the turn order) each a quarter turn clockwise on from the
    last (board coordinates, y up: clockwise is a falling angle)."""
    angles = [_angle(picture.olympus_cell(B, c)) for c in range(4)]
    for a, z in zip(angles, angles[1:] + angles[:1], strict=True):
        assert (a - z) % 360 == pytest.approx(90)


def test_ff_move_forward_runs_clockwise_round_the_cross() -> None:
    cells = [B.cells[s] for s in range(B.loop)]
    area = sum(
        x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(cells, cells[1:] + cells[:1], strict=True)
    )
    assert area < 0  # a negative signed area: the loop turns clockwise


@pytest.mark.parametrize("colour", range(4))
def test_ff_assume_board_shape_quarry_left_temple_right(colour: int) -> None:
    """Seen from the hero's seat at their Mount Olympus, facing the centre of the board."""
    ox, oy = picture.olympus_cell(B, colour)
    left = (oy, -ox)  # the facing direction (-ox, -oy) turned a quarter to the left

    def side(xy: tuple[float, float]) -> float:
        return (xy[0] - ox) * left[0] + (xy[1] - oy) * left[1]

    assert side(_centroid(list(B.quarry_cells[colour]))) > 0
    assert side(B.cells[B.exits[colour]]) > 0
    assert side(_centroid(list(B.temple_cells[colour]))) < 0
    assert side(B.cells[B.gates[colour]]) < 0


def _shapes(**kw: object) -> list[cv.Shape]:
    control = picture.board_picture(STATE, **kw)  # type: ignore[arg-type]
    canvas = control.content
    assert isinstance(canvas, cv.Canvas)
    return list(canvas.shapes)


def test_every_space_has_a_forward_arrow_and_the_bridges_are_planks() -> None:
    shapes = _shapes()
    arrows = [s for s in shapes if isinstance(s, cv.Path) and s.paint.color == picture.ARROW]
    assert len(arrows) == B.loop + 4 * (B.temple_len - 1)
    planks = [s for s in shapes if isinstance(s, cv.Line) and s.paint.color == picture.PLANK]
    assert len(planks) == len(B.bridges) == 6


def test_space_numbers_are_drawn_on_request() -> None:
    assert not [s for s in _shapes() if isinstance(s, cv.Text)]
    numbers = {s.value for s in _shapes(numbers=True) if isinstance(s, cv.Text)}
    assert {str(n) for n in range(B.loop)} <= numbers


@pytest.mark.parametrize("width", [240, 288, 328, 358, 398])
def test_the_picture_fits_the_width_and_finds_every_space(width: int) -> None:
    """At 320 px (288 drawn) and every other phone width no shape reaches past the edge,
    and a tap at a space's centre finds that space (a quarry finds its colour)."""
    shapes = _shapes(width=width)
    for s in shapes:
        for name in ("x", "y", "x1", "y1", "x2", "y2"):
            value = getattr(s, name, None)
            if isinstance(value, (int, float)):
                assert -0.5 <= value <= width + 0.5, (s, name, value)
    for space in [*range(B.loop), *range(B.loop, B.loop + 4 * B.temple_len)]:
        x, y = picture.centre_of(STATE, space, width)
        assert picture.space_at(STATE, x, y, width) == space
    half = B.arm + 2
    size = width / (2 * half + 1)
    for colour in range(4):
        for cx, cy in B.quarry_cells[colour]:
            px, py = (cx + half + 0.5) * size, (half - cy + 0.5) * size
            assert picture.quarry_at(STATE, px, py, width) == colour


def _luminance(colour: str) -> float:
    rgb = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_the_board_has_its_own_ground_and_readable_edges_in_either_theme() -> None:
    control = picture.board_picture(STATE)
    assert control.bgcolor == picture.GROUND  # never the page's own white or black
    assert _contrast(picture.EDGE, picture.TRACK) >= 4.5
    assert _contrast(picture.RAIL, picture.TRACK) >= 4.5  # the numbers' colour
    assert _contrast(picture.TRACK, picture.GROUND) >= 1.4
    assert picture.fit(288) == 288 and picture.fit(None) == picture.WIDTH
