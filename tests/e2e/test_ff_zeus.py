"""Zeus on the Fates and Favors screen, in headless Chromium on one phone: Ann chooses Zeus,
shares the ten spaces between her red column and Bo's blue one (blue tapped on the board
picture, then both raised with the + chips; the running total says when ten are placed),
sees only that split's outcomes, reads the verdict and commits; the board shows both
columns moved (ff.favor.zeus, ff.assume.zeus-split-first).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from companion.panels.fates_and_favors.picture import WIDTH
from rules.core.words import counted
from rules.fates_and_favors import GAME, FfOptions, board, zeus

from .conftest import PHONE, Screen, Server
from .test_fates_and_favors_game import NAMES, four_player_table, press, shot, until

pytestmark = pytest.mark.e2e


def test_zeus_is_played_columns_first(server: Server, browser: Any) -> None:
    ctx = browser.new_context(viewport=PHONE)
    try:
        _play(server, ctx)
    finally:
        ctx.close()


def tap_board(screen: Screen, space: int) -> None:
    """Tap ``space`` on the board picture, where ``board_picture`` draws it."""
    b = board()
    half = b.arm + 2
    size = WIDTH / (2 * half + 1)
    x, y = b.cells[space]
    # Scroll until the whole picture shows (a partly scrolled-away picture reports only its
    # visible part): towards it from wherever the panel stands, as a finger would.
    screen.page.mouse.move(195, 600)
    height = screen.page.viewport_size["height"] if screen.page.viewport_size else 844
    for _ in range(20):
        box = screen.wait_id("ff-board").bounding_box()
        if box is not None and box["height"] >= WIDTH - 1:
            break
        # Aim for the picture's top a little under the table's header (which the panel
        # scrolls beneath): further down it is cut at the foot, further up by the header.
        if box is not None and box["y"] > height / 2:
            screen.page.mouse.wheel(0, box["y"] - 220)  # below: bring it up
        else:
            screen.page.mouse.wheel(0, -150)  # above (or cut at the top): bring it down
        screen.page.wait_for_timeout(300)
    assert box is not None and box["height"] >= WIDTH - 1, box
    # the picture is WIDTH px wide, centred in the board's box
    left = box["x"] + (box["width"] - WIDTH) / 2
    # The tests turn Flutter's semantics overlay on to find controls; a finger on a phone
    # lands on the canvas itself: let the pointer through the board's overlay node.
    screen.wait_id("ff-board").evaluate(
        "el => { el.style.pointerEvents = 'none'; "
        "el.querySelectorAll('*').forEach(c => c.style.pointerEvents = 'none'); }"
    )
    screen.page.mouse.click(left + (x + half + 0.5) * size, box["y"] + (half - y + 0.5) * size)


def _play(server: Server, ctx: Any) -> None:
    host = four_player_table(server, ctx)
    assert re.search(r"/t/[A-Za-z0-9_-]+", host.page.url)

    press(host, "ff-favor-zeus")
    until(host, "ff-zeus-total", "0 of 10")
    for _ in range(4):
        press(host, "ff-zeus-plus-0-8")
    until(host, "ff-zeus-amount-0-8", "4")
    # Bo's blue column is tapped on the board picture itself, then raised with +
    tap_board(host, 22)
    shot(host, "zeus-board-tap")
    until(host, "ff-zeus-amount-1-22", "1")
    for _ in range(5):
        press(host, "ff-zeus-plus-1-22")
    until(host, "ff-zeus-total", "10 of 10")
    shot(host, "zeus-split")

    state = GAME.setup(FfOptions(players=NAMES))
    plays = zeus.split_outcomes(state, 0, {(0, 8): 4, (1, 22): 6})
    until(host, "ff-outcome-count", counted(len(plays), "outcome"))
    press(host, "ff-outcome-0")
    until(host, "ff-verdict", "Allowed: Ann plays Zeus")
    host.wait_id("ff-verdict-rule-ff.favor.zeus")
    shot(host, "zeus-verdict")
    press(host, "ff-commit")

    after = GAME.apply(state, plays[0])
    b = board()
    until(host, "ff-status", "Bo's turn (blue)")
    for colour, name in ((0, "red"), (1, "blue")):
        spots = ", ".join(b.name(p) for p in after.columns[colour * 4 : colour * 4 + 4])
        until(host, "ff-board", f"{name}: {spots}")
    shot(host, "zeus-after")
