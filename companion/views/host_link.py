"""Host link (host only): the link and QR code that give host access, and renewing it.

The host key is kept only as a digest, so this is the one place besides the terminal where
the current link can be seen. Renewing (after a question saying what it does) makes a new key:
every device holding the old link loses host access at its next tap, redraw or
reconnection; this device moves to the new link at once, and the terminal prints it too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from .. import share, theme
from ..panels import widgets
from .context import AppContext
from .qr_block import QrBlock


def dialog(shell: AppContext) -> ft.AlertDialog:
    block = QrBlock("host-link", phone_width=shell.page.width)
    note = theme.muted("Keep this link to yourself: it opens every table as the host.", size=12)

    def draw() -> None:
        block.show(share.host_url(shell.base_url, shell.hub.host_key))

    def renewed() -> None:
        shell.page.pop_dialog()  # the question; the host link stays open, with the new link
        shell.renew_host_key()
        draw()
        note.value = "New host link made: the old one no longer opens anything."
        dlg.update()

    def renew(_: Any) -> None:
        shell.page.show_dialog(renew_dialog(shell, renewed))

    draw()
    dlg = ft.AlertDialog(
        title=ft.Text("Host link"),
        inset_padding=ft.Padding.symmetric(horizontal=12, vertical=24),
        content_padding=ft.Padding.only(left=16, right=16, top=16),
        scrollable=True,
        content=theme.tagged(
            "host-link",
            ft.Column(
                tight=True,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                controls=[*block.controls, note],
            ),
        ),
        actions=[
            theme.tagged("renew-host-key", ft.TextButton("Renew host link…", on_click=renew)),
            theme.tagged(
                "host-link-close",
                ft.TextButton("Close", on_click=lambda _: shell.page.pop_dialog()),
            ),
        ],
    )
    return dlg


def renew_dialog(shell: AppContext, confirm: Callable[[], None]) -> ft.AlertDialog:
    """The question asked before the host key is replaced: one tap there takes host access
    from every other device that holds the link, so it says so first."""
    return widgets.ask_dialog(
        "renew-host-key",
        "Renew the host link?",
        theme.tagged(
            "renew-host-key-question",
            ft.Column(
                tight=True,
                spacing=8,
                controls=[
                    ft.Text(
                        "A new host link replaces this one. Every other device that opened "
                        "the app with the current link loses host access at once and must "
                        "be given the new link; this device moves to it."
                    ),
                    theme.muted(
                        "Phones that joined a table with a watch or seat code stay.", size=12
                    ),
                ],
            ),
        ),
        "Keep this link",
        "Renew host link",
        shell.page.pop_dialog,
        confirm,
        danger=True,
    )
