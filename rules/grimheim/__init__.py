"""Fate: Defenders of Grimheim: the co-operative tower-defence game, as a Fatekeeper game."""

from .game import GAME, GrimheimGame

__all__ = ["GAME", "GrimheimGame"]
