"""A proposed play on the Fates and Favors screen, in headless Chromium: Ann picks a #9 and
puts her finger on Bo's blue column on the board picture (a real pointer tap on the canvas,
where the column is drawn). The answer under the board says why the card cannot move it,
with the rule (ff.cards.whose); her own red column then gets its outcomes, ringed on the
picture. The same screen at 320 and 390 px, light and dark, 100 % and 200 % text keeps
everything within the screen (pictures kept when ``FATEKEEPER_SCREENSHOTS`` names a
folder).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from companion.panels.fates_and_favors.picture import centre_of, fit
from rules.fates_and_favors import GAME, FfOptions, board

from .conftest import Screen, Server, open_app
from .test_fates_and_favors_game import NAMES, press, reveal, until
from .test_phone_layout import fits_width, settle

pytestmark = pytest.mark.e2e

STATE = GAME.setup(FfOptions(players=NAMES))


def new_table(server: Server, ctx: Any) -> Screen:
    host = open_app(ctx, server.host_url("/new") + "&game=fates-and-favors")
    # at 200 % text the form is longer than the screen: each field is scrolled to (a list
    # builds only what is near the screen)
    host.find("player-count", timeout=30_000)
    host.choose("player-count", "4")
    for seat, name in enumerate(NAMES):
        host.find(f"seat-{seat}")
        host.fill(f"seat-{seat}", name)
    host.tap("create-table")
    until(host, "ff-status", "Ann's turn (red)")
    return host


def show_board(screen: Screen) -> dict[str, float]:
    """Scroll until the whole board picture is on screen, just under the tabs; returns its
    box (the semantics node spans the width, the picture is centred in it). A picture
    partly scrolled away reports only its visible part, so "whole" is its full height."""
    viewport = screen.page.viewport_size
    assert viewport is not None
    width = fit(viewport["width"] - 32)
    top = screen.wait_id("panel-game").bounding_box()["y"]
    screen.page.mouse.move(viewport["width"] / 2, viewport["height"] - 100)
    for _ in range(60):
        loc = screen.by_id("ff-board")
        box = loc.bounding_box() if loc.count() else None
        if box is not None and box["height"] >= width - 1 and box["y"] <= top + 80:
            break
        if box is None or (box["height"] >= width - 1 and box["y"] > top + 80):
            step = 250 if box is None else max(20, min(250, box["y"] - top - 20))
        elif box["y"] > top + 80:  # cut by the bottom edge: bring it up
            step = max(20, min(250, box["y"] - top - 20))
        else:  # cut by the top: bring it down
            step = -max(20, min(250, width - box["height"] + 10))
        screen.page.mouse.wheel(0, step)
        screen.page.wait_for_timeout(200)
    settle(screen)
    box = screen.wait_id("ff-board").bounding_box()
    assert box is not None
    return dict(box)


def finger_on(screen: Screen, space: int) -> None:
    """A pointer tap on ``space`` of the board picture, where it is drawn."""
    viewport = screen.page.viewport_size
    assert viewport is not None
    width = fit(viewport["width"] - 32)
    box = show_board(screen)
    assert box["height"] >= width - 1, box
    # Semantics are on for the test to find controls; a finger on a phone lands on the
    # canvas itself: let the pointer through the board's overlay node.
    screen.wait_id("ff-board").evaluate(
        "el => { el.style.pointerEvents = 'none'; "
        "el.querySelectorAll('*').forEach(c => c.style.pointerEvents = 'none'); }"
    )
    x, y = centre_of(STATE, space, width)
    left = box["x"] + (box["width"] - width) / 2
    screen.page.mouse.click(left + x, box["y"] + y)


def _verdict_on_tap(screen: Screen) -> None:
    b = board()
    press(screen, "ff-card-9")
    finger_on(screen, b.exits[1])  # Bo's blue column on its quarry exit
    until(screen, "ff-answer", "Fate #9 cannot move blue on blue quarry exit")
    until(screen, "ff-answer", "it moves Ann's TEAM columns (red, yellow)")
    reveal(screen, "ff-answer-rule-ff.cards.whose")
    until(screen, "ff-spot", "Picked: the blue column on blue quarry exit")
    finger_on(screen, b.exits[0])  # Ann's own red column
    mine = [p for p in GAME.outcomes(STATE, 9) if any(s.colour == 0 for s in p.steps)]
    until(screen, "ff-answer", f"Fate #9 can move red on red quarry exit: {len(mine)} outcomes")
    until(screen, "ff-outcome-count", "for the picked column (ringed on the board)")


def test_a_tap_on_a_column_gets_the_verdict_and_its_rule(server: Server, browser: Any) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        screen = new_table(server, ctx)
        _verdict_on_tap(screen)
    finally:
        ctx.close()


@pytest.mark.parametrize(
    ("width", "theme", "scale"),
    [
        (width, theme, scale)
        for width in (320, 390)
        for theme in ("light", "dark")
        for scale in (100, 200)
    ],
)
def test_the_screen_fits_every_width_theme_and_text_size(
    server: Server, browser: Any, width: int, theme: str, scale: int
) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": 844})
    ctx.add_init_script(
        f"window.localStorage.setItem('flutter.fk.text_scale', '{scale}');"
        f"window.localStorage.setItem('flutter.fk.theme', '\"{theme}\"');"
    )
    try:
        screen = new_table(server, ctx)
        settle(screen)
        fits_width(screen, f"table start at {width} px", width)
        _shot(screen, f"{width}-{theme}-{scale}-start")
        _verdict_on_tap(screen)
        show_board(screen)
        fits_width(screen, f"verdict at {width} px", width)
        _shot(screen, f"{width}-{theme}-{scale}-verdict")
        for form, shown in (("cards", "ff-match-a0-label"), ("board", "ff-match-board-counts")):
            press(screen, f"ff-match-{form}")
            reveal(screen, shown)
            settle(screen)
            fits_width(screen, f"match your {form} at {width} px", width)
            _shot(screen, f"{width}-{theme}-{scale}-match-{form}")
    finally:
        ctx.close()


def _shot(screen: Screen, name: str) -> None:
    folder = os.environ.get("FATEKEEPER_SCREENSHOTS", "")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        screen.screenshot(Path(folder) / f"ff-{name}.png")
