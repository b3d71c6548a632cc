"""The Fate: Defenders of Grimheim screen.

A phone-first co-op companion in five sections: Turn (time track, whose turn, the monster
turn checklist, reinforcement cards), Map (tap a hero then an area; tap a monster),
Heroes (boards and action buttons), Monsters (supply counts, Legends, town, events) and
Tools (exact attack odds, monster reference). Every button builds one of the game's
actions; legality and reasons always come from ``ctx.check`` (the game's rules).

Switching sections or picking things only redraws this panel; what was picked survives a
full redraw after an action because it lives in the page's ``UiMemory``.
"""

from __future__ import annotations

import contextlib
from typing import Any

import flet as ft

from rules.grimheim.state import GrimheimState

from ... import theme
from ...views.reconcile import swap_in
from ..base import PanelContext, Route
from .heroes import heroes_section
from .info import monsters_section, odds_section, reference_section, result_banner
from .map import map_section
from .turn import turn_section
from .ui import UiMemory, memory, player_of

SECTIONS = (
    ("turn", "Turn", ft.Icons.HOURGLASS_BOTTOM),
    ("map", "Map", ft.Icons.HEXAGON),
    # "Hero", not "Heroes": five one-word labels share a 320 px phone at 200 % text.
    ("heroes", "Hero", ft.Icons.GROUPS),
    ("monsters", "Foes", ft.Icons.PEST_CONTROL),
    ("tools", "Odds", ft.Icons.CASINO),
)


def build_panel(ctx: PanelContext) -> ft.Control:
    """The whole Grimheim screen for ``ctx.state`` (a ``GrimheimState``)."""
    mem = memory(ctx.page)
    holder = ft.Column(spacing=0, expand=True)

    def refresh() -> None:
        # Diffed into the tree the phone shows, so the list keeps its scroll position
        # (a stepper tap halfway down must not jump the screen back to the top).
        with contextlib.suppress(RuntimeError, AssertionError):
            swap_in(holder, _body(ctx, mem, refresh))

    holder.controls = [_body(ctx, mem, refresh)]
    return holder


def _body(ctx: PanelContext, mem: UiMemory, refresh: Any) -> ft.Control:
    state: GrimheimState = ctx.state
    if mem.section not in {key for key, _, _ in SECTIONS}:
        mem.section = "turn"
    # The tabs draw which one is open; their taps open a tab on the drawing on screen.
    nav = ctx.kept_routed(
        "grim-nav",
        mem.section,
        lambda route: ft.Row(
            spacing=4,
            controls=[_nav_button(key, label, icon, mem, route) for key, label, icon in SECTIONS],
        ),
        (mem, refresh),
    )
    content: list[ft.Control] = []
    banner = result_banner(state)
    if banner is not None:
        content.append(banner)
    content.append(_status_line(ctx))
    if mem.section == "turn":
        content += turn_section(ctx, mem, refresh)
    elif mem.section == "map":
        content += map_section(ctx, mem, refresh)
    elif mem.section == "heroes":
        content += heroes_section(ctx, mem, refresh)
    elif mem.section == "monsters":
        content += monsters_section(ctx)
    else:
        content += odds_section(ctx, mem, refresh)
        content.append(ft.Text("Monster reference", size=18, weight=ft.FontWeight.BOLD))
        content += reference_section()
    return ft.Column(
        expand=True,
        spacing=0,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        controls=[
            ft.Container(nav, padding=ft.Padding.symmetric(horizontal=8, vertical=4)),
            ft.ListView(
                controls=content,
                spacing=10,
                padding=ft.Padding.only(left=16, right=16, top=4, bottom=24),
                expand=True,
            ),
        ],
    )


def _status_line(ctx: PanelContext) -> ft.Control:
    state: GrimheimState = ctx.state
    now = _status_words(ctx)
    inputs = (now, state.town, state.town_start, state.time)
    return ctx.kept("grim-status", inputs, lambda: _status_row(state, now))


def _status_words(ctx: PanelContext) -> str:
    """Whose turn it is (naming the player), the monster turn, reinforcements or the end."""
    state: GrimheimState = ctx.state
    if state.phase == "heroes":
        hero = state.heroes[state.turn].name
        player = player_of(ctx, hero)
        # Whose turn names the player too, so each knows when to pick up the phone.
        now = f"{hero}'s turn ({player})" if player and player != hero else f"{hero}'s turn"
    elif state.phase == "monsters":
        now = "Monster turn"
    elif state.phase == "reinforce":
        now = f"Reinforcements ({state.reinforce_deck})"
    else:
        now = "Game over"
    return now


def _status_row(state: GrimheimState, now: str) -> ft.Control:
    return theme.tagged(
        "grim-status",
        # Wraps as a whole: on a narrow phone with large text the counters go under the
        # words instead of squeezing them until a word breaks.
        ft.Row(
            alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
            wrap=True,
            controls=[
                ft.Text(now, size=15, weight=ft.FontWeight.W_600),
                ft.Row(
                    spacing=4,
                    controls=[
                        ft.Icon(ft.Icons.HOUSE, size=18, color=ft.Colors.AMBER_200),
                        ft.Text(
                            f"{state.town}/{state.town_start}",
                            size=15,
                            color=theme.BAD if state.town <= 2 else None,
                        ),
                        ft.Icon(ft.Icons.HOURGLASS_BOTTOM, size=18),
                        ft.Text(f"{state.time}", size=15),
                    ],
                ),
            ],
        ),
    )


def _nav_button(key: str, label: str, icon: ft.IconData, mem: UiMemory, route: Route) -> ft.Control:
    """One tab; ``route.to`` is the (memory, refresh) of the drawing on screen."""
    selected = mem.section == key

    def pick(_: Any) -> None:
        now_mem, now_refresh = route.to
        now_mem.section = key
        now_refresh()

    return ft.Semantics(
        identifier=f"grim-nav-{key}",
        expand=True,
        content=ft.Container(
            expand=True,
            border_radius=10,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if selected else None,
            on_click=pick,
            ink=True,
            content=theme.min_tall(
                ft.Column(
                    spacing=0,
                    alignment=ft.MainAxisAlignment.CENTER,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    # Short one-word labels, never wrapped: they must fit a 320 px phone
                    # with text at 150%.
                    controls=[ft.Icon(icon, size=20), ft.Text(label, size=10, no_wrap=True)],
                ),
                52,
            ),
        ),
    )
