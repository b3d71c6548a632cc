"""Scales of Fate: placing a demigod on an action tile, and the tile's action.

A tile's action runs as the demigod lands: Smite sends another off-board demigod to the
Abyss, Abyss Fate moves the Abyss marker, a servant tile hands over a servant token from
the supply. A tile flipped by the Smite god power has no action.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core import Verdict

from .actions import PlaceDemigod
from .components import (
    ABYSS_LEFT,
    ABYSS_NAMES,
    ABYSS_RIGHT,
    SERVANT_KINDS,
    SERVANT_NAMES,
    TILE_ACTION_NAMES,
    ServantKind,
    tile_name,
)
from .guards import Effects, Handlers, demigod_problem, place_words, supply_token
from .state import SofState
from .turns import after_turn, turn_problem


def marker_step(direction: str) -> int:
    """How far the Abyss marker moves for an Abyss Fate ``direction`` ("left" or "right")."""
    return ABYSS_LEFT if direction == "left" else ABYSS_RIGHT


def check_place(state: SofState, act: PlaceDemigod) -> Verdict:
    problem = turn_problem(state, act.seat, normal=True) or demigod_problem(
        act.demigod, "sof.action.place"
    )
    if problem:
        return problem
    if state.where[act.demigod] != "off":
        return Verdict.no(
            f"{act.demigod} is already {place_words(state, act.demigod)}; only "
            "demigods off the board can be placed.",
            "sof.action.place",
        )
    tile = state.tile(act.tile)
    if tile is None:
        return Verdict.no(
            f"There is no action tile at {act.tile[:20]!r} this Age.", "sof.action.place"
        )
    holder = state.occupant(act.tile)
    if holder is not None:
        return Verdict.no(f"{holder} already stands on {tile_name(act.tile)}.", "sof.action.place")
    where = tile_name(act.tile)
    if tile.flipped:
        if act.target is not None or act.direction is not None:
            return Verdict.no(
                "That tile was flipped by the Smite god power: it has no action to take.",
                "sof.god.smite",
            )
        return Verdict.ok(
            f"{act.demigod} goes to {where}, a flipped tile with no action.",
            "sof.action.place",
            "sof.god.smite",
        )
    if tile.action == "smite":
        return check_smite_action(state, act, where)
    if act.target is not None:
        return Verdict.no(
            f"A {TILE_ACTION_NAMES[tile.action]} tile sends nobody to the Abyss.",
            "sof.action.place",
        )
    if tile.action == "abyss-fate":
        if act.direction is None:
            return Verdict.no(
                "Abyss Fate: say which way the marker moves.", "sof.action.abyss-fate"
            )
        if state.abyss_marker + marker_step(act.direction) not in ABYSS_NAMES:
            return Verdict.no(
                f"The Abyss marker is already at the {act.direction} end.",
                "sof.action.abyss-fate",
                "sof.assume.abyss-step",
            )
        return Verdict.ok(
            f"{act.demigod} goes to {where} and moves the Abyss marker {act.direction}.",
            "sof.action.place",
            "sof.action.abyss-fate",
        )
    if act.direction is not None:
        return Verdict.no("Only an Abyss Fate tile moves the Abyss marker.", "sof.action.place")
    kind: ServantKind = tile.action  # type: ignore[assignment]
    if supply_token(state, kind) is None:
        return Verdict.ok(
            f"{act.demigod} goes to {where}; no {SERVANT_NAMES[kind]} token is left to take.",
            "sof.action.place",
            "sof.action.servant",
            "sof.assume.servant-unavailable",
        )
    return Verdict.ok(
        f"{act.demigod} goes to {where} and {state.players[act.seat]} takes {SERVANT_NAMES[kind]}.",
        "sof.action.place",
        "sof.action.servant",
    )


def check_smite_action(state: SofState, act: PlaceDemigod, where: str) -> Verdict:
    if act.direction is not None:
        return Verdict.no("Only an Abyss Fate tile moves the Abyss marker.", "sof.action.place")
    others = [d for d in state.off_board() if d != act.demigod]
    if not others:
        if act.target is not None:
            return Verdict.no(
                "No other demigod is off the board, so the Smite action cannot be taken.",
                "sof.action.smite",
            )
        return Verdict.ok(
            f"{act.demigod} goes to {where}; no demigod is left off the board to smite.",
            "sof.action.place",
            "sof.action.smite",
            "sof.assume.smite-no-target",
        )
    if act.target is None:
        return Verdict.no(
            "Smite: name a demigod still off the board to send to the Abyss.",
            "sof.action.smite",
        )
    problem = demigod_problem(act.target, "sof.action.smite")
    if problem:
        return problem
    if act.target not in others:
        return Verdict.no(
            f"Smite only reaches demigods still off the board; {act.target} is "
            f"{place_words(state, act.target)}.",
            "sof.action.smite",
        )
    return Verdict.ok(
        f"{act.demigod} goes to {where} and sends {act.target} to the Abyss.",
        "sof.action.place",
        "sof.action.smite",
    )


def do_place(state: SofState, act: PlaceDemigod) -> tuple[SofState, Effects]:
    where = dict(state.where)
    where[act.demigod] = act.tile
    effects = [f"{act.demigod} stands on {tile_name(act.tile)}."]
    tile = state.tile(act.tile)
    assert tile is not None
    new = replace(state, where=where)
    if not tile.flipped:
        if tile.action == "smite" and act.target is not None:
            where[act.target] = "abyss"
            effects.append(f"{act.target} is sent to the Abyss.")
        elif tile.action == "abyss-fate" and act.direction is not None:
            marker = state.abyss_marker + marker_step(act.direction)
            new = replace(new, abyss_marker=marker)
            effects.append(f"The Abyss marker moves to the {ABYSS_NAMES[marker]}.")
        elif tile.action in SERVANT_KINDS:
            kind: ServantKind = tile.action  # type: ignore[assignment]
            token = supply_token(state, kind)
            if token is not None:
                servants = dict(state.servants)
                servants[token] = f"held-{act.seat}"
                new = replace(new, servants=servants)
                effects.append(f"{state.players[act.seat]} takes {SERVANT_NAMES[kind]}.")
    new = replace(new, where=where)
    return after_turn(new, act.seat, effects)


HANDLERS: Handlers = {
    PlaceDemigod: (check_place, do_place),
}
