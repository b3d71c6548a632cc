"""Reinforcements: each player finds the monster card drawn (by name or number), taps the
areas already taken on the map, and places, redraws or skips it."""

from __future__ import annotations

from typing import Any

import flet as ft

from rules.grimheim import data
from rules.grimheim.actions import PlaceCard, RedrawCard, SkipCard
from rules.grimheim.state import GrimheimState

from ... import theme
from .. import widgets
from ..base import PanelContext
from ..widgets import verdict_box
from .time_track import Refresh
from .ui import DECK_COLOURS, UiMemory, big_button, card, hex_label, monster_name, submit


def matching_cards(state: GrimheimState, query: str) -> list[data.MonsterCard]:
    """Cards of the deck being drawn whose number or name matches ``query``."""
    q = query.strip().lower()
    cards = [c for c in data.load().cards.values() if c.deck == state.reinforce_deck]
    if not q:
        return cards
    if q.isdigit():
        return [c for c in cards if str(c.number) == q or str(c.number).startswith(q)]
    return [c for c in cards if q in c.name.lower() or q in c.location.lower()]


def reinforcement_picker(ctx: PanelContext, mem: UiMemory, refresh: Refresh) -> ft.Control:
    """Pick the drawn card, see where its monsters go and whether it can be placed."""
    from .map import map_view

    state: GrimheimState = ctx.state
    colour = DECK_COLOURS[state.reinforce_deck]
    d = data.load()
    head: list[ft.Control] = [
        theme.tagged(
            "grim-phase",
            ft.Text(
                f"Reinforcements: {state.reinforcements_left} {state.reinforce_deck} "
                f"card{'' if state.reinforcements_left == 1 else 's'} to draw",
                size=18,
                weight=ft.FontWeight.BOLD,
                color=colour,
            ),
        ),
        theme.muted(
            "In player order, draw the top card of the deck and find it here by number or name."
        ),
    ]
    skip = SkipCard(occupied=tuple(sorted(mem.occupied)))
    if ctx.check(skip).legal:
        head.append(
            theme.tagged(
                "grim-skip-note",
                ft.Text(
                    f"No {state.reinforce_deck} card can be placed now (supply, Legends or "
                    "areas): drawing again would never end. Skip this draw (rule "
                    "grim.assume.no_placeable_card).",
                    color=theme.BAD,
                ),
            )
        )
        head.append(
            ft.Row(
                [
                    big_button(
                        "No card fits: skip this draw",
                        lambda _: submit(ctx, skip),
                        key="grim-card-skip",
                        disabled=not ctx.can_act,
                    )
                ]
            )
        )
    picked = d.cards.get(mem.card_number) if mem.card_number is not None else None
    if picked is not None and picked.deck != state.reinforce_deck:
        picked = None

    def on_query(text: str) -> None:
        # Each keystroke is kept (over redraws and a look at the rules) but redraws
        # nothing: a whole turn section per keystroke is more than a person's share of the
        # host (``budget``). Enter or Find narrows the list.
        mem.card_query = text

    def find() -> None:
        mem.card_number = None
        refresh()

    field = widgets.typed_field(
        mem.fields,
        "grim-card-search",
        "Card number or name",
        mem.card_query,
        on_query,
        on_enter=find,
        dense=True,
        expand=True,
    )
    head.append(
        ft.Row(
            spacing=8,
            controls=[
                field,
                theme.tagged(
                    "grim-card-find",
                    ft.IconButton(
                        ft.Icons.ARROW_FORWARD,
                        tooltip="Find",
                        on_click=lambda _: find(),
                        width=theme.TAP,
                        height=theme.TAP,
                    ),
                ),
            ],
        )
    )
    if picked is None:
        found = matching_cards(state, mem.card_query)
        if not found:
            head.append(
                ft.Text(
                    f"No {state.reinforce_deck} card matches {mem.card_query!r}.", color=theme.BAD
                )
            )
        chips: list[ft.Control] = []
        for c in found[:40]:

            def choose(_: Any, n: int = c.number) -> None:
                mem.card_number = n
                mem.occupied = set()
                refresh()

            chips.append(
                theme.tagged(
                    f"grim-card-{c.number}",
                    ft.Button(
                        content=f"{c.number} {c.name}",
                        on_click=choose,
                        style=ft.ButtonStyle(
                            padding=ft.Padding.symmetric(horizontal=10, vertical=14)
                        ),
                    ),
                )
            )
        head.append(ft.Row(chips, wrap=True, spacing=6, run_spacing=6))
        return card(ft.Column(head, spacing=8), key="grim-reinforce", border=colour)

    occupied = tuple(sorted(mem.occupied, key=lambda h: (h[1], h[0])))
    place = PlaceCard(card=picked.number, occupied=occupied)
    redraw = RedrawCard(card=picked.number, occupied=occupied)
    v_place = ctx.check(place)
    v_redraw = ctx.check(redraw)
    legend = f" with {monster_name(picked.legend)}" if picked.legend else ""
    head.append(
        theme.tagged(
            "grim-card-picked",
            ft.Text(
                f"Card {picked.number}: {picked.name}{legend} — {picked.location}",
                size=16,
                weight=ft.FontWeight.W_600,
            ),
        )
    )
    spots = []
    for s in picked.slots:
        who = monster_name(s.monster)
        if s.monster == "legend" and picked.legend:
            who = "Legend " + monster_name(picked.legend)
        spots.append(f"{who} at {hex_label(s.hex)}")
    head.append(ft.Column([ft.Text(f"• {s}", size=13) for s in spots], spacing=0))
    head.append(verdict_box(v_place, "grim-verdict", ctx.open_rule))
    if not v_place.legal and v_redraw.legal:
        head.append(
            theme.tagged(
                "grim-redraw-note",
                ft.Text(
                    f"This card goes to the bottom of the {picked.deck} deck; draw another "
                    "card and pick it here.",
                    color=theme.BAD,
                    weight=ft.FontWeight.W_600,
                ),
            )
        )

    def back(_: Any) -> None:
        mem.card_number = None
        mem.occupied = set()
        refresh()

    def do_place(_: Any) -> None:
        mem.card_number = None
        mem.card_query = ""
        mem.occupied = set()
        submit(ctx, place)

    def do_redraw(_: Any) -> None:
        mem.card_number = None
        mem.card_query = ""
        mem.occupied = set()
        submit(ctx, redraw)

    buttons: list[ft.Control] = [big_button("Other card", back, key="grim-card-back", tonal=True)]
    if v_place.legal:
        buttons.append(
            big_button("Place monsters", do_place, key="grim-card-place", disabled=not ctx.can_act)
        )
    else:
        buttons.append(
            big_button(
                "Card to bottom",
                do_redraw,
                key="grim-card-redraw",
                disabled=not ctx.can_act or not v_redraw.legal,
            )
        )
    head.append(ft.Row(buttons, spacing=8))
    # The map comes last so the verdict and the buttons stay on the first screen.
    head.append(
        theme.muted(
            "Lit areas receive the card's monsters. Tap one if the table shows it occupied "
            "and the app does not."
        )
    )
    if mem.occupied:
        head.append(
            ft.Text("Occupied at the table: " + "; ".join(hex_label(h) for h in occupied), size=13)
        )
    head.append(map_view(ctx, mem, refresh, highlight=picked))
    return card(ft.Column(head, spacing=8), key="grim-reinforce", border=colour)
