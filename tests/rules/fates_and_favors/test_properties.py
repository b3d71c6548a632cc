"""Properties of the enumeration on random positions: every listed outcome passes ``check``
and no two share an end position; a random play that ``check`` accepts ends on a listed
board; 16 columns stay on the board and one colour never shares a space."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules.fates_and_favors import GAME, QUARRY, FfState, Play, Step
from rules.fates_and_favors.plays import resolve
from tests.rules.fates_and_favors.helpers import B, table

CARDS = [(n, "") for n in range(1, 11)] + [
    (7, "poseidon"),
    (9, "dionysus"),
    (2, "dionysus"),
    (0, "apollo"),
    (0, "hestia"),
    (0, "ares"),
    (0, "hero"),
]


def crowded(rng: random.Random, mode: str = "2v2", on_track: int = 3) -> FfState:
    """A random legal-looking position: each colour has up to ``on_track`` columns on the
    main track, maybe one on its temple track, the rest in the quarry."""
    state = table(mode)
    free = list(range(B.loop))
    rng.shuffle(free)
    cols: list[int] = []
    for c in range(4):
        mine = [free.pop() for _ in range(rng.randint(0, on_track))]
        if rng.random() < 0.4:
            mine.append(B.temple(c, rng.randrange(6)))
        cols += sorted(mine + [QUARRY] * (4 - len(mine)))
    return replace(state, columns=tuple(cols), turn=rng.randrange(len(state.order)))


def _end(state: FfState, play: Play) -> tuple[int, ...]:
    return resolve(state, play).sim.columns()


@pytest.mark.parametrize("seed", range(12))
def test_every_enumerated_outcome_is_legal_and_distinct(seed: int) -> None:
    rng = random.Random(seed)
    state = crowded(rng, rng.choice(["2v2", "1v1", "coop4", "solo"]))
    for card, favor in CARDS:
        plays = GAME.outcomes(state, card, favor)
        ends: set[tuple[tuple[int, ...], bool]] = set()
        for play in plays:
            verdict = GAME.check(state, play)
            assert verdict.legal, (play, verdict)
            after = GAME.apply(state, play)
            assert GAME.invariants(after) == []
            assert len(after.columns) == 16
            ends.add((after.columns, after.again))  # "then take another turn" ends apart
        assert len(ends) == len(plays), f"#{card} {favor}: two outcomes share an end"


@pytest.mark.parametrize("seed", range(12))
def test_sampled_plays_are_refused_unless_enumerated(seed: int) -> None:
    rng = random.Random(100 + seed)
    state = crowded(rng)
    seat = state.seat
    spaces = sorted({p for p in state.columns if p != QUARRY}) or [QUARRY]
    accepted = 0
    for _ in range(400):
        card, favor = rng.choice(CARDS)
        steps = tuple(
            Step(
                rng.randrange(4),
                rng.choice([*spaces, QUARRY]),
                rng.randrange(0, 11),
                rng.random() < 0.3,
                rng.random() < 0.2,
                rng.random() < 0.1,
                rng.choice([-1, -1, rng.choice(spaces)]),
            )
            for _ in range(rng.randint(1, 2))
        )
        hero = favor == "hero"
        play = Play(seat, card, rng.randrange(2), "" if hero else favor, hero, steps)
        verdict = GAME.check(state, play)
        if verdict.legal:
            accepted += 1
            ends = {_end(state, p) for p in GAME.outcomes(state, card, favor)}
            assert _end(state, play) in ends, play
        else:
            assert verdict.rules and all(r in GAME.rules for r in verdict.rules)
    assert accepted < 400


def test_zeus_on_a_crowded_board_lists_only_legal_distinct_outcomes() -> None:
    state = crowded(random.Random(7), on_track=1)
    plays = GAME.outcomes(state, 0, "zeus")
    assert plays
    sample = random.Random(1).sample(plays, min(300, len(plays)))
    for play in sample:
        assert GAME.check(state, play).legal
        assert sum(s.spaces for s in play.steps) == 10
    assert len({_end(state, p) for p in plays}) == len(plays)
