"""Stats per player and per game, computed from the stored plays.

Pure functions of ``PlayRecord`` lists (no database, no Flet), so every figure is tested
directly. Only finished plays count towards plays, wins and scores; abandoned ones are
counted apart. A co-op win is a win for everyone at the table.

Per-game specifics come from what every play already stores, so a new game gets them too:
the average of each score pad line (Scales of Fate's guesses, Grimheim's town pieces left),
results by each option's value (Grimheim's track and town pieces: wins by difficulty) and
how games ended (the rule each ending cites: Winds of Fate's endings).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from rules import registry

from .plays import FINISHED, PlayRecord


@dataclass(frozen=True)
class GameLine:
    """One game in a player's stats."""

    game: str
    title: str
    plays: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


@dataclass(frozen=True)
class ScorePoint:
    """A player's total in one play, for the "scores over time" chart."""

    ended_at: datetime
    game: str
    score: int


@dataclass(frozen=True)
class PlayerStats:
    player_id: int
    name: str
    plays: int
    wins: int
    abandoned: int
    average_score: float | None
    best_score: int | None
    longest_streak: int
    current_streak: int
    opponent: tuple[str, int] | None
    """The person met most often at the table, and how many plays."""
    by_game: list[GameLine] = field(default_factory=list)
    scores: list[ScorePoint] = field(default_factory=list)

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.plays if self.plays else None


@dataclass(frozen=True)
class OptionLine:
    """Plays of a game with one option set to one value, and how many had a winner."""

    option: str
    value: str
    plays: int
    won: int


@dataclass(frozen=True)
class GameStats:
    game: str
    title: str
    plays: int
    abandoned: int
    average_minutes: float | None
    average_score: float | None
    best: tuple[str, int] | None
    """The highest total ever on this game's pad, and whose."""
    wins_by_player: list[tuple[str, int, int]]
    """(name, wins, plays), most wins first."""
    team_wins: int
    """Plays that everyone won together."""
    shared_results: int
    """Plays won or lost by the whole table together (co-op results)."""
    pad_averages: list[tuple[str, float]]
    """Each score pad line's average, in pad order."""
    by_option: list[OptionLine]
    endings: list[tuple[str, int]]
    """How games ended (the cited rule's title), most frequent first."""


def _finished(records: list[PlayRecord]) -> list[PlayRecord]:
    return sorted((r for r in records if r.status == FINISHED), key=lambda r: (r.ended_at, r.id))


def _average(values: list[int]) -> float | None:
    return sum(values) / len(values) if values else None


def player_stats(records: list[PlayRecord], player_id: int, name: str) -> PlayerStats:
    """The stats of roster player ``player_id`` over ``records`` (any order)."""
    mine = [r for r in records if r.seat_of(player_id) is not None]
    done = _finished(mine)
    wins = 0
    streak = longest = 0
    met: Counter[str] = Counter()
    per_game: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    scores: list[ScorePoint] = []
    for r in done:
        seat = r.seat_of(player_id)
        assert seat is not None
        won = seat.winner
        wins += won
        streak = streak + 1 if won else 0
        longest = max(longest, streak)
        for other in r.seats:
            if other.player_id != player_id:
                met[other.name] += 1
        per_game[r.game][0] += 1
        per_game[r.game][1] += won
        if seat.score is not None:
            scores.append(ScorePoint(r.ended_at, r.game, seat.score))
    totals = [p.score for p in scores]
    top = met.most_common(1)
    return PlayerStats(
        player_id=player_id,
        name=name,
        plays=len(done),
        wins=wins,
        abandoned=len(mine) - len(done),
        average_score=_average(totals),
        best_score=max(totals) if totals else None,
        longest_streak=longest,
        current_streak=streak,
        opponent=(top[0][0], top[0][1]) if top else None,
        by_game=sorted(
            (GameLine(g, _title(g), n, w) for g, (n, w) in per_game.items()),
            key=lambda line: (-line.plays, line.title),
        ),
        scores=scores,
    )


def _title(slug: str) -> str:
    try:
        return registry.get(slug).title
    except KeyError:
        return slug


def _ending_title(slug: str, rule_id: str) -> str:
    try:
        return registry.get(slug).rules.get(rule_id).title
    except (KeyError, LookupError, AttributeError):
        return rule_id


def _scalar(value: Any) -> bool:
    return isinstance(value, (str, int, float, bool))


def game_stats(records: list[PlayRecord], game: str) -> GameStats:
    """The stats of ``game`` over ``records``."""
    mine = [r for r in records if r.game == game]
    done = _finished(mine)
    wins: Counter[str] = Counter()
    seated: Counter[str] = Counter()
    totals: list[int] = []
    best: tuple[str, int] | None = None
    lines: dict[str, list[int]] = {}
    options: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    values_seen: dict[str, set[str]] = defaultdict(set)
    endings: Counter[str] = Counter()
    team_wins = 0
    for r in done:
        for s in r.seats:
            seated[s.name] += 1
            wins[s.name] += s.winner
            if s.score is not None:
                totals.append(s.score)
                if best is None or s.score > best[1]:
                    best = (s.name, s.score)
        team_wins += bool(r.winners) and r.cooperative
        for row in (r.sheet or {}).get("players", []):
            for item in row.get("items", []):
                lines.setdefault(item["label"], []).append(int(item["points"]))
        for key, value in r.options.items():
            if _scalar(value):
                shown = str(value).lower() if isinstance(value, bool) else str(value)
                options[(key, shown)][0] += 1
                options[(key, shown)][1] += bool(r.winners)
                values_seen[key].add(shown)
        if r.ending:
            endings[_ending_title(game, r.ending)] += 1
    minutes = [r.duration_s / 60 for r in done]
    return GameStats(
        game=game,
        title=_title(game),
        plays=len(done),
        abandoned=len(mine) - len(done),
        average_minutes=sum(minutes) / len(minutes) if minutes else None,
        average_score=_average(totals),
        best=best,
        wins_by_player=sorted(
            ((n, wins[n], seated[n]) for n in seated), key=lambda t: (-t[1], -t[2], t[0])
        ),
        team_wins=team_wins,
        shared_results=sum(1 for r in done if r.cooperative),
        pad_averages=[(label, sum(v) / len(v)) for label, v in lines.items()],
        # Only options that were not always the same say something.
        by_option=[
            OptionLine(key, value, n, won)
            for (key, value), (n, won) in sorted(options.items())
            if len(values_seen[key]) > 1
        ],
        endings=endings.most_common(),
    )
