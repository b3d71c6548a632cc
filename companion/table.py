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

from sqlalchemy import delete, func, update
from sqlmodel import Session, col, select

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
        self._stored_head = row.head_seq
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
            seats = list(session.exec(select(Seat).where(Seat.table_id == table_id)).all())
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
        with self._db.session() as session:
            base, state = self._base_state(session, head)
            events = session.exec(
                select(Event)
                .where(Event.table_id == self.id, Event.seq > base, Event.seq <= head)
                .order_by(col(Event.seq))
            ).all()
        good = base
        for ev in events:
            if ev.seq != good + 1:
                return _Loaded(
                    state, good, base, self._problem(good, f"event {good + 1} is missing")
                )
            try:
                state = self.game.apply(state, self._decode(ev))
            except Exception as exc:  # any failure here is damaged data, never a crash
                return _Loaded(state, good, base, self._problem(good, _reason(ev.seq, exc)))
            good = ev.seq
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

    def _base_state(self, session: Session, head: int) -> tuple[int, Any]:
        """The latest readable snapshot at or before ``head``, else the starting state."""
        snaps = session.exec(
            select(Snapshot)
            .where(Snapshot.table_id == self.id, Snapshot.seq <= head, Snapshot.seq >= 0)
            .order_by(col(Snapshot.seq).desc())
        ).all()
        for snap in snaps:
            try:
                return snap.seq, self.game.state_from_json(json.loads(snap.state_json))
            except Exception as exc:  # a damaged snapshot: fall back to an older one
                log.warning("table %s: snapshot %d unreadable (%s)", self.id, snap.seq, exc)
        return 0, self.game.setup(self.options)

    def _decode(self, ev: Event) -> Action:
        return self.game.decode_action(json.loads(ev.action_json))

    def _count_redo(self) -> int:
        with self._db.session() as session:
            n = session.exec(
                select(func.count())
                .select_from(Event)
                .where(Event.table_id == self.id, Event.seq > self._head, col(Event.undone))
            ).one()
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
        """The events in effect, oldest first."""
        with self._lock, self._db.session() as session:
            rows = session.exec(
                select(Event)
                .where(Event.table_id == self.id, Event.seq > 0, Event.seq <= self._head)
                .order_by(col(Event.seq))
            ).all()
        return [
            HistoryLine(r.seq, r.line, r.who, utc(r.at), r.correction, r.seat, r.device)
            for r in rows
        ]

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
            with self._db.transaction() as session:
                self._set_aside_damaged(session)
                # A new action replaces whatever could have been redone.
                session.execute(
                    delete(Event).where(col(Event.table_id) == self.id, col(Event.seq) > self._head)
                )
                session.execute(
                    delete(Snapshot).where(
                        col(Snapshot.table_id) == self.id, col(Snapshot.seq) > self._head
                    )
                )
                session.add(
                    Event(
                        table_id=self.id,
                        seq=seq,
                        action_json=json.dumps(self.game.encode_action(action)),
                        seat=seat,
                        who=actor.name,
                        device=actor.device,
                        at=moment,
                        correction=isinstance(action, Correct),
                        line=text,
                    )
                )
                self._snapshot_if_due(session, seq, after, moment)
                self._write_row(session, seq, status, moment)
            self._commit(after, seq, status, moment, redo=0)
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
            with self._db.session() as session:
                last = self._event_at(session, self._head)
                base, state = self._base_state(session, target)
                tail = session.exec(
                    select(Event)
                    .where(Event.table_id == self.id, Event.seq > base, Event.seq <= target)
                    .order_by(col(Event.seq))
                ).all()
            for ev in tail:
                state = self.game.apply(state, self._decode(ev))
            status = self._status_of(state)
            moment = now()
            with self._db.transaction() as session:
                self._set_aside_damaged(session)
                session.execute(
                    update(Event)
                    .where(col(Event.table_id) == self.id, col(Event.seq) == self._head)
                    .values(undone=True)
                )
                session.execute(
                    delete(Snapshot).where(
                        col(Snapshot.table_id) == self.id, col(Snapshot.seq) > target
                    )
                )
                self._write_row(session, target, status, moment)
            self._commit(state, target, status, moment, redo=self._redo + 1)
            change = Change(self.id, self.version, "undo", f"{actor.name} took back: {last.line}")
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
            with self._db.session() as session:
                ev = self._event_at(session, seq)
            action = self._decode(ev)
            verdict = self.game.check(self._state, action)
            if not verdict.legal:
                raise IllegalAction(verdict)
            after = self.game.apply(self._state, action)
            status = self._status_of(after)
            moment = now()
            with self._db.transaction() as session:
                session.execute(
                    update(Event)
                    .where(col(Event.table_id) == self.id, col(Event.seq) == seq)
                    .values(undone=False)
                )
                self._snapshot_if_due(session, seq, after, moment)
                self._write_row(session, seq, status, moment)
            self._commit(after, seq, status, moment, redo=self._redo - 1)
            change = Change(self.id, self.version, "redo", f"{actor.name} put back: {ev.line}")
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
            with self._db.transaction() as session:
                session.execute(
                    update(GameTable)
                    .where(col(GameTable.id) == self.id)
                    .values(join_token=join_token)
                )
                for info, token in zip(self.seats, seat_tokens, strict=True):
                    session.execute(
                        update(Seat)
                        .where(col(Seat.table_id) == self.id, col(Seat.position) == info.position)
                        .values(seat_token=token)
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

    def _event_at(self, session: Session, seq: int) -> Event:
        ev = session.exec(
            select(Event).where(Event.table_id == self.id, Event.seq == seq)
        ).one_or_none()
        if ev is None:
            raise LookupError(f"event {seq} of this table is missing from the database")
        return ev

    def _status_of(self, state: Any) -> str:
        return "finished" if self.game.outcome(state) is not None else "active"

    def _snapshot_if_due(self, session: Session, seq: int, state: Any, moment: datetime) -> None:
        if seq % self.snapshot_every == 0:
            session.execute(
                delete(Snapshot).where(col(Snapshot.table_id) == self.id, col(Snapshot.seq) == seq)
            )
            session.add(
                Snapshot(
                    table_id=self.id,
                    seq=seq,
                    state_json=json.dumps(self.game.state_to_json(state)),
                    at=moment,
                )
            )

    def _write_row(self, session: Session, head: int, status: str, moment: datetime) -> None:
        """Move the table row to ``head`` and the next version. The stored version must still
        be ours: if another process changed this table, the whole transaction is refused."""
        result = session.execute(
            update(GameTable)
            .where(col(GameTable.id) == self.id, col(GameTable.version) == self.version)
            .values(version=self.version + 1, head_seq=head, status=status, updated_at=moment)
        )
        if getattr(result, "rowcount", 1) != 1:
            raise StaleVersion(
                "this table was changed by another program using the same database; "
                "reopen it and try again"
            )

    def _set_aside_damaged(self, session: Session) -> None:
        """After a load problem, the unreplayable events above the good head get a negative
        number (kept for inspection, never replayed) before anything new is written."""
        if self.load_problem is None:
            return
        rows = session.exec(
            select(Event).where(Event.table_id == self.id, Event.seq > self._head)
        ).all()
        for ev in rows:
            assert ev.id is not None
            ev.seq = -ev.id
            ev.undone = True
            session.add(ev)
        session.flush()

    def _commit(self, state: Any, head: int, status: str, moment: datetime, *, redo: int) -> None:
        """In-memory bookkeeping, only ever after the transaction committed."""
        self._state = state
        self._head = head
        self._stored_head = head
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
