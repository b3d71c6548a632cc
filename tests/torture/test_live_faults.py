"""Faults under a real host process, seen from a raw websocket phone on 127.0.0.1: storage
that turns read-only or fills up while serving, a table whose game is not installed or
whose options cannot be read, a missing event row, a second host on the same data folder,
and SIGKILL after acknowledged taps. The phone never gets Flet's error screen, nothing
acknowledged is lost, and the host recovers without a reload once the fault is gone.
"""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.store.db import DB_FILE_NAME
from tests.torture.live import TALLY_ENV, Host, Phone, make_tables, start_host

pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")


@pytest.fixture
def hosts() -> Iterator[list[Host]]:
    """Hosts started by a test; any still running at the end is killed."""
    started: list[Host] = []
    yield started
    for h in started:
        if h.proc.poll() is None:
            h.stop(signal.SIGKILL)


def _pile(folder: Path, table_id: str) -> tuple[int, int]:
    """(version, number of events in effect) of ``table_id`` as stored."""
    con = sqlite3.connect(folder / DB_FILE_NAME)
    try:
        row = con.execute(
            "SELECT version, head_seq FROM game_table WHERE id = ?", (table_id,)
        ).fetchone()
    finally:
        con.close()
    return int(row[0]), int(row[1])


def _sql(folder: Path, statement: str, *args: object) -> None:
    con = sqlite3.connect(folder / DB_FILE_NAME, timeout=10)
    try:
        con.execute(statement, args)
        con.commit()
    finally:
        con.close()


def test_a_second_host_is_refused_and_a_dead_ones_lock_taken_over(
    tmp_path: Path, hosts: list[Host]
) -> None:
    first = start_host(tmp_path)
    hosts.append(first)
    with pytest.raises(RuntimeError) as refused:
        hosts.append(start_host(tmp_path))
    message = str(refused.value)
    assert "exited 2" in message, message
    assert f"process {first.proc.pid}" in message and f":{first.port}" in message, message
    assert "Traceback" not in message
    # The first host goes on serving; once it is killed, its lock is free for the next one.
    assert first.proc.poll() is None
    first.stop(signal.SIGKILL)
    third = start_host(tmp_path)
    hosts.append(third)
    assert "took over" in third.stdout.read_text(), third.stdout.read_text()


def test_sigkill_after_acknowledged_taps_loses_nothing(tmp_path: Path, hosts: list[Host]) -> None:
    (table_id,) = make_tables(tmp_path)
    h = start_host(tmp_path, TALLY_ENV)
    hosts.append(h)
    phone = Phone.open(h, h.table_route(table_id), wait_for="counter-pile-plus")
    acknowledged = 0
    for n in range(1, 31):
        if n % 10 == 0:  # the phone drops and resumes its session now and then
            phone.close()
            phone = phone.reconnect(h, h.table_route(table_id))
            phone.wait(lambda _m, p=phone: "counter-pile-plus" in p.ids, 15, "the table")
            phone.drain(0.3)
        phone.tap_and_confirm("counter-pile-plus", str(n))
        acknowledged = n
    h.stop(signal.SIGKILL)
    phone.close()
    _version, head = _pile(tmp_path, table_id)
    print(
        f"\nSIGKILL after {acknowledged} acknowledged taps (three reconnections among them): "
        f"{head} stored, {acknowledged - head} lost"
    )
    assert head == acknowledged


def test_table_of_a_game_not_installed_gets_a_page_not_a_crash(
    tmp_path: Path, hosts: list[Host]
) -> None:
    (table_id,) = make_tables(tmp_path)
    h = start_host(tmp_path)  # without the tally game
    hosts.append(h)
    phone = Phone.open(h, h.table_route(table_id), wait_for="trouble")
    phone.wait_text("cannot be opened")
    assert "trouble-retry" in phone.ids and phone.crashed == []
    phone.close()
    assert "Traceback" not in h.log()


def test_unreadable_options_get_a_page_and_recover_on_try_again(
    tmp_path: Path, hosts: list[Host]
) -> None:
    (table_id,) = make_tables(tmp_path)
    _sql(
        tmp_path,
        'UPDATE game_table SET options_json = \'{"target": "lots"\' WHERE id = ?',
        table_id,
    )
    h = start_host(tmp_path, TALLY_ENV)
    hosts.append(h)
    phone = Phone.open(h, h.table_route(table_id), wait_for="trouble")
    phone.wait_text("options are unreadable")
    assert phone.crashed == []
    # Fixed on the host (here by hand in the database): Try again opens the table.
    _sql(
        tmp_path, "UPDATE game_table SET options_json = '{\"target\": 1000}' WHERE id = ?", table_id
    )
    phone.tap("trouble-retry")
    phone.wait(lambda _m: "counter-pile-plus" in phone.ids, 15, "the table")
    phone.tap_and_confirm("counter-pile-plus", "1")
    phone.close()


