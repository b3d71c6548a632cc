"""Plays (host only): every finished or abandoned play, newest first, filtered by game and
player; a play opens read-only with its score pad and its whole history.

Filters travel in the route (``/plays?game=...&player=...``), so a filtered list survives a
reload and the back button.
"""

from __future__ import annotations

from datetime import datetime

import flet as ft

from rules import registry
from rules.core.words import counted

from .. import plays, theme
from ..plays import PlayRecord
from .context import AppContext
from .home import game_title
from .options_form import described, fields_for

ALL = "all"


def when(moment: datetime) -> str:
    """A play's date as players say it: "23 Nov 2026, 20:15" (UTC, as stored)."""
    return moment.strftime("%d %b %Y, %H:%M")


def duration(seconds: int) -> str:
    """ "45 min", "2 h 05", or "under a minute"."""
    minutes = seconds // 60
    if minutes < 1:
        return "under a minute"
    if minutes < 60:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60:02d}"


def standings(record: PlayRecord) -> str:
    """ "Ada 31 ★, Bo 27" — names in place order, totals when the game has them."""
    parts = []
    for s in sorted(record.seats, key=lambda s: (s.place or 99, s.position)):
        score = f" {s.score}" if s.score is not None else ""
        parts.append(f"{s.name}{score}{' ★' if s.winner else ''}")
    return ", ".join(parts)


def _result(record: PlayRecord) -> str:
    if record.status == plays.ABANDONED:
        return "Abandoned"
    if not record.winners:
        return "Nobody won"
    if record.cooperative:
        return "Won together"
    return f"{', '.join(record.winners)} won"


def _play_tile(shell: AppContext, record: PlayRecord) -> ft.Control:
    return theme.tagged(
        f"play-{record.id}",
        ft.Card(
            content=ft.ListTile(
                title=ft.Text(record.title, weight=ft.FontWeight.W_600),
                subtitle=ft.Text(
                    f"{record.game_title} · {when(record.ended_at)} · "
                    f"{duration(record.duration_s)}\n{_result(record)} · {standings(record)}"
                ),
                is_three_line=True,
                trailing=ft.Icon(
                    ft.Icons.EMOJI_EVENTS if record.winners else ft.Icons.CHEVRON_RIGHT
                ),
                on_click=lambda _: shell.go(f"/plays/{record.id}"),
                min_height=theme.TAP,
            )
        ),
    )


def view(shell: AppContext, game: str | None = None, player: str | None = None) -> ft.View:
    """The list, filtered by ``game`` (a slug) and ``player`` (a roster id as text)."""
    hub = shell.hub
    everything = plays.list_plays(hub.db)
    roster = {str(p.id): p.name for p in hub.all_players()}
    games = sorted({r.game for r in everything}, key=game_title)
    player_id = int(player) if player and player.isdigit() and player in roster else None
    game = game if game in games else None
    shown = [
        r
        for r in everything
        if (game is None or r.game == game)
        and (player_id is None or r.seat_of(player_id) is not None)
    ]

    def refilter(which: str, value: str | None) -> None:
        picked = {"game": game or "", "player": str(player_id) if player_id else ""}
        picked[which] = "" if value in (None, ALL) else str(value)
        shell.go("/plays", **picked)

    played = sorted(
        {s.player_id for r in everything for s in r.seats if s.player_id is not None},
        key=lambda i: roster.get(str(i), "").lower(),
    )
    game_pick = ft.Dropdown(
        label="Game",
        value=game or ALL,
        options=[
            ft.dropdown.Option(key=ALL, text="All games"),
            *(ft.dropdown.Option(key=g, text=game_title(g)) for g in games),
        ],
        on_select=lambda e: refilter("game", e.control.value),
        expand=True,
    )
    player_pick = ft.Dropdown(
        label="Player",
        value=str(player_id) if player_id else ALL,
        options=[
            ft.dropdown.Option(key=ALL, text="Everyone"),
            *(ft.dropdown.Option(key=str(i), text=roster.get(str(i), "?")) for i in played),
        ],
        on_select=lambda e: refilter("player", e.control.value),
        expand=True,
    )
    if not everything:
        body: list[ft.Control] = [
            theme.muted("No plays yet. A table becomes a play when its game ends.")
        ]
    elif not shown:
        body = [theme.muted("No plays match these filters.")]
    else:
        body = [_play_tile(shell, r) for r in shown]
    count = theme.tagged("plays-count", theme.muted(f"{len(shown)} of {len(everything)} plays"))
    return ft.View(
        route="/plays",
        padding=0,
        appbar=ft.AppBar(
            leading=theme.tagged(
                "plays-back", ft.IconButton(ft.Icons.HOME, on_click=lambda _: shell.go("/"))
            ),
            automatically_imply_leading=False,
            title=ft.Text("Plays"),
            actions=[
                theme.tagged(
                    "open-stats",
                    ft.IconButton(
                        ft.Icons.INSIGHTS, tooltip="Stats", on_click=lambda _: shell.go("/stats")
                    ),
                )
            ],
        ),
        controls=[
            ft.ListView(
                expand=True,
                padding=theme.PAD,
                spacing=8,
                controls=[
                    ft.ResponsiveRow(
                        [
                            ft.Container(
                                theme.tagged("filter-game", game_pick), col={"xs": 12, "sm": 6}
                            ),
                            ft.Container(
                                theme.tagged("filter-player", player_pick), col={"xs": 12, "sm": 6}
                            ),
                        ]
                    ),
                    count,
                    theme.tagged("plays-list", ft.Column(body, spacing=8)),
                ],
            )
        ],
    )


