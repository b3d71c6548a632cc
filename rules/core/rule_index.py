"""Rule indexes: every rule a game implements, with an ID, in our own words.

A game's index lives in ``rule_index.toml`` next to its code::

    [[rule]]
    id = "sof.servant.limits"
    section = "Servants"
    title = "Renown stays within 0-14"
    text = "..."            # our own words
    source = "Servants: Renown Limits"
    kind = "rule"           # or "assumption" where the rulebook is silent or ambiguous

Verdicts, tests and the in-app reference all refer to rules by ID.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

RuleKind = Literal["rule", "assumption"]


@dataclass(frozen=True)
class Rule:
    id: str
    section: str
    title: str
    text: str
    source: str = ""
    kind: RuleKind = "rule"


CORE_RULES: tuple[Rule, ...] = (
    Rule(
        id="core.correction",
        section="Using the app",
        title="Corrections follow the box",
        text=(
            "The physical game is the truth. When a counter in the app differs from the table, "
            "set it to what the table shows. A correction is only checked against the counter's "
            "printed limits and is marked as a correction in the history."
        ),
        source="Fatekeeper",
    ),
    Rule(
        id="core.correction.same",
        section="Using the app",
        title="A correction must change something",
        text=(
            "Setting a counter to the value it already shows is not a move: nothing is "
            "recorded, and the history and Undo are left as they were."
        ),
        source="Fatekeeper",
    ),
    Rule(
        id="core.action",
        section="Using the app",
        title="Each game has its own moves",
        text="An action must be one of the moves of the game being played at this table.",
        source="Fatekeeper",
    ),
    Rule(
        id="core.finished",
        section="Using the app",
        title="A finished game takes no more moves",
        text="Once a game has ended, only corrections and undo remain available.",
        source="Fatekeeper",
    ),
)


class RuleIndex:
    """An ordered, immutable collection of rules, looked up by ID."""

    def __init__(self, game: str, rules: tuple[Rule, ...]) -> None:
        self.game = game
        self._rules = rules + tuple(r for r in CORE_RULES if r.id not in {x.id for x in rules})
        self._by_id = {r.id: r for r in self._rules}
        if len(self._by_id) != len(self._rules):
            seen: set[str] = set()
            dupes = [r.id for r in self._rules if r.id in seen or seen.add(r.id)]  # type: ignore[func-returns-value]
            raise ValueError(f"duplicate rule IDs in {game}: {dupes}")

    @classmethod
    def from_toml(cls, game: str, path: Path) -> RuleIndex:
        """Load ``path``; raises ``ValueError`` naming a malformed entry."""
        with path.open("rb") as fh:
            data = tomllib.load(fh)
        rules = []
        for n, entry in enumerate(data.get("rule", [])):
            try:
                rules.append(Rule(**entry))
            except TypeError as exc:
                raise ValueError(f"{path.name}: rule #{n + 1}: {exc}") from None
        return cls(game, tuple(rules))

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._by_id

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)

    def get(self, rule_id: str) -> Rule:
        """Return the rule; raises ``KeyError`` for an unknown ID."""
        return self._by_id[rule_id]

    def sections(self) -> list[str]:
        seen: dict[str, None] = {}
        for r in self._rules:
            seen.setdefault(r.section, None)
        return list(seen)

    def assumptions(self) -> list[Rule]:
        return [r for r in self._rules if r.kind == "assumption"]
