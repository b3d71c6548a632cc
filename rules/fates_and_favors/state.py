"""The state of a Fates and Favors table: frozen dataclasses that round-trip through the codec.

``columns`` holds the 16 column positions, colour-major (red, blue, yellow, green; four each),
each colour's four sorted so that equal boards compare equal: ``QUARRY`` (-1), a main-track
space or a temple-track space (see ``board``). ``fates`` is the Fate card data the table
plays with (the defaults, or the table's edits to match its copy).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Literal

from .data import FateCard, cards

Mode = Literal["2v2", "1v1", "2v1", "coop2", "coop3", "coop4", "solo"]
ModeChoice = Literal["versus", "2v2", "1v1", "2v1", "coop2", "coop3", "coop4", "solo"]
"""What a table picks: ``versus`` is the versus mode for the number of heroes seated
(1: solo, 2: 1v1, 3: 2v1, 4: 2v2)."""
MODES: tuple[Mode, ...] = ("2v2", "1v1", "2v1", "coop2", "coop3", "coop4", "solo")
COOP_MODES: tuple[Mode, ...] = ("coop2", "coop3", "coop4", "solo")

Phase = Literal["play", "won", "lost", "over"]
"""``play``: turns go on; ``won``/``lost``: this game ended (the series may go on with the
next game); ``over``: the table has ended the series."""


@dataclass(frozen=True)
class FfOptions:
    """Table options. ``players`` are the seat names in seat order (empty: the mode's
    default names); ``first_player`` is the seat that starts; ``arm``/``arm_bridge``
    describe the board (0: the printed default)."""

    mode: ModeChoice = "versus"
    players: tuple[str, ...] = ()
    first_player: int = 0
    # matched to the box on the table screen ("Match your board"), not on the new-table form
    arm: int = field(default=0, metadata={"form": False})
    arm_bridge: int = field(default=0, metadata={"form": False})


@dataclass(frozen=True)
class Hit:
    """A column knocked off ``space`` by a move: ``to`` is where it went."""

    colour: int
    space: int
    to: int


@dataclass(frozen=True)
class GameResult:
    """One finished game of the series: points per seat and who won."""

    points: tuple[int, ...]
    winners: tuple[int, ...]
    won: bool


@dataclass(frozen=True)
class FfState:
    mode: Mode
    players: tuple[str, ...]
    seat_colours: tuple[tuple[int, ...], ...]
    teams: tuple[int, ...]
    """Team number of each colour (co-op and solo: all 0)."""
    order: tuple[int, ...]
    """Seats in turn order; the single hero of 2v1 and co-op 3 appears twice."""
    arm: int
    arm_bridge: int
    columns: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    """Cards each seat holds after drawing back up."""
    hero_cards: tuple[int, ...]
    """Unused Hero cards per seat."""
    turn: int = 0
    """Index into ``order`` of the hero whose turn it is."""
    skips: tuple[int, ...] = ()
    """Seats that miss their next turn (Hera)."""
    deck: int = 0
    """Cards in the draw pile (counted in co-op and solo; the versus deck reshuffles)."""
    held: tuple[int, ...] = ()
    """Cards in each seat's hand (co-op and solo count them for the score)."""
    hands: tuple[tuple[str, ...], ...] = ()
    """Cards each seat entered as its hand (optional, private: see ``redact``)."""
    last_fate: tuple[int, ...] = ()
    """The Fate number a seat just discarded while it is still the last card on the pile
    (0: none), for Hephaestus: any other card or turn in between clears it."""
    before: tuple[int, ...] = ()
    """Columns when ``last_seat``'s latest turn began, extra turns included (for Athena);
    empty when undone or when no turn has been played since."""
    last_seat: int = -1
    again: bool = False
    """The hero whose turn it is is taking another turn (ff.turn.again): the turn that
    ``before`` began has not finished yet."""
    swaps: tuple[tuple[int, int], ...] = ()
    """Pairs of spaces whose columns Apollo swapped during ``last_seat``'s latest turn."""
    series: tuple[GameResult, ...] = ()
    phase: Phase = "play"
    game_no: int = 1
    edits: tuple[FateCard, ...] = ()
    """Fate cards the table edited to match its copy (the rest are the printed defaults)."""

    @property
    def fates(self) -> tuple[FateCard, ...]:
        """Fates #1..#10 as this table plays them: its edits over the defaults."""
        return merged_fates(self.edits)

    @property
    def seat(self) -> int:
        """The seat whose turn it is."""
        return self.order[self.turn]

    @property
    def coop(self) -> bool:
        return self.mode in COOP_MODES


@cache
def merged_fates(edits: tuple[FateCard, ...]) -> tuple[FateCard, ...]:
    by_number = {f.number: f for f in edits}
    return tuple(by_number.get(f.number, f) for f in cards().fates)
