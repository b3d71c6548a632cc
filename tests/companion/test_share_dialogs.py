"""The two share dialogs, Invite and Host link, show a link the same way (one QR block):
the QR code of the link and the link as text, or neither once the code cannot be shown.
Driven on the real screens, as the host's phone sends its taps."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion import share
from companion.hub import Hub
from companion.table import Actor
from tests.support.phones import open_phone, tap
from tests.support.tally import Add
from tests.support.ui import dialog_tags, tagged, texts, top_dialog

HOST = Actor("host", "Host", None)
BO = Actor("bo-phone", "Bo", frozenset({1}))


def _shown(tags: dict[str, ft.Semantics], ident: str) -> tuple[str, str] | None:
    """``(QR image, link text)`` of the block tagged ``ident``, or None when it is hidden
    (both parts are hidden together, through their tags)."""
    qr, url = tags[f"{ident}-qr"], tags[f"{ident}-url"]
    assert qr.visible == url.visible, "the QR code and its link are shown together"
    assert qr.content.visible is not False and url.content.visible is not False
    if qr.visible is False:
        return None
    image: Any = qr.content
    text: Any = url.content
    return str(image.src), str(text.value)


def test_invite_shows_a_seat_code_as_qr_and_link_and_neither_once_its_phone_plays(
    hub: Hub,
) -> None:
    table = hub.create_table("tally", None, ["Ann", "Bo"])
    shell, s = open_phone(hub, f"/t/{table.id}?key={hub.host_key}")
    tap(s, tagged(shell.page.views[-1])["invite-open"])
    invite = top_dialog(s)

    url = share.join_url(shell.base_url, table.id, table.join_token)
    assert _shown(dialog_tags(invite), "invite") == (share.qr_png_base64(url, border=4), url)
    assert "Scan to watch this table" in texts(invite.content)
    assert dialog_tags(invite)["invite-new-code"].visible is False

    tap(s, dialog_tags(invite)["invite-seat-1"])
    code = table.seat_tokens[1]
    assert code is not None
    url = share.join_url(shell.base_url, table.id, code)
    assert _shown(dialog_tags(invite), "invite") == (share.qr_png_base64(url, border=4), url)

    table.do(Add(0, 1), HOST)  # Ann's move on the host's phone
    table.do(Add(1, 1), BO)  # Bo plays from his own phone: his code is not shown again
    invite.data()  # what the table screen does after each change
    tags = dialog_tags(invite)
    assert _shown(tags, "invite") is None
    assert code not in texts(invite.content)
    assert str(tags["invite-qr"].content.src) == ""  # no copy of the code left on the phone
    assert "Bo plays from their own phone" in texts(invite.content)
    assert tags["invite-new-code"].visible is not False

    tap(s, tags["invite-new-code"])
    new = table.seat_tokens[1]
    assert new is not None and new != code
    url = share.join_url(shell.base_url, table.id, new)
    assert _shown(dialog_tags(invite), "invite") == (share.qr_png_base64(url, border=4), url)


def test_host_link_shows_the_host_link_as_qr_and_link_and_the_new_one_once_renewed(
    hub: Hub,
) -> None:
    shell, s = open_phone(hub, f"/?key={hub.host_key}")
    tap(s, tagged(shell.page.views[-1])["host-link-open"])
    dialog = top_dialog(s)
    old = share.host_url(shell.base_url, hub.host_key)
    assert _shown(dialog_tags(dialog), "host-link") == (share.qr_png_base64(old, border=4), old)

    tap(s, dialog_tags(dialog)["renew-host-key"])
    tap(s, dialog_tags(top_dialog(s))["renew-host-key-confirm"])
    assert top_dialog(s) is dialog
    new = share.host_url(shell.base_url, hub.host_key)
    assert new != old
    assert _shown(dialog_tags(dialog), "host-link") == (share.qr_png_base64(new, border=4), new)


def test_the_qr_code_fits_the_invite_dialog_on_a_320_px_phone(hub: Hub) -> None:
    """A 320 px phone leaves the dialog 264 px inside its margins: the code shrinks to it
    (at 280 px it ran past the dialog's edge); a wider phone keeps the full 280 px."""
    table = hub.create_table("tally", None, ["Ann", "Bo"])
    for width, side in ((320, 264), (390, 280)):
        shell, s = open_phone(hub, f"/t/{table.id}?key={hub.host_key}")
        shell.page.width = width
        tap(s, tagged(shell.page.views[-1])["invite-open"])
        image: Any = dialog_tags(top_dialog(s))["invite-qr"].content
        assert (image.width, image.height) == (side, side), width
