"""Fates and Favors: two teams race their columns round a cross-shaped track to their
temples, for one to four heroes in five modes.

``GAME`` is the rules engine; ``GAME.outcomes(state, card, favor)`` lists every distinct
outcome of a card. Zeus is asked columns first (``zeus``): ``GAME.zeus_first_parts`` for the
picker, ``GAME.zeus_outcomes(state, split)`` for one split's outcomes. The board and card
data live in ``data/`` (see ``board`` and ``data``).
"""

from .actions import (
    Concede,
    EditBoard,
    EditFate,
    EndSeries,
    EnterHand,
    NextGame,
    Play,
    PlayFavor,
    Step,
    Stuck,
)
from .board import QUARRY, Board, board
from .game import GAME, FatesAndFavors
from .state import FfOptions, FfState

__all__ = [
    "GAME",
    "QUARRY",
    "Board",
    "Concede",
    "EditBoard",
    "EditFate",
    "EndSeries",
    "EnterHand",
    "FatesAndFavors",
    "FfOptions",
    "FfState",
    "NextGame",
    "Play",
    "PlayFavor",
    "Step",
    "Stuck",
    "board",
]
