"""The games, by slug. Slugs are fixed: every screen, script and saved table uses them."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from .core.game import Game

SLUGS: tuple[str, ...] = (
    "fates-and-favors",
    "scales-of-fate",
    "born-of-titans",
    "winds-of-fate",
    "grimheim",
)

# Where each implemented game lives; each module exposes ``GAME``, a Game instance.
_MODULES: dict[str, str] = {
    "winds-of-fate": "rules.winds_of_fate",
    "fates-and-favors": "rules.fates_and_favors",
    "scales-of-fate": "rules.scales_of_fate",
    "grimheim": "rules.grimheim",
    "born-of-titans": "rules.born_of_titans",
}


# Games registered at run time (tests and plug-ins); they take precedence over _MODULES.
_EXTRA: dict[str, Game[Any, Any]] = {}


def register(game: Game[Any, Any]) -> None:
    """Make ``game`` available under ``game.slug`` (used by tests for small fixture games)."""
    _EXTRA[game.slug] = game


class UnknownGame(KeyError):
    """Raised for a slug that is not a known, implemented game."""

    def __str__(self) -> str:
        return str(self.args[0])


def available() -> list[str]:
    """Slugs of the games this installation can play, in the fixed slug order."""
    fixed = [slug for slug in SLUGS if slug in _MODULES and _load(slug) is not None]
    return fixed + [slug for slug in _EXTRA if slug not in fixed]


@cache
def _load(slug: str) -> Game[Any, Any] | None:
    try:
        module = importlib.import_module(_MODULES[slug])
    except ModuleNotFoundError as exc:
        if exc.name and _MODULES[slug].startswith(exc.name):
            return None  # not installed in this build
        raise
    game: Game[Any, Any] = module.GAME
    return game


def get(slug: str) -> Game[Any, Any]:
    """The game for ``slug``; raises ``UnknownGame`` naming the slugs that exist."""
    if slug in _EXTRA:
        return _EXTRA[slug]
    if slug not in SLUGS:
        raise UnknownGame(f"unknown game {slug!r}; games: {', '.join(available())}")
    game = _load(slug) if slug in _MODULES else None
    if game is None:
        raise UnknownGame(f"{slug!r} is not available yet; games: {', '.join(available())}")
    return game


def all_games() -> list[Game[Any, Any]]:
    return [get(slug) for slug in available()]
