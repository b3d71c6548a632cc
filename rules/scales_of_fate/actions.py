"""The moves of Scales of Fate, as they travel through the event log."""

from __future__ import annotations

from rules.core import Action, action

from .components import Direction, ServantKind
from .state import Criterion, PlacedQuest, TileSpec


@action("sof.deal")
class DealDemigods(Action):
    """``seat`` records the two demigod cards dealt from their own deck (secret)."""

    seat: int
    demigods: tuple[str, str]


@action("sof.setup-age")
class SetupAge(Action):
    """The board of Age ``age`` as the Age card and quest tokens lay it out.

    Age 1 needs all nine quests (one of them special). Ages 2 and 3 need only the newly drawn
    special quest (its regular neighbour moves as the rulebook says) but accept a full grid
    too. ``abyss_left``/``abyss_right`` are the card's two Abyss outcomes.
    """

    age: int
    quests: tuple[PlacedQuest, ...]
    tiles: tuple[TileSpec, ...]
    abyss_left: int
    abyss_right: int
    criterion: Criterion


@action("sof.place-demigod")
class PlaceDemigod(Action):
    """Put ``demigod`` (off the board) on the open tile at ``tile`` and take its action:
    ``target`` is the demigod a Smite tile sends to the Abyss, ``direction`` the way an Abyss
    Fate tile moves the marker. Fields an action does not use stay ``None``."""

    seat: int
    demigod: str
    tile: str
    target: str | None = None
    direction: Direction | None = None


@action("sof.place-servant")
class PlaceServant(Action):
    """Put one held servant of kind ``servant`` on edge slot ``slot`` and score it."""

    seat: int
    servant: ServantKind
    slot: str


@action("sof.god-smite")
class GodSmite(Action):
    """Smite god power: send ``demigod`` (anywhere but the Abyss) to the Abyss."""

    seat: int
    demigod: str


@action("sof.god-switch")
class GodSwitch(Action):
    """Switch god power: ``first`` and ``second`` trade places."""

    seat: int
    first: str
    second: str


@action("sof.god-steal")
class GodSteal(Action):
    """Steal god power: take one unused servant of kind ``servant`` from the opponent."""

    seat: int
    servant: ServantKind


@action("sof.pass")
class Pass(Action):
    seat: int


@action("sof.announce")
class Announce(Action):
    """``seat`` says whether any of their demigods fits the Age card's question."""

    seat: int
    fits: bool


@action("sof.final-guess")
class FinalGuess(Action):
    """``seat`` ticks the two demigods they believe the opponent holds."""

    seat: int
    demigods: tuple[str, str]


@action("sof.note")
class Note(Action):
    """A private score-pad note by ``seat`` about ``demigod`` (empty text clears it)."""

    seat: int
    demigod: str
    text: str


ACTION_TYPES: tuple[type[Action], ...] = (
    DealDemigods,
    SetupAge,
    PlaceDemigod,
    PlaceServant,
    GodSmite,
    GodSwitch,
    GodSteal,
    Pass,
    Announce,
    FinalGuess,
    Note,
)
