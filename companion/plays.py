"""Finished plays: what a table leaves behind once its game is over (or abandoned).

A play is built from any game through the shared verbs only (``outcome`` and ``score``), so
a game added later is recorded, listed, exported and counted in the stats without code of
its own here. A table is one play: the play's id is the table's id, and recording it again
(a correction after the end, a redo) replaces it. Taking the end back (undo) removes it.

Everything a play needs is copied into it (options, score pad, history), so it outlives its
table in the bin.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import delete
from sqlmodel import col, select

from rules import registry
from rules.core.words import counted

from .disclosure import Disclosure
from .store import Database, GameTable, Play, PlaySeat, StorageError
from .store.models import utc

log = logging.getLogger(__name__)

FINISHED = "finished"
ABANDONED = "abandoned"


@dataclass(frozen=True)
class PlayedSeat:
    """One seat of a play. ``score`` is the seat's total on the score pad (``None`` when
    the game has no pad, or none for this seat); ``place`` 1 is first."""

    position: int
    name: str
    player_id: int | None
    score: int | None
    winner: bool
    place: int | None


@dataclass(frozen=True)
class PlayRecord:
    """A finished or abandoned play, as stored. Times are UTC."""

    id: str
    game: str
    title: str
    options: dict[str, Any]
    status: str
    started_at: datetime
    ended_at: datetime
    duration_s: int
    moves: int
    summary: str
    tiebreak: str
    winners: tuple[str, ...]
    seats: tuple[PlayedSeat, ...]
    sheet: dict[str, Any] | None = None
    history: list[dict[str, Any]] = field(default_factory=list)
    ending: str = ""
    """The rule ID of how the game ended (``Outcome.rule``)."""

    @property
    def game_title(self) -> str:
        try:
            return registry.get(self.game).title
        except KeyError:
            return self.game

    @property
    def cooperative(self) -> bool:
        """Everyone won or lost together (a co-op result, or nobody won)."""
        return len(self.winners) == 0 or len(self.winners) == len(self.seats) > 1

    def seat_of(self, player_id: int) -> PlayedSeat | None:
        return next((s for s in self.seats if s.player_id == player_id), None)


# ----- building -------------------------------------------------------------------------


def placings(scores: list[int | None], winners: list[bool]) -> list[int]:
    """Competition ranking ("1, 2, 2, 4"): winners first, then higher totals; seats that
    compare equal share a place."""
    keys = [
        (0 if w else 1, -(s if s is not None else 0)) for s, w in zip(scores, winners, strict=True)
    ]
    return [1 + sum(1 for other in keys if other < key) for key in keys]


def build(live: Any, status: str = FINISHED) -> PlayRecord:
    """The play a live table stands for now. ``status`` ``'abandoned'`` records a table
    given up before its end (nobody won; the pad is kept when the game can score it)."""
    game = live.game
    # A game given up before its end keeps its secrets: its pad is worked out from what a
    # watcher may receive (the Plays screen shows it on the host's device), never from the
    # hands. A finished game has shown everything at its end.
    state = live.state if status == FINISHED else Disclosure(live, "viewer").state()
    outcome = game.outcome(state) if status == FINISHED else None
    winners = tuple(outcome.winners) if outcome is not None else ()
    sheet_json: dict[str, Any] | None = None
    totals: dict[str, int] = {}
    tiebreak = ""
    try:
        sheet = game.score(state)
    except Exception:  # no pad for this game, or not scorable at this point
        sheet = None
    if sheet is not None:
        sheet_json = sheet.to_json()
        totals = {p.name: p.total for p in sheet.players}
        tiebreak = sheet.tiebreak or ""
    names = [s.name for s in live.seats]
    # Games that name seats themselves (heroes, demigods) may differ from the roster names:
    # match pad rows and winners by seat position through the game's own names when given.
    game_names = list(game.seat_names(state)) or names
    if len(game_names) != len(names):
        game_names = names
    scores = [totals.get(gn, totals.get(n)) for gn, n in zip(game_names, names, strict=True)]
    won = [gn in winners or n in winners for gn, n in zip(game_names, names, strict=True)]
    places = placings(scores, won)
    seats = tuple(
        PlayedSeat(info.position, info.name, info.player_id, scores[i], won[i], places[i])
        for i, info in enumerate(live.seats)
    )
    history = [
        {
            "seq": h.seq,
            "text": h.text,
            "who": h.who,
            "at": h.at.isoformat(),
            "correction": h.correction,
        }
        for h in live.history()
    ]
    ended = live.updated_at
    started = live.created_at
    if status == FINISHED:
        summary = outcome.summary if outcome is not None else ""
    else:
        summary = f"Abandoned after {counted(live.head, 'move')}."
    return PlayRecord(
        id=live.id,
        game=game.slug,
        title=live.title,
        options=json.loads(_options_json(live)),
        status=status,
        started_at=started,
        ended_at=ended,
        duration_s=max(0, int((ended - started).total_seconds())),
        moves=live.head,
        summary=summary,
        tiebreak=tiebreak,
        winners=tuple(n for n, w in zip(names, won, strict=True) if w),
        seats=seats,
        sheet=sheet_json,
        history=history,
        ending=outcome.rule if outcome is not None else "",
    )


def _options_json(live: Any) -> str:
    from .table import options_to_json

    return options_to_json(live.options)


# ----- storing --------------------------------------------------------------------------


def save(db: Database, record: PlayRecord) -> None:
    """Store ``record``, replacing any play of the same table."""
    with db.transaction() as session:
        _replace(session, record)


def _replace(session: Any, record: PlayRecord) -> None:
    session.exec(delete(PlaySeat).where(col(PlaySeat.play_id) == record.id))
    session.exec(delete(Play).where(col(Play.id) == record.id))
    session.flush()
    session.add(to_row(record))
    session.flush()
    for s in record.seats:
        session.add(
            PlaySeat(
                play_id=record.id,
                position=s.position,
                player_id=s.player_id,
                name=s.name,
                score=s.score,
                winner=s.winner,
                place=s.place,
            )
        )


def to_row(record: PlayRecord) -> Play:
    return Play(
        id=record.id,
        game=record.game,
        title=record.title,
        options_json=json.dumps(record.options, sort_keys=True),
        status=record.status,
        started_at=record.started_at,
        ended_at=record.ended_at,
        duration_s=record.duration_s,
        moves=record.moves,
        summary=record.summary,
        tiebreak=record.tiebreak,
        ending=record.ending,
        winners_json=json.dumps(list(record.winners)),
        sheet_json=json.dumps(record.sheet) if record.sheet is not None else "",
        history_json=json.dumps(record.history),
    )


def remove(db: Database, play_id: str) -> None:
    with db.transaction() as session:
        session.exec(delete(PlaySeat).where(col(PlaySeat.play_id) == play_id))
        session.exec(delete(Play).where(col(Play.id) == play_id))


def recorded_ids(db: Database) -> set[str]:
    with db.session() as session:
        return set(session.exec(select(Play.id)).all())


def list_plays(
    db: Database, *, game: str | None = None, player_id: int | None = None
) -> list[PlayRecord]:
    """Plays, newest first, optionally only of ``game`` and/or with ``player_id`` seated."""
    with db.session() as session:
        query = select(Play)
        if game:
            query = query.where(Play.game == game)
        if player_id is not None:
            query = query.where(
                col(Play.id).in_(select(PlaySeat.play_id).where(PlaySeat.player_id == player_id))
            )
        rows = session.exec(query.order_by(col(Play.ended_at).desc(), col(Play.id))).all()
        ids = [r.id for r in rows]
        seats: dict[str, list[PlaySeat]] = {}
        if ids:
            for s in session.exec(
                select(PlaySeat)
                .where(col(PlaySeat.play_id).in_(ids))
                .order_by(col(PlaySeat.position))
            ).all():
                seats.setdefault(s.play_id, []).append(s)
    return [from_row(r, seats.get(r.id, [])) for r in rows]


def get(db: Database, play_id: str) -> PlayRecord:
    """The play ``play_id``; raises ``KeyError`` when there is none."""
    with db.session() as session:
        row = session.get(Play, play_id)
        if row is None:
            raise KeyError(play_id)
        seats = list(
            session.exec(
                select(PlaySeat).where(PlaySeat.play_id == play_id).order_by(col(PlaySeat.position))
            ).all()
        )
    return from_row(row, seats)


def from_row(row: Play, seats: list[PlaySeat]) -> PlayRecord:
    return PlayRecord(
        id=row.id,
        game=row.game,
        title=row.title,
        options=json.loads(row.options_json or "{}"),
        status=row.status,
        started_at=utc(row.started_at),
        ended_at=utc(row.ended_at),
        duration_s=row.duration_s,
        moves=row.moves,
        summary=row.summary,
        tiebreak=row.tiebreak,
        winners=tuple(json.loads(row.winners_json or "[]")),
        seats=tuple(
            PlayedSeat(s.position, s.name, s.player_id, s.score, s.winner, s.place) for s in seats
        ),
        sheet=json.loads(row.sheet_json) if row.sheet_json else None,
        history=json.loads(row.history_json or "[]"),
        ending=row.ending,
    )


# ----- keeping plays in step with tables ------------------------------------------------


class PlayKeeper:
    """Keeps the ``play`` rows in step with the tables: a table whose game is over has its
    play, a table taken back into play (undo, or a move on an abandoned table) has none.
    Called after every committed change; only tables that are or were over cost a write."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._recorded = recorded_ids(db)

    def sync(self, live: Any) -> None:
        """Bring the play of ``live`` in step with it; never raises (a failure is logged
        and repaired at the next start by ``catch_up``)."""
        try:
            if live.outcome() is not None:
                save(self.db, build(live, FINISHED))
                self._recorded.add(live.id)
            elif live.status == ABANDONED:
                if live.id not in self._recorded:
                    save(self.db, build(live, ABANDONED))
                    self._recorded.add(live.id)
            elif live.id in self._recorded:
                remove(self.db, live.id)
                self._recorded.discard(live.id)
        except StorageError as exc:  # e.g. a read-only database: retried at the next start
            log.warning("could not record the play of table %s: %s", live.id, exc)
        except Exception:
            log.exception("could not record the play of table %s", live.id)

    def catch_up(self, open_table: Any) -> int:
        """Record the plays of ended tables that have none (tables that ended before plays
        were kept, or whose recording failed). ``open_table(id)`` opens a table. Returns
        how many were recorded."""
        with self.db.session() as session:
            ended = session.exec(
                select(GameTable.id).where(col(GameTable.status).in_([FINISHED, ABANDONED]))
            ).all()
        done = 0
        for table_id in ended:
            if table_id in self._recorded:
                continue
            try:
                self.sync(open_table(table_id))
            except Exception as exc:  # a table that cannot be opened keeps its place
                log.warning("table %s has no play yet: %s", table_id, exc)
                continue
            done += table_id in self._recorded
        return done

    def forget(self, play_id: str) -> None:
        self._recorded.discard(play_id)

    def know(self, play_id: str) -> None:
        self._recorded.add(play_id)
