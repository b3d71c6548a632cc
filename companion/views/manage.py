"""Looking after the roster and the tables (host only), from the home screen.

A player opens a sheet to rename them, merge them into another player (one person typed two
ways) or remove them (someone who has played is archived instead, so their plays and stats
stay). A table's menu renames, archives, marks abandoned or resumes, and deletes it; deleting
asks first and puts the table in the bin, where it can be restored for 30 days.

Every action redraws the home screen and says what happened; a refusal says why and
changes nothing.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import flet as ft

from .. import theme
from ..hub import BIN_DAYS
from ..panels import widgets
from .context import AppContext
from .new_table import sentence


def _done(shell: AppContext, message: str) -> None:
    """Close the open dialog, then redraw home and say what happened.

    The redraw waits until the phone reports the dialog closed: a screen replaced while
    the dialog is still closing can leave it standing, stuck, over the new screen."""

    def finish() -> None:
        shell.show(shell.page.route or "/")
        shell.toast(message)

    dialog = shell.page.pop_dialog()
    if dialog is None:
        finish()
        return
    flet_dismiss = dialog.on_dismiss  # Flet's own: takes the dialog off the page's stack

    async def dismissed(event: Any) -> None:
        if flet_dismiss is not None:
            result = flet_dismiss(event)
            if inspect.isawaitable(result):
                await result
        finish()

    dialog.on_dismiss = dismissed


def _attempt(shell: AppContext, error: ft.Text, action: Callable[[], str]) -> None:
    """Run ``action``; show its refusal in ``error`` (keeping the dialog open) or finish."""
    try:
        message = action()
    except (ValueError, KeyError) as exc:
        error.value = sentence(str(exc).strip("'\""))
        shell.page.update()
        return
    _done(shell, message)


def player_dialog(shell: AppContext, player: Any) -> ft.AlertDialog:
    """Rename, merge or remove ``player`` (a ``PlayerInfo``)."""
    hub = shell.hub
    name = ft.TextField(label="Name", value=player.name, autofocus=True)
    others = [p for p in hub.all_players() if p.id != player.id]
    into = ft.Dropdown(
        label="Same person as…",
        options=[ft.dropdown.Option(key=str(p.id), text=p.name) for p in others],
        expand=True,
    )
    error = ft.Text("", color=theme.BAD)

    def rename(_: Any) -> None:
        _attempt(
            shell,
            error,
            lambda: f"Renamed to {hub.rename_player(player.id, name.value or '').name}.",
        )

    name.on_submit = rename

    def merge(_: Any) -> None:
        if not into.value:
            error.value = "Pick the player this one is the same person as."
            shell.page.update()
            return
        target = int(into.value)
        other = next((p.name for p in others if p.id == target), "the other player")

        def go() -> None:
            shell.page.pop_dialog()  # the question; the player's sheet takes the answer
            _attempt(
                shell,
                error,
                lambda: f"{player.name} merged into {hub.merge_players(player.id, target).name}.",
            )

        shell.page.show_dialog(
            question(
                "player-merge",
                f"Merge {player.name} into {other}?",
                f"Every play of {player.name} is counted as {other}'s from now on, in the "
                f"plays list and in the stats, and {player.name} leaves the roster.",
                "There is no undo: a merge cannot be split again.",
                ("Keep both", "Merge"),
                shell.page.pop_dialog,
                go,
            )
        )

    def remove(_: Any) -> None:
        def act() -> str:
            kept = hub.delete_player(player.id)
            if kept == "archived":
                return f"{player.name} has played, so they were archived: plays and stats stay."
            return f"{player.name} was removed from the roster."

        def go() -> None:
            shell.page.pop_dialog()
            _attempt(shell, error, act)

        shell.page.show_dialog(
            question(
                "player-remove",
                f"Remove {player.name} from the roster?",
                f"{player.name} is no longer offered when a table is set up.",
                "Someone who has played is archived instead: their plays and stats stay.",
                ("Keep", "Remove"),
                shell.page.pop_dialog,
                go,
            )
        )

    return ft.AlertDialog(
        title=ft.Text(player.name),
        scrollable=True,
        content=ft.Column(
            tight=True,
            spacing=12,
            controls=[
                theme.tagged("player-rename-field", name),
                theme.tagged("player-rename", ft.FilledButton("Rename", on_click=rename)),
                ft.Divider(),
                ft.Row([theme.tagged("player-merge-into", into)]),
                theme.tagged("player-merge", ft.OutlinedButton("Merge", on_click=merge)),
                ft.Divider(),
                theme.tagged(
                    "player-remove",
                    ft.OutlinedButton(
                        "Remove from roster",
                        icon=ft.Icons.PERSON_REMOVE,
                        on_click=remove,
                    ),
                ),
                theme.tagged("manage-error", error),
            ],
        ),
        actions=[ft.TextButton("Close", on_click=lambda _: shell.page.pop_dialog())],
    )


def question(
    key: str,
    title: str,
    says: str,
    note: str,
    labels: tuple[str, str],
    keep: Callable[[], Any],
    go: Callable[[], Any],
) -> ft.AlertDialog:
    """The question asked before a roster change that cannot be taken back: ``labels`` are
    the keep and go buttons (tagged ``{key}-keep`` and ``{key}-confirm``)."""
    body = theme.tagged(
        f"{key}-question",
        ft.Column(tight=True, spacing=8, controls=[ft.Text(says), theme.muted(note, size=12)]),
    )
    return widgets.ask_dialog(key, title, body, labels[0], labels[1], keep, go, danger=True)


def rename_table_dialog(shell: AppContext, table: Any) -> ft.AlertDialog:
    field = ft.TextField(label="Table name", value=table.title, autofocus=True)
    error = ft.Text("", color=theme.BAD)

    def save(_: Any) -> None:
        _attempt(
            shell,
            error,
            lambda: f"Renamed to {shell.hub.rename_table(table.id, field.value or '')}.",
        )

    field.on_submit = save
    return ft.AlertDialog(
        title=ft.Text("Rename table"),
        content=ft.Column(
            [theme.tagged("table-rename-field", field), theme.tagged("manage-error", error)],
            tight=True,
        ),
        actions=[
            ft.TextButton("Cancel", on_click=lambda _: shell.page.pop_dialog()),
            theme.tagged("table-rename-save", ft.FilledButton("Save", on_click=save)),
        ],
    )


def delete_table_dialog(shell: AppContext, table: Any) -> ft.AlertDialog:
    """The question asked before a table goes to the bin."""
    error = ft.Text("", color=theme.BAD)

    def confirm() -> None:
        def act() -> str:
            shell.hub.delete_table(table.id)
            return f"{table.title} is in the bin for {BIN_DAYS} days."

        _attempt(shell, error, act)

    return widgets.ask_dialog(
        "table-delete",
        "Delete this table?",
        ft.Column(
            tight=True,
            controls=[
                ft.Text(
                    f"{table.title} goes to the bin: nobody can join it, and it is removed "
                    f"for good after {BIN_DAYS} days unless you restore it. Its play, if "
                    f"the game ended, stays in Plays."
                ),
                theme.tagged("manage-error", error),
            ],
        ),
        "Keep it",
        "Delete",
        shell.page.pop_dialog,
        confirm,
        danger=True,
    )


def table_menu(shell: AppContext, table: Any) -> ft.Control:
    """The ⋮ menu of one table on the home screen."""
    hub = shell.hub

    def simple(action: Callable[[], None], message: str) -> Callable[[Any], None]:
        def run(_: Any) -> None:
            try:
                action()
            except (ValueError, KeyError) as exc:
                shell.toast(sentence(str(exc).strip("'\"")), error=True)
                return
            _done(shell, message)

        return run

    items = [
        ft.PopupMenuItem(
            content="Rename",
            icon=ft.Icons.EDIT,
            on_click=lambda _: shell.page.show_dialog(rename_table_dialog(shell, table)),
        )
    ]
    if table.status == "active":
        items.append(
            ft.PopupMenuItem(
                content="Mark abandoned",
                icon=ft.Icons.FLAG_OUTLINED,
                on_click=simple(
                    lambda: hub.abandon(table.id), "Marked abandoned: it is a play now."
                ),
            )
        )
    if table.status == "abandoned":
        items.append(
            ft.PopupMenuItem(
                content="Resume",
                icon=ft.Icons.PLAY_ARROW,
                on_click=simple(lambda: hub.resume(table.id), "Back in play."),
            )
        )
    items.append(
        ft.PopupMenuItem(
            content="Show again" if table.archived else "Archive",
            icon=ft.Icons.UNARCHIVE if table.archived else ft.Icons.ARCHIVE,
            on_click=simple(
                lambda: hub.archive_table(table.id, not table.archived),
                "Shown again." if table.archived else "Archived: find it under Archived.",
            ),
        )
    )
    items.append(
        ft.PopupMenuItem(
            content="Delete…",
            icon=ft.Icons.DELETE_OUTLINE,
            on_click=lambda _: shell.page.show_dialog(delete_table_dialog(shell, table)),
        )
    )
    return theme.tagged(
        f"table-menu-{table.id}",
        ft.PopupMenuButton(icon=ft.Icons.MORE_VERT, tooltip="Table actions", items=items),
    )


def bin_tile(shell: AppContext, table: Any) -> ft.Control:
    def restore(_: Any) -> None:
        shell.hub.restore_table(table.id)
        _done(shell, f"{table.title} is back.")

    return theme.tagged(
        f"bin-{table.id}",
        ft.ListTile(
            title=ft.Text(table.title),
            subtitle=theme.muted(
                f"Deleted {table.deleted_at:%d %b %Y}" if table.deleted_at else ""
            ),
            trailing=theme.tagged(
                f"bin-restore-{table.id}",
                ft.TextButton("Restore", icon=ft.Icons.RESTORE_FROM_TRASH, on_click=restore),
            ),
        ),
    )
