"""Options and state of a Fate: Defenders of Grimheim table.

Everything is a frozen dataclass that the core codec turns into JSON and back. Positions are
axial hexes ``(x, y)`` of the printed map; Grimheim, which the rules treat as one single area,
is always written as its centre hex ``GRIMHEIM`` (any of its seven printed hexes normalises to it).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from . import hexmap

Hex = tuple[int, int]
GRIMHEIM: Hex = (9, 9)
"""The one area that stands for the whole town (the centre of the printed map)."""

HeroName = Literal["Bjorn", "Alva", "Embla", "Boldur"]
HERO_NAMES: tuple[str, ...] = ("Bjorn", "Alva", "Embla", "Boldur")
TOWN_PIECES_BY_PLAYERS: dict[int, int] = {1: 4, 2: 6, 3: 8, 4: 10}
"""Town pieces placed at setup, by number of players (Freyja's Well is one of them)."""

HAND_LIMIT = 4
SITE_MARKERS = 3
"""Markers placed at setup steps 3a-3c on each of the three sites (``SITES``)."""
SITES: dict[str, str] = {
    "troll_caves": "Troll Caves",
    "nailfare": "Nailfare",
    "wyrm_lair": "Wyrm Lair",
}
"""The setup marker sites (key to the map location): 3 damage markers in the Troll Caves,
3 mana in Nailfare, 3 gold in the Wyrm Lair."""
MAX_CRYSTALS = 50
"""The box holds 50 crystals of each colour: the hard bound for gold/XP and mana. Gold/XP
crystals are shared: all heroes together hold at most 50 (``gold_in_box``)."""
MAX_UPGRADES = 20
"""Upper bound of a hero's upgrades counter (well past what a game reaches): the bound for
corrections, and so also the point past which no upgrade can be bought."""

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

    heroes: tuple[HeroName, ...] = ("Bjorn", "Alva")
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
    site_markers: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SITES, SITE_MARKERS))
    """Setup markers still on each site (``SITES``): 3 until a hero there takes them, then
    gone for the rest of the game (grim.setup.*_markers)."""

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


def gold_in_box(state: GrimheimState) -> int:
    """Gold/XP crystals still in the box: 50 less what every hero holds (never below 0).
    A hero gains at most this many (grim.xp.box_limit)."""
    return max(0, MAX_CRYSTALS - sum(h.xp for h in state.heroes))


def with_hero(state: GrimheimState, hero: HeroState) -> GrimheimState:
    """``state`` with the hero of the same name replaced by ``hero``."""
    heroes = tuple(hero if h.name == hero.name else h for h in state.heroes)
    return replace(state, heroes=heroes)


def sorted_tiles(tiles: list[MonsterTile] | tuple[MonsterTile, ...]) -> tuple[MonsterTile, ...]:
    """Tiles in a canonical order (by row, then column) so equal boards compare equal."""
    return tuple(sorted(tiles, key=lambda m: (m.at[1], m.at[0], m.kind)))


# ----- positions on the map ----------------------------------------------------------------
# Thin adapters over ``hexmap`` in the shapes the game uses: Grimheim is one area written as
# GRIMHEIM, and ranges count around the town, never across it.

NO_REACH = 99
"""Distance reported between areas no attack can connect (inside and outside Grimheim)."""


def on_map(h: Hex) -> bool:
    """Whether ``h`` is an area of the printed map."""
    return hexmap.on_map(h)


def normalise(h: Hex) -> Hex:
    """``h``, or ``GRIMHEIM`` for any hex of the town."""
    return hexmap.area(h)


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """Areas one step from ``h`` (Grimheim counts as one area bordering its whole rim)."""
    return tuple(hexmap.move_neighbours(normalise(h)))


def adjacent(a: Hex, b: Hex) -> bool:
    """Whether characters at ``a`` and ``b`` are adjacent (heroes in Grimheim only to
    each other)."""
    return hexmap.adjacent(a, b)


def borders(a: Hex, b: Hex) -> bool:
    """Whether one step leads from area ``a`` to area ``b`` (into or out of Grimheim too)."""
    a, b = normalise(a), normalise(b)
    return a != b and b in hexmap.move_neighbours(a)


def distance(a: Hex, b: Hex) -> int:
    """Attack range needed from ``a`` to ``b``, counted around Grimheim; ``NO_REACH`` when
    one stands inside the town and the other outside."""
    d = hexmap.attack_distance(a, b)
    return NO_REACH if d is None else d


def hero_terrain_problem(h: Hex) -> tuple[str, str] | None:
    """(reason, rule ID) why a hero may not stand in ``h``, or ``None``."""
    return hexmap.terrain_problem(normalise(h))


def monster_next(h: Hex) -> Hex | None:
    """The area a monster at ``h`` moves to along its path (``None`` if none leads on)."""
    nxt = hexmap.monster_next_step(h)
    return None if nxt is None else normalise(nxt)
