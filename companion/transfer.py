"""Export and import: one table or everything as a versioned JSON file, and the plays in
the BG Stats import format.

Our own format (``FORMAT``, version ``VERSION``; documented in the README) holds the roster,
the tables (options, seats, the whole event log with undone and set-aside events, stored
snapshots) and the plays. Tokens are never exported: they are secrets of the host that
wrote the file, and an import gives every table fresh ones.

Import adds what is missing and never changes what is there: a table or play whose id the
database already holds is skipped, players are matched by name (ignoring case). Importing
the same file twice therefore adds nothing the second time. A file is checked whole before
anything is written, and written in one transaction: a bad file changes nothing.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlmodel import col, select

from . import __version__ as APP_VERSION
from . import codes, plays
from .store import Database, Event, GameTable, Play, Player, PlaySeat, Seat, Snapshot, Takeback
from .store.models import now, utc

FORMAT = "fatekeeper-export"
VERSION = 1
"""The version of the export format this code writes and the newest it reads."""


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
    added_table_ids: list[str] = field(default_factory=list)

    def sentence(self) -> str:
        return (
            f"Imported {self.tables_added} table(s), {self.plays_added} play(s) and "
            f"{self.players_added} new player(s); {self.tables_skipped} table(s) and "
            f"{self.plays_skipped} play(s) were already here and were left as they are."
        )


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


def read_file(path: Path) -> dict[str, Any]:
    """The JSON of an export file; raises ``ImportRefused`` for anything else."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ImportRefused(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ImportRefused(f"{path} is not a text file") from None
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ImportRefused(f"{path} is not JSON ({exc})") from None
    return data if isinstance(data, dict) else _refuse_shape()


def _refuse_shape() -> dict[str, Any]:
    raise ImportRefused(f"this is not a Fatekeeper export (no {FORMAT!r} object at the top)")


