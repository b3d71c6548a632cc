"""Looking after the roster and the tables from the home screen, in a real browser at
390 px: rename a player, delete a table (asked first, into the bin) and restore it."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Server, open_app
from .test_phone_layout import assert_fits

pytestmark = pytest.mark.e2e


def choose(s: Any, label: str) -> None:
    """Tap a menu entry by its exact label."""
    s.page.wait_for_timeout(400)
    for role in ("menuitem", "button"):
        item = s.page.get_by_role(role, name=label, exact=True)
        if item.count():
            item.first.click()
            return
    s.page.get_by_text(label, exact=True).first.click()


def press(s: Any, identifier: str) -> None:
    """Activate a dialog's button the way a screen reader does (a tap on its semantics
    node): in a dialog the drawn button can sit a few pixels off its node, so a pointer
    click at the node's centre may land beside the button."""
    loc = s.wait_id(identifier)
    inner = loc.locator("[role=button]")
    (inner.first if inner.count() else loc).evaluate("el => el.click()")


def test_rename_player_and_bin_a_table(server: Server, phone: Any) -> None:
    s = open_app(phone, server.host_url("/"))
    s.fill("player-name", "Mira")
    s.tap("add-player")
    s.wait_body("Mira")
    s.page.get_by_role("button", name="Mira", exact=True).first.click()  # the player's chip
    s.wait_id("player-rename-field")
    s.fill("player-rename-field", "Mirabel")
    # The phone keyboard's Done key submits. (A click on Rename while the field still has
    # the browser's focus may only blur the field in headless Chromium.)
    s.page.keyboard.press("Enter")
    s.wait_body("Renamed to Mirabel.")
    assert_fits(s, "home after renaming")

    # A table to delete: start one through the real form.
    s.tap("new-table")
    s.wait_id("create-table")
    s.fill("seat-0", "Mirabel")
    s.fill("seat-1", "Tor")
    s.tap("create-table")
    s.wait_id("table-title")
    s.page.go_back()  # the browser's back button: to the new-table form, then home
    s.page.go_back()
    s.wait_id("new-table")
    menu = s.page.locator('[flt-semantics-identifier^="table-menu-"]').first
    menu.wait_for(state="attached")
    (menu.locator("[role=button]").first if menu.locator("[role=button]").count() else menu).click()
    choose(s, "Delete…")
    s.wait_id("table-delete-confirm")
    assert "goes to the bin" in s.wait_body("goes to the bin")
    press(s, "table-delete-confirm")
    s.wait_body("in the bin for 30 days")
    s.wait_id("table-bin").click()
    restore = s.page.locator('[flt-semantics-identifier^="bin-restore-"]').first
    restore.wait_for(state="attached")
    (
        restore.locator("[role=button]").first
        if restore.locator("[role=button]").count()
        else restore
    ).click()
    s.wait_body("is back.")
    assert s.page.locator('[flt-semantics-identifier="table-bin"]').count() == 0
    assert_fits(s, "home after restoring")
