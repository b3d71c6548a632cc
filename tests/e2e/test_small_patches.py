"""A change on one phone reaches the others as a small patch, not as a whole new panel.

Two browser contexts (two phones) on one table; the second records every websocket frame
the server sends it while the first changes a counter. The table screen rebuilds its panel
on every change, and only the fields that differ may travel, in one message: on the fixture
game a tap is about 300 bytes (the whole counters panel is about 5.5 KB), and on a Scales of
Fate table a renown correction is a small fraction of the panel.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import PHONE, Screen, Server, open_app

pytestmark = pytest.mark.e2e

SERVER_ENV = {"FATEKEEPER_EXTRA_GAMES": "tests.support.tally:TALLY"}

SMALL = 450
"""Bytes a one-counter change may take on the wire to a seat's phone: the value and the
status line (270–400 bytes; nothing of the header, whose Undo and Redo stay as drawn; a new
Undo button per move made it about 600)."""


def record_frames(ctx: Any) -> list[bytes]:
    """Every websocket message any page of ``ctx`` receives, as bytes."""
    frames: list[bytes] = []

    def on_socket(ws: Any) -> None:
        ws.on(
            "framereceived",
            lambda payload: frames.append(
                payload if isinstance(payload, bytes) else payload.encode("utf-8")
            ),
        )

    ctx.on("page", lambda page: page.on("websocket", on_socket))
    return frames


def shows(screen: Screen, identifier: str, text: str, exact: bool = True) -> None:
    """Wait until a control ``identifier`` reads ``text`` (its text or its label)."""
    screen.wait_id(identifier)
    screen.page.wait_for_function(
        """([sel, want, exact]) => [...document.querySelectorAll(sel)].some(el => {
               const seen = [(el.innerText || '').trim(), el.getAttribute('aria-label') || ''];
               return seen.some(s => exact ? s === want : s.includes(want));
           })""",
        arg=[f'[flt-semantics-identifier="{identifier}"]', text, exact],
    )


def create_table(host: Screen) -> str:
    host.wait_id("create-table")
    host.fill("seat-0", "Ann")
    host.fill("seat-1", "Bo")
    host.tap("create-table")
    host.wait_id("table-title")
    m = re.search(r"/t/([A-Za-z0-9_-]+)", host.page.url)
    assert m, host.page.url
    return m.group(1)


def seat_link(server: Server, host: Screen, table_id: str) -> str:
    """Bo's seat code, from the invite dialog."""
    host.tap("invite-open")
    host.tap("invite-seat-1")
    host.page.wait_for_timeout(300)
    m = re.search(rf"/t/{table_id}\?k=[A-Za-z0-9_-]+", host.body_text())
    assert m, host.body_text()
    host.tap("invite-close")
    return f"{server.url}{m.group(0)}"


def settled(frames: list[bytes], screen: Screen) -> list[bytes]:
    """The frames received so far, once nothing more arrives for a moment."""
    count = -1
    while count != len(frames):
        count = len(frames)
        screen.page.wait_for_timeout(250)
    return frames[:]


def test_a_tally_tap_reaches_the_other_phone_as_a_small_patch(server: Server, browser: Any) -> None:
    host_ctx = browser.new_context(viewport=PHONE)
    bo_ctx = browser.new_context(viewport=PHONE)
    bo_frames = record_frames(bo_ctx)
    try:
        host = open_app(host_ctx, server.host_url("/new") + "&game=tally")
        table_id = create_table(host)
        bo = open_app(bo_ctx, seat_link(server, host, table_id))
        shows(bo, "counter-pile-value", "0")
        whole_panel = max(len(f) for f in settled(bo_frames, bo))
        sizes: list[list[int]] = []
        for n in range(1, 5):
            bo_frames.clear()
            host.tap("counter-pile-plus")
            shows(bo, "counter-pile-value", str(n))
            shows(host, "counter-pile-value", str(n))
            sizes.append([len(f) for f in settled(bo_frames, bo)])
        # The patches that brought each change, and a check that they carried it.
        assert all(sizes), sizes
        # One message per change: a second one (the header sent apart) is a second frame
        # for the phone to draw.
        assert all(len(change) == 1 for change in sizes), sizes
        assert all(sum(change) < SMALL for change in sizes), sizes
        assert all(sum(change) < whole_panel / 3 for change in sizes), (sizes, whole_panel)
        # Bo can still act on the patched screen, and the host sees it.
        bo.tap("counter-pile-minus")
        shows(host, "counter-pile-value", "3")
        shows(bo, "counter-pile-value", "3")
    finally:
        host_ctx.close()
        bo_ctx.close()


def test_a_renown_correction_reaches_the_other_phone_as_a_fraction_of_the_panel(
    server: Server, browser: Any
) -> None:
    host_ctx = browser.new_context(viewport=PHONE)
    bo_ctx = browser.new_context(viewport=PHONE)
    bo_frames = record_frames(bo_ctx)
    try:
        host = open_app(host_ctx, server.host_url("/new") + "&game=scales-of-fate")
        table_id = create_table(host)
        host.wait_id("sof-turn")
        bo = open_app(bo_ctx, seat_link(server, host, table_id))
        shows(bo, "sof-marker-Pentha", "Pentha 7", exact=False)
        # The first frame carries the page with Bo's whole Scales of Fate panel.
        whole_panel = max(len(f) for f in settled(bo_frames, bo))

        host.tap("tab-counters")
        host.wait_id("panel-counters")
        bo_frames.clear()
        host.tap("counter-renown-pentha-plus")
        shows(bo, "sof-marker-Pentha", "Pentha 8", exact=False)
        shows(host, "counter-renown-pentha-value", "8")
        change = settled(bo_frames, bo)
        assert change, "the correction never reached Bo"
        assert sum(len(f) for f in change) < whole_panel / 10, (
            [len(f) for f in change],
            whole_panel,
        )
        # The marker moved on Bo's track: it sits on space 8 and no longer on space 7.
        on_space = """([space]) => !!document.querySelector(
            `[flt-semantics-identifier="sof-track-space-${space}"]
             [flt-semantics-identifier="sof-marker-Pentha"]`)"""
        assert bo.page.evaluate(on_space, [8])
        assert not bo.page.evaluate(on_space, [7])

        # Bo opens Counters and comes back: the game panel stayed on the phone, hidden,
        # so coming back after a change is sent that change, not the panel again.
        bo.tap("tab-counters")
        shows(bo, "counter-renown-pentha-value", "8")
        assert not bo.page.evaluate(on_space, [8])  # the hidden panel is not drawn
        host.tap("counter-renown-pentha-plus")
        shows(bo, "counter-renown-pentha-value", "9")
        settled(bo_frames, bo)
        bo_frames.clear()
        bo.tap("tab-game")
        shows(bo, "sof-marker-Pentha", "Pentha 9", exact=False)
        back = settled(bo_frames, bo)
        assert sum(len(f) for f in back) < whole_panel / 10, ([len(f) for f in back], whole_panel)
        assert bo.page.evaluate(on_space, [9]) and not bo.page.evaluate(on_space, [8])
        assert bo.page.locator('[flt-semantics-identifier="panel-counters"]').count() == 0
    finally:
        host_ctx.close()
        bo_ctx.close()
