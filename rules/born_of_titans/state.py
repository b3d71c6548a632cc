"""Born of Titans: the state of a table, as frozen dataclasses that round-trip through JSON.

Seats run clockwise (bot.assume.seats-clockwise): the player on seat ``s``'s left is
``s + 1`` and on her right ``s - 1`` (mod the number of players).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Attr = Literal["battle", "navigation", "wits"]
FoeKind = Literal["encounter", "sea", "quest"]
PlaceKind = Literal["point", "city", "oracle", "quest", "underworld", "sea"]
Divine = Literal["athena", "aphrodite", "ares", "hera", "muses", "fates", "furies", "hidden"]
Phase = Literal["selection", "heroes", "sites", "play", "over"]
RevealKind = Literal[
    "monster", "ally", "crew-for-hire", "gather-humility", "allys-quest", "fair-weather", "other"
]

REVEAL_NAMES: dict[str, str] = {
    "monster": "Monster",
    "ally": "Ally",
    "crew-for-hire": "Crew for Hire",
    "gather-humility": "Gather Humility",
    "allys-quest": "Ally's Quest",
    "fair-weather": "Fair Weather",
    "other": "Other counter",
}
"""How each kind of revealed counter reads, as the counters name it."""

UNKNOWN = "unknown"
"""A face-down counter (bot.setup.facedown)."""
EMPTY = "empty"


@dataclass(frozen=True)
class Stats:
    """A hero, ally, crew or gear counter: its name and printed attribute values."""

    name: str
    battle: int = 0
    navigation: int = 0
    wits: int = 0

    def value(self, attr: str) -> int:
        return int(getattr(self, attr))


@dataclass(frozen=True)
class Foe:
    """A monster, sea monster or quest: successes needed per attribute (0: not usable)."""

    name: str
    kind: FoeKind = "encounter"
    battle: int = 0
    navigation: int = 0
    wits: int = 0

    def need(self, attr: str) -> int:
        return int(getattr(self, attr))


@dataclass(frozen=True)
class Place:
    """Where a hero stands. ``site`` is the quest site number (1-6) for ``kind == "quest"``;
    ``name`` names a city, oracle, underworld site, sea monster site or point."""

    kind: PlaceKind
    name: str = ""
    site: int = 0

    def label(self) -> str:
        if self.kind == "quest":
            return f"quest site {self.site}"
        words = {
            "point": "a point",
            "city": "the city",
            "oracle": "the oracle",
            "underworld": "the Underworld site",
            "sea": "the sea monster site",
        }
        return f"{words[self.kind]} {self.name}".strip()


@dataclass(frozen=True)
class Reveal:
    """A face-down counter turned up at an encounter: what it is, with its values."""

    kind: RevealKind
    name: str
    battle: int = 0
    navigation: int = 0
    wits: int = 0


@dataclass(frozen=True)
class Hero:
    """One player's hero and crew sheet."""

    hero: Stats | None = None
    crew_counter: Stats | None = None
    ally: Stats | None = None
    gear: Stats | None = None
    crew: int = 6
    prophecy: int = 2
    divine: tuple[Divine, ...] = ()
    shields: dict[int, str] = field(default_factory=dict)
    """Completed quests by shield number (bot.quest.complete)."""
    quest_site: int = 0
    """Quest site (1-6) of her current quest, 0 when none is placed or it went underground."""
    quest: Foe | None = None
    """Her current quest once revealed (``None`` while face down)."""
    quest_underworld: str = ""
    """The Underworld site her revealed Underworld quest moved to."""
    quest_origin: int = 0
    """The quest site her current quest was placed on (its shield, bot.assume.underworld-shield)."""
    place: Place | None = None
    came_from: Place | None = None
    inside: bool = False
    """At a city: its encounter is dealt with and she may Recruit or Sacrifice."""
    lose_turn: bool = False
    athena: bool = False
    """A pair of Athenas waits for her next fight (bot.assume.athena-next-fight)."""
    gear_due: bool = False
    argo_used: bool = False


@dataclass(frozen=True)
class Challenge:
    """A fight in progress: ``attribute`` is the hero's total rolled against the foe's
    ``against`` number (the same unless two Athenas were played)."""

    seat: int
    foe: Foe
    attribute: Attr
    against: Attr
    dice: int
    prophecy: int = 0
    rolls: tuple[int, ...] = ()
    losses: tuple[int, ...] = ()
    """Crew lost after each short roll, in order (one entry per roll that fell short)."""
    crew_lost: int = 0
    ares: bool = False
    invincible: bool = False
    athena: bool = False

    @property
    def successes(self) -> int:
        return sum(self.rolls)

    @property
    def need(self) -> int:
        return self.foe.need(self.against)


@dataclass(frozen=True)
class BotOptions:
    """``players``: names in clockwise seat order. ``placings``: after the first hero wins,
    the others play on for places (bot.end.placings)."""

    players: tuple[str, ...] = ("Ada", "Bo")
    placings: bool = False


@dataclass(frozen=True)
class BotState:
    players: tuple[str, ...]
    heroes: tuple[Hero, ...]
    placings_on: bool = False
    phase: Phase = "selection"
    first_selector: int = -1
    turn: int = -1
    actions_used: int = 0
    bonus_actions: int = 0
    crewless_turn: bool = False
    """The hero whose turn it is has stood at 0 crew during it: one action this turn, even
    after recruiting back up (bot.turn.no-crew)."""
    challenge: Challenge | None = None
    hubris: int = -1
    hubris_first: bool = False
    hubris_second: bool = False
    finished: tuple[int, ...] = ()
    """Seats in the order they completed three quests (bot.end.win, bot.end.placings)."""
    stopped: bool = False
    cities: dict[str, str] = field(default_factory=dict)
    """City name to its encounter: ``unknown`` (face down), ``empty``, or a revealed monster."""
    city_monsters: dict[str, Foe] = field(default_factory=dict)
    sea_monsters: dict[str, Foe] = field(default_factory=dict)
    """Revealed sea monsters by site name (they never leave, bot.challenge.won)."""
    refill_due: int = -1
    place_due: int = -1
    """Seat whose next quest waits to be placed by the player on her left."""

    @property
    def n(self) -> int:
        return len(self.players)

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.n

    def right_of(self, seat: int) -> int:
        return (seat - 1) % self.n

    def selection_order(self) -> list[int]:
        """Seats in hero-picking order: lowest roller first, then counter-clockwise."""
        if self.first_selector < 0:
            return []
        return [(self.first_selector - k) % self.n for k in range(self.n)]

    def play_order(self) -> list[int]:
        """Seats in turn order: clockwise, the first picker last (bot.setup.play-order)."""
        if self.first_selector < 0:
            return list(range(self.n))
        return [(self.first_selector + 1 + k) % self.n for k in range(self.n)]
