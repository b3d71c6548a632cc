"""The rules reference: every game's rule index, searchable by words and by rule ID.

An in-memory SQLite FTS5 table is built once per process from every available game's
``RuleIndex``. User input is never passed to FTS5 as query syntax: it is split into words
and each word is quoted, so quotes, stars, brackets or ``AND(`` are just text and can
never raise. Words match as prefixes ("reno" finds "renown"); a rule ID such as
``sof.servant.limits`` matches as a phrase, and an exact ID always ranks first.
"""

from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rules import registry
from rules.core import Game, Rule

MAX_QUERY_CHARS = 200
"""Longer input is cut: nobody types more into a search box, and it bounds the work."""


@dataclass(frozen=True)
class Hit:
    """One rule matching a search. ``snippet`` is a short plain-text excerpt of the text."""

    game: str
    game_title: str
    rule_id: str
    section: str
    title: str
    text: str
    kind: str
    snippet: str


_WORD = re.compile(r"\w+")


def fts_query(text: str) -> str | None:
    """The FTS5 query for free text typed by a user, or ``None`` if it has no words.

    Each whitespace-separated chunk becomes a quoted phrase of its word pieces with a prefix
    star (``sof.servant.lim`` -> ``"sof servant lim"*``); chunks are ANDed implicitly.
    """
    phrases = []
    for chunk in text[:MAX_QUERY_CHARS].split():
        pieces = _WORD.findall(chunk)
        if pieces:
            phrases.append('"' + " ".join(pieces) + '"*')
    return " ".join(phrases) if phrases else None


class Reference:
    """A searchable index over the rule indexes of ``games``. Thread-safe."""

    def __init__(self, games: Iterable[Game[Any, Any]]) -> None:
        self._lock = threading.Lock()
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._db.execute(
            "CREATE VIRTUAL TABLE rule USING fts5("
            "game UNINDEXED, rule_id, section, title, text, kind UNINDEXED,"
            " tokenize = 'unicode61 remove_diacritics 2')"
        )
        self._titles: dict[str, str] = {}
        self._rules: dict[str, list[Rule]] = {}
        for game in games:
            self._titles[game.slug] = game.title
            self._rules[game.slug] = list(game.rules)
            self._db.executemany(
                "INSERT INTO rule (game, rule_id, section, title, text, kind)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [(game.slug, r.id, r.section, r.title, r.text, r.kind) for r in game.rules],
            )
        self._db.commit()

    @property
    def games(self) -> dict[str, str]:
        """Slug -> title of every indexed game, in the order given."""
        return dict(self._titles)

    def rules(self, game: str) -> list[Rule]:
        """Every rule of ``game`` in index order; ``KeyError`` for a game not indexed."""
        return list(self._rules[game])

    def rule(self, game: str, rule_id: str) -> Rule | None:
        """The rule ``rule_id`` of ``game``, or ``None`` if it has no such rule."""
        return next((r for r in self._rules.get(game, ()) if r.id == rule_id), None)

    def search(self, query: str, game: str | None = None, limit: int = 50) -> list[Hit]:
        """Rules matching every word of ``query`` (best first), within ``game`` if given.

        Never raises for any text; returns ``[]`` when the query has no words.
        """
        match = fts_query(query)
        if match is None:
            return []
        wanted = query.strip().lower()
        sql = (
            "SELECT game, rule_id, section, title, text, kind,"
            " snippet(rule, 4, '', '', '…', 14),"
            " bm25(rule, 0.0, 10.0, 2.0, 4.0, 1.0) AS rank"
            " FROM rule WHERE rule MATCH ?"
        )
        params: list[Any] = [match]
        if game is not None:
            sql += " AND game = ?"
            params.append(game)
        # An exact rule ID first, then FTS rank; ties keep index order.
        sql += " ORDER BY (lower(rule_id) = ?) DESC, rank LIMIT ?"
        params += [wanted, limit]
        with self._lock:
            rows = self._db.execute(sql, params).fetchall()
        return [
            Hit(
                game=row[0],
                game_title=self._titles.get(row[0], row[0]),
                rule_id=row[1],
                section=row[2],
                title=row[3],
                text=row[4],
                kind=row[5],
                snippet=row[6],
            )
            for row in rows
        ]


_default: Reference | None = None
_default_lock = threading.Lock()


def reference() -> Reference:
    """The process-wide reference over ``rules.available()``, built on first use."""
    global _default
    with _default_lock:
        if _default is None:
            _default = Reference(registry.all_games())
        return _default


def search(query: str, game: str | None = None) -> list[Hit]:
    """Search the process-wide reference (see ``Reference.search``)."""
    return reference().search(query, game)
