"""Export and import: one table or everything as a versioned JSON file, and the plays in
the BG Stats import format.

Our own format (``FORMAT``, version ``VERSION``; documented in the README) holds the roster,
the tables (options, seats, the whole event log with undone and set-aside events, stored
snapshots) and the plays. Tokens are never exported: they are secrets of the host that
wrote the file, and an import gives every table fresh ones.

Import adds what is missing and never changes what is there: a table or play whose id the
database already holds is skipped, players are matched by name as the roster matches typed
names (``names.name_key``). Importing the same file twice therefore adds nothing the second
time. ``import_file`` reads a file a piece at a time (``jsonstream``) and writes it as it
reads, all in one transaction: a bad file, found bad anywhere, changes nothing. Names go
through ``names.clean_name`` like typed ones; score pads are checked for the shape the plays
and stats screens read.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Table
from sqlmodel import col, select

from rules import registry
from rules.core.words import counted

from . import __version__ as APP_VERSION
from . import codes, jsonstream, plays
from .names import clean_name, name_key
from .store import Database, Event, GameTable, Play, Player, PlaySeat, Seat, Snapshot, Takeback
from .store.models import now, utc
from .table import SNAPSHOT_EVERY

FORMAT = "fatekeeper-export"
VERSION = 1
"""The version of the export format this code writes and the newest it reads."""


_PL: Table = Player.__table__  # type: ignore[attr-defined]
_GT: Table = GameTable.__table__  # type: ignore[attr-defined]
_SEAT: Table = Seat.__table__  # type: ignore[attr-defined]
_EV: Table = Event.__table__  # type: ignore[attr-defined]
_SN: Table = Snapshot.__table__  # type: ignore[attr-defined]
_TB: Table = Takeback.__table__  # type: ignore[attr-defined]
_PLAY: Table = Play.__table__  # type: ignore[attr-defined]
_PLAY_SEAT: Table = PlaySeat.__table__  # type: ignore[attr-defined]


class ImportRefused(ValueError):
    """The file cannot be imported; the message names what is wrong. Nothing was written."""


@dataclass
class ImportReport:
    """What an import did. ``skipped_*`` were already in the database and were left as
    they are."""

    players_added: int = 0
    tables_added: int = 0
    tables_skipped: int = 0
    plays_added: int = 0
    plays_skipped: int = 0
    plays_repeated: int = 0
    """Plays the file holds more than once (same id): only the first was looked at."""
    added_table_ids: list[str] = field(default_factory=list)

    def sentence(self) -> str:
        said = (
            f"Imported {counted(self.tables_added, 'table')}, "
            f"{counted(self.plays_added, 'play')} and "
            f"{counted(self.players_added, 'new player')}; "
            f"{counted(self.tables_skipped, 'table')} and "
            f"{counted(self.plays_skipped, 'play')} were already here and left as they are."
        )
        if self.plays_repeated:
            said += (
                f" {counted(self.plays_repeated, 'play')} appeared in the file a second "
                "time with the same id; only the first of each was imported."
            )
        return said


# ----- time -------------------------------------------------------------------------------


def _iso(moment: datetime | None) -> str | None:
    return utc(moment).isoformat() if moment is not None else None


def _parse_time(value: Any, where: str) -> datetime:
    if not isinstance(value, str):
        raise ImportRefused(
            f"{where} must be a date and time in ISO form, like 2026-01-31T20:15:00+00:00"
        )
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise ImportRefused(f"{where} is not a date and time: {value!r}") from None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


# ----- export -----------------------------------------------------------------------------


def export_data(db: Database, table_id: str | None = None) -> dict[str, Any]:
    """Everything (or only table ``table_id``, its play and its players) as our JSON.
    Raises ``KeyError`` for an unknown table."""
    with db.session() as session:
        query = select(GameTable).order_by(col(GameTable.created_at), col(GameTable.id))
        if table_id is not None:
            query = query.where(GameTable.id == table_id)
        tables = list(session.exec(query).all())
        if table_id is not None and not tables:
            raise KeyError(table_id)
        out_tables = [_export_table(session, t) for t in tables]
        play_query = select(Play).order_by(col(Play.ended_at), col(Play.id))
        if table_id is not None:
            play_query = play_query.where(Play.id == table_id)
        play_rows = list(session.exec(play_query).all())
        seats_by_play: dict[str, list[PlaySeat]] = {}
        for s in session.exec(select(PlaySeat).order_by(col(PlaySeat.position))).all():
            seats_by_play.setdefault(s.play_id, []).append(s)
        players = list(session.exec(select(Player).order_by(col(Player.id))).all())
    out_plays = [_export_play(plays.from_row(p, seats_by_play.get(p.id, []))) for p in play_rows]
    if table_id is not None:
        used = {s["name"].lower() for t in out_tables for s in t["seats"]}
        used |= {s["name"].lower() for p in out_plays for s in p["seats"]}
        players = [p for p in players if p.name.lower() in used]
    return {
        "format": FORMAT,
        "version": VERSION,
        "app_version": APP_VERSION,
        "exported_at": _iso(now()),
        "players": [
            {"name": p.name, "created_at": _iso(p.created_at), "archived": p.archived}
            for p in players
        ],
        "tables": out_tables,
        "plays": out_plays,
    }


def _export_table(session: Any, t: GameTable) -> dict[str, Any]:
    seats = session.exec(select(Seat).where(Seat.table_id == t.id).order_by(col(Seat.position)))
    events = session.exec(select(Event).where(Event.table_id == t.id).order_by(col(Event.id)))
    snaps = session.exec(
        select(Snapshot).where(Snapshot.table_id == t.id).order_by(col(Snapshot.seq))
    )
    takebacks = session.exec(
        select(Takeback).where(Takeback.table_id == t.id).order_by(col(Takeback.version))
    )
    return {
        "id": t.id,
        "game": t.game,
        "title": t.title,
        "options": json.loads(t.options_json),
        "status": t.status,
        "created_at": _iso(t.created_at),
        "updated_at": _iso(t.updated_at),
        "version": t.version,
        "head_seq": t.head_seq,
        "archived": t.archived,
        "deleted_at": _iso(t.deleted_at),
        "seats": [{"position": s.position, "name": s.name} for s in seats],
        "events": [
            {
                "seq": e.seq,
                "action": json.loads(e.action_json),
                "seat": e.seat,
                "who": e.who,
                "device": e.device,
                "at": _iso(e.at),
                "correction": e.correction,
                "undone": e.undone,
                "line": e.line,
                "chapter": e.chapter,
                "by_seat": e.by_seat,
            }
            for e in events
        ],
        "snapshots": [
            {"seq": s.seq, "state": json.loads(s.state_json), "at": _iso(s.at)} for s in snaps
        ],
        "takebacks": [
            {
                "version": b.version,
                "kind": b.kind,
                "first_seq": b.first_seq,
                "last_seq": b.last_seq,
                "head_after": b.head_after,
                "who": b.who,
                "device": b.device,
                "seat": b.seat,
                "at": _iso(b.at),
                "line": b.line,
            }
            for b in takebacks
        ],
    }


def _export_play(p: plays.PlayRecord) -> dict[str, Any]:
    return {
        "id": p.id,
        "game": p.game,
        "title": p.title,
        "options": p.options,
        "status": p.status,
        "started_at": _iso(p.started_at),
        "ended_at": _iso(p.ended_at),
        "duration_s": p.duration_s,
        "moves": p.moves,
        "summary": p.summary,
        "tiebreak": p.tiebreak,
        "ending": p.ending,
        "winners": list(p.winners),
        "seats": [
            {
                "position": s.position,
                "name": s.name,
                "score": s.score,
                "winner": s.winner,
                "place": s.place,
            }
            for s in p.seats
        ],
        "sheet": p.sheet,
        "history": p.history,
    }


def write_json(data: dict[str, Any], path: Path) -> None:
    """Write ``data`` to ``path`` through a temporary file, so a failure never leaves half
    a file behind."""
    tmp = path.with_name(path.name + ".part")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    tmp.replace(path)


# ----- import -----------------------------------------------------------------------------


def _refuse_shape() -> dict[str, Any]:
    raise ImportRefused(f"this is not a Fatekeeper export (no {FORMAT!r} object at the top)")


def check_header(data: Any) -> None:
    """Refuse anything that is not our format, or is a newer version of it."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        _refuse_shape()
    _check_version(data.get("version"))


