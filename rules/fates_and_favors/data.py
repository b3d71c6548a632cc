"""The printed data of Fates and Favors, loaded once from ``data/board.toml`` and
``data/cards.toml`` (see the comments there for every number and the assumptions behind it).

Tables may edit the Fate cards to match their copy; those edits live in the game state
(``FfState.fates``), so this module only supplies the defaults.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

DATA_DIR = Path(__file__).resolve().parent / "data"

Direction = Literal["forward", "backward", "either"]
Whose = Literal["own", "team", "rival", "any"]
DIRECTIONS: tuple[Direction, ...] = ("forward", "backward", "either")
WHOSE: tuple[Whose, ...] = ("own", "team", "rival", "any")

COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "green")
"""Colours in seating order around the board (clockwise); teammates sit across."""

MAX_SPACES = 20
MAX_SHARE = 4


@dataclass(frozen=True)
class FateAction:
    """One printed action of a Fate card (see ``data/cards.toml`` for the fields)."""

    spaces: int
    direction: Direction = "forward"
    columns: int = 1
    whose: Whose = "team"
    start: bool = False
    again: bool = False

    def problem(self) -> str | None:
        """What is impossible about this action, in plain words, or ``None``."""
        if self.direction not in DIRECTIONS:
            return f"direction must be one of {', '.join(DIRECTIONS)}"
        if self.whose not in WHOSE:
            return f"whose must be one of {', '.join(WHOSE)}"
        if self.start:
            return None if self.spaces == 0 else "a start action moves no spaces"
        if not 1 <= self.spaces <= MAX_SPACES:
            return f"spaces must be 1..{MAX_SPACES}"
        if not 1 <= self.columns <= min(MAX_SHARE, self.spaces):
            return f"columns must be 1..{min(MAX_SHARE, self.spaces)}"
        return None

    def label(self) -> str:
        """Short words for a button: "3 forward, team", "start a team column"."""
        if self.start:
            text = f"start a {self.whose} column"
        else:
            way = {"forward": "forward", "backward": "back", "either": "forward or back"}
            text = f"{self.spaces} {way[self.direction]}, {self.whose}"
            if self.columns > 1:
                text += f", share {self.columns}"
        return text + (", again" if self.again else "")


@dataclass(frozen=True)
class FateCard:
    """A Fate number: its actions, copies in the deck and lightning-bolt copies."""

    number: int
    actions: tuple[FateAction, ...]
    copies: int
    lightning: int


@dataclass(frozen=True)
class Favor:
    name: str
    title: str
    effect: str
    with_fate: bool = False
    moves: bool = False
    lightning: bool = False
    again: bool = False


@dataclass(frozen=True)
class HeroAbility:
    name: str
    effect: str


@dataclass(frozen=True)
class BoardSpec:
    """The numbers the board is built from (``data/board.toml``)."""

    arm: int
    arm_bridge: int
    gate_before: int
    exit_after: int
    temple_track: int
    temple_sites: int
    columns: int
    start_on_exit: int
    bridge_cost: int


@dataclass(frozen=True)
class Cards:
    fates: tuple[FateCard, ...]
    favors: tuple[Favor, ...]
    heroes: tuple[HeroAbility, ...]

    def favor(self, name: str) -> Favor | None:
        return next((f for f in self.favors if f.name == name), None)


def _load(name: str) -> dict[str, object]:
    with (DATA_DIR / name).open("rb") as fh:
        return tomllib.load(fh)


@cache
def board_spec() -> BoardSpec:
    """The default board numbers; raises ``ValueError`` for a malformed file."""
    raw = _load("board.toml")
    try:
        return BoardSpec(**{k: int(v) for k, v in raw.items()})  # type: ignore[call-overload]
    except TypeError as exc:
        raise ValueError(f"board.toml: {exc}") from None


@cache
def cards() -> Cards:
    """The default cards; raises ``ValueError`` for a malformed or inconsistent file."""
    raw = _load("cards.toml")
    fates = []
    for entry in raw["fate"]:  # type: ignore[attr-defined]
        actions = tuple(FateAction(**a) for a in entry["actions"])
        for a in actions:
            problem = a.problem()
            if problem:
                raise ValueError(f"cards.toml: Fate #{entry['number']}: {problem}")
        fates.append(FateCard(entry["number"], actions, entry["copies"], entry["lightning"]))
    if [f.number for f in fates] != list(range(1, 11)):
        raise ValueError("cards.toml must list Fates #1..#10 in order")
    favors = tuple(Favor(**f) for f in raw["favor"])  # type: ignore[attr-defined]
    heroes = tuple(HeroAbility(**h) for h in raw["hero"])  # type: ignore[attr-defined]
    return Cards(tuple(fates), favors, heroes)


def favor_names() -> tuple[str, ...]:
    return tuple(f.name for f in cards().favors)


def parse_actions(text: str) -> tuple[FateAction, ...]:
    """Actions typed as a card reads, separated by ";": "3 forward team; 3 backward rival",
    "9 forward team share 2", "start team", "1 forward team again". Raises ``ValueError``
    naming the part that makes no sense."""
    out = []
    for n, part in enumerate(p for p in text.split(";") if p.strip()):
        words = part.lower().split()
        spaces, columns, start, again = 0, 1, False, False
        direction: Direction = "forward"
        whose: Whose = "team"
        i = 0
        while i < len(words):
            w = words[i]
            if w.isdigit() and i == 0:
                spaces = int(w)
            elif w in DIRECTIONS:
                direction = w  # type: ignore[assignment]
            elif w in WHOSE:
                whose = w  # type: ignore[assignment]
            elif w == "share" and i + 1 < len(words) and words[i + 1].isdigit():
                columns = int(words[i + 1])
                i += 1
            elif w == "start":
                start = True
            elif w == "again":
                again = True
            else:
                raise ValueError(f"action {n + 1}: {w!r} is not understood")
            i += 1
        action = FateAction(spaces, direction, columns, whose, start, again)
        problem = action.problem()
        if problem:
            raise ValueError(f"action {n + 1}: {problem}")
        out.append(action)
    if not out:
        raise ValueError("type at least one action")
    return tuple(out)


def actions_text(actions: tuple[FateAction, ...]) -> str:
    """The inverse of ``parse_actions``."""
    parts = []
    for a in actions:
        if a.start:
            words = ["start", a.whose]
        else:
            words = [str(a.spaces), a.direction, a.whose]
            if a.columns > 1:
                words += ["share", str(a.columns)]
        if a.again:
            words.append("again")
        parts.append(" ".join(words))
    return "; ".join(parts)
