"""Opening the database: defaults, durability settings, schema versions, and files that are
damaged, foreign, newer or unwritable (never overwritten, always explained)."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import event, text

from companion.hub import Hub
from companion.store import (
    SCHEMA_VERSION,
    NewerSchema,
    StorageError,
    default_data_dir,
    migrations,
    open_database,
)
from companion.store.db import DB_FILE_NAME, inspect_sqlite_file
from companion.table import Actor
from tests.support.tally import Add

HOST = Actor("host-phone", "Host", None)

pytestmark = pytest.mark.usefixtures("tally_game")

# Schema version 1 exactly as it is laid out on disk, written without the models, so a
# change to the models that forgets a migration shows up here.
V1_SQL = """
CREATE TABLE meta (key VARCHAR(64) NOT NULL PRIMARY KEY, value VARCHAR NOT NULL);
CREATE TABLE player (id INTEGER NOT NULL PRIMARY KEY, name VARCHAR(80) NOT NULL,
    created_at DATETIME NOT NULL);
CREATE INDEX ix_player_name ON player (name);
CREATE TABLE game_table (id VARCHAR(32) NOT NULL PRIMARY KEY, game VARCHAR(64) NOT NULL,
    title VARCHAR(200) NOT NULL, options_json VARCHAR NOT NULL, status VARCHAR(16) NOT NULL,
    created_at DATETIME NOT NULL, updated_at DATETIME NOT NULL, version INTEGER NOT NULL,
    head_seq INTEGER NOT NULL, join_token VARCHAR(64) NOT NULL);
CREATE INDEX ix_game_table_updated_at ON game_table (updated_at);
CREATE TABLE seat (id INTEGER NOT NULL PRIMARY KEY,
    table_id VARCHAR(32) NOT NULL REFERENCES game_table (id), position INTEGER NOT NULL,
    player_id INTEGER REFERENCES player (id), name VARCHAR(80) NOT NULL,
    seat_token VARCHAR(64) NOT NULL, UNIQUE (table_id, position));
CREATE TABLE event (id INTEGER NOT NULL PRIMARY KEY,
    table_id VARCHAR(32) NOT NULL REFERENCES game_table (id), seq INTEGER NOT NULL,
    action_json VARCHAR NOT NULL, seat INTEGER, who VARCHAR(80) NOT NULL,
    device VARCHAR(80) NOT NULL, at DATETIME NOT NULL, correction BOOLEAN NOT NULL,
    undone BOOLEAN NOT NULL, line VARCHAR NOT NULL, UNIQUE (table_id, seq));
CREATE TABLE snapshot (id INTEGER NOT NULL PRIMARY KEY,
    table_id VARCHAR(32) NOT NULL REFERENCES game_table (id), seq INTEGER NOT NULL,
    state_json VARCHAR NOT NULL, at DATETIME NOT NULL, UNIQUE (table_id, seq));
INSERT INTO meta VALUES ('schema_version', '1'), ('host_key', 'old-host-key');
INSERT INTO player VALUES (1, 'Ana', '2025-01-02 10:00:00'), (2, 'Bo', '2025-01-02 10:00:00');
INSERT INTO game_table VALUES ('t1', 'tally', 'Old game', '{"secret": "owl", "target": 10}',
    'active', '2025-01-02 10:00:00', '2025-01-02 10:05:00', 2, 2, 'join-1');
INSERT INTO seat VALUES (1, 't1', 0, 1, 'Ana', 'seat-a'), (2, 't1', 1, 2, 'Bo', 'seat-b');
INSERT INTO event VALUES
  (1, 't1', 1, '{"type": "add", "seat": 0, "amount": 3}', 0, 'Ana', 'p1',
   '2025-01-02 10:01:00', 0, 0, 'Seat 0 adds 3.'),
  (2, 't1', 2, '{"type": "add", "seat": 1, "amount": 2}', 1, 'Bo', 'p2',
   '2025-01-02 10:02:00', 0, 0, 'Seat 1 adds 2.');