def _check_version(version: Any) -> None:
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ImportRefused(f"the export's version {version!r} is not a positive whole number")
    if version > VERSION:
        raise ImportRefused(
            f"this file was written by a newer Fatekeeper (export version {version}; this one "
            f"reads up to version {VERSION}). Update Fatekeeper to import it; nothing was changed."
        )


def _need(
    obj: Any, key: str, kind: type | tuple[type, ...], where: str, *, null: bool = False
) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise ImportRefused(f"{where}.{key} is missing")
    value = obj[key]
    if value is None and null:
        return None
    if isinstance(value, bool) and kind is int:
        raise ImportRefused(f"{where}.{key} must be a whole number")
    if not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise ImportRefused(f"{where}.{key} must be {_word(names)}, not {value!r}"[:300])
    return value


def _word(name: str) -> str:
    return {
        "str": "text",
        "int": "a whole number",
        "bool": "true or false",
        "list": "a list",
        "dict": "an object",
    }.get(name, name)


def _name(value: Any, where: str) -> str:
    """A name from the file, through the rules a typed name goes through."""
    try:
        return clean_name(value)
    except ValueError as exc:
        raise ImportRefused(f"{where}: {exc}"[:300]) from None


# ----- import -----------------------------------------------------------------------------

_TABLE_LISTS = ("seats", "events", "snapshots", "takebacks")
_BATCH = 500
"""Rows written per statement while importing."""


