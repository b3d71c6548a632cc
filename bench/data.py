"""The figures of the data a host keeps: exporting and importing everything, the stats
screen's computation and one daily backup, over a database of finished plays."""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from .figures import Sizes
from .report import Figure
from .stats import median

PLAYS_FULL = 200


def data_figures(sizes: Sizes, quick: bool) -> list[Figure]:
    """Export, import, stats and backup timings over ``plays`` finished Scales of Fate
    games (each about 45 moves, played to the end through the live table)."""
    from companion import plays, stats, transfer
    from companion.hub import Hub
    from companion.store import backup, open_database
    from tests.support.random_play import new_table, play

    count = 4 if quick else PLAYS_FULL
    export_s, import_s, stats_s, backup_s = [], [], [], []
    with tempfile.TemporaryDirectory(prefix="fk-bench-data-") as tmp:
        db, _ = open_database(data_dir=Path(tmp) / "source")
        hub = Hub(db)
        rng = random.Random(7)
        for _ in range(count):
            play(new_table(hub, "scales-of-fate", rng, players=2), rng)
        for run in range(sizes.repeats):
            t0 = time.perf_counter()
            data = transfer.export_data(db)
            export_s.append(time.perf_counter() - t0)
            target, _ = open_database(data_dir=Path(tmp) / f"target{run}")
            t0 = time.perf_counter()
            transfer.import_data(target, data)
            import_s.append(time.perf_counter() - t0)
            target.close()
            records = plays.list_plays(db)
            people = hub.players()
            t0 = time.perf_counter()
            for p in people:
                stats.player_stats(records, p.id, p.name)
            stats.game_stats(records, "scales-of-fate")
            stats_s.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            backup.make(db.path, "bench")  # type: ignore[arg-type]
            backup_s.append(time.perf_counter() - t0)
        db.close()
    what = f"{count} finished plays"
    return [
        Figure(
            f"export everything ({what})",
            "ms",
            median(export_s) * 1000,
            details={"runs_s": export_s},
        ),
        Figure(
            f"import everything ({what})",
            "ms",
            median(import_s) * 1000,
            details={"runs_s": import_s},
        ),
        Figure(
            f"stats, every player and the game ({what})",
            "ms",
            median(stats_s) * 1000,
            details={"runs_s": stats_s},
        ),
        Figure(
            f"one backup of the database ({what})",
            "ms",
            median(backup_s) * 1000,
            details={"runs_s": backup_s},
        ),
    ]
