"""Seeded random games through ``legal_actions``: invariants, check/apply agreement, JSON
round trips of states and actions, and replay of the log."""

from __future__ import annotations

import json
import random

import pytest

from rules.core import Action, IllegalAction
from rules.scales_of_fate import GAME, SofOptions, SofState, random_setup


def _step(state: SofState, rng: random.Random) -> Action:
    if state.phase == "setup":
        return random_setup(state, rng)
    legal = GAME.legal_actions(state)
    assert legal, f"no legal action in phase {state.phase}"
    return rng.choice(legal)


@pytest.mark.parametrize("seed", range(40))
def test_random_games_keep_invariants(seed: int) -> None:
    rng = random.Random(seed)
    options = SofOptions(players=("Ana", "Ben"), first_player=seed % 2)
    state = GAME.setup(options)
    log: list[Action] = []
    for _ in range(400):
        if GAME.outcome(state) is not None:
            break
        # random probes: check never raises, and apply agrees with check
        for probe in GAME.sample_actions(state, rng):
            verdict = GAME.check(state, probe)
            if verdict.legal:
                GAME.apply(state, probe)
            else:
                assert verdict.rules and all(r in GAME.rules for r in verdict.rules)
                with pytest.raises(IllegalAction):
                    GAME.apply(state, probe)
        act = _step(state, rng)
        verdict = GAME.check(state, act)
        assert verdict.legal, verdict.reason
        assert all(r in GAME.rules for r in verdict.rules)
        state = GAME.apply(state, act)
        log.append(act)
        assert GAME.invariants(state) == [], GAME.invariants(state)
        wire = json.loads(json.dumps(act.to_json()))
        assert GAME.decode_action(wire) == act
        assert GAME.state_from_json(json.loads(json.dumps(GAME.state_to_json(state)))) == state
        for seat in (0, 1, None):
            assert GAME.invariants(GAME.redact(state, seat)) == []
    outcome = GAME.outcome(state)
    assert outcome is not None, "a random game must finish"
    assert GAME.replay(options, log) == state
    sheet = GAME.score(state)
    assert sheet.winner in state.players


def test_legal_actions_are_all_legal_and_unique() -> None:
    rng = random.Random(7)
    state = GAME.setup(SofOptions())
    seen_play = 0
    while GAME.outcome(state) is None:
        legal = GAME.legal_actions(state)
        assert len(legal) == len(set(legal))
        assert all(GAME.is_legal(state, a) for a in legal)
        if state.phase == "play":
            seen_play += 1
        state = GAME.apply(state, _step(state, rng))
    assert seen_play > 10
