"""The stored shape of the companion (schema version 4; see ``migrations``).

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
    """Key/value facts about the database itself: ``schema_version``, ``host_key_hash``
    (the digest of the host key; the key itself is never stored)."""

    __tablename__ = "meta"

    key: str = Field(primary_key=True, max_length=64)
    value: str


class Player(SQLModel, table=True):
    """A name in the roster, reused from one play to the next."""

    __tablename__ = "player"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(index=True, max_length=80)
    created_at: datetime = Field(default_factory=now)
    archived: bool = False
    """Kept for the plays they took part in, but no longer offered for new tables."""


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
    """The digest of the watch code (``companion.codes.digest``), never the code."""
    archived: bool = False
    """Hidden from the home screen's list (still openable, still in the plays)."""
    deleted_at: datetime | None = None
    """Set when the table went to the bin; it is removed for good 30 days later."""


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
    """The digest of the seat code, never the code."""


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


class Play(SQLModel, table=True):
    """A table whose game ended (``status`` ``'finished'``) or that the host marked
    ``'abandoned'``: what the plays list, the stats and the exports read. ``id`` is the
    table's id (a table is one play). Self-contained: the options, the score pad and the
    history are copied in, so a play outlives its table."""

    __tablename__ = "play"

    id: str = Field(primary_key=True, max_length=32)
    game: str = Field(index=True, max_length=64)
    title: str = Field(max_length=200)
    options_json: str
    status: str = Field(max_length=16)
    started_at: datetime
    ended_at: datetime = Field(index=True)
    duration_s: int = 0
    moves: int = 0
    summary: str = ""
    tiebreak: str = Field(default="", max_length=200)
    ending: str = Field(default="", max_length=200)
    """The rule ID the game gave for how it ended (``Outcome.rule``); empty if abandoned."""
    winners_json: str = "[]"
    sheet_json: str = ""
    history_json: str = "[]"


class PlaySeat(SQLModel, table=True):
    """One seat of a play: who sat there, their total, whether they won and their place
    (1 = first; shared places for ties and for a team that won or lost together)."""

    __tablename__ = "play_seat"
    __table_args__ = (UniqueConstraint("play_id", "position"),)

    id: int | None = Field(default=None, primary_key=True)
    play_id: str = Field(foreign_key="play.id", index=True, max_length=32)
    position: int
    player_id: int | None = Field(default=None, foreign_key="player.id", index=True)
    name: str = Field(max_length=80)
    score: int | None = None
    winner: bool = False
    place: int | None = None


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
