"""How Scales of Fate pieces look on the phone: demigod marker colours and short labels.

Presentation only: which demigods exist, where they stand and what is legal all come from
``rules.scales_of_fate``. The physical markers are coloured; these colours only need to be
distinct on a dark screen, and the labels unique, so two markers on one space never blur.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from rules.scales_of_fate.components import DEMIGODS

from ..chips import chip
from ..widgets import choice

_PALETTE: tuple[str, ...] = (
    ft.Colors.RED_400,
    ft.Colors.ORANGE_400,
    ft.Colors.YELLOW_600,
    ft.Colors.LIGHT_GREEN_500,
    ft.Colors.TEAL_400,
    ft.Colors.LIGHT_BLUE_400,
    ft.Colors.INDIGO_300,
    ft.Colors.PURPLE_300,
    ft.Colors.PINK_200,
)

COLOURS: dict[str, str] = dict(zip(DEMIGODS, _PALETTE, strict=True))


def _abbreviations(names: Sequence[str]) -> dict[str, str]:
    """First letter plus the first later letter that no earlier name has claimed."""
    taken: set[str] = set()
    out: dict[str, str] = {}
    for name in names:
        upper = name.upper()
        label = next((upper[0] + ch for ch in upper[1:] if upper[0] + ch not in taken), upper[:3])
        taken.add(label)
        out[name] = label
    return out


SHORT: dict[str, str] = _abbreviations(DEMIGODS)
"""Two-letter marker label per demigod (``Namari`` → ``NA``, ``Naka`` → ``NK``)."""


def marker(name: str, size: int = 26) -> ft.Container:
    """A round coloured demigod marker with its short label, about ``size`` px across at
    normal text size. It is padded around its label, not fixed in size: with large text it
    grows into a pill, where a fixed circle would cut the label to one letter."""
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=max(2, size // 6), vertical=max(2, size // 5)),
        border_radius=size // 2,
        bgcolor=COLOURS.get(name, ft.Colors.GREY_500),
        content=ft.Text(
            SHORT.get(name, name[:2]),
            size=max(9, size // 3),
            weight=ft.FontWeight.BOLD,
            color=ft.Colors.BLACK,
            no_wrap=True,
            max_lines=1,
        ),
    )


def demigod_chip(
    ident: str,
    name: str,
    *,
    selected: bool = False,
    on_click: Callable[[Any], None] | None = None,
) -> ft.Semantics:
    """The kit's chip for a demigod: its marker, then its full name, tagged ``ident``."""
    return chip(ident, name, selected=selected, on_click=on_click, leading=marker(name, 30))


__all__ = ["COLOURS", "SHORT", "choice", "demigod_chip", "marker"]
