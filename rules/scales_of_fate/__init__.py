"""Scales of Fate: two players, three Ages, nine demigods on a renown track of 0-14.

``GAME`` is the rules engine; the state and action types, the deduction aids
(``deduction``) and the score pad (``scoring``) are importable from here.
"""

from .actions import (
    Announce,
    DealDemigods,
    FinalGuess,
    GodSmite,
    GodSteal,
    GodSwitch,
    Note,
    Pass,
    PlaceDemigod,
    PlaceServant,
    SetupAge,
)
from .age_setup import random_setup
from .components import DEMIGODS, SLOTS, TILE_POSITIONS
from .game import GAME, ScalesOfFate
from .state import AgeRecord, Criterion, PlacedQuest, Quest, SofOptions, SofState, Tile, TileSpec

__all__ = [
    "DEMIGODS",
    "GAME",
    "SLOTS",
    "TILE_POSITIONS",
    "AgeRecord",
    "Announce",
    "Criterion",
    "DealDemigods",
    "FinalGuess",
    "GodSmite",
    "GodSteal",
    "GodSwitch",
    "Note",
    "Pass",
    "PlaceDemigod",
    "PlaceServant",
    "PlacedQuest",
    "Quest",
    "ScalesOfFate",
    "SetupAge",
    "SofOptions",
    "SofState",
    "Tile",
    "TileSpec",
    "random_setup",
]
