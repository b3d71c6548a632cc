"""What the Winds of Fate screen's sections share: this drawing's picks (``Picks``) and
the two ways it lays out a choice (``button``, ``wrap``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from .. import widgets


@dataclass
class Picks:
    """Choices made on this screen and not committed yet (reset with each new version)."""

    tiles: list[str] = field(default_factory=list)
    order: list[int] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    start: int = 0
    revealed: int | None = None
    handover: int | None = None
    """The seat the shared phone is being handed to: only the hand-over card is drawn."""
    reds: dict[int, int] = field(default_factory=dict)
    split: int | None = None
    """How many of the cards drawn on passing come from Help: None until the player says."""
    tile: int | None = None
    gains: dict[str, int] = field(default_factory=dict)
    god: str | None = None
    """The Olympus card turned over: None until the players say which god it shows."""
    olympus: int = 0
    totals: dict[int, int] = field(default_factory=dict)
    my_total: int = 0
    path_node: str = "troy"
    path_kind: str = "calm"
    path_to: str = ""


def button(
    ident: str,
    text: str,
    on_click: Callable[[Any], None],
    *,
    filled: bool = False,
    disabled: bool = False,
) -> ft.Control:
    """The kit's choice (``widgets.choice``): filled when it is the one picked."""
    return widgets.choice(ident, text, filled, on_click, disabled=disabled)


def wrap(controls: list[ft.Control]) -> ft.Row:
    return ft.Row(wrap=True, spacing=6, run_spacing=6, controls=controls)
