"""The series score pad: each game's result and the running totals."""

from __future__ import annotations

from typing import Any

import flet as ft

from rules.fates_and_favors import EndSeries, FfState, NextGame

from ... import theme
from ..base import PanelContext


def _score_pad(ctx: PanelContext) -> list[ft.Control]:
    state: FfState = ctx.state
    sheet = ctx.game.score(state)
    ended = state.phase in ("won", "lost") and ctx.can_act
    # Drawn from the score sheet and whether the next game may be started here alone.
    return [ctx.kept("ff-score", (sheet, ended), lambda: _score_section(ctx, sheet, ended))]


def _score_section(ctx: PanelContext, sheet: Any, ended: bool) -> ft.Control:
    rows = []
    for seat, player in enumerate(sheet.players):
        games = " ".join(str(i.points) for i in player.items) or "–"
        rows.append(
            ft.Row(
                [
                    ft.Text(player.name, expand=True, size=15),
                    ft.Text(games, size=14, color=theme.MUTED),
                    theme.tagged(
                        f"ff-score-{seat}-total",
                        ft.Text(str(player.total), size=16, weight=ft.FontWeight.BOLD),
                    ),
                ]
            )
        )
    out: list[ft.Control] = [theme.heading("Score pad"), *rows, theme.muted(sheet.summary)]
    if ended:
        out.append(
            ft.Row(
                [
                    theme.tagged(
                        "ff-next-game",
                        ft.FilledButton("Next game", on_click=lambda _: ctx.act(NextGame())),
                    ),
                    theme.tagged(
                        "ff-end-series",
                        ft.OutlinedButton("End series", on_click=lambda _: ctx.act(EndSeries())),
                    ),
                ]
            )
        )
    return ft.Column(spacing=10, controls=out)
