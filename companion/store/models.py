"""The stored shape of the companion (schema version 2).

Plain SQLModel tables, used through explicit sessions. Datetimes are stored as UTC; SQLite
drops the zone, so readers pass them through ``utc`` before showing them.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel


def now() -> datetime:
    """The current moment in UTC."""
    return datetime.now(UTC)


def utc(moment: datetime) -> datetime:
    """``moment`` with its zone set to UTC (SQLite hands datetimes back without one)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class Meta(SQLModel, table=True):
    """Key/value facts about the database itself: ``schema_version``, ``host_key``."""

    __tablename__ = "meta"

    key: str = Field(primary_key=True, max_length=64)
    value: str


class Player(SQLModel, table=True):
    """A name in the roster, reused from one play to the next."""

    __tablename__ = "player"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(index=True, max_length=80)
    created_at: datetime = Field(default_factory=now)


class GameTable(SQLModel, table=True):
    """One play of one game. ``head_seq`` is the last event in effect (events after it are
    undone and can be redone); ``version`` grows by one on every do, undo and redo."""

    __tablename__ = "game_table"

    id: str = Field(primary_key=True, max_length=32)
    game: str = Field(max_length=64)
    title: str = Field(max_length=200)
    options_json: str
    status: str = Field(default="active", max_length=16)
    created_at: datetime = Field(default_factory=now)
    updated_at: datetime = Field(default_factory=now, index=True)
    version: int = 0
    head_seq: int = 0
    join_token: str = Field(max_length=64)


class Seat(SQLModel, table=True):
    """A seat at a table: who sits there and the token that lets their device act for it."""

    __tablename__ = "seat"
    __table_args__ = (UniqueConstraint("table_id", "position"),)

    id: int | None = Field(default=None, primary_key=True)
    table_id: str = Field(foreign_key="game_table.id", index=True, max_length=32)
    position: int
    player_id: int | None = Field(default=None, foreign_key="player.id")
    name: str = Field(max_length=80)
    seat_token: str = Field(max_length=64)


class Event(SQLModel, table=True):
    """One action in a table's log. Events with ``seq`` above the table's head are undone
    (kept for redo until a new action replaces them). A negative ``seq`` marks an event set
    aside because it could not be replayed; it is kept for inspection, never replayed."""

    __tablename__ = "event"
    __table_args__ = (UniqueConstraint("table_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    table_id: str = Field(foreign_key="game_table.id", index=True, max_length=32)
    seq: int
    action_json: str
    seat: int | None = None
    who: str = Field(default="", max_length=80)
    device: str = Field(default="", max_length=80)
    at: datetime = Field(default_factory=now)
    correction: bool = False
    undone: bool = False
    line: str = ""
    chapter: str = ""
    """The part of the game the action was taken in ("Age 2", "Turn 5 · heroes"), as the
    game named it; empty when the game has no such division or for events stored before
    schema version 2."""
    by_seat: int | None = None
    """The seat the device was acting as (``None``: the host or a shared phone). Decides
    whose move a seatless action, such as a correction, was."""


class Snapshot(SQLModel, table=True):
    """The full state of a table after event ``seq`` (0: the starting state), so opening a
    long game replays only the events after the latest snapshot."""

    __tablename__ = "snapshot"
    __table_args__ = (UniqueConstraint("table_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    table_id: str = Field(foreign_key="game_table.id", index=True, max_length=32)
    seq: int
    state_json: str
    at: datetime = Field(default_factory=now)


class Takeback(SQLModel, table=True):
    """An undo or redo, kept for the history: who took back (or put back) which events,
    when. It is a record only: the state comes from the events and the table's head, so
    replaying a table never reads it. ``version`` is the table version the step made, so
    one version can never hold two of them."""

    __tablename__ = "takeback"
    __table_args__ = (UniqueConstraint("table_id", "version"),)

    id: int | None = Field(default=None, primary_key=True)
    table_id: str = Field(foreign_key="game_table.id", index=True, max_length=32)
    version: int
    kind: str = Field(max_length=8)
    """``"undo"`` or ``"redo"``."""
    first_seq: int
    last_seq: int
    """The events taken back or put back: ``first_seq`` to ``last_seq``, both included."""
    head_after: int
    who: str = Field(default="", max_length=80)
    device: str = Field(default="", max_length=80)
    seat: int | None = None
    at: datetime = Field(default_factory=now)
    line: str = ""
