"""Pure-Python rules for the five games Fatekeeper supports. No UI or storage imports."""

from .registry import SLUGS, UnknownGame, all_games, available, get

__all__ = ["SLUGS", "UnknownGame", "all_games", "available", "get"]
