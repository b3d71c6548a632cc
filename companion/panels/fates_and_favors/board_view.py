"""The Fates and Favors board as a tappable picture: a tap on a column or the quarry reaches
the drawing on screen; the tools under it (space numbers) and the board in words."""

from __future__ import annotations

from typing import Any

import flet as ft

from rules.fates_and_favors import QUARRY, FfState, board
from rules.fates_and_favors.data import COLOURS

from ... import theme
from ..base import PanelContext, Route
from ..chips import chip
from .picks import BOARD_PICKS, Pick
from .picture import board_picture


def _board(
    state: FfState,
    lit: list[int],
    on_tap: Any,
    on_quarry: Any,
    *,
    width: int,
    numbers: bool,
    picked: int | None,
) -> ft.Control:
    """The board picture, with its words for screen readers; drawn from the state's arm,
    bridge and columns, ``lit``, ``picked``, ``numbers``, ``width`` and whether it takes
    taps (``on_tap``)."""
    return theme.tagged(
        "ff-board",
        # exclude_semantics: a tap on the picture must stay a pointer event with its
        # place, not become a semantic tap without one
        ft.Semantics(
            label=_board_words(state),
            container=True,
            exclude_semantics=True,
            content=ft.Row(
                [
                    board_picture(
                        state, lit, on_tap, on_quarry, width=width, numbers=numbers, picked=picked
                    )
                ],
                alignment=ft.MainAxisAlignment.CENTER,
            ),
        ),
    )


def _board_tools(ctx: PanelContext, pick: Pick, refresh: Any) -> ft.Control:
    """Under the board: the space-numbers switch and what a tapped empty space is."""
    state: FfState = ctx.state
    b = board(state.arm, state.arm_bridge)

    def toggle(_: Any) -> None:
        pick.numbers = not pick.numbers
        refresh()

    if pick.column is not None:
        colour, start = pick.column
        where = "in its quarry" if start == QUARRY else f"on {b.name(start)}"
        words = f"Picked: the {COLOURS[colour]} column {where}."
    elif pick.spot is not None:
        words = f"Space {pick.spot}: {b.name(pick.spot)}, empty."
    elif pick.card or pick.hero or pick.favor in BOARD_PICKS:
        words = "Tap a column on the board to see what the card does with it."
    else:
        words = ""
    return ft.Row(
        wrap=True,
        spacing=8,
        run_spacing=4,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
        controls=[
            chip(
                "ff-numbers",
                "Hide numbers" if pick.numbers else "Space numbers",
                selected=pick.numbers,
                on_click=toggle,
                min_width=96,
                size=15,
            ),
            theme.tagged("ff-spot", ft.Text(words, size=13, color=theme.MUTED)),
        ],
    )


def _column_tap(route: Route) -> Any:
    """Tapping a space on the board picks the column standing there (tapping it again lets
    it go); an empty space is named under the board."""

    def tapped(space: int) -> None:
        ctx: PanelContext = route.to.ctx
        pick: Pick = route.to.pick
        state: FfState = ctx.state
        if space in state.columns:
            colour = state.columns.index(space) // 4
            pick.column = None if pick.column == (colour, space) else (colour, space)
            pick.spot = None
        else:
            pick.column, pick.spot = None, space
        pick.chosen = -1
        route.to.refresh()

    return tapped


def _quarry_tap(route: Route) -> Any:
    """Tapping a quarry picks one of its waiting columns (none waiting: nothing happens)."""

    def tapped(colour: int) -> None:
        ctx: PanelContext = route.to.ctx
        pick: Pick = route.to.pick
        if QUARRY not in ctx.state.columns[colour * 4 : colour * 4 + 4]:
            return
        pick.column = None if pick.column == (colour, QUARRY) else (colour, QUARRY)
        pick.spot, pick.chosen = None, -1
        route.to.refresh()

    return tapped


def _board_words(state: FfState) -> str:
    b = board(state.arm, state.arm_bridge)
    parts = []
    for c, name in enumerate(COLOURS):
        spots = [b.name(p) for p in state.columns[c * 4 : c * 4 + 4]]
        parts.append(f"{name}: " + ", ".join(spots))
    return "Board. " + "; ".join(parts)
