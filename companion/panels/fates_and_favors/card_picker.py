"""The card picker: a Fate number or the Hero card, optionally with a Favor; the hand
Favors open on request."""

from __future__ import annotations

from typing import Any

import flet as ft

from ... import theme
from ..base import Route
from ..chips import chip
from .picks import ALONE, FAVORS, HAND, Pick


def _card_picker(route: Route, pick: Pick) -> ft.Control:
    """The card and Favor chips, drawn from ``pick`` alone; taps change the picks of the
    drawing on screen (``route.to``) and refresh it."""

    def refresh() -> None:
        route.to.refresh()

    def set_card(card: int, hero: bool = False) -> Any:
        def go(_: Any) -> None:
            pick = route.to.pick
            pick.card, pick.hero, pick.chosen = card, hero, -1
            if hero or card:
                pick.favor = "" if hero or pick.favor in (*ALONE, *HAND) else pick.favor
            refresh()

        return go

    def set_favor(name: str) -> Any:
        def go(_: Any) -> None:
            pick = route.to.pick
            pick.favor, pick.chosen = name, -1
            if name in ALONE or name in HAND:
                pick.card, pick.hero = 0, False
            refresh()

        return go

    cards = [
        chip(
            f"ff-card-{n}",
            str(n),
            selected=pick.card == n and not pick.hero,
            on_click=set_card(n),
            min_width=56,
            size=15,
        )
        for n in range(1, 11)
    ]
    cards.append(
        chip(
            "ff-card-hero",
            "Hero",
            selected=pick.hero,
            on_click=set_card(0, True),
            min_width=72,
            size=15,
        )
    )
    open_ = pick.more or pick.favor in HAND
    favors = [
        chip(
            f"ff-favor-{name or 'none'}",
            name.capitalize() or "No Favor",
            selected=pick.favor == name,
            on_click=set_favor(name),
            min_width=96,
            size=15,
        )
        for name in ((*FAVORS, *HAND) if open_ else FAVORS)
    ]

    def toggle_more(_: Any) -> None:
        pick = route.to.pick
        pick.more = not open_
        if not pick.more and pick.favor in HAND:
            pick.favor, pick.chosen = "", -1
        refresh()

    favors.append(
        chip(
            "ff-favor-more",
            "Fewer" if open_ else "More…",
            on_click=toggle_more,
            min_width=96,
            size=15,
        )
    )
    return ft.Column(
        spacing=10,
        controls=[
            theme.muted("Card played"),
            ft.Row(cards, wrap=True, spacing=6, run_spacing=6),
            theme.muted("Favor (optional)"),
            ft.Row(favors, wrap=True, spacing=6, run_spacing=6),
        ],
    )
