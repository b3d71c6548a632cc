"""Options and state of a Fate: Defenders of Grimheim table.

Everything is a frozen dataclass that the core codec turns into JSON and back. Positions are
axial hexes ``(x, y)`` of the printed map; Grimheim, which the rules treat as one single area,
is always written as its centre hex ``GRIMHEIM`` (any of its seven printed hexes normalises to it).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache
from typing import Literal

from . import data

Hex = tuple[int, int]
GRIMHEIM: Hex = (9, 9)
"""The one area that stands for the whole town (the centre of the printed map)."""

HERO_NAMES: tuple[str, ...] = ("Bjorn", "Alva", "Embla", "Boldur")
TOWN_PIECES_BY_PLAYERS: dict[int, int] = {1: 4, 2: 6, 3: 8, 4: 10}
"""Town pieces placed at setup, by number of players (Freyja's Well is one of them)."""

HAND_LIMIT = 4
MAX_CRYSTALS = 50
"""The box holds 50 crystals of each colour: the hard bound for gold/XP and mana."""

Phase = Literal["reinforce", "heroes", "monsters", "over"]
MonsterStep = Literal["time", "die", "move", "attack"]
HeroActionName = Literal["move", "attack", "prepare", "focus", "mend", "practice"]
UpgradeChoice = Literal["none", "new_ability", "flip_hero", "flip_ability"]
DieFace = Literal["maneuver_1", "maneuver_2", "attack", "push", "charge", "ambush"]
TrackName = Literal["short", "long"]

HERO_ACTIONS: tuple[HeroActionName, ...] = (
    "move",
    "attack",
    "prepare",
    "focus",
    "mend",
    "practice",
)


@dataclass(frozen=True)
class GrimheimOptions:
    """How the table is set up.

    ``heroes`` in player order (1-4 of Bjorn, Alva, Embla, Boldur). ``town_pieces`` 0 means
    "by player count" (4/6/8/10); any other value overrides it. ``starting_resources`` is
    setup step 13 (2 gold, 1 mana on the starting ability, 1 event card); turning it off, the
    one-step-up upgrade track, the long track and the monster die are the difficulty options.
    """

    heroes: tuple[str, ...] = ("Bjorn", "Alva")
    track: TrackName = "short"
    monster_die: bool = False
    starting_resources: bool = True
    upgrade_step_up: bool = False
    town_pieces: int = 0


@dataclass(frozen=True)
class MonsterTile:
    """A monster standing on the map. ``kind`` is a monster key ("goblin"...) or, for a
    Legend, the Legend's key with ``level`` 1 (yellow side) or 2 (red side); ``level`` is 0
    for ordinary monsters. ``damage`` is the damage die on the tile."""

    kind: str
    at: Hex
    damage: int = 0
    level: int = 0

    @property
    def is_legend(self) -> bool:
        return self.level > 0


@dataclass(frozen=True)
class HeroState:
    """One hero and the player board beside it.

    ``xp`` is gold and experience together (one resource). ``level`` is the side of the hero
    card (1, or 2 once flipped). ``upgrades`` counts steps taken on the upgrade cost track.
    ``mana`` holds the mana crystals per card, by the card's name. ``actions`` lists the
    action spaces used this turn; ``upgraded`` is set once the hero upgraded this turn.
    """

    name: str
    number: int
    at: Hex
    damage: int = 0
    xp: int = 0
    level: int = 1
    upgrades: int = 0
    abilities_gained: int = 0
    abilities_flipped: int = 0
    hand: int = 0
    mana: dict[str, int] = field(default_factory=dict)
    equipment_damage: int = 0
    actions: tuple[str, ...] = ()
    upgraded: bool = False
    kills: int = 0
    knockouts: int = 0

    def with_mana(self, card: str, amount: int) -> HeroState:
        """A copy with ``card`` holding ``amount`` mana (the entry is dropped at zero)."""
        mana = dict(self.mana)
        if amount:
            mana[card] = amount
        else:
            mana.pop(card, None)
        return replace(self, mana=mana)


@dataclass(frozen=True)
class GrimheimState:
    """The whole table.

    ``phase`` is "reinforce" (players place monster cards: at setup and after a reinforcement
    step), "heroes" (``turn`` is the hero whose turn it is), "monsters" (``monster_step`` is
    the current step of the monster turn checklist) or "over".

    Monster tiles are conserved: for every kind, ``supply`` + tiles on the map + ``untracked``
    equals the box count. ``untracked`` counts tiles the table says are on the board but whose
    area the app does not know (after a supply correction).
    """

    options: GrimheimOptions
    heroes: tuple[HeroState, ...]
    town: int
    town_start: int
    time: int
    phase: Phase
    turn: int = 0
    monster_step: MonsterStep = "time"
    die_face: str = ""
    reinforcements_left: int = 0
    reinforce_deck: Literal["yellow", "red"] = "yellow"
    monsters: tuple[MonsterTile, ...] = ()
    supply: dict[str, int] = field(default_factory=dict)
    untracked: dict[str, int] = field(default_factory=dict)
    legends_in_play: dict[str, int] = field(default_factory=dict)

    def hero(self, name: str) -> HeroState:
        """The hero called ``name``; raises ``KeyError`` if that hero is not at the table."""
        for h in self.heroes:
            if h.name == name:
                return h
        raise KeyError(name)

    def hero_index(self, name: str) -> int:
        for i, h in enumerate(self.heroes):
            if h.name == name:
                return i
        raise KeyError(name)

    def monster_at(self, at: Hex) -> MonsterTile | None:
        for m in self.monsters:
            if m.at == at:
                return m
        return None

    def hero_at(self, at: Hex) -> HeroState | None:
        if at == GRIMHEIM:
            return None
        for h in self.heroes:
            if h.at == at:
                return h
        return None

    def occupied(self) -> set[Hex]:
        """Every area outside Grimheim that holds a character."""
        spots = {m.at for m in self.monsters}
        spots.update(h.at for h in self.heroes if h.at != GRIMHEIM)
        return spots

    def on_board(self, kind: str) -> int:
        """Ordinary tiles of ``kind`` on the map (positioned and untracked)."""
        placed = sum(1 for m in self.monsters if m.kind == kind and not m.is_legend)
        return placed + self.untracked.get(kind, 0)


def with_hero(state: GrimheimState, hero: HeroState) -> GrimheimState:
    """``state`` with the hero of the same name replaced by ``hero``."""
    heroes = tuple(hero if h.name == hero.name else h for h in state.heroes)
    return replace(state, heroes=heroes)


def sorted_tiles(tiles: list[MonsterTile] | tuple[MonsterTile, ...]) -> tuple[MonsterTile, ...]:
    """Tiles in a canonical order (by row, then column) so equal boards compare equal."""
    return tuple(sorted(tiles, key=lambda m: (m.at[1], m.at[0], m.kind)))


# ----- positions on the map ----------------------------------------------------------------
# Grimheim's seven printed hexes are one area, written as GRIMHEIM. Range counts walk around
# the town, never through it.

_OFFSETS: dict[int, Hex] = {1: (1, -1), 3: (1, 0), 5: (0, 1), 7: (-1, 1), 9: (-1, 0), 11: (0, -1)}
"""Axial step for each clock direction printed on the map (1 = north-east ... 11 = north-west)."""


def on_map(h: Hex) -> bool:
    """Whether ``h`` is an area of the printed map."""
    return tuple(h) in data.load().hexes


def normalise(h: Hex) -> Hex:
    """``h``, or ``GRIMHEIM`` for any hex of the town."""
    return GRIMHEIM if data.load().hexes[h].location == data.GRIMHEIM else h


@cache
def _town_hexes() -> frozenset[Hex]:
    return frozenset(data.load().locations[data.GRIMHEIM])


def _raw_neighbours(h: Hex) -> list[Hex]:
    hexes = data.load().hexes
    out = []
    for dx, dy in _OFFSETS.values():
        n = (h[0] + dx, h[1] + dy)
        if n in hexes:
            out.append(n)
    return out


@cache
def neighbours(h: Hex) -> tuple[Hex, ...]:
    """Areas bordering ``h`` (Grimheim counts as one area bordering its whole rim)."""
    town = _town_hexes()
    sources = sorted(town) if normalise(h) == GRIMHEIM else [h]
    found: set[Hex] = set()
    for s in sources:
        for n in _raw_neighbours(s):
            found.add(normalise(n))
    found.discard(normalise(h))
    return tuple(sorted(found, key=lambda c: (c[1], c[0])))


def adjacent(a: Hex, b: Hex) -> bool:
    """Whether areas ``a`` and ``b`` border each other (never an area with itself)."""
    a, b = normalise(a), normalise(b)
    return a != b and b in neighbours(a)


@cache
def distance(a: Hex, b: Hex) -> int:
    """Areas between ``a`` and ``b`` counted around Grimheim (never across it); a large
    number when no way around exists."""
    if a == b:
        return 0
    town = _town_hexes()
    seen = {a}
    frontier = [a]
    steps = 0
    while frontier:
        steps += 1
        nxt = []
        for h in frontier:
            for n in _raw_neighbours(h):
                if n == b:
                    return steps
                if n in seen or n in town:
                    continue
                seen.add(n)
                nxt.append(n)
        frontier = nxt
    return 99


def hero_terrain_problem(h: Hex) -> str:
    """Why a hero may not stand in ``h`` ("" if it may): mountains only in the Troll Caves,
    lakes only in Nailfare."""
    area = data.load().hexes[h]
    if area.terrain == "mountain" and area.location != "Troll Caves":
        return "heroes cannot enter mountains"
    if area.terrain == "lake" and area.location != "Nailfare":
        return "no character may enter a lake"
    return ""


def monster_next(h: Hex) -> Hex | None:
    """The area a monster at ``h`` moves to along its path (``None`` if the map shows none)."""
    area = data.load().hexes[h]
    if area.dir is None or area.dir not in _OFFSETS:
        return None
    dx, dy = _OFFSETS[area.dir]
    n = (h[0] + dx, h[1] + dy)
    return normalise(n) if n in data.load().hexes else None
