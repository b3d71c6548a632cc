"""The rules reference is written in our own words: no rule text repeats a run of eight
words from the printed rulebooks (facts and numbers carry over; sentences do not)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules import registry

RULEBOOKS = Path(__file__).resolve().parents[2].parent / "shared" / "rulebooks"
RUN = 8


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


@pytest.mark.skipif(not RULEBOOKS.is_dir(), reason="the rulebooks are not beside the checkout")
def test_no_rule_text_repeats_eight_words_of_a_rulebook() -> None:
    printed: set[tuple[str, ...]] = set()
    for book in RULEBOOKS.glob("*.txt"):
        words = _words(book.read_text(encoding="utf-8"))
        printed.update(tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1))
    copied = []
    for game in registry.all_games():
        for rule in game.rules:
            words = _words(rule.text)
            runs = (tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1))
            hit = next((run for run in runs if run in printed), None)
            if hit:
                copied.append(f"{rule.id}: '{' '.join(hit)}'")
    assert not copied, "rule texts repeating the rulebook:\n" + "\n".join(copied)
