"""The hub: one per process, holding the roster, the tables and who may join them.

Every session of the app goes through the hub, so each table is one ``LiveTable`` shared by
all devices. Tokens are compared in constant time and never written to the log.
"""

from __future__ import annotations

import hmac
import json
import logging
import secrets
import threading
import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from sqlmodel import col, func, select

from rules import registry
from rules.core import MalformedAction

from .names import MAX_NAME as MAX_NAME  # re-exported: screens and tests read it here
from .names import clean_name as clean_name
from .names import name_key, repeated
from .store import Database, GameTable, Meta, Player, Seat, Snapshot
from .store.models import now, utc
from .table import SNAPSHOT_EVERY, LiveTable, options_to_json

log = logging.getLogger(__name__)

HOST_KEY = "host_key"


def new_token() -> str:
    """An unguessable token for a URL (128 bits)."""
    return secrets.token_urlsafe(16)


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


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode("utf-8"), b.encode("utf-8"))


class Hub:
    """The process-wide entry point to storage and tables. Thread-safe."""

    def __init__(self, db: Database, *, snapshot_every: int = SNAPSHOT_EVERY) -> None:
        self.db = db
        self.snapshot_every = snapshot_every
        self._lock = threading.RLock()
        self._tables: dict[str, LiveTable] = {}
        self.host_key: str = self._host_key()

    def _host_key(self) -> str:
        with self.db.transaction() as session:
            meta = session.get(Meta, HOST_KEY)
            if meta is None:
                meta = Meta(key=HOST_KEY, value=new_token())
                session.add(meta)
            return meta.value

    def renew_host_key(self) -> str:
        """Replace the host key (the old host link stops working) and return the new one."""
        key = new_token()
        with self._lock, self.db.transaction() as session:
            session.merge(Meta(key=HOST_KEY, value=key))
        self.host_key = key
        return key

    # ----- roster ------------------------------------------------------------------------

    def players(self) -> list[PlayerInfo]:
        """The roster, by name."""
        with self.db.session() as session:
            rows = session.exec(select(Player).order_by(func.lower(Player.name))).all()
        return [PlayerInfo(p.id, p.name) for p in rows if p.id is not None]

    def add_player(self, name: str) -> PlayerInfo:
        """Add ``name`` to the roster. Raises ``ValueError`` for a blank or invisible name or
        one already there (compared as ``names.name_key`` does: case and width ignored,
        in every script)."""
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
                    join_token=new_token(),
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
                            seat_token=new_token(),
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
        are considered.
        """
        if not isinstance(token, str) or not token or len(token) > 200:
            return None
        if _same(token, self.host_key):
            return Access("host", None, None)
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
            if _same(token, join):
                found = Access("viewer", tid, None)
        for tid, position, seat_token in seats:
            if _same(token, seat_token):
                found = Access("seat", tid, position)
        return found

    def revoke_tokens(self, table_id: str) -> None:
        """Give ``table_id`` new join and seat tokens. The old ones stop working at once and
        the table's subscribers get a ``'revoked'`` change. Raises ``KeyError`` for an
        unknown table."""
        table = self.open(table_id)
        table.revoke_tokens(new_token(), [new_token() for _ in table.seats])
        log.info("renewed the join codes of table %s", table_id)
