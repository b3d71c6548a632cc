"""Look and feel shared by every screen: dark, phone first, large tap targets."""

from __future__ import annotations

import flet as ft

TAP = 48
"""Minimum height/width of anything a thumb has to hit, in logical pixels."""

SEED = ft.Colors.DEEP_PURPLE
OK = ft.Colors.GREEN_300
BAD = ft.Colors.RED_300
MUTED = ft.Colors.ON_SURFACE_VARIANT
PAD = 16


def apply(page: ft.Page) -> None:
    """Dark Material theme with one seed colour and no horizontal scrolling."""
    page.theme_mode = ft.ThemeMode.DARK
    page.dark_theme = ft.Theme(color_scheme_seed=SEED)
    page.theme = ft.Theme(color_scheme_seed=SEED)
    page.padding = 0
    page.spacing = 0


def heading(text: str) -> ft.Text:
    return ft.Text(text, size=20, weight=ft.FontWeight.W_600)


def muted(text: str, size: int = 14) -> ft.Text:
    return ft.Text(text, size=size, color=MUTED)


def tagged(identifier: str, control: ft.Control) -> ft.Semantics:
    """Wrap ``control`` so browser tests can find it by a stable identifier."""
    # The wrapper must expand like its content, or a Row squeezes an expanding field to nothing.
    expand = getattr(control, "expand", None)
    return ft.Semantics(identifier=identifier, content=control, expand=expand)
