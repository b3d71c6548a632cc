"""Grimheim: the checks and look-ups shared by every part of the round.

Each ``*_problem`` function returns ``None`` when all is well, otherwise the refusing
``Verdict`` naming the rule that forbids the action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core import Action, Verdict
from rules.core.words import plural

from . import data, hexmap
from . import state as geometry
from .state import GRIMHEIM, GrimheimState, Hex

Check = Callable[[GrimheimState, Any], Verdict]
"""Is an action legal in a state, and why."""
Apply = Callable[[GrimheimState, Any], GrimheimState]
"""The state after a legal action."""
Handlers = dict[type[Action], tuple[Check, Apply]]
"""Each action type's check and apply, registered by the module that owns the action."""

MAX_DAMAGE_INPUT = 60
"""Largest damage one action may report; far above any roll, it only catches typos."""
MAX_CARD_NAME = 40
MAX_TOWN = 10
"""Most town pieces a table may play with."""


def spot(h: Hex) -> str:
    """An area in words as players see the board: "Grimheim", or its location and grid name
    ("Dark Forest B4", "F3"; see ``hexmap.grid_name``)."""
    return "Grimheim" if geometry.normalise(h) == GRIMHEIM else hexmap.name_of(h)


def track(state: GrimheimState) -> tuple[data.TimeStep, ...]:
    """The time track the table plays on (short or long)."""
    return data.load().time_tracks[state.options.track]


def current_step(state: GrimheimState) -> data.TimeStep:
    """The time-track step the Rune Stone stands on."""
    return track(state)[state.time - 1]


def damage_problem(damage: int, rule: str) -> Verdict | None:
    """A reported damage amount outside 0..``MAX_DAMAGE_INPUT`` (a typo, not a roll)."""
    if not 0 <= damage <= MAX_DAMAGE_INPUT:
        return Verdict.no(f"Damage must be 0 to {MAX_DAMAGE_INPUT}.", rule)
    return None


def hero_problem(state: GrimheimState, name: str) -> Verdict | None:
    """``name`` is not one of the heroes at this table."""
    if name not in {h.name for h in state.heroes}:
        at_table = ", ".join(h.name for h in state.heroes)
        return Verdict.no(
            f"{name!r} is not at this table (heroes: {at_table}).", "grim.setup.heroes"
        )
    return None


def hex_problem(h: Hex, what: str) -> Verdict | None:
    """``h`` is not an area of the map; ``what`` names it in the refusal ("Area", "Step")."""
    if not geometry.on_map(h):
        return Verdict.no(f"{what} {h[0]},{h[1]} is not an area of the map.", "grim.map.grid")
    return None


def monster_step_problem(state: GrimheimState, step: str) -> Verdict | None:
    """The monster turn is not at ``step`` (time, die, move, attack) now."""
    if state.phase == "monsters" and state.monster_step == step:
        return None
    return Verdict.no(
        f"The monster turn goes in order; now it is {phase_text(state)}.",
        "grim.mturn.order",
    )


def phase_text(state: GrimheimState) -> str:
    """What the round is waiting for, in words, for refusals."""
    if state.phase == "heroes":
        return f"{state.heroes[state.turn].name}'s turn"
    if state.phase == "reinforce":
        return (
            f"reinforcements ({state.reinforcements_left} {state.reinforce_deck} "
            f"{plural(state.reinforcements_left, 'card')} still to place)"
        )
    if state.phase == "monsters":
        return {
            "time": "the monster turn: move the Rune Stone",
            "die": "the monster turn: roll the monster die",
            "move": "the monster turn: monsters move",
            "attack": "the monster turn: monsters attack",
        }[state.monster_step]
    return "the end of the game"


def card_problem(card: str) -> str:
    """Why ``card`` cannot name a card that takes mana ("" when it can)."""
    if not card.strip():
        return "name the card that takes the mana"
    if len(card) > MAX_CARD_NAME:
        return f"card names are at most {MAX_CARD_NAME} characters"
    return ""
