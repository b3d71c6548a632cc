"""The random plausible actions Fates and Favors offers to randomized tests
(``sample_actions``): every kind of action the table can send, each a well-formed action
that survives a round trip through JSON and gets a verdict, legal or not (ff.app.hand,
ff.app.copy, ff.app.series)."""

from __future__ import annotations

import random
from collections import Counter

from rules.fates_and_favors import GAME, Play
from tests.rules.fates_and_favors.helpers import table

# enough draws that each rarer branch (a board edit, a Fate edit: one sample in ten) is
# taken many times
SEEDS = 200


def test_ff_app_series_sampled_actions_are_well_formed_and_judged() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(SEEDS):
        for mode in ("2v2", "coop4", "1v1"):
            state = table(mode)
            rng = random.Random(seed)
            for action in GAME.sample_actions(state, rng):
                kinds[type(action).__name__] += 1
                assert GAME.decode_action(action.to_json()) == action
                verdict = GAME.check(state, action)
                assert verdict.reason and verdict.rules, action
                if isinstance(action, Play):
                    assert 0 <= action.seat < len(state.players)
                    assert 0 <= action.card <= 11 and len(action.steps) <= 3
                    assert all(0 <= s.colour < 4 and 0 <= s.spaces <= 10 for s in action.steps)
    # every kind appears; each sample holds three plays, a hand Favor, a stuck hand, a
    # hand and one series action
    assert set(kinds) == {
        "Play",
        "PlayFavor",
        "Stuck",
        "EnterHand",
        "Concede",
        "NextGame",
        "EndSeries",
        "EditBoard",
        "EditFate",
    }
    runs = 3 * SEEDS
    assert kinds["Play"] == 3 * runs
    assert kinds["PlayFavor"] == kinds["Stuck"] == kinds["EnterHand"] == runs
    assert kinds["Concede"] + kinds["NextGame"] + kinds["EndSeries"] == runs
