"""Crash safety: a host process killed with SIGKILL loses no acknowledged action.

A real child process (tests/support/hostproc.py) plays on a file database and prints
``ACK <version> <head>`` after each committed action. It is killed right after an ACK or at
a random moment, several times over on the same database; every time, the reopened table
holds every acknowledged action, replays cleanly, and play resumes.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from sqlmodel import col, select

from companion.hub import Hub
from companion.store import Event, open_database
from companion.table import Actor
from tests.support.hostproc import TARGET, nth_action
from tests.support.tally import TALLY, Add

ROOT = Path(__file__).resolve().parents[2]
HOSTPROC = ROOT / "tests" / "support" / "hostproc.py"

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("tally_game")]


class Child:
    """The host process, with its output read on a thread so the test never blocks."""

    def __init__(self, db_path: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(HOSTPROC), str(db_path)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: list[str] = []
        self.acks: list[tuple[int, int]] = []
        self.table: str | None = None
        self._cond = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            with self._cond:
                words = line.split()
                if words and words[0] == "ACK":
                    self.acks.append((int(words[1]), int(words[2])))
                elif words and words[0] == "TABLE":
                    self.table = words[1]
                self.lines.append(line)
                self._cond.notify_all()

    def wait_for_acks(self, n: int, timeout: float = 15.0) -> None:
        deadline = time.monotonic() + timeout
        with self._cond:
            while len(self.acks) < n:
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    err = self.proc.stderr.read() if self.proc.stderr else ""
                    raise AssertionError(f"host gave {len(self.acks)} ACKs; stderr: {err}")
                self._cond.wait(min(left, 0.1))

    def kill(self) -> tuple[int, int] | None:
        """SIGKILL the child; the last acknowledged (version, head) it printed before dying."""
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)
        time.sleep(0.05)  # let the reader thread take the last buffered lines
        with self._cond:
            return self.acks[-1] if self.acks else None


def verify(db_path: Path, acked: tuple[int, int] | None, table_id: str) -> int:
    """Reopen as a fresh process would and check every acknowledged action is there."""
    db, notices = open_database(f"sqlite:///{db_path}")
    try:
        assert notices == []
        table = Hub(db, snapshot_every=25).open(table_id)
        assert table.load_problem is None
        if acked is not None:
            version, head = acked
            assert table.version >= version and table.head >= head
        with db.session() as session:
            rows = session.exec(
                select(Event).where(Event.table_id == table_id).order_by(col(Event.seq))
            ).all()
        assert [r.seq for r in rows] == list(range(1, table.head + 1))
        state = TALLY.setup(TALLY.decode_options({"target": TARGET}))
        for n, row in enumerate(rows, start=1):
            action = TALLY.decode_action(json.loads(row.action_json))
            assert action == nth_action(n, state.turn)
            state = TALLY.apply(state, action)
        assert state == table.state
        # The table resumes: one more action from this process, then it is closed again.
        table.do(Add(table.state.turn, 1 + (table.head + 1) % 3), Actor("t", "Test", None))
        return table.version
    finally:
        db.close()


def test_acknowledged_actions_survive_sigkill(tmp_path: Path) -> None:
    db_path = tmp_path / "crash.db"
    rng = random.Random(20240611)
    table_id: str | None = None
    last_version = 0
    # Even rounds: killed right after an ACK; odd rounds: killed at a random moment.
    for round_no in range(4):
        child = Child(db_path)
        if round_no % 2 == 0:
            child.wait_for_acks(rng.randint(3, 40))
        else:
            child.wait_for_acks(1)
            time.sleep(rng.uniform(0.0, 0.25))
        acked = child.kill()
        assert child.table is not None
        table_id = table_id or child.table
        assert child.table == table_id  # each new host resumed the same table
        assert acked is not None and acked[0] > last_version
        last_version = verify(db_path, acked, table_id)
