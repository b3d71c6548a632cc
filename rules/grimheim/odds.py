"""Exact attack odds for Fate: Defenders of Grimheim.

Every attack rolls one attack die per point of strength. Each die shows one of six faces
(``data.load().attack_die``): two misses, a rune, a hit that the target's cover cancels, and
two plain hits. Each counted face deals 1 damage (grim.dice.attack_faces):

* ``hit`` always counts;
* ``hitcov`` counts unless the defender has cover, i.e. stands in a forest (grim.combat.cover);
* ``rune`` counts only for attackers whose runes hit, the Dead (grim.monster.dead_runes);
* ``miss`` never counts.

Damage added after the roll by cards (``bonus``, grim.combat.bonus_damage) joins the total
before armor; armor then prevents a fixed amount once per attack, never per die
(grim.combat.armor). ``rune_bonus`` is damage added only when at least one rune was rolled
(the worked example's "Magic Runes").

Everything is computed exactly with fractions by dynamic programming over the six faces: no
sampling. ``odds_json`` is the ``python -m rules odds grimheim`` entry point.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from rules.core.words import plural

from ..core.verdict import MalformedAction
from . import data

MAX_DICE = 40
MAX_MODIFIER = 40

Distribution = list[Fraction]


def _validate_counts(dice: int, armor: int, bonus: int, rune_bonus: int) -> None:
    if not 0 <= dice <= MAX_DICE:
        raise ValueError(f"dice must be between 0 and {MAX_DICE}, not {dice}")
    for name, value in (("armor", armor), ("bonus", bonus), ("rune_bonus", rune_bonus)):
        if not 0 <= value <= MAX_MODIFIER:
            raise ValueError(f"{name} must be between 0 and {MAX_MODIFIER}, not {value}")


def face_counts(face: str, *, cover: bool, runes_hit: bool) -> bool:
    """Whether one die showing ``face`` deals 1 damage under the given conditions.

    Raises ``ValueError`` for a face name that is not on the attack die."""
    if face == "hit":
        return True
    if face == "hitcov":
        return not cover
    if face == "rune":
        return runes_hit
    if face == "miss":
        return False
    raise ValueError(f"unknown attack die face {face!r}")


def damage_distribution(
    dice: int,
    *,
    cover: bool = False,
    runes_hit: bool = False,
    armor: int = 0,
    bonus: int = 0,
    rune_bonus: int = 0,
) -> Distribution:
    """Exact distribution of the damage one attack deals.

    ``result[k]`` is P(damage == k) for k = 0 .. the maximum possible damage; the entries
    sum to exactly 1. ``dice`` is the attacker's strength. ``cover``: the defender stands in
    a forest. ``runes_hit``: runes count as hits (the Dead attacking). ``bonus``: damage
    added after the roll. ``rune_bonus``: damage added if any die shows a rune. ``armor``:
    damage prevented once for the whole attack. Raises ``ValueError`` for negative or absurd
    numbers (more than 40 dice).
    """
    _validate_counts(dice, armor, bonus, rune_bonus)
    faces = data.load().attack_die
    sixth = Fraction(1, len(faces))
    # state: (dice that dealt damage, whether any rune showed) -> probability
    states: dict[tuple[int, bool], Fraction] = {(0, False): Fraction(1)}
    for _ in range(dice):
        nxt: dict[tuple[int, bool], Fraction] = {}
        for (hits, rune_seen), p in states.items():
            for face in faces:
                key = (
                    hits + face_counts(face, cover=cover, runes_hit=runes_hit),
                    rune_seen or face == "rune",
                )
                nxt[key] = nxt.get(key, Fraction(0)) + p * sixth
        states = nxt
    top = max(0, dice + bonus + rune_bonus - armor)
    result = [Fraction(0)] * (top + 1)
    for (hits, rune_seen), p in states.items():
        total = hits + bonus + (rune_bonus if rune_seen else 0)
        result[max(0, total - armor)] += p
    return result


def p_at_least(dist: Sequence[Fraction], need: int) -> Fraction:
    """P(damage >= need) for a distribution from ``damage_distribution`` (1 when need <= 0)."""
    if need <= 0:
        return Fraction(1)
    return sum(dist[need:], Fraction(0))


def expected_damage(dist: Sequence[Fraction]) -> Fraction:
    """The mean damage of a distribution."""
    return sum((k * p for k, p in enumerate(dist)), Fraction(0))


def p_kill(
    dice: int,
    health: int,
    damage_taken: int = 0,
    *,
    cover: bool = False,
    runes_hit: bool = False,
    armor: int = 0,
    bonus: int = 0,
    rune_bonus: int = 0,
) -> Fraction:
    """Probability that one attack brings a defender with ``health`` that has already taken
    ``damage_taken`` to as much damage as its health (a kill, or a knock-out for a hero).

    Raises ``ValueError`` if health < 1 or damage_taken is outside 0 .. health - 1."""
    if health < 1:
        raise ValueError(f"health must be at least 1, not {health}")
    if not 0 <= damage_taken < health:
        raise ValueError(f"damage_taken must be between 0 and {health - 1}, not {damage_taken}")
    dist = damage_distribution(
        dice, cover=cover, runes_hit=runes_hit, armor=armor, bonus=bonus, rune_bonus=rune_bonus
    )
    return p_at_least(dist, health - damage_taken)


# ----- monsters attacking ------------------------------------------------------------------


def monster_strength(
    monster: str,
    *,
    level: int = 1,
    adjacent_trollkin: int = 0,
    monster_die_attack: bool = False,
) -> int:
    """Attack dice a monster rolls: its printed strength, +1 for each other trollkin next to
    a trollkin attacker (grim.monster.trollkin_numbers), +1 when the monster die showed
    Attack this turn (grim.monster.die_attack). ``monster`` is a ``MonsterKind.key`` or a
    Legend key (then ``level`` 1 = yellow, 2 = red picks its side).

    Raises ``ValueError`` for an unknown monster or level, or a negative neighbour count.
    """
    faction, strength = _monster_faction_strength(monster, level)
    if adjacent_trollkin < 0:
        raise ValueError("adjacent_trollkin cannot be negative")
    if faction == "trollkin":
        strength += adjacent_trollkin
    return strength + (1 if monster_die_attack else 0)


def _monster_faction_strength(monster: str, level: int) -> tuple[data.Faction, int]:
    d = data.load()
    if monster in d.monsters:
        kind = d.monsters[monster]
        return kind.faction, kind.strength
    if monster in d.legends:
        legend = d.legends[monster]
        if level not in legend.levels:
            raise ValueError(f"{legend.name} has levels 1 and 2, not {level}")
        return legend.faction, legend.levels[level].strength
    known = ", ".join([*d.monsters, *d.legends])
    raise ValueError(f"unknown monster {monster!r}; known: {known}")


def monster_attack_distribution(
    monster: str,
    *,
    level: int = 1,
    hero_in_forest: bool = False,
    hero_armor: int = 0,
    adjacent_trollkin: int = 0,
    monster_die_attack: bool = False,
) -> Distribution:
    """Exact damage distribution of one monster attacking a hero: the monster's strength in
    dice (see ``monster_strength``), runes hitting for the Dead, the hero's forest cover and
    the hero's armor (Boldur prevents 1 per attack)."""
    faction, _ = _monster_faction_strength(monster, level)
    dice = monster_strength(
        monster,
        level=level,
        adjacent_trollkin=adjacent_trollkin,
        monster_die_attack=monster_die_attack,
    )
    return damage_distribution(
        dice, cover=hero_in_forest, runes_hit=faction == "dead", armor=hero_armor
    )


