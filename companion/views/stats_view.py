"""Stats (host only): one player's or one game's figures, with charts where a picture
reads faster than numbers (win rate by game, scores over time, wins by player).

The choice travels in the route: ``/stats?player=ID`` or ``/stats?game=SLUG``.
"""

from __future__ import annotations

from typing import Any

import flet as ft
import flet_charts as fch

from rules.core.words import counted

from .. import plays, stats, theme
from ..plays import PlayRecord
from .context import AppContext
from .home import game_title

CHART_HEIGHT = 220
SERIES_COLOURS = (
    ft.Colors.CYAN_300,
    ft.Colors.AMBER_300,
    ft.Colors.PINK_300,
    ft.Colors.LIGHT_GREEN_300,
    ft.Colors.DEEP_ORANGE_300,
    ft.Colors.PURPLE_200,
)


def _pct(rate: float | None) -> str:
    return "–" if rate is None else f"{round(rate * 100)}%"


def _num(value: float | None) -> str:
    if value is None:
        return "–"
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def short(title: str) -> str:
    """A game's name short enough for a chart axis on a phone ("Scales", "Grimheim")."""
    words = [w for w in title.replace(":", " ").split() if w.lower() not in ("of", "the", "and")]
    if not words:
        return title[:8]
    pick = max(words, key=len) if len(words[0]) < 4 else words[0]
    return pick[:9]


