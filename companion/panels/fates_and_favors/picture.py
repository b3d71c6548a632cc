"""The Fates and Favors board as a picture: the cross-shaped track with its forward arrows,
the six bridges drawn as planks over the gaps they span (the two centre ones crossing), each
hero's corner with Mount Olympus, the quarry on its left and the temple track on its right
(as the rulebook seats them, colours clockwise in turn order), and every column in its
colour. The picture is as wide as it is given (a phone's width less the screen's margins).

Space numbers are drawn on request (``numbers``), so "space 17" in a verdict can be found.
Spaces the outcome being looked at ends on get a ring (``highlight``); the picked column a
heavier one (``picked``). Colours are fixed, not the theme's: the board reads the same on a
light and a dark screen, on a board-coloured ground of its own.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

import flet as ft
import flet.canvas as cv

from rules.fates_and_favors import QUARRY, Board, FfState, board

PAINT = {
    0: ft.Colors.RED_400,
    1: ft.Colors.BLUE_400,
    2: ft.Colors.AMBER_400,
    3: ft.Colors.GREEN_400,
}
TINT = {
    0: "#EF9A9A",
    1: "#90CAF9",
    2: "#FFE082",
    3: "#A5D6A7",
}
GROUND = "#CFC3A6"
"""The board itself: a stone colour on which the track, quarries and columns stand."""
TRACK = "#F4EDDC"
EDGE = "#5D4A2C"
ARROW = "#9C8760"
PLANK = "#8D6E63"
RAIL = "#3E2723"
RING = "#00838F"
PICKED = "#000000"
WIDTH = 358
"""The picture's width when none is given (a 390 px phone less the screen's margins)."""
MIN_WIDTH = 240
MAX_WIDTH = 520


def fit(available: float | None) -> int:
    """The picture's width for ``available`` px of screen width (``None``: unknown)."""
    if not available:
        return WIDTH
    return int(max(MIN_WIDTH, min(MAX_WIDTH, available)))


def cell_of(b: Board, space: int) -> tuple[int, int] | None:
    """The grid cell a main-track or temple-track ``space`` is drawn on."""
    if space in b.cells:
        return b.cells[space]
    where = b.temple_of(space)
    if where is None:
        return None
    return b.temple_cells[where[0]][where[1]]


def _grid(b: Board, width: float) -> tuple[int, float]:
    half = b.arm + 2
    return half, width / (2 * half + 1)


def centre_of(state: FfState, space: int, width: float = WIDTH) -> tuple[float, float]:
    """Where ``space`` is drawn in a picture ``width`` px wide (pixels from its top left);
    raises ``KeyError`` for a space not on the picture (the quarry)."""
    b = board(state.arm, state.arm_bridge)
    xy = cell_of(b, space)
    if xy is None:
        raise KeyError(space)
    half, size = _grid(b, width)
    return ((xy[0] + half + 0.5) * size, (half - xy[1] + 0.5) * size)


def space_at(state: FfState, x: float, y: float, width: float = WIDTH) -> int | None:
    """The space (main or temple track) drawn at pixel (``x``, ``y``) of a picture
    ``width`` px wide, or ``None`` for the spaces between."""
    b = board(state.arm, state.arm_bridge)
    half, size = _grid(b, width)
    cell = (math.floor(x / size) - half, half - math.floor(y / size))
    for space, xy in b.cells.items():
        if xy == cell:
            return space
    for c in range(4):
        for k, xy in enumerate(b.temple_cells[c]):
            if xy == cell:
                return b.temple(c, k)
    return None


def quarry_at(state: FfState, x: float, y: float, width: float = WIDTH) -> int | None:
    """The colour whose quarry is drawn at pixel (``x``, ``y``), or ``None``."""
    b = board(state.arm, state.arm_bridge)
    half, size = _grid(b, width)
    cell = (math.floor(x / size) - half, half - math.floor(y / size))
    for c in range(4):
        if cell in b.quarry_cells[c]:
            return c
    return None


