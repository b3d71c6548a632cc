"""The rules reference search: words, rule IDs, and hostile input."""

from __future__ import annotations

import pytest

from companion import reference
from companion.reference import Reference, fts_query
from tests.support.tally import TALLY


@pytest.fixture(scope="module")
def ref() -> Reference:
    return Reference([TALLY])


def ids(hits: list[reference.Hit]) -> list[str]:
    return [h.rule_id for h in hits]


def test_finds_rules_by_words(ref: Reference) -> None:
    assert ids(ref.search("exact wins")) == ["tally.win"]
    assert set(ids(ref.search("target"))) == {"tally.win", "tally.amount"}


def test_words_match_as_prefixes(ref: Reference) -> None:
    assert "tally.turn" in ids(ref.search("altern"))


def test_finds_rule_by_id_and_ranks_exact_id_first(ref: Reference) -> None:
    assert ids(ref.search("tally.amount"))[0] == "tally.amount"
    assert ids(ref.search("core.correction"))[0] == "core.correction"
    # The bare game prefix finds every rule of that game.
    assert {"tally.turn", "tally.amount", "tally.win"} <= set(ids(ref.search("tally")))


def test_hit_carries_section_title_game_and_snippet(ref: Reference) -> None:
    (hit,) = ref.search("exact wins")
    assert (hit.game, hit.game_title, hit.section, hit.title) == (
        "tally",
        "Tally",
        "End",
        "Exact target wins",
    )
    assert "target" in hit.snippet


def test_game_filter(ref: Reference) -> None:
    assert ref.search("target", game="other") == []
    assert ref.search("target", game="tally")


@pytest.mark.parametrize(
    "text",
    ['"', "*", "AND(", 'target"', "NEAR(", "(((", "^", "-", "col:umn", "'", "a OR", "\x00", ""],
)
def test_fts_syntax_in_input_never_raises(ref: Reference, text: str) -> None:
    ref.search(text)  # must not raise
    ref.search(text * 300)


def test_quotes_and_operators_are_plain_text(ref: Reference) -> None:
    assert ids(ref.search('"exact" wins*')) == ["tally.win"]
    assert fts_query('a"b OR(') == '"a b"* "OR"*'
    assert fts_query("  *  ") is None


def test_rule_lookup(ref: Reference) -> None:
    rule = ref.rule("tally", "tally.turn")
    assert rule is not None and rule.section == "Play"
    assert ref.rule("tally", "nope") is None
    assert [r.id for r in ref.rules("tally")][:3] == ["tally.turn", "tally.amount", "tally.win"]


def test_process_wide_reference_covers_every_available_game() -> None:
    from rules import registry

    ref = reference.reference()
    assert set(ref.games) == set(registry.available())
    for slug in registry.available():
        first = next(iter(registry.get(slug).rules))
        assert reference.search(first.id, game=slug)[0].rule_id == first.id
