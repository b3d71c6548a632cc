"""The colours the app picks for coloured text read on both themes (WCAG 2 AA, 4.5:1).

The surfaces are Material 3's, as Flutter derives them from the app's seed colour (read
off the page's pixels in the browser layout test, which also measures the drawn text)."""

from __future__ import annotations

import pytest

from companion import theme
from companion.panels.born_of_titans.sheet import SEAT_COLOURS

LIGHT_SURFACES = ("#FEF7FF", "#F3EDF7", "#ECE6F0", "#E6E0E9")
"""Light theme: surface, container, container high, container highest."""
DARK_SURFACES = ("#141218", "#211F26", "#2B2930", "#36343B")

SEAT_HEX = {
    "amber400": "#FFCA28",
    "lightblue300": "#4FC3F7",
    "pink200": "#F48FB1",
    "lightgreen400": "#9CCC65",
}


def test_contrast_ratio_follows_wcag() -> None:
    assert theme.contrast_ratio("#000000", "#FFFFFF") == pytest.approx(21.0)
    assert theme.contrast_ratio("#777777", "#777777") == pytest.approx(1.0)
    assert theme.contrast_ratio("#767676", "#FFFFFF") == pytest.approx(4.54, abs=0.01)


@pytest.mark.parametrize("surface", LIGHT_SURFACES)
def test_green_reads_on_the_light_theme(surface: str) -> None:
    assert theme.contrast_ratio(theme.OK_ON_LIGHT, surface) >= theme.MIN_CONTRAST


@pytest.mark.parametrize("surface", DARK_SURFACES)
def test_green_reads_on_the_dark_theme(surface: str) -> None:
    assert theme.contrast_ratio(theme.OK_ON_DARK, surface) >= theme.MIN_CONTRAST


def test_the_old_fixed_green_did_not_read_on_light() -> None:
    """Green 300 everywhere, as before: under 2:1 on the light theme's surface."""
    assert theme.contrast_ratio("#81C784", LIGHT_SURFACES[0]) < theme.MIN_CONTRAST_LARGE


def test_quest_names_black_on_every_seat_colour() -> None:
    """Born of Titans names a quest in black on its seat's colour (either theme)."""
    assert [c.lower().replace("_", "") for c in SEAT_COLOURS] == list(SEAT_HEX)
    for colour in SEAT_HEX.values():
        assert theme.contrast_ratio("#000000", colour) >= theme.MIN_CONTRAST
