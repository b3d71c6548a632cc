"""Scales of Fate: the small checks and look-ups every action shares.

Each ``*_problem`` function returns ``None`` when all is well, otherwise the refusing
``Verdict`` naming the rule that forbids the action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core import Action, Verdict

from .components import DEMIGODS, SERVANT_TOKENS, ServantKind, tile_name
from .state import SofState

Effects = list[str]
"""Plain-language lines describing what an action did, in order."""

Check = Callable[[SofState, Any], Verdict]
"""Is an action legal in a state, and why (effects are added by the game)."""
Transition = Callable[[SofState, Any], tuple[SofState, Effects]]
"""The state after a legal action, with its effects in plain words."""
Handlers = dict[type[Action], tuple[Check, Transition]]
"""Each action type's check and transition, registered by the module that owns the action."""

_PHASE_BLOCKS: dict[str, tuple[str, str]] = {
    "deal": ("Both players first record the two demigods dealt to them.", "sof.setup.deal"),
    "setup": ("Enter this Age's board (quests, action tiles, Age card) first.", "sof.setup.age"),
    "play": ("The Age is under way: that step is already behind you.", "sof.turn.order"),
    "announce": (
        "The Age has ended: both players announce yes or no before anything else.",
        "sof.age.announce",
    ),
    "guess": ("Only the final guesses remain.", "sof.end.guess"),
    "over": ("The game is over.", "sof.end.trigger"),
}


def blocked(state: SofState) -> Verdict:
    """The refusal for an action that does not belong to the current phase."""
    reason, rule = _PHASE_BLOCKS[state.phase]
    return Verdict.no(reason, rule)


def seat_problem(seat: int) -> Verdict | None:
    if seat not in (0, 1):
        return Verdict.no(
            f"There are two seats, 0 and 1; {seat} is not one of them.", "sof.turn.order"
        )
    return None


def demigod_problem(name: str, rule: str) -> Verdict | None:
    if name not in DEMIGODS:
        return Verdict.no(
            f"{name[:40]!r} is not a demigod; the demigods are {', '.join(DEMIGODS)}.", rule
        )
    return None


def pair_problem(pair: tuple[str, str], rule: str) -> Verdict | None:
    """Two different, known demigods (a dealt hand or a final guess)."""
    for name in pair:
        problem = demigod_problem(name, rule)
        if problem:
            return problem
    if pair[0] == pair[1]:
        return Verdict.no(f"{pair[0]} is named twice; two different demigods are needed.", rule)
    return None


def supply_token(state: SofState, kind: ServantKind) -> str | None:
    """A servant token of ``kind`` still in the supply, if any."""
    for token, token_kind in SERVANT_TOKENS.items():
        if token_kind == kind and state.servants[token] == "supply":
            return token
    return None


def held_token(state: SofState, seat: int, kind: ServantKind) -> str | None:
    """A servant token of ``kind`` that ``seat`` holds unplaced, if any."""
    for token in state.held(seat):
        if SERVANT_TOKENS[token] == kind:
            return token
    return None


def place_words(state: SofState, demigod: str) -> str:
    """Where ``demigod`` stands, as words: "off the board", "in the Abyss", "on …"."""
    place = state.where[demigod]
    if place == "off":
        return "off the board"
    if place == "abyss":
        return "in the Abyss"
    return f"on {tile_name(place)}"
