"""The Odysseus: Winds of Fate screen (``build_panel``)."""

from .panel import WofPanel, build_panel

__all__ = ["WofPanel", "build_panel"]
