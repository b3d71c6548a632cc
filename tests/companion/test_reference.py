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
    assert ids(ref.search("exact wins"))[0] == "tally.win"
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
    assert ids(ref.search('"exact" wins*'))[0] == "tally.win"
    assert fts_query('a"b OR(') == '"a b"* OR "OR"*'
    assert fts_query("  *  ") is None


def test_a_word_no_rule_uses_does_not_hide_the_rest(ref: Reference) -> None:
    # Any word finds a rule; the rule matching most of the words comes first.
    assert ids(ref.search("exact zzzz")) == ids(ref.search("exact"))
    found = ids(ref.search("target exact"))
    assert found[0] == "tally.win" and "tally.amount" in found


def test_words_are_stemmed(ref: Reference) -> None:
    assert ids(ref.search("targets"))[:2] == ids(ref.search("target"))[:2]
    assert "tally.win" in ids(ref.search("winning"))


def test_bet_payout_finds_the_payout_rules_first() -> None:
    """In the real Winds of Fate index: "bet" and "payout" together rank the round bet
    payouts first, and the search finds at least what "payout" alone finds."""
    ref = reference.reference()
    both = ids(ref.search("bet payout", game="winds-of-fate"))
    alone = ids(ref.search("payout", game="winds-of-fate"))
    assert alone and both[0] == "wof.end.payout"
    assert set(alone) <= set(both)
    assert ids(ref.search("bets paying", game="winds-of-fate"))[0] == "wof.end.payout"


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


def test_the_rules_screen_title_follows_the_game_picked() -> None:
    from types import SimpleNamespace

    import flet as ft

    from companion.views import rules_view
    from tests.support.ui import tagged, texts, walk

    shell = SimpleNamespace(page=SimpleNamespace(update=lambda *a: None), go=lambda *a: None)
    screen = rules_view.view(shell, "scales-of-fate", None, None)  # type: ignore[arg-type]
    title = tagged(screen.appbar)["rules-title"]
    assert texts(title) == "Rules · Scales of Fate"
    (menu,) = [c for c in walk(screen.controls[0]) if isinstance(c, ft.Dropdown)]
    menu.value = "winds-of-fate"
    assert menu.on_select is not None
    menu.on_select(SimpleNamespace(control=menu))  # type: ignore[arg-type]
    assert texts(title) == "Rules · Odysseus: Winds of Fate"
    assert "wof." in texts(tagged(screen.controls[0])["rules-results"])
