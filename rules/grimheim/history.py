"""Grimheim: one line of plain words for each action in the game's history."""

from __future__ import annotations

from typing import Any

from rules.core import Action, Correct, describe_correction
from rules.core.words import counted

from . import state as geometry
from .actions import (
    AdvanceTime,
    Attack,
    DealDamage,
    EndTurn,
    Focus,
    Gain,
    HeroDamage,
    Mend,
    MonsterDie,
    MonstersAttack,
    MonstersMove,
    Move,
    MoveMonster,
    PlaceCard,
    PlaceHero,
    PlaceMonster,
    Practice,
    Prepare,
    RedrawCard,
    RemoveMonster,
    ShareGold,
    SkipCard,
    SpendAction,
    TakeMarkers,
)
from .guards import spot
from .state import SITES, GrimheimState


def describe(state: GrimheimState, action: Action) -> str:
    """``action`` in words; ``state`` is the state before it."""
    a: Any = action
    match action:
        case Move():
            how = " (additional move from a card)" if a.extra else ""
            return f"{a.hero} moves to {spot(geometry.normalise(a.path[-1]))}{how}."
        case Attack():
            notes = [
                *(["additional attack from a card"] if a.extra else []),
                *(["ignoring armor"] if a.ignore_armor else []),
            ]
            tail = f" ({', '.join(notes)})" if notes else ""
            return f"{a.hero} attacks {spot(a.target)} for {a.damage} damage{tail}."
        case Prepare():
            return f"{a.hero} prepares (draws an event card)."
        case Focus():
            return f"{a.hero} focuses: one mana on {a.card}."
        case Mend():
            return f"{a.hero} mends {a.hero_damage + a.equipment_damage} damage."
        case Practice():
            return f"{a.hero} practises (+1 XP)."
        case SpendAction():
            return f"{a.hero} spends the {a.space} action on a quest."
        case EndTurn():
            up = "" if a.upgrade == "none" else f" and upgrades ({a.upgrade.replace('_', ' ')})"
            return f"{a.hero} ends the turn{up}."
        case DealDamage():
            return f"{a.hero}'s card deals {a.damage} damage at {spot(a.target)}."
        case HeroDamage():
            return f"{a.hero} takes {a.damage} damage."
        case Gain():
            return f"{a.hero}: card effect."
        case ShareGold():
            return f"{a.giver} gives {a.amount} gold to {a.taker}."
        case PlaceHero():
            return f"{a.hero} is moved to {spot(geometry.normalise(a.to))}."
        case AdvanceTime():
            return f"Monster turn: the Rune Stone moves to step {state.time + 1}."
        case MonsterDie():
            return f"Monster die: {a.face.replace('_', ' ')}."
        case MonstersMove():
            return f"Monsters move ({counted(len(a.steps), 'step')})."
        case MonstersAttack():
            hurt = ", ".join(f"{n} {v}" for n, v in a.damage.items() if v) or "no damage"
            return f"Monsters attack: {hurt}."
        case PlaceCard():
            return f"Monster card {a.card} is placed."
        case RedrawCard():
            return f"Monster card {a.card} cannot be placed; it goes under its deck."
        case SkipCard():
            return f"No {state.reinforce_deck} monster card can be placed: this draw is skipped."
        case PlaceMonster():
            return f"A {a.monster} is placed at {spot(a.at)}."
        case RemoveMonster():
            return f"The monster at {spot(a.at)} leaves the map."
        case TakeMarkers():
            return f"{a.hero} takes the {SITES.get(a.site, a.site)}'s markers."
        case MoveMonster():
            return f"The monster at {spot(a.frm)} moves to {spot(a.to)}."
    if isinstance(action, Correct):
        return describe_correction(action)
    return type(action).kind.replace("_", " ")