"""


def write_v1(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.executescript(V1_SQL)
    conn.commit()
    conn.close()


def files_in(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


# ----- defaults ----------------------------------------------------------------------------


def test_default_data_dir_order(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("FATEKEEPER_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_data_dir() == tmp_path / "xdg" / "fatekeeper"
    monkeypatch.setenv("FATEKEEPER_HOME", str(tmp_path / "home"))
    assert default_data_dir() == tmp_path / "home"
    monkeypatch.delenv("FATEKEEPER_HOME")
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_data_dir() == Path.home() / ".local" / "share" / "fatekeeper"


def test_default_file_uses_wal_and_full_sync(tmp_path: Path) -> None:
    db, notices = open_database(data_dir=tmp_path / "data")
    assert notices == []
    assert db.path == tmp_path / "data" / DB_FILE_NAME
    with db.engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL
        assert conn.execute(text("PRAGMA busy_timeout")).scalar() >= 1000
    db.close()
    kind, version, _ = inspect_sqlite_file(tmp_path / "data" / DB_FILE_NAME)
    assert (kind, version) == ("ours", SCHEMA_VERSION)


def test_env_url_is_honoured(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.db"
    monkeypatch.setenv("FATEKEEPER_DB", f"sqlite:///{target}")
    db, _ = open_database(data_dir=tmp_path / "unused")
    assert db.path == target
    assert target.exists() and not (tmp_path / "unused").exists()
    db.close()


def test_reopening_keeps_data_and_seat_codes(tmp_path: Path) -> None:
    db, _ = open_database(data_dir=tmp_path)
    hub = Hub(db)
    table = hub.create_table("tally", None, ["Ana", "Bo"])
    table.do(Add(0, 2), HOST)
    key, seat = hub.host_key, table.seat_tokens[0]
    db.close()
    db2, notices = open_database(data_dir=tmp_path)
    hub2 = Hub(db2)
    assert notices == []
    assert hub2.open(table.id).state.pile == 2
    assert hub2.authorize(seat or "", table.id) is not None
    # The host key is stored only as a digest: a new start issues a new one.
    assert hub2.host_key != key and hub2.authorize(key) is None
    db2.close()


# ----- schema versions -----------------------------------------------------------------------


def test_v1_database_written_by_raw_sql_opens(tmp_path: Path) -> None:
    path = tmp_path / DB_FILE_NAME
    write_v1(path)
    db, notices = open_database(data_dir=tmp_path)
    [kept] = list((tmp_path / "backups").iterdir())  # the database as it was, before upgrading
    assert notices == [
        f"the database was upgraded to schema version {SCHEMA_VERSION}; a copy of it as it "
        f"was is kept at {kept}"
    ]
    assert inspect_sqlite_file(kept)[:2] == ("ours", 1)
    # Upgraded to digests: the old plain host key is gone (a new one is issued), the
    # tables and the devices' seat and watch codes still work.
    with db.engine.connect() as conn:
        stored = [
            *conn.execute(text("SELECT value FROM meta")).scalars(),
            *conn.execute(text("SELECT join_token FROM game_table")).scalars(),
            *conn.execute(text("SELECT seat_token FROM seat")).scalars(),
        ]
    assert not {"old-host-key", "join-1", "seat-a", "seat-b"} & set(stored)
    hub = Hub(db)
    assert hub.host_key != "old-host-key" and hub.authorize("old-host-key") is None
    assert hub.authorize("join-1", "t1") is not None
    assert [p.name for p in hub.players()] == ["Ana", "Bo"]
    table = hub.open("t1")
    assert table.state.pile == 5 and table.version == 2 and table.load_problem is None
    assert [h.who for h in table.history()] == ["Ana", "Bo"]
    table.do(Add(0, 1), HOST)
    assert hub.authorize("seat-b") is not None
    db.close()


def test_older_schema_runs_registered_steps_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / DB_FILE_NAME
    write_v1(path)
    ran: list[int] = []

    def to_2(conn: object) -> None:
        ran.append(2)
        conn.exec_driver_sql("ALTER TABLE player ADD COLUMN nickname VARCHAR")  # type: ignore[attr-defined]

    def to_3(conn: object) -> None:
        ran.append(3)
        conn.exec_driver_sql("UPDATE player SET nickname = upper(name)")  # type: ignore[attr-defined]

    monkeypatch.setattr(migrations, "MIGRATIONS", {2: to_2, 3: to_3})
    monkeypatch.setattr(migrations, "SCHEMA_VERSION", 3)
    db, _ = open_database(data_dir=tmp_path)
    db.close()
    assert ran == [2, 3]
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone() == ("3",)
    assert conn.execute("SELECT nickname FROM player ORDER BY id").fetchall() == [("ANA",), ("BO",)]
    conn.close()


def test_missing_migration_step_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_v1(tmp_path / DB_FILE_NAME)
    monkeypatch.setattr(migrations, "MIGRATIONS", {})
    monkeypatch.setattr(migrations, "SCHEMA_VERSION", 2)
    with pytest.raises(StorageError, match="schema version 2"):
        open_database(data_dir=tmp_path)


def test_newer_schema_is_refused_and_untouched(tmp_path: Path) -> None:
    path = tmp_path / DB_FILE_NAME
    write_v1(path)
    conn = sqlite3.connect(path)
    conn.execute(
        "UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION + 1),)
    )
    conn.commit()
    conn.close()
    before = path.read_bytes()
    listing = files_in(tmp_path)
    with pytest.raises(NewerSchema, match="newer Fatekeeper") as info:
        open_database(data_dir=tmp_path)
    assert str(path) in str(info.value)
    assert path.read_bytes() == before
    assert files_in(tmp_path) == listing


# ----- files that are not usable ------------------------------------------------------------


def test_non_sqlite_file_is_moved_aside_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / DB_FILE_NAME
    path.write_bytes(b"my shopping list\n" * 100)
    (tmp_path / (DB_FILE_NAME + "-wal")).write_bytes(b"stray wal")
    db, notices = open_database(data_dir=tmp_path)
    db.close()
    aside = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name and not p.name.endswith("-wal")]
    assert len(aside) == 1
    assert aside[0].read_bytes() == b"my shopping list\n" * 100
    assert Path(str(aside[0]) + "-wal").read_bytes() == b"stray wal"
    assert len(notices) == 1
    assert str(path) in notices[0] and str(aside[0]) in notices[0]
    assert inspect_sqlite_file(path)[0] == "ours"


def test_damaged_sqlite_file_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / DB_FILE_NAME
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t (x)")
    conn.executemany("INSERT INTO t VALUES (?)", [("x" * 500,)] * 200)
    conn.commit()
    conn.close()
    data = bytearray(path.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)  # wreck the schema page, keep the header
    path.write_bytes(bytes(data))
    db, notices = open_database(data_dir=tmp_path)
    db.close()
    assert len(notices) == 1 and "damaged" in notices[0]
    aside = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    assert [p.read_bytes() for p in aside] == [bytes(data)]


def test_foreign_sqlite_file_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / DB_FILE_NAME
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.execute("INSERT INTO recipes VALUES ('soup')")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    db, notices = open_database(data_dir=tmp_path)
    db.close()
    aside = [p for p in tmp_path.iterdir() if ".foreign-" in p.name]
    assert len(aside) == 1 and aside[0].read_bytes() == before
    assert "not a Fatekeeper database" in notices[0] and str(aside[0]) in notices[0]


def test_empty_file_is_simply_used(tmp_path: Path) -> None:
    (tmp_path / DB_FILE_NAME).write_bytes(b"")
    db, notices = open_database(data_dir=tmp_path)
    db.close()
    assert notices == [] and files_in(tmp_path) >= {DB_FILE_NAME}
    assert not [p for p in tmp_path.iterdir() if "corrupt" in p.name]


def test_unmovable_file_is_left_in_place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / DB_FILE_NAME
    path.write_bytes(b"not a database")

    def refuse(src: object, dst: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(StorageError, match="could not be moved aside"):
        open_database(data_dir=tmp_path)
    assert path.read_bytes() == b"not a database"
    assert files_in(tmp_path) == {DB_FILE_NAME}


def test_data_folder_that_cannot_be_created(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    with pytest.raises(StorageError, match="cannot create the data folder"):
        open_database(data_dir=blocker / "data")


@pytest.mark.skipif(os.geteuid() == 0, reason="permissions do not bind the superuser")
def test_read_only_folder(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(StorageError):
            open_database(data_dir=folder)
    finally:
        folder.chmod(0o700)


def test_read_only_database_gives_storage_error_and_keeps_state(file_db: object) -> None:
    from companion.store import Database

    assert isinstance(file_db, Database)
    hub = Hub(file_db)
    table = hub.create_table("tally", None, ["Ana", "Bo"])
    table.do(Add(0, 1), HOST)
    file_db.engine.dispose()
    event.listen(file_db.engine, "connect", lambda c, _r: c.execute("PRAGMA query_only = ON"))
    with pytest.raises(StorageError, match="read-only") as info:
        table.do(Add(1, 1), HOST)
    assert table.join_token not in str(info.value)
    assert table.state.pile == 1 and table.version == 1


def test_full_disk_gives_storage_error_and_loses_nothing(file_db: object) -> None:
    from companion.store import Database

    assert isinstance(file_db, Database)
    hub = Hub(file_db, snapshot_every=1)
    table = hub.create_table("tally", {"target": 10**6}, ["Ana", "Bo"])
    table.do(Add(0, 1), HOST)
    with file_db.engine.connect() as conn:
        pages = conn.execute(text("PRAGMA page_count")).scalar()
    file_db.engine.dispose()
    event.listen(
        file_db.engine,
        "connect",
        lambda c, _r: c.execute(f"PRAGMA max_page_count = {pages}"),
    )
    with pytest.raises(StorageError, match="disk is full"):
        for _n in range(500):
            table.do(Add(table.state.turn, 3), HOST)
    version = table.version
    assert version >= 1
    file_db.engine.dispose()
    db2, _ = open_database(f"sqlite:///{file_db.path}")
    again = Hub(db2).open(table.id)
    assert again.version == version and again.state == table.state
    db2.close()
