"""Born of Titans: one line of plain words for each action, shared with every phone, so it
never names a divine counter kept face down."""

from __future__ import annotations

from rules.core import Action, Correct
from rules.core.words import counted

from .actions import (
    DragonsTeeth,
    DrawGear,
    EditCounter,
    EditQuest,
    Encounter,
    EndTurn,
    FirstSelector,
    LionSkin,
    Look,
    LoseTurn,
    Move,
    Oracle,
    PickHero,
    PlaceQuest,
    PlayDivine,
    Recruit,
    RefillCities,
    Retreat,
    Roll,
    Sacrifice,
    StartSite,
    StopPlaying,
    UseArgo,
)
from .guards import who
from .state import BotState


def describe(state: BotState, action: Action) -> str:
    """``action`` in words, naming players from ``state`` (the state before it)."""
    seat = getattr(action, "seat", -1)
    name = who(state, seat) if isinstance(seat, int) else "?"
    if isinstance(action, FirstSelector):
        return f"{name} rolled lowest and picks a hero first."
    if isinstance(action, PickHero):
        return f"{name} picks {action.hero.name} (crew: {action.crew.name})."
    if isinstance(action, StartSite):
        return f"{name} starts on quest site {action.site}."
    if isinstance(action, PlaceQuest):
        owner = who(state, state.right_of(seat)) if state.n else "?"
        return f"{name} places {owner}'s quest on site {action.site}."
    if isinstance(action, Move):
        return (
            f"{name} rolls {action.courses} courses and moves {action.sea} sea and "
            f"{action.land} land segments to {action.to.label()}."
        )
    if isinstance(action, Encounter):
        if action.reveal is not None:
            return f"{name} reveals {action.reveal.name or action.reveal.kind}."
        return f"{name} faces the foe with {action.attribute.capitalize()}."
    if isinstance(action, Roll):
        return f"{name} rolls {counted(action.successes, 'success')}."
    if isinstance(action, Retreat):
        return f"{name} retreats."
    if isinstance(action, Recruit):
        return f"{name} recruits {action.crew} crew."
    if isinstance(action, Sacrifice):
        return f"{name} sacrifices and keeps one divine counter."
    if isinstance(action, Oracle):
        return f"{name} consults the oracle."
    if isinstance(action, EndTurn):
        return f"{name} ends her turn."
    if isinstance(action, Look):
        return f"{name} spends a prophecy to look at {action.site}."
    if isinstance(action, PlayDivine):
        two = "two " if action.pair else ""
        return f"{name} plays {two}{action.divine.capitalize()} on {who(state, action.target)}."
    if isinstance(action, UseArgo):
        return f"{name} takes a prophecy from the Argo."
    if isinstance(action, DragonsTeeth):
        return f"{name} sows the Dragon's Teeth ({action.roll})."
    if isinstance(action, LionSkin):
        return f"{name} throws off the Lion Skin."
    if isinstance(action, DrawGear):
        return f"{name} draws {action.gear.name}."
    if isinstance(action, RefillCities):
        return f"{name} refills {', '.join(action.cities) or 'no city'}."
    if isinstance(action, LoseTurn):
        return f"{who(state, action.target)} gets a Lose Turn counter."
    if isinstance(action, EditCounter):
        return f"{name} fixes the values of {action.stats.name}."
    if isinstance(action, EditQuest):
        return f"{name} fixes her quest's numbers."
    if isinstance(action, StopPlaying):
        return "Play for places ends."
    if isinstance(action, Correct):
        return f"Correction: {action.counter} set to {action.value}."
    return action.kind
