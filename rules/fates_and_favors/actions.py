"""The moves of Fates and Favors, as they travel through the event log."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import Action, action

from .data import FateAction


@dataclass(frozen=True)
class Step:
    """One column's part of a play.

    ``colour`` (0 red, 1 blue, 2 yellow, 3 green) and ``start`` (its space, or -1 for its
    quarry) pick the column. A movement goes ``spaces`` forward (or ``backward``), first
    over the bridge at ``start`` when ``bridge``, turning into the column's temple track at
    its gate when ``temple``. With ``spaces`` 0 the step is not a movement: from the quarry
    it starts the column on its quarry exit; otherwise a Favor or the Hero card says where
    it goes (``to``: Apollo's swap partner, the strike target).
    """

    colour: int
    start: int
    spaces: int = 0
    backward: bool = False
    bridge: bool = False
    temple: bool = False
    to: int = -1


@action("ff.play")
class Play(Action):
    """``seat`` plays Fate ``card`` (1..10; 0 for a Favor alone or the Hero card), using its
    printed action number ``option``, with ``favor`` (a Favor's name or ""), or the Hero
    card's ability ``option`` when ``hero``. ``steps`` are the columns' parts, in order."""

    seat: int
    card: int
    option: int = 0
    favor: str = ""
    hero: bool = False
    steps: tuple[Step, ...] = ()


@action("ff.favor")
class PlayFavor(Action):
    """``seat`` plays a Favor that moves no column (Hera, Hades, Hephaestus, Aphrodite,
    Artemis, Demeter, Hermes) aimed at ``target`` (a seat, or -1), drawing ``draws`` cards
    from the pile where the Favor says so."""

    seat: int
    favor: str
    target: int = -1
    draws: int = 0


@action("ff.stuck")
class Stuck(Action):
    """``seat`` cannot play any card: the hand is discarded and a new one drawn."""

    seat: int


@action("ff.hand")
class EnterHand(Action):
    """``seat`` enters its hand privately ("7", "10", "zeus"...; empty to forget it)."""

    seat: int
    cards: tuple[str, ...]


@action("ff.edit-fate")
class EditFate(Action):
    """Match your copy: Fate ``number``'s printed actions and lightning-bolt copies."""

    number: int
    actions: tuple[FateAction, ...]
    lightning: int


@action("ff.edit-board")
class EditBoard(Action):
    """Match your copy: spaces per arm side and where the arm bridges sit (only while
    every column is where the game started)."""

    arm: int
    arm_bridge: int


@action("ff.concede")
class Concede(Action):
    """Co-op and solo: the heroes see no way left to finish with the cards they hold."""

    seat: int


@action("ff.next-game")
class NextGame(Action):
    """Start the next game of the series at this table; ``seat_colours`` optionally gives
    each seat new colours (same shape as the mode's), for a new mix of teams."""

    seat_colours: tuple[tuple[int, ...], ...] = ()


@action("ff.end-series")
class EndSeries(Action):
    """Close the series and total the score pad."""


ACTION_TYPES: tuple[type[Action], ...] = (
    Play,
    PlayFavor,
    Stuck,
    EnterHand,
    EditFate,
    EditBoard,
    Concede,
    NextGame,
    EndSeries,
)
