"""The live table: one play of one game, shared by every device connected to it.

Every change goes the same way: under the table's lock the action is checked (version, seat,
rules), applied to a new immutable state, written to the event log in ONE transaction, and
only after the commit is the in-memory state replaced and the subscribers told. A crash at
any point therefore loses nothing that was acknowledged, and no device ever sees a state the
database does not hold.

Undo marks the last event in effect (or, for the host's "undo to here", every event after a
chosen one) as undone and rebuilds the state from the nearest snapshot; redo puts the first
undone event back (checked again); a new action discards what could have been redone.
``version`` grows on every do, undo and redo. An undo or redo from a screen names the move
it means (a ``MoveRef``: the event's number and its row in the log, as that screen showed
it), so when four phones press Undo on the same move, however far apart their taps land,
that one move is taken back and the other three are told it already was
(``AlreadyTakenBack``). A version would not do: the host redraws every screen as soon as
the first undo lands, before the other players' fingers are up. Each undo and redo is
written, in the same transaction, to the ``takeback`` table: who took back (or put back)
what, and when.

Who may take back what: the host anything; a seat only the last move, and only its own
(a move for its seat, or a seatless one such as a correction that its device made). Redo
follows the same rule for the move it puts back.
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
from rules.core import (
    Action,
    Correct,
    Game,
    IllegalAction,
    Outcome,
    Verdict,
    decode_action,
    describe_correction,
    to_jsonable,
)

from . import codes
from .store import Database, Event, GameTable, Seat, Snapshot, Takeback
from .store.models import now, utc

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 100
"""Default number of events between two stored snapshots of the full state."""

HOST_NAME = "Host"
"""The name the history gives to moves made on the host's device (any seat's)."""


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
    chapter: str = ""
    by_seat: int | None = None
    event_id: int | None = None
    """The event's row in the log: with ``seq`` it names this move and no other."""

    @property
    def ref(self) -> MoveRef:
        """This move as an undo or redo names it."""
        return MoveRef(self.seq, self.event_id)


@dataclass(frozen=True)
class MoveRef:
    """One move as a screen showed it: its number and its row in the log. Numbers come back
    after an undo and a new move; rows do not (a new move's row is written before the
    undone ones it replaces are removed, so it never reuses their id)."""

    seq: int
    event_id: int | None


@dataclass(frozen=True)
class TakebackLine:
    """One undo (``kind='undo'``) or redo (``'redo'``) as the history tells it: events
    ``first_seq``..``last_seq`` were taken back or put back by ``who`` at ``at``; ``line``
    says it in words. ``head_after`` is where the table stood after it."""

    kind: str
    first_seq: int
    last_seq: int
    head_after: int
    who: str
    at: datetime
    line: str
    version: int


@dataclass(frozen=True)
class TimelineEntry:
    """One line of the readable history: an event in effect (``kind='event'``, ``seq`` its
    number) or an undo/redo (``'undo'``/``'redo'``, ``seq`` the event it follows)."""

    kind: str
    seq: int
    text: str
    who: str
    at: datetime
    correction: bool = False


@dataclass(frozen=True)
class Chapter:
    """Consecutive history entries from one part of the game (``title`` as the game names
    it: "Age 2", "Turn 5 · heroes"; empty for games without such parts)."""

    title: str
    entries: tuple[TimelineEntry, ...]


class StaleVersion(Exception):
    """The device acted on an old version of the table; it should resync and try again."""


class AlreadyTakenBack(LookupError):
    """The move an undo (or redo) names is no longer the one it could take back (or put
    back): another device got there first, or the table moved on. Nothing was changed; the
    message says what happened in the player's words."""


