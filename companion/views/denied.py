"""The page anyone without a valid code sees. It names no table and no player."""

from __future__ import annotations

import flet as ft

from .. import theme

DEFAULT = "This link has no valid code, or its code was replaced."


def view(detail: str = DEFAULT) -> ft.View:
    return ft.View(
        route="/denied",
        padding=24,
        vertical_alignment=ft.MainAxisAlignment.CENTER,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        controls=[
            ft.Icon(ft.Icons.LOCK_OUTLINE, size=56, color=theme.MUTED),
            theme.tagged(
                "denied",
                ft.Text(
                    "Ask the host for the code",
                    size=22,
                    weight=ft.FontWeight.W_600,
                    text_align=ft.TextAlign.CENTER,
                ),
            ),
            ft.Text(
                f"{detail} Scan the QR code on the host's screen to join a table.",
                text_align=ft.TextAlign.CENTER,
                color=theme.MUTED,
            ),
        ],
    )
