"""The Born of Titans screen (``build_panel``): crew sheets, challenges with odds, quests."""

from .panel import build_panel

__all__ = ["build_panel"]
