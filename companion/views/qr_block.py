"""The QR code, its caption and its link as text: the block both share dialogs show.

The Invite dialog (watch and seat codes) and the Host link dialog show a link the same way:
a QR code big enough to scan from across the table, a line saying what it opens, and the
link itself as text for a phone that cannot scan. The block's controls carry the tags
``<ident>-qr`` and ``<ident>-url`` that browser tests find them by.
"""

from __future__ import annotations

import flet as ft

from .. import share, theme

# 280 px with a four-module white margin (the quiet zone scanners need) fits a dialog on a
# 360 px phone once the dialog's inset is narrowed (both dialogs narrow it to 12 px a side,
# with 16 px of padding inside). A narrower phone gets what its dialog has room for.
QR_SIZE = 280
DIALOG_MARGINS = 2 * (12 + 16)


def qr_size(phone_width: float | None) -> int:
    """The QR code's side for a phone ``phone_width`` px wide (unknown: the full size)."""
    if not isinstance(phone_width, (int, float)) or phone_width <= 0:
        return QR_SIZE
    return max(160, min(QR_SIZE, int(phone_width) - DIALOG_MARGINS))


class QrBlock:
    """A QR code, an optional caption under it and the link as text.

    ``show(url)`` draws ``url``; ``hide()`` takes the code and link off the screen (a code
    that can no longer be shown) and keeps the caption, which then says why. Both are
    shown and hidden through their tags: Flet draws a tag around a hidden control as a
    red error box."""

    def __init__(
        self, ident: str, *, with_caption: bool = False, phone_width: float | None = None
    ) -> None:
        size = qr_size(phone_width)
        self.image = ft.Image(src="", width=size, height=size)
        self.caption = ft.Text("", text_align=ft.TextAlign.CENTER, weight=ft.FontWeight.W_600)
        self.url_text = ft.Text("", size=12, color=theme.MUTED)
        self.qr = theme.tagged(f"{ident}-qr", self.image)
        self.url = theme.tagged(f"{ident}-url", self.url_text)
        caption: list[ft.Control] = [self.caption] if with_caption else []
        self.controls: list[ft.Control] = [self.qr, *caption, self.url]

    def show(self, url: str) -> None:
        """Draw ``url`` as a QR code and as text (the caller updates the page)."""
        self.image.src = share.qr_png_base64(url, border=4)
        self.url_text.value = url
        self.qr.visible = True
        self.url.visible = True

    def hide(self) -> None:
        """Take the code and its link off the screen; the caption stays."""
        self.image.src = ""
        self.url_text.value = ""
        self.qr.visible = False
        self.url.visible = False
