"""A round of Odysseus: Winds of Fate on three phones in headless Chromium: the host phone
(shared, Tom's) creates the table, Ann and Bo join with their seat codes. Setup with secret
destiny cards, Troy's bets, the adventure (play, pass, claim, resolve), the journey to Aeolia
and its destiny actions, one of them Ann's secret one on her own phone. Raw websocket frames
prove that Ann's destiny cards never reach Bo's phone or the host's.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from .conftest import PHONE, Screen, Server, open_app
from .test_phone_layout import assert_fits, assert_tall_enough, settle
from .test_scales_game import press, record_frames

pytestmark = pytest.mark.e2e

SHOTS = os.environ.get("FATEKEEPER_SCREENSHOTS", "")
TILES = (
    "scylla",
    "aeolia",
    "scheria",
    "circe",
    "cyclops",
    "charybdis",
    "lotophagi",
    "sirens",
    "calypso",
)
ANN_SECRET = b"Ann: card"


def shot(screen: Screen, name: str, tall: bool = False) -> None:
    """Save a screenshot (when asked to); ``tall`` shows the whole screen at 390 px wide."""
    if not SHOTS:
        return
    Path(SHOTS).mkdir(parents=True, exist_ok=True)
    if tall:
        screen.page.set_viewport_size({"width": PHONE["width"], "height": 2600})
        screen.page.wait_for_timeout(800)
    screen.screenshot(Path(SHOTS) / f"wof-{name}.png")
    if tall:
        screen.page.set_viewport_size(PHONE)
        screen.page.wait_for_timeout(300)


def same_move(ahead: Screen, *behind: Screen) -> None:
    """Wait until every ``behind`` phone shows the table move ``ahead`` shows."""
    want = ahead.text_of("wof-version").strip()
    for other in behind:
        other.wait_id("wof-version")
        other.page.wait_for_function(
            """want => [...document.querySelectorAll('[flt-semantics-identifier="wof-version"]')]
                   .some(el => (el.innerText || el.getAttribute('aria-label') || '').trim()
                               === want)""",
            arg=want,
        )


def join(server: Server, host: Screen, ctx: Any, seat: int, table: str) -> Screen:
    host.tap("invite-open")
    host.tap(f"invite-seat-{seat}")
    host.page.wait_for_timeout(300)
    link = re.search(rf"/t/{table}\?k=([A-Za-z0-9_-]+)", host.body_text())
    assert link
    host.tap("invite-close")
    phone = open_app(ctx, f"{server.url}{link.group(0)}")
    phone.wait_id("wof-move")
    return phone


def test_a_round_on_three_phones_keeps_destiny_cards_private(server: Server, browser: Any) -> None:
    contexts = [browser.new_context(viewport=PHONE) for _ in range(3)]
    frames = [record_frames(c) for c in contexts]
    try:
        _play(server, *contexts)
    finally:
        for c in contexts:
            c.close()
    host_frames, ann_frames, bo_frames = frames
    assert any(ANN_SECRET in f for f in ann_frames), "Ann's own cards never reached Ann"
    assert not any(ANN_SECRET in f for f in bo_frames), "Ann's destiny cards reached Bo"
    assert not any(ANN_SECRET in f for f in host_frames), "Ann's destiny cards reached the host"
    assert any(b"Tom: card" in f for f in host_frames), "Tom's hand-over never showed his cards"
    assert not any(b"Tom: card" in f for f in bo_frames + ann_frames)


def _play(server: Server, host_ctx: Any, ann_ctx: Any, bo_ctx: Any) -> None:
    host = open_app(host_ctx, server.host_url("/new") + "&game=winds-of-fate")
    host.wait_id("create-table")
    for seat, name in enumerate(("Tom", "Ann", "Bo")):
        host.fill(f"seat-{seat}", name)
    host.tap("create-table")
    host.wait_id("wof-move")
    table = re.search(r"/t/([A-Za-z0-9_-]+)", host.page.url)
    assert table
    ann = join(server, host, ann_ctx, 1, table.group(1))
    bo = join(server, host, bo_ctx, 2, table.group(1))

    # --- setup: the board on the host phone, destiny cards on each player's own phone.
    for tile in TILES:
        press(host, f"wof-tile-{tile}")
    for seat in (0, 1, 2):
        press(host, f"wof-order-{seat}")
    assert "Allowed" in host.text_of("wof-lay-board-verdict")
    press(host, "wof-lay-board")
    same_move(host, ann, bo)
    press(ann, "wof-start-1")
    for card in ("dead", "safe", "stranded"):
        press(ann, f"wof-card-{card}")
    shot(ann, "record-destiny")
    press(ann, "wof-record")
    same_move(ann, bo, host)
    press(bo, "wof-card-safe")
    press(bo, "wof-card-dead")
    press(bo, "wof-card-stranded")
    press(bo, "wof-record")
    same_move(bo, host)
    press(host, "wof-reveal-0")
    press(host, "wof-show-0")
    for card in ("stranded", "dead", "safe"):
        press(host, f"wof-card-{card}")
    press(host, "wof-record")
    same_move(host, ann, bo)
    assert "Ann: card 2 is Safe Return" in ann.body_text()

    # --- Troy: bets in turn order (Tom on the shared phone, then Ann, then Bo).
    press(host, "wof-bet-9")
    same_move(host, ann)
    press(ann, "wof-bet-3")
    same_move(ann, bo)
    press(bo, "wof-skip")
    same_move(bo, host, ann)
    shot(host, "adventure")
    settle(host)
    assert_fits(host, "reward tiles")
    assert_tall_enough(host, "reward tiles", ["wof-red-0-plus", "wof-reveal"])

    # --- the adventure: reward tiles, play and pass, claims, resolution.
    press(host, "wof-red-0-plus")
    press(host, "wof-reveal")
    same_move(host, ann, bo)
    press(host, "wof-play-help")
    same_move(host, ann)
    press(ann, "wof-split-0")  # nothing is drawn from a deck nobody chose
    press(ann, "wof-pass")
    same_move(ann, bo)
    press(bo, "wof-split-0")
    press(bo, "wof-pass")
    same_move(bo, host)
    press(host, "wof-pass")  # tile 1 draws nothing; new turn order: Tom, Bo, Ann
    same_move(host, bo, ann)
    press(host, "wof-claim-tile-0")
    press(host, "wof-gain-vp-plus")
    press(host, "wof-claim")
    same_move(host, bo)
    press(bo, "wof-claim-tile-1")
    press(bo, "wof-claim")
    same_move(bo, ann)
    press(ann, "wof-claim-tile-2")
    press(ann, "wof-claim")
    same_move(ann, host)
    for _ in range(3):
        press(host, "wof-total-0-plus")
    press(host, "wof-god-athena")  # the Olympus card is never assumed
    assert "won" in host.text_of("wof-resolve-verdict")
    press(host, "wof-resolve")
    same_move(host, ann, bo)

    # --- the journey: the calm path from Troy leads to space 2 (Aeolia); unused chips score.
    press(host, "wof-to-2")
    same_move(host, ann, bo)
    assert "Aeolia" in host.text_of("wof-status")
    shot(ann, "destiny-action")
    press(ann, "wof-destiny-1")  # Ann's secret: card 2 is her Safe Return
    same_move(ann, bo, host)
    press(bo, "wof-destiny-skip-2")
    same_move(bo, host)
    press(host, "wof-destiny-reveal-0")
    press(host, "wof-show-0")
    press(host, "wof-destiny-0")
    same_move(host, ann, bo)
    shot(host, "after-round", tall=True)
    shot(ann, "ann-after-round", tall=True)
    assert "Adventure: reward tiles" in bo.text_of("wof-phase")
    assert "Ann: card" not in bo.body_text()
    # The whole of Ann's screen (pictures, payoff table, paths) fits 390 px.
    ann.page.set_viewport_size({"width": PHONE["width"], "height": 2600})
    settle(ann)
    ann.page.wait_for_timeout(500)
    assert_fits(ann, "Ann's whole screen")
    assert "Your bet on round 3 (3 chips)" in ann.body_text()
    ann.page.set_viewport_size(PHONE)
    # The shared phone's result matches the rules engine fed the same moves.
    assert host.text_of("wof-crew").strip() == "24"
