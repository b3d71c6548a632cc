"""A 2 vs 2 game of Fates and Favors on two phones in headless Chromium: the host phone
creates the table and plays for Ann, Cy and Di; Bo plays blue from his own phone.

Five turns: a move back to the centre corner, a shared #9 across two team columns, a move
over a bridge that hits Bo's column back to its quarry. Every outcome is picked from the
list the screen shows (the rules' own enumeration), its verdict read, then committed; Bo's
phone follows the board. Bo notes his hand on his phone: the host's raw frames never carry
it (ff.app.hand).
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from rules.core.words import counted
from rules.fates_and_favors import GAME, FfOptions, Play, Step

from .conftest import PHONE, Screen, Server, open_app
from .test_phone_layout import assert_no_error_box
from .test_scales_game import record_frames

pytestmark = pytest.mark.e2e

NAMES = ("Ann", "Bo", "Cy", "Di")
SHOTS = os.environ.get("FATEKEEPER_SCREENSHOTS", "")
BO_HAND = "hephaestus, hermes"

# (seat, card, steps): the game, move by move (board: red exit 8, corner 6, arm bridge
# 10-16; blue exit 22 and corner 20; yellow exit 36; green exit 50).
MOVES: list[tuple[int, int, tuple[Step, ...]]] = [
    (0, 2, (Step(0, 8, 2, backward=True),)),
    (1, 2, (Step(1, 22, 2, backward=True),)),
    (2, 9, (Step(2, 36, 5), Step(0, 6, 4))),  # the #9 is the team share
    (3, 1, (Step(3, 50, 1),)),
    (0, 5, (Step(0, 10, 5, bridge=True),)),
]


def reveal(screen: Screen, identifier: str) -> None:
    """Scroll the panel until ``identifier`` is built (a list builds only what is near the
    screen): from the top, a few hundred pixels at a time."""
    with contextlib.suppress(PlaywrightTimeout):
        screen.wait_id(identifier, timeout=4_000)
        return
    screen.page.mouse.move(195, 600)
    for _ in range(4):
        screen.page.mouse.wheel(0, -2000)
        screen.page.wait_for_timeout(300)
    for _ in range(16):
        screen.page.wait_for_timeout(400)
        if screen.by_id(identifier).count():
            return
        screen.page.mouse.wheel(0, 300)
    screen.wait_id(identifier)


def press(screen: Screen, identifier: str) -> None:
    """Tap ``identifier`` and wait for the redraw it causes (the old node leaves)."""
    reveal(screen, identifier)
    loc = screen.wait_id(identifier)
    inner = loc.locator("[role=button]")
    target = inner.first if inner.count() else loc
    handle = loc.element_handle()
    target.evaluate("el => el.click()")
    with contextlib.suppress(PlaywrightTimeout):
        screen.page.wait_for_function("el => !el.isConnected", arg=handle, timeout=5_000)


def until(screen: Screen, identifier: str, text: str, timeout_ms: int = 15_000) -> None:
    reveal(screen, identifier)
    screen.page.wait_for_function(
        """([sel, want]) => [...document.querySelectorAll(sel)].some(
               el => (el.innerText || '').includes(want)
                     || (el.getAttribute('aria-label') || '').includes(want))""",
        arg=[f'[flt-semantics-identifier="{identifier}"]', text],
        timeout=timeout_ms,
    )


def shot(screen: Screen, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        screen.screenshot(Path(SHOTS) / f"ff-{name}.png")


def test_two_v_two_on_two_phones(server: Server, browser: Any) -> None:
    host_ctx = browser.new_context(viewport=PHONE)
    bo_ctx = browser.new_context(viewport=PHONE)
    host_frames = record_frames(host_ctx)
    bo_frames = record_frames(bo_ctx)
    try:
        _play(server, host_ctx, bo_ctx)
    finally:
        host_ctx.close()
        bo_ctx.close()
    assert any(BO_HAND.encode() in f for f in bo_frames), "Bo's hand never reached Bo"
    assert not any(BO_HAND.encode() in f for f in host_frames), "Bo's hand was sent to the host"


def four_player_table(server: Server, ctx: Any) -> Screen:
    """The host's screen on a new four-player table (``NAMES``), made through the New
    table screen as a host makes one, at Ann's first turn."""
    host = open_app(ctx, server.host_url("/new") + "&game=fates-and-favors")
    host.wait_id("create-table")
    host.choose("player-count", "4")
    host.wait_id("seat-3")
    for seat, name in enumerate(NAMES):
        host.fill(f"seat-{seat}", name)
    host.tap("create-table")
    until(host, "ff-status", "Ann's turn (red)")
    return host


def _play(server: Server, host_ctx: Any, bo_ctx: Any) -> None:
    host = four_player_table(server, host_ctx)
    table_id = re.search(r"/t/([A-Za-z0-9_-]+)", host.page.url)
    assert table_id

    host.tap("invite-open")
    host.tap("invite-seat-1")
    host.page.wait_for_timeout(300)
    link = re.search(rf"/t/{table_id.group(1)}\?k=([A-Za-z0-9_-]+)", host.body_text())
    assert link
    host.tap("invite-close")
    bo = open_app(bo_ctx, f"{server.url}{link.group(0)}")
    until(bo, "ff-status", "Ann's turn (red)")

    # Bo notes his hand on his own phone only.
    reveal(bo, "ff-hand-field")
    bo.fill("ff-hand-field", "hephaestus hermes")
    press(bo, "ff-hand-save")
    until(bo, "ff-hand-note", BO_HAND)
    # Not Bo's turn: the hidden new-hand button left no error box behind on his screen.
    assert_no_error_box(bo, "Bo's phone, Ann's turn")
    shot(host, "start")

    state = GAME.setup(FfOptions(players=NAMES))
    for n, (seat, card, steps) in enumerate(MOVES):
        phone = bo if seat == 1 else host
        until(phone, "ff-status", f"{NAMES[seat]}'s turn")
        plays = GAME.outcomes(state, card)
        goal = GAME.apply(state, Play(seat, card, 0, steps=steps)).columns
        wanted = next(i for i, p in enumerate(plays) if GAME.apply(state, p).columns == goal)
        assert wanted < 40
        press(phone, f"ff-card-{card}")
        until(phone, "ff-outcome-count", counted(len(plays), "outcome"))
        press(phone, f"ff-outcome-{wanted}")
        until(phone, "ff-verdict", f"Allowed: {NAMES[seat]} plays Fate #{card}")
        verdict = GAME.check(state, plays[wanted])
        if n == 2:
            assert "ff.move.share" in verdict.rules
            reveal(phone, "ff-verdict-rule-ff.move.share")
        if n == 4:
            shot(phone, "hit-chosen")
            reveal(phone, "ff-verdict-rule-ff.bridge.use")
            reveal(phone, "ff-verdict-rule-ff.hit.rival")
        press(phone, "ff-commit")
        state = GAME.apply(state, plays[wanted])

    # Both phones show the hit: every blue column home, red on the blue corner past the bridge.
    for phone in (host, bo):
        until(phone, "ff-status", "Bo's turn (blue)")
        until(phone, "ff-board", "blue: quarry, quarry, quarry, quarry")
        until(phone, "ff-board", "red: quarry, quarry, quarry, blue corner")
    shot(bo, "after-hit")
