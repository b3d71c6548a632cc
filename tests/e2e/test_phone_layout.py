"""Every main screen fits a 390 px phone: no control reaches past either edge (Flutter draws
on a canvas, so the semantics nodes stand in for the DOM layout), and the buttons a thumb
uses most are at least 44 px tall.

Screens: home, new table, a Scales of Fate table and a Grimheim table (each with its
Counters tab), all driven through the same taps a new player makes.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import PHONE, Screen, Server, open_app

pytestmark = pytest.mark.e2e

MIN_TAP = 44
WIDTH = PHONE["width"]

_NODES = """() => [...document.querySelectorAll('flt-semantics')].map(el => {
    const r = el.getBoundingClientRect();
    return {
        id: el.getAttribute('flt-semantics-identifier') || '',
        text: (el.getAttribute('aria-label') || el.innerText || '').slice(0, 40),
        left: r.left, right: r.right, width: r.width, height: r.height,
    };
}).filter(n => n.width > 0 && n.height > 0)"""


def assert_fits(screen: Screen, where: str) -> None:
    """No semantics node starts left of 0 or ends right of the viewport."""
    nodes = screen.page.evaluate(_NODES)
    assert nodes, f"{where}: no semantics nodes (is the semantics tree on?)"
    outside = [
        (n["id"] or n["text"], round(n["left"]), round(n["right"]))
        for n in nodes
        if n["left"] < -0.5 or n["right"] > WIDTH + 0.5 or n["width"] > WIDTH + 0.5
    ]
    assert not outside, f"{where}: controls beyond the {WIDTH} px screen: {outside[:10]}"
    width = screen.page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= WIDTH, f"{where}: the page scrolls sideways ({width} px)"


def assert_tall_enough(screen: Screen, where: str, identifiers: list[str]) -> None:
    """Each tagged control's button is at least ``MIN_TAP`` px tall and wide."""
    small = []
    for identifier in identifiers:
        loc = screen.wait_id(identifier)
        inner = loc.locator("[role=button]")
        box = (inner.first if inner.count() else loc).bounding_box()
        assert box is not None, f"{where}: {identifier} is not laid out"
        if box["height"] < MIN_TAP or box["width"] < MIN_TAP:
            small.append((identifier, round(box["width"]), round(box["height"])))
    assert not small, f"{where}: buttons smaller than {MIN_TAP} px: {small}"


def settle(screen: Screen) -> None:
    screen.page.evaluate(
        "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
    )
    screen.page.wait_for_timeout(300)


TABLE_BUTTONS = ["undo", "redo", "history", "invite-open", "open-rules", "tab-game", "tab-counters"]


def check_table(screen: Screen, name: str) -> None:
    screen.wait_id("table-title")
    settle(screen)
    assert_fits(screen, f"{name} table")
    assert_tall_enough(screen, f"{name} table", TABLE_BUTTONS)
    screen.tap("tab-counters")
    screen.wait_id("panel-counters")
    settle(screen)
    assert_fits(screen, f"{name} counters")
    body = screen.body_text()
    # Counters are named in words, not as the rules' keys.
    assert not re.search(r"\b[a-z]+\.[A-Za-z]+\b", body.split(" | ")[0]), body[:400]
    screen.tap("tab-game")
    screen.wait_id("panel-game")


def test_main_screens_fit_a_390_px_phone(server: Server, browser: Any) -> None:
    ctx = browser.new_context(viewport=PHONE)
    try:
        host = open_app(ctx, server.host_url("/"))
        host.wait_id("new-table")
        settle(host)
        assert_fits(host, "home")
        assert_tall_enough(host, "home", ["new-table", "add-player", "open-rules"])

        host.tap("new-table")
        host.wait_id("create-table")
        settle(host)
        assert_fits(host, "new table")
        assert_tall_enough(host, "new table", ["create-table"])
        host.fill("seat-0", "Ann")
        host.fill("seat-1", "Bo")
        host.tap("create-table")
        host.wait_id("sof-turn")
        check_table(host, "Scales of Fate")

        host.page.close()
        host = open_app(ctx, server.host_url("/new"))
        host.wait_id("create-table")
        host.tap("game-pick")
        host.page.get_by_text("Fate: Defenders of Grimheim").last.click()
        host.wait_id("option-track")
        settle(host)
        assert_fits(host, "new Grimheim table")
        host.fill("seat-0", "Ann")
        host.fill("seat-1", "Bo")
        host.tap("create-table")
        host.wait_id("grim-phase")
        check_table(host, "Grimheim")
        assert_tall_enough(host, "Grimheim", ["grim-nav-turn", "grim-nav-map"])
    finally:
        ctx.close()


GRIM_SECTIONS = ["turn", "map", "heroes", "monsters", "tools"]


def _grimheim_fits(
    browser: Any, server: Server, width: int, text_scale: float, shots: Any = None
) -> Screen:
    """Open a new Grimheim table at ``width`` px with the browser's text at ``text_scale``
    and check that every section fits; returns the screen (on the Heroes section)."""
    ctx = browser.new_context(viewport={"width": width, "height": 844})
    if text_scale != 1.0:
        # The phone's text size setting: Flutter scales its text by the page's font size.
        ctx.add_init_script(
            f"document.addEventListener('DOMContentLoaded', () => "
            f"document.documentElement.style.fontSize = '{16 * text_scale}px')"
        )
    host = open_app(ctx, server.host_url("/new"))
    host.wait_id("create-table")
    host.tap("game-pick")
    host.page.get_by_text("Fate: Defenders of Grimheim").last.click()
    host.wait_id("option-track")
    host.fill("seat-0", "Ann")
    host.fill("seat-1", "Bo")
    host.tap("create-table")
    host.wait_id("grim-phase")
    for section in GRIM_SECTIONS:
        host.tap(f"grim-nav-{section}")
        settle(host)
        nodes = host.page.evaluate(_NODES)
        outside = [
            (n["id"] or n["text"], round(n["left"]), round(n["right"]))
            for n in nodes
            if n["left"] < -0.5 or n["right"] > width + 0.5
        ]
        where = f"Grimheim {section} at {width} px, text {text_scale:.0%}"
        assert not outside, f"{where}: controls beyond the screen: {outside[:8]}"
        scroll = host.page.evaluate("() => document.documentElement.scrollWidth")
        assert scroll <= width, f"{where}: the page scrolls sideways ({scroll} px)"
        if shots is not None:
            host.screenshot(shots / f"grimheim-{section}-{width}-{int(text_scale * 100)}.png")
    return host


@pytest.mark.parametrize(
    ("width", "text_scale"), [(320, 1.0), (360, 1.0), (390, 1.0), (430, 1.0), (320, 1.5)]
)
def test_grimheim_sections_fit_every_phone_width(
    server: Server, browser: Any, width: int, text_scale: float, tmp_path: Any
) -> None:
    host = _grimheim_fits(browser, server, width, text_scale, tmp_path)
    host.page.context.close()
