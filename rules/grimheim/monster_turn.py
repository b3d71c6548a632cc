"""Grimheim: the monster turn as a phase machine: time, die, (move), attack, round end.

The Rune Stone moves first; with the monster die option the die is rolled next (its face can
turn, push or ambush pieces); then monsters move (``monster_moves``) and attack. After the
attack the round ends, or reinforcements come when the Rune Stone stands on crossed axes.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import permutations

from rules.core import Verdict
from rules.core.words import counted

from . import data, hexmap
from . import heroes as hx
from . import state as geometry
from .actions import AdvanceTime, MonsterDie, MonstersAttack
from .card_effects import hero_damage_effects, hero_damage_rules
from .guards import (
    Handlers,
    current_step,
    damage_problem,
    hero_problem,
    monster_step_problem,
    spot,
    track,
)
from .monster_attack import attack_problem, reach_lines
from .monsters import add_tile, monster_name, relocate
from .state import GRIMHEIM, GrimheimState, Hex, MonsterStep

DIE_TEXT: dict[str, str] = {
    "maneuver_1": "maneuver: monsters next to each hero turn one place clockwise around it",
    "maneuver_2": "maneuver: monsters next to each hero turn one place counter-clockwise",
    "attack": "every monster attacks with +1 strength this turn",
    "push": "each hero next to a monster is pushed one area toward Grimheim",
    "charge": "rank 1 monsters charge this turn",
    "ambush": "each hero outside Grimheim places a new goblin next to itself",
}
"""Each monster die face's effect, in words."""

DIE_RULE: dict[str, str] = {
    "maneuver_1": "grim.monster.die_maneuver",
    "maneuver_2": "grim.monster.die_maneuver",
    "attack": "grim.monster.die_attack",
    "push": "grim.monster.die_push",
    "charge": "grim.monster.die_charge",
    "ambush": "grim.monster.die_ambush",
}
"""The rule each monster die face applies."""


def check_advance_time(state: GrimheimState, a: AdvanceTime) -> Verdict:
    bad = monster_step_problem(state, "time")
    if bad:
        return bad
    steps = track(state)
    new = state.time + 1
    if new > len(steps):
        # Only reachable after a correction put the Rune Stone on the last step mid-round:
        # the stone stays, and this monster turn is the last (grim.assume.corrected_last_step).
        return Verdict.ok(
            f"The Rune Stone already stands on the last step ({len(steps)}), as corrected: "
            "it stays there, and this monster turn is the last.",
            "grim.mturn.order",
            "grim.time.last",
            "grim.assume.corrected_last_step",
            effects=[
                f"Rune Stone stays on step {len(steps)} of {len(steps)}",
                "last step: the heroes win if Freyja's Well stands after this turn",
            ],
        )
    step = steps[new - 1]
    effects = [f"Rune Stone → step {new} of {len(steps)}"]
    rules = ["grim.mturn.order"]
    if step.mark == "axes":
        effects.append(f"reinforcements this turn: each player draws a {step.deck} card")
        rules.append("grim.time.reinforce")
    if step.mark == "skull":
        effects.append("skull: every monster charges this turn (one extra area)")
        rules.append("grim.time.skull")
    if new == len(steps):
        effects.append("last step: the heroes win if Freyja's Well stands after this turn")
        rules.append("grim.time.last")
    return Verdict.ok("The monster turn begins: move the Rune Stone.", *rules, effects=effects)


def apply_advance_time(state: GrimheimState, a: AdvanceTime) -> GrimheimState:
    step: MonsterStep = "die" if state.options.monster_die else "move"
    time = min(state.time + 1, len(track(state)))
    return replace(state, time=time, monster_step=step, die_face="")


def check_monster_die(state: GrimheimState, a: MonsterDie) -> Verdict:
    bad = monster_step_problem(state, "die")
    if bad:
        return bad
    faces = data.load().monster_die
    if a.face not in faces:
        return Verdict.no(
            f"{a.face!r} is not a face of the monster die; faces: {', '.join(faces)}.",
            "grim.mturn.die",
        )
    effects = [DIE_TEXT[a.face]]
    if a.shifts and a.face not in ("maneuver_1", "maneuver_2", "push"):
        return Verdict.no("Only the maneuver and push faces move pieces.", "grim.mturn.die")
    if a.ambush and a.face != "ambush":
        return Verdict.no("Only the ambush face places goblins.", "grim.mturn.die")
    if a.face in ("maneuver_1", "maneuver_2", "push"):
        problem, rule, lines = die_shift_problem(state, a.face, a.shifts)
        if problem:
            return Verdict.no(sentence(problem), "grim.mturn.die", rule)
        effects += lines or ["nothing moves"]
    if a.face == "ambush":
        problem, rule = ambush_problem(state, a.ambush)
        if problem:
            return Verdict.no(sentence(problem), "grim.monster.die_ambush", rule)
        effects += [f"goblin → {spot(h)}" for h in a.ambush] or ["no goblin can be placed"]
    return Verdict.ok(
        f"Monster die: {a.face.replace('_', ' ')}.",
        "grim.mturn.die",
        DIE_RULE[a.face],
        effects=effects,
    )


