"""Shared pieces of the Grimheim screen: per-device UI memory, colours, names, small widgets.

The table screen rebuilds the whole panel after every action, so anything the player has
picked but not yet submitted (the open section, the selected hero, the card number being
typed, the monster die just rolled) lives in a ``UiMemory`` kept per page, not in controls.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from rules.core import Action, Verdict
from rules.grimheim import data
from rules.grimheim.reinforcements import display_name

from .. import theme
from .base import PanelContext

Coord = tuple[int, int]

DECK_COLOURS = {"yellow": ft.Colors.AMBER_400, "red": ft.Colors.RED_400}
FACTION_COLOURS = {
    "trollkin": ft.Colors.GREEN_400,
    "fire_horde": ft.Colors.DEEP_ORANGE_400,
    "dead": ft.Colors.BLUE_GREY_200,
    "wyrm": ft.Colors.PURPLE_200,
}
FACTION_NAMES = {
    "trollkin": "Trollkin",
    "fire_horde": "Fire Horde",
    "dead": "Dead",
    "wyrm": "Wyrm",
}
HERO_COLOURS = {
    "Bjorn": ft.Colors.LIGHT_BLUE_300,
    "Alva": ft.Colors.LIGHT_GREEN_300,
    "Embla": ft.Colors.PINK_200,
    "Boldur": ft.Colors.YELLOW_300,
}
SKULL = ft.Colors.RED_ACCENT_200


@dataclass
class UiMemory:
    """What one device has picked on the Grimheim screen but not submitted yet."""

    section: str = "turn"
    card_query: str = ""
    card_number: int | None = None
    occupied: set[Coord] = field(default_factory=set)
    die_face: str = ""
    die_rolled_at: int = -1
    hero: str = ""
    selected_hex: Coord | None = None
    map_hero: str = ""
    odds: dict[str, Any] = field(default_factory=dict)
    attack_damage: dict[str, int] = field(default_factory=dict)
    message: str = ""


_MEMORY: OrderedDict[int, UiMemory] = OrderedDict()
_MEMORY_LIMIT = 256


def memory(page: Any) -> UiMemory:
    """The ``UiMemory`` of ``page`` (one per browser session; the oldest are forgotten)."""
    key = id(page)
    mem = _MEMORY.get(key)
    if mem is None:
        mem = UiMemory()
        _MEMORY[key] = mem
        while len(_MEMORY) > _MEMORY_LIMIT:
            _MEMORY.popitem(last=False)
    else:
        _MEMORY.move_to_end(key)
    return mem


monster_name = display_name
"""Printed name of a monster kind or Legend key: the rules' own, under the panels' name."""


def hex_label(at: Coord) -> str:
    """How an area is written on screen: its location name if it has one, then x,y."""
    d = data.load()
    h = d.hexes.get(at)
    where = h.location if h is not None and h.location else ""
    return f"{where} {at[0]},{at[1]}".strip()


def card(content: ft.Control, *, border: str | None = None, key: str = "") -> ft.Control:
    """A rounded dark card, optionally outlined in ``border``."""
    box = ft.Container(
        content=content,
        padding=12,
        border_radius=12,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        border=ft.Border.all(2, border) if border else None,
    )
    return theme.tagged(key, box) if key else box


def big_button(
    label: str,
    on_click: Callable[[Any], None] | None,
    *,
    key: str,
    icon: ft.IconData | None = None,
    disabled: bool = False,
    tonal: bool = False,
) -> ft.Control:
    """A full-width button at least one thumb tall."""
    cls = ft.FilledTonalButton if tonal else ft.FilledButton
    # The Semantics wrapper is the Row's child, so it is the one that must expand.
    return ft.Semantics(
        identifier=key,
        expand=True,
        content=cls(
            content=label,
            icon=icon,
            on_click=on_click,
            disabled=disabled,
            expand=True,
        ),
    )


def verdict_box(v: Verdict, key: str, ctx: PanelContext | None = None) -> ft.Control:
    """A verdict on screen: green or red, the reason, its effects and the rule IDs."""
    colour = theme.OK if v.legal else theme.BAD
    lines: list[ft.Control] = [
        ft.Row(
            spacing=8,
            controls=[
                ft.Icon(ft.Icons.CHECK_CIRCLE if v.legal else ft.Icons.BLOCK, color=colour),
                ft.Text(
                    "Allowed" if v.legal else "Not allowed",
                    color=colour,
                    weight=ft.FontWeight.BOLD,
                ),
            ],
        ),
        ft.Text(v.reason, size=14),
    ]
    lines.extend(ft.Text(f"• {e}", size=13) for e in v.effects)
    if v.rules:
        rules_line: ft.Control = theme.muted("Rules: " + ", ".join(v.rules), size=12)
        if ctx is not None:
            rules_line = ft.GestureDetector(
                content=rules_line, on_tap=lambda _: ctx.show_verdict(v)
            )
        lines.append(rules_line)
    return theme.tagged(
        key,
        ft.Container(
            content=ft.Column(lines, spacing=4),
            padding=10,
            border_radius=10,
            border=ft.Border.all(1, colour),
        ),
    )


def submit(ctx: PanelContext, action: Action) -> None:
    """Check ``action`` first and explain a refusal; hand a legal one to the table."""
    v = ctx.check(action)
    if not v.legal:
        ctx.show_verdict(v)
        return
    ctx.act(action)


def stat(label: str, value: str, key: str = "", colour: str | None = None) -> ft.Control:
    """A small labelled number (label above, value below)."""
    body = ft.Column(
        spacing=0,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        controls=[
            theme.muted(label, size=11),
            ft.Text(value, size=18, weight=ft.FontWeight.BOLD, color=colour),
        ],
    )
    return theme.tagged(key, body) if key else body
