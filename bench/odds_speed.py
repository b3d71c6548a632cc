"""How long Born of Titans' exact challenge odds take: the rulebook's Atalanta scenario
(what the challenge screen computes before a roll) and the heaviest input the calculator
accepts (30 dice, 40 successes needed, six crew, four Muses and four Fates)."""

from __future__ import annotations

import time

from .figures import Sizes
from .report import Figure
from .stats import median

CASES = (
    ("Atalanta: 9 dice, 7 needed", dict(dice=9, need=7, crew=6), 50.0),
    (
        "heaviest: 30 dice, 40 needed, 4 Muses, 4 Fates",
        dict(dice=30, need=40, crew=6, muses=4, fates=4),
        None,
    ),
)


def odds_speed(sizes: Sizes) -> list[Figure]:
    """Milliseconds per full calculation, caches cleared before each run."""
    from rules.born_of_titans import odds

    figures = []
    for label, args, target in CASES:
        runs = []
        for _ in range(max(1, sizes.repeats)):
            odds._roll.cache_clear()
            odds._faces.cache_clear()
            t0 = time.perf_counter()
            odds.challenge_odds(**args)  # type: ignore[arg-type]
            runs.append((time.perf_counter() - t0) * 1000)
        figures.append(
            Figure(
                f"odds [born-of-titans] {label}",
                "ms",
                median(runs),
                target,
                details={"runs_ms": runs},
            )
        )
    return figures
