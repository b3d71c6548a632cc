"""Born of Titans: 2-4 heroes on quests; crew sheets, challenges with exact odds, hubris.

``GAME`` is the rules engine; ``odds`` holds the exact challenge and movement odds.
"""

from .game import GAME, BornOfTitans
from .state import BotOptions, BotState, Challenge, Foe, Hero, Place, Reveal, Stats

__all__ = [
    "GAME",
    "BornOfTitans",
    "BotOptions",
    "BotState",
    "Challenge",
    "Foe",
    "Hero",
    "Place",
    "Reveal",
    "Stats",
]
