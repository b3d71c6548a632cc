"""One host per database: a second host on the same SQLite file or PostgreSQL database is
refused with a message naming the one running, and a host that died leaves nothing locked.
(The whole path, with real ``companion`` processes, is in tests/torture/test_live_faults.py.)
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.store import Database, open_database
from companion.store.db import HostBusy, lock_host

ROOT = Path(__file__).resolve().parents[2]


def _holder(url: str) -> subprocess.Popen[str]:
    """Another process that opens ``url``, takes the host lock, says so and waits."""
    code = (
        "import sys, time\n"
        "from companion.store.db import open_database, lock_host\n"
        "db, _ = open_database(sys.argv[1])\n"
        "lock = lock_host(db, host='10.0.0.7', port=8551)\n"
        "print('LOCKED', flush=True)\n"
        "time.sleep(600)\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code, url], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "LOCKED"
    return proc


def _second_host_is_refused_until_the_first_dies(url: str) -> None:
    first = _holder(url)
    db, _ = open_database(url)
    try:
        with pytest.raises(HostBusy) as refused:
            lock_host(db, host="127.0.0.1", port=8552)
        message = str(refused.value)
        assert str(first.pid) in message and "10.0.0.7:8551" in message, message
        first.send_signal(signal.SIGKILL)
        first.wait(10)
        deadline = time.monotonic() + 10
        while True:  # the server may take a moment to notice the dead session
            try:
                lock = lock_host(db, host="127.0.0.1", port=8552)
                break
            except HostBusy:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        lock.release()
        again = lock_host(db, host="127.0.0.1", port=8553)
        again.release()
    finally:
        if first.poll() is None:
            first.kill()
            first.wait(10)
        db.close()


def test_sqlite_second_host_is_refused_until_the_first_dies(tmp_path: Path) -> None:
    _second_host_is_refused_until_the_first_dies(f"sqlite:///{tmp_path / 'fatekeeper.db'}")


def test_postgresql_second_host_is_refused_until_the_first_dies(pg_url: str) -> None:
    _second_host_is_refused_until_the_first_dies(pg_url)


def test_a_lock_left_by_a_dead_process_is_taken_over_and_named(tmp_path: Path) -> None:
    db, _ = open_database(data_dir=tmp_path)
    try:
        (tmp_path / "fatekeeper.db.lock").write_text(
            '{"pid": 999999, "machine": "old-laptop", "address": "10.0.0.9:8550"}'
        )
        lock = lock_host(db, host="127.0.0.1", port=8550)
        assert lock.taken_over is not None and "old-laptop" in lock.taken_over
        assert str(os.getpid()) in (tmp_path / "fatekeeper.db.lock").read_text()
        lock.release()
    finally:
        db.close()


def test_in_memory_database_needs_no_lock(db: Database) -> None:
    if not db.is_sqlite:
        pytest.skip("in-memory SQLite only")
    lock_host(db, host="127.0.0.1", port=1).release()
    lock_host(db, host="127.0.0.1", port=2).release()


def test_two_companions_on_one_postgresql_database(pg_url: str, tmp_path: Path) -> None:
    """The whole path: real ``companion`` processes pointed at one PostgreSQL database."""
    from tests.torture.live import start_host

    env = {"FATEKEEPER_DB": pg_url}
    first = start_host(tmp_path, env)
    try:
        with pytest.raises(RuntimeError) as refused:
            start_host(tmp_path, env).stop(signal.SIGKILL)
        message = str(refused.value)
        assert "exited 2" in message and f"fatekeeper {first.proc.pid}@" in message, message
        assert "Traceback" not in message
        assert first.proc.poll() is None
    finally:
        first.stop(signal.SIGKILL)
