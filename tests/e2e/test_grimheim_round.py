"""A full Grimheim round in a real browser on two phones, as a table plays it: both heroes
leave Grimheim by tapping the map canvas (at the pixel of the area, as a finger would), Ann's
Bjorn on the host phone and Bo's Alva on Bo's own phone (joined with his seat code); Bjorn
kills the Seer of Odin from the hero board, each phone sees the other's moves live, and the
monster turn runs with the monster die."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from companion.panels.grimheim.map import HEIGHT, SIZE, WIDTH
from rules.grimheim import hexmap
from tests.support.chromium import PHONE

from .conftest import Screen, Server, open_app
from .test_grimheim_game import reveal, tap_below, wait_text_in

pytestmark = pytest.mark.e2e

SEER = (12, 4)  # card 2 puts the Seer of Odin (a Legend, 5 health, no armor) here
BJORN_TO = (11, 5)  # three areas out of town, next to the Seer
ALVA_TO = (9, 6)


def tap_area(screen: Screen, area: tuple[int, int]) -> None:
    """Tap the map canvas at the centre of ``area`` (the map's own geometry)."""
    box = screen.wait_id("grim-map").bounding_box()
    assert box is not None and box["width"] >= WIDTH - 1, box
    for _ in range(10):  # scroll the page (a finger drag) until the whole map shows
        view = screen.page.viewport_size
        if box["y"] >= 0 and box["y"] + box["height"] <= view["height"]:
            break
        screen.page.mouse.move(view["width"] / 2, view["height"] / 2)
        screen.page.mouse.wheel(0, -200 if box["y"] < 0 else 200)
        screen.page.wait_for_timeout(300)
        box = screen.wait_id("grim-map").bounding_box()
        assert box is not None
    # The canvas is centred in the map's box (which stretches to the page width).
    left = box["x"] + (box["width"] - WIDTH) / 2
    top = box["y"] + (box["height"] - HEIGHT) / 2
    x, y = hexmap.hex_center(*area, SIZE)
    # The tests turn Flutter's semantics overlay on to find controls; a phone without a
    # screen reader has none, and a finger lands on the canvas itself. Let the pointer
    # through the map's overlay node so the tap is a real pointer event with its place.
    screen.wait_id("grim-map").evaluate(
        "el => { el.style.pointerEvents = 'none'; "
        "el.querySelectorAll('*').forEach(c => c.style.pointerEvents = 'none'); }"
    )
    screen.page.mouse.click(left + x, top + y)


def retry(step: Any, done: Any, tries: int = 4) -> None:
    """Do ``step`` until ``done`` (which waits briefly) succeeds: on a loaded machine a tap
    can land while the screen is being redrawn, and a player simply taps again."""
    for attempt in range(tries):
        step()
        try:
            done()
            return
        except Exception:
            if attempt == tries - 1:
                raise


def place_card(host: Screen, query: str, number: int) -> None:
    def search() -> None:
        host.fill("grim-card-search", query)
        host.page.keyboard.press("Enter")

    retry(search, lambda: host.wait_id(f"grim-card-{number}", timeout=4000))
    retry(
        lambda: host.tap(f"grim-card-{number}"),
        lambda: wait_text_in(host, "grim-verdict", r"Allowed", timeout_ms=4000),
    )
    tap_below(host, "grim-card-place")


def move_by_map(host: Screen, hero: str, area: tuple[int, int]) -> None:
    host.tap("grim-nav-map")
    # The hero whose turn it is comes picked on the map: no chip tap needed.
    for attempt in range(4):
        # A redraw (the chip's) may replace the map's overlay node between our steps and
        # swallow a tap: tap again until the app answers, as a player would.
        host.page.wait_for_timeout(600)
        tap_area(host, area)
        try:
            wait_text_in(host, "grim-map-picked", hexmap.grid_name(area), timeout_ms=3000)
            break
        except Exception:
            if attempt == 3:
                raise
    wait_text_in(host, "grim-move-verdict", hero)
    wait_text_in(host, "grim-move-verdict", r"Allowed")
    tap_below(host, "grim-move-go")


def test_full_round_heroes_leave_town_by_map_taps(
    server: Server, phone: Any, browser: Any, tmp_path: Path
) -> None:
    bo_ctx = browser.new_context(viewport=PHONE, device_scale_factor=2)
    try:
        _round(server, phone, bo_ctx, tmp_path)
    finally:
        bo_ctx.close()


def join_seat(host: Screen, context: Any, server: Server, seat: int) -> Screen:
    """Open the invite dialog on the host, read seat ``seat``'s link, open it on
    ``context`` (the player's own phone)."""
    table_id = re.search(r"/t/([A-Za-z0-9_-]+)", host.page.url)
    assert table_id, host.page.url
    host.tap("invite-open")
    host.tap(f"invite-seat-{seat}")
    host.page.wait_for_timeout(300)
    link = re.search(rf"/t/{table_id.group(1)}\?k=([A-Za-z0-9_-]+)", host.body_text())
    assert link, "no seat link in the invite dialog"
    host.tap("invite-close")
    return open_app(context, f"{server.url}{link.group(0)}")


def _round(server: Server, phone: Any, bo_ctx: Any, tmp_path: Path) -> None:
    host = open_app(phone, server.host_url("/new"))
    host.wait_id("create-table")
    host.tap("game-pick")
    host.page.get_by_text("Fate: Defenders of Grimheim").last.click()
    host.wait_id("option-monster_die")
    host.by_id("option-monster_die").click()
    host.fill("seat-0", "Ann")
    host.fill("seat-1", "Bo")
    host.tap("create-table")
    host.wait_id("table-title")

    # Opening cards: the Seer of Odin near town, then the imps far north.
    wait_text_in(host, "grim-phase", r"2 yellow card")
    place_card(host, "Seer", 2)
    wait_text_in(host, "grim-phase", r"1 yellow card")
    place_card(host, "swarm", 22)
    wait_text_in(host, "grim-status", r"Bjorn's turn")

    # Bjorn leaves Grimheim by tapping the map, then attacks the Seer and kills it.
    move_by_map(host, "Bjorn", BJORN_TO)
    host.tap("grim-nav-heroes")
    host.wait_body(hexmap.name_of(BJORN_TO))  # the hero board says where Bjorn stands
    host.tap(f"grim-target-{hexmap.grid_name(SEER)}")
    # + until the dice total shows 5. Each tap redraws the board; the stepper must stay
    # where the finger is (read without scrolling), not jump back to the top.
    for _ in range(15):
        if host.text_of("grim-attack-damage").strip() == "5":
            break
        host.tap("grim-attack-damage-up")
        host.page.wait_for_timeout(400)
    wait_text_in(host, "grim-attack-damage", r"^\s*5\s*$")
    reveal(host, "grim-attack-verdict")
    wait_text_in(host, "grim-attack-verdict", r"Allowed")
    tap_below(host, "grim-attack-go")
    host.page.mouse.move(195, 500)
    host.page.mouse.wheel(0, -3000)  # back to the top of the hero board
    wait_text_in(host, "grim-hero-Bjorn-xp", r"5")  # 2 at setup + 3 for the Legend
    tap_below(host, "grim-end-turn")
    # 5 XP buys the first upgrade: ending without it is asked first (grim.upgrade.once).
    # The question stands where End turn was, far down the hero board: scroll to it.
    host.find("grim-end-confirm")
    wait_text_in(host, "grim-end-confirm", r"Bjorn can still upgrade this turn for 5 XP")
    tap_below(host, "grim-end-confirm-go")
    wait_text_in(host, "grim-status", r"Alva's turn")

    # Bo plays Alva on his own phone: he joins with his seat code and sees Bjorn's kill.
    bo = join_seat(host, bo_ctx, server, 1)
    bo.wait_id("grim-status")
    wait_text_in(bo, "grim-status", r"Alva's turn")
    bo.tap("grim-nav-heroes")
    bo.find("grim-hero-Bjorn-xp")  # Alva's board (her turn) comes first
    wait_text_in(bo, "grim-hero-Bjorn-xp", r"5")
    # Alva leaves town the same way, by Bo's taps on his map; her turn ends from his Turn tab.
    move_by_map(bo, "Alva", ALVA_TO)
    bo.tap("grim-nav-turn")
    wait_text_in(bo, "grim-phase", r"Alva's turn")
    bo.tap("grim-turn-end")
    # The host phone saw it all live: Alva out of town, the monsters' turn begun.
    host.tap("grim-nav-turn")

    # The monster turn with the die: Rune Stone, die face, movement, attacks.
    wait_text_in(host, "grim-phase", r"Monster turn")
    host.tap("grim-advance")
    wait_text_in(host, "grim-time", r"Step 2 of 12")
    host.tap("grim-face-attack")
    wait_text_in(host, "grim-verdict", r"Allowed")
    host.tap("grim-apply-die")
    wait_text_in(host, "grim-move-count", r"monster")
    host.tap("grim-apply-move")
    host.tap("grim-apply-attack")
    wait_text_in(host, "grim-phase", r"Bjorn's turn")
    wait_text_in(host, "grim-status", r"6/6")
    host.tap("grim-nav-map")
    host.wait_id("grim-map")
    host.screenshot(tmp_path / "grimheim-round-map.png")
