"""The page shown when a screen cannot be drawn because of storage or damaged data: what
is wrong in plain words, and a way to try again once it is fixed (no reload needed)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from .. import theme


def view(
    title: str,
    detail: str,
    retry: Callable[[], None],
    home: Callable[[], None] | None = None,
) -> ft.View:
    """``title`` and ``detail`` say what is wrong; "Try again" calls ``retry``; ``home``
    (host only) offers the list of tables instead."""
    buttons: list[ft.Control] = [
        theme.tagged(
            "trouble-retry",
            ft.FilledButton("Try again", on_click=lambda _: retry()),
        )
    ]
    if home is not None:
        buttons.append(
            theme.tagged(
                "trouble-home",
                ft.OutlinedButton("All tables", on_click=lambda _: home()),
            )
        )
    return ft.View(
        route="/trouble",
        padding=24,
        vertical_alignment=ft.MainAxisAlignment.CENTER,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        controls=[
            ft.Icon(ft.Icons.WARNING_AMBER_ROUNDED, size=56, color=ft.Colors.ERROR),
            theme.tagged(
                "trouble",
                ft.Text(title, size=22, weight=ft.FontWeight.W_600, text_align=ft.TextAlign.CENTER),
            ),
            theme.tagged(
                "trouble-detail",
                ft.Text(detail, text_align=ft.TextAlign.CENTER, color=theme.MUTED),
            ),
            ft.Row(buttons, alignment=ft.MainAxisAlignment.CENTER, wrap=True),
        ],
    )


def describe(exc: BaseException, *, host: bool = True) -> tuple[str, str]:
    """A title and a sentence for a failure met while drawing or acting. Guests (``host``
    false) are not shown the host's file paths or database address."""
    from ..store import StorageError
    from ..table import TableLoadError

    if isinstance(exc, StorageError) and not host:
        return (
            "The host cannot save right now",
            "Nothing that was confirmed is lost. Let the host know, then try again.",
        )
    if isinstance(exc, StorageError):
        return (
            "The data cannot be reached",
            f"{_sentence(str(exc))} Nothing that was confirmed is lost. Fix the problem "
            "on the host, then try again.",
        )
    if isinstance(exc, TableLoadError):
        return ("This table cannot be opened", f"{_sentence(str(exc))} Nothing was changed.")
    return (
        "This screen failed",
        "Something unexpected went wrong; nothing was changed. Try again.",
    )


def _sentence(text: Any) -> str:
    text = str(text).strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
