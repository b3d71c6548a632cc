"""A seat's hand, noted on its own phone only (it never leaves that seat's view)."""

from __future__ import annotations

from typing import Any

import flet as ft

from rules.fates_and_favors import EnterHand, FfState

from ... import theme
from .. import widgets
from ..base import PanelContext
from .picks import memory


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


def _hand_cards(text: str) -> tuple[str, ...]:
    return tuple(text.lower().split())


def _hand_section(ctx: PanelContext, seat: int, playable: tuple[str, ...]) -> ft.Control:
    state: FfState = ctx.state
    # What is typed is kept as typed (over redraws, a look at the rules, the other players'
    # turns) until it is noted; the line under the field judges it at each keystroke.
    typed = memory(ctx.page, ctx.table_id).hands
    if seat in typed and _hand_cards(typed[seat]) == state.hands[seat]:
        del typed[seat]  # noted: nothing left to keep
    check = ft.Text("", size=14)
    # The tag hides, not the text inside it (a tag around a hidden control is an error).
    check_line = theme.tagged("ff-hand-check", check)
    check_line.visible = False

    def judge(text: str) -> None:
        cards = _hand_cards(text)
        check_line.visible = cards != state.hands[seat]
        verdict = ctx.check(EnterHand(seat, cards))
        if not verdict.legal:
            check.value, check.color = verdict.reason, theme.BAD
        elif cards:
            check.value, check.color = "To note: " + ", ".join(cards) + ".", theme.MUTED
        else:
            check.value, check.color = "To note: an empty hand (forgets it).", theme.MUTED

    def on_text(text: str) -> None:
        typed[seat] = text
        judge(text)

    fields: dict[str, ft.TextField] = {}
    shown = typed.get(seat, " ".join(state.hands[seat]))
    field = widgets.typed_field(
        fields, "ff-hand-field", "Your hand (private), e.g. 3 7 10 zeus", shown, on_text
    )
    if seat in typed:
        judge(shown)

    def save(_: Any) -> None:
        ctx.act(EnterHand(seat, _hand_cards(fields["ff-hand-field"].value or "")))

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
            field,
            check_line,
            theme.tagged("ff-hand-save", ft.OutlinedButton("Note my hand", on_click=save)),
            theme.tagged("ff-hand-note", ft.Text(note, size=14)),
        ],
    )
