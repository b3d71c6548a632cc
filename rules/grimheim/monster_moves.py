"""Grimheim: the monster turn's movement step.

The table reports every one-area step it moved; they are replayed in order against the
printed paths (each monster follows its path, stops next to a hero, may take one charge step
on a skull step, on the charge die face for rank 1, or to reach a hero it can then attack).
``expected_moves`` is the step as the map alone resolves it (``hexmap``); a different report
is accepted with a note, since cards may change movement.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from rules.core import Verdict
from rules.core.words import counted

from . import hexmap
from . import state as geometry
from .actions import MonstersMove
from .guards import Handlers, current_step, monster_step_problem, spot
from .monsters import monster_name, monster_reach, monster_stats, monster_steps, relocate
from .state import GRIMHEIM, GrimheimState, Hex, MonsterTile, sorted_tiles


def skull_step(state: GrimheimState) -> bool:
    """Does the Rune Stone stand on a skull (every monster charges)?"""
    return current_step(state).mark == "skull"


def check_monsters_move(state: GrimheimState, a: MonstersMove) -> Verdict:
    bad = monster_step_problem(state, "move")
    if bad:
        return bad
    problem, lines, _ = simulate_moves(state, a.steps)
    rules = ["grim.mturn.move", "grim.mturn.move_trust"]
    if problem:
        reason, rule = problem
        return Verdict.no(reason[0].upper() + reason[1:] + ".", "grim.mturn.move", rule)
    skull = skull_step(state)
    effects = list(lines)
    if skull:
        effects.insert(0, "skull step: every monster charges (one extra area)")
        rules.append("grim.time.skull")
    if state.die_face == "charge":
        effects.insert(0, "monster die: rank 1 monsters charge")
        rules.append("grim.monster.die_charge")
    if not a.steps:
        effects.append("no monster moves")
    expected = expected_moves(state)
    # Any of the town's printed hexes is Grimheim (grim.map.grimheim_one_area).
    reported = tuple((frm, geometry.normalise(to)) for frm, to in a.steps)
    if expected.steps != reported:
        effects.append(
            f"note: by the map the app expects {counted(len(expected.steps), 'step')}; "
            "check the table (cards such as Suppressive Fire may change this)"
        )
    return Verdict.ok("Monsters move.", *rules, effects=effects)


def apply_monsters_move(state: GrimheimState, a: MonstersMove) -> GrimheimState:
    _, _, state = simulate_moves(state, a.steps)
    return replace(state, monster_step="attack")


def expected_moves(state: GrimheimState) -> MonstersMove:
    """The movement step as the printed paths resolve it (``hexmap``): every monster
    in order, with charges for skull steps and the monster die's rank-1 charge."""
    skull = skull_step(state)
    charging = {
        m.at for m in state.monsters if state.die_face == "charge" and monster_stats(m)[0] == 1
    }
    phase = hexmap.resolve_monster_moves(
        {m.at: m.kind for m in state.monsters},
        [h.at for h in state.heroes],
        charge_all=skull,
        charging=charging,
        levels={m.at: m.level for m in state.monsters if m.is_legend},
    )
    steps: list[tuple[Hex, Hex]] = []
    for move in phase.moves:
        cur = move.start
        for nxt in move.path:
            steps.append((cur, geometry.normalise(nxt)))
            cur = nxt
    return MonstersMove(tuple(steps))


Problem = tuple[str, str] | None
"""Why a reported movement step is refused and the rule it breaks, or ``None``."""


