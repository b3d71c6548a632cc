"""Scales of Fate: the three god powers (Smite, Switch, Steal), each usable once per game.

A god power may be used on one's turn even after passing; using it costs its user one
point at the end of the game.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core import Verdict

from .actions import GodSmite, GodSteal, GodSwitch
from .components import GOD_POWER_NAMES, SERVANT_NAMES, TILE_POSITIONS, GodPower, tile_name
from .guards import Effects, Handlers, demigod_problem, held_token, place_words
from .state import SofState
from .turns import after_turn, turn_problem


def god_problem(state: SofState, seat: int, power: GodPower) -> Verdict | None:
    problem = turn_problem(state, seat, normal=False)
    if problem:
        return problem
    used = state.god_powers[power]
    if used is not None:
        return Verdict.no(
            f"The {GOD_POWER_NAMES[power]} god power was already used by "
            f"{state.players[used]}; each is used once per game.",
            "sof.god.once",
        )
    return None


def _spend(
    state: SofState, new: SofState, seat: int, power: GodPower, effects: Effects
) -> tuple[SofState, Effects]:
    """Finish a god power: its token is marked used by ``seat`` and the turn ends."""
    powers = dict(state.god_powers)
    powers[power] = seat
    effects.append(f"{state.players[seat]} loses 1 point at the end for this god power.")
    return after_turn(replace(new, god_powers=powers), seat, effects)


def check_smite(state: SofState, act: GodSmite) -> Verdict:
    problem = god_problem(state, act.seat, "smite") or demigod_problem(act.demigod, "sof.god.smite")
    if problem:
        return problem
    place = state.where[act.demigod]
    if place == "abyss":
        return Verdict.no(
            f"{act.demigod} is already in the Abyss.",
            "sof.god.smite",
            "sof.assume.god-smite-target",
        )
    text = f"{act.demigod} goes to the Abyss"
    if place in TILE_POSITIONS:
        text += f" and {tile_name(place)} is flipped: it keeps no action"
    return Verdict.ok(text + ".", "sof.god.smite", "sof.god.once")


def do_smite(state: SofState, act: GodSmite) -> tuple[SofState, Effects]:
    effects = [f"{state.players[act.seat]} uses Smite: {act.demigod} goes to the Abyss."]
    where = dict(state.where)
    place = where[act.demigod]
    where[act.demigod] = "abyss"
    tiles = state.tiles
    if place in TILE_POSITIONS:
        tiles = tuple(replace(t, flipped=True) if t.position == place else t for t in tiles)
        effects.append(f"{tile_name(place)} is flipped and loses its action.")
    return _spend(state, replace(state, where=where, tiles=tiles), act.seat, "smite", effects)


def check_switch(state: SofState, act: GodSwitch) -> Verdict:
    problem = (
        god_problem(state, act.seat, "switch")
        or demigod_problem(act.first, "sof.god.switch")
        or demigod_problem(act.second, "sof.god.switch")
    )
    if problem:
        return problem
    if act.first == act.second:
        return Verdict.no("Switch needs two different demigods.", "sof.god.switch")
    if state.where[act.first] == state.where[act.second]:
        return Verdict.no(
            f"{act.first} and {act.second} are both {place_words(state, act.first)}: "
            "switching them changes nothing.",
            "sof.god.switch",
            "sof.assume.switch-different-places",
        )
    return Verdict.ok(
        f"{act.first} and {act.second} trade places.", "sof.god.switch", "sof.god.once"
    )


def do_switch(state: SofState, act: GodSwitch) -> tuple[SofState, Effects]:
    where = dict(state.where)
    where[act.first], where[act.second] = where[act.second], where[act.first]
    effects = [f"{state.players[act.seat]} uses Switch: {act.first} and {act.second} trade places."]
    return _spend(state, replace(state, where=where), act.seat, "switch", effects)


def check_steal(state: SofState, act: GodSteal) -> Verdict:
    problem = god_problem(state, act.seat, "steal")
    if problem:
        return problem
    other = 1 - act.seat
    if held_token(state, other, act.servant) is None:
        return Verdict.no(
            f"{state.players[other]} holds no unused {SERVANT_NAMES[act.servant]} token.",
            "sof.god.steal",
        )
    return Verdict.ok(
        f"{state.players[act.seat]} takes {SERVANT_NAMES[act.servant]} from "
        f"{state.players[other]}.",
        "sof.god.steal",
        "sof.god.once",
    )


def do_steal(state: SofState, act: GodSteal) -> tuple[SofState, Effects]:
    token = held_token(state, 1 - act.seat, act.servant)
    assert token is not None
    servants = dict(state.servants)
    servants[token] = f"held-{act.seat}"
    effects = [f"{state.players[act.seat]} uses Steal and takes {SERVANT_NAMES[act.servant]}."]
    return _spend(state, replace(state, servants=servants), act.seat, "steal", effects)


HANDLERS: Handlers = {
    GodSmite: (check_smite, do_smite),
    GodSwitch: (check_switch, do_switch),
    GodSteal: (check_steal, do_steal),
}
