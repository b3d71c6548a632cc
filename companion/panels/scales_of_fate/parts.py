"""What the Scales of Fate screen's sections share: this page's picks (``_Picks``), which
seat's block stays open across the redraw a note causes, and two small helpers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import PanelContext


@dataclass
class _Picks:
    """Choices made on this screen but not yet committed (reset whenever it is redrawn
    for a new table version)."""

    demigod: str | None = None
    tile: str | None = None
    target: str | None = None
    direction: str | None = None
    servant: str | None = None
    slot: str | None = None
    power: str | None = None
    first: str | None = None
    second: str | None = None
    steal: str | None = None
    handover: int | None = None
    revealed: int | None = None


_KEEP_REVEALED: dict[int, tuple[int, int]] = {}
"""Page id → (seat, table version) for which the hand-over block stays open."""


def _still_revealed(ctx: PanelContext) -> int | None:
    """The seat whose secrets stay shown on this redraw: only on the shared phone, and only
    right after that seat's own note was saved (any other change hides them again)."""
    kept = _KEEP_REVEALED.pop(id(ctx.page), None)
    if kept is None or ctx.reveal is None or kept[1] != ctx.version:
        return None
    return kept[0]


def _items(mapping: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """A mapping of the state as a hashable input of ``PanelContext.kept``."""
    return tuple(sorted(mapping.items()))


def _slug(text: str) -> str:
    return "-".join("".join(ch if ch.isalnum() else " " for ch in text.lower()).split())
