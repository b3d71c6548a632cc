"""A new user's path through the app in a real browser: host a table, act, undo, invite a
second phone that sees changes live, and devices without a valid code see nothing.

The fixture game ``tally`` (tests/support/tally.py: a pile counter 0..10) is registered in the
server process through ``FATEKEEPER_EXTRA_GAMES``, so these tests do not depend on any one
board game's screens.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import Screen, Server, open_app

pytestmark = pytest.mark.e2e

SERVER_ENV = {"FATEKEEPER_EXTRA_GAMES": "tests.support.tally:TALLY"}


def wait_for(screen: Screen, identifier: str, expected: str, timeout_ms: int = 10_000) -> None:
    """Wait until the control ``identifier`` reads ``expected``."""
    screen.wait_id(identifier)
    screen.page.wait_for_function(
        """([ident, want]) => [...document.querySelectorAll(
               `[flt-semantics-identifier="${ident}"]`)].some(
               el => el.innerText.trim() === want)""",
        arg=[identifier, expected],
        timeout=timeout_ms,
    )


def new_table(host: Screen, game: str = "tally") -> str:
    host.wait_id("create-table")
    host.fill("seat-0", "Ann")
    host.fill("seat-1", "Bo")
    host.tap("create-table")
    host.wait_id("table-title")
    m = re.search(r"/t/([A-Za-z0-9_-]+)", host.page.url)
    assert m, host.page.url
    return m.group(1)


@pytest.fixture(scope="module")
def host_ctx(browser: Any) -> Any:
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    yield ctx
    ctx.close()


def test_host_creates_acts_undoes_and_a_guest_follows_live(
    server: Server, host_ctx: Any, phone: Any, browser: Any
) -> None:
    host = open_app(host_ctx, server.host_url("/new") + "&game=tally")
    table_id = new_table(host)
    wait_for(host, "counter-pile-value", "0")

    host.tap("counter-pile-plus")
    wait_for(host, "counter-pile-value", "1")
    host.tap("undo")
    host.tap("undo-confirm")  # the host is asked first (tests/e2e/test_undo_history.py)
    wait_for(host, "counter-pile-value", "0")
    host.tap("redo")
    host.tap("redo-confirm")  # Redo asks first too, naming the move
    wait_for(host, "counter-pile-value", "1")

    # Out of bounds: refused with the rule behind it, nothing changes.
    host.fill("counter-pile-field", "99")
    host.tap("counter-pile-set")
    host.wait_body("core.correction")
    assert "99" in host.text_of("verdict-reason")
    host.page.mouse.click(195, 120)  # dismiss the sheet by tapping above it
    wait_for(host, "counter-pile-value", "1")

    host.tap("invite-open")
    host.wait_id("invite-qr")
    m = re.search(rf"/t/{table_id}\?k=([A-Za-z0-9_-]+)", host.wait_body(f"/t/{table_id}?k="))
    assert m, host.body_text()
    join_url = f"{server.url}/t/{table_id}?k={m.group(1)}"
    host.tap("invite-close")

    guest = open_app(phone, join_url)
    wait_for(guest, "counter-pile-value", "1")
    guest.wait_body("Watching")

    host.tap("counter-pile-plus")
    wait_for(guest, "counter-pile-value", "2")

    # Revoking the codes drops the guest at once.
    host.tap("invite-open")
    host.tap("revoke-codes")
    host.wait_body("cut off at once")  # it asks first, naming what it does
    host.tap("revoke-codes-confirm")
    guest.wait_id("denied")
    assert "Ann" not in guest.body_text()
    host.tap("invite-close")


def test_without_a_valid_code_nothing_is_shown(server: Server, host_ctx: Any, phone: Any) -> None:
    host = open_app(host_ctx, server.host_url("/"))
    host.wait_id("new-table")
    tile = host.page.locator('[flt-semantics-identifier^="table-"]').first
    tile.wait_for(state="attached")
    table_id = (tile.get_attribute("flt-semantics-identifier") or "").removeprefix("table-")
    assert table_id
    host.page.close()

    for path in ("/", "/new", f"/t/{table_id}", f"/t/{table_id}?k=wrong-token", "/?key=nope"):
        stranger = open_app(phone, server.url + path)
        stranger.wait_id("denied")
        text = stranger.body_text()
        assert "Ask the host for the code" in text, path
        for secret in ("Ann", "Bo", "Tally", table_id):
            assert secret not in text, (path, secret)
        stranger.page.close()
