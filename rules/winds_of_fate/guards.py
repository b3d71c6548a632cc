"""Winds of Fate: the small checks every action shares.

Each ``*_problem`` function returns ``None`` when all is well, otherwise the refusing
``Verdict`` naming the rule that forbids the action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core import Action, Verdict

from .components import TILE_NAMES
from .state import WofState

Effects = list[str]
"""Plain-language lines describing what an action did, in order."""
Check = Callable[[WofState, Any], Verdict]
Transition = Callable[[WofState, Any], tuple[WofState, Effects]]
Handlers = dict[type[Action], tuple[Check, Transition]]

_PHASE_TEXT: dict[str, tuple[str, str]] = {
    "setup": (
        "Setup comes first: lay the board and record every player's destiny cards.",
        "wof.setup.board",
    ),
    "bets": ("The encounter's bets are being placed, in turn order.", "wof.bet.place"),
    "destiny": ("Players are choosing destiny actions for this encounter.", "wof.destiny.action"),
    "draws": (
        "Players are drawing the cards this encounter gives, in turn order.",
        "wof.cards.draw",
    ),
    "reveal": ("The adventure starts by turning up the reward tiles.", "wof.adventure.reveal"),
    "play": ("Players are playing cards or passing in the adventure.", "wof.adventure.play"),
    "claim": ("Rewards are being claimed in the new turn order.", "wof.adventure.claim"),
    "resolve": ("The adventure is waiting to be resolved.", "wof.adventure.resolve"),
    "journey": (
        "The adventure is over: the journey to the next encounter comes next.",
        "wof.journey.path",
    ),
    "wander": (
        "Odysseus is on a face-down tile: an Olympus card decides the path.",
        "wof.facedown.olympus",
    ),
    "over": ("The voyage has ended.", "wof.end.trigger"),
}


def wrong_phase(state: WofState) -> Verdict:
    """The refusal for an action that does not belong to the current phase."""
    reason, rule = _PHASE_TEXT[state.phase]
    return Verdict.no(reason, rule)


def seat_problem(state: WofState, seat: int) -> Verdict | None:
    if not 0 <= seat < state.n:
        return Verdict.no(
            f"There are seats 0 to {state.n - 1}; {seat} is not one of them.", "wof.setup.players"
        )
    return None


def turn_problem(state: WofState, seat: int, rule: str) -> Verdict | None:
    """Refuse unless ``seat`` is the next to act in the current step."""
    problem = seat_problem(state, seat)
    if problem:
        return problem
    if not state.queue:
        return Verdict.no("Nobody is due to act in this step.", rule)
    if state.queue[0] != seat:
        return Verdict.no(
            f"It is {state.players[state.queue[0]]}'s turn, not {state.players[seat]}'s.", rule
        )
    return None


def position_problem(position: int) -> Verdict | None:
    if position not in (0, 1, 2):
        return Verdict.no(
            f"Destiny cards lie at positions 0, 1 and 2; {position} is not one.",
            "wof.destiny.action",
        )
    return None


def tile_name(state: WofState) -> str:
    return TILE_NAMES.get(state.tile, state.tile)


def who(state: WofState, seat: int) -> str:
    return state.players[seat] if 0 <= seat < state.n else f"seat {seat}"


def replace_at(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``values`` with ``values[index]`` replaced by ``value``."""
    return (*values[:index], value, *values[index + 1 :])


def add_at(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    return replace_at(values, index, values[index] + delta)
