"""Scales of Fate: one line of plain words for each action in the game's history."""

from __future__ import annotations

from rules.core import Action, Correct, describe_correction

from .actions import (
    Announce,
    DealDemigods,
    FinalGuess,
    GodSmite,
    GodSteal,
    GodSwitch,
    Note,
    Pass,
    PlaceDemigod,
    PlaceServant,
    SetupAge,
)
from .components import SERVANT_NAMES, SLOTS, TILE_POSITIONS, count, slot_name, tile_name
from .state import SofState


def describe(state: SofState, action: Action) -> str:
    """``action`` in words, naming players from ``state`` (the state before it)."""

    def who(seat: int) -> str:
        return state.players[seat] if seat in (0, 1) else f"seat {seat}"

    if isinstance(action, DealDemigods):
        return f"{who(action.seat)} is dealt two secret demigods."
    if isinstance(action, SetupAge):
        return f"Age {action.age} is laid out ({count(len(action.tiles), 'action tile')})."
    if isinstance(action, PlaceDemigod):
        text = f"{who(action.seat)} places {action.demigod} on {_tile(action.tile)}"
        if action.target:
            text += f", smiting {action.target}"
        if action.direction:
            text += f", moving the Abyss marker {action.direction}"
        return text + "."
    if isinstance(action, PlaceServant):
        return f"{who(action.seat)} places {SERVANT_NAMES[action.servant]} at {_slot(action.slot)}."
    if isinstance(action, GodSmite):
        return f"{who(action.seat)} uses the Smite god power on {action.demigod}."
    if isinstance(action, GodSwitch):
        return f"{who(action.seat)} switches {action.first} and {action.second}."
    if isinstance(action, GodSteal):
        return f"{who(action.seat)} steals {SERVANT_NAMES[action.servant]}."
    if isinstance(action, Pass):
        return f"{who(action.seat)} passes."
    if isinstance(action, Announce):
        return f"{who(action.seat)} announces {'yes' if action.fits else 'no'}."
    if isinstance(action, FinalGuess):
        return f"{who(action.seat)} makes a final guess."
    if isinstance(action, Note):
        return f"{who(action.seat)} writes a private note."
    if isinstance(action, Correct):
        return describe_correction(action)
    return f"{type(action).kind}"


def _tile(position: str) -> str:
    """Where a tile lies, as players see the board (never the position's code)."""
    return tile_name(position) if position in TILE_POSITIONS else "a tile"


def _slot(slot: str) -> str:
    """Where a servant slot lies, as players see the board."""
    return slot_name(slot) if slot in SLOTS else "an edge slot"