class NotYourMove(PermissionError):
    """A seat tried to take back (or put back) a move that is not its own last move."""


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
    _EV.c.chapter,
    _EV.c.by_seat,
    _EV.c.action_json,
    _EV.c.id,
)
_HISTORY = (
    select(*_HISTORY_COLUMNS)
    .where(_EV.c.table_id == _TID, _EV.c.seq > 0, _EV.c.seq <= bindparam("hi"))
    .order_by(_EV.c.seq)
)
_LINES_BETWEEN = (
    select(*_HISTORY_COLUMNS)
    .where(_EV.c.table_id == _TID, _EV.c.seq > bindparam("lo"), _EV.c.seq <= bindparam("hi"))
    .order_by(_EV.c.seq)
)
_SEATS_AND_WHO = (
    select(_EV.c.by_seat, _EV.c.seat, _EV.c.who)
    .where(_EV.c.table_id == _TID, _EV.c.seq > 0, _EV.c.seq <= bindparam("hi"))
    .where(_EV.c.seat.is_not(None) | _EV.c.by_seat.is_not(None))
    .distinct()
)
_EVENT_AT = select(*_HISTORY_COLUMNS).where(
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
_PARK_EVENTS_AFTER = (
    _EV.update().where(_EV.c.table_id == _TID, _EV.c.seq > bindparam("lo")).values(seq=-_EV.c.id)
)
_DELETE_EVENT_ROW = _EV.delete().where(_EV.c.id == bindparam("row_id"))
_DELETE_SNAPSHOTS_AFTER = _SN.delete().where(_SN.c.table_id == _TID, _SN.c.seq > bindparam("lo"))
_DELETE_SNAPSHOT_AT = _SN.delete().where(_SN.c.table_id == _TID, _SN.c.seq == bindparam("at_seq"))
_MARK_UNDONE = (
    _EV.update()
    .where(_EV.c.table_id == _TID, _EV.c.seq == bindparam("at_seq"))
    .values(undone=bindparam("flag"))
)
_MARK_UNDONE_AFTER = (
    _EV.update()
    .where(_EV.c.table_id == _TID, _EV.c.seq > bindparam("lo"), _EV.c.seq <= bindparam("hi"))
    .values(undone=True)
)
_TB: Table = Takeback.__table__  # type: ignore[attr-defined]
_TAKEBACKS = (
    select(
        _TB.c.kind,
        _TB.c.first_seq,
        _TB.c.last_seq,
        _TB.c.head_after,
        _TB.c.who,
        _TB.c.at,
        _TB.c.line,
        _TB.c.version,
    )
    .where(_TB.c.table_id == _TID)
    .order_by(_TB.c.version)
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
        self._join_hash: str = row.join_token
        self._seat_hashes: list[str] = [s.seat_token for s in ordered]
        self.join_token: str | None = None
        """The watch code in plain when this host made it (else ``None``: only its digest
        is stored, see ``companion.codes``)."""
        self.seat_tokens: list[str | None] = [None] * len(ordered)
        """Each seat's code in plain when this host made it, else ``None``."""
        self._code_played: list[bool] = [False] * len(ordered)
        """Per seat: has a device acted with the current code (see ``code_played``)?"""
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
        self._takebacks: list[TakebackLine] | None = None
        self._derived: tuple[Any, dict[Any, Any]] = (None, {})

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

    # Every screen at the table redraws after each change, each asking the same questions
    # of the same state: the answers are worked out once per state and shared (by each
    # seat, for what a seat may know) until the state changes.

    def _memo(self) -> tuple[Any, dict[Any, Any]]:
        """The current state and the answers already worked out from it."""
        state = self._state
        derived = self._derived
        if derived[0] is not state:
            derived = self._derived = (state, {})
        return derived

    def outcome(self) -> Outcome | None:
        state, memo = self._memo()
        if "outcome" not in memo:
            memo["outcome"] = self.game.outcome(state)
        result: Outcome | None = memo["outcome"]
        return result

    def state_for(self, seat: int | None) -> Any:
        """The current state as ``seat`` may know it (``None``: a spectator). Redacted once
        per seat and state: every device of that seat gets the same (immutable) object."""
        state, memo = self._memo()
        key = ("redact", seat)
        if key not in memo:
            memo[key] = self.game.redact(state, seat)
        return memo[key]

    def check(self, action: Action) -> Verdict:
        """Is ``action`` legal now? No side effects. Each distinct action is checked once
        per state, whichever screen asks."""
        with self._lock:
            state, memo = self._memo()
            try:
                key = ("check", action)
                verdict: Verdict | None = memo.get(key)
            except TypeError:  # an action holding something unhashable: just check it
                return self.game.check(state, action)
            if verdict is None:
                verdict = memo[key] = self.game.check(state, action)
            return verdict

    def legal_actions(self, seen: Any) -> list[Action]:
        """``game.legal_actions(seen)`` for a state a screen drew (one ``state_for`` gave),
        worked out once per such state for every screen showing it."""
        _state, memo = self._memo()
        key = ("legal", id(seen))
        found = memo.get(key)
        if found is None or found[0] is not seen:
            found = memo[key] = (seen, self.game.legal_actions(seen))
        return list(found[1])

    def history(self) -> list[HistoryLine]:
        """The events in effect, oldest first (read from the database once, then kept up to
        date in memory, so screens may ask after every change)."""
        with self._lock:
            if self._history is None:
                with self._db.read() as conn:
                    rows = conn.execute(_HISTORY, {"tid": self.id, "hi": self._head}).all()
                self._history = [_line(row) for row in rows]
            return list(self._history)

    def seats_on_own_phone(self) -> frozenset[int]:
        """Seats whose player has acted from their own phone (a device holding that seat's
        code), among the events in effect. Their secrets were entered there, so the shared
        phone must not offer them.

        Decided by the device that acted (``Event.by_seat``, the seat whose code it held),
        never by a name: a player called "Host" is a player like any other. Only events
        stored before ``by_seat`` was kept (schema version 4) fall back to their recorded
        name, and only ever to keep more seats private, never fewer."""
        with self._lock:
            _state, memo = self._memo()
            # Keyed by version too: a move may leave the state as it was, never the history.
            key = ("own phone", self.version)
            if key not in memo:
                memo[key] = self._seats_on_own_phone()
            own_phone: frozenset[int] = memo[key]
            return own_phone

    def _seats_on_own_phone(self) -> frozenset[int]:
        own: set[int] = set()
        count = len(self.seats)
        if self._history is None:
            # Not read yet: ask the database for the few (acting seat, seat, who) rows
            # instead of reading a long history whole just to draw the host's screen.
            with self._db.read() as conn:
                rows = conn.execute(_SEATS_AND_WHO, {"tid": self.id, "hi": self._head}).all()
            for by_seat, seat, who in rows:
                mine = by_seat if by_seat is not None else _legacy_seat(seat, who, self.seats)
                if mine is not None and 0 <= mine < count:
                    own.add(mine)
            return frozenset(own)
        for line in self.history():
            seat = line.by_seat if line.by_seat is not None else _legacy_own_phone(line, self.seats)
            if seat is not None and 0 <= seat < count:
                own.add(seat)
        return frozenset(own)

    def code_played(self, seat: int) -> bool:
        """Has a device acted with ``seat``'s current code (a move, an undo or a redo)?
        Such a code is in a player's hands; it is never shown again (``Hub.renew_code``
        makes a new one, which cuts that device off)."""
        with self._lock:
            return self._code_played[seat]

    def _note_device(self, actor: Actor) -> None:
        """Remember that ``actor``'s seat code has been used from a device."""
        seat = _single_seat(actor)
        if seat is not None and 0 <= seat < len(self._code_played):
            self._code_played[seat] = True

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

    def _not_your_seat(self, actor: Actor, seat: int) -> str:
        """The refusal for ``actor`` acting for ``seat``, naming players, not seat numbers."""

        def name(s: int) -> str:
            return self.seats[s].name if 0 <= s < len(self.seats) else f"seat {s + 1}"

        mine = " and ".join(name(s) for s in sorted(actor.seats or ())) or "no one"
        return f"{actor.name} may act only for {mine}, not for {name(seat)}"

    def do(self, action: Action, actor: Actor, expected_version: int | None = None) -> Change:
        """Apply ``action`` for ``actor`` and record it.

        Raises ``StaleVersion`` when ``expected_version`` is given and is not the current
        version, ``NotYourSeat`` when the action names a seat the actor may not act for,
        ``IllegalAction`` (with the verdict) when the rules say no, and ``StorageError``
        when it cannot be saved. On any error nothing changes.
        """
        with self._lock:
            self._check_version(expected_version)
            seat = action_seat(action)
            if seat is None:
                seat = self.game.acting_seat(self._state, action)
            if seat is not None and actor.seats is not None and seat not in actor.seats:
                raise NotYourSeat(self._not_your_seat(actor, seat))
            before = self._state
            verdict = self.game.check(before, action)
            if not verdict.legal:
                raise IllegalAction(verdict)
            after = self.game.apply(before, action)
            text = self.game.history_line(before, action)
            seq = self._head + 1
            status = self._status_of(after)
            moment = now()
            line = HistoryLine(
                seq,
                text,
                actor.name,
                moment,
                isinstance(action, Correct),
                seat,
                actor.device,
                self.game.chapter(before),
                _single_seat(actor),
            )
            with self._db.write() as conn:
                self._set_aside_damaged(conn)
                # A new action replaces whatever could have been redone. Those rows are
                # parked out of the way and removed only after the new row is written, so
                # the new move never takes over the id of one they replace (SQLite hands
                # out the highest id + 1): an undo naming the old move must not find it.
                replaced: list[int] = []
                if self._redo:
                    after_head = {"tid": self.id, "lo": self._head}
                    replaced = list(conn.execute(_EVENT_IDS_AFTER, after_head).scalars())
                    conn.execute(_PARK_EVENTS_AFTER, after_head)
                else:
                    conn.execute(_DELETE_EVENTS_AFTER, {"tid": self.id, "lo": self._head})
                conn.execute(_DELETE_SNAPSHOTS_AFTER, {"tid": self.id, "lo": self._head})
                written = conn.execute(
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
                        "chapter": line.chapter,
                        "by_seat": line.by_seat,
                    },
                )
                if replaced:
                    conn.execute(_DELETE_EVENT_ROW, [{"row_id": r} for r in replaced])
                self._snapshot_if_due(conn, seq, after, moment)
                self._write_row(conn, seq, status, moment)
            line = dataclasses.replace(line, event_id=written.inserted_primary_key[0])
            self._commit(after, seq, status, moment, redo=0)
            self._note_device(actor)
            if self._history is not None:
                self._history.append(line)
            change = Change(self.id, self.version, "do", f"{actor.name}: {text}")
            self._enqueue(change)
        self._drain()
        return change

    def undo(
        self,
        actor: Actor,
        expected_version: int | None = None,
        *,
        to_seq: int | None = None,
        move: MoveRef | None = None,
    ) -> Change:
        """Take back the last event in effect, or with ``to_seq`` every event after event
        ``to_seq`` (the host's "undo to here"; 0 takes back the whole game). The events
        taken back stay redoable, and the step is recorded in the history.

        ``move`` names the last move as the actor's screen showed it: the undo goes ahead
        only while that is still the last move in effect. Raises ``AlreadyTakenBack`` when
        it is not (taken back already, or later moves came after it), ``StaleVersion`` when
        ``expected_version`` is given and is not the current version, ``LookupError`` when
        there is nothing to undo (or ``to_seq`` is not an event before the last one),
        ``NotYourMove`` when a seat asks for more than its own last move, and
        ``StorageError`` when it cannot be saved. On any error nothing changes.
        """
        with self._lock:
            self._check_version(expected_version)
            head = self._head
            if move is not None:
                self._check_named_last(move)
            if head == 0:
                raise LookupError("there is nothing to undo")
            target = head - 1 if to_seq is None else to_seq
            if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < head:
                raise LookupError(
                    f"the table can go back only to a point between the start (0) and event "
                    f"{head - 1}; {to_seq!r} is not one"
                )
            last = self._event_at(head)
            if actor.seats is not None:
                if target != head - 1:
                    raise NotYourMove("only the host can take back more than the last move")
                _check_owns_last(actor, last)
            taken = self._texts_between(target, head)
            state = self._state_at(target)
            status = self._status_of(state)
            moment = now()
            words = _took_back(actor.name, taken, target, head)
            record = TakebackLine(
                "undo", target + 1, head, target, actor.name, moment, words, self.version + 1
            )
            with self._db.write() as conn:
                self._set_aside_damaged(conn)
                conn.execute(_MARK_UNDONE_AFTER, {"tid": self.id, "lo": target, "hi": head})
                conn.execute(_DELETE_SNAPSHOTS_AFTER, {"tid": self.id, "lo": target})
                self._record(conn, record, actor)
                self._write_row(conn, target, status, moment)
            self._commit(state, target, status, moment, redo=self._redo + head - target)
            self._note_device(actor)
            if self._history is not None:
                del self._history[target:]
            if self._takebacks is not None:
                self._takebacks.append(record)
            change = Change(self.id, self.version, "undo", words)
            self._enqueue(change)
        self._drain()
        return change

    def redo(
        self, actor: Actor, expected_version: int | None = None, *, move: MoveRef | None = None
    ) -> Change:
        """Put back the first undone event, checked again against the current state, and
        record it in the history. ``move`` names that event as the actor's screen showed it
        (``next_move``): the redo goes ahead only while it is still the next to put back.
        Raises ``AlreadyTakenBack`` when it is not (put back already, or replaced),
        ``StaleVersion`` for an out-of-date ``expected_version``, ``LookupError`` when
        there is nothing to redo, ``NotYourMove`` when a seat asks to put back another
        seat's move and ``IllegalAction`` when the event is no longer legal. On any error
        nothing changes."""
        with self._lock:
            self._check_version(expected_version)
            if self._redo == 0 and move is None:
                raise LookupError("there is nothing to redo")
            seq = self._head + 1
            row = self._row_at(seq) if self._redo else None
            if move is not None and (row is None or MoveRef(row.seq, row.id) != move):
                raise AlreadyTakenBack(self._why_not_redone(move))
            assert row is not None
            line = _line(row)
            _check_owns_next(actor, line)
            action = self._decode(row.action_json)
            verdict = self.game.check(self._state, action)
            if not verdict.legal:
                raise IllegalAction(verdict)
            after = self.game.apply(self._state, action)
            status = self._status_of(after)
            moment = now()
            words = f"{actor.name} put back: {line.text}"
            record = TakebackLine(
                "redo", seq, seq, seq, actor.name, moment, words, self.version + 1
            )
            with self._db.write() as conn:
                conn.execute(_MARK_UNDONE, {"tid": self.id, "at_seq": seq, "flag": False})
                self._snapshot_if_due(conn, seq, after, moment)
                self._record(conn, record, actor)
                self._write_row(conn, seq, status, moment)
            self._commit(after, seq, status, moment, redo=self._redo - 1)
            self._note_device(actor)
            if self._history is not None:
                self._history.append(line)
            if self._takebacks is not None:
                self._takebacks.append(record)
            change = Change(self.id, self.version, "redo", words)
            self._enqueue(change)
        self._drain()
        return change

    def remember_codes(self, join_token: str, seat_tokens: list[str]) -> None:
        """Keep the plain codes of a table just created (their digests are stored)."""
        with self._lock:
            self.join_token = join_token
            self.seat_tokens = list(seat_tokens)

    def grant(self, hashed: str) -> tuple[str | None, int | None]:
        """What the code with digest ``hashed`` grants at this table: ``('viewer', None)``,
        ``('seat', position)`` or ``(None, None)``. Every digest is compared, in constant
        time, so the timing says nothing about which one matched."""
        with self._lock:
            join, seats = self._join_hash, list(self._seat_hashes)
        found: tuple[str | None, int | None] = (None, None)
        if codes.same(hashed, join):
            found = ("viewer", None)
        for info, seat_hash in zip(self.seats, seats, strict=True):
            if codes.same(hashed, seat_hash):
                found = ("seat", info.position)
        return found

    def undo_offer(self, actor: Actor) -> HistoryLine:
        """The move a plain ``undo`` by ``actor`` would take back now, for the screen to
        name before asking. Raises what ``undo`` would: ``LookupError`` when there is
        nothing to undo, ``NotYourMove`` when it is not the actor's. Changes nothing."""
        with self._lock:
            last = self.last_move()
            if last is None:
                raise LookupError("there is nothing to undo")
            _check_owns_last(actor, last)
            return last

    def redo_offer(self, actor: Actor) -> HistoryLine:
        """The move a ``redo`` by ``actor`` would put back now, for the screen to name
        before asking. Raises what ``redo`` would: ``LookupError`` when there is nothing
        to redo, ``NotYourMove`` when it is not the actor's. Changes nothing."""
        with self._lock:
            following = self.next_move()
            if following is None:
                raise LookupError("there is nothing to redo")
            _check_owns_next(actor, following)
            return following

    def may_undo(self, actor: Actor) -> bool:
        """Would ``undo(actor)`` be allowed now (something to undo, and it is the actor's)?"""
        with self._lock:
            if self._head == 0:
                return False
            if actor.seats is None:
                return True
            line = self._history[-1] if self._history else None
            if line is None or line.seq != self._head:
                line = self._event_at(self._head)
            return _owns(actor, line)

    def next_move(self) -> HistoryLine | None:
        """The first undone event (what a redo would put back), or ``None``. Read once per
        version, whichever screen asks."""
        with self._lock:
            if self._redo == 0:
                return None
            _state, memo = self._memo()
            key = ("next move", self.version)
            if key not in memo:
                memo[key] = self._event_at(self._head + 1)
            following: HistoryLine = memo[key]
            return following

    def last_move(self) -> HistoryLine | None:
        """The last event in effect (what a plain undo would take back), or ``None``."""
        with self._lock:
            if self._head == 0:
                return None
            if self._history and self._history[-1].seq == self._head:
                return self._history[-1]
            _state, memo = self._memo()
            key = ("last move", self.version)
            if key not in memo:
                memo[key] = self._event_at(self._head)
            last: HistoryLine = memo[key]
            return last

    def takebacks(self) -> list[TakebackLine]:
        """Every undo and redo of this table, oldest first (including those whose events
        were later replaced by new moves: the history keeps what happened)."""
        with self._lock:
            if self._takebacks is None:
                with self._db.read() as conn:
                    rows = conn.execute(_TAKEBACKS, {"tid": self.id}).all()
                self._takebacks = [
                    TakebackLine(
                        r.kind,
                        r.first_seq,
                        r.last_seq,
                        r.head_after,
                        r.who,
                        utc(r.at),
                        r.line,
                        r.version,
                    )
                    for r in rows
                ]
            return list(self._takebacks)

    def timeline(self) -> list[Chapter]:
        """The history as a readable timeline, oldest first: the events in effect and every
        undo and redo, in the order they happened, grouped into the game's chapters
        (consecutive entries of one Age, turn...). An undo or redo belongs to the chapter
        of the entry before it."""
        events = self.history()
        takebacks = deque(self.takebacks())
        chapters: list[tuple[str, list[TimelineEntry]]] = []
        title = events[0].chapter if events else ""

        def add(entry: TimelineEntry) -> None:
            if not chapters or chapters[-1][0] != title:
                chapters.append((title, []))
            chapters[-1][1].append(entry)

        def add_takebacks_before(moment: datetime | None, seq: int) -> None:
            while takebacks and (moment is None or takebacks[0].at < moment):
                tb = takebacks.popleft()
                add(TimelineEntry(tb.kind, seq, tb.line, tb.who, tb.at))

        last = 0
        for ev in events:
            add_takebacks_before(ev.at, last)
            title = ev.chapter
            add(TimelineEntry("event", ev.seq, ev.text, ev.who, ev.at, ev.correction))
            last = ev.seq
        add_takebacks_before(None, last)
        return [Chapter(t, tuple(entries)) for t, entries in chapters]

    def revoke_tokens(self, join_token: str | None, seat_tokens: list[str | None]) -> Change:
        """Replace the join and seat tokens (``None``: keep that one; the old ones stop
        working at once) and tell subscribers with a ``'revoked'`` change so connected
        devices re-check their code. Only digests are stored. Used by ``Hub.revoke_tokens``
        and ``Hub.renew_code``, which make the new tokens."""
        if len(seat_tokens) != len(self.seats):
            raise ValueError("one seat token per seat is needed")
        with self._lock:
            with self._db.write() as conn:
                if join_token is not None:
                    conn.execute(
                        _SET_JOIN_TOKEN, {"tid": self.id, "token": codes.digest(join_token)}
                    )
                for info, token in zip(self.seats, seat_tokens, strict=True):
                    if token is not None:
                        conn.execute(
                            _SET_SEAT_TOKEN,
                            {"tid": self.id, "pos": info.position, "token": codes.digest(token)},
                        )
            if join_token is not None:
                self.join_token, self._join_hash = join_token, codes.digest(join_token)
            for i, token in enumerate(seat_tokens):
                if token is not None:
                    self.seat_tokens[i], self._seat_hashes[i] = token, codes.digest(token)
                    self._code_played[i] = False
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

    def _check_version(self, expected_version: int | None) -> None:
        if expected_version is not None and expected_version != self.version:
            raise StaleVersion(
                f"the table moved on to version {self.version} (this device had "
                f"{expected_version}); reload the table and try again"
            )

    def _line_at(self, seq: int) -> HistoryLine | None:
        """Event ``seq`` if it is in effect (``1 <= seq <= head``), else ``None``."""
        if not 1 <= seq <= self._head:
            return None
        if self._history is not None and len(self._history) >= seq:
            return self._history[seq - 1]
        return self._event_at(seq)

    def not_last(self, move: MoveRef) -> str | None:
        """``None`` while ``move`` is the last event in effect; else why an undo naming it
        would be refused, in the player's words."""
        with self._lock:
            named = self._line_at(move.seq)
            if named is None or named.event_id != move.event_id:
                return "Nothing was taken back: that move was already taken back."
            if move.seq != self._head:
                later = self._head - move.seq
                return (
                    f"Nothing was taken back: {later} more move{'s' if later != 1 else ''} "
                    f"came after the one your screen showed. Your screen now shows the table "
                    f"as it is."
                )
            return None

    def _check_named_last(self, move: MoveRef) -> None:
        """Raise ``AlreadyTakenBack`` unless ``move`` is the last event in effect."""
        why = self.not_last(move)
        if why is not None:
            raise AlreadyTakenBack(why)

    def _why_not_redone(self, move: MoveRef) -> str:
        named = self._line_at(move.seq)
        if named is not None and named.event_id == move.event_id:
            return "Nothing was put back: that move was already put back."
        return (
            "Nothing was put back: that move can no longer be put back (a new move replaced "
            "it, or it was taken back again). Your screen now shows the table as it is."
        )

    def _texts_between(self, lo: int, hi: int) -> list[str]:
        """The history lines of events ``lo+1``..``hi`` (all in effect), oldest first."""
        if self._history is not None and len(self._history) >= hi:
            return [h.text for h in self._history[lo:hi]]
        with self._db.read() as conn:
            rows = conn.execute(_LINES_BETWEEN, {"tid": self.id, "lo": lo, "hi": hi}).all()
        return [_line(r).text for r in rows]

    def _record(self, conn: Connection, record: TakebackLine, actor: Actor) -> None:
        conn.execute(
            _TB.insert(),
            {
                "table_id": self.id,
                "version": record.version,
                "kind": record.kind,
                "first_seq": record.first_seq,
                "last_seq": record.last_seq,
                "head_after": record.head_after,
                "who": actor.name,
                "device": actor.device,
                "seat": _single_seat(actor),
                "at": record.at,
                "line": record.line,
            },
        )

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
    text = row.line
    if row.correction and text.startswith("Correction: {"):
        # Stored before corrections were written in words: say it in words now.
        try:
            action = decode_action({"correct": Correct}, json.loads(row.action_json))
            assert isinstance(action, Correct)
            text = describe_correction(action)
        except (ValueError, AssertionError):
            pass
    return HistoryLine(
        seq=row.seq,
        text=text,
        who=row.who,
        at=utc(row.at),
        correction=bool(row.correction),
        seat=row.seat,
        device=row.device,
        chapter=row.chapter or "",
        by_seat=row.by_seat,
        event_id=row.id,
    )


def _legacy_own_phone(line: HistoryLine, seats: list[SeatInfo]) -> int | None:
    """For an event stored before the acting device's seat was kept (``by_seat`` empty):
    its seat if it was recorded under that seat's player name rather than the shared
    phone's, else ``None``. Events written since then always carry ``by_seat`` when a
    seat's own phone made them, and the shared phone's are recorded as ``HOST_NAME``, so
    this never matches them."""
    return _legacy_seat(line.seat, line.who, seats)


def _legacy_seat(seat: int | None, who: str, seats: list[SeatInfo]) -> int | None:
    """``_legacy_own_phone`` for a bare (seat, who) pair as the database holds it."""
    if seat is None or not 0 <= seat < len(seats):
        return None
    return seat if who != HOST_NAME and who == seats[seat].name else None


def _single_seat(actor: Actor) -> int | None:
    """The seat a seat device acts as (``None`` for the host or a device of many seats)."""
    if actor.seats is not None and len(actor.seats) == 1:
        return next(iter(actor.seats))
    return None


def _owns(actor: Actor, line: HistoryLine) -> bool:
    """Is the event ``line`` the actor's own move? The host owns every move; a seat owns
    a move for its seat, and a seatless one (a correction) its seat or device made."""
    if actor.seats is None:
        return True
    if line.seat is not None:
        return line.seat in actor.seats
    if line.by_seat is not None:
        return line.by_seat in actor.seats
    return bool(line.device) and line.device == actor.device


def _check_owns_last(actor: Actor, last: HistoryLine) -> None:
    """Raise ``NotYourMove`` unless ``actor`` may take back ``last``, the last move."""
    if not _owns(actor, last):
        raise NotYourMove(
            f"{actor.name} can take back only their own last move; the last move "
            f"was {last.who}'s: {last.text}"
        )


def _check_owns_next(actor: Actor, line: HistoryLine) -> None:
    """Raise ``NotYourMove`` unless ``actor`` may put back ``line``, the next to redo."""
    if not _owns(actor, line):
        raise NotYourMove(
            f"{actor.name} can put back only their own move; the next move to put "
            f"back is {line.who}'s: {line.text}"
        )


def _took_back(who: str, texts: list[str], target: int, head: int) -> str:
    """An undo in words: the one move, or how many and which (the first few)."""
    if len(texts) == 1:
        return f"{who} took back: {texts[0]}"
    shown = " ".join(texts[:3])
    more = f" and {len(texts) - 3} more" if len(texts) > 3 else ""
    where = "the start" if target == 0 else f"event {target}"
    return f"{who} took back {head - target} moves, back to {where}: {shown}{more}"


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