def board_picture(
    state: FfState,
    highlight: Iterable[int] = (),
    on_tap_space: Callable[[int], None] | None = None,
    on_tap_quarry: Callable[[int], None] | None = None,
    *,
    width: float = WIDTH,
    numbers: bool = False,
    picked: int | None = None,
) -> ft.Control:
    """The board of ``state`` as a square canvas ``width`` px wide; with ``on_tap_space``,
    tapping a space calls it with that space, and with ``on_tap_quarry`` tapping a quarry
    calls it with that quarry's colour."""
    b = board(state.arm, state.arm_bridge)
    shapes = board_shapes(state, b, width, set(highlight), numbers, picked)
    canvas: ft.Control = cv.Canvas(shapes=shapes, width=width, height=width)
    if on_tap_space is not None:

        def tapped(e: ft.TapEvent[Any]) -> None:
            where = e.local_position
            if where is None:
                return
            space = space_at(state, where.x, where.y, width)
            if space is not None:
                on_tap_space(space)
                return
            colour = quarry_at(state, where.x, where.y, width)
            if colour is not None and on_tap_quarry is not None:
                on_tap_quarry(colour)

        canvas = ft.GestureDetector(content=canvas, on_tap_down=tapped, width=width, height=width)
    return ft.Container(
        content=canvas,
        width=width,
        height=width,
        bgcolor=GROUND,
        border_radius=8,
        alignment=ft.Alignment.CENTER,
    )


