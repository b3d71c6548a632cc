"""A new group's first Grimheim round in a real browser: create the table, place the two
opening monster cards (one found by typing its number), end both hero turns, then walk the
monster turn checklist and see the Rune Stone, the supply and the town follow."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import Screen, Server, open_app

pytestmark = pytest.mark.e2e


def wait_text_in(screen: Screen, identifier: str, pattern: str, timeout_ms: int = 10_000) -> None:
    """Wait until the control ``identifier`` contains text matching ``pattern``."""
    screen.wait_id(identifier)
    screen.page.wait_for_function(
        """([ident, pat]) => [...document.querySelectorAll(
               `[flt-semantics-identifier="${ident}"]`)].some(
               el => new RegExp(pat).test(el.innerText))""",
        arg=[identifier, pattern],
        timeout=timeout_ms,
    )


def reveal(host: Screen, identifier: str) -> None:
    """Scroll down (a finger drag) until ``identifier`` exists: the section's list builds
    only what is on screen or near it. A wheel step moves the list about 75 px: twenty
    reach past a hero board's attack box, whose chips are full 48 px tap targets."""
    for _ in range(20):
        if host.by_id(identifier).count():
            return
        host.page.mouse.move(195, 500)
        host.page.mouse.wheel(0, 300)
        host.page.wait_for_timeout(300)


def tap_below(host: Screen, identifier: str) -> None:
    """Tap a control that may lie below the fold, then scroll back to the top."""
    reveal(host, identifier)
    host.tap(identifier)
    host.page.wait_for_timeout(300)
    host.page.mouse.move(195, 500)
    host.page.mouse.wheel(0, -5000)


def create_grimheim_table(host: Screen) -> None:
    host.wait_id("create-table")
    host.tap("game-pick")
    host.page.get_by_text("Fate: Defenders of Grimheim").last.click()
    host.wait_id("option-track")
    host.fill("seat-0", "Ann")
    if host.by_id("seat-1").count():
        host.fill("seat-1", "Bo")
    host.tap("create-table")
    host.wait_id("table-title")
    assert re.search(r"/t/[A-Za-z0-9_-]+", host.page.url), host.page.url


def test_first_round_through_the_screen(server: Server, phone: Any) -> None:
    host = open_app(phone, server.host_url("/new"))
    create_grimheim_table(host)

    # Setup: the Rune Stone on step 1 of the short track, two yellow cards to place.
    wait_text_in(host, "grim-time", r"Step 1 of 12")
    wait_text_in(host, "grim-phase", r"2 yellow card")

    # First card found by its number, placed; the supply follows.
    host.fill("grim-card-search", "14")
    host.page.keyboard.press("Enter")
    host.tap("grim-card-14")
    wait_text_in(host, "grim-card-picked", r"Jotunn Youth Camp")
    wait_text_in(host, "grim-verdict", r"Allowed")
    tap_below(host, "grim-card-place")
    wait_text_in(host, "grim-phase", r"1 yellow card")
    host.tap("grim-nav-monsters")
    wait_text_in(host, "grim-supply-sprite", r"Sprite\s+20\s+3\s+17")
    wait_text_in(host, "grim-supply-elemental", r"Elemental\s+15\s+3\s+12")

    # Second card found by a word of its name.
    host.tap("grim-nav-turn")
    host.fill("grim-card-search", "swarm")
    host.page.keyboard.press("Enter")
    host.tap("grim-card-22")
    wait_text_in(host, "grim-verdict", r"Allowed")
    tap_below(host, "grim-card-place")

    # Both heroes end their turns from the hero boards.
    wait_text_in(host, "grim-phase", r"Bjorn's turn")
    host.tap("grim-nav-heroes")
    tap_below(host, "grim-end-turn")  # below the attack box
    wait_text_in(host, "grim-status", r"Alva's turn")
    host.tap("grim-nav-turn")
    wait_text_in(host, "grim-phase", r"Alva's turn")
    host.tap("grim-turn-end")

    # The monster turn, step by step in the rulebook's order.
    wait_text_in(host, "grim-phase", r"Monster turn")
    host.tap("grim-advance")
    wait_text_in(host, "grim-time", r"Step 2 of 12")
    wait_text_in(host, "grim-move-count", r"monsters? moves?")
    host.tap("grim-apply-move")
    host.tap("grim-apply-attack")

    # Step 2 has no reinforcements: the heroes are up again and the town stands.
    wait_text_in(host, "grim-phase", r"Bjorn's turn")
    wait_text_in(host, "grim-status", r"6/6")
