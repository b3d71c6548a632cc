"""Winds of Fate: what each seat may see of the table.

Which destiny card lies at each position is its owner's secret until the voyage ends (then
the cards are turned over, as at the table); everyone sees how many chips lie on each
position. A card total entered privately during an adventure stays with its owner until the
adventure is resolved (then only the revealed result remains)."""

from __future__ import annotations

from dataclasses import replace

from .state import WofState


def redact(state: WofState, seat: int | None) -> WofState:
    """``state`` as ``seat`` may know it (``None``: a spectator)."""
    over = state.phase == "over"
    cards = tuple(c if over or s == seat else () for s, c in enumerate(state.destiny_cards))
    contrib = tuple(c if s == seat else None for s, c in enumerate(state.contrib))
    return replace(state, destiny_cards=cards, contrib=contrib)
