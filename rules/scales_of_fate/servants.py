"""Scales of Fate: placing a held servant on an edge slot, which scores at once.

Which quests a servant reaches and how the renown changes add up come from ``board``;
this module checks the placement and applies it.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core import Verdict

from . import board
from .actions import PlaceServant
from .components import SERVANT_NAMES, SLOTS, slot_name
from .guards import Effects, Handlers, held_token
from .state import SofState
from .turns import after_turn, turn_problem


def check_servant(state: SofState, act: PlaceServant) -> Verdict:
    problem = turn_problem(state, act.seat, normal=True)
    if problem:
        return problem
    if act.slot not in SLOTS:
        return Verdict.no(
            f"{act.slot[:20]!r} is not an edge slot (L0-L2, R0-R2, T0-T2, B0-B2).",
            "sof.servant.place",
            "sof.assume.servant-slots",
        )
    if state.slot_taken(act.slot):
        return Verdict.no(
            f"A servant already sits at {slot_name(act.slot)}.",
            "sof.servant.place",
            "sof.assume.one-servant-per-slot",
        )
    if held_token(state, act.seat, act.servant) is None:
        return Verdict.no(
            f"{state.players[act.seat]} holds no {SERVANT_NAMES[act.servant]} token this Age.",
            "sof.servant.place",
        )
    rules = [
        "sof.servant.place",
        f"sof.servant.{act.servant}",
        "sof.servant.stacking",
        "sof.action.adjacent",
    ]
    for name, parts in board.contributions(state, act.servant, act.slot).items():
        raw = state.renown[name] + sum(change for _, change in parts)
        if board.clamp(raw) != raw:
            rules.append("sof.servant.limits")
            break
    return Verdict.ok(
        f"{SERVANT_NAMES[act.servant]} goes to {slot_name(act.slot)} and scores at once.",
        *rules,
    )


def do_servant(state: SofState, act: PlaceServant) -> tuple[SofState, Effects]:
    token = held_token(state, act.seat, act.servant)
    assert token is not None
    servants = dict(state.servants)
    servants[token] = act.slot
    parts = board.contributions(state, act.servant, act.slot)
    totals = {name: sum(change for _, change in items) for name, items in parts.items()}
    renown, lines = board.apply_changes(state.renown, totals)
    how = board.describe_contributions(parts)
    effects = [f"{SERVANT_NAMES[act.servant]} is placed at {slot_name(act.slot)}."]
    hit = board.servant_targets(state, act.servant, act.slot)
    if not hit:
        effects.append("It hits no quest.")
    elif not parts:
        effects.append("No demigod stands next to the quests it hits.")
    for name, line in zip(totals, lines, strict=True):
        effects.append(f"{line}: {how[name]}")
    new = replace(state, servants=servants, renown=renown)
    return after_turn(new, act.seat, effects)


HANDLERS: Handlers = {
    PlaceServant: (check_servant, do_servant),
}
