"""The Zeus picker of the Fates and Favors screen, columns first
(ff.assume.zeus-split-first): each column Zeus may move with -/+ chips stepping through the
amounts the rules offer it, the running total, and taps on the board's columns adding to
the split. ``pick`` is the screen's ``Pick`` (its ``split`` and ``chosen``)."""

from __future__ import annotations

from typing import Any

import flet as ft

from rules.core.words import counted
from rules.fates_and_favors import FfState, board
from rules.fates_and_favors.data import COLOURS
from rules.fates_and_favors.zeus import ZEUS_SPACES, ZeusColumn

from ... import theme
from ..base import PanelContext, Route
from ..chips import chip
from .picture import PAINT


def zeus_picker(ctx: PanelContext, pick: Any, refresh: Any) -> list[ft.Control]:
    """Zeus columns first (ff.assume.zeus-split-first): each column Zeus may move, with -/+
    chips stepping through the amounts the rules offer it, and the running total; at ten
    the split's outcomes are listed below."""
    state: FfState = ctx.state
    b = board(state.arm, state.arm_bridge)
    columns: list[ZeusColumn] = ctx.game.zeus_first_parts(state)
    offered = {c.column: c.offered for c in columns}
    pick.split = {k: n for k, n in pick.split.items() if n in offered.get(k, ())}
    total = sum(pick.split.values())

    def step(column: tuple[int, int], up: bool) -> Any:
        def go(_: Any) -> None:
            nxt = _next_amount(offered[column], pick.split.get(column, 0), total, up)
            if nxt is None:
                return
            if nxt:
                pick.split[column] = nxt
            else:
                pick.split.pop(column, None)
            pick.chosen = -1
            refresh()

        return go

    def clear(_: Any) -> None:
        pick.split, pick.chosen = {}, -1
        refresh()

    left = ZEUS_SPACES - total
    out: list[ft.Control] = [
        theme.muted(
            "Zeus: share ten spaces among any columns, each column once. Tap a column on "
            "the board or use + and −."
        ),
        theme.tagged(
            "ff-zeus-total",
            ft.Text(
                f"{total} of {ZEUS_SPACES}" + (f" · {left} to place" if left else " · ready"),
                size=18,
                weight=ft.FontWeight.W_600,
            ),
        ),
    ]
    if not columns:
        out.append(theme.muted("No column can move now, so Zeus cannot be played."))
    for c in columns:
        key = f"{c.colour}-{c.start}"
        amount = pick.split.get(c.column, 0)
        can_down = amount > 0
        can_up = _next_amount(c.offered, amount, total, True) is not None
        out.append(
            ft.Semantics(
                identifier=f"ff-zeus-col-{key}",
                label=f"{COLOURS[c.colour]} on {b.name(c.start)}: {counted(amount, 'space')}",
                content=ft.Container(
                    ft.Row(
                        [
                            ft.Container(
                                width=10, height=44, bgcolor=PAINT[c.colour], border_radius=4
                            ),
                            ft.Column(
                                [
                                    ft.Text(
                                        f"{COLOURS[c.colour].capitalize()} on {b.name(c.start)}",
                                        size=14,
                                    ),
                                    *_zeus_hint(c, amount),
                                ],
                                spacing=0,
                                expand=True,
                            ),
                            chip(
                                f"ff-zeus-minus-{key}",
                                "−",
                                on_click=step(c.column, False) if can_down else None,
                                disabled=not can_down,
                                size=15,
                            ),
                            theme.tagged(
                                f"ff-zeus-amount-{key}",
                                ft.Text(
                                    str(amount),
                                    size=18,
                                    width=30,
                                    text_align=ft.TextAlign.CENTER,
                                    weight=ft.FontWeight.BOLD if amount else None,
                                ),
                            ),
                            chip(
                                f"ff-zeus-plus-{key}",
                                "+",
                                on_click=step(c.column, True) if can_up else None,
                                disabled=not can_up,
                                size=15,
                            ),
                        ],
                        spacing=6,
                    ),
                    padding=ft.Padding.only(left=6, right=6, top=2, bottom=2),
                    border_radius=10,
                    border=ft.Border.all(2 if amount else 1, ft.Colors.OUTLINE),
                    bgcolor=ft.Colors.PRIMARY_CONTAINER if amount else None,
                ),
            )
        )
    if pick.split:
        out.append(
            theme.tagged(
                "ff-zeus-clear", ft.OutlinedButton("Start the split again", on_click=clear)
            )
        )
    return out


def _zeus_hint(c: ZeusColumn, amount: int) -> list[ft.Control]:
    """A line under a column that its own colour stands in the way, where that matters."""
    if amount in c.later:
        words = f"Only after its own {COLOURS[c.colour]} column ahead has moved."
    elif not c.amounts:
        words = f"Moves only once its own {COLOURS[c.colour]} column ahead has moved."
    else:
        return []
    return [ft.Text(words, size=12, color=theme.MUTED)]


def zeus_board_tap(route: Route) -> Any:
    """Tapping a column on the board while picking a Zeus split works as its + chip (on the
    state of the drawing on screen, ``route.to``)."""

    def tapped(space: int) -> None:
        ctx: PanelContext = route.to.ctx
        refresh = route.to.refresh
        state: FfState = ctx.state
        for c in ctx.game.zeus_first_parts(state):
            if c.start == space:
                pick = route.to.pick
                total = sum(pick.split.values())
                nxt = _next_amount(c.offered, pick.split.get(c.column, 0), total, True)
                if nxt:
                    pick.split[c.column] = nxt
                    pick.chosen = -1
                    refresh()
                return

    return tapped


def _next_amount(offered: tuple[int, ...], amount: int, total: int, up: bool) -> int | None:
    """The amount a +/- chip moves a column to: the next one the rules offer that keeps the
    total within ten (0 takes the column out of the split); ``None`` when there is none."""
    room = ZEUS_SPACES - total + amount
    if up:
        return next((n for n in offered if amount < n <= room), None)
    if amount == 0:
        return None
    return max((n for n in offered if n < amount), default=0)
