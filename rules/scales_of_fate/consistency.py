"""What a Scales of Fate position must satisfy to have come from play, beyond the counter
and piece invariants of ``corrections.invariants``: seat numbers in range and a phase that
agrees with the rest (what has been dealt, entered, guessed and recorded so far).

Used by ``Game.validate_state`` for a state handed in from outside (``python -m rules
check`` with a ``"state"``), never on the live path, where states only come from ``apply``.
"""

from __future__ import annotations

from .components import AGES
from .state import SofState

# Ages finished so far (length of ``history``) in each phase, given the current Age.
_RECORDED = {"setup": 1, "play": 1, "announce": 0, "guess": 0, "over": 0}


def state_problems(state: SofState) -> list[str]:
    """Everything in ``state`` that no game could have reached, in plain words."""
    problems: list[str] = []
    for label, seat in (("turn", state.turn), ("first player", state.first_player)):
        if seat not in (0, 1):
            problems.append(f"{label} {seat} names no seat (seats are 0 and 1)")
    if not 1 <= state.age <= AGES:
        return [*problems, f"Age {state.age} does not exist"]
    dealt = all(len(hand) == 2 for hand in state.hands)
    if state.phase == "deal":
        if state.age != 1 or state.history or state.quests:
            problems.append("the deal happens once, before the first Age is entered")
        if dealt:
            problems.append("once both hands are dealt, the deal is over")
        return problems
    if not dealt:
        problems.append(f"phase {state.phase!r} comes after both hands were dealt")
    if state.phase != "setup" and not state.quests:
        problems.append(f"phase {state.phase!r} needs the Age's board to have been entered")
    if state.phase not in ("guess", "over") and any(state.guesses):
        problems.append("guesses are made only at the end of the last Age")
    if state.phase in ("guess", "over") and state.age != AGES:
        problems.append(f"the final guess comes in Age {AGES}, not Age {state.age}")
    if state.phase == "over" and not all(len(g) == 2 for g in state.guesses):
        problems.append("a finished game has both final guesses")
    expected = state.age - _RECORDED[state.phase]
    if len(state.history) != expected:
        problems.append(
            f"in phase {state.phase!r} of Age {state.age}, {expected} finished Age(s) are "
            f"recorded, not {len(state.history)}"
        )
    return problems
