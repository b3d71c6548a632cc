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
from datetime import datetime
from typing import Any, Literal

from sqlmodel import col, func, select

from rules import registry
from rules.core import MalformedAction

from . import codes
from .store import Database, GameTable, Meta, Player, Seat, Snapshot, StorageError
from .store.models import now, utc
from .table import SNAPSHOT_EVERY, LiveTable, options_to_json

log = logging.getLogger(__name__)

MAX_NAME = 40
HOST_KEY_HASH = "host_key_hash"


def new_token() -> str:
    """An unguessable token for a URL (128 bits)."""
    return codes.new_code()


@dataclass(frozen=True)
class PlayerInfo:
    id: int
    name: str


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


@dataclass(frozen=True)
class Access:
    """What a token grants: the host (everything), a viewer of one table, or one seat."""

    role: Literal["host", "viewer", "seat"]
    table_id: str | None
    seat: int | None


def clean_name(name: str, what: str = "player") -> str:
    """``name`` trimmed, with inner runs of spaces collapsed. Raises ``ValueError`` for a
    blank or over-long name."""
    if not isinstance(name, str):
        raise ValueError(f"a {what} name must be text")
    cleaned = " ".join(name.split())
    if not cleaned:
        raise ValueError(f"a {what} needs a name")
    if len(cleaned) > MAX_NAME:
        raise ValueError(f"a {what} name may have at most {MAX_NAME} characters")
    return cleaned


class Hub:
    """The process-wide entry point to storage and tables. Thread-safe."""

    def __init__(self, db: Database, *, snapshot_every: int = SNAPSHOT_EVERY) -> None:
        self.db = db
        self.snapshot_every = snapshot_every
        self._lock = threading.RLock()
        self._tables: dict[str, LiveTable] = {}
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
        """The roster, by name."""
        with self.db.session() as session:
            rows = session.exec(select(Player).order_by(func.lower(Player.name))).all()
        return [PlayerInfo(p.id, p.name) for p in rows if p.id is not None]

    def add_player(self, name: str) -> PlayerInfo:
        """Add ``name`` to the roster. Raises ``ValueError`` for a blank name or one already
        there (names are compared ignoring case)."""
        cleaned = clean_name(name)
        with self._lock, self.db.transaction() as session:
            if self._find_player(session, cleaned) is not None:
                raise ValueError(f"there is already a player called {cleaned!r}")
            player = Player(name=cleaned)
            session.add(player)
            session.flush()
            assert player.id is not None
            return PlayerInfo(player.id, player.name)

    @staticmethod
    def _find_player(session: Any, name: str) -> Player | None:
        found: Player | None = session.exec(
            select(Player).where(func.lower(Player.name) == name.lower())
        ).first()
        return found

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
        lowered = [n.lower() for n in names]
        repeated = sorted(
            {n for n, low in zip(names, lowered, strict=True) if lowered.count(low) > 1}
        )
        if repeated:
            raise ValueError(f"each seat needs a different player; repeated: {', '.join(repeated)}")
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
            self._tables[table_id] = table
        log.info("created table %s (%s)", table_id, rules.slug)
        return table

    def list_tables(self) -> list[TableSummary]:
        """Every stored table, most recently changed first."""
        with self.db.session() as session:
            rows = session.exec(
                select(GameTable).order_by(col(GameTable.updated_at).desc(), col(GameTable.id))
            ).all()
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
            )
            for r in rows
        ]

    def open(self, table_id: str) -> LiveTable:
        """The one ``LiveTable`` of this process for ``table_id``. Raises ``KeyError`` for an
        unknown table and ``TableLoadError`` for one whose game cannot be used."""
        if not isinstance(table_id, str):
            raise KeyError(table_id)
        with self._lock:
            table = self._tables.get(table_id)
            if table is None:
                table = LiveTable.load(self.db, table_id, snapshot_every=self.snapshot_every)
                self._tables[table_id] = table
            return table

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
            query = select(GameTable.id, GameTable.join_token)
            seat_query = select(Seat.table_id, Seat.position, Seat.seat_token)
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