# ----- JSON entry point --------------------------------------------------------------------

_BOOL_FIELDS = ("cover", "runes_hit", "monster_die_attack")
_INT_FIELDS = ("dice", "armor", "bonus", "rune_bonus", "need", "level", "adjacent_trollkin")
_FIELDS = frozenset((*_BOOL_FIELDS, *_INT_FIELDS, "monster"))


def _int(raw: Mapping[str, Any], name: str, default: int, low: int, high: int) -> int:
    value = raw.get(name, default)
    if type(value) is not int:
        raise MalformedAction(f'"{name}" must be a whole number, not {type(value).__name__}')
    if not low <= value <= high:
        raise MalformedAction(f'"{name}" must be between {low} and {high}, not {value}')
    return value


def _bool(raw: Mapping[str, Any], name: str) -> bool:
    value = raw.get(name, False)
    if not isinstance(value, bool):
        raise MalformedAction(f'"{name}" must be true or false, not {type(value).__name__}')
    return value


def odds_json(raw: Any) -> dict[str, Any]:
    """Answer an odds request given as JSON.

    Input: ``{"dice": 4, "cover": false, "runes_hit": false, "armor": 0, "bonus": 0,
    "rune_bonus": 0, "need": 2}`` (only ``dice`` is required; ``need`` defaults to 1).
    Instead of ``dice`` and ``runes_hit`` a monster attacking a hero may be named:
    ``{"monster": "troll", "level": 1, "adjacent_trollkin": 2, "monster_die_attack": false,
    "cover": true, "armor": 1}`` (``cover``/``armor`` then describe the hero).

    Output: ``{"dice": n, "need": k, "distribution": [P(0), P(1), ...], "p_at_least": P(>=k),
    "expected": mean, "exact": {...the same as fraction strings...}}``.

    Raises ``MalformedAction`` naming the problem for a non-object, unknown fields, wrong
    types or out-of-range numbers.
    """
    if not isinstance(raw, dict):
        raise MalformedAction('odds input must be a JSON object such as {"dice": 4, "need": 2}')
    unknown = sorted(set(raw) - _FIELDS)
    if unknown:
        raise MalformedAction(
            f"unknown {plural(len(unknown), 'field')}: {', '.join(unknown)}; "
            f"known: {', '.join(sorted(_FIELDS))}"
        )
    cover = _bool(raw, "cover")
    armor = _int(raw, "armor", 0, 0, MAX_MODIFIER)
    bonus = _int(raw, "bonus", 0, 0, MAX_MODIFIER)
    rune_bonus = _int(raw, "rune_bonus", 0, 0, MAX_MODIFIER)
    need = _int(raw, "need", 1, 0, MAX_DICE + 3 * MAX_MODIFIER)
    if "monster" in raw:
        monster = raw["monster"]
        clash = sorted({"dice", "runes_hit", "bonus", "rune_bonus"} & set(raw))
        if clash:
            raise MalformedAction(
                f"give either a monster or {', '.join(clash)}: the monster's card sets them"
            )
        if not isinstance(monster, str):
            raise MalformedAction('"monster" must be a monster name such as "troll"')
        level = _int(raw, "level", 1, 1, 2)
        neighbours = _int(raw, "adjacent_trollkin", 0, 0, 6)
        try:
            dice = monster_strength(
                monster,
                level=level,
                adjacent_trollkin=neighbours,
                monster_die_attack=_bool(raw, "monster_die_attack"),
            )
            dist = monster_attack_distribution(
                monster,
                level=level,
                hero_in_forest=cover,
                hero_armor=armor,
                adjacent_trollkin=neighbours,
                monster_die_attack=_bool(raw, "monster_die_attack"),
            )
        except ValueError as exc:
            raise MalformedAction(str(exc)) from None
    else:
        for name in ("level", "adjacent_trollkin", "monster_die_attack"):
            if name in raw:
                raise MalformedAction(f'"{name}" only applies together with "monster"')
        if "dice" not in raw:
            raise MalformedAction('missing "dice" (the attack strength) or "monster"')
        dice = _int(raw, "dice", 0, 0, MAX_DICE)
        dist = damage_distribution(
            dice,
            cover=cover,
            runes_hit=_bool(raw, "runes_hit"),
            armor=armor,
            bonus=bonus,
            rune_bonus=rune_bonus,
        )
    at_least = p_at_least(dist, need)
    mean = expected_damage(dist)
    return {
        "dice": dice,
        "need": need,
        "distribution": [float(p) for p in dist],
        "p_at_least": float(at_least),
        "expected": float(mean),
        "exact": {
            "distribution": [str(p) for p in dist],
            "p_at_least": str(at_least),
            "expected": str(mean),
        },
    }
