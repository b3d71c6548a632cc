"""The top of the Fates and Favors screen: whose turn it is (or how the game ended), the
co-op deck, and every hero's Hero card."""

from __future__ import annotations

import flet as ft

from rules.fates_and_favors import FfState
from rules.fates_and_favors.data import COLOURS

from ... import theme
from ..base import PanelContext


def _hero_cards(ctx: PanelContext) -> ft.Control:
    """Every hero's Hero card, ready or used (ff.hero.card), on the game screen itself."""
    state: FfState = ctx.state
    parts = []
    for seat, name in enumerate(state.players):
        left = state.hero_cards[seat]
        total = len(state.seat_colours[seat]) if state.coop else 1
        if total > 1:
            parts.append(f"{name} {left} of {total}")
        else:
            parts.append(f"{name} {'ready' if left else 'used'}")
    words = "Hero cards: " + " · ".join(parts)
    return ctx.kept(
        "ff-hero-cards",
        words,
        lambda: theme.tagged("ff-hero-cards", ft.Text(words, size=13, color=theme.MUTED)),
    )


def _status(ctx: PanelContext) -> ft.Control:
    state: FfState = ctx.state
    now, deck = _status_words(state)
    return ctx.kept("ff-status", (now, deck), lambda: _status_row(now, deck))


def _status_row(now: str, deck: int | None) -> ft.Control:
    row: list[ft.Control] = [ft.Text(now, size=15, weight=ft.FontWeight.W_600, expand=True)]
    if deck is not None:
        row.append(theme.tagged("ff-deck", ft.Text(f"Deck {deck}", size=15)))
    return theme.tagged("ff-status", ft.Row(row))


def _status_words(state: FfState) -> tuple[str, int | None]:
    """Whose turn or how the game ended, and the co-op deck (``None`` when not counted)."""
    seat = state.seat
    colours = "/".join(COLOURS[c] for c in state.seat_colours[seat])
    if state.phase == "play":
        now = f"Game {state.game_no} · {state.players[seat]}'s turn ({colours})"
    elif state.phase == "won":
        winners = state.series[-1].winners
        now = f"Game {state.game_no} won by " + " & ".join(state.players[s] for s in winners)
    elif state.phase == "lost":
        now = f"Game {state.game_no} lost"
    else:
        now = "The series is over"
    return now, state.deck if state.coop else None
