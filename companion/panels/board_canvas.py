"""A drawn board that scales to the width it is given.

A board is drawn in its own units (its printed layout at one fixed size, ``base_width`` ×
``base_height``). On a phone narrower than that the board shrinks to the width its parent
gives it, keeping its shape; on a wider one it stays at its base size. The phone reports
the width it laid the board out at (``on_size_change``); the board is then drawn again at
that scale, and taps are turned back into board units, so what a tap means never depends on
the phone it was made on.

The last width a device reported is remembered in ``memory`` (one dict per device), so the
next drawing of the board on that device starts at the right scale and costs no redraw.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from typing import Any

import flet as ft
import flet.canvas as cv

Draw = Callable[[float], list[cv.Shape]]
"""``draw(scale)``: the board's shapes with every length multiplied by ``scale``."""

Tap = Callable[[float, float], None]
"""``on_tap(x, y)``: a tap at ``(x, y)`` in board units (the unscaled drawing)."""


def board_scale(given_width: float, base_width: float) -> float:
    """The scale a board of ``base_width`` is drawn at when ``given_width`` is available:
    never larger than its base size, never wider than what it is given."""
    if given_width <= 0 or base_width <= 0:
        return 1.0
    return min(1.0, given_width / base_width)


def to_board(x: float, y: float, scale: float) -> tuple[float, float]:
    """A point on the drawing at ``scale`` → the same point in board units."""
    return (x / scale, y / scale)


def fitted_board(
    draw: Draw,
    base_width: float,
    base_height: float,
    *,
    on_tap: Tap | None = None,
    memory: MutableMapping[str, Any] | None = None,
    memory_key: str = "board",
    zoom: float = 1.0,
) -> ft.Control:
    """The board ``draw`` makes, as wide as its parent allows (at most ``base_width``) and
    as tall as its shape needs. ``on_tap`` gets taps in board units. ``zoom`` > 1 lets the
    player pinch-zoom up to that factor. ``memory`` keeps the scale this device last drew
    at under ``memory_key``."""
    remembered = memory if memory is not None else {}
    scale = float(remembered.get(memory_key, 1.0))
    width, height = base_width * scale, base_height * scale

    canvas = cv.Canvas(shapes=draw(scale), width=width, height=height)
    inner: ft.Control = canvas
    tappable: ft.GestureDetector | None = None
    if on_tap is not None:

        def tapped(e: Any) -> None:
            pos = e.local_position
            if pos is not None:
                on_tap(*to_board(pos.x, pos.y, float(remembered.get(memory_key, scale))))

        tappable = ft.GestureDetector(
            content=canvas, on_tap_down=tapped, width=width, height=height
        )
        inner = tappable
    viewer: ft.Control = inner
    if zoom > 1.0:
        viewer = ft.InteractiveViewer(
            content=inner, min_scale=1.0, max_scale=zoom, width=width, height=height
        )

    def resized(e: Any) -> None:
        now = board_scale(float(e.width), base_width)
        drawn = float(remembered.get(memory_key, scale))
        remembered[memory_key] = now if abs(now - drawn) >= 0.002 else drawn
        if abs(now - drawn) < 0.002:
            return
        w, h = base_width * now, base_height * now
        canvas.shapes = draw(now)
        for part in (canvas, tappable, viewer):
            if part is not None:
                part.width, part.height = w, h
        box.height = h
        box.update()

    # The box takes the width its parent gives (up to the base width) and the height of
    # the drawing at the scale it was last drawn at; a drawing still at the old scale is
    # clipped until it is redrawn. (An aspect ratio instead of a height lets Flutter size
    # the box before the canvas inside it, and taps then miss the drawing.)
    box = ft.Container(
        content=viewer,
        width=base_width,
        height=height,
        alignment=ft.Alignment.TOP_LEFT,
        clip_behavior=ft.ClipBehavior.HARD_EDGE,
        on_size_change=resized,
    )
    return ft.Container(content=box, width=base_width, alignment=ft.Alignment.TOP_CENTER)


def arrow(
    start: tuple[float, float],
    end: tuple[float, float],
    colour: str,
    *,
    width: float = 2.0,
    head: float = 8.0,
    heads: int = 1,
    stop_short: float = 0.0,
) -> list[cv.Shape]:
    """An arrow from ``start`` to ``end`` (stopping ``stop_short`` before it, so the head
    does not hide under a piece drawn there): a shaft and ``heads`` filled arrowheads of
    length ``head``, one behind the other (two read as a charge: "»")."""
    (x1, y1), (x2, y2) = start, end
    dx, dy = x2 - x1, y2 - y1
    length = (dx * dx + dy * dy) ** 0.5
    if length <= stop_short + 1e-6:
        return []
    ux, uy = dx / length, dy / length
    tip_x, tip_y = x2 - ux * stop_short, y2 - uy * stop_short
    stroke = ft.Paint(color=colour, stroke_width=width, style=ft.PaintingStyle.STROKE)
    fill = ft.Paint(color=colour, style=ft.PaintingStyle.FILL)
    shapes: list[cv.Shape] = [
        cv.Line(x1, y1, tip_x - ux * head * 0.5, tip_y - uy * head * 0.5, paint=stroke)
    ]
    for k in range(heads):
        bx, by = tip_x - ux * head * 0.9 * k, tip_y - uy * head * 0.9 * k
        back_x, back_y = bx - ux * head, by - uy * head
        half = head * 0.55
        shapes.append(
            cv.Path(
                [
                    cv.Path.MoveTo(bx, by),
                    cv.Path.LineTo(back_x - uy * half, back_y + ux * half),
                    cv.Path.LineTo(back_x + uy * half, back_y - ux * half),
                    cv.Path.Close(),
                ],
                paint=fill,
            )
        )
    return shapes