def import_data(
    db: Database,
    data: Any,
    *,
    on_added: Callable[[str], None] | None = None,
    snapshot_every: int = SNAPSHOT_EVERY,
) -> ImportReport:
    """Add what ``data`` (an export, already decoded) holds and the database lacks; see
    ``import_file``, which reads a file a piece at a time."""
    check_header(data)
    for key in ("players", "tables", "plays"):
        if not isinstance(data.get(key, []), list):
            raise ImportRefused(f"{key} must be a list")
    with _Importer(db, snapshot_every) as importer:
        for i, p in enumerate(data.get("players", [])):
            importer.player(p, f"players[{i}]")
        for i, t in enumerate(data.get("tables", [])):
            where = f"tables[{i}]"
            if not isinstance(t, dict):
                raise ImportRefused(f"{where} must be an object")
            importer.begin_table({k: v for k, v in t.items() if k not in _TABLE_LISTS}, where)
            for key in _TABLE_LISTS:
                items = t.get(key, []) if key in ("takebacks",) else _need(t, key, list, where)
                if not isinstance(items, list):
                    raise ImportRefused(f"{where}.{key} must be a list")
                for j, item in enumerate(items):
                    importer.table_item(key, item, f"{where}.{key}[{j}]")
            importer.end_table()
        for i, p in enumerate(data.get("plays", [])):
            importer.play(p, f"plays[{i}]")
        report = importer.report
    if on_added is not None:
        for play_id in importer.added_plays:
            on_added(play_id)
    return report


