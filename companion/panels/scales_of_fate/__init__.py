"""The Scales of Fate screen (``build_panel``): renown board, secrets, age setup, turns."""

from .panel import build_panel

__all__ = ["build_panel"]
