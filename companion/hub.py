"""The hub: one per process, holding the roster, the tables and who may join them.

Every session of the app goes through the hub, so each table is one ``LiveTable`` shared by
all devices. Tokens are stored only as digests (``companion.codes``), compared digest to
digest in constant time, and never written to the log. The host key is known in plain only
to the running host: each start issues a new one (the terminal prints it), and the host can
renew it from the app.
"""

from __future__ import annotations

import json
import logging
import threading
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal

from sqlalchemy import delete, update
from sqlmodel import col, func, select

from rules import registry
from rules.core import MalformedAction

from . import codes, plays
from .names import MAX_NAME as MAX_NAME  # re-exported: screens and tests read it here
from .names import clean_name as clean_name
from .names import name_key, repeated
from .store import (
    Database,
    Event,
    GameTable,
    Meta,
    Player,
    PlaySeat,
    Seat,
    Snapshot,
    StorageError,
)
from .store.models import now, utc
from .table import SNAPSHOT_EVERY, LiveTable, options_to_json

log = logging.getLogger(__name__)

HOST_KEY_HASH = "host_key_hash"
BIN_DAYS = 30
"""A deleted table stays in the bin this long, then it is removed for good."""


def new_token() -> str:
    """An unguessable token for a URL (128 bits)."""
    return codes.new_code()


@dataclass(frozen=True)
class PlayerInfo:
    id: int
    name: str
    archived: bool = False


@dataclass(frozen=True)
class TableSummary:
    id: str
    game: str
    title: str
    seat_names: list[str]
    status: str
    updated_at: datetime
    version: int
    created_at: datetime | None = None
    archived: bool = False
    deleted_at: datetime | None = None


@dataclass(frozen=True)
class Access:
    """What a token grants: the host (everything), a viewer of one table, or one seat."""

    role: Literal["host", "viewer", "seat"]
    table_id: str | None
    seat: int | None


