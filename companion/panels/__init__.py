"""Per-game panels, looked up by game slug.

``PANELS`` maps a slug to the module path of its panel builder; ``panel_for(slug)`` imports
it lazily (a game's UI code loads only when a table of that game opens). A slug without a
panel module, or whose module is not installed yet, gets the generic counters panel, so
every game is playable from the first day.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

import flet as ft

from .base import PanelBuilder, PanelContext

__all__ = ["PANELS", "START_PICTURES", "PanelBuilder", "PanelContext", "panel_for"]

PANELS: Mapping[str, str] = {
    "winds-of-fate": "companion.panels.winds_of_fate:build_panel",
    "fates-and-favors": "companion.panels.fates_and_favors:build_panel",
    "scales-of-fate": "companion.panels.scales_of_fate:build_panel",
    "grimheim": "companion.panels.grimheim:build_panel",
    "born-of-titans": "companion.panels.born_of_titans:build_panel",
}

START_PICTURES: Mapping[str, str] = {
    "scales-of-fate": "companion.panels.scales_of_fate.board:start_picture",
    "grimheim": "companion.panels.grimheim.map:start_picture",
    "winds-of-fate": "companion.panels.winds_of_fate.pictures:start_picture",
    "fates-and-favors": "companion.panels.fates_and_favors.picture:board_picture",
}
"""Per slug, a function drawing a game's starting state for the setup walkthrough (the
game's own board picture, without taps)."""


def _target(spec: str) -> Any:
    module_name, _, attr = spec.partition(":")
    return getattr(importlib.import_module(module_name), attr)


def start_picture_for(slug: str) -> Callable[[Any], ft.Control] | None:
    """The starting-position picture of ``slug``, or ``None`` where the app draws no board
    for that game."""
    spec = START_PICTURES.get(slug)
    return _target(spec) if spec is not None else None


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
