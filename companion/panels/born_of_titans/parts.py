"""What the Born of Titans screen's sections share: the choices offered (attributes,
places, what a revealed quest shows), this page's picks (``_Picks``, kept per page until
the next version) and ``_fields``."""

from __future__ import annotations

import contextlib
import dataclasses
import weakref
from dataclasses import dataclass, field
from typing import Any

ATTRS = ("battle", "navigation", "wits")


PLACE_KINDS = ("quest", "city", "oracle", "sea", "underworld", "point")


PLACE_LABELS = {"sea": "Sea monster", "point": "A point"}


REVEAL_KINDS = (
    "monster",
    "ally",
    "crew-for-hire",
    "gather-humility",
    "allys-quest",
    "fair-weather",
    "other",
)


@dataclass
class _Picks:
    """Choices made on this screen and not yet committed (reset on every new version)."""

    name: str = ""
    vals: list[int] = field(default_factory=lambda: [3, 3, 3])
    crew_name: str = ""
    crew_vals: list[int] = field(default_factory=lambda: [1, 1, 1])
    gear_vals: list[int] = field(default_factory=lambda: [0, 0, 0])
    courses: int = 0
    sea: int = 0
    land: int = 0
    kind: str = "quest"
    place: str = ""
    site: int = 1
    reveal: str = "monster"
    attribute: str = "battle"
    against: str = ""
    prophecy: int = 0
    take_ally: bool = True
    roll: int = 1
    hired: int = 0
    underworld: str = ""
    successes: int = 0
    refill: set[str] = field(default_factory=set)
    divine: str = ""
    target: int = -1
    pair: bool = False
    edit_slot: str = ""
    edit_name: str = ""
    edit_vals: list[int] = field(default_factory=lambda: [0, 0, 0])
    teeth: int = 1
    look: str = ""
    lose: int = -1


_PICKS: dict[int, tuple[int, _Picks]] = {}


def _picks_for(page: Any, version: int) -> _Picks:
    """The choices this phone has made on the move card for table version ``version``: kept
    while the screen is drawn anew for the same version (after opening a rule and coming
    back, say), fresh once the table has moved on."""
    key = id(page)
    kept = _PICKS.get(key)
    if kept is not None and kept[0] == version:
        return kept[1]
    picks = _Picks()
    if kept is None:
        # Objects without weak references (test doubles) simply keep their picks.
        with contextlib.suppress(TypeError):
            weakref.finalize(page, _PICKS.pop, key, None)
    _PICKS[key] = (version, picks)
    return picks


def _fields(value: Any) -> tuple[Any, ...]:
    """Every field of a state dataclass as a hashable value (mappings as sorted pairs)."""
    return tuple(
        tuple(sorted(v.items())) if isinstance(v, dict) else v
        for v in (getattr(value, f.name) for f in dataclasses.fields(value))
    )
