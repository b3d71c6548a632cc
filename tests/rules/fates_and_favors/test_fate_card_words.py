"""A Fate card's actions in words (ff.app.copy, ff.assume.fate-actions): what a table's edit
of a Fate card may say, the refusal of each impossible action word for word, the short
label each action reads back as, and the typed form of a card's actions (``parse_actions``
and ``actions_text``), round trip and refusals."""

from __future__ import annotations

import pytest

from rules.core.verdict import Verdict
from rules.fates_and_favors import GAME, EditFate
from rules.fates_and_favors.data import FateAction, actions_text, cards, parse_actions
from tests.rules.fates_and_favors.helpers import table


def _edit(*actions: FateAction) -> Verdict:
    return GAME.check(table(), EditFate(4, actions, 1))


@pytest.mark.parametrize(
    ("action", "problem"),
    [
        (FateAction(2, "forward", 1, "mine"), "whose must be one of own, team, rival, any"),  # type: ignore[arg-type]
        (FateAction(3, "forward", 1, "team", start=True), "a start action moves no spaces"),
        (FateAction(0, "forward", 1, "own"), "spaces must be 1..20"),
        (FateAction(21, "forward", 1, "own"), "spaces must be 1..20"),
        (FateAction(9, "forward", 5, "team"), "columns must be 1..4"),
        (FateAction(2, "forward", 3, "team"), "columns must be 1..2"),
        (FateAction(2, "forward", 0, "team"), "columns must be 1..2"),
    ],
)
def test_ff_app_copy_an_impossible_fate_action_is_refused_in_full_words(
    action: FateAction, problem: str
) -> None:
    assert _edit(FateAction(4, "forward", 1, "own"), action) == Verdict(
        False, f"Action 2: {problem}.", ("ff.app.copy",), ()
    )


def test_ff_app_copy_an_edited_fate_reads_back_as_labels() -> None:
    """Twenty spaces is the most an action may move; "either" reads "forward or back", a
    share of two or more names it, and an action that gives another turn says "again"."""
    verdict = _edit(
        FateAction(20, "either", 2, "any", again=True),
        FateAction(0, "forward", 1, "rival", start=True, again=True),
        FateAction(4, "backward", 1, "own"),
    )
    labels = "20 forward or back, any, share 2, again; start a rival column, again; 4 back, own"
    assert verdict == Verdict(
        True,
        f"Fate #4 now reads: {labels}.",
        ("ff.app.copy", "ff.assume.fate-actions"),
        (f"Fate #4: {labels}",),
    )


def test_ff_assume_fate_actions_every_printed_card_types_and_reads_back_the_same() -> None:
    typed = {f.number: actions_text(f.actions) for f in cards().fates}
    assert typed[1] == "1 either own; 1 forward own again"
    assert typed[3] == "3 forward own; 3 backward rival"
    assert typed[9] == "9 forward team share 2"
    assert typed[10] == "start team; 10 forward own"
    for fate in cards().fates:
        assert parse_actions(typed[fate.number]) == fate.actions


def test_ff_assume_fate_actions_typed_as_a_card_reads() -> None:
    """Words in any order after the number, any case, blank parts between ";" skipped;
    what is left out takes its default (forward, team, one column, no start, no again)."""
    assert parse_actions(" 3 ;; ") == (FateAction(3),)
    assert parse_actions("5 RIVAL Backward; Start own; 12 share 3 any again") == (
        FateAction(5, "backward", 1, "rival"),
        FateAction(0, "forward", 1, "own", start=True),
        FateAction(12, "forward", 3, "any", again=True),
    )
    assert parse_actions("2 either share 2") == (FateAction(2, "either", 2, "team"),)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "type at least one action"),
        (" ; ; ", "type at least one action"),
        ("3 forward; 2 sideways", "action 2: 'sideways' is not understood"),
        ("forward 3", "action 1: '3' is not understood"),
        ("4 share", "action 1: 'share' is not understood"),
        ("4 share two", "action 1: 'share' is not understood"),
        ("9 forward team share 5", "action 1: columns must be 1..4"),
        ("21 forward", "action 1: spaces must be 1..20"),
        ("1 forward; start 3", "action 2: '3' is not understood"),
        ("start team 2", "action 1: '2' is not understood"),
        ("forward team", "action 1: spaces must be 1..20"),
    ],
)
def test_ff_assume_fate_actions_typed_refusals_name_the_part(text: str, problem: str) -> None:
    with pytest.raises(ValueError) as refused:
        parse_actions(text)
    assert str(refused.value) == problem
