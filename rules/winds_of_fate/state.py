"""The state of a Winds of Fate table: frozen dataclasses that round-trip through the codec.

Seats are numbered in seat order; ``order`` lists them in turn order (the holder of turn
order tile 1 first). Destiny cards lie face down at positions 0, 1 and 2 in front of each
player: everybody sees the chips on each position (``destiny_chips``), only the owner knows
which card lies where (``destiny_cards``, blanked for other seats by ``privacy.redact``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .components import CHIPS_TOTAL, LAST_ROUND, TROY, TURN_TILE_CARDS, TURN_TILE_VP

Phase = Literal[
    "setup",
    "bets",
    "destiny",
    "draws",
    "reveal",
    "play",
    "claim",
    "resolve",
    "journey",
    "wander",
    "over",
]
"""``setup``: board, turn order and destiny cards are entered; ``bets``/``destiny``/``draws``:
the encounter's choices; ``reveal``, ``play``, ``claim``, ``resolve``: the adventure's four
steps; ``journey``: where the voyage goes next; ``wander``: an Olympus card steers Odysseus
off a face-down tile; ``over``: the voyage has ended."""

Step = Literal["", "bet", "circe", "sirens", "calm-arrival"]
"""What the current encounter queue is for (``bets`` and ``draws`` phases)."""


@dataclass(frozen=True)
class Bet:
    """A stack of ``chips`` bet chips on round space ``space``, owned by ``seat``."""

    seat: int
    space: int
    chips: int


@dataclass(frozen=True)
class RewardTile:
    """A revealed reward tile: its red number (crew lost if the adventure fails) and who
    claimed it, with what it gave as the table read it."""

    red: int
    claimed_by: int | None = None
    vp: int = 0
    chips: int = 0
    cards: int = 0


@dataclass(frozen=True)
class Result:
    """How the last adventure went, as revealed at resolution."""

    node: str
    won: bool
    help: int
    hinder: int
    olympus: str
    olympus_value: int
    contributions: tuple[int, ...]
    top: tuple[int, ...]
    crew_lost: int
    crew_returned: int = 0


@dataclass(frozen=True)
class WofOptions:
    """Player names in seat order (3 to 5) and the number of bet chips in the box."""

    players: tuple[str, ...] = ("Player 1", "Player 2", "Player 3")
    chips_total: int = CHIPS_TOTAL


@dataclass(frozen=True)
class WofState:
    """A whole Winds of Fate voyage."""

    players: tuple[str, ...]
    chips_total: int
    crew: int
    supply: int
    held: tuple[int, ...]
    vp: tuple[int, ...]
    hand_help: tuple[int, ...]
    hand_hinder: tuple[int, ...]
    destiny_chips: tuple[tuple[int, int, int], ...]
    destiny_cards: tuple[tuple[str, ...], ...]
    """Per seat: the card at positions 0, 1, 2 (``"safe"``/``"dead"``/``"stranded"``), or
    ``()`` while not recorded (or hidden from this copy)."""
    order: tuple[int, ...]
    phase: Phase = "setup"
    round: int = 1
    board: tuple[str, ...] = ()
    """The tile on spaces 1..9, in space order; ``()`` until the board is laid."""
    paths: dict[str, str] = field(default_factory=dict)
    """Known paths: ``"<node>:calm"`` / ``"<node>:stormy"`` → the node it leads to."""
    face_down: tuple[str, ...] = ()
    at: str = TROY
    arrived_by: str = "start"
    voyage: tuple[str, ...] = (TROY,)
    """Every node Odysseus has stood on, in order (the voyage picture)."""
    bets: tuple[Bet, ...] = ()
    queue: tuple[int, ...] = ()
    """Seats still to act in the current step, next first (any order for destiny)."""
    step: Step = ""
    draw_count: int = 0
    adventure: int = 1
    """1, or 2 for Ithaca's second adventure."""
    rewards: tuple[RewardTile, ...] = ()
    kind: str = ""
    """``"help"`` or ``"hinder"`` once the adventure's first card is down."""
    played: tuple[int, ...] = ()
    specials: tuple[int, ...] = ()
    passed: tuple[int, ...] = ()
    """Seats in the order they passed this adventure."""
    contributed: tuple[bool, ...] = ()
    contrib: tuple[int | None, ...] = ()
    """Privately entered card totals (blanked for other seats)."""
    won: bool | None = None
    """The current encounter's adventure result, for the journey."""
    last: Result | None = None
    ending: str = ""

    # ----- small derived views (lookups only, no rules) ---------------------------------

    @property
    def n(self) -> int:
        return len(self.players)

    def tile_at(self, node: str) -> str:
        """The encounter tile on ``node`` (``troy``/``ithaca`` for those places)."""
        if node.isdigit():
            return self.board[int(node) - 1] if self.board else ""
        return node

    @property
    def tile(self) -> str:
        return self.tile_at(self.at)

    def node_of(self, tile: str) -> str | None:
        """The node holding ``tile``, or ``None`` when the tile is not on the board."""
        if tile in self.board:
            return str(self.board.index(tile) + 1)
        return tile if tile in ("troy", "ithaca") else None

    def bets_of(self, seat: int) -> tuple[Bet, ...]:
        return tuple(b for b in self.bets if b.seat == seat)

    def chips_on_board(self) -> int:
        return sum(b.chips for b in self.bets) + sum(sum(d) for d in self.destiny_chips)

    @property
    def rounds_left(self) -> int:
        return LAST_ROUND - self.round


def turn_tile_reward(tile: int) -> tuple[int, int]:
    """(VP, cards) printed on turn order tile ``tile``."""
    return TURN_TILE_VP[tile], TURN_TILE_CARDS[tile]
