"""Grimheim: table upkeep: placing, removing and moving monster tiles by hand.

Card effects and table mistakes move monsters in ways the round does not; these actions keep
the app's map in step with the board while the supply still adds up.
"""

from __future__ import annotations

from rules.core import Verdict

from . import data, hexmap
from . import state as geometry
from .actions import MoveMonster, PlaceMonster, RemoveMonster
from .guards import Handlers, hex_problem, spot
from .monsters import add_tile, monster_name, relocate, remove_tile, town_loss
from .state import GRIMHEIM, GrimheimState


def check_place_monster(state: GrimheimState, a: PlaceMonster) -> Verdict:
    kinds = data.load().monsters
    if a.monster not in kinds:
        return Verdict.no(
            f"{a.monster!r} is not a monster; kinds: {', '.join(kinds)}.",
            "grim.supply.conservation",
        )
    bad = hex_problem(a.at, "Area")
    if bad:
        return bad
    if geometry.normalise(a.at) == GRIMHEIM:
        return Verdict.no("Monsters are never placed in Grimheim.", "grim.monster.enters_grimheim")
    lake = hexmap.monster_terrain_problem(a.at)
    if lake:
        return Verdict.no(*lake)
    if a.at in state.occupied():
        return Verdict.no(f"{spot(a.at)} is occupied.", "grim.map.one_per_area")
    if state.supply.get(a.monster, 0) < 1:
        return Verdict.no(
            f"The supply has no {kinds[a.monster].name} tiles left.", "grim.supply.conservation"
        )
    return Verdict.ok(
        f"A {kinds[a.monster].name} is placed at {spot(a.at)}.",
        "grim.free.effects",
        effects=[f"{kinds[a.monster].name} supply → {state.supply[a.monster] - 1}"],
    )


def apply_place_monster(state: GrimheimState, a: PlaceMonster) -> GrimheimState:
    return add_tile(state, a.monster, a.at)


def check_remove_monster(state: GrimheimState, a: RemoveMonster) -> Verdict:
    tile = state.monster_at(a.at)
    if tile is None:
        return Verdict.no(f"There is no monster at {spot(a.at)}.", "grim.free.effects")
    return Verdict.ok(
        f"The {monster_name(tile)} leaves the map.",
        "grim.free.effects",
        "grim.supply.conservation",
        effects=["back to the supply"],
    )


def apply_remove_monster(state: GrimheimState, a: RemoveMonster) -> GrimheimState:
    tile = state.monster_at(a.at)
    assert tile is not None
    return remove_tile(state, tile)


def check_move_monster(state: GrimheimState, a: MoveMonster) -> Verdict:
    tile = state.monster_at(a.frm)
    if tile is None:
        return Verdict.no(f"There is no monster at {spot(a.frm)}.", "grim.free.effects")
    bad = hex_problem(a.to, "Area")
    if bad:
        return bad
    to = geometry.normalise(a.to)
    lake = hexmap.monster_terrain_problem(to) if to != GRIMHEIM else None
    if lake:
        return Verdict.no(*lake)
    if to != GRIMHEIM and to in state.occupied():
        return Verdict.no(f"{spot(to)} is occupied.", "grim.map.one_per_area")
    effects = [f"{monster_name(tile)}: {spot(a.frm)} → {spot(to)}"]
    rules = ["grim.free.effects"]
    if to == GRIMHEIM:
        loss = town_loss(tile)
        effects.append(f"it enters Grimheim: town → {max(0, state.town - loss)}")
        rules.append("grim.monster.enters_grimheim")
    return Verdict.ok("A monster is moved.", *rules, effects=effects)


def apply_move_monster(state: GrimheimState, a: MoveMonster) -> GrimheimState:
    tile = state.monster_at(a.frm)
    assert tile is not None
    return relocate(state, tile, geometry.normalise(a.to))


HANDLERS: Handlers = {
    PlaceMonster: (check_place_monster, apply_place_monster),
    RemoveMonster: (check_remove_monster, apply_remove_monster),
    MoveMonster: (check_move_monster, apply_move_monster),
}
