"""Settings in a real browser at 390 px: the theme changes at once, the text size slider
takes every screen to twice the size (kept on this device across a reload), and About
names the version and the data folder. The tab and the loading screen are Fatekeeper's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import Server, open_app
from .test_manage import press
from .test_phone_layout import assert_fits

pytestmark = pytest.mark.e2e

SHOTS = Path(__file__).resolve().parents[2] / "screenshots"
ROOT_SIZE = "() => getComputedStyle(document.documentElement).fontSize"


def test_settings_theme_text_size_and_about(server: Server, phone: Any) -> None:
    s = open_app(phone, server.host_url("/"))
    s.page.wait_for_function("() => document.title === 'Fatekeeper'", timeout=5000)
    s.tap("open-settings")
    s.wait_id("text-size")
    body = s.wait_body("About")
    assert "Fatekeeper 0." in body or "Fatekeeper 1." in body
    assert str(server.data_dir) in s.wait_body(str(server.data_dir))

    press(s, "theme-light")
    s.page.wait_for_timeout(500)
    # The slider's right end: 200 %.
    slider = s.wait_id("text-size")
    box = slider.bounding_box()
    assert box is not None
    s.page.mouse.click(box["x"] + box["width"] - 12, box["y"] + box["height"] / 2)
    s.wait_body("200%")
    s.page.wait_for_function(f"() => ({ROOT_SIZE})() === '32px'", timeout=5000)
    assert_fits(s, "settings at 200% text")
    s.page.wait_for_timeout(800)
    SHOTS.mkdir(exist_ok=True)
    s.screenshot(SHOTS / "settings-200-light.png")

    # Kept on this device: a reload starts at 200 % straight away, other screens too.
    s2 = open_app(phone, server.host_url("/plays"))
    assert s2.page.evaluate(ROOT_SIZE) == "32px"
    s2.wait_id("plays-count")
    assert_fits(s2, "plays after reload at 200% text")
    s2.page.close()
    # Back to normal size: the page returns to the browser's own size.
    slider = s.wait_id("text-size")
    box = slider.bounding_box()
    assert box is not None
    s.page.mouse.click(box["x"] + 12, box["y"] + box["height"] / 2)
    s.wait_body("100%")
    s.page.wait_for_function(f"() => ({ROOT_SIZE})() === '16px'", timeout=5000)


def test_loading_screen_shows_our_icon(server: Server, phone: Any) -> None:
    page = phone.new_page()
    page.goto(server.host_url("/"))
    src = page.locator("#loading img").get_attribute("src")
    assert src == "icons/loading-animation.png"
    ours = (
        Path(__file__).resolve().parents[2] / "assets" / "icons" / "loading-animation.png"
    ).read_bytes()
    assert page.request.get(server.url + "/" + src).body() == ours
    page.close()
