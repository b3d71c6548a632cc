"""The shared phone in Winds of Fate, in headless Chromium: the host's phone is passed round
for the destiny cards, and one player, called "Host" (names must not matter), plays from her
own phone.

- What Tom taps in secret and does not record is gone when the phone passes to Dee.
- Once "Host" records her cards on her own phone, the host's phone no longer offers to pass
  the phone to her, Invite no longer shows her code (only a new one, which cuts her old
  phone off), and none of her cards ever reaches the host's phone (raw websocket frames).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import PHONE, Server, open_app
from .test_scales_game import press, record_frames
from .test_wof_round import join, same_move

pytestmark = pytest.mark.e2e

HER_SECRET = b"Host: card"


def test_shared_phone_forgets_drafts_and_never_gets_her_cards(server: Server, browser: Any) -> None:
    host_ctx, her_ctx = (browser.new_context(viewport=PHONE) for _ in range(2))
    host_frames = record_frames(host_ctx)
    her_frames = record_frames(her_ctx)
    try:
        host = open_app(host_ctx, server.host_url("/new") + "&game=winds-of-fate")
        host.wait_id("create-table")
        for seat, name in enumerate(("Tom", "Dee", "Host")):
            host.fill(f"seat-{seat}", name)
        host.tap("create-table")
        host.wait_id("wof-move")
        found = re.search(r"/t/([A-Za-z0-9_-]+)", host.page.url)
        assert found
        table = found.group(1)

        # Tom picks his order on the shared phone and does not record it.
        press(host, "wof-reveal-0")
        press(host, "wof-show-0")
        host.wait_body("Tom's destiny cards (private)")
        press(host, "wof-start-2")
        for card in ("dead", "safe", "stranded"):
            press(host, f"wof-card-{card}")
        host.wait_id("wof-record")
        assert "1: Dead" in host.text_of("wof-card-dead")
        # The phone passes to Dee: her form is empty.
        press(host, "wof-reveal-1")
        press(host, "wof-show-1")
        host.wait_body("Dee's destiny cards (private)")
        host.page.wait_for_timeout(300)
        assert host.by_id("wof-record").count() == 0
        for card, words in (("dead", "Dead"), ("safe", "Safe"), ("stranded", "Stranded")):
            assert not re.match(r"\d: ", host.text_of(f"wof-card-{card}")), words

        # "Host" joins with her seat code and records her cards on her own phone.
        her = join(server, host, her_ctx, 2, table)
        her_link = re.compile(rf"/t/{table}\?k=([A-Za-z0-9_-]+)")
        old_code = her_link.search(her.page.url)
        assert old_code
        press(her, "wof-start-0")
        for card in ("safe", "stranded", "dead"):
            press(her, f"wof-card-{card}")
        press(her, "wof-record")
        same_move(her, host)
        her.wait_body("Host: card 1 is")
        host.wait_id("wof-own-phone-2")
        assert host.by_id("wof-reveal-2").count() == 0
        assert "Host's destiny cards stay on Host's own phone." in host.body_text()

        # Invite: her code is not shown again; a new one is offered.
        host.tap("invite-open")
        host.tap("invite-seat-2")
        host.wait_body("plays from their own phone")
        assert old_code.group(1) not in host.body_text()
        assert "Make a new code for Host" in host.body_text()
        host.tap("invite-close")
    finally:
        host_ctx.close()
        her_ctx.close()
    assert any(HER_SECRET in f for f in her_frames), "her own cards never reached her phone"
    assert not any(HER_SECRET in f for f in host_frames), "her cards reached the host's phone"