# ----- one play ---------------------------------------------------------------------------


def _pad(record: PlayRecord) -> list[ft.Control]:
    """The score pad as stored with the play: one card per row-owner, line items below."""
    sheet = record.sheet
    if not sheet or not sheet.get("players"):
        return [theme.muted("This game keeps no score pad.")]
    cards: list[ft.Control] = []
    places = {s.name: s for s in record.seats}
    for i, p in enumerate(sheet["players"]):
        seat = places.get(p["name"])
        mark = ""
        if seat is not None and seat.place is not None and record.status != plays.ABANDONED:
            mark = f" · place {seat.place}" + (" ★" if seat.winner else "")
        rows: list[ft.Control] = [
            ft.Row(
                [
                    ft.Text(f"{p['name']}{mark}", weight=ft.FontWeight.W_600, expand=True, size=16),
                    theme.tagged(f"pad-{i}-total", ft.Text(str(p["total"]), size=18)),
                ]
            )
        ]
        for item in p["items"]:
            detail = f" ({item['detail']})" if item.get("detail") else ""
            rows.append(
                ft.Row(
                    [
                        ft.Text(f"{item['label']}{detail}", size=14, expand=True),
                        ft.Text(str(item["points"]), size=14),
                    ]
                )
            )
        cards.append(ft.Card(content=ft.Container(ft.Column(rows, spacing=4), padding=12)))
    return cards


def _history(record: PlayRecord) -> list[ft.Control]:
    if not record.history:
        return [theme.muted("No moves were recorded.")]
    out: list[ft.Control] = []
    for line in record.history:
        mark = " (correction)" if line.get("correction") else ""
        out.append(
            ft.ListTile(
                dense=True,
                leading=ft.Text(str(line["seq"]), size=12, color=theme.MUTED),
                title=ft.Text(f"{line['text']}{mark}", size=14),
                subtitle=ft.Text(line.get("who", ""), size=12),
            )
        )
    return out


def detail(shell: AppContext, play_id: str) -> ft.View:
    """One play, read-only. Raises ``KeyError`` for an unknown play."""
    record = plays.get(shell.hub.db, play_id)
    facts = [
        f"{record.game_title} · {when(record.ended_at)}",
        f"Played for {duration(record.duration_s)}, {counted(record.moves, 'move')}",
        f"{_result(record)}",
    ]
    if record.summary:
        facts.append(record.summary)
    if record.tiebreak:
        facts.append(f"Tie-break used: {record.tiebreak}")
    if record.options:
        try:
            specs = fields_for(registry.get(record.game).options_type)
        except KeyError:  # a game this host no longer has: its options cannot be named
            specs = []
        seats = [seat.name for seat in sorted(record.seats, key=lambda seat: seat.position)]
        shown = "; ".join(described(specs, record.options, seats))
        if shown:
            facts.append(f"Options: {shown}")
    return ft.View(
        route=f"/plays/{record.id}",
        padding=0,
        appbar=ft.AppBar(
            leading=theme.tagged(
                "play-back",
                ft.IconButton(ft.Icons.ARROW_BACK, on_click=lambda _: shell.go("/plays")),
            ),
            automatically_imply_leading=False,
            title=ft.Text(record.title, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
        ),
        controls=[
            ft.ListView(
                expand=True,
                padding=theme.PAD,
                spacing=8,
                controls=[
                    theme.tagged("play-facts", ft.Column([ft.Text(f) for f in facts], spacing=2)),
                    theme.heading("Score pad"),
                    theme.tagged("play-pad", ft.Column(_pad(record), spacing=8)),
                    theme.heading("History"),
                    theme.tagged("play-history", ft.Column(_history(record), spacing=0)),
                ],
            )
        ],
    )
