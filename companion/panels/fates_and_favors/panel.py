"""The Fates and Favors screen as a whole: ``build_panel`` lays out the sections from top to
bottom (status, Hero cards, match block, card picker, board, outcomes, new hand, hand,
score pad) and keeps each under what it draws."""

from __future__ import annotations

import contextlib
from typing import Any

import flet as ft

from rules.fates_and_favors import QUARRY, FfState, Play
from rules.fates_and_favors.plays import resolve
from rules.fates_and_favors.zeus import ZEUS_SPACES

from ...views.reconcile import swap_in
from ..base import PanelContext
from . import match
from .board_view import _board, _board_tools, _column_tap, _quarry_tap
from .card_picker import _card_picker
from .hand import _hand
from .outcomes import _outcomes, _proposals, _zeus
from .picks import Here, Pick, memory, turn_key
from .picture import fit
from .score_pad import _score_pad
from .status import _hero_cards, _status
from .stuck import _stuck
from .zeus_picker import zeus_board_tap, zeus_picker


def build_panel(ctx: PanelContext) -> ft.Control:
    """The whole screen for ``ctx.state`` (an ``FfState`` redacted for this device)."""
    pick = memory(ctx.page, ctx.table_id)
    turn = turn_key(ctx.state)
    if pick.turn != turn:
        pick.forget_play()
        pick.turn = turn
    if pick.version != ctx.version:
        pick.chosen, pick.version = -1, ctx.version
        pick.split = {}  # the columns have moved: a Zeus split starts again
    holder = ft.Column(spacing=0, expand=True)

    def refresh() -> None:
        # Diffed into the tree the phone shows, so the list keeps its scroll position
        # (a stepper tap halfway down must not jump the screen back to the top).
        with contextlib.suppress(RuntimeError, AssertionError):
            swap_in(holder, _body(ctx, pick, refresh))

    holder.controls = [_body(ctx, pick, refresh)]
    return holder


def _board_width(ctx: PanelContext) -> int:
    """The picture's width: the phone's width less the screen's margins."""
    width = getattr(ctx.page, "width", None)
    return fit(width - 32 if isinstance(width, (int, float)) and width > 0 else None)


def _body(ctx: PanelContext, pick: Pick, refresh: Any) -> ft.Control:
    state: FfState = ctx.state
    plays, answer = _proposals(ctx, pick)
    chosen = plays[pick.chosen] if 0 <= pick.chosen < len(plays) else None
    lit: list[int] = []
    before = set(state.columns)
    if isinstance(chosen, Play):
        lit = [p for p in resolve(state, chosen).sim.columns() if p not in before and p >= 0]
    elif _zeus(pick):
        lit = [start for _, start in pick.split]  # the columns picked so far
    elif pick.column is not None and plays:
        # every place the picked column's outcomes take it (or its own colour, if a hit
        # moves it on)
        colour = pick.column[0]
        mine = set(state.columns[colour * 4 : colour * 4 + 4])
        ends: set[int] = set()
        for play in plays:
            if isinstance(play, Play):
                after = resolve(state, play).sim.columns()[colour * 4 : colour * 4 + 4]
                ends |= {p for p in after if p not in mine}
        lit = sorted(p for p in ends if p >= 0)
    picked = pick.column[1] if pick.column is not None and pick.column[1] != QUARRY else None
    # Each section is kept (``PanelContext.kept``) under everything it draws: the state's
    # parts it reads and this page's picks; taps on a kept section reach the drawing on
    # screen through its route (``Here``).
    here = Here(ctx, pick, refresh)
    zeus = _zeus(pick)
    width = _board_width(ctx)
    start = match.at_start(state) and ctx.can_act
    content: list[ft.Control] = [_status(ctx), _hero_cards(ctx)]
    if start:
        content += _match(ctx, pick, here, refresh, notice=True)
    if state.phase == "play":
        content.append(
            ctx.kept_routed(
                "ff-cards",
                (pick.card, pick.hero, pick.favor, pick.more),
                lambda route: _card_picker(route, pick),
                here,
            )
        )
    content.append(
        ctx.kept_routed(
            "ff-board",
            (
                state.arm,
                state.arm_bridge,
                state.columns,
                tuple(lit),
                zeus,
                picked,
                pick.numbers,
                width,
                state.phase,
            ),
            lambda route: _board(
                state,
                lit,
                zeus_board_tap(route) if zeus else _column_tap(route),
                None if zeus else _quarry_tap(route),
                width=width,
                numbers=pick.numbers,
                picked=picked,
            ),
            here,
        )
    )
    content.append(_board_tools(ctx, pick, refresh))
    if state.phase == "play":
        if zeus:
            content += zeus_picker(ctx, pick, refresh)
        if not zeus or sum(pick.split.values()) == ZEUS_SPACES:
            content += _outcomes(ctx, pick, plays, chosen, answer, refresh)
        content += _stuck(ctx, pick, here, refresh)
    content += _hand(ctx)
    content += _score_pad(ctx)
    if not start and ctx.can_act and state.phase != "over":
        content += _match(ctx, pick, here, refresh, notice=False)
    return ft.ListView(
        controls=content,
        spacing=10,
        padding=ft.Padding.only(left=16, right=16, top=8, bottom=24),
        expand=True,
    )


def _match(
    ctx: PanelContext, pick: Pick, here: Here, refresh: Any, *, notice: bool
) -> list[ft.Control]:
    """The match block; kept while both forms are shut (it then draws only the words of
    ``match.status_words`` and two buttons)."""
    if pick.draft.open:
        return match.section(ctx, pick.draft, refresh, notice=notice)
    words = match.status_words(ctx.state)
    return [
        ctx.kept_routed(
            "ff-match",
            (notice, words),
            lambda route: ft.Column(
                match.section(ctx, pick.draft, refresh, notice=notice, route=route)
            ),
            here,
        )
    ]
