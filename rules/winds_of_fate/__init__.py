"""Odysseus: Winds of Fate: 3-5 players bet on when and how Odysseus' voyage ends.

``GAME`` is the rules engine; the state, options and actions are importable from here,
``payoffs`` answers what each stake would pay.
"""

from .actions import (
    BetDestiny,
    ClaimReward,
    Contribute,
    Destiny,
    Draw,
    Journey,
    LayBoard,
    MoveBet,
    Pass,
    PlaceBet,
    PlayCard,
    PlaySpecial,
    RecordDestiny,
    Resolve,
    RevealRewards,
    SetPath,
    Skip,
    TakeChip,
    Wander,
)
from .game import GAME, WindsOfFate
from .state import Bet, Result, RewardTile, WofOptions, WofState

__all__ = [
    "GAME",
    "Bet",
    "BetDestiny",
    "ClaimReward",
    "Contribute",
    "Destiny",
    "Draw",
    "Journey",
    "LayBoard",
    "MoveBet",
    "Pass",
    "PlaceBet",
    "PlayCard",
    "PlaySpecial",
    "RecordDestiny",
    "Resolve",
    "Result",
    "RevealRewards",
    "RewardTile",
    "SetPath",
    "Skip",
    "TakeChip",
    "Wander",
    "WindsOfFate",
    "WofOptions",
    "WofState",
]