def import_file(
    db: Database,
    path: Path,
    *,
    on_added: Callable[[str], None] | None = None,
    snapshot_every: int = SNAPSHOT_EVERY,
) -> ImportReport:
    """Add what the export file ``path`` holds and the database lacks (see the module
    docstring), reading it a piece at a time: memory holds one event or play and a window
    of the file, whatever its size. Each imported table gets a stored snapshot every
    ``snapshot_every`` events in effect, so it opens without replaying its whole log.

    Raises ``ImportRefused`` naming the first problem (not JSON, nested too deeply, not our
    format, a bad field, a name the app would refuse, a malformed score pad); then nothing
    is written. ``on_added(id)`` is told each play added."""
    try:
        with path.open(encoding="utf-8") as fh, _Importer(db, snapshot_every) as importer:
            _stream(jsonstream.Reader(fh), importer)
            report = importer.report
    except OSError as exc:
        raise ImportRefused(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ImportRefused(f"{path} is not a text file") from None
    except jsonstream.StreamError as exc:
        raise ImportRefused(f"{path} cannot be read: {exc}") from None
    if on_added is not None:
        for play_id in importer.added_plays:
            on_added(play_id)
    return report


def _stream(reader: jsonstream.Reader, importer: _Importer) -> None:
    """Feed ``importer`` from ``reader``, one player, event or play at a time."""
    if reader.peek() != "{":
        _refuse_shape()
    seen_format = False
    for key in reader.members():
        if key == "format":
            if reader.value() != FORMAT:
                _refuse_shape()
            seen_format = True
        elif key == "version":
            _check_version(reader.value())
            importer.versioned = True
        elif key in ("players", "tables", "plays"):
            if not seen_format:
                _refuse_shape()  # our files say what they are first
            if reader.peek() != "[":
                raise ImportRefused(f"{key} must be a list")
            for i in reader.items():
                where = f"{key}[{i}]"
                if key == "players":
                    importer.player(reader.value(), where)
                elif key == "plays":
                    importer.play(reader.value(), where)
                else:
                    _stream_table(reader, importer, where)
        else:
            reader.skip()
    reader.end()
    if not seen_format:
        _refuse_shape()
    if not importer.versioned:
        _check_version(None)


def _stream_table(reader: jsonstream.Reader, importer: _Importer, where: str) -> None:
    if reader.peek() != "{":
        raise ImportRefused(f"{where} must be an object")
    fields: dict[str, Any] = {}
    begun = False
    for key in reader.members():
        if key not in _TABLE_LISTS:
            if begun:
                raise ImportRefused(
                    f"{where}.{key} comes after the table's seats: a table's own fields come "
                    f"first, as export writes them"
                )
            fields[key] = reader.value()
            continue
        if not begun:
            importer.begin_table(fields, where)
            begun = True
        if reader.peek() != "[":
            raise ImportRefused(f"{where}.{key} must be a list")
        for j in reader.items():
            importer.table_item(key, reader.value(), f"{where}.{key}[{j}]")
    if not begun:
        importer.begin_table(fields, where)
    importer.end_table()


class _Importer:
    """Writes one import in one transaction, a piece at a time (``with`` commits it, or
    rolls everything back on any error). Tables are written as they come; each table's
    events in effect are replayed as they arrive, to store a snapshot every
    ``snapshot_every`` of them."""

    def __init__(self, db: Database, snapshot_every: int) -> None:
        self.db = db
        self.snapshot_every = snapshot_every
        self.report = ImportReport()
        self.added_plays: list[str] = []
        self.versioned = False
        self._conn: Connection | None = None
        self._cm: Any = None
        self._roster: dict[str, tuple[int, str]] = {}
        self._tables_seen: set[str] = set()
        self._plays_seen: set[str] = set()
        self._tables_kept: set[str] = set()
        """Tables of the file that were here already (left as they are)."""
        self._table: dict[str, Any] | None = None
        self._rows: dict[str, list[dict[str, Any]]] = {}

    def __enter__(self) -> _Importer:
        self._cm = self.db.write()
        self._conn = self._cm.__enter__()
        for pid, name in self._conn.execute(select(_PL.c.id, _PL.c.name).order_by(_PL.c.id)):
            self._roster.setdefault(name_key(name), (pid, name))
        return self

    def __exit__(self, *exc: Any) -> Any:
        return self._cm.__exit__(*exc)

    @property
    def conn(self) -> Connection:
        assert self._conn is not None
        return self._conn

    # ----- players ------------------------------------------------------------------------

    def player(self, p: Any, where: str) -> None:
        name = _name(_need(p, "name", str, where), f"{where}.name")
        created = p.get("created_at")
        self._player_for(
            name,
            _parse_time(created, f"{where}.created_at") if created else None,
            bool(p.get("archived", False)),
        )

    def _player_for(
        self, name: str, created: datetime | None = None, archived: bool = False
    ) -> tuple[int, str]:
        """The roster's player called ``name`` (compared as typed names are), added when
        new; returns their id and the name the roster knows them by."""
        key = name_key(name)
        found = self._roster.get(key)
        if found is None:
            result = self.conn.execute(
                _PL.insert(), {"name": name, "created_at": created or now(), "archived": archived}
            )
            found = (int(result.inserted_primary_key[0]), name)
            self._roster[key] = found
            self.report.players_added += 1
        return found

    # ----- tables -------------------------------------------------------------------------

    def begin_table(self, t: dict[str, Any], where: str) -> None:
        fields = _table_fields(t, where)
        tid = fields["id"]
        if tid in self._tables_seen:
            raise ImportRefused("the file holds the same table twice")
        self._tables_seen.add(tid)
        here = self.conn.execute(select(_GT.c.id).where(_GT.c.id == tid)).first()
        fields["skip"] = here is not None
        fields["where"] = where
        fields["seat_keys"] = {}
        fields["seqs"] = set()
        fields["takeback_versions"] = set()
        fields["replay"] = None
        if here is not None:
            self.report.tables_skipped += 1
            self._tables_kept.add(tid)
        else:
            self.conn.execute(
                _GT.insert(),
                {
                    "id": tid,
                    "game": fields["game"],
                    "title": fields["title"],
                    "options_json": json.dumps(fields["options"], sort_keys=True),
                    "status": fields["status"],
                    "created_at": fields["created_at"],
                    "updated_at": fields["updated_at"],
                    "version": fields["version"],
                    "head_seq": fields["head_seq"],
                    "join_token": _token(),
                    "archived": fields["archived"],
                    "deleted_at": fields["deleted_at"],
                },
            )
            fields["replay"] = _Replay.start(fields, self.snapshot_every)
            self.report.tables_added += 1
            self.report.added_table_ids.append(tid)
        self._table = fields
        self._rows = {"events": [], "snapshots": [], "takebacks": []}

    def table_item(self, key: str, item: Any, where: str) -> None:
        t = self._table
        assert t is not None
        if key == "seats":
            self._seat(t, item, where)
            return
        if key == "events":
            row = _event(item, where)
            if row["seq"] in t["seqs"]:
                raise ImportRefused(f"{t['where']}.events has two events with the same number")
            t["seqs"].add(row["seq"])
            if t["replay"] is not None and not t["skip"]:
                t["replay"].event(row, self)
            row["action_json"] = json.dumps(row.pop("action"))
        elif key == "snapshots":
            row = _snapshot(item, where)
            row["state_json"] = json.dumps(row.pop("state"))
        else:
            row = _takeback(item, where)
            if row["version"] in t["takeback_versions"]:
                raise ImportRefused(
                    f"{t['where']}.takebacks has two entries for the same table version"
                )
            t["takeback_versions"].add(row["version"])
        if t["skip"]:
            return
        row["table_id"] = t["id"]
        rows = self._rows[key]
        rows.append(row)
        if len(rows) >= _BATCH:
            self._flush(key)

    def _seat(self, t: dict[str, Any], s: Any, where: str) -> None:
        position = _need(s, "position", int, where)
        name = _name(_need(s, "name", str, where), f"{where}.name")
        key = name_key(name)
        if position in t["seat_keys"].values():
            raise ImportRefused(f"{t['where']}.seats has two seats at the same position")
        if key in t["seat_keys"]:
            raise ImportRefused(
                f"{t['where']}.seats: each seat needs a different player; repeated: {name}"
            )
        t["seat_keys"][key] = position
        if t["skip"]:
            return
        player_id, known_as = self._player_for(name)
        self.conn.execute(
            _SEAT.insert(),
            {
                "table_id": t["id"],
                "position": position,
                "player_id": player_id,
                "name": known_as,
                "seat_token": _token(),
            },
        )

    def _flush(self, key: str) -> None:
        rows = self._rows[key]
        if not rows:
            return
        replay = self._table["replay"] if self._table is not None else None
        if key == "snapshots" and replay is not None:
            rows = [r for r in rows if r["seq"] not in replay.made]  # ours, just replayed, stand
        if rows:
            table = {"events": _EV, "snapshots": _SN, "takebacks": _TB}[key]
            self.conn.execute(table.insert(), rows)
        self._rows[key] = []

    def snapshot(self, table_id: str, seq: int, state_json: str, at: datetime) -> None:
        """Store the replayed state after event ``seq`` (replacing one the file gave)."""
        self._flush("snapshots")
        self.conn.execute(_SN.delete().where(_SN.c.table_id == table_id, _SN.c.seq == seq))
        self.conn.execute(
            _SN.insert(), {"table_id": table_id, "seq": seq, "state_json": state_json, "at": at}
        )

    def end_table(self) -> None:
        for key in ("events", "snapshots", "takebacks"):
            self._flush(key)
        self._table = None

    # ----- plays --------------------------------------------------------------------------

    def play(self, p: Any, where: str) -> None:
        record = _play(p, where)
        if record.id in self._plays_seen:
            # The same play twice in one file: the first is kept, and the report says so.
            self.report.plays_repeated += 1
            return
        self._plays_seen.add(record.id)
        here = self.conn.execute(select(_PLAY.c.id).where(_PLAY.c.id == record.id)).first()
        # A play belongs with its table: where the table was here already, the play (or
        # its absence) that goes with the local table stands.
        if here is not None or record.id in self._tables_kept:
            self.report.plays_skipped += 1
            return
        row = plays.to_row(record).model_dump()
        self.conn.execute(_PLAY.insert(), row)
        for s in record.seats:
            player_id, known_as = self._player_for(s.name)
            self.conn.execute(
                _PLAY_SEAT.insert(),
                {
                    "play_id": record.id,
                    "position": s.position,
                    "player_id": player_id,
                    "name": known_as,
                    "score": s.score,
                    "winner": s.winner,
                    "place": s.place,
                },
            )
        self.report.plays_added += 1
        self.added_plays.append(record.id)


class _Replay:
    """Replays one imported table's events in effect as they stream in, keeping only the
    current state, and stores a snapshot every ``every`` events. Stops quietly at anything
    it cannot follow (an unknown game, events out of order, an event that does not apply):
    the table then opens as the app opens any table, from the snapshots it has."""

    def __init__(self, table_id: str, game: Any, state: Any, head: int, every: int) -> None:
        self.table_id = table_id
        self.game = game
        self.state = state
        self.head = head
        self.every = every
        self.good = 0
        self.stopped = False
        self.made: set[int] = set()

    @classmethod
    def start(cls, fields: dict[str, Any], every: int) -> _Replay | None:
        try:
            game = registry.get(fields["game"])
            options = game.decode_options(fields["options"])
            state = game.setup(options)
        except Exception:  # a game this host lacks, or options it cannot use
            return None
        return cls(fields["id"], game, state, fields["head_seq"], every)

    def event(self, row: dict[str, Any], importer: _Importer) -> None:
        seq = row["seq"]
        if self.stopped or seq <= 0 or seq > self.head:
            return
        if seq != self.good + 1:
            self.stopped = True
            return
        try:
            self.state = self.game.apply(self.state, self.game.decode_action(row["action"]))
        except Exception:  # damaged data: the app's own opening says what is wrong
            self.stopped = True
            return
        self.good = seq
        if seq % self.every == 0:
            state_json = json.dumps(self.game.state_to_json(self.state))
            importer.snapshot(self.table_id, seq, state_json, row["at"])
            self.made.add(seq)


def _table_fields(t: dict[str, Any], where: str) -> dict[str, Any]:
    tid = _need(t, "id", str, where)
    if not tid or len(tid) > 32 or not all(c.isalnum() or c in "-_" for c in tid):
        raise ImportRefused(f"{where}.id {tid!r} is not a table id")
    return {
        "id": tid,
        "game": _need(t, "game", str, where)[:64],
        "title": _need(t, "title", str, where)[:200],
        "options": _need(t, "options", dict, where),
        "status": _need(t, "status", str, where)[:16],
        "created_at": _parse_time(t.get("created_at"), f"{where}.created_at"),
        "updated_at": _parse_time(t.get("updated_at"), f"{where}.updated_at"),
        "version": _need(t, "version", int, where),
        "head_seq": _need(t, "head_seq", int, where),
        "archived": bool(t.get("archived", False)),
        "deleted_at": _parse_time(t["deleted_at"], f"{where}.deleted_at")
        if t.get("deleted_at")
        else None,
    }


def _event(e: Any, w: str) -> dict[str, Any]:
    return {
        "seq": _need(e, "seq", int, w),
        "action": _need(e, "action", dict, w),
        "seat": _need(e, "seat", int, w, null=True),
        "who": _need(e, "who", str, w)[:80],
        "device": _need(e, "device", str, w)[:80],
        "at": _parse_time(e.get("at"), f"{w}.at"),
        "correction": _need(e, "correction", bool, w),
        "undone": _need(e, "undone", bool, w),
        "line": _need(e, "line", str, w),
        # Optional: files written before the history kept chapters and seats.
        "chapter": _need(e, "chapter", str, w) if "chapter" in e else "",
        "by_seat": _need(e, "by_seat", int, w, null=True) if "by_seat" in e else None,
    }


def _snapshot(s: Any, w: str) -> dict[str, Any]:
    state = s.get("state") if isinstance(s, dict) else None
    if state is None:
        raise ImportRefused(f"{w}.state is missing")
    return {
        "seq": _need(s, "seq", int, w),
        "state": state,
        "at": _parse_time(s.get("at"), f"{w}.at"),
    }


def _takeback(b: Any, w: str) -> dict[str, Any]:
    kind = _need(b, "kind", str, w)
    if kind not in ("undo", "redo"):
        raise ImportRefused(f"{w}.kind must be undo or redo, not {kind!r}"[:300])
    return {
        "version": _need(b, "version", int, w),
        "kind": kind,
        "first_seq": _need(b, "first_seq", int, w),
        "last_seq": _need(b, "last_seq", int, w),
        "head_after": _need(b, "head_after", int, w),
        "who": _need(b, "who", str, w)[:80],
        "device": _need(b, "device", str, w)[:80],
        "seat": _need(b, "seat", int, w, null=True),
        "at": _parse_time(b.get("at"), f"{w}.at"),
        "line": _need(b, "line", str, w),
    }


def _token() -> str:
    # A fresh code nobody holds, kept as a digest like every code: the host hands out
    # codes for an imported table with the Invite dialog's "Make a new code".
    return codes.digest(codes.new_code())


def _play(p: Any, where: str) -> plays.PlayRecord:
    pid = _need(p, "id", str, where)
    if not pid or len(pid) > 32:
        raise ImportRefused(f"{where}.id {pid!r} is not a play id")
    title = _need(p, "title", str, where)[:200]
    seats = []
    for i, s in enumerate(_need(p, "seats", list, where)):
        w = f"{where}.seats[{i}]"
        seats.append(
            plays.PlayedSeat(
                position=_need(s, "position", int, w),
                name=_name(_need(s, "name", str, w), f"{w}.name"),
                player_id=None,
                score=_need(s, "score", int, w, null=True),
                winner=_need(s, "winner", bool, w),
                place=_need(s, "place", int, w, null=True),
            )
        )
    winners = _need(p, "winners", list, where)
    if not all(isinstance(w, str) for w in winners):
        raise ImportRefused(f"{where}.winners must be a list of names")
    history = _need(p, "history", list, where)
    if not all(isinstance(h, dict) for h in history):
        raise ImportRefused(f"{where}.history must be a list of objects")
    sheet = _need(p, "sheet", dict, where, null=True)
    problem = _pad_problem(sheet) if sheet is not None else None
    if problem is not None:
        raise ImportRefused(
            f"{where} (play {title!r}, id {pid}) has a malformed score pad: {problem}"[:400]
        )
    return plays.PlayRecord(
        id=pid,
        game=_need(p, "game", str, where),
        title=title,
        options=_need(p, "options", dict, where),
        status=_need(p, "status", str, where)[:16],
        started_at=_parse_time(p.get("started_at"), f"{where}.started_at"),
        ended_at=_parse_time(p.get("ended_at"), f"{where}.ended_at"),
        duration_s=_need(p, "duration_s", int, where),
        moves=_need(p, "moves", int, where),
        summary=_need(p, "summary", str, where),
        tiebreak=_need(p, "tiebreak", str, where)[:200],
        winners=tuple(winners),
        seats=tuple(seats),
        sheet=sheet,
        history=history,
        ending=str(p.get("ending", ""))[:200],
    )


def _pad_problem(sheet: dict[str, Any]) -> str | None:
    """What is wrong with a stored score pad (the shape ``ScoreSheet.to_json`` writes and
    the plays and stats screens read), or ``None``."""

    def whole(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    rows = sheet.get("players")
    if not isinstance(rows, list):
        return "players must be a list"
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            return f"players[{i}] must be an object"
        if not isinstance(row.get("name"), str):
            return f"players[{i}].name must be text"
        if not whole(row.get("total")):
            return f"players[{i}].total must be a whole number"
        items = row.get("items")
        if not isinstance(items, list):
            return f"players[{i}].items must be a list"
        for j, item in enumerate(items):
            where = f"players[{i}].items[{j}]"
            if not isinstance(item, dict):
                return f"{where} must be an object"
            if not isinstance(item.get("label"), str):
                return f"{where}.label must be text"
            if not whole(item.get("points")):
                return f"{where}.points must be a whole number"
            for key in ("rule", "detail"):
                if not isinstance(item.get(key, ""), str):
                    return f"{where}.{key} must be text"
    for key in ("winner", "tiebreak"):
        if sheet.get(key) is not None and not isinstance(sheet.get(key), str):
            return f"{key} must be text"
    if not isinstance(sheet.get("summary", ""), str):
        return "summary must be text"
    return None


# ----- BG Stats ---------------------------------------------------------------------------

BGSTATS_PLAY_FIELDS = (
    "uuid",
    "gameRefId",
    "playDate",
    "durationMin",
    "playerScores",
    "ignored",
    "manualWinner",
    "rounds",
    "locationRefId",
    "board",
    "comments",
)
BGSTATS_SCORE_FIELDS = (
    "playerRefId",
    "score",
    "winner",
    "newPlayer",
    "startPlayer",
    "rank",
    "seatOrder",
)
_NAMESPACE = uuid.UUID("6d1b7c6e-58f4-4c1e-9a52-2a7a0f7c1f3b")


def _uuid(*parts: str) -> str:
    """A stable UUID for one of our things, so exporting twice gives the same ids and the
    other app recognises plays it already has."""
    return str(uuid.uuid5(_NAMESPACE, "/".join(parts)))


def start_seat(options: dict[str, Any]) -> int:
    """Who went first: an integer option whose name says "first" or "start", else seat 0."""
    for key, value in options.items():
        low = key.lower()
        if (
            ("first" in low or "start" in low)
            and isinstance(value, int)
            and not isinstance(value, bool)
        ):
            return value
    return 0


def bgstats(records: list[plays.PlayRecord]) -> dict[str, Any]:
    """The plays as a BG Stats import file (finished plays only; abandoned ones are left
    out, as they have no result)."""
    finished = [r for r in records if r.status == plays.FINISHED]
    games: dict[str, int] = {}
    people: dict[str, int] = {}
    out_games: list[dict[str, Any]] = []
    out_players: list[dict[str, Any]] = []
    out_plays: list[dict[str, Any]] = []
    for r in sorted(finished, key=lambda r: (r.ended_at, r.id)):
        if r.game not in games:
            games[r.game] = len(games) + 1
            scored = any(s.score is not None for s in r.seats)
            out_games.append(
                {
                    "id": games[r.game],
                    "uuid": _uuid("game", r.game),
                    "name": r.game_title,
                    "cooperative": r.cooperative,
                    "highestWins": True,
                    "noPoints": not scored,
                    "usesTeams": False,
                    "bggId": 0,
                }
            )
        first = start_seat(r.options)
        scores = []
        for s in r.seats:
            key = s.name.lower()
            if key not in people:
                people[key] = len(people) + 1
                out_players.append(
                    {
                        "id": people[key],
                        "uuid": _uuid("player", key),
                        "name": s.name,
                        "isAnonymous": False,
                    }
                )
            scores.append(
                {
                    "playerRefId": people[key],
                    "score": str(s.score) if s.score is not None else "",
                    "winner": s.winner,
                    "newPlayer": False,
                    "startPlayer": s.position == first,
                    "rank": s.place or 0,
                    "seatOrder": s.position + 1,
                }
            )
        out_plays.append(
            {
                "uuid": _uuid("play", r.id),
                "gameRefId": games[r.game],
                "playDate": r.started_at.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S"),
                "durationMin": max(1, round(r.duration_s / 60)) if r.duration_s else 0,
                "playerScores": scores,
                "ignored": False,
                "manualWinner": False,
                "rounds": 0,
                "locationRefId": 0,
                "board": "",
                "comments": f"{r.title}. {r.summary}".strip(),
            }
        )
    return {
        "about": "Plays exported by Fatekeeper for BG Stats.",
        "games": out_games,
        "players": out_players,
        "locations": [],
        "plays": out_plays,
        "userInfo": {"meRefId": 0},
    }
