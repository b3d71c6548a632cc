"""Broken storage gets a clear message and loses nothing: a damaged file, another
program's SQLite file, a read-only folder and a full disk. Whatever was on disk before is
kept byte for byte (compared by hash)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.hub import Hub
from companion.store import StorageError, open_database
from companion.store.db import DB_FILE_NAME
from companion.table import Actor
from rules.core import Correct
from tests.support.tally import Add
from tests.torture.conftest import remount, sha256

HOST = Actor("host", "Host", None)


def _kept_aside(folder: Path, label: str) -> Path:
    kept = [
        p
        for p in folder.iterdir()
        if f".{label}-" in p.name and p.name[-4:] not in ("-wal", "-shm")
    ]
    assert len(kept) == 1, sorted(p.name for p in folder.iterdir())
    return kept[0]


def _fresh_database_works(folder: Path) -> None:
    db, notices = open_database(data_dir=folder)
    try:
        assert notices == []
        table = Hub(db).create_table("tally", None, ["Ana", "Bo"], "after")
        table.do(Add(0, 1), HOST)
    finally:
        db.close()


def test_file_that_is_not_a_database_is_kept_and_named(tmp_path: Path) -> None:
    path = tmp_path / DB_FILE_NAME
    path.write_bytes(bytes(range(256)) * 64)
    before = sha256(path)
    db, notices = open_database(data_dir=tmp_path)
    db.close()
    kept = _kept_aside(tmp_path, "corrupt")
    assert len(notices) == 1 and str(kept) in notices[0] and str(path) in notices[0]
    assert sha256(kept) == before
    _fresh_database_works(tmp_path)


def test_damaged_fatekeeper_database_is_kept_and_named(tmp_path: Path) -> None:
    db, _ = open_database(data_dir=tmp_path)
    table = Hub(db).create_table("tally", None, ["Ana", "Bo"], "soon damaged")
    for n in range(30):
        # 1..10 over and over: each a change (the pile starts at 0).
        table.do(Correct("pile", n % 10 + 1, note="x" * 500), HOST)
    db.close()
    path = tmp_path / DB_FILE_NAME
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    data = bytearray(path.read_bytes())
    page = 4096
    for at in range(page * 2, len(data), page):  # scribble over every page but the first two
        data[at + 8 : at + 40] = b"\xa5" * 32
    path.write_bytes(bytes(data))
    before = sha256(path)
    db, notices = open_database(data_dir=tmp_path)
    db.close()
    kept = _kept_aside(tmp_path, "corrupt")
    assert len(notices) == 1 and "damaged" in notices[0] and str(kept) in notices[0]
    assert sha256(kept) == before


def test_another_programs_sqlite_file_is_kept_and_named(tmp_path: Path) -> None:
    path = tmp_path / DB_FILE_NAME
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE recipes (name TEXT, minutes INTEGER)")
    con.execute("INSERT INTO recipes VALUES ('bread', 240)")
    con.commit()
    con.close()
    before = sha256(path)
    db, notices = open_database(data_dir=tmp_path)
    db.close()
    kept = _kept_aside(tmp_path, "foreign")
    assert len(notices) == 1 and "not a Fatekeeper database" in notices[0]
    assert sha256(kept) == before
    con = sqlite3.connect(kept)
    assert con.execute("SELECT * FROM recipes").fetchall() == [("bread", 240)]
    con.close()


def test_read_only_folder_gets_a_clear_message(tmpfs: Callable[..., Path]) -> None:
    folder = tmpfs("4m")
    db, _ = open_database(data_dir=folder)
    table = Hub(db).create_table("tally", None, ["Ana", "Bo"], "read only")
    table.do(Add(0, 2), HOST)
    db.close()
    path = folder / DB_FILE_NAME
    before = sha256(path)
    remount(folder, "ro")
    try:
        with pytest.raises(StorageError) as info:
            db, _ = open_database(data_dir=folder)
            try:
                Hub(db).create_table("tally", None, ["Ana", "Bo"], "refused")
            finally:
                db.close()
        message = str(info.value)
        assert str(folder) in message and "Traceback" not in message
        assert any(w in message for w in ("read-only", "cannot open", "cannot"))
        assert sha256(path) == before
    finally:
        remount(folder, "rw")
    # Writable again: the table is there as it was.
    db, notices = open_database(data_dir=folder)
    try:
        assert notices == []
        hub = Hub(db)
        (summary,) = hub.list_tables()
        assert hub.open(summary.id).state.pile == 2
    finally:
        db.close()


def test_full_disk_refuses_the_action_and_keeps_the_rest(tmpfs: Callable[..., Path]) -> None:
    folder = tmpfs("400k")
    db, _ = open_database(data_dir=folder)
    hub = Hub(db)
    table = hub.create_table("tally", {"target": 10**6}, ["Ana", "Bo"], "full disk")
    acknowledged = []
    failure = None
    for n in range(2000):
        try:
            table.do(Correct("pile", n % 1000 + 1, note=f"{n}" + "y" * 3000), HOST)
            acknowledged.append(n % 1000 + 1)
        except StorageError as exc:
            failure = exc
            break
    assert failure is not None, "the disk never filled up"
    assert "full" in str(failure) and str(folder) in str(failure)
    version = table.version
    assert table.state.pile == acknowledged[-1]
    # A refused action changes nothing, and what was acknowledged is on disk.
    with pytest.raises(StorageError):
        table.do(Correct("pile", 0, note="z" * 30000), HOST)  # a change: never 0 above
    assert table.version == version
    db.close()
    con = sqlite3.connect(folder / DB_FILE_NAME)
    assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    con.close()
    db, _ = open_database(data_dir=folder)
    try:
        reopened = Hub(db).open(table.id)
        assert reopened.version == version
        assert reopened.state.pile == acknowledged[-1]
        assert len(reopened.history()) == len(acknowledged)
    finally:
        db.close()
