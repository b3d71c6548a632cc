"""Every game's guide on a phone: the walkthrough and the turn card fit 320 px with text at
200% in the light theme, and 390 px at 100% in the dark one, from top to bottom."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from rules import registry
from rules.core.guide import guide_of

from .conftest import Screen, Server, open_app
from .test_phone_layout import fits_width

pytestmark = pytest.mark.e2e

GAMES = ("scales-of-fate", "fates-and-favors", "born-of-titans", "winds-of-fate", "grimheim")
SHOTS = os.environ.get("FATEKEEPER_SCREENSHOTS", "")


def _phone(browser: Any, width: int, text_scale: float, theme: str) -> Any:
    ctx = browser.new_context(viewport={"width": width, "height": 800})
    # What the Settings screen stores on the device (Flutter keeps its preferences in the
    # browser's storage as JSON), read before the app starts.
    ctx.add_init_script(
        f"localStorage.setItem('flutter.fk.theme', JSON.stringify('{theme}'));"
        f"localStorage.setItem('flutter.fk.text_scale', JSON.stringify({int(text_scale * 100)}));"
        "document.addEventListener('DOMContentLoaded', () => "
        f"{{ document.documentElement.style.fontSize = '{16 * text_scale}px'; }});"
    )
    return ctx


def _through(screen: Screen, where: str, width: int, shot: str) -> None:
    """Check the list from top to bottom, a screen at a time."""
    for n in range(30):
        fits_width(screen, f"{where}, screen {n + 1}", width)
        if SHOTS and n < 2:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            screen.screenshot(Path(SHOTS) / f"{shot}-{n + 1}.png")
        before = screen.page.evaluate(
            "() => [...document.querySelectorAll('[flt-semantics-identifier]')]"
            ".map(e => e.getAttribute('flt-semantics-identifier')).join(',')"
        )
        screen.page.mouse.move(width / 2, 400)
        screen.page.mouse.wheel(0, 600)
        screen.page.wait_for_timeout(400)
        after = screen.page.evaluate(
            "() => [...document.querySelectorAll('[flt-semantics-identifier]')]"
            ".map(e => e.getAttribute('flt-semantics-identifier')).join(',')"
        )
        if after == before:
            return


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize(
    ("width", "text_scale", "theme"), [(320, 2.0, "light"), (390, 1.0, "dark")]
)
def test_the_guide_fits_the_phone(
    server: Server, browser: Any, slug: str, width: int, text_scale: float, theme: str
) -> None:
    ctx = _phone(browser, width, text_scale, theme)
    try:
        host = open_app(ctx, server.host_url("/new") + f"&game={slug}")
        host.wait_id("game-pick")
        game = registry.get(slug)
        # The form offers two seats, or the game's fewest when it needs more; at large
        # text a seat may lie below the fold, so each is scrolled to first.
        seats = 2 if game.min_players <= 2 <= game.max_players else game.min_players
        for seat in range(seats):
            host.find(f"seat-{seat}")
            host.fill(f"seat-{seat}", f"P{seat + 1}")
        host.tap("create-table")
        host.wait_id("open-guide", timeout=30_000)
        host.tap("open-guide")
        host.wait_id("guide-tab-turn")
        name = f"guide-{slug}-{width}-{int(text_scale * 100)}-{theme}"
        host.tap("guide-tab-setup")
        host.wait_id("guide-progress")
        _through(host, f"{slug} walkthrough at {width} px", width, f"{name}-setup")
        host.page.mouse.wheel(0, -20_000)
        host.page.wait_for_timeout(400)
        host.tap("guide-tab-turn")
        first = guide_of(game)
        assert first is not None
        host.wait_id(f"guide-section-{first.turn[0].key}")
        _through(host, f"{slug} turn card at {width} px", width, f"{name}-turn")
    finally:
        ctx.close()
