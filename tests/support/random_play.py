"""Play a real table to its end (or for a while) with random legal moves, through the live
table like a host would: every game's own ``legal_actions``/``sample_actions`` pick them, so
a game added later is played too."""

from __future__ import annotations

import random
from typing import Any

from companion.table import Actor
from rules.core import Correct

HOST = Actor(device="host-phone", name="Host", seats=None)
NAMES = ("Ada", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal")


def next_move(game: Any, state: Any, rng: random.Random) -> Any | None:
    """A random legal move (never a correction), or ``None`` when none was found."""
    try:
        moves = game.legal_actions(state)
    except NotImplementedError:
        moves = []
    moves = [a for a in moves if not isinstance(a, Correct)]
    if not moves:
        for _ in range(20):
            moves = [a for a in game.sample_actions(state, rng) if game.is_legal(state, a)]
            moves = [a for a in moves if not isinstance(a, Correct)]
            if moves:
                break
    return rng.choice(moves) if moves else None


def play(live: Any, rng: random.Random, *, max_moves: int = 2000, finish: bool = True) -> int:
    """Make up to ``max_moves`` random legal moves on ``live`` (stopping at the game's end
    when ``finish``). Returns the number of moves made."""
    made = 0
    while made < max_moves and (live.outcome() is None or not finish):
        if live.outcome() is not None:
            break
        move = next_move(live.game, live.state, rng)
        if move is None:
            break
        live.do(move, HOST)
        made += 1
    return made


def new_table(hub: Any, slug: str, rng: random.Random, players: int | None = None) -> Any:
    """A table of ``slug`` with a random allowed number of players from ``NAMES``."""
    game = hub_game(slug)
    count = players or rng.randint(game.min_players, min(game.max_players, len(NAMES)))
    return hub.create_table(slug, None, list(NAMES[:count]))


def hub_game(slug: str) -> Any:
    from rules import registry

    return registry.get(slug)
