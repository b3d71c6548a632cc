"""The Fates and Favors board as a picture: the cross-shaped track, quarries, temple tracks,
bridges and every column in its colour, drawn on a canvas sized for a 390 px phone.

Highlighted spaces (the ends of the outcome being looked at) get a white ring.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import flet as ft
import flet.canvas as cv

from rules.fates_and_favors import QUARRY, FfState, board

PAINT = {
    0: ft.Colors.RED_400,
    1: ft.Colors.BLUE_400,
    2: ft.Colors.AMBER_400,
    3: ft.Colors.GREEN_400,
}
TINT = {
    0: ft.Colors.with_opacity(0.35, ft.Colors.RED_400),
    1: ft.Colors.with_opacity(0.35, ft.Colors.BLUE_400),
    2: ft.Colors.with_opacity(0.35, ft.Colors.AMBER_400),
    3: ft.Colors.with_opacity(0.35, ft.Colors.GREEN_400),
}
TRACK = ft.Colors.with_opacity(0.22, ft.Colors.WHITE)
WIDTH = 358


def space_at(state: FfState, x: float, y: float) -> int | None:
    """The space (main or temple track) drawn at pixel (``x``, ``y``) of ``board_picture``,
    or ``None`` for the spaces between."""
    b = board(state.arm, state.arm_bridge)
    half = b.arm + 2
    size = WIDTH / (2 * half + 1)
    cell = (int(x // size) - half, half - int(y // size))
    for space, xy in b.cells.items():
        if xy == cell:
            return space
    for c in range(4):
        for k, xy in enumerate(b.temple_cells[c]):
            if xy == cell:
                return b.temple(c, k)
    return None


def board_picture(
    state: FfState, highlight: Iterable[int] = (), on_tap_space: Callable[[int], None] | None = None
) -> ft.Control:
    """The board of ``state`` as a square canvas ``WIDTH`` px wide; with ``on_tap_space``,
    tapping a space calls it with that space."""
    b = board(state.arm, state.arm_bridge)
    half = b.arm + 2
    cells = 2 * half + 1
    size = WIDTH / cells

    def centre(xy: tuple[int, int]) -> tuple[float, float]:
        x, y = xy
        return ((x + half + 0.5) * size, (half - y + 0.5) * size)

    def square(xy: tuple[int, int], colour: str, inset: float = 1.5) -> cv.Shape:
        cx, cy = centre(xy)
        side = size - 2 * inset
        return cv.Rect(
            cx - side / 2, cy - side / 2, side, side, border_radius=3, paint=ft.Paint(color=colour)
        )

    shapes: list[cv.Shape] = []
    for a, z in b.bridges:
        (x1, y1), (x2, y2) = centre(b.cells[a]), centre(b.cells[z])
        shapes.append(
            cv.Line(x1, y1, x2, y2, paint=ft.Paint(color=ft.Colors.BROWN_300, stroke_width=4))
        )
    for space, xy in b.cells.items():
        colour = TRACK
        for c in range(4):
            if space in (b.gates[c], b.exits[c]):
                colour = TINT[c]
        shapes.append(square(xy, colour))
    for c in range(4):
        for k, xy in enumerate(b.temple_cells[c]):
            shapes.append(square(xy, TINT[c] if k >= b.sites_from else TRACK))
        for xy in b.quarry_cells[c]:
            shapes.append(square(xy, TINT[c], inset=3))
    lit = set(highlight)
    for slot, space in enumerate(state.columns):
        colour = slot // 4
        if space == QUARRY:
            continue
        xy = b.cells.get(space) or b.temple_cells[colour][space - b.temple(colour, 0)]
        cx, cy = centre(xy)
        shapes.append(cv.Circle(cx, cy, size * 0.36, paint=ft.Paint(color=PAINT[colour])))
    for colour in range(4):
        waiting = state.columns[colour * 4 : colour * 4 + 4].count(QUARRY)
        for n in range(waiting):
            cx, cy = centre(b.quarry_cells[colour][n])
            shapes.append(cv.Circle(cx, cy, size * 0.3, paint=ft.Paint(color=PAINT[colour])))
    for space in lit:
        where = b.temple_of(space)
        xy = b.cells.get(space) if where is None else b.temple_cells[where[0]][where[1]]
        if xy is None:
            continue
        cx, cy = centre(xy)
        ring = ft.Paint(color=ft.Colors.WHITE, stroke_width=3, style=ft.PaintingStyle.STROKE)
        shapes.append(cv.Circle(cx, cy, size * 0.48, paint=ring))
    canvas: ft.Control = cv.Canvas(shapes=shapes, width=WIDTH, height=WIDTH)
    if on_tap_space is not None:

        def tapped(e: ft.TapEvent[Any]) -> None:
            where = e.local_position
            space = space_at(state, where.x, where.y) if where is not None else None
            if space is not None:
                on_tap_space(space)

        canvas = ft.GestureDetector(content=canvas, on_tap_down=tapped, width=WIDTH, height=WIDTH)
    return ft.Container(content=canvas, width=WIDTH, height=WIDTH, alignment=ft.Alignment.CENTER)
