"""Memory comes back: a real host (``python -m companion``) on 127.0.0.1, ``visits`` raw
websocket phones open a table screen together and leave, ``rounds`` times over; the
host's resident memory before, after each round, and once the closed sessions have been
dropped (``FATEKEEPER_SESSION_TIMEOUT`` seconds, then Flet's sweep, which runs every ten)
and the host has given their memory back (``companion.server.give_memory_back``).
"""

from __future__ import annotations

import os
import signal
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.torture.live import Host, Phone, start_host

from .fanout import _prepare
from .report import Figure

TIMEOUT_S = 3
"""The session timeout the host runs with here (the default keeps a closed visit for two
minutes; the same sessions are freed, only later)."""
TARGET_MB = 20.0


@dataclass(frozen=True)
class VisitSizes:
    visits: int
    rounds: int
    settle_s: float


QUICK = VisitSizes(visits=5, rounds=1, settle_s=0.0)
FULL = VisitSizes(visits=100, rounds=8, settle_s=TIMEOUT_S + 12 + 6)
"""``settle_s``: the session timeout, Flet's sweep (every ten seconds) and the host's own
pass that gives the memory back (``companion.server.SWEEP_AFTER``), and a margin."""


def memory_figures(quick: bool) -> list[Figure]:
    """Both rows: rounds back to back, then rounds with time to leave between them."""
    sizes = QUICK if quick else FULL
    return [_back_to_back(sizes), _with_time_to_leave(sizes)]


@contextmanager
def _visited_host(settle_s: float) -> Iterator[tuple[Host, str, float]]:
    """A real host on a fresh Scales of Fate table that one visitor has opened and left:
    the host, the watch code's route (as a visitor has) and its resident memory (MB) once
    that visit has been given ``settle_s`` to go. The host is stopped afterwards."""
    with tempfile.TemporaryDirectory(prefix="fk-visits-") as tmp:
        folder = Path(tmp)
        table = _prepare(folder, games=("scales-of-fate",))["scales-of-fate"]
        host = start_host(
            folder, {"FLET_WEB_NO_CDN": "1", "FATEKEEPER_SESSION_TIMEOUT": str(TIMEOUT_S)}
        )
        try:
            route = table.routes[-1]
            Phone.open(host, route, wait_for="table-title").close()
            time.sleep(settle_s)
            yield host, route, host.rss_mb()
        finally:
            host.stop(signal.SIGTERM)


def _round(host: Host, route: str, visits: int) -> float:
    """``visits`` phones open the table screen together and leave; the host's resident
    memory (MB) while all of them were on."""
    phones = [Phone.open(host, route, wait_for="table-title") for _ in range(visits)]
    peak = host.rss_mb()
    for phone in phones:
        phone.close()
    return round(peak, 1)


def _with_time_to_leave(sizes: VisitSizes) -> Figure:
    """The same visits, each round's visitors given ``settle_s`` to go before the next
    round opens: the host's memory after each round, over the start. Back to back, a round
    opens while the last one's sessions are still kept, so the heap grows further and the
    allocator's floor with it (README, "Memory after 100 visits")."""
    with _visited_host(sizes.settle_s) as (host, route, start):
        peaks, after = [], []
        for _ in range(sizes.rounds):
            peaks.append(_round(host, route, sizes.visits))
            time.sleep(sizes.settle_s)
            after.append(round(host.rss_mb(), 1))
    return Figure(
        f"host memory after each of {sizes.rounds} x {sizes.visits} visits with time to "
        "leave, over the start (the highest)",
        "MB",
        max(after) - start,
        TARGET_MB,
        details={
            "start_mb": round(start, 1),
            "with_visitors_mb": peaks,
            "after_each_round_mb": after,
            "settle_s": sizes.settle_s,
            "load_average": os.getloadavg(),
        },
    )


def _back_to_back(sizes: VisitSizes) -> Figure:
    """Each round opens as soon as the last one's phones have closed; the host's memory
    once the last visitors have been given ``settle_s`` to go, over the start."""
    with _visited_host(sizes.settle_s) as (host, route, start):
        rounds = [_round(host, route, sizes.visits) for _ in range(sizes.rounds)]
        time.sleep(sizes.settle_s)
        end = host.rss_mb()
    return Figure(
        f"host memory after {sizes.rounds} x {sizes.visits} visits, over the start",
        "MB",
        end - start,
        TARGET_MB,
        details={
            "start_mb": round(start, 1),
            "with_visitors_mb": rounds,
            "after_they_left_mb": round(end, 1),
            "settle_s": sizes.settle_s,
            "load_average": os.getloadavg(),
        },
    )
