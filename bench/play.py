"""States from random play, for timing the rules on realistic positions."""

from __future__ import annotations

import random
from typing import Any

from rules.core import Action, Game


def legal_or_none(game: Game[Any, Any], state: Any) -> list[Action] | None:
    try:
        return game.legal_actions(state)
    except NotImplementedError:
        return None


def random_legal(game: Game[Any, Any], state: Any, rng: random.Random) -> Action | None:
    """A random legal action in ``state`` (from the enumeration where the game has one, else
    the legal part of its samples), or ``None`` when none is found."""
    legal = legal_or_none(game, state)
    if legal is None:
        legal = [a for a in game.sample_actions(state, rng) if game.is_legal(state, a)]
    return rng.choice(legal) if legal else None


def random_states(game: Game[Any, Any], walks: int, steps: int, seed: int) -> list[Any]:
    """Every state reached by ``walks`` random plays of up to ``steps`` legal actions each
    (from the enumeration where the game has one, else the legal part of its samples)."""
    rng = random.Random(seed)
    states = []
    for _ in range(walks):
        state = game.setup(game.decode_options(None))
        states.append(state)
        for _ in range(steps):
            if game.outcome(state) is not None:
                break
            action = random_legal(game, state, rng)
            if action is None:
                break
            state = game.apply(state, action)
            states.append(state)
    return states


def probe_actions(game: Game[Any, Any], state: Any, rng: random.Random) -> list[Action]:
    """Actions to check in ``state``: the game's samples (legal or not) plus a few legal ones."""
    actions = list(game.sample_actions(state, rng))
    legal = legal_or_none(game, state)
    if legal:
        actions += rng.sample(legal, min(3, len(legal)))
    return actions