def simulate_moves(
    state: GrimheimState, steps: tuple[tuple[Hex, Hex], ...]
) -> tuple[Problem, list[str], GrimheimState]:
    """Play ``steps`` one by one; returns (problem, effect lines, resulting state). The
    problem names the rule the first refused step breaks."""
    skull = skull_step(state)
    heroes_out = [h.at for h in state.heroes if h.at != GRIMHEIM]
    frozen = {m.at for m in state.monsters if hexmap.next_to_hero(m.at, heroes_out)}
    stopped: set[Hex] = set()
    origin: dict[Hex, Hex] = {m.at: m.at for m in state.monsters}
    used: Counter[Hex] = Counter()
    lines: list[str] = []
    for frm, raw_to in steps:
        if not geometry.on_map(frm) or not geometry.on_map(raw_to):
            off = raw_to if geometry.on_map(frm) else frm
            return (f"{off[0]},{off[1]} is not an area of the map", "grim.map.grid"), lines, state
        to = geometry.normalise(raw_to)
        tile = state.monster_at(frm)
        if tile is None:
            return (f"no monster stands at {spot(frm)}", "grim.mturn.move"), lines, state
        start = origin[frm]
        name = monster_name(tile)
        if start in frozen:
            return (
                (
                    f"the {name} at {spot(start)} stands next to a hero and does not move",
                    "grim.monster.adjacent_stays",
                ),
                lines,
                state,
            )
        if start in stopped:
            return (
                (
                    f"the {name} came next to a hero and moves no further this turn",
                    "grim.monster.stop_beside_hero",
                ),
                lines,
                state,
            )
        if not geometry.borders(frm, to):
            return (f"{spot(to)} does not border {spot(frm)}", "grim.monster.path"), lines, state
        path_next = geometry.monster_next(frm)
        if path_next is None:
            return (
                (f"no monster path leads on from {spot(frm)}", "grim.monster.path"),
                lines,
                state,
            )
        if to != path_next:
            return (
                (
                    f"the {name} at {spot(frm)} follows its path to {spot(path_next)}, "
                    f"not {spot(to)}",
                    "grim.monster.path",
                ),
                lines,
                state,
            )
        base = monster_steps(tile)
        rank = monster_stats(tile)[0]
        free_charge = skull or (state.die_face == "charge" and rank == 1)
        used[start] += 1
        if used[start] > base + 1:
            return (
                (
                    f"the {name} may move at most {counted(base + 1, 'area')} "
                    "this turn, charge included",
                    "grim.monster.charge",
                ),
                lines,
                state,
            )
        other = state.monster_at(to) if to != GRIMHEIM else None
        hero_there = state.hero_at(to)
        if hero_there is not None:
            return (
                (f"{hero_there.name} stands in {spot(to)}", "grim.map.one_per_area"),
                lines,
                state,
            )
        if other is not None and not tile.is_legend:
            return (
                (f"{spot(to)} is occupied by a {monster_name(other)}", "grim.monster.blocked"),
                lines,
                state,
            )
        charging = used[start] == base + 1 and not free_charge
        if charging and not _charge_reaches_hero(tile, to, heroes_out):
            return (
                (
                    f"the {name} may only take a charge step on a skull step, on a charge "
                    "die face, or to reach a hero it can then attack"
                    + (" (no hero can be attacked from inside Grimheim)" if to == GRIMHEIM else ""),
                    "grim.monster.charge",
                ),
                lines,
                state,
            )
        lines.append(f"{name}: {spot(frm)} → {spot(to)}")
        if to == GRIMHEIM:
            state = relocate(state, tile, to)
            lines.append(f"it enters Grimheim: town → {state.town}")
            del origin[frm]
            if state.town == 0:
                lines.append("Freyja's Well falls: the heroes lose")
                return None, lines, state
            continue
        if other is not None:
            # A Legend swaps places with the monster in its way.
            swapped = [
                replace(m, at=to) if m is tile else replace(m, at=frm) if m is other else m
                for m in state.monsters
            ]
            state = replace(state, monsters=sorted_tiles(swapped))
            origin[frm], origin[to] = origin[to], start
            lines.append(f"the {monster_name(other)} swaps back to {spot(frm)}")
        else:
            state = relocate(state, tile, to)
            origin[to] = start
            del origin[frm]
        if hexmap.next_to_hero(to, heroes_out):
            stopped.add(start)
    return None, lines, state


def _charge_reaches_hero(tile: MonsterTile, to: Hex, heroes_out: list[Hex]) -> bool:
    """Whether a monster ending a charge step in ``to`` has a hero in attack range (never
    from Grimheim: nothing inside reaches outside)."""
    if to == GRIMHEIM:
        return False
    reach = monster_reach(tile)
    return any(geometry.distance(to, h) <= reach for h in heroes_out)


HANDLERS: Handlers = {
    MonstersMove: (check_monsters_move, apply_monsters_move),
}
