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

from collections.abc import Callable

from sqlalchemy import (
    Column,
    Connection,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    UniqueConstraint,
    inspect,
)

SCHEMA_VERSION = 2
"""Version 1: meta, player, game_table, seat, event, snapshot. Version 2: ``event.chapter``
and ``event.by_seat``, and the ``takeback`` table (undo and redo in the history)."""

Step = Callable[[Connection], None]


def _to_2(conn: Connection) -> None:
    """Undo and redo recorded in the history; events remember their chapter and the seat
    that acted. Each part is skipped when already there, so the step is safe to rerun."""
    columns = {c["name"] for c in inspect(conn).get_columns("event")}
    if "chapter" not in columns:
        conn.exec_driver_sql("ALTER TABLE event ADD COLUMN chapter VARCHAR NOT NULL DEFAULT ''")
    if "by_seat" not in columns:
        conn.exec_driver_sql("ALTER TABLE event ADD COLUMN by_seat INTEGER")
    # The shape as of version 2, written out here (not taken from the models, which move on).
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


MIGRATIONS: dict[int, Step] = {2: _to_2}
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