def board_shapes(
    state: FfState,
    b: Board,
    width: float,
    lit: set[int],
    numbers: bool,
    picked: int | None,
) -> list[cv.Shape]:
    """Everything drawn, bottom first: bridges, spaces, arrows, Olympus, columns, rings."""
    half, size = _grid(b, width)

    def centre(xy: tuple[int, int]) -> tuple[float, float]:
        x, y = xy
        return ((x + half + 0.5) * size, (half - y + 0.5) * size)

    def square(xy: tuple[int, int], colour: str, inset: float = 1.0) -> list[cv.Shape]:
        cx, cy = centre(xy)
        side = size - 2 * inset
        box = (cx - side / 2, cy - side / 2, side, side)
        return [
            cv.Rect(*box, border_radius=3, paint=ft.Paint(color=colour)),
            cv.Rect(*box, border_radius=3, paint=_stroke(EDGE, 1.0)),
        ]

    shapes: list[cv.Shape] = []
    for a, z in b.bridges:
        shapes += _bridge(centre(b.cells[a]), centre(b.cells[z]), size)
    for space, xy in b.cells.items():
        colour = TRACK
        for c in range(4):
            if space in (b.gates[c], b.exits[c]):
                colour = TINT[c]
        shapes += square(xy, colour)
    for c in range(4):
        for k, xy in enumerate(b.temple_cells[c]):
            shapes += square(xy, TINT[c] if k >= b.sites_from else TRACK)
            if k >= b.sites_from:
                shapes.append(_temple_mark(centre(xy), size))
        for xy in b.quarry_cells[c]:
            shapes += square(xy, TINT[c], inset=2.5)
        shapes.append(_olympus(centre(olympus_cell(b, c)), size, PAINT[c]))
    if not numbers:
        for space in range(b.loop):
            shapes.append(
                _arrow(centre(b.cells[space]), centre(b.cells[(space + 1) % b.loop]), size)
            )
        for c in range(4):
            cells = b.temple_cells[c]
            for k in range(len(cells) - 1):
                shapes.append(_arrow(centre(cells[k]), centre(cells[k + 1]), size))
    for slot, space in enumerate(state.columns):
        if space == QUARRY:
            continue
        xy = cell_of(b, space)
        if xy is None:
            continue
        shapes += _column(centre(xy), size, PAINT[slot // 4], hollow=numbers)
    for colour in range(4):
        waiting = state.columns[colour * 4 : colour * 4 + 4].count(QUARRY)
        for n in range(waiting):
            shapes += _column(centre(b.quarry_cells[colour][n]), size * 0.85, PAINT[colour])
    if numbers:
        font = max(7.0, size * 0.42)
        for space in [*range(b.loop), *range(b.loop, b.loop + 4 * b.temple_len)]:
            xy = cell_of(b, space)
            if xy is None:
                continue
            cx, cy = centre(xy)
            label = str(space) if space < b.loop else str(b.temple_of(space)[1] + 1)  # type: ignore[index]
            shapes.append(
                cv.Text(
                    cx,
                    cy,
                    label,
                    style=ft.TextStyle(size=font, color=RAIL, weight=ft.FontWeight.BOLD),
                    alignment=ft.Alignment.CENTER,
                )
            )
    for space in lit:
        xy = cell_of(b, space)
        if xy is not None:
            cx, cy = centre(xy)
            shapes.append(cv.Circle(cx, cy, size * 0.5, paint=_stroke("#FFFFFF", 4.0)))
            shapes.append(cv.Circle(cx, cy, size * 0.5, paint=_stroke(RING, 2.5)))
    if picked is not None:
        xy = cell_of(b, picked)
        if xy is not None:
            cx, cy = centre(xy)
            shapes.append(cv.Circle(cx, cy, size * 0.56, paint=_stroke("#FFFFFF", 5.0)))
            shapes.append(cv.Circle(cx, cy, size * 0.56, paint=_stroke(PICKED, 2.5)))
    return shapes


# ----- pieces of the picture -----------------------------------------------------------------


def _stroke(colour: str, width: float) -> ft.Paint:
    return ft.Paint(color=colour, stroke_width=width, style=ft.PaintingStyle.STROKE)


def _column(
    at: tuple[float, float], size: float, colour: str, hollow: bool = False
) -> list[cv.Shape]:
    cx, cy = at
    r = size * 0.34
    if hollow:  # the space's number stays readable inside
        return [
            cv.Circle(cx, cy, r + 1, paint=_stroke(RAIL, 1.0)),
            cv.Circle(cx, cy, r, paint=_stroke(colour, max(2.5, size * 0.14))),
        ]
    return [
        cv.Circle(cx, cy, r, paint=ft.Paint(color=colour)),
        cv.Circle(cx, cy, r, paint=_stroke(RAIL, 1.2)),
    ]


def _arrow(a: tuple[float, float], z: tuple[float, float], size: float) -> cv.Shape:
    """A small chevron on the space at ``a`` pointing at the next space, ``z``."""
    (ax, ay), (zx, zy) = a, z
    length = math.hypot(zx - ax, zy - ay) or 1.0
    ux, uy = (zx - ax) / length, (zy - ay) / length
    tip = (ax + ux * size * 0.28, ay + uy * size * 0.28)
    back = size * 0.16
    wing = size * 0.16
    left = (tip[0] - ux * back * 2 - uy * wing, tip[1] - uy * back * 2 + ux * wing)
    right = (tip[0] - ux * back * 2 + uy * wing, tip[1] - uy * back * 2 - ux * wing)
    return cv.Path(
        [
            cv.Path.MoveTo(*left),
            cv.Path.LineTo(*tip),
            cv.Path.LineTo(*right),
        ],
        paint=_stroke(ARROW, max(1.2, size * 0.08)),
    )


def _bridge(a: tuple[float, float], z: tuple[float, float], size: float) -> list[cv.Shape]:
    """A plank between two spaces with a rail along each side."""
    (ax, ay), (zx, zy) = a, z
    length = math.hypot(zx - ax, zy - ay) or 1.0
    nx, ny = -(zy - ay) / length, (zx - ax) / length
    w = size * 0.3
    shapes: list[cv.Shape] = [
        cv.Line(ax, ay, zx, zy, paint=ft.Paint(color=PLANK, stroke_width=2 * w)),
    ]
    for side in (-1, 1):
        ox, oy = nx * w * side, ny * w * side
        shapes.append(cv.Line(ax + ox, ay + oy, zx + ox, zy + oy, paint=_stroke(RAIL, 1.5)))
    return shapes


def olympus_cell(b: Board, colour: int) -> tuple[int, int]:
    """Mount Olympus: the outer corner of the colour's bay, where its hero sits."""
    x, y = b.quarry_cells[colour][0]
    sx = 1 if x > 0 else -1
    sy = 1 if y > 0 else -1
    return (sx * (b.arm + 2), sy * (b.arm + 2))


def _olympus(at: tuple[float, float], size: float, colour: str) -> cv.Shape:
    cx, cy = at
    h = size * 0.42
    return cv.Path(
        [
            cv.Path.MoveTo(cx - h, cy + h * 0.8),
            cv.Path.LineTo(cx, cy - h),
            cv.Path.LineTo(cx + h, cy + h * 0.8),
            cv.Path.Close(),
        ],
        paint=ft.Paint(color=colour),
    )


def _temple_mark(at: tuple[float, float], size: float) -> cv.Shape:
    """A small roof on a temple site."""
    cx, cy = at
    h = size * 0.22
    return cv.Path(
        [
            cv.Path.MoveTo(cx - h * 1.3, cy - h * 0.2),
            cv.Path.LineTo(cx, cy - h * 1.2),
            cv.Path.LineTo(cx + h * 1.3, cy - h * 0.2),
        ],
        paint=_stroke(EDGE, 1.2),
    )
