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
    entries: list[tuple[str, str]] = []
    for seat, name in enumerate(state.players):
        left = state.hero_cards[seat]
        total = len(state.seat_colours[seat]) if state.coop else 1
        if total > 1:
            entries.append((f"{name} {left} of {total}", f"{name} {total} of {total}"))
        else:
            entries.append((f"{name} {'ready' if left else 'used'}", f"{name} ready"))
    words = "Hero cards: " + " · ".join(shown for shown, _ in entries)
    return ctx.kept("ff-hero-cards", words, lambda: _hero_line(words, entries))


def _hero_line(words: str, entries: list[tuple[str, str]]) -> ft.Control:
    """The line of Hero cards, each hero's entry as wide as its widest wording ("ready",
    "3 of 3"), so a card used or played back never moves the words onto another line: the
    screen under the line stays where it was, and a phone draws one frame for the change,
    not a second one for the list's new height. Read aloud as the one sentence ``words``."""

    def entry(shown: str, widest: str) -> ft.Control:
        # The widest wording, drawn see-through under the one shown, holds the width.
        return ft.Stack(
            [ft.Text(widest, size=13, opacity=0), ft.Text(shown, size=13, color=theme.MUTED)]
        )

    parts: list[ft.Control] = [ft.Text("Hero cards:", size=13, color=theme.MUTED)]
    for n, (shown, widest) in enumerate(entries):
        dot = " ·" if n < len(entries) - 1 else ""
        parts.append(entry(shown + dot, widest + dot))
    return theme.tagged(
        "ff-hero-cards",
        ft.Semantics(
            label=words,
            container=True,
            exclude_semantics=True,
            # A word's width between entries: at 4 px, "ready ·Cy" read as one word.
            content=ft.Row(parts, wrap=True, spacing=8, run_spacing=0),
        ),
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
