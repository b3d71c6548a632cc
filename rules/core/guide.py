"""A game's guide: the setup walkthrough and the turn card, each line tied to rule IDs.

A game's guide lives in ``guide.toml`` next to its ``rule_index.toml``::

    [[step]]
    key = "deal"                       # unique within the game, stable (ticks are kept by it)
    title = "Deal two demigods each"   # our own words
    text = "..."                       # our own words: what to do with the box
    rules = ["sof.setup.deal"]         # the rules the step rests on (at least one)
    enters = "demigods"                # optional: what the app records at this step...
    phases = ["deal"]                  # ...while the game is in one of these phases
    when = { players = [3, 4] }        # optional: the step is for these tables only
    picture = true                     # optional: the starting position is drawn here

    [[turn]]
    key = "turn"
    title = "On your turn"
    lines = [
        { text = "Take one action.", rules = ["sof.turn.one-action"] },
    ]

A guide may list the game's ``phases`` in play order (top level ``phases = [...]``): a
step that ``enters`` something is then "later", "now" or "done" at a table, by where the
table's phase stands against the step's ``phases``. ``[[hint]]`` entries (``phase``,
``text``, ``rules``) say in one line what a phase asks of the players.

``when`` names facts of a table's options (``players`` is the player count; any other key
is an option field, such as ``mode`` or ``track``) and the values for which the step
applies; a step without ``when`` is for every table. Steps keep the rulebook's order.

The guide is pure data: screens decide how to show it, and what a step ``enters`` is named
by the game's own guide module (``rules/<game>/guide.py``), which knows the state.
"""

from __future__ import annotations

import dataclasses
import sys
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .rule_index import RuleIndex

Facts = Mapping[str, object]
"""What a step's ``when`` is matched against: ``players`` and the option fields."""


@dataclass(frozen=True)
class Step:
    """One setup step. ``enters`` names what the app records at this step, if anything."""

    key: str
    title: str
    text: str
    rules: tuple[str, ...]
    enters: str | None = None
    phases: tuple[str, ...] = ()
    picture: bool = False
    """Draw the starting position with this step (where the app draws the game's board)."""
    when: tuple[tuple[str, tuple[object, ...]], ...] = ()

    def applies(self, facts: Facts) -> bool:
        """Is this step part of the setup of a table with ``facts``? A fact the table
        does not have never matches."""
        return all(key in facts and facts[key] in values for key, values in self.when)


@dataclass(frozen=True)
class TurnLine:
    text: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class TurnSection:
    """One part of the turn card (a phase, a step, a kind of turn), lines in order."""

    key: str
    title: str
    lines: tuple[TurnLine, ...]


@dataclass(frozen=True)
class Hint:
    """What a phase of the game asks of the players, in one line."""

    phase: str
    text: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Guide:
    game: str
    steps: tuple[Step, ...]
    turn: tuple[TurnSection, ...]
    phases: tuple[str, ...] = ()
    hints: tuple[Hint, ...] = ()

    def setup(self, facts: Facts) -> list[Step]:
        """The steps for a table with ``facts``, in the rulebook's order."""
        return [s for s in self.steps if s.applies(facts)]

    def hint(self, phase: str) -> Hint | None:
        """The hint for ``phase``, if the guide has one."""
        return next((h for h in self.hints if h.phase == phase), None)

    def section(self, key: str) -> TurnSection | None:
        return next((s for s in self.turn if s.key == key), None)

    def rule_ids(self) -> set[str]:
        """Every rule ID the guide cites."""
        cited = {r for s in self.steps for r in s.rules} | {r for h in self.hints for r in h.rules}
        return cited | {r for sec in self.turn for line in sec.lines for r in line.rules}


def _plain_fields(obj: object) -> dict[str, object]:
    if not dataclasses.is_dataclass(obj) or isinstance(obj, type):
        return {}
    fields = ((f.name, getattr(obj, f.name)) for f in dataclasses.fields(obj))
    return {name: value for name, value in fields if isinstance(value, (str, int, bool))}


