"""Born of Titans: the actions a table can take. Every action names the seat acting."""

from __future__ import annotations

from typing import Literal

from rules.core import Action, action

from .state import Attr, Divine, Place, Reveal, Stats

CounterSlot = Literal["hero", "crew", "ally", "gear"]


# ----- setup -------------------------------------------------------------------------------


@action("bot-first-selector")
class FirstSelector(Action):
    """``seat`` rolled lowest: she picks first, the rest follow counter-clockwise."""

    seat: int


@action("bot-pick-hero")
class PickHero(Action):
    """``seat`` picks ``hero`` and has drawn ``crew`` (values typed from the counters)."""

    seat: int
    hero: Stats
    crew: Stats


@action("bot-start-site")
class StartSite(Action):
    """``seat`` puts her hero on quest site ``site`` (1-6)."""

    seat: int
    site: int


@action("bot-place-quest")
class PlaceQuest(Action):
    """``seat`` lays a face-down quest, with the marker of the player on her right, on ``site``."""

    seat: int
    site: int


# ----- turn actions ------------------------------------------------------------------------


@action("bot-move")
class Move(Action):
    """Roll ``courses`` Navigation successes; travel ``sea`` and ``land`` segments to ``to``."""

    seat: int
    courses: int
    sea: int
    land: int
    to: Place


@action("bot-encounter")
class Encounter(Action):
    """Face what is at the hero's place. ``reveal`` is the face-down counter turned up (needed
    when it is unknown). For a monster, sea monster or quest, ``attribute`` is rolled against
    ``against`` (the same unless two Athenas allow otherwise) with ``prophecy`` committed.
    For an ally, ``take_ally``; for Crew for Hire, the die ``roll`` and the crew ``hired``;
    for an Underworld quest, the ``underworld`` site it moves to."""

    seat: int
    attribute: Attr = "battle"
    against: Attr | None = None
    prophecy: int = 0
    reveal: Reveal | None = None
    take_ally: bool = True
    roll: int = 0
    hired: int = 0
    underworld: str = ""


@action("bot-roll")
class Roll(Action):
    """One challenge roll by ``seat`` with ``successes`` (after any Muses or Fates)."""

    seat: int
    successes: int


@action("bot-retreat")
class Retreat(Action):
    """``seat`` breaks off her challenge after a crew loss."""

    seat: int


@action("bot-recruit")
class Recruit(Action):
    seat: int
    crew: int = 2


@action("bot-sacrifice")
class Sacrifice(Action):
    """``seat`` draws two divine counters and keeps ``keep`` (only her phone learns which)."""

    seat: int
    keep: Divine


@action("bot-oracle")
class Oracle(Action):
    """``seat`` consults an Oracle: prophecy +2, at most 6."""

    seat: int


@action("bot-end-turn")
class EndTurn(Action):
    seat: int


# ----- free actions ------------------------------------------------------------------------


@action("bot-look")
class Look(Action):
    """``seat`` pays one prophecy to look at the counters on ``site`` (a name or number)."""

    seat: int
    site: str


@action("bot-divine")
class PlayDivine(Action):
    """``seat`` plays ``divine`` (two of them when ``pair``) on ``target``."""

    seat: int
    divine: Divine
    target: int
    pair: bool = False


@action("bot-argo")
class UseArgo(Action):
    seat: int


@action("bot-dragons-teeth")
class DragonsTeeth(Action):
    """``seat`` throws away the Dragon's Teeth for ``roll`` (one die) new crew."""

    seat: int
    roll: int


@action("bot-lion-skin")
class LionSkin(Action):
    """``seat`` throws away the Nemean Lion Skin: no more crew losses in this challenge."""

    seat: int


@action("bot-draw-gear")
class DrawGear(Action):
    """``seat`` draws her gear after a quest (values typed from the counter)."""

    seat: int
    gear: Stats


@action("bot-refill")
class RefillCities(Action):
    """After her quest, ``seat`` puts face-down encounters on the empty ``cities`` named."""

    seat: int
    cities: tuple[str, ...] = ()


@action("bot-lose-turn")
class LoseTurn(Action):
    """``seat`` records a Lose Turn counter on ``target`` (a counter's effect)."""

    seat: int
    target: int


@action("bot-edit")
class EditCounter(Action):
    """``seat`` fixes the typed values of one of her counters to match the table."""

    seat: int
    slot: CounterSlot
    stats: Stats


@action("bot-edit-quest")
class EditQuest(Action):
    """``seat`` fixes the success numbers of her revealed quest."""

    seat: int
    battle: int
    navigation: int
    wits: int


@action("bot-stop")
class StopPlaying(Action):
    """After the winner, ``seat`` ends the play for places (bot.end.placings)."""

    seat: int


ACTION_TYPES: tuple[type[Action], ...] = (
    FirstSelector,
    PickHero,
    StartSite,
    PlaceQuest,
    Move,
    Encounter,
    Roll,
    Retreat,
    Recruit,
    Sacrifice,
    Oracle,
    EndTurn,
    Look,
    PlayDivine,
    UseArgo,
    DragonsTeeth,
    LionSkin,
    DrawGear,
    RefillCities,
    LoseTurn,
    EditCounter,
    EditQuest,
    StopPlaying,
)
