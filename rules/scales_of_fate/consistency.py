"""What a Scales of Fate position must satisfy to have come from play, beyond the counter
and piece invariants of ``corrections.invariants``: seat numbers in range and a phase that
agrees with the rest (what has been dealt, entered, guessed and recorded so far).

Used by ``Game.validate_state`` for a state handed in from outside (``python -m rules
check`` with a ``"state"``), never on the live path, where states only come from ``apply``.
"""

from __future__ import annotations

from .components import AGES, MAX_ACTION_TILES, TILE_POSITIONS
from .deduction import criterion_problem
from .state import SofState

_CELLS = frozenset(f"{r}{c}" for r in range(3) for c in range(3))

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
    problems += _board_problems(state)
    expected = state.age - _RECORDED[state.phase]
    if len(state.history) != expected:
        problems.append(
            f"in phase {state.phase!r} of Age {state.age}, {expected} finished Age(s) are "
            f"recorded, not {len(state.history)}"
        )
    return problems


def _board_problems(state: SofState) -> list[str]:
    """The board itself: quests on the 3×3 grid, the box's action tiles at real positions,
    a flipped tile only after Smite, the question one the app can use, and the board
    present exactly when the phase says it is."""
    problems: list[str] = []
    off_grid = sorted(set(state.quests) - _CELLS)
    if off_grid:
        problems.append(f"quest cell(s) {', '.join(map(repr, off_grid))} lie off the 3×3 grid")
    if state.phase == "setup":
        if state.age == 1 and state.quests:
            problems.append("quests lie on the board before Age 1's board was entered")
        if state.age > 1 and len(state.quests) != 9:
            problems.append(f"Age {state.age} is set up on the nine quests the last Age left")
    if state.phase in ("deal", "setup") and state.tiles:
        problems.append("action tiles lie on the board between Ages")
    if state.phase in ("deal", "setup") and any(p != "off" for p in state.where.values()):
        problems.append("demigods stand beside the board between Ages")
    if state.phase == "deal" and any(u is not None for u in state.god_powers.values()):
        problems.append("a god power was used before the first Age began")
    if len(state.tiles) > MAX_ACTION_TILES:
        problems.append(
            f"{len(state.tiles)} action tiles are out, but the box holds {MAX_ACTION_TILES}"
        )
    bad = sorted({t.position for t in state.tiles} - set(TILE_POSITIONS))
    if bad:
        problems.append(f"action tile position(s) {', '.join(map(repr, bad))} do not exist")
    flipped = [t.position for t in state.tiles if t.flipped]
    if flipped and state.god_powers.get("smite") is None:
        problems.append("an action tile is flipped, but the Smite god power is still unused")
    if len(flipped) > 1:
        problems.append("more than one action tile is flipped; Smite is used once a game")
    problem = criterion_problem(state.criterion)
    if problem:
        problems.append(f"the Age card's question cannot be used: {problem}")
    for n, record in enumerate(state.history, start=1):
        if record.age != n:
            problems.append(f"finished Age number {n} is recorded as Age {record.age}")
    return problems
