"""Board arithmetic: which quests a servant hits, who stands next to them, renown limits.

Pure functions shared by the rules, the deduction aids and any screen that wants to preview
a servant before placing it.
"""

from __future__ import annotations

from collections.abc import Mapping

from .components import (
    RENOWN_MAX,
    RENOWN_MIN,
    SLOTS,
    TILE_POSITIONS,
    Cell,
    ServantKind,
    cell_name,
)
from .state import Quest, SofState


def clamp(value: int) -> int:
    """Renown never leaves the track (0-14)."""
    return max(RENOWN_MIN, min(RENOWN_MAX, value))


def servant_targets(
    state: SofState, kind: ServantKind, slot: str
) -> tuple[tuple[Cell, Quest], ...]:
    """The quests a ``kind`` servant on ``slot`` hits: Penance the dark quests of the row or
    column beside the slot, Vesper the light ones, Hadria's the one quest the slot touches."""
    touched, line = SLOTS[slot]
    out: list[tuple[Cell, Quest]] = []
    cells = (touched,) if kind == "hadria" else line
    for cell in cells:
        quest = state.quest_at(*cell)
        if quest is None:
            continue
        if kind == "penance" and not quest.dark:
            continue
        if kind == "vesper" and quest.dark:
            continue
        out.append((cell, quest))
    return tuple(out)


def contributions(
    state: SofState, kind: ServantKind, slot: str
) -> dict[str, list[tuple[Cell, int]]]:
    """Per demigod on a tile next to a hit quest: each (quest cell, printed change) it
    receives. A demigod next to two hit quests receives both."""
    out: dict[str, list[tuple[Cell, int]]] = {}
    for cell, quest in servant_targets(state, kind, slot):
        for name, place in state.where.items():
            pair = TILE_POSITIONS.get(place)
            if pair is not None and cell in pair:
                out.setdefault(name, []).append((cell, quest.change))
    return out


def apply_changes(
    renown: Mapping[str, int], changes: Mapping[str, int]
) -> tuple[dict[str, int], list[str]]:
    """New renown after adding each demigod's summed change, then clamping once; plus one
    plain line per demigod touched."""
    new = dict(renown)
    lines: list[str] = []
    for name, delta in changes.items():
        before = renown[name]
        after = clamp(before + delta)
        new[name] = after
        note = ""
        if after != before + delta:
            note = f" (held at {after}: renown stays within 0-14)"
        lines.append(f"{name}: renown {before} → {after} ({delta:+d}){note}")
    return new, lines


def describe_contributions(parts: Mapping[str, list[tuple[Cell, int]]]) -> dict[str, str]:
    """For each demigod, how its total came about, e.g. ``+3 (row 1, column 1) −1 (...)``."""
    return {
        name: " ".join(f"{change:+d} ({cell_name(cell)})" for cell, change in items)
        for name, items in parts.items()
    }
