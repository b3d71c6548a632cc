"""The rules reference: every game's rule index, searchable by words and by rule ID.

An in-memory SQLite FTS5 table is built once per process from every available game's
``RuleIndex``. User input is never passed to FTS5 as query syntax: it is split into words
and each word is quoted, so quotes, stars, brackets or ``AND(`` are just text and can
never raise. Words are stemmed (FTS5's Porter tokenizer: "payouts", "paying" and "pay" meet)
and match as prefixes ("reno" finds "renown"); a rule ID such as ``sof.servant.limits``
matches as a phrase. A rule matching *any* word is found, so one word the rules never use
does not hide the rest ("bet payout" still finds the payout rules); the order is an exact
rule ID first, then the rules matching the most of the words, then FTS5's rank.
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


def fts_terms(text: str) -> list[str]:
    """The FTS5 terms for free text typed by a user, one per whitespace-separated chunk.

    Each chunk becomes a quoted phrase of its word pieces with a prefix star
    (``sof.servant.lim`` -> ``"sof servant lim"*``); chunks without word pieces are dropped,
    and so are repeats.
    """
    terms: list[str] = []
    for chunk in text[:MAX_QUERY_CHARS].split():
        pieces = _WORD.findall(chunk)
        term = '"' + " ".join(pieces) + '"*'
        if pieces and term not in terms:
            terms.append(term)
    return terms


def fts_query(text: str) -> str | None:
    """The FTS5 query matching a rule that has any of the words of ``text`` (see
    ``fts_terms``), or ``None`` if it has no words."""
    terms = fts_terms(text)
    return " OR ".join(terms) if terms else None


class Reference:
    """A searchable index over the rule indexes of ``games``. Thread-safe."""

    def __init__(self, games: Iterable[Game[Any, Any]]) -> None:
        self._lock = threading.Lock()
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._db.execute(
            "CREATE VIRTUAL TABLE rule USING fts5("
            "game UNINDEXED, rule_id, section, title, text, kind UNINDEXED,"
            " tokenize = 'porter unicode61 remove_diacritics 2')"
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
        """Rules matching any word of ``query``, within ``game`` if given: an exact rule ID
        first, then those matching the most words, then by FTS5 rank (title and ID weigh
        more than the text); ties keep index order.

        Never raises for any text; returns ``[]`` when the query has no words.
        """
        terms = fts_terms(query)
        if not terms:
            return []
        wanted = query.strip().lower()
        # How many of the words a rule matches: one small sub-query per word (a rule index
        # holds a few hundred rules, and a search box a few words).
        coverage = " + ".join(
            "(rowid IN (SELECT rowid FROM rule WHERE rule MATCH ?))" for _ in terms
        )
        sql = (
            "SELECT game, rule_id, section, title, text, kind,"
            " snippet(rule, 4, '', '', '…', 14),"
            " bm25(rule, 0.0, 10.0, 2.0, 4.0, 1.0) AS rank,"
            f" {coverage} AS coverage"
            " FROM rule WHERE rule MATCH ?"
        )
        params: list[Any] = [*terms, " OR ".join(terms)]
        if game is not None:
            sql += " AND game = ?"
            params.append(game)
        sql += " ORDER BY (lower(rule_id) = ?) DESC, coverage DESC, rank LIMIT ?"
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


_default: tuple[tuple[str, ...], Reference] | None = None
"""The games the process-wide reference was built over, and the reference."""
_default_lock = threading.Lock()


def reference() -> Reference:
    """The process-wide reference over ``rules.available()``, built on first use and built
    again if the games available change (a game registered later, as tests do)."""
    global _default
    games = tuple(registry.available())
    with _default_lock:
        if _default is None or _default[0] != games:
            _default = (games, Reference(registry.all_games()))
        return _default[1]


def search(query: str, game: str | None = None) -> list[Hit]:
    """Search the process-wide reference (see ``Reference.search``)."""
    return reference().search(query, game)
