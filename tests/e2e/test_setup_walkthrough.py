"""Setting up Scales of Fate from the walkthrough on a phone, as a first-time table would.

The host opens "How to set up" from the new table form (the form keeps what was typed),
creates the table, and follows the walkthrough from the table: the step that deals the
secret demigods says the app asks for it now and leads to the table screen where it is
entered (each player behind the hand-over), then the Age's quests and tiles. Afterwards the
walkthrough says both entries are recorded and opens on the turn card, this device's ticks
survive a reload, and the table is in play exactly as the walkthrough's entries left it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from .conftest import Screen, Server, open_app
from .test_scales_game import press, setup_age_one, until

pytestmark = pytest.mark.e2e

SHOTS = os.environ.get("FATEKEEPER_SCREENSHOTS", "")


def shot(screen: Screen, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        screen.screenshot(Path(SHOTS) / f"guide-{name}.png")


def see(screen: Screen, identifier: str, text: str) -> None:
    """Scroll ``identifier`` into view, as a finger would, and wait until it shows ``text``."""
    try:
        screen.find(identifier)
    except Exception:
        shot(screen, "lost-" + identifier)
        raise
    until(screen, identifier, text)


def deal(host: Screen, seat: int, pair: tuple[str, str]) -> None:
    """Hand the shared phone to ``seat`` and record their two demigods."""
    press(host, f"sof-reveal-{seat}")
    host.wait_id("sof-handover")
    press(host, f"sof-show-{seat}")
    host.wait_id("sof-secret-demigods")
    for name in pair:
        press(host, f"sof-deal-{name}")
    press(host, "sof-deal-submit")


def test_a_table_set_up_from_the_walkthrough(server: Server, phone: Any) -> None:
    host = open_app(phone, server.host_url("/new") + "&game=scales-of-fate")
    host.wait_id("create-table")
    host.fill("seat-0", "Ann")
    host.fill("seat-1", "Bo")

    # From the form: the walkthrough for this table, over the form.
    host.tap("open-walkthrough")
    host.wait_id("guide-progress")
    shot(host, "from-form")
    assert "Scales of Fate · 2 players" in host.text_of("guide-progress")
    host.wait_id("guide-start")  # the starting position on the game's own board
    host.find("guide-step-deal")
    host.tap("guide-back")
    host.wait_id("create-table")
    # Nothing typed was lost: the table below seats Ann and Bo as typed before.
    host.tap("create-table")
    host.wait_id("sof-turn")
    table = re.search(r"/t/([A-Za-z0-9_-]+)", host.page.url)
    assert table

    # From the table: the deal is the entry the app asks for now.
    host.tap("open-guide")
    host.tap("guide-tick-board")
    see(host, "guide-progress", "1 of 10 steps ticked")
    see(host, "guide-status-deal", "asks for this now")
    see(host, "guide-status-quests", "when the table gets there")
    shot(host, "at-table")
    host.tap("guide-enter-deal")
    host.wait_id("sof-deal-progress")
    deal(host, 0, ("Pentha", "Klar"))
    until(host, "sof-deal-progress", "Ann ✓")
    deal(host, 1, ("Naka", "Belan"))
    host.wait_id("sof-setup")

    host.tap("open-guide")
    see(host, "guide-status-deal", "Recorded in the app")
    see(host, "guide-status-quests", "asks for this now")
    host.tap("guide-enter-quests")
    setup_age_one(host)

    # Set up: the guide opens on the turn card; the entries are recorded.
    host.tap("open-guide")
    host.wait_id("guide-section-turn")
    shot(host, "turn-card")
    host.tap("guide-tab-setup")
    see(host, "guide-status-deal", "Recorded in the app")
    see(host, "guide-status-quests", "Recorded in the app")

    # This device's ticks survive a reload (the same browser, its storage kept).
    url = host.page.url
    host.page.close()
    host = open_app(phone, url)
    host.wait_id("sof-play")
    host.tap("open-guide")
    host.tap("guide-tab-setup")
    see(host, "guide-progress", "1 of 10 steps ticked")
    host.tap("guide-back")

    # The table plays on from what the walkthrough's entries recorded.
    host.wait_id("sof-play")
    body = host.body_text()
    assert "Ann to play" in body or "Bo to play" in body
