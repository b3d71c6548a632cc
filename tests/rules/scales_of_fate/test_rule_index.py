"""The rule index: well formed, every rule tested by name, every cited rule present."""

from __future__ import annotations

import re
from pathlib import Path

from rules.scales_of_fate import GAME

HERE = Path(__file__).parent
PACKAGE = Path(__file__).resolve().parents[3] / "rules" / "scales_of_fate"
RULE_ID = re.compile(r"sof\.[a-z0-9-]+(?:\.[a-z0-9-]+)*(?![a-z0-9{.-])")


def _ids_in(paths: list[Path]) -> set[str]:
    found: set[str] = set()
    for path in paths:
        text = path.read_text(encoding="utf-8")
        found |= set(RULE_ID.findall(text))
        # test names spell IDs with underscores: test_sof_servant_limits_...
        for name in re.findall(r"def test_(sof_[a-z0-9_]+)", text):
            parts = name.split("_")
            for end in range(2, len(parts) + 1):
                found.add(".".join(parts[:end]))
    return found


def _normal(rule_id: str) -> str:
    return rule_id.replace("-", "_").replace(".", "_")


def test_every_rule_has_a_test_naming_it() -> None:
    tests = [p for p in HERE.glob("test_*.py") if p.name != Path(__file__).name]
    named = {_normal(i) for i in _ids_in(tests)}
    missing = [r.id for r in GAME.rules if r.id.startswith("sof.") and _normal(r.id) not in named]
    assert missing == []


def test_every_rule_cited_in_code_exists() -> None:
    cited = _ids_in(list(PACKAGE.glob("*.py")))
    kinds = {cls.kind for cls in GAME.action_types}
    unknown = sorted(c for c in cited if c not in GAME.rules and c not in kinds)
    assert unknown == []


def test_rules_are_in_our_words_and_complete() -> None:
    sections = GAME.rules.sections()
    for needed in (
        "Setup",
        "Turns",
        "Actions",
        "Servants",
        "God powers",
        "Ending an Age",
        "Starting a new Age",
        "End of the game",
        "Scoring",
        "Assumptions",
    ):
        assert needed in sections
    assumptions = GAME.rules.assumptions()
    assert len(assumptions) >= 10 and all(r.id.startswith("sof.assume.") for r in assumptions)
    for rule in GAME.rules:
        assert rule.text and rule.title and rule.section
    assert "sof.servant.limits" in GAME.rules
