"""Small statistics helpers: percentiles of samples, medians of repeated runs."""

from __future__ import annotations

import statistics
from collections.abc import Sequence


def percentile(samples: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100) by linear interpolation; ``samples`` not empty."""
    ordered = sorted(samples)
    if len(ordered) == 1:
        return ordered[0]
    at = (len(ordered) - 1) * q / 100
    low = int(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


def median(values: Sequence[float]) -> float:
    return float(statistics.median(values))
