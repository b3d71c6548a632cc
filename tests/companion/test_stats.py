"""Stats per player and per game, from plays made by hand (exact figures) and from real
games played to their end (every screen builds)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

from companion import plays, stats
from companion.hub import Hub
from companion.plays import PlayedSeat, PlayRecord
from companion.store import Database
from companion.views import stats_view
from tests.support.random_play import new_table, play
from tests.support.ui import tagged, texts

T0 = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)


def record(
    n: int, game: str, seats: list[tuple[int, str, int | None, bool]], **kw: object
) -> PlayRecord:
    placed = plays.placings([s[2] for s in seats], [s[3] for s in seats])
    return PlayRecord(
        id=f"p{n}",
        game=game,
        title=f"Play {n}",
        options=kw.pop("options", {}),  # type: ignore[arg-type]
        status=kw.pop("status", "finished"),  # type: ignore[arg-type]
        started_at=T0 + timedelta(days=n),
        ended_at=T0 + timedelta(days=n, minutes=30),
        duration_s=1800,
        moves=10,
        summary="",
        tiebreak="",
        winners=tuple(name for _, name, _, won in seats if won),
        seats=tuple(
            PlayedSeat(i, name, pid, score, won, placed[i])
            for i, (pid, name, score, won) in enumerate(seats)
        ),
        ending=kw.pop("ending", ""),  # type: ignore[arg-type]
    )


ANA, BO, CY = 1, 2, 3
PLAYS = [
    record(1, "scales-of-fate", [(ANA, "Ana", 10, True), (BO, "Bo", 7, False)]),
    record(2, "scales-of-fate", [(ANA, "Ana", 12, True), (CY, "Cy", 3, False)]),
    record(3, "scales-of-fate", [(ANA, "Ana", 4, False), (BO, "Bo", 9, True)]),
    record(
        4,
        "grimheim",
        [(ANA, "Ana", None, True), (BO, "Bo", None, True)],
        options={"track": "long"},
        ending="grim.end.win",
    ),
    record(
        5,
        "grimheim",
        [(ANA, "Ana", None, False), (BO, "Bo", None, False)],
        options={"track": "short"},
        ending="grim.end.loss",
    ),
    record(
        6,
        "scales-of-fate",
        [(ANA, "Ana", None, False), (BO, "Bo", None, False)],
        status="abandoned",
    ),
]


def test_player_figures() -> None:
    s = stats.player_stats(PLAYS, ANA, "Ana")
    assert (s.plays, s.wins, s.abandoned) == (5, 3, 1)
    assert s.win_rate == 3 / 5
    assert s.average_score == (10 + 12 + 4) / 3 and s.best_score == 12
    assert (s.longest_streak, s.current_streak) == (2, 0)
    assert s.opponent == ("Bo", 4)  # plays 1, 3, 4 and 5; the abandoned one does not count
    assert [(g.game, g.plays, g.wins) for g in s.by_game] == [
        ("scales-of-fate", 3, 2),
        ("grimheim", 2, 1),
    ]
    assert [p.score for p in s.scores] == [10, 12, 4]
    bo = stats.player_stats(PLAYS, BO, "Bo")
    assert (bo.plays, bo.wins, bo.current_streak, bo.longest_streak) == (4, 2, 0, 2)


def test_game_figures_and_specifics() -> None:
    g = stats.game_stats(PLAYS, "grimheim")
    assert (g.plays, g.abandoned, g.team_wins, g.shared_results) == (2, 0, 1, 2)
    assert [(o.value, o.plays, o.won) for o in g.by_option] == [("long", 1, 1), ("short", 1, 0)]
    assert len(g.endings) == 2 and all(n == 1 for _, n in g.endings)
    s = stats.game_stats(PLAYS, "scales-of-fate")
    assert (s.plays, s.abandoned) == (4 - 1, 1)
    assert s.best == ("Ana", 12) and s.average_minutes == 30
    assert s.wins_by_player[0] == ("Ana", 2, 3)


def test_real_plays_give_stats_screens(db: Database) -> None:
    hub = Hub(db)
    for seed, slug in enumerate(["scales-of-fate", "scales-of-fate", "grimheim", "scales-of-fate"]):
        live = new_table(hub, slug, random.Random(seed), players=2)
        play(live, random.Random(seed))
    shell = SimpleNamespace(hub=hub, go=lambda *a, **k: None)
    ada = next(p.id for p in hub.players() if p.name == "Ada")
    page = stats_view.view(shell, str(ada), None)  # type: ignore[arg-type]
    ids = tagged(page)
    assert {"stat-plays", "stat-win-rate", "chart-win-rate", "chart-scores"} <= ids.keys()
    assert "Win rate by game" in texts(page)
    game = stats_view.view(shell, None, "grimheim")  # type: ignore[arg-type]
    assert {"stat-plays", "chart-wins", "endings"} <= tagged(game).keys()
    assert "How games ended" in texts(game)
    # Endings are named by the rule the game cited.
    g = stats.game_stats(plays.list_plays(db), "grimheim")
    assert all(not title.startswith("grim.") for title, _ in g.endings)


def test_short_axis_names() -> None:
    assert stats_view.short("Scales of Fate") == "Scales"
    assert stats_view.short("Fate: Defenders of Grimheim") == "Fate"
    assert len(stats_view.short("Odysseus: Winds of Fate")) <= 9
