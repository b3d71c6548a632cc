"""A host process for crash tests: ``python tests/support/hostproc.py DB_PATH [MAX_ACTIONS]``.

Opens a Hub on the SQLite file DB_PATH, resumes its Tally table (or creates one), prints
``TABLE <id> <version>``, then performs actions as fast as it can and prints
``ACK <version> <head>`` after each ``do()`` returned, i.e. after the action was committed.
The n-th event of the table is always ``Add(turn, 1 + n % 3)``, so a test can tell exactly
which actions must have survived.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.hub import Hub
from companion.store import open_database
from companion.table import Actor
from rules import registry
from tests.support.tally import TALLY, Add

TARGET = 10**9


def nth_action(n: int, turn: int) -> Add:
    """The action the host performs as event number ``n``."""
    return Add(turn, 1 + n % 3)


def main(argv: list[str]) -> int:
    path = Path(argv[1])
    limit = int(argv[2]) if len(argv) > 2 else 100_000
    registry.register(TALLY)
    db, _ = open_database(f"sqlite:///{path}")
    hub = Hub(db, snapshot_every=int(argv[3]) if len(argv) > 3 else 25)
    existing = hub.list_tables()
    if existing:
        table = hub.open(existing[0].id)
    else:
        table = hub.create_table("tally", {"target": TARGET}, ["Ana", "Bo"], "crash test")
    print(f"TABLE {table.id} {table.version}", flush=True)
    actor = Actor("crash-host", "Host", None)
    for _ in range(limit):
        change = table.do(nth_action(table.head + 1, table.state.turn), actor)
        print(f"ACK {change.version} {table.head}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
