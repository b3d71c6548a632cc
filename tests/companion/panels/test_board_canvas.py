"""A drawn board scales to the width it is given, and a tap finds the same place at any
scale (the Grimheim map: a tap on a hex's centre, drawn at any phone's scale, picks that
hex)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import flet as ft
import flet.canvas as cv
import pytest

from companion.panels.board_canvas import board_scale, fitted_board
from companion.panels.grimheim import map as gm
from rules.grimheim import data, hexmap


def _find(control: Any, kind: type) -> Any:
    """The first control of ``kind`` inside ``control`` (depth first)."""
    if isinstance(control, kind):
        return control
    for name in ("content", "controls"):
        child = getattr(control, name, None)
        for part in child if isinstance(child, list) else [child]:
            if part is not None and (found := _find(part, kind)) is not None:
                return found
    return None


def _size_box(board: ft.Control) -> Any:
    """The box that reports the width the board was laid out at."""
    box = board
    while getattr(box, "on_size_change", None) is None:
        box = box.content  # type: ignore[attr-defined]
    return box


def test_board_scale_shrinks_to_the_width_given_never_grows() -> None:
    assert board_scale(300, 334) == pytest.approx(300 / 334)
    assert board_scale(500, 334) == 1.0
    assert board_scale(0, 334) == 1.0


@pytest.mark.parametrize("width", [260.0, 288.0, 318.0, 334.0, 400.0])
def test_grimheim_tap_on_each_hex_centre_picks_it_at_any_scale(width: float) -> None:
    """The map laid out ``width`` px wide (a 320 px phone gives it about 288): drawn again
    at that scale, and a tap on the centre of any hex as drawn picks that very hex."""
    picked: list[tuple[int, int]] = []
    memory: dict[str, Any] = {}
    state = SimpleNamespace(monsters=[], heroes=[])
    picture = gm.map_picture(lambda s: gm.draw(state, scale=s), picked.append, memory=memory)
    box = _size_box(picture)
    box.update = lambda: None  # not on a page here: the redraw itself is what is checked
    box.on_size_change(SimpleNamespace(width=width, height=width / gm.WIDTH * gm.HEIGHT))
    scale = board_scale(width, gm.WIDTH)
    assert memory["grim-map"] == pytest.approx(scale)
    canvas = _find(picture, cv.Canvas)
    assert canvas.width == pytest.approx(gm.WIDTH * scale)
    assert canvas.width <= width + 1e-6
    # Every shape now lies within the board as drawn at that scale.
    xs = [s.x for s in canvas.shapes if isinstance(s, cv.Circle)]
    assert max(xs) <= gm.WIDTH * scale
    tap = _find(picture, ft.GestureDetector).on_tap_down
    for coord in data.load().hexes:
        cx, cy = hexmap.hex_center(*coord, gm.SIZE * scale)
        tap(SimpleNamespace(local_position=SimpleNamespace(x=cx, y=cy)))
        assert picked[-1] == coord, (coord, width)


def test_a_board_starts_at_the_scale_this_device_last_reported() -> None:
    """The next drawing on the same phone is made at its width straight away."""
    memory: dict[str, Any] = {"b": 0.5}
    seen: list[float] = []

    def draw(scale: float) -> list[cv.Shape]:
        seen.append(scale)
        return [cv.Circle(10 * scale, 10 * scale, 5 * scale)]

    board = fitted_board(draw, 200, 100, memory=memory, memory_key="b")
    assert seen == [0.5]
    assert _find(board, cv.Canvas).width == 100
    box = _size_box(board)
    box.update = lambda: None
    box.on_size_change(SimpleNamespace(width=100, height=50))
    assert seen == [0.5], "the same width again costs no redraw"


def _heads(shapes: list[Any], colour: str) -> int:
    """Filled arrowheads of ``colour`` among ``shapes``."""
    return sum(
        1
        for s in shapes
        if isinstance(s, cv.Path) and s.paint is not None and s.paint.color == colour
    )


def test_grim_monster_charge_drawn_as_a_charge_on_the_map() -> None:
    """A charge (grim.monster.charge; here a skull step, grim.time.skull) is drawn as a
    charge: each of its steps an orange arrow with a double head, where an ordinary step
    is a yellow arrow with one head; the legend names both."""
    from rules.grimheim.state import MonsterTile
    from tests.rules.grimheim.test_monster_move_verdicts import OGRE, moving

    def plan(time: int) -> tuple[Any, list[Any], set[Any]]:
        state = moving(time, MonsterTile("brute", OGRE))
        phase = gm.proposed_moves(state, state.die_face)
        return state, gm.steps_of(phase), gm.charge_steps_of(phase)

    state, steps, charges = plan(9)  # short track: 9 is a skull step
    assert steps == [(OGRE, (4, 9)), ((4, 9), (5, 9))] and set(steps) == charges
    shapes = gm.draw(state, arrows=steps, charges=charges)
    assert _heads(shapes, gm.CHARGE_COLOUR) == 2 * len(steps)
    assert _heads(shapes, gm.MOVE_COLOUR) == 0

    state, steps, charges = plan(2)  # an ordinary step: one area, no charge
    assert len(steps) == 1 and not charges
    shapes = gm.draw(state, arrows=steps, charges=charges)
    assert _heads(shapes, gm.MOVE_COLOUR) == 1
    assert _heads(shapes, gm.CHARGE_COLOUR) == 0

    legend = gm._legend_row()
    keys = {
        row.controls[1].value: row.controls[0]
        for row in legend.content.controls
        if isinstance(row, ft.Row)
    }
    assert set(keys) == {"Move", "Charge"}
    assert keys["Charge"].identifier == "grim-legend-charge"
    charge_key = _find(keys["Charge"], cv.Canvas)
    assert _heads(charge_key.shapes, gm.CHARGE_COLOUR) == 2
