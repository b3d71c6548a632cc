"""Grimheim: hand corrections (counters the table may set directly) and the consistency
rules every state must keep, whatever was corrected.

Counters: ``time``, ``town``, each hero's ``damage``, ``xp``, ``hand``, ``equipment_damage``,
``upgrades`` and ``mana.<card>``, ``supply.<kind>``, ``monster.<x>,<y>.damage`` and
``markers.<site>`` (the setup markers still on a site, 0 to 3).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from . import data, hexmap
from . import heroes as hx
from . import state as geometry
from .card_effects import MAX_EQUIPMENT_DAMAGE
from .guards import MAX_TOWN, track
from .monsters import monster_stats, placed_count
from .state import (
    GRIMHEIM,
    HAND_LIMIT,
    MAX_CRYSTALS,
    MAX_UPGRADES,
    SITE_MARKERS,
    SITES,
    GrimheimState,
    HeroState,
    gold_in_box,
    with_hero,
)


def _hero_limits(hero: HeroState) -> dict[str, int]:
    """Each hand-settable hero counter (a ``HeroState`` field) and its highest value."""
    return {
        "damage": hx.health(hero) - 1,
        "xp": MAX_CRYSTALS,
        "hand": HAND_LIMIT,
        "equipment_damage": MAX_EQUIPMENT_DAMAGE,
        "upgrades": MAX_UPGRADES,
    }


def counters(state: GrimheimState) -> Mapping[str, tuple[int, int]]:
    """Every counter the table may set, with its (lowest, highest) value."""
    out: dict[str, tuple[int, int]] = {"time": (1, len(track(state))), "town": (0, MAX_TOWN)}
    room = gold_in_box(state)
    for h in state.heroes:
        for field_name, top in _hero_limits(h).items():
            if field_name == "xp":
                top = h.xp + room  # the box's 50 are shared (grim.xp.box_limit)
            out[f"{h.name}.{field_name}"] = (0, top)
        for card in sorted(h.mana):
            out[f"{h.name}.mana.{card}"] = (0, MAX_CRYSTALS)
    for kind, m in data.load().monsters.items():
        out[f"supply.{kind}"] = (0, m.tiles - placed_count(state, kind))
    for t in state.monsters:
        out[f"monster.{t.at[0]},{t.at[1]}.damage"] = (0, monster_stats(t)[1] - 1)
    for site in SITES:
        out[f"markers.{site}"] = (0, SITE_MARKERS)
    return out


def counter_values(state: GrimheimState) -> Mapping[str, int]:
    """The current value of every counter in ``counters``."""
    out: dict[str, int] = {"time": state.time, "town": state.town}
    for h in state.heroes:
        for field_name in _hero_limits(h):
            out[f"{h.name}.{field_name}"] = getattr(h, field_name)
        for card in sorted(h.mana):
            out[f"{h.name}.mana.{card}"] = h.mana[card]
    for kind in data.load().monsters:
        out[f"supply.{kind}"] = state.supply.get(kind, 0)
    for t in state.monsters:
        out[f"monster.{t.at[0]},{t.at[1]}.damage"] = t.damage
    for site in SITES:
        out[f"markers.{site}"] = state.site_markers.get(site, 0)
    return out


def set_counter(state: GrimheimState, counter: str, value: int) -> GrimheimState:
    """``state`` with ``counter`` set to ``value``. Setting a supply count moves the
    difference to or from the untracked tiles, so the box total still adds up."""
    if counter == "time":
        return replace(state, time=value)
    if counter == "town":
        return replace(state, town=value)
    head, _, rest = counter.partition(".")
    if head == "markers":
        return replace(state, site_markers={**state.site_markers, rest: value})
    if head == "supply":
        box = data.load().monsters[rest].tiles
        supply = {**state.supply, rest: value}
        untracked = {**state.untracked, rest: box - placed_count(state, rest) - value}
        untracked = {k: v for k, v in untracked.items() if v}
        return replace(state, supply=supply, untracked=untracked)
    if head == "monster":
        area, _, _ = rest.partition(".")
        x, _, y = area.partition(",")
        at = (int(x), int(y))
        tiles = [replace(t, damage=value) if t.at == at else t for t in state.monsters]
        return replace(state, monsters=tuple(tiles))
    hero = state.hero(head)
    field_name, _, card = rest.partition(".")
    if field_name == "mana":
        return with_hero(state, hero.with_mana(card, value))
    fields: dict[str, Any] = {field_name: value}
    return with_hero(state, replace(hero, **fields))


def invariants(state: GrimheimState) -> list[str]:
    """Everything wrong with ``state``: broken supply counts, shared areas, values out of
    range, a phase that cannot be. Empty when the state is consistent."""
    d = data.load()
    broken: list[str] = []
    for kind, m in d.monsters.items():
        placed = placed_count(state, kind)
        supply = state.supply.get(kind, 0)
        untracked = state.untracked.get(kind, 0)
        if supply < 0 or untracked < 0:
            broken.append(f"{m.name}: negative supply or untracked count")
        if supply + placed + untracked != m.tiles:
            broken.append(f"{m.name}: supply {supply} + board {placed + untracked} ≠ box {m.tiles}")
    legends = {t.kind: t.level for t in state.monsters if t.is_legend}
    if legends != state.legends_in_play:
        broken.append("Legends in play do not match the Legend tiles on the map")
    for t in state.monsters:
        if t.is_legend and t.kind not in d.legends:
            broken.append(f"unknown Legend {t.kind!r}")
        if not t.is_legend and t.kind not in d.monsters:
            broken.append(f"unknown monster kind {t.kind!r}")
    spots = [t.at for t in state.monsters] + [h.at for h in state.heroes if h.at != GRIMHEIM]
    if len(spots) != len(set(spots)):
        broken.append("two characters share an area outside Grimheim")
    if any(t.at == GRIMHEIM or not geometry.on_map(t.at) for t in state.monsters):
        broken.append("a monster stands in Grimheim or off the map")
    for t in state.monsters:
        if geometry.on_map(t.at) and hexmap.monster_terrain_problem(t.at):
            broken.append(f"a monster stands in the lake at {t.at[0]},{t.at[1]} (grim.map.lake)")
    total_xp = sum(h.xp for h in state.heroes)
    if total_xp > MAX_CRYSTALS:
        broken.append(f"the heroes hold {total_xp} gold/XP; the box has {MAX_CRYSTALS}")
    for h in state.heroes:
        if not 0 <= h.damage < hx.health(h):
            broken.append(f"{h.name}'s damage {h.damage} is outside 0..{hx.health(h) - 1}")
        if not 0 <= h.xp <= MAX_CRYSTALS:
            broken.append(f"{h.name}'s gold/XP {h.xp} is outside 0..{MAX_CRYSTALS}")
        if not 0 <= h.hand <= HAND_LIMIT:
            broken.append(f"{h.name}'s hand {h.hand} is outside 0..{HAND_LIMIT}")
        if any(v < 0 for v in h.mana.values()):
            broken.append(f"{h.name} has negative mana on a card")
        if len(h.actions) > 2 or len(set(h.actions)) != len(h.actions):
            broken.append(f"{h.name} has used {h.actions}")
    if not 0 <= state.town <= MAX_TOWN:
        broken.append(f"town pieces {state.town} outside 0..{MAX_TOWN}")
    if not 1 <= state.time <= len(track(state)):
        broken.append(f"time step {state.time} is off the track")
    if not 0 <= state.turn < len(state.heroes):
        broken.append(f"turn {state.turn} names no hero")
    if set(state.site_markers) != set(SITES) or any(
        not 0 <= v <= SITE_MARKERS for v in state.site_markers.values()
    ):
        broken.append(
            f"setup markers must name the sites {', '.join(SITES)}, each holding 0 to "
            f"{SITE_MARKERS}"
        )
    if state.phase == "reinforce" and state.reinforcements_left < 1:
        broken.append("reinforcement step with no card left to draw")
    return broken
