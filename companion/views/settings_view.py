"""Settings (this device's look and behaviour) and About.

Theme, text size and keeping the screen awake are kept on the device (see
``companion.device``); each change applies at once. About names the version, and for the
host the data folder, the database and where backups go.
"""

from __future__ import annotations

import platform
from typing import Any

import flet as ft

from .. import __version__, device, theme
from ..store import backup
from . import routes
from .context import AppContext

THEME_LABELS = {"system": "Auto", "light": "Light", "dark": "Dark"}
"""Short enough for three buttons side by side at twice the text size ("Auto" follows the
phone's own setting)."""


def about_lines(shell: AppContext) -> list[tuple[str, str]]:
    """What About shows, as (label, value) rows."""
    import flet

    rows = [("Version", f"Fatekeeper {__version__}"), ("Flet", flet.__version__)]
    rows.append(("Python", platform.python_version()))
    if shell.is_host:
        db = shell.hub.db
        if db.path is not None:
            rows.append(("Data folder", str(db.path.parent)))
            rows.append(("Backups", str(backup.backup_dir(db.path.parent))))
        else:
            rows.append(("Database", db.where))
    return rows


def back_route(shell: AppContext, table_id: str | None) -> str:
    """Where the back arrow leads: a guest always returns to its own table (the only one
    its code opens); the host to the table it came from, else to all tables."""
    if not shell.is_host:
        return f"/t/{shell.access.table_id}" if shell.access else "/"
    if table_id and routes.TABLE_ID.fullmatch(table_id):
        return f"/t/{table_id}"
    return "/"


def view(shell: AppContext, table_id: str | None = None) -> ft.View:
    """Settings for this device; ``table_id`` is the table it was opened from, if any."""
    current = shell.device_settings
    scale_label = theme.tagged("text-size-value", ft.Text(f"{current.text_scale}%", size=16))
    sample = ft.Text("The quick fate of the brave: 12 renown.", size=14)

    def pick_theme(choice: device.Theme) -> Any:
        async def run(_: Any) -> None:
            await shell.save_setting(device.KEY_THEME, choice)
            shell.show(shell.page.route)

        return run

    async def size_changed(e: Any) -> None:
        value = device.text_scale(e.control.value)
        scale_label.content.value = f"{value}%"  # type: ignore[union-attr]
        await shell.save_setting(device.KEY_TEXT, value)
        shell.page.update()

    def size_moving(e: Any) -> None:
        scale_label.content.value = f"{device.text_scale(e.control.value)}%"  # type: ignore[union-attr]
        shell.page.update()

    async def awake_changed(e: Any) -> None:
        await shell.save_setting(device.KEY_AWAKE, bool(e.control.value))

    async def hints_changed(e: Any) -> None:
        await shell.save_setting(device.KEY_HINTS, bool(e.control.value))

    theme_buttons = [
        theme.tagged(
            f"theme-{choice}",
            (ft.FilledButton if current.theme == choice else ft.OutlinedButton)(
                THEME_LABELS[choice], on_click=pick_theme(choice), expand=True
            ),
        )
        for choice in device.THEMES
    ]
    slider = ft.Slider(
        min=device.TEXT_MIN,
        max=device.TEXT_MAX,
        divisions=(device.TEXT_MAX - device.TEXT_MIN) // device.TEXT_STEP,
        value=current.text_scale,
        label="{value}%",
        on_change=size_moving,
        on_change_end=size_changed,
    )
    awake = ft.Switch(value=current.keep_awake, on_change=awake_changed)
    hints = ft.Switch(value=current.hints, on_change=hints_changed)
    back = back_route(shell, table_id)
    about = [
        ft.Container(
            padding=ft.Padding.symmetric(vertical=4),
            content=ft.Column(
                spacing=0,
                controls=[theme.muted(label, 13), ft.Text(value, size=15)],
            ),
        )
        for label, value in about_lines(shell)
    ]
    return ft.View(
        route="/settings",
        padding=0,
        appbar=ft.AppBar(
            leading=theme.tagged(
                "settings-back",
                ft.IconButton(ft.Icons.ARROW_BACK, on_click=lambda _: shell.go(back)),
            ),
            automatically_imply_leading=False,
            title=ft.Text("Settings"),
        ),
        controls=[
            ft.ListView(
                expand=True,
                padding=theme.PAD,
                spacing=10,
                controls=[
                    theme.heading("Theme"),
                    ft.Row(theme_buttons),
                    theme.heading("Text size"),
                    ft.Row(
                        [ft.Container(theme.tagged("text-size", slider), expand=True), scale_label]
                    ),
                    sample,
                    theme.muted("Every screen grows with it, up to twice the normal size.", 13),
                    theme.heading("During a game"),
                    ft.Row(
                        [
                            theme.tagged("keep-awake", awake),
                            # A label of its own, so a long one wraps instead of running off.
                            ft.Text("Keep the screen on while a table is open", expand=True),
                        ]
                    ),
                    ft.Row(
                        [
                            theme.tagged("first-game-hints", hints),
                            ft.Text(
                                "First-game hints: a line on the table screen says what the"
                                " table is waiting for",
                                expand=True,
                            ),
                        ]
                    ),
                    ft.Divider(),
                    theme.heading("About"),
                    theme.tagged("about", ft.Column(about, spacing=2)),
                    ft.Container(height=24),
                ],
            )
        ],
    )
