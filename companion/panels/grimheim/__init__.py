"""The Grimheim screen (``build_panel``): hex map, heroes, monster turn, odds, reference."""

from .panel import build_panel

__all__ = ["build_panel"]
