"""The turn changer "No card can be played: new hand" (ff.turn.stuck), which asks first."""

from __future__ import annotations

from typing import Any

import flet as ft

from rules.fates_and_favors import FfState, Stuck

from ... import theme
from .. import widgets
from ..base import PanelContext, Route
from .picks import Here, Pick, may_play


def _stuck(ctx: PanelContext, pick: Pick, here: Here, refresh: Any) -> list[ft.Control]:
    """A "No card can be played: new hand" button (ff.turn.stuck) that asks first: the
    second step names what it does and waits for a yes."""
    state: FfState = ctx.state
    mine = may_play(ctx)
    seat = state.seat

    def cancel(_: Any) -> None:
        pick.confirm_stuck = False
        refresh()

    if not mine or not pick.confirm_stuck:

        def button(route: Route) -> ft.Control:
            def ask(_: Any) -> None:
                route.to.pick.confirm_stuck = True
                route.to.refresh()

            # always there, hidden on a phone that may not play now: the list keeps its
            # shape and a phone whose answer did not change gets nothing new
            return theme.tagged(
                "ff-stuck",
                ft.OutlinedButton("No card can be played: new hand", on_click=ask, visible=mine),
            )

        return [ctx.kept_routed("ff-stuck", (seat if mine else -1, mine), button, here)]
    name = state.players[seat]
    nxt = state.players[state.order[(state.turn + 1) % len(state.order)]]
    words = (
        f"{name} discards the whole hand, draws {state.hand_sizes[seat]} new cards and plays "
        f"nothing this turn; then it is {nxt}'s turn. Only when no card in the hand can be "
        "played."
    )
    verdict = ctx.check(Stuck(seat))
    out: list[ft.Control] = [
        theme.tagged("ff-stuck-ask", ft.Text(words, size=14)),
    ]
    if not verdict.legal:
        out.append(widgets.verdict_box(verdict, "ff-stuck-verdict", ctx.open_rule))
    buttons: list[ft.Control] = [
        theme.tagged("ff-stuck-no", ft.OutlinedButton("Keep playing", on_click=cancel)),
    ]
    if verdict.legal:
        buttons.insert(
            0,
            theme.tagged(
                "ff-stuck-yes",
                ft.FilledButton("Yes: new hand", on_click=lambda _: ctx.act(Stuck(seat))),
            ),
        )
    out.append(ft.Row(buttons, wrap=True, spacing=8, run_spacing=8))
    return [
        ft.Container(
            padding=10,
            border_radius=10,
            border=ft.Border.all(1, ft.Colors.OUTLINE),
            content=ft.Column(spacing=8, controls=out),
        )
    ]
