"""Invite (host only): the table's QR code, per-seat codes one at a time, revoke codes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from .. import share, theme
from ..disclosure import Disclosure
from ..panels import widgets
from .context import AppContext
from .qr_block import QrBlock


def dialog(shell: AppContext, live: Any, shown: Disclosure) -> ft.AlertDialog:
    """The invite dialog. ``Everyone`` joins as a viewer-player of the shared table; a seat
    code joins as that seat and is the only way to see that seat's hidden information.
    Which codes it may show is ``shown``'s to say (``Disclosure.seat_code``): never the
    code of a seat that a phone already plays with. The dialog's ``data`` is a function
    that redraws it for the table as it now is (the table screen calls it after each
    change)."""
    chosen: dict[str, int | None] = {"seat": None}
    block = QrBlock("invite", with_caption=True, phone_width=shell.page.width)
    caption = block.caption
    picker = ft.Row(wrap=True, spacing=6, alignment=ft.MainAxisAlignment.CENTER)
    # Only a digest of each code is stored: a code made before the host last started
    # cannot be shown again, and the host is offered a new one instead. The same goes for
    # a seat's code once a phone has played with it.
    renew_button = ft.FilledButton("Make a new code", on_click=lambda _: renew())
    # Shown and hidden through its tag: a tag around a hidden control is an error box.
    unknown = theme.tagged("invite-new-code", renew_button)

    def draw() -> None:
        seat = chosen["seat"]
        if seat is None:
            token = shown.watch_code()
            caption.value = "Scan to watch this table"
            renew_button.content = "Make a new code"
        else:
            token = shown.seat_code(seat)
            name = live.seats[seat].name
            caption.value = f"Only for {name}: scan to play this seat"
            renew_button.content = f"Make a new code for {name}"
        unknown.visible = token is None
        if token is None:
            block.hide()
            if seat is not None and shown.plays_on_own_phone(seat):
                caption.value = (
                    f"{name} plays from their own phone, so their code is not shown again "
                    f"here. A new code for {name} stops the old one at once (that phone "
                    "must scan the new one)."
                )
            else:
                caption.value = (
                    "This code was made before the host last started. Only its fingerprint "
                    "is kept, so it cannot be shown again; phones that joined with it keep "
                    "working."
                )
        else:
            block.show(share.join_url(shell.base_url, live.id, token))
        picker.controls = [
            theme.tagged(
                "invite-everyone",
                ft.FilledButton("Everyone", on_click=lambda _: pick(None))
                if seat is None
                else ft.OutlinedButton("Everyone", on_click=lambda _: pick(None)),
            )
        ] + [
            theme.tagged(
                f"invite-seat-{s.position}",
                (ft.FilledButton if seat == s.position else ft.OutlinedButton)(
                    s.name, on_click=lambda _, p=s.position: pick(p)
                ),
            )
            for s in live.seats
        ]

    def pick(seat: int | None) -> None:
        chosen["seat"] = seat
        draw()
        dlg.update()

    def renew() -> None:
        shell.hub.renew_code(live.id, chosen["seat"])
        draw()
        dlg.update()

    def revoked() -> None:
        shell.page.pop_dialog()  # the question; the invite stays, with the new codes
        shell.hub.revoke_tokens(live.id)
        draw()
        dlg.update()
        shell.toast("New codes made: the old ones no longer work.")

    def revoke(_: Any) -> None:
        shell.page.show_dialog(revoke_dialog(shell, live, revoked))

    draw()
    dlg = ft.AlertDialog(
        title=ft.Text("Invite"),
        inset_padding=ft.Padding.symmetric(horizontal=12, vertical=24),
        content_padding=ft.Padding.only(left=16, right=16, top=16),
        # The dialog scrolls as a whole (a landscape phone is 390 px high); a scrolling
        # column inside it would stretch the dialog to the full screen height instead.
        scrollable=True,
        content=theme.tagged(
            "invite",
            ft.Column(
                tight=True,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                controls=[
                    *block.controls,
                    unknown,
                    picker,
                    theme.muted(
                        "A seat code shows that seat's hidden cards: "
                        "show each one only to its player.",
                        size=12,
                    ),
                ],
            ),
        ),
        actions=[
            theme.tagged("revoke-codes", ft.TextButton("Revoke codes…", on_click=revoke)),
            theme.tagged(
                "invite-close", ft.TextButton("Close", on_click=lambda _: shell.page.pop_dialog())
            ),
        ],
    )

    def refresh() -> None:
        # The table moved on while the dialog is open: a seat whose player has just
        # acted from their phone must not keep its code on show.
        if dlg.open:
            draw()
            dlg.update()

    dlg.data = refresh  # for the table screen, after each change (never sent to the phone)
    return dlg


def revoke_dialog(shell: AppContext, live: Any, confirm: Callable[[], None]) -> ft.AlertDialog:
    """The question asked before every code of ``live`` is replaced: one tap there cuts
    off every phone at the table, so it says which table and what follows."""
    title = live.title or live.game.title
    seats = ", ".join(s.name for s in live.seats)
    return widgets.ask_dialog(
        "revoke-codes",
        "Revoke every code of this table?",
        theme.tagged(
            "revoke-question",
            ft.Column(
                tight=True,
                spacing=8,
                controls=[
                    ft.Text(title, weight=ft.FontWeight.W_600),
                    ft.Text(
                        f"The watch code and the seat codes of {seats} are replaced. "
                        "Every phone that joined this table with them is cut off at once "
                        "and must scan the new QR code to come back."
                    ),
                    theme.muted(
                        "Nothing at the table changes, and the host link stays as it is.",
                        size=12,
                    ),
                ],
            ),
        ),
        "Keep the codes",
        "Revoke codes",
        shell.page.pop_dialog,
        confirm,
        danger=True,
    )
