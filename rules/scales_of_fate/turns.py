"""Scales of Fate: whose turn it is, passing, and handing the turn on.

Turn order (rules ``sof.turn.order`` and ``sof.turn.passed``): seats alternate one action at a
time, the first player marker holder opening each Age. A seat that has passed keeps receiving
turns, but on them it may only use a god power or pass again. When the passed seat has nothing
but passing left (no god power token remains), its turns are skipped, so the other seat acts
several times in a row.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core import Verdict

from .actions import Pass
from .end_of_age import end_age
from .guards import Effects, Handlers, blocked, seat_problem
from .state import SofState


def turn_problem(state: SofState, seat: int, *, normal: bool) -> Verdict | None:
    """Why ``seat`` may not act now; ``normal`` actions (placing) are also closed to a seat
    that has passed, while god powers and passing again are not."""
    problem = seat_problem(seat)
    if problem:
        return problem
    if state.phase != "play":
        return blocked(state)
    if state.turn != seat:
        return Verdict.no(f"It is {state.players[state.turn]}'s turn.", "sof.turn.order")
    if normal and state.passed[seat]:
        return Verdict.no(
            f"{state.players[seat]} has passed: only god powers or passing again remain this Age.",
            "sof.pass",
        )
    return None


def check_pass(state: SofState, act: Pass) -> Verdict:
    problem = turn_problem(state, act.seat, normal=False)
    if problem:
        return problem
    name = state.players[act.seat]
    if state.passed[act.seat]:
        return Verdict.ok(f"{name} passes again.", "sof.pass", "sof.turn.passed")
    if can_place_demigod(state):
        return Verdict.no(
            "An action tile is still open: passing is only allowed once every tile is covered.",
            "sof.pass",
        )
    if state.held(act.seat):
        return Verdict.no(f"{name} still holds a servant to place.", "sof.pass")
    return Verdict.ok(
        f"{name} passes: from now on only god powers or passing again this Age.", "sof.pass"
    )


def do_pass(state: SofState, act: Pass) -> tuple[SofState, Effects]:
    passed = list(state.passed)
    passed[act.seat] = True
    new = replace(state, passed=(passed[0], passed[1]))
    return after_turn(new, act.seat, [f"{state.players[act.seat]} passes."])


def after_turn(state: SofState, seat: int, effects: Effects) -> tuple[SofState, Effects]:
    """End of a turn: end the Age when it is over, else hand the turn on."""
    if age_is_over(state):
        return end_age(state, effects)
    other = 1 - seat
    if state.passed[other] and not state.powers_left():
        effects.append(
            f"{state.players[other]} has passed with no god power left: "
            f"{state.players[seat]} acts again."
        )
        return replace(state, turn=seat), effects
    return replace(state, turn=other), effects


def age_is_over(state: SofState) -> bool:
    """Has the Age in ``state`` run its course? Every tile covered (or no demigod left to
    cover one) with every gained servant placed, or both players passed."""
    if all(state.passed):
        return True
    return not can_place_demigod(state) and not any(
        place.startswith("held-") for place in state.servants.values()
    )


def can_place_demigod(state: SofState) -> bool:
    return bool(state.open_tiles()) and bool(state.off_board())


HANDLERS: Handlers = {
    Pass: (check_pass, do_pass),
}
