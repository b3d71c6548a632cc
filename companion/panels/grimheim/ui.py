"""Shared pieces of the Grimheim screen: per-device UI memory, colours, names, small widgets.

The table screen rebuilds the whole panel after every action, so anything the player has
picked but not yet submitted (the open section, the selected hero, the card number being
typed, the monster die just rolled) lives in a ``UiMemory`` kept per page, not in controls.
"""

from __future__ import annotations

import contextlib
import weakref
from collections import OrderedDict
from collections.abc import Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from rules.core import Action, Verdict
from rules.grimheim import hexmap
from rules.grimheim.actions import EndTurn
from rules.grimheim.reinforcements import display_name

from ... import theme
from .. import widgets
from ..base import PanelContext

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
    map_step: tuple[Any, ...] = ()
    odds: dict[str, Any] = field(default_factory=dict)
    attack_damage: dict[str, int] = field(default_factory=dict)
    message: str = ""
    board_scale: dict[str, Any] = field(default_factory=dict)
    """The scale each map was last drawn at on this device (its screen's width)."""
    fields: MutableMapping[str, ft.TextField] = field(
        default_factory=weakref.WeakValueDictionary, compare=False, repr=False
    )
    """The typed fields, kept from one drawing to the next while the players type. Held
    weakly: the screen on show holds them, and a field's handler refers to the page, so
    holding them here would keep a closed visit's page (and this memory) alive."""


_MEMORY: OrderedDict[int, UiMemory] = OrderedDict()
_MEMORY_LIMIT = 256


def memory(page: Any) -> UiMemory:
    """The ``UiMemory`` of ``page`` (one per browser session; the oldest are forgotten)."""
    key = id(page)
    mem = _MEMORY.get(key)
    if mem is None:
        mem = UiMemory()
        _MEMORY[key] = mem
        # Dropped with the page: a closed visit's choices go, and a later page that
        # Python puts at the same address does not find them.
        with contextlib.suppress(TypeError):  # test doubles without weak references
            weakref.finalize(page, _MEMORY.pop, key, None)
        while len(_MEMORY) > _MEMORY_LIMIT:
            _MEMORY.popitem(last=False)
    else:
        _MEMORY.move_to_end(key)
    return mem


monster_name = display_name
"""Printed name of a monster kind or Legend key: the rules' own, under the panels' name."""


def hex_label(at: Coord) -> str:
    """How an area is written on screen: its location name if it has one, then its grid
    name (row letter, place in the row) printed on the map (``hexmap.name_of``)."""
    return hexmap.name_of(at)


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


def player_of(ctx: PanelContext, hero: str) -> str:
    """The name of the player who plays ``hero``, as the rules assign seats to heroes
    (``Game.acting_seat``); empty when the table has no name for that seat."""
    seat = ctx.game.acting_seat(ctx.state, EndTurn(hero=hero))
    if seat is None or not 0 <= seat < len(ctx.seat_names):
        return ""
    return ctx.seat_names[seat]


def why_disabled(ctx: PanelContext, action: Action, v: Verdict | None) -> str:
    """Why the button for ``action`` cannot be pressed on this device, in one line, or ""
    when it can: viewers only watch, a hero is played from its own player's seat (the
    rules say which, through ``Game.acting_seat``), and otherwise the rules' own reason
    (``v``: the verdict on ``action``, or ``None`` when the rules have no objection)."""
    if not ctx.can_act:
        return "Viewers only watch."
    seat = ctx.game.acting_seat(ctx.state, action)
    if ctx.seat is not None and seat is not None and seat != ctx.seat:
        hero = getattr(action, "hero", None) or getattr(action, "giver", "")
        who = ctx.seat_names[seat] if 0 <= seat < len(ctx.seat_names) else f"seat {seat + 1}"
        return f"{hero} is played by {who}: only {who}'s phone or the shared phone can do this."
    return "" if v is None or v.legal else v.reason


def reason_line(key: str, label: str, reason: str) -> ft.Control:
    """The kit's reason line (``widgets.reason_line``) under a disabled button, naming the
    button: "``label``: ``reason``", tagged ``grim-why-{key}``."""
    return widgets.reason_line(f"grim-why-{key}", f"{label}: {reason}")
