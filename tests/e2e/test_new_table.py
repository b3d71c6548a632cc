"""The new table form on a phone: switching games shows each game's form cleanly."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Server, open_app

pytestmark = pytest.mark.e2e


def test_switching_the_game_shows_no_error(server: Server, phone: Any) -> None:
    host = open_app(phone, server.host_url("/new") + "&game=winds-of-fate")
    host.wait_id("player-count")  # Winds of Fate seats 3 to 5: the count is offered
    host.choose("game-pick", "Scales of Fate")
    host.wait_body("Seat 2")
    body = host.body_text()
    # Scales of Fate seats exactly two: no count to pick, and no error box instead.
    assert "must be provided" not in body, body[:400]
    host.page.wait_for_function(
        "() => !document.querySelector('[flt-semantics-identifier=\"player-count\"]')",
        timeout=10_000,
    )
    host.wait_id("open-walkthrough")
    host.choose("game-pick", "Born of Titans")
    host.wait_id("player-count")
    assert "must be provided" not in host.body_text()
