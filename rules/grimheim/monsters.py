"""Grimheim: monster tiles on the map: their printed values and how they come and go.

Values come from the reference data (``data``); a Legend reports its current level's
values. Tiles leave the map back to the supply (a Legend leaves play), and a monster that
enters Grimheim destroys town pieces on the way out.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core import Verdict

from . import data
from . import reinforcements as rf
from . import state as geometry
from .guards import damage_problem, spot
from .state import (
    GRIMHEIM,
    GrimheimState,
    Hex,
    MonsterTile,
    gold_in_box,
    sorted_tiles,
    with_hero,
)

LEGEND_TOWN_LOSS = 3
"""Town pieces a Legend destroys when it enters Grimheim (any other monster: 1)."""


def monster_name(tile: MonsterTile) -> str:
    """The tile's printed name; a Legend adds its level (I or II)."""
    name = rf.display_name(tile.kind)
    return f"{name} ({'I' if tile.level == 1 else 'II'})" if tile.is_legend else name


def monster_stats(tile: MonsterTile) -> tuple[int, int, int, int]:
    """(rank, health, xp, armor) of a tile; Legends report rank 4 and their level's values."""
    d = data.load()
    if tile.is_legend:
        lv = d.legends[tile.kind].levels[tile.level]
        return 4, lv.health, lv.xp, lv.armor
    k = d.monsters[tile.kind]
    return k.rank, k.health, k.xp, k.armor


def monster_steps(tile: MonsterTile) -> int:
    """Areas the tile moves in a monster turn, before any charge."""
    d = data.load()
    if tile.is_legend:
        return d.legends[tile.kind].levels[tile.level].steps
    return d.monsters[tile.kind].steps


def monster_reach(tile: MonsterTile) -> int:
    """Attack range: 2 for the Fire Horde, 1 otherwise."""
    d = data.load()
    faction = d.legends[tile.kind].faction if tile.is_legend else d.monsters[tile.kind].faction
    return 2 if faction == "fire_horde" else 1


def town_loss(tile: MonsterTile) -> int:
    """Town pieces ``tile`` destroys when it enters Grimheim."""
    return LEGEND_TOWN_LOSS if tile.is_legend else 1


def placed_count(state: GrimheimState, kind: str) -> int:
    """Tiles of a regular monster ``kind`` on the map."""
    return sum(1 for t in state.monsters if t.kind == kind and not t.is_legend)


def damage_result(tile: MonsterTile, damage: int, unpreventable: bool) -> tuple[int, bool, int]:
    _, health, xp, armor = monster_stats(tile)
    dealt = damage if unpreventable or damage == 0 else max(0, damage - armor)
    return dealt, tile.damage + dealt >= health, xp


def remove_tile(state: GrimheimState, tile: MonsterTile) -> GrimheimState:
    """``state`` with ``tile`` off the map: back to the supply (a Legend leaves play)."""
    monsters = tuple(m for m in state.monsters if m is not tile)
    if tile.is_legend:
        legends = {k: v for k, v in state.legends_in_play.items() if k != tile.kind}
        return replace(state, monsters=monsters, legends_in_play=legends)
    supply = dict(state.supply)
    supply[tile.kind] = supply.get(tile.kind, 0) + 1
    return replace(state, monsters=monsters, supply=supply)


def relocate(state: GrimheimState, tile: MonsterTile, to: Hex) -> GrimheimState:
    """``tile`` moved to ``to``; into Grimheim it destroys town pieces and leaves the map."""
    if to == GRIMHEIM:
        state = remove_tile(state, tile)
        return replace(state, town=max(0, state.town - town_loss(tile)))
    monsters = [replace(m, at=to) if m is tile else m for m in state.monsters]
    return replace(state, monsters=sorted_tiles(monsters))


def add_tile(state: GrimheimState, kind: str, at: Hex) -> GrimheimState:
    supply = dict(state.supply)
    supply[kind] -= 1
    tiles = sorted_tiles([*state.monsters, MonsterTile(kind=kind, at=at)])
    return replace(state, supply=supply, monsters=tiles)


def damage_verdict(
    state: GrimheimState,
    name: str,
    target: Hex,
    damage: int,
    unpreventable: bool,
    reach: int | None,
) -> Verdict:
    hero = state.hero(name)
    rule = "grim.action.attack" if reach is not None else "grim.free.effects"
    bad = damage_problem(damage, rule)
    if bad:
        return bad
    tile = state.monster_at(target)
    if tile is None:
        return Verdict.no(f"There is no monster at {spot(target)}.", rule)
    if hero.at == GRIMHEIM:
        what = "attack" if reach is not None else "deal damage to"
        return Verdict.no(
            f"{name} is in Grimheim and cannot {what} monsters outside it.",
            "grim.map.grimheim_apart",
            rule,
        )
    if reach is not None:
        dist = geometry.distance(hero.at, target)
        if dist > reach:
            return Verdict.no(
                f"The {monster_name(tile)} is {dist} areas away; {name}'s range is {reach}.",
                rule,
            )
    dealt, killed, xp = damage_result(tile, damage, unpreventable)
    effects = [f"{monster_name(tile)} at {spot(target)} takes {dealt} damage"]
    rules = [rule]
    if dealt < damage:
        effects.append(f"armor prevents {damage - dealt}")
        rules.append("grim.combat.armor")
    if killed:
        gained = min(xp, gold_in_box(state))
        effects.append(f"killed: back to the supply, {name} gains {gained} XP")
        rules += ["grim.supply.kill", "grim.xp.kill"]
        if gained < xp:
            effects.append(f"the box holds only {gained} gold/XP of the {xp} earned")
            rules.append("grim.xp.box_limit")
    return Verdict.ok(
        f"{name} deals {dealt} damage to the {monster_name(tile)}.",
        *rules,
        effects=effects,
    )


def hurt_monster(
    state: GrimheimState, name: str, target: Hex, damage: int, unpreventable: bool
) -> GrimheimState:
    tile = state.monster_at(target)
    assert tile is not None
    dealt, killed, xp = damage_result(tile, damage, unpreventable)
    if not killed:
        hit = replace(tile, damage=tile.damage + dealt)
        return replace(state, monsters=tuple(hit if m is tile else m for m in state.monsters))
    gained = min(xp, gold_in_box(state))
    state = remove_tile(state, tile)
    hero = state.hero(name)
    return with_hero(state, replace(hero, xp=hero.xp + gained, kills=hero.kills + 1))
