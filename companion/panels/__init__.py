"""Per-game panels, looked up by game slug.

``PANELS`` maps a slug to the module path of its panel builder; ``panel_for(slug)`` imports
it lazily (a game's UI code loads only when a table of that game opens). A slug without a
panel module, or whose module is not installed yet, gets the generic counters panel, so
every game is playable from the first day.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from .base import PanelBuilder, PanelContext

__all__ = ["PANELS", "PanelBuilder", "PanelContext", "panel_for"]

PANELS: Mapping[str, str] = {
    "winds-of-fate": "companion.panels.winds_of_fate:build_panel",
    "fates-and-favors": "companion.panels.fates_and_favors:build_panel",
    "scales-of-fate": "companion.panels.scales:build_panel",
    "grimheim": "companion.panels.grimheim:build_panel",
    "born-of-titans": "companion.panels.born_of_titans:build_panel",
}


def panel_for(slug: str) -> PanelBuilder:
    """The panel builder for ``slug``; the counters panel when the game has none (yet)."""
    target = PANELS.get(slug)
    if target is not None:
        module_name, _, attr = target.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            # Only a missing panel module falls back; a broken import inside it is a real bug.
            if not (exc.name and module_name.startswith(exc.name)):
                raise
        else:
            builder: PanelBuilder = getattr(module, attr)
            return builder
    from .counters import build_panel

    return build_panel
