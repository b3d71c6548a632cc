"""Fates and Favors: how long listing every outcome of one card takes on a crowded board
(the question the screen answers on every tap of a card number)."""

from __future__ import annotations

import random
import time
from dataclasses import replace

from rules.fates_and_favors import GAME, QUARRY, FfOptions, FfState, board

from .figures import Sizes
from .report import Figure
from .stats import median, percentile

TARGET_MS = 5.0


def crowded(seed: int, on_track: int) -> FfState:
    """A 2v2 position with ``on_track`` columns of each colour on the main track (random
    free spaces) and one more of each on its temple track; the rest in the quarries."""
    rng = random.Random(seed)
    state = GAME.setup(FfOptions(mode="2v2"))
    b = board()
    free = list(range(b.loop))
    rng.shuffle(free)
    columns: list[int] = []
    for c in range(4):
        mine = [free.pop() for _ in range(on_track)] + [b.temple(c, rng.randrange(2))]
        columns += sorted(mine + [QUARRY] * (4 - len(mine)))
    return replace(state, columns=tuple(columns), turn=rng.randrange(4))


def _measure(
    name: str, card: int, favor: str, on_track: int, positions: int, repeats: int
) -> Figure:
    states = [crowded(seed, on_track) for seed in range(positions)]
    runs = []
    counts = []
    for _ in range(repeats):
        samples = []
        for state in states:
            t0 = time.perf_counter()
            found = GAME.outcomes(state, card, favor)
            samples.append((time.perf_counter() - t0) * 1000)
            counts.append(len(found))
        runs.append(percentile(samples, 99))
    details = {
        "positions": len(states),
        "columns_on_main_track": 4 * on_track,
        "outcomes_median": median(counts),
        "outcomes_max": max(counts),
    }
    return Figure(name, "ms", median(runs), TARGET_MS, "<", details=details)


def enumeration_figures(sizes: Sizes) -> list[Figure]:
    """p99 of listing every outcome: a #10 and a shared #9 with 12 columns on the main
    track, and Zeus (ten spaces split over any columns, each once) with 4 and with 8 on it.
    Zeus lists every distinct end position, and on a crowded board there are hundreds of
    thousands of them (the ``outcomes_max`` detail), so its time grows with that count:
    the screen lists the first outcomes and counts the rest."""
    many = max(4, sizes.walks * 4)
    figures = [
        _measure("ff #10 outcomes p99 [12 on track]", 10, "", 3, many, sizes.repeats),
        _measure("ff #9 shared outcomes p99 [12 on track]", 9, "", 3, many, sizes.repeats),
        # Zeus takes from a second to tens of seconds per position: few positions, one pass
        _measure("ff Zeus outcomes p99 [4 on track]", 0, "zeus", 1, sizes.walks, 1),
    ]
    crowded_positions = sizes.walks // 2  # none in a quick run: each takes tens of seconds
    if crowded_positions:
        figures.append(
            _measure("ff Zeus outcomes p99 [8 on track]", 0, "zeus", 2, crowded_positions, 1)
        )
    return figures