def sentence(problem: str) -> str:
    """A refusal's reason as a sentence: capital first letter, one full stop."""
    return problem[0].upper() + problem[1:].rstrip(".") + "."


def apply_monster_die(state: GrimheimState, a: MonsterDie) -> GrimheimState:
    if a.face == "push":
        moved = {frm: geometry.normalise(to) for frm, to in a.shifts}
        heroes = tuple(
            replace(h, at=moved.get(h.at, h.at)) if h.at != GRIMHEIM else h for h in state.heroes
        )
        state = replace(state, heroes=heroes)
    elif a.shifts:
        moves = [(state.monster_at(f), geometry.normalise(t)) for f, t in a.shifts]
        for tile, to in moves:
            assert tile is not None
            state = relocate(state, tile, to)
    for h in a.ambush:
        state = add_tile(state, "goblin", h)
    return replace(state, die_face=a.face, monster_step="move")


def _die_positions(state: GrimheimState) -> tuple[list[Hex], dict[Hex, str]]:
    return [h.at for h in state.heroes], {m.at: m.kind for m in state.monsters}


def ambush_problem(state: GrimheimState, spots: tuple[Hex, ...]) -> tuple[str, str]:
    """(problem, rule) with an Ambush placing goblins at ``spots``; ("", "") if legal."""
    outside = [h.at for h in state.heroes if h.at != GRIMHEIM]
    taken = state.occupied()
    need = hexmap.ambush_room(outside, taken, state.supply.get("goblin", 0))
    for h in spots:
        if not geometry.on_map(h):
            return f"{h[0]},{h[1]} is not an area of the map", "grim.map.grid"
        if geometry.normalise(h) == GRIMHEIM:
            return "a goblin is never placed in Grimheim", "grim.map.grimheim_one_area"
        lake = hexmap.monster_terrain_problem(h)
        if lake:
            return lake
        if h in taken:
            return f"{spot(h)} is occupied", "grim.map.one_per_area"
    if len(set(spots)) != len(spots):
        return "each goblin needs its own area", "grim.map.one_per_area"
    if len(spots) != need:
        return (
            f"{counted(need, 'goblin')} must be placed (one per hero outside "
            "Grimheim, as far as free "
            f"areas beside them and the supply allow), not {len(spots)}",
            "grim.assume.ambush_no_room",
        )
    for heroes in permutations(outside, need):
        if all(geometry.adjacent(h, s) for h, s in zip(heroes, spots, strict=True)):
            return "", ""
    return (
        "each goblin must stand next to a different hero outside Grimheim",
        "grim.monster.die_ambush",
    )


def die_shift_problem(
    state: GrimheimState, face: str, shifts: tuple[tuple[Hex, Hex], ...]
) -> tuple[str, str, list[str]]:
    """(problem, rule, effect lines) of the pieces a maneuver or push face moved.

    The face's effect is fixed by the board (``hexmap.die_proposal``): every listed move must
    be one it makes, and none it makes may be left out. Refusals name what is wrong."""
    froms = [f for f, _ in shifts]
    if len(set(froms)) != len(froms):
        return "each piece moves once", "grim.mturn.die", []
    for frm, to in shifts:
        if not geometry.on_map(frm) or not geometry.on_map(to):
            off = to if geometry.on_map(frm) else frm
            return f"{off[0]},{off[1]} is not an area of the map", "grim.map.grid", []
    push = face == "push"
    heroes, monsters = _die_positions(state)
    expected, _ = hexmap.die_proposal(face, heroes, monsters, goblins=0)
    want = {f: geometry.normalise(t) for f, t in expected}
    lines: list[str] = []
    for frm, raw in shifts:
        to = geometry.normalise(raw)
        who = _piece_name(state, frm, push)
        if who is None:
            kind = "hero" if push else "monster"
            return f"no {kind} stands at {spot(frm)}", "grim.mturn.die", []
        if want.get(frm) != to:
            problem, rule = (
                _push_refusal(state, frm, to, want.get(frm))
                if push
                else _maneuver_refusal(state, face, frm, to, want.get(frm))
            )
            return problem, rule, []
        lines.append(f"{who}: {spot(frm)} → {spot(to)}")
    listed = set(froms)
    for frm, to in want.items():
        if frm not in listed:
            who = _piece_name(state, frm, push)
            rule = "grim.monster.die_push" if push else "grim.monster.die_maneuver"
            verb = "is pushed" if push else "turns"
            return f"{who} at {spot(frm)} {verb} to {spot(to)} too; it cannot be left out", rule, []
    return "", "", lines


