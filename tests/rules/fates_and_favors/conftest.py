"""Shared set-up of the Fates and Favors rules tests.

The rules keep what they have worked out for the life of the process: the board and card
tables, the routes of moves, verdicts and legal actions, and the outcomes of Zeus splits.
Mutation testing runs each changed copy of the rules in a process forked from one that has
already run these tests on the unchanged code, so those tables would answer for the changed
code without it ever running, and every edit behind them would survive unseen. While a
mutant is under test (the runner names it in ``MUTANT_UNDER_TEST``), each test therefore
starts with all of them empty. An ordinary test run keeps them, as the app does.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator

import pytest

from rules.fates_and_favors import data, game, movement, state, zeus

# the package exports the function ``board``, which hides its module of the same name
board_module = importlib.import_module("rules.fates_and_favors.board")


def forget_everything_worked_out() -> None:
    """Empty every table the Fates and Favors rules keep between calls."""
    board_module.board.cache_clear()
    data.board_spec.cache_clear()
    data.cards.cache_clear()
    state.merged_fates.cache_clear()
    game._transition.cache_clear()
    game._every_action.cache_clear()
    movement._ROUTES.clear()
    zeus.forget()


@pytest.fixture(autouse=True)
def _cold_tables_under_mutation() -> Iterator[None]:
    if os.environ.get("MUTANT_UNDER_TEST"):
        forget_everything_worked_out()
    yield
