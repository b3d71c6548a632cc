"""Fates and Favors: how long listing every outcome of one card takes on a crowded board
(the question the screen answers on every tap of a card number)."""

from __future__ import annotations

import random
import time
from dataclasses import replace

from rules.fates_and_favors import GAME, QUARRY, FfOptions, FfState, board
from rules.fates_and_favors.zeus import ZeusColumn, forget

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


def realistic_split(
    rng: random.Random, columns: list[ZeusColumn], most: int = 8
) -> dict[tuple[int, int], int] | None:
    """A split a player could pick: 1..``most`` columns the picker offers, each with an
    amount it offers, ten in all (``None`` when the draw finds none)."""
    for _ in range(100):
        k = rng.randint(1, min(most, len(columns)))
        chosen = rng.sample(columns, k)
        cuts = sorted(rng.sample(range(1, 10), k - 1))
        amounts = [b - a for a, b in zip([0, *cuts], [*cuts, 10], strict=True)]
        if all(n in c.offered for c, n in zip(chosen, amounts, strict=True)):
            return {c.column: n for c, n in zip(chosen, amounts, strict=True)}
    return None


def _zeus_figures(positions: int, splits: int, repeats: int) -> list[Figure]:
    """Zeus columns first, 8 columns on the main track: the picker's first-part choices,
    and one split's outcomes (splits drawn as a player would pick them, each searched from
    cold: the memo is cleared before every split)."""
    states = [crowded(seed, 2) for seed in range(positions)]
    rng = random.Random(10)
    cases = []
    for state in states:
        columns = GAME.zeus_first_parts(state)
        for _ in range(splits):
            split = realistic_split(rng, columns)
            if split is not None:
                cases.append((state, split))
    split_runs, first_runs, cpu_runs = [], [], []
    counts: list[int] = []
    parts: list[int] = []
    for _ in range(repeats):
        samples, firsts, cpu = [], [], []
        for state in states:
            t0 = time.perf_counter()
            GAME.zeus_first_parts(state)
            firsts.append((time.perf_counter() - t0) * 1000)
        for state, split in cases:
            forget()
            c0, t0 = time.process_time(), time.perf_counter()
            found = GAME.zeus_outcomes(state, split)
            samples.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
            counts.append(len(found))
            parts.append(len(split))
        split_runs.append(percentile(samples, 99))
        cpu_runs.append(percentile(cpu, 99))
        first_runs.append(percentile(firsts, 99))
    details = {
        "positions": len(states),
        "splits": len(cases),
        "columns_on_main_track": 8,
        "parts_max": max(parts),
        "outcomes_median": median(counts),
        "outcomes_max": max(counts),
        # CPU time of this process alone: what the wall clock shows on an idle machine
        "cpu_p99_ms": round(median(cpu_runs), 2),
    }
    return [
        Figure(
            "ff Zeus split outcomes p99 [8 on track]",
            "ms",
            median(split_runs),
            TARGET_MS,
            "<",
            details=details,
        ),
        Figure(
            "ff Zeus first-part choices p99 [8 on track]",
            "ms",
            median(first_runs),
            TARGET_MS,
            "<",
            details={"positions": len(states)},
        ),
    ]


def enumeration_figures(sizes: Sizes) -> list[Figure]:
    """p99 of listing every outcome of a #10 and of a shared #9 with 12 columns on the main
    track; and Zeus as the screen asks it, columns first (ff.assume.zeus-split-first): the
    first-part choices, and one split's outcomes, with 8 columns on the main track."""
    many = max(4, sizes.walks * 4)
    return [
        _measure("ff #10 outcomes p99 [12 on track]", 10, "", 3, many, sizes.repeats),
        _measure("ff #9 shared outcomes p99 [12 on track]", 9, "", 3, many, sizes.repeats),
        *_zeus_figures(many * 2, 25, sizes.repeats),
    ]
