"""Home (host only): tables to resume, newest first; new table; the player roster."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import flet as ft

from rules import registry

from .. import theme
from ..panels.chips import chip
from . import host_link, manage
from .context import AppContext
from .new_table import sentence


def game_title(slug: str) -> str:
    try:
        return registry.get(slug).title
    except KeyError:
        return slug


def ago(when: datetime, now: datetime | None = None) -> str:
    """ "just now", "5 min ago", "3 h ago", "2 days ago" or the date."""
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    seconds = ((now or datetime.now(UTC)) - when).total_seconds()
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    if seconds < 86400:
        return f"{int(seconds // 3600)} h ago"
    if seconds < 7 * 86400:
        days = int(seconds // 86400)
        return f"{days} day{'s' if days > 1 else ''} ago"
    return when.strftime("%d %b %Y")


def _table_tile(shell: AppContext, t: Any) -> ft.Control:
    finished = t.status == "finished"
    state = {"finished": "Finished", "abandoned": "Abandoned"}.get(t.status, "In play")
    return theme.tagged(
        f"table-{t.id}",
        ft.Card(
            content=ft.ListTile(
                title=ft.Text(t.title or game_title(t.game), weight=ft.FontWeight.W_600),
                subtitle=ft.Text(
                    f"{game_title(t.game)} · {', '.join(t.seat_names)}\n"
                    f"{state} · {ago(t.updated_at)}"
                ),
                is_three_line=True,
                leading=ft.Icon(ft.Icons.FLAG if finished else ft.Icons.CASINO_OUTLINED),
                trailing=manage.table_menu(shell, t),
                on_click=lambda _: shell.go(f"/t/{t.id}"),
                min_height=theme.TAP,
            )
        ),
    )


def view(shell: AppContext) -> ft.View:
    hub = shell.hub
    tables = hub.list_tables()
    roster = ft.Row(spacing=6, wrap=True)
    name_field = ft.TextField(label="New player", expand=True)
    message = ft.Text("", color=theme.BAD, visible=False)

    def fill_roster() -> None:
        roster.controls = [
            chip(
                f"player-{p.id}",
                p.name,
                leading=ft.Icon(ft.Icons.PERSON),
                on_click=lambda _, p=p: shell.page.show_dialog(manage.player_dialog(shell, p)),
            )
            for p in hub.players()
        ] or [theme.muted("No players yet.")]

    def add_player(_: Any) -> None:
        try:
            hub.add_player((name_field.value or "").strip())
        except ValueError as exc:
            message.value = sentence(str(exc))
            message.visible = True
        else:
            message.visible = False
            name_field.value = ""
            fill_roster()
        shell.page.update()

    name_field.on_submit = add_player
    fill_roster()

    table_list: list[ft.Control] = [_table_tile(shell, t) for t in tables] or [
        theme.muted("No tables yet. Start one with New table.")
    ]
    archived = hub.list_tables(archived=True)
    binned = hub.list_tables(binned=True)
    if archived:
        table_list.append(
            theme.tagged(
                "archived-tables",
                ft.ExpansionTile(
                    title=ft.Text(f"Archived ({len(archived)})"),
                    controls=[_table_tile(shell, t) for t in archived],
                ),
            )
        )
    if binned:
        table_list.append(
            theme.tagged(
                "table-bin",
                ft.ExpansionTile(
                    title=ft.Text(f"Bin ({len(binned)})"),
                    subtitle=theme.muted(f"Removed for good after {manage.BIN_DAYS} days"),
                    controls=[manage.bin_tile(shell, t) for t in binned],
                ),
            )
        )
    return ft.View(
        route="/",
        padding=0,
        appbar=ft.AppBar(
            title=ft.Text("Fatekeeper"),
            actions=[
                theme.tagged(
                    "open-settings",
                    ft.IconButton(
                        ft.Icons.SETTINGS,
                        tooltip="Settings",
                        on_click=lambda _: shell.go("/settings"),
                    ),
                ),
                theme.tagged(
                    "open-plays",
                    ft.IconButton(
                        ft.Icons.EMOJI_EVENTS,
                        tooltip="Plays",
                        on_click=lambda _: shell.go("/plays"),
                    ),
                ),
                theme.tagged(
                    "host-link-open",
                    ft.IconButton(
                        ft.Icons.KEY,
                        tooltip="Host link",
                        on_click=lambda _: shell.page.show_dialog(host_link.dialog(shell)),
                    ),
                ),
                theme.tagged(
                    "open-rules",
                    ft.IconButton(
                        ft.Icons.MENU_BOOK,
                        tooltip="Rules reference",
                        on_click=lambda _: shell.go("/rules"),
                    ),
                ),
            ],
        ),
        floating_action_button=theme.tagged(
            "new-table",
            ft.FloatingActionButton(
                icon=ft.Icons.ADD,
                content=ft.Text("New table"),
                on_click=lambda _: shell.go("/new"),
            ),
        ),
        controls=[
            ft.ListView(
                expand=True,
                padding=theme.PAD,
                spacing=8,
                controls=[
                    theme.heading("Tables"),
                    *table_list,
                    ft.Divider(),
                    theme.heading("Players"),
                    roster,
                    ft.Row(
                        [
                            theme.tagged("player-name", name_field),
                            theme.tagged(
                                "add-player",
                                ft.IconButton(
                                    ft.Icons.PERSON_ADD, tooltip="Add player", on_click=add_player
                                ),
                            ),
                        ]
                    ),
                    message,
                    ft.Container(height=80),  # room above the floating button
                ],
            )
        ],
    )
