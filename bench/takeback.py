"""Undo and the history: milliseconds per undo (the state rebuilt from the nearest snapshot
and the takeback recorded in the same transaction; the same run's plain actions are in the
details for comparison) and for the first history timeline of a long game after opening
it (events and takebacks read from the database)."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from .figures import Sizes, _register_tally
from .report import Figure
from .stats import median, percentile


def takeback_figures(sizes: Sizes) -> list[Figure]:
    from companion.hub import Hub
    from companion.store import open_database
    from companion.table import Actor, LiveTable
    from tests.support.tally import Add

    _register_tally()
    host = Actor("bench", "Host", None)
    undo_p95: list[float] = []
    do_p95: list[float] = []  # the same run's plain actions, for comparison
    timeline_ms: list[float] = []
    events = sizes.resume_events // 10
    with tempfile.TemporaryDirectory(prefix="fk-bench-") as tmp:
        db, _ = open_database(data_dir=Path(tmp))
        try:
            hub = Hub(db)
            for run in range(sizes.repeats):
                table = hub.create_table("tally", {"target": 10**9}, ["Ana", "Bo"], f"u{run}")
                samples: list[float] = []
                dos: list[float] = []
                for n in range(events):
                    t0 = time.perf_counter()
                    table.do(Add(table.state.turn, 1 + n % 3), host)
                    dos.append((time.perf_counter() - t0) * 1000)
                    if n % 10 == 9:
                        t0 = time.perf_counter()
                        table.undo(host, table.version)
                        samples.append((time.perf_counter() - t0) * 1000)
                        table.redo(host, table.version)
                undo_p95.append(percentile(samples, 95))
                do_p95.append(percentile(dos, 95))
                opened = LiveTable.load(db, table.id)
                t0 = time.perf_counter()
                chapters = opened.timeline()
                timeline_ms.append((time.perf_counter() - t0) * 1000)
                assert sum(len(c.entries) for c in chapters) == events + 2 * (events // 10)
        finally:
            db.close()
    details = {
        "events": events,
        "undos_per_run": events // 10,
        "runs_undo_p95_ms": undo_p95,
        "runs_do_p95_ms": do_p95,
    }
    return [
        Figure(
            "undo latency p95 (LiveTable.undo, file SQLite)",
            "ms",
            median(undo_p95),
            None,
            details=details,
        ),
        Figure(
            f"history timeline, {events} events (first draw after opening)",
            "ms",
            median(timeline_ms),
            None,
            details={"runs_ms": timeline_ms},
        ),
    ]
