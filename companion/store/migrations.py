"""Schema versions and the steps between them.

``SCHEMA_VERSION`` is the version this code writes. A fresh database is created directly at
that version from the models; an older one is brought up to date by running, in order, every
step in ``MIGRATIONS`` above the version it records. A step gets a connection inside the
opening transaction, so a failed upgrade leaves the database as it was.

To change the schema: bump ``SCHEMA_VERSION``, change the models, and register a step under
the new number that turns the previous shape into the new one (``ALTER TABLE`` and data
fixes written against the connection, never against the current models).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    inspect,
    text,
)

SCHEMA_VERSION = 4
"""Version 1: meta, player, game_table, seat, event, snapshot.
Version 2: play and play_seat; player.archived; game_table.archived and deleted_at.
Version 3: codes (join, seat, host key) stored as SHA-256 digests instead of the codes.
Version 4: ``event.chapter`` and ``event.by_seat``, and the ``takeback`` table (undo and
redo in the history)."""

Step = Callable[[Connection], None]


def _to_2(conn: Connection) -> None:
    """Finished plays, archiving and the bin. The new tables are written out here as they
    were at version 2 (not taken from the models, which may move on)."""
    false = "0" if conn.dialect.name == "sqlite" else "FALSE"
    conn.execute(text(f"ALTER TABLE player ADD COLUMN archived BOOLEAN NOT NULL DEFAULT {false}"))
    conn.execute(
        text(f"ALTER TABLE game_table ADD COLUMN archived BOOLEAN NOT NULL DEFAULT {false}")
    )
    stamp = "DATETIME" if conn.dialect.name == "sqlite" else "TIMESTAMP WITHOUT TIME ZONE"
    conn.execute(text(f"ALTER TABLE game_table ADD COLUMN deleted_at {stamp}"))
    shape = MetaData()
    Table("player", shape, Column("id", Integer, primary_key=True))
    play = Table(
        "play",
        shape,
        Column("id", String(32), primary_key=True),
        Column("game", String(64), nullable=False, index=True),
        Column("title", String(200), nullable=False),
        Column("options_json", Text, nullable=False),
        Column("status", String(16), nullable=False),
        Column("started_at", DateTime, nullable=False),
        Column("ended_at", DateTime, nullable=False, index=True),
        Column("duration_s", Integer, nullable=False),
        Column("moves", Integer, nullable=False),
        Column("summary", Text, nullable=False),
        Column("tiebreak", String(200), nullable=False),
        Column("ending", String(200), nullable=False),
        Column("winners_json", Text, nullable=False),
        Column("sheet_json", Text, nullable=False),
        Column("history_json", Text, nullable=False),
    )
    seat = Table(
        "play_seat",
        shape,
        Column("id", Integer, primary_key=True),
        Column("play_id", String(32), ForeignKey("play.id"), nullable=False, index=True),
        Column("position", Integer, nullable=False),
        Column("player_id", Integer, ForeignKey("player.id"), index=True),
        Column("name", String(80), nullable=False),
        Column("score", Integer),
        Column("winner", Boolean, nullable=False),
        Column("place", Integer),
        UniqueConstraint("play_id", "position"),
    )
    play.create(conn)
    seat.create(conn)


def _digest(code: str) -> str:
    # Written out here rather than imported: a step must keep doing what it did when it
    # was written, whatever later code does.
    return hashlib.sha256(code.encode("utf-8")).hexdigest()


def hash_codes(conn: Connection) -> None:
    """2 -> 3: replace every stored code by its digest. Devices holding a code keep their
    access (their code still matches); the plain host key is dropped, and the next host
    start issues a new one."""
    for table_id, code in conn.execute(text("SELECT id, join_token FROM game_table")).all():
        conn.execute(
            text("UPDATE game_table SET join_token = :d WHERE id = :i"),
            {"d": _digest(code), "i": table_id},
        )
    for seat_id, code in conn.execute(text("SELECT id, seat_token FROM seat")).all():
        conn.execute(
            text("UPDATE seat SET seat_token = :d WHERE id = :i"),
            {"d": _digest(code), "i": seat_id},
        )
    host = conn.execute(text("SELECT value FROM meta WHERE key = 'host_key'")).scalar()
    if host is not None:
        conn.execute(
            text("INSERT INTO meta (key, value) VALUES ('host_key_hash', :d)"),
            {"d": _digest(host)},
        )
        conn.execute(text("DELETE FROM meta WHERE key = 'host_key'"))


def _to_4(conn: Connection) -> None:
    """Undo and redo recorded in the history; events remember their chapter and the seat
    that acted. Each part is skipped when already there, so the step is safe to rerun."""
    columns = {c["name"] for c in inspect(conn).get_columns("event")}
    if "chapter" not in columns:
        conn.exec_driver_sql("ALTER TABLE event ADD COLUMN chapter VARCHAR NOT NULL DEFAULT ''")
    if "by_seat" not in columns:
        conn.exec_driver_sql("ALTER TABLE event ADD COLUMN by_seat INTEGER")
    # The shape as of version 4, written out here (not taken from the models, which move on).
    shape = MetaData()
    Table("game_table", shape, Column("id", String(32), primary_key=True))
    takeback = Table(
        "takeback",
        shape,
        Column("id", Integer, primary_key=True),
        Column("table_id", String(32), ForeignKey("game_table.id"), nullable=False, index=True),
        Column("version", Integer, nullable=False),
        Column("kind", String(8), nullable=False),
        Column("first_seq", Integer, nullable=False),
        Column("last_seq", Integer, nullable=False),
        Column("head_after", Integer, nullable=False),
        Column("who", String(80), nullable=False),
        Column("device", String(80), nullable=False),
        Column("seat", Integer),
        Column("at", DateTime, nullable=False),
        Column("line", String, nullable=False),
        UniqueConstraint("table_id", "version"),
    )
    takeback.create(conn, checkfirst=True)


MIGRATIONS: dict[int, Step] = {2: _to_2, 3: hash_codes, 4: _to_4}
"""Target version -> step from the version before it. Version 1 is the first shape and needs
no step; later versions add theirs here."""


def pending(found: int, target: int | None = None) -> list[tuple[int, Step]]:
    """The steps that bring a database at version ``found`` to ``target``, in order.

    Raises ``LookupError`` naming a version that has no registered step.
    """
    steps = []
    last = SCHEMA_VERSION if target is None else target
    for version in range(found + 1, last + 1):
        step = MIGRATIONS.get(version)
        if step is None:
            raise LookupError(f"no upgrade step is known for schema version {version}")
        steps.append((version, step))
    return steps
