"""Piece chips: the one small rounded pill every screen draws for a piece, a card, a hero,
a monster or one choice among a few.

The contract of ``chip``:

- **Label and tag.** ``label`` is the text shown, and the chip's name when read out; the
  chip is tagged ``ident`` (the returned control is the ``ft.Semantics`` wrapper: its
  ``identifier``, ``button`` and ``selected`` are what a browser test and a screen reader
  see).
- **Selected.** A selected chip is filled (``PRIMARY_CONTAINER`` with its paired text
  colour) and outlined twice as thick, so it reads as picked by shape as well as colour,
  in the light and the dark theme alike.
- **Taps.** ``on_click`` runs on a tap (it receives the tap event); without it the chip is
  display-only: drawn the same, with no ink and not announced as a button. ``disabled``
  fades a tappable chip and ignores taps (it can be picked only later).
- **Size.** At least ``theme.TAP`` (48 px) tall and ``min_width`` wide, growing with its
  label at a large text size. A label wider than the row it sits in wraps between words
  instead of running off the screen; no word is broken.
- **Leading.** ``leading`` (a coloured marker, an icon) sits before the label: the colour
  that says whose piece it is rides on it, never on the label's text. A chip with a
  leading mark keeps its label on one line (such labels are single names).

``restyle`` changes a chip's selected look in place, for a screen that keeps its chips as
the same controls between taps (a quick second tap then never lands on a replaced one).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from .. import theme

_RADIUS = 12
_FADED = 0.38  # Material's opacity for a control that cannot be used now


def _border(selected: bool) -> ft.Border:
    return ft.Border.all(2 if selected else 1, ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE)


def _fill(selected: bool) -> str | None:
    return ft.Colors.PRIMARY_CONTAINER if selected else None


def _ink(selected: bool) -> str:
    return ft.Colors.ON_PRIMARY_CONTAINER if selected else ft.Colors.ON_SURFACE


def chip(
    ident: str,
    label: str,
    *,
    selected: bool = False,
    on_click: Callable[[Any], None] | None = None,
    disabled: bool = False,
    leading: ft.Control | None = None,
    min_width: int = theme.TAP,
    size: int = 14,
    key: str | None = None,
) -> ft.Semantics:
    """A chip tagged ``ident`` showing ``label`` (the contract is in the module's
    docstring). ``size`` is the label's text size before the phone's text scale; ``key``
    keys the chip, so a redraw that puts another chip in its place gives the phone a new
    node."""
    text = ft.Text(label, size=size, color=_ink(selected), text_align=ft.TextAlign.CENTER)
    shown: ft.Control = text
    if leading is not None:
        shown = ft.Row(
            tight=True,
            spacing=6,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
            controls=[leading, text],
        )
    # An empty strut under the label sets the floor of the tap target; the stack is as big
    # as the larger of the two. A stack hands its own width limit on to the label, so a
    # label wider than the row wraps between words (a row would let it run off the edge).
    inner = ft.Stack(
        alignment=ft.Alignment.CENTER,
        controls=[ft.Container(width=max(0, min_width - 20), height=theme.TAP), shown],
    )
    tappable = on_click is not None
    box = ft.Container(
        inner,
        padding=ft.Padding.symmetric(horizontal=10),
        border_radius=_RADIUS,
        border=_border(selected),
        bgcolor=_fill(selected),
        on_click=on_click,
        ink=tappable and not disabled,
        disabled=disabled,
        opacity=_FADED if disabled else 1.0,
    )
    # No label of its own: the label's text names the chip, said once (a label here
    # would be read out before that same text).
    wrapper = ft.Semantics(
        identifier=ident,
        button=tappable,
        selected=selected,
        content=box,
    )
    if key is not None:
        wrapper.key = key
    return wrapper


def restyle(piece: ft.Semantics, selected: bool) -> None:
    """Give ``piece`` (made by ``chip``) the look of a chip that is (or is not) selected,
    keeping the same controls."""
    box = piece.content
    assert isinstance(box, ft.Container)
    piece.selected = selected
    box.border, box.bgcolor = _border(selected), _fill(selected)
    for part in _texts(box):
        part.color = _ink(selected)


def _texts(box: ft.Container) -> list[ft.Text]:
    stack = box.content
    assert isinstance(stack, ft.Stack)
    shown = stack.controls[-1]
    return (
        [shown]
        if isinstance(shown, ft.Text)
        else [c for c in getattr(shown, "controls", []) if isinstance(c, ft.Text)]
    )


def chip_row(chips: list[ft.Control], spacing: int = 6) -> ft.Row:
    """Chips side by side, wrapping onto the next line when the phone is too narrow."""
    return ft.Row(chips, wrap=True, spacing=spacing, run_spacing=spacing)
