"""Look and feel shared by every screen: dark, phone first, large tap targets."""

from __future__ import annotations

import sys
from pathlib import Path

import flet as ft

TAP = 48
"""Minimum height/width of anything a thumb has to hit, in logical pixels."""

SEED = ft.Colors.DEEP_PURPLE
OK_ON_LIGHT = "#1B5E20"
"""Green 900: "allowed", "done" and "live" on the light theme's pale surfaces (6:1 or more)."""
OK_ON_DARK = "#81C784"
"""Green 300: the same on the dark theme's near-black surfaces (7:1 or more)."""
OK = ft.Colors.TERTIARY
"""Green that reads on either theme: the colour scheme's tertiary role, which ``apply``
sets to ``OK_ON_LIGHT`` in the light theme and ``OK_ON_DARK`` in the dark one (a fixed
shade would be light green on white or dark green on black in one of them)."""
BAD = ft.Colors.ERROR
"""The scheme's error red: dark on light, light on dark."""
MIN_CONTRAST, MIN_CONTRAST_LARGE = 4.5, 3.0
"""WCAG 2 AA: least contrast of text against its background (large text: 24 px, or
18.7 px bold)."""
MUTED = ft.Colors.ON_SURFACE_VARIANT
PAD = 16


FONT = "DejaVu Sans"
"""The app's text font, shipped in ``assets/fonts`` (licence beside it). Offline, the web
engine cannot download its fallback fonts, so any character its own font lacks ("→", "−",
"×", "½", "✓") would be drawn as an empty box; DejaVu Sans covers them all."""
FONT_FILES: dict[str, str] = {
    FONT: "fonts/DejaVuSans.ttf",
    f"{FONT} Bold": "fonts/DejaVuSans-Bold.ttf",
}
"""Font family -> file, relative to the assets folder (which the server serves at its root)."""


def assets_dir() -> Path:
    """The folder served as the app's assets: ``assets/`` of the checkout (also an editable
    install), else the copy a regular install puts under ``<prefix>/share/fatekeeper``."""
    checkout = Path(__file__).resolve().parent.parent / "assets"
    if (checkout / FONT_FILES[FONT]).is_file():
        return checkout
    return Path(sys.prefix) / "share" / "fatekeeper" / "assets"


def apply(page: ft.Page) -> None:
    """Dark Material theme with one seed colour, the bundled font, no horizontal scrolling.

    Density is pinned to the touch standard: in a browser Flutter would pick the desktop's
    compact density, which shrinks icon buttons, chips and list tiles below a thumb's
    48 px even on a phone."""
    page.fonts = dict(FONT_FILES)
    page.theme_mode = ft.ThemeMode.DARK
    page.dark_theme = _theme(dark=True)
    page.theme = _theme(dark=False)
    page.padding = 0
    page.spacing = 0


def mode(choice: str) -> ft.ThemeMode:
    """The theme mode for a device's choice: ``system``, ``light`` or ``dark``."""
    return {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT}.get(
        choice, ft.ThemeMode.DARK
    )


def _theme(*, dark: bool) -> ft.Theme:
    # 24 px icon + 2 x 12 padding, and a 20 px text line + 2 x 14 padding: 48 px targets.
    icon = ft.ButtonStyle(padding=12)
    text = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16, vertical=14))
    ok = OK_ON_DARK if dark else OK_ON_LIGHT
    return ft.Theme(
        color_scheme_seed=SEED,
        # Tertiary is the app's "allowed / done" green (``OK``), a shade per brightness.
        color_scheme=ft.ColorScheme(
            tertiary=ok, on_tertiary=ft.Colors.BLACK if dark else ft.Colors.WHITE
        ),
        font_family=FONT,
        visual_density=ft.VisualDensity.STANDARD,
        icon_button_theme=ft.IconButtonTheme(style=icon),
        text_button_theme=ft.TextButtonTheme(style=text),
        outlined_button_theme=ft.OutlinedButtonTheme(style=text),
        filled_button_theme=ft.FilledButtonTheme(style=text),
    )


def min_tall(content: ft.Control, height: int = TAP) -> ft.Row:
    """``content`` at least ``height`` px tall, and taller when its text needs it (a larger
    text size): a fixed height would cut the text off. An empty strut of ``height`` beside
    the content sets the floor; the content takes the rest of the width."""
    return ft.Row(
        spacing=0,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
        controls=[
            ft.Container(width=0, height=height),
            ft.Container(content, expand=True, alignment=ft.Alignment.CENTER),
        ],
    )


def heading(text: str) -> ft.Text:
    return ft.Text(text, size=20, weight=ft.FontWeight.W_600)


def muted(text: str, size: int = 14) -> ft.Text:
    return ft.Text(text, size=size, color=MUTED)


def tagged(identifier: str, control: ft.Control) -> ft.Semantics:
    """Wrap ``control`` so browser tests can find it by a stable identifier.

    A hidden ``control`` makes a hidden wrapper around a shown one: Flet draws a wrapper
    around a hidden control as a red error box on the phone. To show or hide it later, set
    ``visible`` on the returned wrapper, not on ``control``."""
    # The wrapper must expand like its content, or a Row squeezes an expanding field to nothing.
    expand = getattr(control, "expand", None)
    shown = control.visible is not False
    control.visible = True
    return ft.Semantics(identifier=identifier, content=control, expand=expand, visible=shown)


def relative_luminance(colour: str) -> float:
    """WCAG 2 relative luminance of ``#RRGGBB``."""
    value = colour.lstrip("#")[-6:]
    channels = [int(value[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(one: str, other: str) -> float:
    """WCAG 2 contrast ratio of two ``#RRGGBB`` colours, 1 (none) to 21 (black on white)."""
    a, b = sorted((relative_luminance(one), relative_luminance(other)), reverse=True)
    return (a + 0.05) / (b + 0.05)