def _tile(key: str, label: str, value: str) -> ft.Control:
    """One figure: its name on the left, the number on the right. A full-width row on a
    phone (two columns from tablet width), so a label never has to break inside a word,
    even at twice the text size."""
    return ft.Container(
        col={"xs": 12, "sm": 6},
        content=theme.tagged(
            f"stat-{key}",
            ft.Card(
                margin=0,
                content=ft.Container(
                    padding=ft.Padding.symmetric(horizontal=14, vertical=10),
                    content=ft.Row(
                        [
                            ft.Text(label, size=15, color=theme.MUTED, expand=True),
                            ft.Text(value, size=20, weight=ft.FontWeight.W_600),
                        ],
                        vertical_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                ),
            ),
        ),
    )


def _axis_labels(names: list[str]) -> fch.ChartAxis:
    return fch.ChartAxis(
        labels=[
            fch.ChartAxisLabel(
                value=i, label=ft.Container(ft.Text(name, size=11), padding=ft.Padding.only(top=4))
            )
            for i, name in enumerate(names)
        ],
        label_size=28,
    )


def bar_chart(key: str, names: list[str], values: list[float], top: float, unit: str) -> ft.Control:
    """One bar per name; ``top`` is the value axis' upper end."""
    chart = fch.BarChart(
        groups=[
            fch.BarChartGroup(
                x=i,
                rods=[
                    fch.BarChartRod(
                        from_y=0,
                        to_y=v,
                        width=22,
                        color=SERIES_COLOURS[i % len(SERIES_COLOURS)],
                        tooltip=f"{names[i]}: {_num(v)}{unit}",
                        border_radius=4,
                    )
                ],
            )
            for i, v in enumerate(values)
        ],
        bottom_axis=_axis_labels(names),
        left_axis=fch.ChartAxis(label_size=48),
        horizontal_grid_lines=fch.ChartGridLines(
            interval=max(1.0, top / 4), color=ft.Colors.OUTLINE_VARIANT, width=1
        ),
        max_y=top,
        min_y=0,
        interactive=True,
        height=CHART_HEIGHT,
        expand=True,
    )
    return theme.tagged(
        key, ft.Container(chart, height=CHART_HEIGHT, padding=ft.Padding.only(right=8))
    )


def line_chart(key: str, points: list[stats.ScorePoint]) -> ft.Control:
    """Scores over time: one line per game, x = the n-th scored play."""
    by_game: dict[str, list[tuple[int, int]]] = {}
    for n, p in enumerate(points, start=1):
        by_game.setdefault(p.game, []).append((n, p.score))
    low = min(p.score for p in points)
    high = max(p.score for p in points)
    span = max(1, high - low)
    series = [
        fch.LineChartData(
            points=[fch.LineChartDataPoint(x, y, tooltip=f"{game_title(g)}: {y}") for x, y in pts],
            color=SERIES_COLOURS[i % len(SERIES_COLOURS)],
            stroke_width=3,
            curved=False,
            point=True,
        )
        for i, (g, pts) in enumerate(by_game.items())
    ]
    chart = fch.LineChart(
        data_series=series,
        min_x=1,
        max_x=max(2, len(points)),
        min_y=low - span * 0.1,
        max_y=high + span * 0.1,
        left_axis=fch.ChartAxis(label_size=48),
        bottom_axis=fch.ChartAxis(label_size=24, label_spacing=max(1, len(points) // 6)),
        horizontal_grid_lines=fch.ChartGridLines(color=ft.Colors.OUTLINE_VARIANT, width=1),
        height=CHART_HEIGHT,
        expand=True,
    )
    legend = ft.Row(
        wrap=True,
        spacing=12,
        controls=[
            ft.Row(
                [
                    ft.Container(
                        width=12, height=12, bgcolor=SERIES_COLOURS[i % len(SERIES_COLOURS)]
                    ),
                    ft.Text(game_title(g), size=13),
                ],
                spacing=4,
                tight=True,
            )
            for i, g in enumerate(by_game)
        ],
    )
    return theme.tagged(
        key,
        ft.Column(
            [ft.Container(chart, height=CHART_HEIGHT, padding=ft.Padding.only(right=8)), legend],
            spacing=6,
        ),
    )


def _rows(key: str, rows: list[tuple[str, str]]) -> ft.Control:
    return theme.tagged(
        key,
        ft.Column(
            spacing=0,
            controls=[
                ft.Container(
                    padding=ft.Padding.symmetric(vertical=6),
                    content=ft.Row(
                        [
                            ft.Text(a, expand=True, size=15),
                            ft.Text(b, size=15, weight=ft.FontWeight.W_600),
                        ]
                    ),
                )
                for a, b in rows
            ],
        ),
    )


def player_page(s: stats.PlayerStats) -> list[ft.Control]:
    out: list[ft.Control] = [
        ft.ResponsiveRow(
            spacing=8,
            run_spacing=6,
            controls=[
                _tile("plays", "Plays", str(s.plays)),
                _tile("wins", "Wins", str(s.wins)),
                _tile("win-rate", "Win rate", _pct(s.win_rate)),
                _tile("average", "Average score", _num(s.average_score)),
                _tile("best", "Best score", _num(s.best_score)),
                _tile("streak", "Longest win streak", str(s.longest_streak)),
                _tile("current", "Current streak", str(s.current_streak)),
                _tile(
                    "opponent",
                    "Met most often",
                    f"{s.opponent[0]} ({s.opponent[1]})" if s.opponent else "–",
                ),
            ],
        )
    ]
    if s.abandoned:
        out.append(
            theme.muted(
                f"{counted(s.abandoned, 'abandoned play')} "
                f"{'is' if s.abandoned == 1 else 'are'} not counted."
            )
        )
    if s.by_game:
        out += [
            theme.heading("Win rate by game"),
            bar_chart(
                "chart-win-rate",
                [short(g.title) for g in s.by_game],
                [round(g.win_rate * 100) for g in s.by_game],
                100,
                "%",
            ),
            _rows(
                "by-game",
                [(g.title, f"{g.wins} of {g.plays} · {_pct(g.win_rate)}") for g in s.by_game],
            ),
        ]
    if len(s.scores) >= 2:
        out += [theme.heading("Scores over time"), line_chart("chart-scores", s.scores)]
    return out


def game_page(g: stats.GameStats) -> list[ft.Control]:
    tiles = [
        _tile("plays", "Plays", str(g.plays)),
        _tile("abandoned", "Abandoned", str(g.abandoned)),
        _tile(
            "length",
            "Average length",
            f"{_num(g.average_minutes)} min" if g.average_minutes is not None else "–",
        ),
        _tile("average", "Average score", _num(g.average_score)),
        _tile("best", "Best score", f"{g.best[1]} ({g.best[0]})" if g.best else "–"),
    ]
    if g.shared_results:
        tiles.append(_tile("team", "Won together", f"{g.team_wins} of {g.plays}"))
    out: list[ft.Control] = [ft.ResponsiveRow(spacing=8, run_spacing=8, controls=tiles)]
    top = g.wins_by_player[:6]
    if top and g.plays:
        out += [
            theme.heading("Wins by player"),
            bar_chart(
                "chart-wins",
                [name[:9] for name, _, _ in top],
                [w for _, w, _ in top],
                max(1, max(w for _, w, _ in top)),
                "",
            ),
            _rows("wins-by-player", [(n, f"{w} of {p}") for n, w, p in g.wins_by_player]),
        ]
    if g.pad_averages:
        out += [
            theme.heading("Score pad averages"),
            _rows("pad-averages", [(label, _num(v)) for label, v in g.pad_averages]),
        ]
    if g.by_option:
        out += [
            theme.heading("By option"),
            _rows(
                "by-option",
                [
                    (f"{o.option.replace('_', ' ')}: {o.value}", f"{o.won} won of {o.plays}")
                    for o in g.by_option
                ],
            ),
        ]
    if g.endings:
        out += [
            theme.heading("How games ended"),
            _rows("endings", [(t, str(n)) for t, n in g.endings]),
        ]
    return out


def view(shell: AppContext, player: str | None = None, game: str | None = None) -> ft.View:
    hub = shell.hub
    records: list[PlayRecord] = plays.list_plays(hub.db)
    roster = {p.id: p.name for p in hub.all_players()}
    seated = sorted(
        {s.player_id for r in records for s in r.seats if s.player_id in roster},
        key=lambda i: roster[i].lower(),
    )
    games = sorted({r.game for r in records}, key=game_title)
    by_game = game in games if game else False
    chosen_player = int(player) if player and player.isdigit() and int(player) in roster else None
    if not by_game and chosen_player is None and seated:
        chosen_player = seated[0]

    def pick(kind: str, value: Any) -> None:
        shell.go("/stats", **{kind: str(value)})

    switch = ft.Row(
        [
            theme.tagged(
                "stats-players",
                (ft.OutlinedButton if by_game else ft.FilledButton)(
                    "Players",
                    on_click=lambda _: pick("player", seated[0]) if seated else None,
                    expand=True,
                ),
            ),
            theme.tagged(
                "stats-games",
                (ft.FilledButton if by_game else ft.OutlinedButton)(
                    "Games",
                    on_click=lambda _: pick("game", games[0]) if games else None,
                    expand=True,
                ),
            ),
        ]
    )
    body: list[ft.Control]
    if not records:
        body = [theme.muted("No plays yet: stats appear once a game has ended.")]
    elif by_game:
        assert game is not None
        chooser = ft.Dropdown(
            label="Game",
            value=game,
            options=[ft.dropdown.Option(key=g, text=game_title(g)) for g in games],
            on_select=lambda e: pick("game", e.control.value),
        )
        body = [theme.tagged("stats-pick", chooser), *game_page(stats.game_stats(records, game))]
    elif chosen_player is not None:
        chooser = ft.Dropdown(
            label="Player",
            value=str(chosen_player),
            options=[ft.dropdown.Option(key=str(i), text=roster[i]) for i in seated],
            on_select=lambda e: pick("player", e.control.value),
        )
        figures = stats.player_stats(records, chosen_player, roster[chosen_player])
        body = [theme.tagged("stats-pick", chooser), *player_page(figures)]
    else:
        body = [theme.muted("Nobody in the roster has played yet.")]
    return ft.View(
        route="/stats",
        padding=0,
        appbar=ft.AppBar(
            leading=theme.tagged(
                "stats-back",
                ft.IconButton(ft.Icons.ARROW_BACK, on_click=lambda _: shell.go("/plays")),
            ),
            automatically_imply_leading=False,
            title=ft.Text("Stats"),
        ),
        controls=[
            ft.ListView(
                expand=True,
                padding=theme.PAD,
                spacing=10,
                controls=[switch, *body, ft.Container(height=24)],
            )
        ],
    )
