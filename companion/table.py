"""The live table: one play of one game, shared by every device connected to it.

Every change goes the same way: under the table's lock the action is checked (version, seat,
rules), applied to a new immutable state, written to the event log in ONE transaction, and
only after the commit is the in-memory state replaced and the subscribers told. A crash at
any point therefore loses nothing that was acknowledged, and no device ever sees a state the
database does not hold.

Undo marks the last event in effect as undone and rebuilds the state from the nearest
snapshot; redo puts the first undone event back (checked again); a new action discards what
could have been redone. ``version`` grows on every do, undo and redo so a device that missed
a change notices and resyncs.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import logging
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import BindParameter, Connection, Table, bindparam, func, select, true
from sqlmodel import select as orm_select

from rules import registry
from rules.core import Action, Correct, Game, IllegalAction, Outcome, Verdict, to_jsonable

from .store import Database, Event, GameTable, Seat, Snapshot
from .store.models import now, utc

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 100
"""Default number of events between two stored snapshots of the full state."""


@dataclass(frozen=True)
class Actor:
    """Who is acting: the device, the person's name (shown in the history) and the seats
    they may act for (``None``: any seat, for the host or a phone passed around the table)."""

    device: str
    name: str
    seats: frozenset[int] | None = None


@dataclass(frozen=True)
class Change:
    """What subscribers are told after a commit. ``kind`` is ``'do'``, ``'undo'``,
    ``'redo'`` or ``'revoked'``; ``line`` says it in plain words."""

    table_id: str
    version: int
    kind: str
    line: str


@dataclass(frozen=True)
class SeatInfo:
    position: int
    name: str
    player_id: int | None


@dataclass(frozen=True)
class HistoryLine:
    """One event in effect: its number, what happened, who did it, when (UTC) and whether it
    was a correction to match the box."""

    seq: int
    text: str
    who: str
    at: datetime
    correction: bool
    seat: int | None = None
    device: str = ""


class StaleVersion(Exception):
    """The device acted on an old version of the table; it should resync and try again."""


class NotYourSeat(PermissionError):
    """The actor may not act for the seat named in the action."""


class TableLoadError(ValueError):
    """The table cannot be opened at all (its game is not available, or its options cannot
    be read). Nothing is changed in the database."""


Subscriber = Callable[[Change], None]

# Statements built once: the live table runs them on every action, and building SQLAlchemy
# expressions anew each time would cost more than the write itself.
_EV: Table = Event.__table__  # type: ignore[attr-defined]
_SN: Table = Snapshot.__table__  # type: ignore[attr-defined]
_GT: Table = GameTable.__table__  # type: ignore[attr-defined]
_SEAT: Table = Seat.__table__  # type: ignore[attr-defined]
_TID: BindParameter[str] = bindparam("tid")
_EVENTS_BETWEEN = (
    select(_EV.c.seq, _EV.c.action_json)
    .where(_EV.c.table_id == _TID, _EV.c.seq > bindparam("lo"), _EV.c.seq <= bindparam("hi"))
    .order_by(_EV.c.seq)
)
_HISTORY_COLUMNS = (
    _EV.c.seq,
    _EV.c.line,
    _EV.c.who,
    _EV.c.at,
    _EV.c.correction,
    _EV.c.seat,
    _EV.c.device,
)
_HISTORY = (
    select(*_HISTORY_COLUMNS)
    .where(_EV.c.table_id == _TID, _EV.c.seq > 0, _EV.c.seq <= bindparam("hi"))
    .order_by(_EV.c.seq)
)
_EVENT_AT = select(*_HISTORY_COLUMNS, _EV.c.action_json).where(
    _EV.c.table_id == _TID, _EV.c.seq == bindparam("at_seq")
)
_SNAPSHOTS_DOWN_FROM = (
    select(_SN.c.seq, _SN.c.state_json)
    .where(_SN.c.table_id == _TID, _SN.c.seq <= bindparam("hi"), _SN.c.seq >= 0)
    .order_by(_SN.c.seq.desc())
)
_REDO_COUNT = (
    select(func.count())
    .select_from(_EV)
    .where(_EV.c.table_id == _TID, _EV.c.seq > bindparam("lo"), _EV.c.undone == true())
)
_EVENT_IDS_AFTER = select(_EV.c.id).where(_EV.c.table_id == _TID, _EV.c.seq > bindparam("lo"))
_SET_ASIDE = (
    _EV.update()
    .where(_EV.c.id == bindparam("row_id"))
    .values(seq=bindparam("new_seq"), undone=True)
)
_DELETE_EVENTS_AFTER = _EV.delete().where(_EV.c.table_id == _TID, _EV.c.seq > bindparam("lo"))
_DELETE_SNAPSHOTS_AFTER = _SN.delete().where(_SN.c.table_id == _TID, _SN.c.seq > bindparam("lo"))
_DELETE_SNAPSHOT_AT = _SN.delete().where(_SN.c.table_id == _TID, _SN.c.seq == bindparam("at_seq"))
_MARK_UNDONE = (
    _EV.update()
    .where(_EV.c.table_id == _TID, _EV.c.seq == bindparam("at_seq"))
    .values(undone=bindparam("flag"))
)
_MOVE_ROW = (
    _GT.update()
    .where(_GT.c.id == _TID, _GT.c.version == bindparam("expected"))
    .values(
        version=bindparam("new_version"),
        head_seq=bindparam("new_head"),
        status=bindparam("new_status"),
        updated_at=bindparam("moment"),
    )
)
_SET_JOIN_TOKEN = _GT.update().where(_GT.c.id == _TID).values(join_token=bindparam("token"))
_SET_SEAT_TOKEN = (
    _SEAT.update()
    .where(_SEAT.c.table_id == _TID, _SEAT.c.position == bindparam("pos"))
    .values(seat_token=bindparam("token"))
)


@dataclass
class _Loaded:
    state: Any
    good_head: int
    base: int
    problem: str | None


class LiveTable:
    """The shared, thread-safe state of one table. Obtain it from ``Hub.open``/
    ``Hub.create_table``; never construct two for the same table in one process."""

    def __init__(
        self,
        db: Database,
        row: GameTable,
        seats: list[Seat],
        game: Game[Any, Any],
        options: Any,
        *,
        snapshot_every: int = SNAPSHOT_EVERY,
    ) -> None:
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        self._db = db
        self.id: str = row.id
        self.game: Game[Any, Any] = game
        self.options: Any = options
        self.title: str = row.title
        self.created_at: datetime = utc(row.created_at)
        self.updated_at: datetime = utc(row.updated_at)
        ordered = sorted(seats, key=lambda s: s.position)
        self.seats: list[SeatInfo] = [SeatInfo(s.position, s.name, s.player_id) for s in ordered]
        self.join_token: str = row.join_token
        self.seat_tokens: list[str] = [s.seat_token for s in ordered]
        self.snapshot_every = snapshot_every
        self._lock = threading.RLock()
        self._subscribers: dict[int, Subscriber] = {}
        self._ids = itertools.count(1)
        self._outbox: deque[Change] = deque()
        self._outbox_lock = threading.Lock()
        self._draining = False

        self.version: int = row.version
        self.status: str = row.status
        loaded = self._load(row.head_seq)
        self._state: Any = loaded.state
        self._head = loaded.good_head
        self.loaded_from_seq = loaded.base
        """The snapshot the state was rebuilt from on opening (0: the starting state)."""
        self.load_problem: str | None = loaded.problem
        """``None``, or what went wrong replaying the stored log; the table then stands at
        the last event that could be replayed, and the unreadable ones are kept aside in
        the database (set aside for good at the next change)."""
        self._redo = 0 if self.load_problem else self._count_redo()
        self._history: list[HistoryLine] | None = None

    # ----- opening -----------------------------------------------------------------------

    @classmethod
    def load(
        cls, db: Database, table_id: str, *, snapshot_every: int = SNAPSHOT_EVERY
    ) -> LiveTable:
        """Open the stored table ``table_id``. Raises ``KeyError`` if there is none and
        ``TableLoadError`` if its game or options cannot be used."""
        with db.session() as session:
            row = session.get(GameTable, table_id)
            if row is None:
                raise KeyError(table_id)
            seats = list(session.exec(orm_select(Seat).where(Seat.table_id == table_id)).all())
        try:
            game = registry.get(row.game)
        except KeyError as exc:
            raise TableLoadError(f"table {row.title!r} cannot be opened: {exc}") from None
        try:
            options = game.decode_options(json.loads(row.options_json))
        except ValueError as exc:
            raise TableLoadError(
                f"table {row.title!r} cannot be opened: its options are unreadable ({exc})"
            ) from None
        return cls(db, row, seats, game, options, snapshot_every=snapshot_every)

    def _load(self, head: int) -> _Loaded:
        """The state after event ``head``, replayed from the latest readable snapshot. Stops
        at the first event that cannot be read or applied, and says so."""
        with self._db.read() as conn:
            base, state = self._base_state(conn, head)
            events = conn.execute(_EVENTS_BETWEEN, {"tid": self.id, "lo": base, "hi": head}).all()
        good = base
        for seq, action_json in events:
            if seq != good + 1:
                break
            try:
                state = self.game.apply(state, self._decode(action_json))
            except Exception as exc:  # any failure here is damaged data, never a crash
                return _Loaded(state, good, base, self._problem(good, _reason(seq, exc)))
            good = seq
        if good != head:
            return _Loaded(state, good, base, self._problem(good, f"event {good + 1} is missing"))
        return _Loaded(state, good, base, None)

    def _problem(self, good: int, what: str) -> str:
        text = (
            f"Part of this table's history could not be read: {what}. The table is shown as "
            f"it stood after event {good}; the unreadable events are kept aside."
        )
        log.error("table %s: %s", self.id, text)
        return text

    def _base_state(self, conn: Connection, head: int) -> tuple[int, Any]:
        """The latest readable snapshot at or before ``head``, else the starting state."""
        for seq, state_json in conn.execute(_SNAPSHOTS_DOWN_FROM, {"tid": self.id, "hi": head}):
            try:
                return seq, self.game.state_from_json(json.loads(state_json))
            except Exception as exc:  # a damaged snapshot: fall back to an older one
                log.warning("table %s: snapshot %d unreadable (%s)", self.id, seq, exc)
        return 0, self.game.setup(self.options)

    def _state_at(self, head: int) -> Any:
        """The state after event ``head`` (<= the current head), from the nearest snapshot."""
        with self._db.read() as conn:
            base, state = self._base_state(conn, head)
            tail = conn.execute(_EVENTS_BETWEEN, {"tid": self.id, "lo": base, "hi": head}).all()
        for _seq, action_json in tail:
            state = self.game.apply(state, self._decode(action_json))
        return state

    def _decode(self, action_json: str) -> Action:
        return self.game.decode_action(json.loads(action_json))

    def _count_redo(self) -> int:
        with self._db.read() as conn:
            n = conn.execute(_REDO_COUNT, {"tid": self.id, "lo": self._head}).scalar_one()
        return int(n)

    # ----- reading -----------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The full current state. Screens render ``state_for(seat)`` instead."""
        return self._state

    @property
    def head(self) -> int:
        """Number of the last event in effect (0 before the first action)."""
        return self._head

    @property
    def can_undo(self) -> bool:
        return self._head > 0

    @property
    def can_redo(self) -> bool:
        return self._redo > 0

    @property
    def seat_names(self) -> list[str]:
        return [s.name for s in self.seats]

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self._state)

    def state_for(self, seat: int | None) -> Any:
        """The current state as ``seat`` may know it (``None``: a spectator)."""
        return self.game.redact(self._state, seat)

    def check(self, action: Action) -> Verdict:
        """Is ``action`` legal now? No side effects."""
        with self._lock:
            return self.game.check(self._state, action)

    def history(self) -> list[HistoryLine]:
        """The events in effect, oldest first (read from the database once, then kept up to
        date in memory, so screens may ask after every change)."""
        with self._lock:
            if self._history is None:
                with self._db.read() as conn:
                    rows = conn.execute(_HISTORY, {"tid": self.id, "hi": self._head}).all()
                self._history = [_line(row) for row in rows]
            return list(self._history)

    def subscribe(self, fn: Subscriber) -> Callable[[], None]:
        """Call ``fn(change)`` after every committed change, in order; returns a function
        that unsubscribes. A subscriber that raises is logged and skipped; it never undoes
        the change nor stops the other subscribers. Keep subscribers quick."""
        with self._outbox_lock:
            key = next(self._ids)
            self._subscribers[key] = fn

        def unsubscribe() -> None:
            with self._outbox_lock:
                self._subscribers.pop(key, None)

        return unsubscribe

    # ----- changing ----------------------------------------------------------------------

    def do(self, action: Action, actor: Actor, expected_version: int | None = None) -> Change:
        """Apply ``action`` for ``actor`` and record it.

        Raises ``StaleVersion`` when ``expected_version`` is given and is not the current
        version, ``NotYourSeat`` when the action names a seat the actor may not act for,
        ``IllegalAction`` (with the verdict) when the rules say no, and ``StorageError``
        when it cannot be saved. On any error nothing changes.
        """
        with self._lock:
            if expected_version is not None and expected_version != self.version:
                raise StaleVersion(
                    f"the table moved on to version {self.version} (this device had "
                    f"{expected_version}); reload the table and try again"
                )
            seat = action_seat(action)
            if seat is None:
                seat = self.game.acting_seat(self._state, action)
            if seat is not None and actor.seats is not None and seat not in actor.seats:
                mine = ", ".join(str(s) for s in sorted(actor.seats)) or "none"
                raise NotYourSeat(
                    f"{actor.name} may act only for seat(s) {mine}, not for seat {seat}"
                )
            before = self._state
            verdict = self.game.check(before, action)
            if not verdict.legal:
                raise IllegalAction(verdict)
            after = self.game.apply(before, action)
            text = self.game.describe(before, action)
            seq = self._head + 1
            status = self._status_of(after)
            moment = now()
            line = HistoryLine(
                seq, text, actor.name, moment, isinstance(action, Correct), seat, actor.device
            )
            with self._db.write() as conn:
                self._set_aside_damaged(conn)
                # A new action replaces whatever could have been redone.
                conn.execute(_DELETE_EVENTS_AFTER, {"tid": self.id, "lo": self._head})
                conn.execute(_DELETE_SNAPSHOTS_AFTER, {"tid": self.id, "lo": self._head})
                conn.execute(
                    _EV.insert(),
                    {
                        "table_id": self.id,
                        "seq": seq,
                        "action_json": json.dumps(self.game.encode_action(action)),
                        "seat": seat,
                        "who": actor.name,
                        "device": actor.device,
                        "at": moment,
                        "correction": line.correction,
                        "undone": False,
                        "line": text,
                    },
                )
                self._snapshot_if_due(conn, seq, after, moment)
                self._write_row(conn, seq, status, moment)
            self._commit(after, seq, status, moment, redo=0)
            if self._history is not None:
                self._history.append(line)
            change = Change(self.id, self.version, "do", f"{actor.name}: {text}")
            self._enqueue(change)
        self._drain()
        return change

    def undo(self, actor: Actor) -> Change:
        """Take back the last event in effect. Raises ``LookupError`` when there is none."""
        with self._lock:
            if self._head == 0:
                raise LookupError("there is nothing to undo")
            target = self._head - 1
            last = self._event_at(self._head)
            state = self._state_at(target)
            status = self._status_of(state)
            moment = now()
            with self._db.write() as conn:
                self._set_aside_damaged(conn)
                conn.execute(_MARK_UNDONE, {"tid": self.id, "at_seq": self._head, "flag": True})
                conn.execute(_DELETE_SNAPSHOTS_AFTER, {"tid": self.id, "lo": target})
                self._write_row(conn, target, status, moment)
            self._commit(state, target, status, moment, redo=self._redo + 1)
            if self._history is not None:
                del self._history[target:]
            change = Change(self.id, self.version, "undo", f"{actor.name} took back: {last.text}")
            self._enqueue(change)
        self._drain()
        return change

    def redo(self, actor: Actor) -> Change:
        """Put back the first undone event, checked again against the current state.
        Raises ``LookupError`` when there is nothing to redo and ``IllegalAction`` when
        the event is no longer legal."""
        with self._lock:
            if self._redo == 0:
                raise LookupError("there is nothing to redo")
            seq = self._head + 1
            row = self._row_at(seq)
            line = _line(row)
            action = self._decode(row.action_json)
            verdict = self.game.check(self._state, action)
            if not verdict.legal:
                raise IllegalAction(verdict)
            after = self.game.apply(self._state, action)
            status = self._status_of(after)
            moment = now()
            with self._db.write() as conn:
                conn.execute(_MARK_UNDONE, {"tid": self.id, "at_seq": seq, "flag": False})
                self._snapshot_if_due(conn, seq, after, moment)
                self._write_row(conn, seq, status, moment)
            self._commit(after, seq, status, moment, redo=self._redo - 1)
            if self._history is not None:
                self._history.append(line)
            change = Change(self.id, self.version, "redo", f"{actor.name} put back: {line.text}")
            self._enqueue(change)
        self._drain()
        return change

    def revoke_tokens(self, join_token: str, seat_tokens: list[str]) -> Change:
        """Replace the join and seat tokens (the old ones stop working at once) and tell
        subscribers with a ``'revoked'`` change so connected devices drop out. Used by
        ``Hub.revoke_tokens``, which makes the new tokens."""
        if len(seat_tokens) != len(self.seats):
            raise ValueError("one seat token per seat is needed")
        with self._lock:
            with self._db.write() as conn:
                conn.execute(_SET_JOIN_TOKEN, {"tid": self.id, "token": join_token})
                for info, token in zip(self.seats, seat_tokens, strict=True):
                    conn.execute(
                        _SET_SEAT_TOKEN, {"tid": self.id, "pos": info.position, "token": token}
                    )
            self.join_token = join_token
            self.seat_tokens = list(seat_tokens)
            change = Change(
                self.id,
                self.version,
                "revoked",
                "The host renewed this table's join codes; scan the new code to rejoin.",
            )
            self._enqueue(change)
        self._drain()
        return change

    # ----- internals ---------------------------------------------------------------------

    def _row_at(self, seq: int) -> Any:
        with self._db.read() as conn:
            row = conn.execute(_EVENT_AT, {"tid": self.id, "at_seq": seq}).one_or_none()
        if row is None:
            raise LookupError(f"event {seq} of this table is missing from the database")
        return row

    def _event_at(self, seq: int) -> HistoryLine:
        return _line(self._row_at(seq))

    def _status_of(self, state: Any) -> str:
        return "finished" if self.game.outcome(state) is not None else "active"

    def _snapshot_if_due(self, conn: Connection, seq: int, state: Any, moment: datetime) -> None:
        if seq % self.snapshot_every == 0:
            conn.execute(_DELETE_SNAPSHOT_AT, {"tid": self.id, "at_seq": seq})
            conn.execute(
                _SN.insert(),
                {
                    "table_id": self.id,
                    "seq": seq,
                    "state_json": json.dumps(self.game.state_to_json(state)),
                    "at": moment,
                },
            )

    def _write_row(self, conn: Connection, head: int, status: str, moment: datetime) -> None:
        """Move the table row to ``head`` and the next version. The stored version must still
        be ours: if another process changed this table, the whole transaction is refused."""
        result = conn.execute(
            _MOVE_ROW,
            {
                "tid": self.id,
                "expected": self.version,
                "new_version": self.version + 1,
                "new_head": head,
                "new_status": status,
                "moment": moment,
            },
        )
        if result.rowcount != 1:
            raise StaleVersion(
                "this table was changed by another program using the same database; "
                "reopen it and try again"
            )

    def _set_aside_damaged(self, conn: Connection) -> None:
        """After a load problem, the unreplayable events above the good head get a negative
        number (kept for inspection, never replayed) before anything new is written."""
        if self.load_problem is None:
            return
        ids = conn.execute(_EVENT_IDS_AFTER, {"tid": self.id, "lo": self._head}).scalars().all()
        if ids:
            log.warning(
                "table %s: %d unreadable event(s) after event %d set aside for good (kept in "
                "the database with negative numbers)",
                self.id,
                len(ids),
                self._head,
            )
        for row_id in ids:
            conn.execute(_SET_ASIDE, {"row_id": row_id, "new_seq": -row_id})

    def _commit(self, state: Any, head: int, status: str, moment: datetime, *, redo: int) -> None:
        """In-memory bookkeeping, only ever after the transaction committed."""
        self._state = state
        self._head = head
        self.version += 1
        self.status = status
        self.updated_at = moment
        self._redo = redo
        self.load_problem = None

    def _enqueue(self, change: Change) -> None:
        # Called under the table lock, so changes queue in commit order.
        with self._outbox_lock:
            self._outbox.append(change)

    def _drain(self) -> None:
        """Deliver queued changes outside the table lock (a subscriber may call back into
        the table from another thread), one drainer at a time so order is kept."""
        while True:
            with self._outbox_lock:
                if self._draining or not self._outbox:
                    return
                self._draining = True
                change = self._outbox.popleft()
                subscribers = list(self._subscribers.values())
            try:
                for fn in subscribers:
                    try:
                        fn(change)
                    except Exception:
                        log.exception("a subscriber of table %s failed on %s", self.id, change.kind)
            finally:
                with self._outbox_lock:
                    self._draining = False

    def __repr__(self) -> str:
        return f"LiveTable({self.id!r}, game={self.game.slug!r}, version={self.version})"


def _line(row: Any) -> HistoryLine:
    return HistoryLine(
        seq=row.seq,
        text=row.line,
        who=row.who,
        at=utc(row.at),
        correction=bool(row.correction),
        seat=row.seat,
        device=row.device,
    )


def action_seat(action: Action) -> int | None:
    """The seat an action is taken for, if it has an integer ``seat`` field."""
    if not any(f.name == "seat" for f in dataclasses.fields(action)):
        return None
    seat = getattr(action, "seat", None)
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def options_to_json(options: Any) -> str:
    """Options as stored in the table row."""
    return json.dumps(to_jsonable(options), sort_keys=True)


def _reason(seq: int, exc: Exception) -> str:
    if isinstance(exc, IllegalAction):
        return f"event {seq} is no longer legal ({exc})"
    if isinstance(exc, ValueError):
        return f"event {seq} is unreadable ({exc})"
    return f"event {seq} could not be replayed ({type(exc).__name__}: {exc})"