def facts_of(options: object, start: object | None = None) -> dict[str, object]:
    """The facts a step's ``when`` is matched against: every plain field (text, number,
    switch) of a game's options, overridden by the same-named fields of ``start``, the
    state the table starts from (where the game settles an option, such as a mode that
    follows the player count), plus ``players``, the player count (the length of
    ``players``, or of ``heroes`` where heroes are the seats)."""
    facts = _plain_fields(options)
    facts.update({k: v for k, v in _plain_fields(start).items() if k in facts})
    seats = getattr(options, "players", None) or getattr(options, "heroes", None)
    if isinstance(seats, Sequence) and not isinstance(seats, str):
        facts["players"] = len(seats)
    return facts


def _tuple_of_str(value: Any, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v for v in value):
        raise ValueError(f"{where}: 'rules' must be a list of rule IDs (at least one)")
    return tuple(value)


def load(game: str, path: Path, rules: RuleIndex) -> Guide:
    """Load ``path`` for ``game``; raises ``ValueError`` naming a malformed entry, a
    repeated step key, or a rule ID the game's index does not have."""
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    steps: list[Step] = []
    for n, entry in enumerate(data.get("step", []), start=1):
        where = f"{path.name}: step #{n}"
        try:
            when = entry.get("when", {})
            if not isinstance(when, dict):
                raise ValueError(f"{where}: 'when' must be a table")
            step = Step(
                key=str(entry["key"]),
                title=str(entry["title"]),
                text=str(entry["text"]),
                rules=_tuple_of_str(entry.get("rules"), where),
                enters=entry.get("enters"),
                phases=tuple(entry.get("phases", ())),
                picture=bool(entry.get("picture", False)),
                when=tuple((k, tuple(v) if isinstance(v, list) else (v,)) for k, v in when.items()),
            )
        except KeyError as exc:
            raise ValueError(f"{where}: missing {exc}") from None
        steps.append(step)
    sections: list[TurnSection] = []
    for n, entry in enumerate(data.get("turn", []), start=1):
        where = f"{path.name}: turn section #{n}"
        try:
            lines = tuple(
                TurnLine(str(line["text"]), _tuple_of_str(line.get("rules"), where))
                for line in entry["lines"]
            )
            sections.append(TurnSection(str(entry["key"]), str(entry["title"]), lines))
        except (KeyError, TypeError) as exc:
            raise ValueError(f"{where}: malformed ({exc})") from None
    hints: list[Hint] = []
    for n, entry in enumerate(data.get("hint", []), start=1):
        where = f"{path.name}: hint #{n}"
        try:
            hints.append(
                Hint(
                    str(entry["phase"]),
                    str(entry["text"]),
                    _tuple_of_str(entry.get("rules"), where),
                )
            )
        except KeyError as exc:
            raise ValueError(f"{where}: missing {exc}") from None
    phases = tuple(str(p) for p in data.get("phases", ()))
    keys = [s.key for s in steps]
    if len(set(keys)) != len(keys):
        raise ValueError(f"{path.name}: repeated step keys")
    stray = sorted({p for s in steps for p in s.phases} - set(phases))
    if stray:
        raise ValueError(f"{path.name}: step phases {stray} are not among the guide's phases")
    guide = Guide(game, tuple(steps), tuple(sections), phases, tuple(hints))
    unknown = sorted(r for r in guide.rule_ids() if r not in rules)
    if unknown:
        raise ValueError(f"{path.name}: unknown rule IDs {unknown}")
    return guide


_loaded: dict[str, Guide | None] = {}


def guide_of(game: Any) -> Guide | None:
    """The guide of ``game`` (a ``Game``), read once from the ``guide.toml`` beside the
    module that defines its class; ``None`` for a game without one. Raises ``ValueError``
    for a malformed guide (see ``load``)."""
    if game.slug not in _loaded:
        module = sys.modules.get(type(game).__module__)
        where = getattr(module, "__file__", None)
        path = Path(where).with_name("guide.toml") if where else None
        _loaded[game.slug] = (
            load(game.slug, path, game.rules) if path is not None and path.exists() else None
        )
    return _loaded[game.slug]
