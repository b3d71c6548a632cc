"""A seat's hand, noted on its own phone only (it never leaves that seat's view)."""

from __future__ import annotations

from typing import Any

import flet as ft

from rules.fates_and_favors import EnterHand, FfState

from ... import theme
from ..base import PanelContext


def _hand(ctx: PanelContext) -> list[ft.Control]:
    """A seat's own phone may note its hand; it never leaves that seat's view."""
    state: FfState = ctx.state
    seat = ctx.seat
    if seat is None or not ctx.can_act:
        return []
    playable = tuple(ctx.game.playable(state, seat))
    # Drawn from this seat's hand, whose turn it is and what it can play now; its save acts
    # through the context (the same for every drawing of this screen).
    inputs = (seat, state.hands[seat], state.seat, playable)
    return [ctx.kept("ff-hand", inputs, lambda: _hand_section(ctx, seat, playable))]


def _hand_section(ctx: PanelContext, seat: int, playable: tuple[str, ...]) -> ft.Control:
    state: FfState = ctx.state
    field = ft.TextField(
        label="Your hand (private), e.g. 3 7 10 zeus",
        value=" ".join(state.hands[seat]),
    )

    def save(_: Any) -> None:
        ctx.act(EnterHand(seat, tuple((field.value or "").lower().split())))

    if not state.hands[seat]:
        note = "No hand noted."
    elif seat != state.seat:
        note = "Your hand: " + ", ".join(state.hands[seat])
    elif playable:
        note = (
            "Your hand: " + ", ".join(state.hands[seat]) + ". Playable now: " + ", ".join(playable)
        )
    else:
        note = "Your hand: " + ", ".join(state.hands[seat]) + ". No card in it can be played now."
    return ft.Column(
        spacing=10,
        controls=[
            theme.heading("Your hand"),
            theme.tagged("ff-hand-field", field),
            theme.tagged("ff-hand-save", ft.OutlinedButton("Note my hand", on_click=save)),
            theme.tagged("ff-hand-note", ft.Text(note, size=14)),
        ],
    )