def _piece_name(state: GrimheimState, at: Hex, hero: bool) -> str | None:
    if hero:
        h = state.hero_at(at)
        return None if h is None else h.name
    tile = state.monster_at(at)
    return None if tile is None else f"the {monster_name(tile)}"


def _maneuver_refusal(
    state: GrimheimState, face: str, frm: Hex, to: Hex, want: Hex | None
) -> tuple[str, str]:
    name = _piece_name(state, frm, False)
    outside = [h for h in state.heroes if h.at != GRIMHEIM]
    around = [h for h in outside if geometry.adjacent(h.at, frm)]
    if not around:
        return (
            f"{name} at {spot(frm)} stands next to no hero outside Grimheim: the maneuver "
            "does not move it",
            "grim.monster.die_maneuver",
        )
    lake = hexmap.monster_terrain_problem(to) if to != GRIMHEIM else None
    if lake:
        return lake
    if state.hero_at(to) is not None:
        return (
            f"{spot(to)} holds a hero: {name} cannot turn there",
            "grim.monster.die_maneuver_blocking",
        )
    direction = "clockwise" if face == "maneuver_1" else "counter-clockwise"
    if want is None:
        return (
            f"{name} at {spot(frm)} cannot turn {direction} now: its next place is blocked or "
            "it already turned around an earlier hero",
            "grim.monster.die_maneuver_blocking",
        )
    return (
        f"this face turns monsters {direction}: {name} at {spot(frm)} goes to {spot(want)}, "
        f"not {spot(to)}",
        "grim.monster.die_maneuver",
    )


def _push_refusal(state: GrimheimState, frm: Hex, to: Hex, want: Hex | None) -> tuple[str, str]:
    hero = state.hero_at(frm)
    assert hero is not None
    if not any(geometry.adjacent(frm, m.at) for m in state.monsters):
        return f"{hero.name} stands next to no monster and is not pushed", "grim.monster.die_push"
    terrain = geometry.hero_terrain_problem(to)
    if terrain:
        return f"{hero.name} cannot be pushed there: {terrain[0]}", terrain[1]
    if want is None:
        return (
            f"{hero.name} cannot be pushed: the next area toward Grimheim is taken or closed "
            "to heroes",
            "grim.monster.die_push",
        )
    return (
        f"a push follows the monster path toward Grimheim: {hero.name} goes to {spot(want)}, "
        f"not {spot(to)}",
        "grim.monster.die_push",
    )


def check_monsters_attack(state: GrimheimState, a: MonstersAttack) -> Verdict:
    bad = monster_step_problem(state, "attack")
    if bad:
        return bad
    for name, amount in a.damage.items():
        bad = hero_problem(state, name)
        if bad:
            return bad
        bad = damage_problem(amount, "grim.mturn.attack")
        if bad:
            return bad
        if amount and state.hero(name).at == GRIMHEIM:
            return Verdict.no(
                f"{name} is in Grimheim: no monster outside can attack a hero in town.",
                "grim.map.grimheim_apart",
                "grim.mturn.attack",
            )
    problem = attack_problem(state, a.damage)
    if problem:
        return Verdict.no(
            sentence(problem),
            "grim.mturn.attack_bound",
            "grim.combat.range",
            "grim.combat.strength",
        )
    reach = reach_lines(state)
    effects = [*reach, *(hero_damage_effects(state, a.damage) or ["no hero takes damage"])]
    rules = ["grim.mturn.attack", *hero_damage_rules(state, a.damage)]
    if reach:
        rules.insert(1, "grim.mturn.attack_bound")
    if state.die_face == "attack":
        effects.insert(0, "monster die: every monster attacks with +1 strength")
        rules.append("grim.monster.die_attack")
    step = current_step(state)
    if step.mark == "axes":
        effects.append(f"next: reinforcements ({step.deck} cards)")
    elif state.time == len(track(state)):
        effects.append("that was the last monster turn")
    else:
        effects.append(f"next: {state.heroes[0].name}'s turn")
    return Verdict.ok("Monsters attack.", *rules, effects=effects)


def apply_monsters_attack(state: GrimheimState, a: MonstersAttack) -> GrimheimState:
    for name in [h.name for h in state.heroes]:
        if a.damage.get(name):
            state = hx.damage_hero(state, name, a.damage[name])[0]
    step = current_step(state)
    if step.mark == "axes":
        return replace(
            state,
            phase="reinforce",
            reinforcements_left=len(state.heroes),
            reinforce_deck=step.deck,
        )
    return round_over(state)


def round_over(state: GrimheimState) -> GrimheimState:
    """The round is over: the game ends after the last time step, else heroes act again."""
    if state.time >= len(track(state)):
        return replace(state, phase="over")
    return replace(state, phase="heroes", turn=0, monster_step="time", die_face="")


HANDLERS: Handlers = {
    AdvanceTime: (check_advance_time, apply_advance_time),
    MonsterDie: (check_monster_die, apply_monster_die),
    MonstersAttack: (check_monsters_attack, apply_monsters_attack),
}
