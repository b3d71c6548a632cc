"""Grimheim: what the monsters' attack step can deal, hero by hero.

Each monster with a hero within its attack range rolls as many attack dice as its strength
(the printed strength, +1 for each other trollkin beside a trollkin, +1 for every monster when
the monster die showed its attack face); a die deals at most one damage. A monster attacks one
hero, chosen by the players when several are in reach. So a report of the damage heroes took
is possible only when the monsters can be shared out among the heroes so that each hero's
damage is at most the dice of the monsters attacking it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import product

from rules.core.words import counted

from . import data
from . import state as geometry
from .guards import spot
from .monsters import monster_name, monster_reach
from .state import GRIMHEIM, GrimheimState, MonsterTile

MAX_ASSIGNMENTS = 4096
"""Above this many ways to share out monsters that reach several heroes, the check falls back
to the looser condition that every group of heroes took at most the dice that reach it."""


@dataclass(frozen=True)
class Attacker:
    """A monster able to attack this turn: its tile, its dice, what the dice count includes
    (in words) and the heroes it can reach (by name, in player order)."""

    tile: MonsterTile
    dice: int
    extras: tuple[str, ...]
    targets: tuple[str, ...]

    def words(self) -> str:
        """The monster, its area and its dice in words ("Troll at F3 (6 dice)"), with any
        extra dice explained."""
        extra = f": {', '.join(self.extras)}" if self.extras else ""
        dice = counted(self.dice, "die", "dice")
        return f"{monster_name(self.tile)} at {spot(self.tile.at)} ({dice}{extra})"


def _faction(tile: MonsterTile) -> str:
    d = data.load()
    return d.legends[tile.kind].faction if tile.is_legend else d.monsters[tile.kind].faction


def _strength(tile: MonsterTile) -> int:
    d = data.load()
    if tile.is_legend:
        return d.legends[tile.kind].levels[tile.level].strength
    return d.monsters[tile.kind].strength


def attackers(state: GrimheimState) -> tuple[Attacker, ...]:
    """Every monster that has a hero outside Grimheim within its attack range, with its dice
    (grim.combat.strength, grim.monster.trollkin_numbers, grim.monster.die_attack) and the
    heroes it can reach (grim.combat.range, grim.monster.fire_range)."""
    out: list[Attacker] = []
    for tile in state.monsters:
        reach = monster_reach(tile)
        targets = tuple(
            h.name
            for h in state.heroes
            if h.at != GRIMHEIM and geometry.distance(tile.at, h.at) <= reach
        )
        if not targets:
            continue
        dice = _strength(tile)
        extras: list[str] = []
        if _faction(tile) == "trollkin":
            beside = sum(
                1
                for m in state.monsters
                if m is not tile and _faction(m) == "trollkin" and geometry.adjacent(m.at, tile.at)
            )
            if beside:
                dice += beside
                extras.append(f"+{beside} for trollkin beside it")
        if state.die_face == "attack":
            dice += 1
            extras.append("+1 from the monster die")
        if dice > 0:
            out.append(Attacker(tile, dice, tuple(extras), targets))
    return tuple(out)


def most_damage(state: GrimheimState) -> dict[str, int]:
    """The most damage each hero could take in this attack step (all dice in reach of it)."""
    most = {h.name: 0 for h in state.heroes}
    for a in attackers(state):
        for name in a.targets:
            most[name] += a.dice
    return most


def attack_problem(state: GrimheimState, damage: Mapping[str, int]) -> str:
    """Why the monsters in reach cannot have dealt ``damage`` (hero name to amount), or ""."""
    wanted = {n: v for n, v in damage.items() if v > 0}
    if not wanted:
        return ""
    most = most_damage(state)
    for name, amount in wanted.items():
        if amount > most[name]:
            if most[name] == 0:
                return f"no monster can reach {name} this turn, so {name} takes no damage"
            return (
                f"{name} can take at most {most[name]} damage: that is every attack die of "
                f"the monsters within reach ({_reach_words(state, name)})"
            )
    if not _can_share(attackers(state), wanted):
        return (
            "each monster attacks only one hero, and the monsters within reach do not have "
            "dice enough to deal all of that: " + "; ".join(f"{n} {v}" for n, v in wanted.items())
        )
    return ""


def _reach_words(state: GrimheimState, name: str) -> str:
    return ", ".join(a.words() for a in attackers(state) if name in a.targets)


def _can_share(found: tuple[Attacker, ...], wanted: Mapping[str, int]) -> bool:
    """Whether the attackers can be shared out so each hero gets dice for its damage."""
    fixed = {n: 0 for n in wanted}
    choices: list[tuple[int, tuple[str, ...]]] = []
    for a in found:
        useful = tuple(n for n in a.targets if n in wanted)
        if len(useful) == 1:
            fixed[useful[0]] += a.dice
        elif useful:
            choices.append((a.dice, useful))
    ways = 1
    for _, useful in choices:
        ways *= len(useful)
    if ways > MAX_ASSIGNMENTS:
        return _hall(fixed, choices, wanted)
    for picks in product(*(useful for _, useful in choices)):
        got = dict(fixed)
        for (dice, _), name in zip(choices, picks, strict=True):
            got[name] += dice
        if all(got[n] >= v for n, v in wanted.items()):
            return True
    return False


def _hall(
    fixed: Mapping[str, int],
    choices: list[tuple[int, tuple[str, ...]]],
    wanted: Mapping[str, int],
) -> bool:
    """Every group of heroes took at most the dice of the monsters reaching any of them."""
    names = list(wanted)
    for mask in range(1, 1 << len(names)):
        group = {names[i] for i in range(len(names)) if mask >> i & 1}
        dice = sum(fixed[n] for n in group)
        dice += sum(d for d, useful in choices if group & set(useful))
        if sum(wanted[n] for n in group) > dice:
            return False
    return True


def reach_lines(state: GrimheimState) -> list[str]:
    """For each hero outside Grimheim, which monsters can attack it and with how many dice."""
    found = attackers(state)
    lines = []
    for h in state.heroes:
        if h.at == GRIMHEIM:
            continue
        mine = [a for a in found if h.name in a.targets]
        if not mine:
            lines.append(f"{h.name}: no monster within reach")
            continue
        total = sum(a.dice for a in mine)
        lines.append(f"{h.name}: {', '.join(a.words() for a in mine)}; at most {total} damage")
    return lines