def check_header(data: Any) -> None:
    """Refuse anything that is not our format, or is a newer version of it."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        _refuse_shape()
    version = data.get("version")
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


def _list(data: Any, key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise ImportRefused(f"{key} must be a list")
    return value


def import_data(
    db: Database, data: Any, *, on_added: Callable[[str], None] | None = None
) -> ImportReport:
    """Add what ``data`` holds and the database lacks (see the module docstring). Raises
    ``ImportRefused`` naming the first problem; then nothing is written. ``on_added(id)``
    is told each play added (the hub keeps its list of recorded plays)."""
    check_header(data)
    players = [_player(p, f"players[{i}]") for i, p in enumerate(_list(data, "players"))]
    tables = [_table(t, f"tables[{i}]") for i, t in enumerate(_list(data, "tables"))]
    play_list = [_play(p, f"plays[{i}]") for i, p in enumerate(_list(data, "plays"))]
    ids = [t["id"] for t in tables]
    if len(set(ids)) != len(ids):
        raise ImportRefused("the file holds the same table twice")
    report = ImportReport()
    added: list[str] = []
    with db.transaction() as session:
        roster: dict[str, Player] = {p.name.lower(): p for p in session.exec(select(Player)).all()}

        def player_for(
            name: str, created: datetime | None = None, archived: bool = False
        ) -> Player:
            found = roster.get(name.lower())
            if found is None:
                found = Player(name=name, created_at=created or now(), archived=archived)
                session.add(found)
                session.flush()
                roster[name.lower()] = found
                report.players_added += 1
            return found

        for p in players:
            player_for(p["name"], p["created_at"], p["archived"])
        existing_tables = set(
            session.exec(select(GameTable.id).where(col(GameTable.id).in_(ids or [""]))).all()
        )
        for t in tables:
            if t["id"] in existing_tables:
                report.tables_skipped += 1
                continue
            _add_table(session, t, player_for)
            report.tables_added += 1
            report.added_table_ids.append(t["id"])
        session.flush()
        play_ids = [p.id for p in play_list]
        existing_plays = set(
            session.exec(select(Play.id).where(col(Play.id).in_(play_ids or [""]))).all()
        )
        for record in play_list:
            # A play belongs with its table: where the table was here already, the play (or
            # its absence) that goes with the local table stands.
            if record.id in existing_plays or record.id in existing_tables:
                report.plays_skipped += 1
                continue
            seated = plays.PlayRecord(
                **{
                    **record.__dict__,
                    "seats": tuple(
                        plays.PlayedSeat(
                            s.position, s.name, player_for(s.name).id, s.score, s.winner, s.place
                        )
                        for s in record.seats
                    ),
                }
            )
            plays._replace(session, seated)
            report.plays_added += 1
            added.append(record.id)
    if on_added is not None:
        for play_id in added:
            on_added(play_id)
    return report


def _player(p: Any, where: str) -> dict[str, Any]:
    from .hub import clean_name

    name = _need(p, "name", str, where)
    try:
        name = clean_name(name)
    except ValueError as exc:
        raise ImportRefused(f"{where}.name: {exc}") from None
    created = p.get("created_at")
    return {
        "name": name,
        "created_at": _parse_time(created, f"{where}.created_at") if created else None,
        "archived": bool(p.get("archived", False)),
    }


def _table(t: Any, where: str) -> dict[str, Any]:
    tid = _need(t, "id", str, where)
    if not tid or len(tid) > 32 or not all(c.isalnum() or c in "-_" for c in tid):
        raise ImportRefused(f"{where}.id {tid!r} is not a table id")
    out: dict[str, Any] = {
        "id": tid,
        "game": _need(t, "game", str, where),
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
    seats = _need(t, "seats", list, where)
    out["seats"] = []
    for i, s in enumerate(seats):
        w = f"{where}.seats[{i}]"
        out["seats"].append(
            {"position": _need(s, "position", int, w), "name": _need(s, "name", str, w)}
        )
    if len({s["position"] for s in out["seats"]}) != len(out["seats"]):
        raise ImportRefused(f"{where}.seats has two seats at the same position")
    out["events"] = []
    for i, e in enumerate(_need(t, "events", list, where)):
        w = f"{where}.events[{i}]"
        out["events"].append(
            {
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
        )
    if len({e["seq"] for e in out["events"]}) != len(out["events"]):
        raise ImportRefused(f"{where}.events has two events with the same number")
    out["snapshots"] = []
    for i, s in enumerate(_need(t, "snapshots", list, where)):
        w = f"{where}.snapshots[{i}]"
        state = s.get("state") if isinstance(s, dict) else None
        if state is None:
            raise ImportRefused(f"{w}.state is missing")
        out["snapshots"].append(
            {
                "seq": _need(s, "seq", int, w),
                "state": state,
                "at": _parse_time(s.get("at"), f"{w}.at"),
            }
        )
    out["takebacks"] = []
    for i, b in enumerate(_need(t, "takebacks", list, where) if "takebacks" in t else []):
        w = f"{where}.takebacks[{i}]"
        kind = _need(b, "kind", str, w)
        if kind not in ("undo", "redo"):
            raise ImportRefused(f"{w}.kind must be undo or redo, not {kind!r}"[:300])
        out["takebacks"].append(
            {
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
        )
    if len({b["version"] for b in out["takebacks"]}) != len(out["takebacks"]):
        raise ImportRefused(f"{where}.takebacks has two entries for the same table version")
    return out


def _add_table(session: Any, t: dict[str, Any], player_for: Callable[..., Player]) -> None:
    session.add(
        GameTable(
            id=t["id"],
            game=t["game"],
            title=t["title"],
            options_json=json.dumps(t["options"], sort_keys=True),
            status=t["status"],
            created_at=t["created_at"],
            updated_at=t["updated_at"],
            version=t["version"],
            head_seq=t["head_seq"],
            join_token=_token(),
            archived=t["archived"],
            deleted_at=t["deleted_at"],
        )
    )
    session.flush()
    for s in t["seats"]:
        session.add(
            Seat(
                table_id=t["id"],
                position=s["position"],
                player_id=player_for(s["name"]).id,
                name=s["name"],
                seat_token=_token(),
            )
        )
    for e in t["events"]:
        session.add(
            Event(
                table_id=t["id"],
                seq=e["seq"],
                action_json=json.dumps(e["action"]),
                seat=e["seat"],
                who=e["who"],
                device=e["device"],
                at=e["at"],
                correction=e["correction"],
                undone=e["undone"],
                line=e["line"],
                chapter=e["chapter"],
                by_seat=e["by_seat"],
            )
        )
    for s in t["snapshots"]:
        session.add(
            Snapshot(table_id=t["id"], seq=s["seq"], state_json=json.dumps(s["state"]), at=s["at"])
        )
    for b in t["takebacks"]:
        session.add(Takeback(table_id=t["id"], **b))


def _token() -> str:
    # A fresh code nobody holds, kept as a digest like every code: the host hands out
    # codes for an imported table with the Invite dialog's "Make a new code".
    return codes.digest(codes.new_code())


def _play(p: Any, where: str) -> plays.PlayRecord:
    pid = _need(p, "id", str, where)
    if not pid or len(pid) > 32:
        raise ImportRefused(f"{where}.id {pid!r} is not a play id")
    seats = []
    for i, s in enumerate(_need(p, "seats", list, where)):
        w = f"{where}.seats[{i}]"
        seats.append(
            plays.PlayedSeat(
                position=_need(s, "position", int, w),
                name=_need(s, "name", str, w),
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
    return plays.PlayRecord(
        id=pid,
        game=_need(p, "game", str, where),
        title=_need(p, "title", str, where)[:200],
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
        sheet=_need(p, "sheet", dict, where, null=True),
        history=history,
        ending=str(p.get("ending", ""))[:200],
    )


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
