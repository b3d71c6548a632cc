"""The moves of Winds of Fate, as they travel through the event log.

Card draws ask the drawer how many come from the Help deck (``help``); the rest come from
the Hinder deck. Destiny cards are addressed by position (0, 1, 2), which the whole table
sees anyway; which card lies there is recorded once, secretly, with ``RecordDestiny``.
"""

from __future__ import annotations

from rules.core import Action, action


@action("wof.lay-board")
class LayBoard(Action):
    """The nine encounter tiles on spaces 1..9 (in space order) and the seats in turn
    order (holder of turn order tile 1 first)."""

    tiles: tuple[str, ...]
    order: tuple[int, ...]


@action("wof.record-destiny")
class RecordDestiny(Action):
    """``seat`` records which destiny card lies at each position (secret) and the position
    the starting chip went on."""

    seat: int
    cards: tuple[str, ...]
    start: int


@action("wof.set-path")
class SetPath(Action):
    """The board's ``path`` (calm or stormy) from ``node`` leads to ``to`` (editable)."""

    node: str
    path: str
    to: str


@action("wof.place-bet")
class PlaceBet(Action):
    """Place a held chip on round ``space`` with one chip from the supply per space ahead."""

    seat: int
    space: int


@action("wof.bet-destiny")
class BetDestiny(Action):
    """Place a held chip on the destiny card at ``position`` with two from the supply."""

    seat: int
    position: int


@action("wof.move-bet")
class MoveBet(Action):
    """Circe: slide ``seat``'s bet on ``space`` one space to ``to``."""

    seat: int
    space: int
    to: int


@action("wof.take-chip")
class TakeChip(Action):
    """Circe: take one chip from the supply instead of betting."""

    seat: int


@action("wof.destiny")
class Destiny(Action):
    """Destiny action: a chip from the supply onto the destiny card at ``position``."""

    seat: int
    position: int


@action("wof.skip")
class Skip(Action):
    """``seat`` lets the current encounter choice go by."""

    seat: int


@action("wof.draw")
class Draw(Action):
    """``seat`` draws the cards the encounter gives, ``help`` of them from the Help deck."""

    seat: int
    help: int


@action("wof.reveal")
class RevealRewards(Action):
    """The red numbers of the reward tiles turned up for this adventure."""

    reds: tuple[int, ...]


@action("wof.play-card")
class PlayCard(Action):
    """``seat`` plays a card face down from the ``card`` deck's hand (help or hinder)."""

    seat: int
    card: str


@action("wof.play-special")
class PlaySpecial(Action):
    """``seat`` plays a face-up special card (its back is ``back``); ``help`` of the cards
    it makes them draw come from the Help deck."""

    seat: int
    special: str
    back: str
    help: int = 0


@action("wof.pass")
class Pass(Action):
    """``seat`` leaves the adventure, takes the turn order tile and draws its cards
    (``help`` of them from the Help deck)."""

    seat: int
    help: int = 0


@action("wof.claim")
class ClaimReward(Action):
    """``seat`` claims reward tile ``tile`` (index among the revealed ones) and gains what
    it shows: ``vp``, bet ``chips`` from the supply, ``help`` and ``hinder`` cards."""

    seat: int
    tile: int
    vp: int = 0
    chips: int = 0
    help: int = 0
    hinder: int = 0


@action("wof.contribute")
class Contribute(Action):
    """``seat`` privately enters the total value of their face-down cards."""

    seat: int
    value: int


@action("wof.resolve")
class Resolve(Action):
    """Reveal: the Olympus card (``god``, ``value``) and, unless entered privately, each
    seat's face-down card total (``totals``, seat order; ``()`` to use private entries)."""

    god: str
    value: int
    totals: tuple[int, ...] = ()


@action("wof.journey")
class Journey(Action):
    """The journey: ``to`` is where the path leads (``""`` when the app already knows)."""

    to: str = ""


@action("wof.wander")
class Wander(Action):
    """Off a face-down tile: the Olympus card's ``god`` picks the path; ``to`` as for
    ``Journey``."""

    god: str
    to: str = ""


ACTION_TYPES: tuple[type[Action], ...] = (
    LayBoard,
    RecordDestiny,
    SetPath,
    PlaceBet,
    BetDestiny,
    MoveBet,
    TakeChip,
    Destiny,
    Skip,
    Draw,
    RevealRewards,
    PlayCard,
    PlaySpecial,
    Pass,
    ClaimReward,
    Contribute,
    Resolve,
    Journey,
    Wander,
)
