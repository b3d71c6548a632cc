"""Backups on a real SQLite file: one a day (seven kept), one before every upgrade, and
``companion restore`` putting a table in progress back exactly as it was."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from companion.__main__ import main as companion
from companion.hub import Hub
from companion.store import backup, open_database
from companion.store.db import DB_FILE_NAME, HostBusy, StorageError, lock_host
from tests.support.random_play import HOST, play
from tests.support.tally import Add

DAY0 = datetime(2026, 3, 1, 21, 30, tzinfo=UTC)


def test_one_daily_backup_a_day_and_seven_kept(tmp_path: Path, tally_game: None) -> None:
    db, _ = open_database(data_dir=tmp_path)
    Hub(db).create_table("tally", None, ["Ana", "Bo"])
    first = backup.daily(db, moment=DAY0)
    assert first is not None and first.parent == tmp_path / "backups"
    assert backup.daily(db, moment=DAY0 + timedelta(hours=2)) is None  # same day
    for day in range(1, 10):
        assert backup.daily(db, moment=DAY0 + timedelta(days=day)) is not None
    kept = [b for b in backup.list_backups(tmp_path) if b.kind == "daily"]
    assert len(kept) == backup.KEEP_DAILY
    assert kept[0].at.date() == (DAY0 + timedelta(days=9)).date()
    assert kept[-1].at.date() == (DAY0 + timedelta(days=3)).date()
    db.close()


def test_in_memory_databases_have_no_backups() -> None:
    db, _ = open_database("sqlite://")
    assert backup.daily(db) is None
    db.close()


def test_restore_puts_a_table_in_progress_back(
    tmp_path: Path, tally_game: None, capsys: Any
) -> None:
    db, _ = open_database(data_dir=tmp_path)
    hub = Hub(db)
    live = hub.create_table("scales-of-fate", None, ["Ana", "Bo"])
    play(live, random.Random(4), max_moves=6)
    saved_state = live.game.state_to_json(live.state)
    saved_version, saved_head = live.version, live.head
    made = backup.daily(db, moment=DAY0)
    assert made is not None
    # The table moves on, and a second table appears, after the backup.
    play(live, random.Random(5), max_moves=4)
    later = hub.create_table("tally", None, ["Cy", "Di"])
    later.do(Add(0, 2), HOST)
    db.close()

    assert companion(["restore", "--data-dir", str(tmp_path)]) == 0
    listing = capsys.readouterr().out
    assert made.name in listing and "daily" in listing
    assert companion(["restore", "--data-dir", str(tmp_path), made.name]) == 0
    out = capsys.readouterr().out
    assert f"Restored {made.name}" in out

    db2, notices = open_database(data_dir=tmp_path)
    assert notices == []
    hub2 = Hub(db2)
    back = hub2.open(live.id)
    assert back.game.state_to_json(back.state) == saved_state
    assert (back.version, back.head) == (saved_version, saved_head)
    assert [t.id for t in hub2.list_tables()] == [live.id]
    back_history = [h.text for h in back.history()]
    assert len(back_history) == saved_head
    # It plays on from there.
    play(back, random.Random(6), max_moves=1)
    db2.close()
    # The database as it was before the restore is kept, and holds the later table.
    [before] = [b for b in backup.list_backups(tmp_path) if b.kind == "before-restore"]
    db3, _ = open_database(f"sqlite:///{before.path}")
    assert {t.id for t in Hub(db3).list_tables()} == {live.id, later.id}
    db3.close()


def test_restore_is_refused_while_a_host_serves(tmp_path: Path, tally_game: None) -> None:
    db, _ = open_database(data_dir=tmp_path)
    Hub(db).create_table("tally", None, ["Ana", "Bo"])
    made = backup.daily(db, moment=DAY0)
    assert made is not None
    db.close()
    before = (tmp_path / DB_FILE_NAME).read_bytes()
    lock = lock_host(db, host="127.0.0.1", port=8550)  # a host serving this data folder
    try:
        with pytest.raises(HostBusy, match="Restoring needs the host stopped"):
            backup.restore(tmp_path, made.name)
        assert companion(["restore", "--data-dir", str(tmp_path), made.name]) == 2
    finally:
        lock.release()
    assert (tmp_path / DB_FILE_NAME).read_bytes() == before


def test_unknown_or_damaged_backups_are_refused(tmp_path: Path, tally_game: None) -> None:
    db, _ = open_database(data_dir=tmp_path)
    db.close()
    with pytest.raises(StorageError, match="no backup called"):
        backup.restore(tmp_path, "../fatekeeper.db")
    (tmp_path / "backups").mkdir(exist_ok=True)
    bad = tmp_path / "backups" / "fatekeeper-20260301-120000-daily.db"
    bad.write_bytes(b"not a database at all")
    with pytest.raises(StorageError, match="cannot be used"):
        backup.restore(tmp_path, bad.name)
