"""Crash safety: a host process streaming actions into a file database is SIGKILLed at
random moments. After every kill the database opens cleanly, every acknowledged change is
there (and at most the one in flight beyond it), nothing is half-written, and the table
carries on.

The host is a forked copy of this test process (everything already imported), so a kill
point costs a fraction of a second instead of a fresh interpreter's start-up.
"""

from __future__ import annotations

import os
import random
import select
import signal
import sqlite3
import time
from pathlib import Path

import pytest

from companion.hub import Hub
from companion.store import open_database
from companion.table import Actor
from tests.support.tally import Add

KILL_POINTS = int(os.environ.get("FATEKEEPER_KILL_POINTS", "100"))
TARGET = 10**9
HOST = Actor("crash-host", "Host", None)


def nth_action(n: int) -> Add:
    """Event number ``n`` of the table, always the same, so survivors can be verified."""
    return Add((n - 1) % 2, 1 + n % 3)


def _host(path: Path, table_id: str, out: int) -> None:
    """The child: reopen the table and stream do/undo/redo, acknowledging each commit."""
    db, _ = open_database(f"sqlite:///{path}")
    table = Hub(db, snapshot_every=7).open(table_id)
    for i in range(10**9):
        if i % 9 == 4 and table.can_undo:
            change = table.undo(HOST)
        elif i % 9 == 5 and table.can_redo:
            change = table.redo(HOST)
        else:
            change = table.do(nth_action(table.head + 1), HOST)
        os.write(out, f"ACK {change.version} {table.head}\n".encode())


def _spawn(path: Path, table_id: str) -> tuple[int, int]:
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child never returns
        os.close(read)
        try:
            _host(path, table_id, write)
        finally:
            os._exit(0)
    os.close(write)
    return pid, read


def _kill_and_collect(pid: int, read: int, delay: float) -> list[tuple[int, int]]:
    """Let the host run for ``delay`` seconds after its first ack, SIGKILL it, and return
    every (version, head) it acknowledged."""
    data = b""
    first = None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        ready, _, _ = select.select([read], [], [], 0.01)
        if ready:
            chunk = os.read(read, 65536)
            if not chunk:
                break
            data += chunk
            first = first or time.monotonic()
        if first is not None and time.monotonic() - first >= delay:
            break
    os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status), f"the host ended on its own (status {status})"
    while chunk := os.read(read, 65536):
        data += chunk
    os.close(read)
    lines = data.decode().split("\n")[:-1]  # a torn last line was never acknowledged
    acks = []
    for line in lines:
        _, version, head = line.split()
        acks.append((int(version), int(head)))
    return acks


def _verify(path: Path, table_id: str, last: tuple[int, int] | None, start_version: int) -> int:
    """Reopen after a kill; returns the version the table resumed at."""
    raw = sqlite3.connect(path)
    try:
        assert raw.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        seqs = [
            s
            for (s,) in raw.execute(
                "SELECT seq FROM event WHERE table_id = ? ORDER BY seq", (table_id,)
            )
        ]
        (head, version) = raw.execute(
            "SELECT head_seq, version FROM game_table WHERE id = ?", (table_id,)
        ).fetchone()
        snaps = [
            s for (s,) in raw.execute("SELECT seq FROM snapshot WHERE table_id = ?", (table_id,))
        ]
    finally:
        raw.close()
    assert seqs == list(range(1, len(seqs) + 1)), "event numbers have a gap or a set-aside event"
    assert 0 <= head <= len(seqs)
    assert all(0 <= s <= len(seqs) for s in snaps), "a snapshot of an event that is not stored"

    db, notices = open_database(f"sqlite:///{path}")
    try:
        assert notices == []
        table = Hub(db, snapshot_every=7).open(table_id)
        assert table.load_problem is None
        assert (table.version, table.head) == (version, head)
        if last is not None:
            acked_version, acked_head = last
            # Everything acknowledged survived; at most the change in flight went further.
            assert table.version in (acked_version, acked_version + 1), (last, table.version)
            if table.version == acked_version:
                assert table.head == acked_head
        else:
            assert table.version in (start_version, start_version + 1)
        expected_pile = sum(nth_action(n).amount for n in range(1, table.head + 1))
        assert table.state.pile == expected_pile
        assert table.state.turn == table.head % 2
        assert len(table.history()) == table.head
        assert table.game.invariants(table.state) == []
        # The table carries on from where it stood.
        change = table.do(nth_action(table.head + 1), HOST)
        assert change.version == version + 1
        return change.version
    finally:
        db.close()


@pytest.mark.slow
def test_killed_host_loses_no_acknowledged_change(tmp_path: Path) -> None:
    path = tmp_path / "fatekeeper.db"
    db, _ = open_database(f"sqlite:///{path}")
    table = Hub(db, snapshot_every=7).create_table(
        "tally", {"target": TARGET}, ["Ana", "Bo"], "crash"
    )
    table_id, version = table.id, table.version
    db.close()
    rng = random.Random(20240611)
    acked_total = 0
    for point in range(KILL_POINTS):
        pid, read = _spawn(path, table_id)
        acks = _kill_and_collect(pid, read, rng.uniform(0.0, 0.1))
        acked_total += len(acks)
        try:
            version = _verify(path, table_id, acks[-1] if acks else None, version)
        except AssertionError as exc:
            raise AssertionError(f"kill point {point}: {exc}") from exc
    assert acked_total > KILL_POINTS, "the host barely acted; the kills tested little"
