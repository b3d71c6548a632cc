"""Settings in a real browser at 390 px: the theme changes at once, the text size slider
takes every screen to twice the size (kept on this device across a reload), and About
names the version and the data folder. The tab and the loading screen are Fatekeeper's.
A seat's phone reaches its own Settings from the table and comes back to it; it never sees
the host's data folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import Server, open_app
from .test_manage import press
from .test_phone_layout import assert_fits, assert_tall_enough, assert_unclipped, settle
from .test_table_flow import new_table, wait_for

pytestmark = pytest.mark.e2e

SERVER_ENV = {"FATEKEEPER_EXTRA_GAMES": "tests.support.tally:TALLY"}

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


def _slider_to(screen: Any, end: str) -> None:
    """Tap the text-size slider's left (100 %) or right (200 %) end."""
    box = screen.wait_id("text-size").bounding_box()
    assert box is not None
    x = box["x"] + (box["width"] - 12 if end == "right" else 12)
    screen.page.mouse.click(x, box["y"] + box["height"] / 2)


def test_a_seat_opens_settings_from_the_table_and_comes_back(
    server: Server, phone: Any, browser: Any
) -> None:
    host_ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        host = open_app(host_ctx, server.host_url("/new") + "&game=tally")
        table_id = new_table(host)
        wait_for(host, "counter-pile-value", "0")
        host.tap("invite-open")
        host.tap("invite-seat-0")
        host.wait_body("Only for Ann")
        url = host.text_of("invite-url").strip()
        assert f"/t/{table_id}?k=" in url, url
        host.tap("invite-close")

        seat = open_app(phone, url)
        wait_for(seat, "counter-pile-value", "0")
        seat.tap("open-settings")
        seat.wait_id("text-size")
        body = seat.wait_body("About")
        # This device's look only: nothing of the host's machine.
        assert str(server.data_dir) not in body
        assert "Data folder" not in body and "Backups" not in body
        assert "k=" in seat.page.url and "key=" not in seat.page.url

        _slider_to(seat, "right")
        seat.wait_body("200%")
        seat.page.wait_for_function(f"() => ({ROOT_SIZE})() === '32px'", timeout=5000)
        assert_fits(seat, "a seat's settings at 200% text")

        # A thumb on the back arrow (the slider's value bubble may still cover the page's
        # semantics for a moment, which a real tap does not care about).
        back = seat.wait_id("settings-back").bounding_box()
        assert back is not None
        seat.page.wait_for_timeout(500)
        seat.page.mouse.click(back["x"] + back["width"] / 2, back["y"] + back["height"] / 2)
        wait_for(seat, "counter-pile-value", "0")
        assert f"/t/{table_id}" in seat.page.url
        seat.wait_body("Ann")
        settle(seat)
        assert_fits(seat, "a seat's table at 200% text")
        assert_tall_enough(seat, "a seat's table at 200% text", ["open-settings", "undo"])
        assert_unclipped(seat, "a seat's table at 200% text")
        SHOTS.mkdir(exist_ok=True)
        seat.screenshot(SHOTS / "table-seat-200.png")
        # The table still works from this phone, and the host sees it at once.
        seat.tap("counter-pile-plus")
        wait_for(seat, "counter-pile-value", "1")
        wait_for(host, "counter-pile-value", "1")
    finally:
        host_ctx.close()


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
