"""A host process for the memory figure: ``python -m bench.memory_host N``.

Opens a hub on a fresh SQLite file, creates N tables spread over every game (some moves
played in each), keeps them all open, and prints its peak RSS as one JSON line.
"""

from __future__ import annotations

import json
import random
import resource
import sys
import tempfile
from pathlib import Path

from companion.hub import Hub
from companion.store import open_database
from companion.table import Actor
from rules import registry

from .play import random_legal


def main(argv: list[str]) -> int:
    count = int(argv[1]) if len(argv) > 1 else 20
    games = [s for s in registry.available() if s in registry.SLUGS]
    actor = Actor("bench", "Bench", None)
    rng = random.Random(3)
    with tempfile.TemporaryDirectory(prefix="fk-mem-") as tmp:
        db, _ = open_database(data_dir=Path(tmp))
        hub = Hub(db)
        ids = []
        for n in range(count):
            slug = games[n % len(games)]
            game = registry.get(slug)
            players = [f"P{n}-{i}" for i in range(game.min_players)]
            table = hub.create_table(slug, None, players, f"table {n}")
            for _ in range(30):
                action = random_legal(game, table.state, rng)
                if action is None or table.outcome() is not None:
                    break
                table.do(action, actor)
            ids.append(table.id)
        tables = [hub.open(i) for i in ids]
        for t in tables:
            for seat in [None, *range(len(t.seats))]:
                t.state_for(seat)
        peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(json.dumps({"tables": len(tables), "games": games, "peak_rss_mb": peak_kb / 1024}))
        db.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
