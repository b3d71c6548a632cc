"""The measurements that need no browser: commits, resuming, rules speed, host memory."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules import registry

from .play import legal_or_none, probe_actions, random_states
from .report import Figure
from .stats import median, percentile

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Sizes:
    """How much each figure measures; ``quick`` proves the figures work, nothing more."""

    repeats: int
    commits: int
    resume_events: int
    walks: int
    steps: int
    tables: int


FULL = Sizes(repeats=5, commits=300, resume_events=10_000, walks=6, steps=150, tables=20)
QUICK = Sizes(repeats=2, commits=15, resume_events=120, walks=1, steps=15, tables=3)


def _register_tally() -> None:
    from tests.support.tally import TALLY

    registry.register(TALLY)


def commit_latency(sizes: Sizes) -> list[Figure]:
    """Milliseconds per ``LiveTable.do`` on a file SQLite database (WAL, full sync)."""
    from companion.hub import Hub
    from companion.store import open_database
    from companion.table import Actor
    from tests.support.tally import Add

    _register_tally()
    actor = Actor("bench", "Bench", None)
    p50s, p95s = [], []
    with tempfile.TemporaryDirectory(prefix="fk-bench-") as tmp:
        db, _ = open_database(data_dir=Path(tmp))
        try:
            hub = Hub(db)
            for run in range(sizes.repeats):
                table = hub.create_table("tally", {"target": 10**9}, ["Ana", "Bo"], f"r{run}")
                samples: list[float] = []
                for _ in range(sizes.commits):
                    act = Add(table.state.turn, 1 + len(samples) % 3)
                    t0 = time.perf_counter()
                    table.do(act, actor)
                    samples.append((time.perf_counter() - t0) * 1000)
                p50s.append(percentile(samples, 50))
                p95s.append(percentile(samples, 95))
        finally:
            db.close()
    details = {"runs_p50_ms": p50s, "runs_p95_ms": p95s, "actions_per_run": sizes.commits}
    return [
        Figure(
            "commit latency p50 (LiveTable.do, file SQLite)",
            "ms",
            median(p50s),
            None,
            details=details,
        ),
        Figure(
            "commit latency p95 (LiveTable.do, file SQLite)",
            "ms",
            median(p95s),
            10.0,
            details=details,
        ),
    ]


def resume_time(sizes: Sizes) -> Figure:
    """Seconds from opening the database to a live table of ``resume_events`` events."""
    from companion.hub import Hub
    from companion.store import open_database
    from companion.table import Actor
    from tests.support.tally import Add

    _register_tally()
    actor = Actor("bench", "Bench", None)
    shm = Path("/dev/shm") if Path("/dev/shm").is_dir() else None
    with (
        tempfile.TemporaryDirectory(prefix="fk-build-", dir=shm) as build,
        tempfile.TemporaryDirectory(prefix="fk-bench-") as tmp,
    ):
        # Build in memory-backed storage (only the writing is faster), resume from disk.
        db, _ = open_database(data_dir=Path(build))
        table = Hub(db).create_table("tally", {"target": 10**9}, ["Ana", "Bo"], "long game")
        for n in range(sizes.resume_events):
            table.do(Add(table.state.turn, 1 + n % 3), actor)
        table_id, version, state = table.id, table.version, table.state
        db.close()
        for name in os.listdir(build):
            shutil.copy2(Path(build) / name, Path(tmp) / name)
        times, opens = [], []
        for _ in range(sizes.repeats):
            t0 = time.perf_counter()
            db, _ = open_database(data_dir=Path(tmp))
            t1 = time.perf_counter()
            resumed = Hub(db).open(table_id)
            t2 = time.perf_counter()
            assert (resumed.version, resumed.state) == (version, state)
            db.close()
            times.append(t2 - t0)
            opens.append(t1 - t0)
    return Figure(
        f"resume a {sizes.resume_events}-event table from the DB",
        "s",
        median(times),
        0.5,
        details={"runs_s": times, "of_which_open_database_s": opens},
    )


def rules_speed(sizes: Sizes) -> list[Figure]:
    """Per game: ``check`` latency and full legal enumeration, on states of random play."""
    figures = []
    for slug in registry.available():
        if slug not in registry.SLUGS:
            continue
        game = registry.get(slug)
        states = random_states(game, sizes.walks, sizes.steps, seed=11)
        rng = random.Random(5)
        probes = [(s, a) for s in states for a in probe_actions(game, s, rng)]
        check_runs: list[tuple[float, float]] = []
        enum_runs: list[tuple[float, float]] = []
        enumerable = legal_or_none(game, states[0]) is not None
        for _ in range(sizes.repeats):
            samples = []
            for state, act in probes:
                t0 = time.perf_counter()
                game.check(state, act)
                samples.append((time.perf_counter() - t0) * 1000)
            check_runs.append((percentile(samples, 50), percentile(samples, 99)))
            if enumerable:
                samples = []
                for state in states:
                    t0 = time.perf_counter()
                    game.legal_actions(state)
                    samples.append((time.perf_counter() - t0) * 1000)
                enum_runs.append((percentile(samples, 50), percentile(samples, 99)))
        details = {"states": len(states), "checks_per_run": len(probes)}
        figures += [
            Figure(
                f"check p50 [{slug}]",
                "ms",
                median([r[0] for r in check_runs]),
                1.0,
                "<",
                details=details,
            ),
            Figure(
                f"check p99 [{slug}]",
                "ms",
                median([r[1] for r in check_runs]),
                1.0,
                "<",
                details=details,
            ),
        ]
        if enumerable:
            figures += [
                Figure(
                    f"legal enumeration p50 [{slug}]",
                    "ms",
                    median([r[0] for r in enum_runs]),
                    details=details,
                ),
                Figure(
                    f"legal enumeration p99 [{slug}]",
                    "ms",
                    median([r[1] for r in enum_runs]),
                    details=details,
                ),
            ]
    return figures


MEMORY_BUDGET_MB = 300.0
"""Our own budget for a phone-class host: 20 open tables well inside a few hundred MB."""


def host_memory(sizes: Sizes) -> Figure:
    """Peak RSS of a separate host process holding ``tables`` open tables."""
    peaks = []
    for _ in range(max(1, sizes.repeats // 2)):
        proc = subprocess.run(
            [
                sys.executable,
                *(["-S"] if sys.flags.no_site else []),
                "-m",
                "bench.memory_host",
                str(sizes.tables),
            ],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=600,
        )
        if proc.returncode != 0:
            return Figure(
                f"peak RSS, host with {sizes.tables} open tables",
                "MB",
                None,
                MEMORY_BUDGET_MB,
                error=proc.stderr.strip()[-200:] or "failed",
            )
        result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
        peaks.append(result["peak_rss_mb"])
    return Figure(
        f"peak RSS, host with {sizes.tables} open tables",
        "MB",
        median(peaks),
        MEMORY_BUDGET_MB,
        details={"runs_mb": peaks, **result},
    )