class Hub:
    """The process-wide entry point to storage and tables. Thread-safe."""

    def __init__(self, db: Database, *, snapshot_every: int = SNAPSHOT_EVERY) -> None:
        self.db = db
        self.snapshot_every = snapshot_every
        self._lock = threading.RLock()
        self._tables: dict[str, LiveTable] = {}
        self._opening: dict[str, threading.Event] = {}
        """Tables being read from the database right now (set when done)."""
        self.host_key: str = ""
        """The host key in plain, for the host link; only its digest is stored."""
        self._host_hash = ""
        # The plain key of an earlier run is not stored anywhere, so a start issues a new
        # one; a link from before the restart no longer opens anything.
        try:
            self.renew_host_key()
        except StorageError as exc:
            # Storage that cannot be written (read-only, full) must not keep the host from
            # showing its tables: the new key then works while this host runs.
            self.host_key = new_token()
            self._host_hash = codes.digest(self.host_key)
            log.warning("the new host key could not be saved (%s); it works until a restart", exc)
        self.plays = plays.PlayKeeper(db)
        """Keeps a play for every table whose game is over (see ``companion.plays``)."""
        try:
            self.plays.catch_up(self.open)
            self.empty_bin()
        except StorageError as exc:
            # Housekeeping only: the tables stay usable; it runs again at the next start.
            log.warning("finished plays and the bin were not brought up to date (%s)", exc)

    def renew_host_key(self) -> str:
        """Replace the host key (every device holding the old host link loses host access
        at its next action, redraw or reconnection) and return the new one."""
        key = new_token()
        hashed = codes.digest(key)
        with self._lock, self.db.transaction() as session:
            session.merge(Meta(key=HOST_KEY_HASH, value=hashed))
        self.host_key, self._host_hash = key, hashed
        return key

    # ----- roster ------------------------------------------------------------------------

    def players(self) -> list[PlayerInfo]:
        """The roster offered for new tables (archived players left out), by name."""
        return [p for p in self.all_players() if not p.archived]

    def all_players(self) -> list[PlayerInfo]:
        """Everyone who was ever in the roster, archived players included, by name."""
        with self.db.session() as session:
            rows = session.exec(select(Player).order_by(func.lower(Player.name))).all()
        return [PlayerInfo(p.id, p.name, p.archived) for p in rows if p.id is not None]

    def rename_player(self, player_id: int, name: str) -> PlayerInfo:
        """Give a roster player a new name (their plays follow; tables keep the names they
        were started with). Raises ``KeyError`` for an unknown player and ``ValueError`` for
        a blank name or one another player has."""
        cleaned = clean_name(name)
        with self._lock, self.db.transaction() as session:
            player = session.get(Player, player_id)
            if player is None:
                raise KeyError(player_id)
            other = self._find_player(session, cleaned)
            if other is not None and other.id != player_id:
                raise ValueError(f"there is already a player called {other.name!r}")
            player.name = cleaned
            session.add(player)
            session.exec(
                update(PlaySeat).where(col(PlaySeat.player_id) == player_id).values(name=cleaned)
            )
            return PlayerInfo(player_id, cleaned, player.archived)

    def merge_players(self, source_id: int, into_id: int) -> PlayerInfo:
        """Make ``source_id`` and ``into_id`` one person (a name typed two ways): every seat
        and play of the first becomes the second's, and the first leaves the roster.
        Raises ``KeyError`` for an unknown player and ``ValueError`` when they are the same
        player or sat at the same table (then they are two people)."""
        if source_id == into_id:
            raise ValueError("a player cannot be merged into themselves")
        with self._lock, self.db.transaction() as session:
            source = session.get(Player, source_id)
            into = session.get(Player, into_id)
            if source is None or into is None:
                raise KeyError(source_id if source is None else into_id)
            tables_a = set(session.exec(select(Seat.table_id).where(Seat.player_id == source_id)))
            tables_b = set(session.exec(select(Seat.table_id).where(Seat.player_id == into_id)))
            plays_a = set(
                session.exec(select(PlaySeat.play_id).where(PlaySeat.player_id == source_id))
            )
            plays_b = set(
                session.exec(select(PlaySeat.play_id).where(PlaySeat.player_id == into_id))
            )
            if tables_a & tables_b or plays_a & plays_b:
                raise ValueError(
                    f"{source.name} and {into.name} sat at the same table, so they are two "
                    f"different people and cannot be merged"
                )
            session.exec(
                update(Seat).where(col(Seat.player_id) == source_id).values(player_id=into_id)
            )
            session.exec(
                update(PlaySeat)
                .where(col(PlaySeat.player_id) == source_id)
                .values(player_id=into_id, name=into.name)
            )
            session.delete(source)
            return PlayerInfo(into_id, into.name, into.archived)

    def delete_player(self, player_id: int) -> Literal["deleted", "archived"]:
        """Remove a player from the roster. One who has sat at a table is archived instead
        (kept for their plays and stats, no longer offered); adding the name again brings
        them back. Raises ``KeyError`` for an unknown player."""
        with self._lock, self.db.transaction() as session:
            player = session.get(Player, player_id)
            if player is None:
                raise KeyError(player_id)
            seated = session.exec(select(Seat.id).where(Seat.player_id == player_id)).first()
            played = session.exec(
                select(PlaySeat.id).where(PlaySeat.player_id == player_id)
            ).first()
            if seated is not None or played is not None:
                player.archived = True
                session.add(player)
                return "archived"
            session.delete(player)
            return "deleted"

    def add_player(self, name: str) -> PlayerInfo:
        """Add ``name`` to the roster. Raises ``ValueError`` for a blank or invisible name or
        one already there (compared as ``names.name_key`` does: case and width ignored,
        in every script)."""
        cleaned = clean_name(name)
        with self._lock, self.db.transaction() as session:
            found = self._find_player(session, cleaned)
            if found is not None and found.archived and found.id is not None:
                found.archived = False  # back in the roster, with their plays
                session.add(found)
                return PlayerInfo(found.id, found.name)
            if found is not None:
                raise ValueError(f"there is already a player called {cleaned!r}")
            player = Player(name=cleaned)
            session.add(player)
            session.flush()
            assert player.id is not None
            return PlayerInfo(player.id, player.name)

    @staticmethod
    def _find_player(session: Any, name: str) -> Player | None:
        """The roster's player whose name matches ``name`` (``name_key``), if any. The
        roster is read whole: SQL's ``lower`` folds ASCII only, and a roster is short."""
        key = name_key(name)
        for player in session.exec(select(Player).order_by(col(Player.id))).all():
            if name_key(player.name) == key:
                found: Player = player
                return found
        return None

    # ----- tables ------------------------------------------------------------------------

    def create_table(
        self, game: str, options: dict[str, Any] | None, seats: list[str], name: str = ""
    ) -> LiveTable:
        """Start a new table of ``game`` (a registry slug) with ``options`` (JSON, decoded by
        the game; ``None`` for the defaults) and ``seats`` (player names, added to the roster
        when new). ``name`` is the table's title (default: game and players).

        Raises ``ValueError`` naming the problem: unknown game, wrong number of seats,
        blank or repeated names, impossible options (``MalformedAction`` for options that do
        not fit the game's option fields).
        """
        try:
            rules = registry.get(game)
        except KeyError as exc:
            raise ValueError(str(exc)) from None
        if not isinstance(seats, list):
            raise ValueError("seats must be a list of player names")
        names = [clean_name(s) for s in seats]
        if not rules.min_players <= len(names) <= rules.max_players:
            span = (
                str(rules.min_players)
                if rules.min_players == rules.max_players
                else f"{rules.min_players} to {rules.max_players}"
            )
            raise ValueError(f"{rules.title} needs {span} players; {len(names)} were given")
        same = repeated(names)
        if same:
            raise ValueError(f"each seat needs a different player; repeated: {', '.join(same)}")
        decoded = rules.decode_options(options)  # MalformedAction names the bad field
        try:
            # The game learns who sits where (names in verdicts, player count) before setup.
            decoded = rules.seat_options(decoded, names)
            start = rules.setup(decoded)
        except MalformedAction:
            raise
        except ValueError as exc:
            raise ValueError(f"these options cannot start a game of {rules.title}: {exc}") from None
        title = " ".join(name.split()) if isinstance(name, str) else ""
        if len(title) > 200:
            raise ValueError("a table name may have at most 200 characters")
        if not title:
            title = f"{rules.title}: {', '.join(names)}"

        table_id = uuid.uuid4().hex
        moment = now()
        join_code, seat_codes = new_token(), [new_token() for _ in names]
        with self._lock:
            with self.db.transaction() as session:
                row = GameTable(
                    id=table_id,
                    game=rules.slug,
                    title=title,
                    options_json=options_to_json(decoded),
                    status="finished" if rules.outcome(start) is not None else "active",
                    created_at=moment,
                    updated_at=moment,
                    join_token=codes.digest(join_code),
                )
                session.add(row)
                session.flush()
                for position, seat_name in enumerate(names):
                    player = self._find_player(session, seat_name)
                    if player is None:
                        player = Player(name=seat_name, created_at=moment)
                        session.add(player)
                        session.flush()
                    elif player.archived:
                        player.archived = False
                        session.add(player)
                    session.add(
                        Seat(
                            table_id=table_id,
                            position=position,
                            player_id=player.id,
                            name=player.name,
                            seat_token=codes.digest(seat_codes[position]),
                        )
                    )
                # The starting state is stored too, so a later change to a game's setup
                # never alters a table already in play.
                session.add(
                    Snapshot(
                        table_id=table_id,
                        seq=0,
                        state_json=json.dumps(rules.state_to_json(start)),
                        at=moment,
                    )
                )
            table = LiveTable.load(self.db, table_id, snapshot_every=self.snapshot_every)
            table.remember_codes(join_code, seat_codes)
            self._keep(table)
        log.info("created table %s (%s)", table_id, rules.slug)
        return table

    def list_tables(self, *, archived: bool = False, binned: bool = False) -> list[TableSummary]:
        """Stored tables, most recently changed first: by default those neither archived nor
        in the bin; ``archived=True`` the archived ones, ``binned=True`` the bin."""
        with self.db.session() as session:
            query = select(GameTable).order_by(col(GameTable.updated_at).desc(), col(GameTable.id))
            if binned:
                query = query.where(col(GameTable.deleted_at).is_not(None))
            else:
                query = query.where(
                    col(GameTable.deleted_at).is_(None), GameTable.archived == archived
                )
            rows = session.exec(query).all()
            seats = session.exec(select(Seat).order_by(col(Seat.position))).all()
        names: dict[str, list[str]] = {}
        for seat in seats:
            names.setdefault(seat.table_id, []).append(seat.name)
        return [
            TableSummary(
                id=r.id,
                game=r.game,
                title=r.title,
                seat_names=names.get(r.id, []),
                status=r.status,
                updated_at=utc(r.updated_at),
                version=r.version,
                created_at=utc(r.created_at),
                archived=r.archived,
                deleted_at=utc(r.deleted_at) if r.deleted_at is not None else None,
            )
            for r in rows
        ]

    def rename_table(self, table_id: str, name: str) -> str:
        """Give a table a new title; returns it. Raises ``KeyError`` for an unknown table
        and ``ValueError`` for a blank or over-long one."""
        title = " ".join(name.split()) if isinstance(name, str) else ""
        if not title:
            raise ValueError("a table needs a name")
        if len(title) > 200:
            raise ValueError("a table name may have at most 200 characters")
        with self._lock:
            self._update_table(table_id, title=title)
            if table_id in self._tables:
                self._tables[table_id].title = title
        return title

    def archive_table(self, table_id: str, archived: bool = True) -> None:
        """Hide a table from the home list (``archived=False`` shows it again). It can
        still be opened, and its play still counts."""
        self._update_table(table_id, archived=archived)

    def delete_table(self, table_id: str) -> None:
        """Put a table in the bin: hidden, its join codes refused, removed for good after
        ``BIN_DAYS`` days unless restored. Its play (if its game ended) is kept."""
        with self._lock:
            self._update_table(table_id, deleted_at=now())
            self._tables.pop(table_id, None)

    def restore_table(self, table_id: str) -> None:
        """Take a table out of the bin."""
        self._update_table(table_id, deleted_at=None)

    def empty_bin(self, moment: datetime | None = None) -> list[str]:
        """Remove for good the tables that have been in the bin for ``BIN_DAYS`` days;
        returns their ids. Their plays stay."""
        cutoff = (moment or now()) - timedelta(days=BIN_DAYS)
        with self.db.session() as session:
            old = list(
                session.exec(
                    select(GameTable.id).where(
                        col(GameTable.deleted_at).is_not(None), col(GameTable.deleted_at) < cutoff
                    )
                ).all()
            )
        if not old:
            return []  # nothing to write: a host on a read-only database still starts
        with self._lock, self.db.transaction() as session:
            for model in (Event, Snapshot, Seat):
                session.exec(delete(model).where(col(model.table_id).in_(old)))  # type: ignore[attr-defined]
            session.exec(delete(GameTable).where(col(GameTable.id).in_(old)))
        for table_id in old:
            self._tables.pop(table_id, None)
        if old:
            log.info("removed %d table(s) from the bin for good", len(old))
        return old

    def _update_table(self, table_id: str, **values: Any) -> None:
        with self._lock, self.db.transaction() as session:
            row = session.get(GameTable, table_id)
            if row is None:
                raise KeyError(table_id)
            for key, value in values.items():
                setattr(row, key, value)
            session.add(row)

    def open(self, table_id: str) -> LiveTable:
        """The one ``LiveTable`` of this process for ``table_id``. Raises ``KeyError`` for an
        unknown table and ``TableLoadError`` for one whose game cannot be used.

        A table is read without holding the hub's lock: opening a long game (or one stored
        without snapshots) never holds up another table. Two callers opening the same
        table at once read it once; the second waits for the first."""
        if not isinstance(table_id, str):
            raise KeyError(table_id)
        while True:
            with self._lock:
                table = self._tables.get(table_id)
                if table is not None:
                    return table
                reading = self._opening.get(table_id)
                mine = reading is None
                if reading is None:
                    reading = self._opening[table_id] = threading.Event()
            if not mine:
                reading.wait()
                continue  # opened meanwhile, or failed (then this caller tries and says why)
            try:
                if self._in_bin(table_id):
                    raise KeyError(table_id)
                table = LiveTable.load(self.db, table_id, snapshot_every=self.snapshot_every)
                with self._lock:
                    if table_id in self._tables:  # created or opened by another path
                        return self._tables[table_id]
                    self._keep(table)
                return table
            finally:
                with self._lock:
                    self._opening.pop(table_id, None)
                reading.set()

    def _in_bin(self, table_id: str) -> bool:
        with self.db.session() as session:
            row = session.get(GameTable, table_id)
            return row is not None and row.deleted_at is not None

    def _keep(self, table: LiveTable) -> None:
        """Hold ``table`` as this process's one copy, its play kept in step after each change."""
        self._tables[table.id] = table
        table.subscribe(lambda _change: self.plays.sync(table))

    def abandon(self, table_id: str) -> None:
        """Mark a table whose game is not over as abandoned: it becomes a play nobody won.
        A later move (or ``resume``) takes it back into play. Raises ``KeyError`` for an
        unknown table and ``ValueError`` when its game is already over."""
        table = self.open(table_id)
        if table.outcome() is not None:
            raise ValueError("this game is already over, so it cannot be abandoned")
        self._set_status(table, plays.ABANDONED)
        self.plays.sync(table)

    def resume(self, table_id: str) -> None:
        """Take an abandoned table back into play (its play is removed)."""
        table = self.open(table_id)
        if table.status != plays.ABANDONED:
            return
        self._set_status(table, "active")
        self.plays.sync(table)

    def _set_status(self, table: LiveTable, status: str) -> None:
        with self._lock, self.db.transaction() as session:
            row = session.get(GameTable, table.id)
            if row is None:
                raise KeyError(table.id)
            row.status = status
            session.add(row)
        table.status = status

    # ----- access ------------------------------------------------------------------------

    def authorize(self, token: str, table_id: str | None = None) -> Access | None:
        """What ``token`` grants, or ``None`` for an unknown or revoked token.

        The host key grants host access everywhere; a table's join token grants viewing it;
        a seat token grants acting for that seat. With ``table_id``, only that table's tokens
        are considered (from memory when the table is open, so the screens may ask on every
        redraw). Only digests are compared, each in constant time.
        """
        if not codes.usable(token):
            return None
        hashed = codes.digest(token)
        if codes.same(hashed, self._host_hash):
            return Access("host", None, None)
        if table_id is not None:
            with self._lock:
                live = self._tables.get(table_id)
            if live is not None:
                role, seat = live.grant(hashed)
                return Access(role, table_id, seat) if role is not None else None
        with self.db.session() as session:
            # A table in the bin admits nobody but the host.
            query = select(GameTable.id, GameTable.join_token).where(
                col(GameTable.deleted_at).is_(None)
            )
            seat_query = (
                select(Seat.table_id, Seat.position, Seat.seat_token)
                .join(GameTable, col(GameTable.id) == col(Seat.table_id))
                .where(col(GameTable.deleted_at).is_(None))
            )
            if table_id is not None:
                query = query.where(GameTable.id == table_id)
                seat_query = seat_query.where(Seat.table_id == table_id)
            tables = session.exec(query).all()
            seats = session.exec(seat_query).all()
        found: Access | None = None
        # Every candidate is compared, so timing does not reveal where a match was.
        for tid, join in tables:
            if codes.same(hashed, join):
                found = Access("viewer", tid, None)
        for tid, position, seat_token in seats:
            if codes.same(hashed, seat_token):
                found = Access("seat", tid, position)
        return found

    def revoke_tokens(self, table_id: str) -> None:
        """Give ``table_id`` new join and seat tokens. The old ones stop working at once and
        the table's subscribers get a ``'revoked'`` change. Raises ``KeyError`` for an
        unknown table."""
        table = self.open(table_id)
        table.revoke_tokens(new_token(), [new_token() for _ in table.seats])
        log.info("renewed the join codes of table %s", table_id)

    def renew_code(self, table_id: str, seat: int | None) -> str:
        """A new code for one seat (``None``: the watch code) of ``table_id``; the device
        holding the old one is dropped. Used when the code was made before the host last
        started, so only its digest is known and it cannot be shown again."""
        table = self.open(table_id)
        code = new_token()
        if seat is None:
            table.revoke_tokens(code, [None] * len(table.seats))
        else:
            table.revoke_tokens(None, [code if s.position == seat else None for s in table.seats])
        log.info("renewed one code of table %s", table_id)
        return code
