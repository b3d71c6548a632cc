"""Zeus on the Fates and Favors screen, in headless Chromium on one phone: Ann chooses Zeus,
shares the ten spaces between her red column and Bo's blue one with the -/+ chips (the
running total says when ten are placed), sees only that split's outcomes, reads the verdict
and commits; the board shows both columns moved (ff.favor.zeus, ff.assume.zeus-split-first).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from rules.fates_and_favors import GAME, FfOptions, board, zeus

from .conftest import PHONE, Server, open_app
from .test_fates_and_favors_game import NAMES, press, shot, until

pytestmark = pytest.mark.e2e


def test_zeus_is_played_columns_first(server: Server, browser: Any) -> None:
    ctx = browser.new_context(viewport=PHONE)
    try:
        _play(server, ctx)
    finally:
        ctx.close()


def _play(server: Server, ctx: Any) -> None:
    host = open_app(ctx, server.host_url("/new") + "&game=fates-and-favors")
    host.wait_id("create-table")
    host.tap("player-count")
    host.page.get_by_role("menuitem", name="4").or_(
        host.page.get_by_text("4", exact=True)
    ).last.click()
    host.wait_id("seat-3")
    for seat, name in enumerate(NAMES):
        host.fill(f"seat-{seat}", name)
    host.tap("create-table")
    until(host, "ff-status", "Ann's turn (red)")
    assert re.search(r"/t/[A-Za-z0-9_-]+", host.page.url)

    press(host, "ff-favor-zeus")
    until(host, "ff-zeus-total", "0 of 10")
    for _ in range(4):
        press(host, "ff-zeus-plus-0-8")
    until(host, "ff-zeus-amount-0-8", "4")
    for _ in range(6):
        press(host, "ff-zeus-plus-1-22")
    until(host, "ff-zeus-total", "10 of 10")
    shot(host, "zeus-split")

    state = GAME.setup(FfOptions(players=NAMES))
    plays = zeus.split_outcomes(state, 0, {(0, 8): 4, (1, 22): 6})
    until(host, "ff-outcome-count", f"{len(plays)} outcome(s)")
    press(host, "ff-outcome-0")
    until(host, "ff-verdict", "Allowed: Ann plays Zeus")
    until(host, "ff-verdict", "ff.favor.zeus")
    shot(host, "zeus-verdict")
    press(host, "ff-commit")

    after = GAME.apply(state, plays[0])
    b = board()
    until(host, "ff-status", "Bo's turn (blue)")
    for colour, name in ((0, "red"), (1, "blue")):
        spots = ", ".join(b.name(p) for p in after.columns[colour * 4 : colour * 4 + 4])
        until(host, "ff-board", f"{name}: {spots}")
    shot(host, "zeus-after")
