"""The Fates and Favors screen's choice chips: a label in a rounded box, a full tap target
(48 px tall and at least ``width`` wide) that grows with its label at a large text size
instead of breaking a word over two lines."""

from __future__ import annotations

from typing import Any

import flet as ft

from ... import theme


def chip(ident: str, label: str, selected: bool, on_click: Any, width: int = 48) -> ft.Control:
    """A chip tagged ``ident``; ``on_click`` None draws it faded (it does nothing now)."""
    inner = ft.Row(
        tight=True,
        spacing=0,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
        controls=[
            ft.Container(width=0, height=theme.TAP),  # the floor of a tap target's height
            ft.Column(
                tight=True,
                spacing=0,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                controls=[
                    ft.Container(width=max(0, width - 20), height=0),  # and of its width
                    ft.Text(label, size=15, text_align=ft.TextAlign.CENTER, no_wrap=True),
                ],
            ),
        ],
    )
    return ft.Semantics(
        identifier=ident,
        button=True,
        selected=selected,
        label=label,
        content=ft.Container(
            inner,
            padding=ft.Padding.symmetric(horizontal=10),
            border_radius=10,
            border=ft.Border.all(2 if selected else 1, ft.Colors.OUTLINE),
            bgcolor=ft.Colors.PRIMARY_CONTAINER if selected else None,
            on_click=on_click,
            ink=on_click is not None,
            opacity=1.0 if on_click is not None else 0.35,
        ),
    )
