"""What is in the box and how the board is laid out.

Geometry (rows and columns count from 0, top-left first):

* Quests sit on a 3×3 grid at ``(row, col)``.
* An action tile sits between two orthogonally adjacent quests. Position ``"h{r}{c}"`` lies
  between quests ``(r, c)`` and ``(r, c + 1)``; ``"v{r}{c}"`` lies between ``(r, c)`` and
  ``(r + 1, c)``. That gives 12 positions (6 horizontal, 6 vertical).
* Servant slots sit on the outer edge: ``"L{r}"``/``"R{r}"`` at the left/right end of row ``r``,
  ``"T{c}"``/``"B{c}"`` at the top/bottom end of column ``c``.
"""

from __future__ import annotations

from typing import Final, Literal, get_args

DEMIGODS: Final[tuple[str, ...]] = (
    "Pentha",
    "Agamar",
    "Klar",
    "Aponi",
    "Saghari",
    "Namari",
    "Naka",
    "Belan",
    "Isabel",
)
"""The nine demigods, in the order the score pad lists them."""

RENOWN_MIN: Final = 0
RENOWN_MAX: Final = 14
RENOWN_START: Final = 7
AGES: Final = 3
MAX_ACTION_TILES: Final = 7
"""The box holds 7 action tiles; an Age card never asks for more."""
MAX_PRINTED_CHANGE: Final = 14
"""Printed renown changes are small; anything beyond the whole track is a typing error."""

TileAction = Literal["smite", "abyss-fate", "penance", "vesper", "hadria"]
TILE_ACTIONS: Final[tuple[TileAction, ...]] = get_args(TileAction)
TILE_ACTION_NAMES: Final[dict[str, str]] = {
    "smite": "Smite",
    "abyss-fate": "Abyss Fate",
    "penance": "Penance Servant",
    "vesper": "Vesper Servant",
    "hadria": "Hadria's Servant",
}

ServantKind = Literal["penance", "vesper", "hadria"]
SERVANT_KINDS: Final[tuple[ServantKind, ...]] = get_args(ServantKind)
SERVANT_NAMES: Final[dict[str, str]] = {
    "penance": "Penance",
    "vesper": "Vesper",
    "hadria": "Hadria's Servant",
}
SERVANT_TOKENS: Final[dict[str, ServantKind]] = {
    "penance": "penance",
    "vesper": "vesper",
    "hadria-1": "hadria",
    "hadria-2": "hadria",
}
"""The four servant tokens in the box, by token id, with their kind."""

GodPower = Literal["smite", "switch", "steal"]
GOD_POWERS: Final[tuple[GodPower, ...]] = get_args(GodPower)
GOD_POWER_NAMES: Final[dict[str, str]] = {"smite": "Smite", "switch": "Switch", "steal": "Steal"}

Direction = Literal["left", "right"]

Cell = tuple[int, int]


def _tile_positions() -> dict[str, tuple[Cell, Cell]]:
    out: dict[str, tuple[Cell, Cell]] = {}
    for r in range(3):
        for c in range(2):
            out[f"h{r}{c}"] = ((r, c), (r, c + 1))
    for r in range(2):
        for c in range(3):
            out[f"v{r}{c}"] = ((r, c), (r + 1, c))
    return out


TILE_POSITIONS: Final[dict[str, tuple[Cell, Cell]]] = _tile_positions()
"""Tile position id → the two quests it sits between."""


def _slots() -> dict[str, tuple[Cell, tuple[Cell, ...]]]:
    out: dict[str, tuple[Cell, tuple[Cell, ...]]] = {}
    for i in range(3):
        row = tuple((i, c) for c in range(3))
        col = tuple((r, i) for r in range(3))
        out[f"L{i}"] = ((i, 0), row)
        out[f"R{i}"] = ((i, 2), row)
        out[f"T{i}"] = ((0, i), col)
        out[f"B{i}"] = ((2, i), col)
    return out


SLOTS: Final[dict[str, tuple[Cell, tuple[Cell, ...]]]] = _slots()
"""Servant slot id → (the quest it touches, the row or column of quests it lies beside):
twelve slots, both ends of every row and column (``sof.assume.servant-slots``)."""

ABYSS_LEFT: Final = -1
ABYSS_MIDDLE: Final = 0
ABYSS_RIGHT: Final = 1
ABYSS_NAMES: Final[dict[int, str]] = {-1: "left", 0: "middle", 1: "right"}


def count(n: int, one: str, many: str | None = None) -> str:
    """``n`` with its noun in the right number: ``count(1, "action tile")`` is
    "1 action tile", ``count(3, "action tile")`` "3 action tiles"."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def tiles_next_to(cell: Cell) -> tuple[str, ...]:
    """Tile positions that touch quest ``cell``."""
    return tuple(pos for pos, pair in TILE_POSITIONS.items() if cell in pair)


def cell_name(cell: Cell) -> str:
    """A player-facing name for a quest cell: row and column counted from 1."""
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def tile_name(position: str) -> str:
    """A player-facing name for a tile position."""
    a, b = TILE_POSITIONS[position]
    return f"the tile between {cell_name(a)} and {cell_name(b)}"


def slot_name(slot: str) -> str:
    """A player-facing name for a servant slot."""
    side = {
        "L": "left end of row",
        "R": "right end of row",
        "T": "top of column",
        "B": "bottom of column",
    }[slot[0]]
    return f"the {side} {int(slot[1]) + 1}"
