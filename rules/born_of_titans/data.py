"""The counter values the Born of Titans rulebook prints (``data.toml``), loaded once.

Only a handful of values are printed (Cyrene, the Sirens, Medusa, Atalanta's totals); the
app offers them as suggestions and takes every other value from the players
(rule bot.values.entered).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

ATTRIBUTES: tuple[str, str, str] = ("battle", "navigation", "wits")
DIVINE_KINDS: tuple[str, ...] = ("athena", "aphrodite", "ares", "hera", "muses", "fates", "furies")
GODS: frozenset[str] = frozenset({"athena", "aphrodite", "ares", "hera"})
"""Gods and goddesses may be played alone or as a matching pair; the rest one at a time."""

MAX_CREW = 6
MAX_PROPHECY = 6
START_CREW = 6
START_PROPHECY = 2
QUEST_SITES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
QUESTS_TO_WIN = 3
MAX_VALUE = 12
"""Largest attribute value typed in for a hero, ally, crew or gear (bot.assume.value-bounds)."""
MAX_NEED = 20
"""Largest success number typed in for a foe (bot.assume.value-bounds)."""
MAX_NAME = 40


@dataclass(frozen=True)
class PrintedData:
    heroes: dict[str, tuple[int, int, int]]
    foes: dict[str, tuple[str, tuple[int, int, int]]]
    names: dict[str, tuple[str, ...]]
    atalanta: dict[str, Any]


@cache
def load() -> PrintedData:
    """The printed values; raises ``ValueError`` naming a malformed entry."""
    with Path(__file__).with_name("data.toml").open("rb") as fh:
        raw = tomllib.load(fh)
    try:
        heroes = {
            name: (int(v["battle"]), int(v["navigation"]), int(v["wits"]))
            for name, v in raw["heroes"].items()
        }
        foes = {
            name: (str(v["kind"]), (int(v["battle"]), int(v["navigation"]), int(v["wits"])))
            for name, v in raw["foes"].items()
        }
        names = {key: tuple(str(x) for x in value) for key, value in raw["names"].items()}
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"data.toml: malformed entry ({exc})") from None
    return PrintedData(heroes, foes, names, dict(raw["examples"]["atalanta"]))


def underworld_quests() -> frozenset[str]:
    """The quests fought in the Underworld (bot.quest.underworld), compared case-blind."""
    return frozenset(n.casefold() for n in load().names["underworld_quests"])
