"""The state of a Scales of Fate table: frozen dataclasses that round-trip through the codec.

Where things are:

* ``where[demigod]`` is ``"off"`` (beside the board), ``"abyss"``, or the position id of the
  action tile it stands on (see ``components``).
* ``servants[token]`` is ``"supply"``, ``"held-0"``/``"held-1"`` (in front of that seat), or
  the id of the edge slot it was placed on this Age.
* ``god_powers[power]`` is ``None`` while the token is available, else the seat that used it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .components import (
    ABYSS_MIDDLE,
    DEMIGODS,
    GOD_POWERS,
    RENOWN_START,
    SERVANT_TOKENS,
    GodPower,
    TileAction,
)

Phase = Literal["deal", "setup", "play", "announce", "guess", "over"]
"""``deal``: secret demigods are dealt; ``setup``: the Age's board is entered; ``play``: turns;
``announce``: the Age has ended and each seat says yes/no; ``guess``: final guesses after Age 3;
``over``: the game has ended."""

PlaceKind = Literal["off-board", "abyss", "tile", "any"]
NextTo = Literal["any", "special", "dark", "light"]


@dataclass(frozen=True)
class Quest:
    """A quest token as it lies face up: scorpion (``dark``) or feather, regular or special
    (red back), and the signed renown change printed on it."""

    dark: bool
    special: bool
    change: int


@dataclass(frozen=True)
class PlacedQuest:
    """A quest token at a grid cell, as entered during an Age's setup."""

    row: int
    col: int
    dark: bool
    special: bool
    change: int

    def quest(self) -> Quest:
        return Quest(dark=self.dark, special=self.special, change=self.change)


@dataclass(frozen=True)
class TileSpec:
    """An action tile as the Age card places it."""

    position: str
    action: TileAction


@dataclass(frozen=True)
class Tile:
    """An action tile on the board. ``flipped`` once the Smite god power removed its
    demigod: it still takes a demigod but offers no action any more."""

    position: str
    action: TileAction
    flipped: bool = False


@dataclass(frozen=True)
class Criterion:
    """The yes/no question on an Age card, as the app understands it.

    A demigod fits when every given part holds: renown within ``min_renown``..``max_renown``
    (``None``: no bound), its place (``place``; ``tile_action`` narrows ``"tile"`` to tiles
    still showing that action) and what it stands next to (``next_to``: only demigods on a
    tile stand next to quests). ``manual`` marks a question the app cannot evaluate: players
    answer it by hand. ``text`` is the card's question as the players read it.
    """

    text: str = ""
    min_renown: int | None = None
    max_renown: int | None = None
    place: PlaceKind = "any"
    tile_action: TileAction | None = None
    next_to: NextTo = "any"
    manual: bool = False


@dataclass(frozen=True)
class AgeRecord:
    """What one finished Age left on the score pads: its question, which demigods fitted it
    at the end of the Age (``None`` for a manual question) and each seat's answer."""

    age: int
    criterion: Criterion
    fitting: tuple[str, ...] | None
    answers: tuple[bool | None, bool | None] = (None, None)


@dataclass(frozen=True)
class SofOptions:
    """Player names (seat order) and which seat starts with the first player marker."""

    players: tuple[str, str] = ("Player 1", "Player 2")
    first_player: int = 0


def _start_renown() -> dict[str, int]:
    return dict.fromkeys(DEMIGODS, RENOWN_START)


def _start_where() -> dict[str, str]:
    return dict.fromkeys(DEMIGODS, "off")


def _start_servants() -> dict[str, str]:
    return dict.fromkeys(SERVANT_TOKENS, "supply")


def _start_god_powers() -> dict[str, int | None]:
    return dict.fromkeys(GOD_POWERS, None)


@dataclass(frozen=True)
class SofState:
    """A whole Scales of Fate game. Seats are 0 and 1."""

    players: tuple[str, str]
    first_player: int
    phase: Phase = "deal"
    age: int = 1
    turn: int = 0
    passed: tuple[bool, bool] = (False, False)
    renown: dict[str, int] = field(default_factory=_start_renown)
    where: dict[str, str] = field(default_factory=_start_where)
    quests: dict[str, Quest] = field(default_factory=dict)
    """Quest at each cell, keyed ``"{row}{col}"``; empty before the first setup."""
    tiles: tuple[Tile, ...] = ()
    servants: dict[str, str] = field(default_factory=_start_servants)
    god_powers: dict[str, int | None] = field(default_factory=_start_god_powers)
    abyss_marker: int = ABYSS_MIDDLE
    abyss_left: int = 0
    abyss_right: int = 0
    criterion: Criterion = field(default_factory=Criterion)
    hands: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    guesses: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    notes: tuple[dict[str, str], dict[str, str]] = field(default_factory=lambda: ({}, {}))
    history: tuple[AgeRecord, ...] = ()

    # ----- small derived views (no rules here, only lookups) -----------------------------

    def tile(self, position: str) -> Tile | None:
        for t in self.tiles:
            if t.position == position:
                return t
        return None

    def occupant(self, position: str) -> str | None:
        for name, place in self.where.items():
            if place == position:
                return name
        return None

    def off_board(self) -> tuple[str, ...]:
        return tuple(d for d in DEMIGODS if self.where[d] == "off")

    def open_tiles(self) -> tuple[Tile, ...]:
        taken = set(self.where.values())
        return tuple(t for t in self.tiles if t.position not in taken)

    def held(self, seat: int) -> tuple[str, ...]:
        """Token ids held (gained, not yet placed) by ``seat``."""
        return tuple(tok for tok, place in self.servants.items() if place == f"held-{seat}")

    def slot_taken(self, slot: str) -> bool:
        return slot in self.servants.values()

    def powers_left(self) -> tuple[GodPower, ...]:
        return tuple(p for p in GOD_POWERS if self.god_powers.get(p) is None)

    def powers_used_by(self, seat: int) -> int:
        return sum(1 for used in self.god_powers.values() if used == seat)

    def quest_at(self, row: int, col: int) -> Quest | None:
        return self.quests.get(f"{row}{col}")