def test_missing_event_opens_the_table_with_a_notice(tmp_path: Path, hosts: list[Host]) -> None:
    from companion.hub import Hub
    from companion.store import open_database
    from companion.table import Actor
    from tests.support.tally import Add

    (table_id,) = make_tables(tmp_path)
    db, _ = open_database(data_dir=tmp_path)
    table = Hub(db).open(table_id)
    for n in range(6):
        table.do(Add(n % 2, 1), Actor("setup", "Host", None))
    db.close()
    _sql(tmp_path, "DELETE FROM event WHERE table_id = ? AND seq = 4", table_id)
    h = start_host(tmp_path, TALLY_ENV)
    hosts.append(h)
    phone = Phone.open(h, h.table_route(table_id), wait_for="history-damaged")
    phone.wait_text("event 4 is missing")
    phone.wait_text("aside for good")  # the host is told what its next change does
    assert phone.crashed == []
    # The host moves on from event 3: the events after the gap are set aside, and said so.
    phone.tap_and_confirm("counter-pile-plus", "4")
    deadline = time.monotonic() + 10
    while "set aside for good" not in h.log() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert "set aside for good" in h.log()
    con = sqlite3.connect(tmp_path / DB_FILE_NAME)
    kept = con.execute(
        "SELECT COUNT(*) FROM event WHERE table_id = ? AND seq < 0", (table_id,)
    ).fetchone()[0]
    con.close()
    assert kept == 2  # events 5 and 6, kept for inspection
    phone.close()


def _no_error_screen(phone: Phone) -> None:
    assert phone.crashed == [], phone.crashed


def _chattr(flag: str, *paths: Path) -> None:
    proc = subprocess.run(["chattr", flag, *map(str, paths)], capture_output=True)
    if proc.returncode != 0:
        pytest.skip(f"chattr is not available here: {proc.stderr.decode()[:200]}")


def test_storage_that_fails_while_serving_recovers_without_reload(
    tmp_path: Path, hosts: list[Host]
) -> None:
    """The database files become unwritable under the running host (immutable: writes
    fail with an I/O error, as on failing storage); taps get a message, nothing is lost,
    and the first tap after the fault is gone is saved."""
    (table_id,) = make_tables(tmp_path)
    h = start_host(tmp_path, TALLY_ENV)
    hosts.append(h)
    phone = Phone.open(h, h.table_route(table_id), wait_for="counter-pile-plus")
    phone.tap_and_confirm("counter-pile-plus", "1")
    files = [p for p in (tmp_path / DB_FILE_NAME, tmp_path / (DB_FILE_NAME + "-wal")) if p.exists()]
    _chattr("+i", *files)
    try:
        phone.texts.clear()
        phone.tap("counter-pile-plus")
        phone.wait_text("cannot be reached")
        _no_error_screen(phone)
        phone.tap("counter-pile-plus")  # again: still a message, still nothing changed
        phone.wait_text("cannot be reached")
    finally:
        _chattr("-i", *files)
    phone.tap_and_confirm("counter-pile-plus", "2")
    assert _pile(tmp_path, table_id)[1] == 2
    phone.close()
    log = h.log()
    assert "Traceback" not in log, log[-3000:]
    assert log.count("a screen failed") <= 2, log


def test_full_disk_while_serving_recovers_without_reload(
    tmpfs: Callable[..., Path], hosts: list[Host]
) -> None:
    folder = tmpfs("4m")
    (table_id,) = make_tables(folder)
    h = start_host(folder, TALLY_ENV)
    hosts.append(h)
    phone = Phone.open(h, h.table_route(table_id), wait_for="counter-pile-plus")
    phone.tap_and_confirm("counter-pile-plus", "1")
    filler = folder / "filler"
    subprocess.run(
        ["dd", "if=/dev/zero", f"of={filler}", "bs=64k", "count=200"], capture_output=True
    )
    try:
        phone.texts.clear()
        for _ in range(20):  # the WAL may still have room for a few frames
            phone.tap("counter-pile-plus")
            try:
                phone.wait_text("disk is full", timeout=3)
                break
            except TimeoutError:
                continue
        assert any("disk is full" in t for t in phone.texts), phone.texts[-5:]
        _no_error_screen(phone)
        saved = _pile(folder, table_id)[1]
    finally:
        filler.unlink()
    phone.tap_and_confirm("counter-pile-plus", str(saved + 1))
    assert _pile(folder, table_id)[1] == saved + 1
    phone.close()
    assert "Traceback" not in h.log()


def test_host_started_on_a_read_only_database_recovers_once_writable(
    tmp_path: Path, hosts: list[Host]
) -> None:
    """The database file cannot be written from the start (the host can still read and
    show it): taps get a message, and once the file is writable the next tap is saved
    without a reload (the broken connections are not reused)."""
    (table_id,) = make_tables(tmp_path)
    con = sqlite3.connect(tmp_path / DB_FILE_NAME)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    files = [tmp_path / DB_FILE_NAME]
    _chattr("+i", *files)
    try:
        h = start_host(tmp_path, TALLY_ENV)
        hosts.append(h)
        phone = Phone.open(h, h.table_route(table_id), wait_for="counter-pile-plus")
        for _ in range(3):
            phone.texts.clear()
            phone.tap("counter-pile-plus")
            phone.wait_text("cannot be reached")
        _no_error_screen(phone)
    finally:
        _chattr("-i", *files)
    phone.tap_and_confirm("counter-pile-plus", "1")
    assert _pile(tmp_path, table_id)[1] == 1
    phone.close()
    assert "Traceback" not in h.log()
