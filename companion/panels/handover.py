"""Handing the shared phone to one player, for every game that keeps secrets per seat.

Two taps, always: "Give the phone to Ann" (``give_button``) shows ``handover_card``, which
holds nothing secret; only Ann, holding the phone, taps "Show my …" to open her own block.
So a secret never appears on screen from a tap made by someone else, and the player who
takes the phone checks first that nobody else can see it. A seat that plays on its own
phone gets ``own_phone_line`` instead: its secrets are never shown on the shared phone.

Tags (for the browser tests), with ``prefix`` the game's (``sof``, ``wof``):
``{prefix}-reveal-{seat}`` the give button, ``{prefix}-handover`` the card,
``{prefix}-show-{seat}`` and ``{prefix}-handover-cancel`` its two buttons,
``{prefix}-own-phone-{seat}`` the line for a seat on its own phone.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from .. import theme
from .widgets import titled_card


def give_button(prefix: str, seat: int, name: str, on_give: Callable[[], None]) -> ft.Control:
    """Step one's button: "Give the phone to ``name``" (tagged ``{prefix}-reveal-{seat}``)."""
    return theme.tagged(
        f"{prefix}-reveal-{seat}",
        ft.FilledButton(
            f"Give the phone to {name}",
            icon=ft.Icons.SWAP_HORIZ,
            on_click=lambda _: on_give(),
        ),
    )


def own_phone_line(prefix: str, seat: int, name: str, secrets: str) -> ft.Control:
    """The line shown instead of a give button for a seat on its own phone."""
    return theme.tagged(
        f"{prefix}-own-phone-{seat}",
        theme.muted(f"{name}'s {secrets} stay on {name}'s own phone.", 13),
    )


def handover_card(
    prefix: str,
    seat: int,
    name: str,
    secrets: str,
    on_show: Callable[[], None],
    on_back: Callable[[], None],
) -> ft.Control:
    """Step two, shown on the shared phone after "Give the phone to ``name``": nothing
    secret, a word to the player now holding it, "Show my ``secrets``" (``on_show``) and
    "Back to the table" (``on_back``)."""
    return titled_card(
        f"{prefix}-handover",
        f"Give the phone to {name}",
        [
            theme.muted(
                f"{name}: take the phone and check that nobody else can see the screen. "
                f"Your {secrets} appear only after you tap below.",
                14,
            ),
            theme.tagged(
                f"{prefix}-show-{seat}",
                ft.FilledButton(
                    f"Show my {secrets}", icon=ft.Icons.VISIBILITY, on_click=lambda _: on_show()
                ),
            ),
            theme.tagged(
                f"{prefix}-handover-cancel",
                ft.OutlinedButton("Back to the table", on_click=lambda _: on_back()),
            ),
        ],
    )
