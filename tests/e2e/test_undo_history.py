"""The host's undo in a real browser: Undo and Redo ask first and name the move (Keep
changes nothing), the history is a timeline that records who took back what, and "Undo to here"
from the history takes back every later move after a confirmation naming them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import Server, open_app
from .test_phone_layout import SHOTS, assert_unclipped, fits_width
from .test_small_patches import create_table, seat_link
from .test_table_flow import new_table, wait_for

pytestmark = pytest.mark.e2e

SERVER_ENV = {"FATEKEEPER_EXTRA_GAMES": "tests.support.tally:TALLY"}


@pytest.fixture(scope="module")
def host_ctx(browser: Any) -> Any:
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    yield ctx
    ctx.close()


def test_host_undo_confirms_and_undo_to_here_from_the_history(
    server: Server, host_ctx: Any, tmp_path: Path
) -> None:
    host = open_app(host_ctx, server.host_url("/new") + "&game=tally")
    new_table(host)
    wait_for(host, "counter-pile-value", "0")
    for n in (1, 2, 3):
        host.tap("counter-pile-plus")
        wait_for(host, "counter-pile-value", str(n))

    # Undo asks, naming the move; Keep leaves everything as it was.
    host.tap("undo")
    host.wait_id("undo-confirm")
    text = host.wait_body("Take back this move?")
    assert "Host: Correction to match the box: Pile set to 3 (was 2)." in text
    host.screenshot(tmp_path / "undo-confirm.png")
    host.tap("undo-cancel")
    host.by_id("undo-confirm").wait_for(state="detached")
    wait_for(host, "counter-pile-value", "3")

    host.tap("undo")
    host.tap("undo-confirm")
    wait_for(host, "counter-pile-value", "2")
    host.wait_body("Host took back: Correction to match the box: Pile set to 3 (was 2).")
    host.tap("counter-pile-plus")
    host.tap("counter-pile-plus")
    wait_for(host, "counter-pile-value", "4")

    # The history: the undo is in it, in words; every event but the last can be gone back to.
    host.tap("history")
    host.wait_id("history-undo")
    body = host.wait_body("Pile set to 4 (was 3).")
    assert "{" not in body.split(" | ")[0], "a correction shown as data"
    assert "Host took back: Correction to match the box: Pile set to 3 (was 2)." in body
    host.wait_id("undo-to-1")
    assert host.by_id("undo-to-4").count() == 0  # the last event: nothing to take back
    host.screenshot(tmp_path / "history.png")

    host.tap("undo-to-1")
    host.wait_id("undo-confirm")
    text = host.wait_body("Take back 3 moves?")
    assert "Back to just after: Host: Correction to match the box: Pile set to 1 (was 0)." in text
    for line in ("Pile set to 4 (was 3).", "Pile set to 3 (was 2).", "Pile set to 2 (was 1)."):
        assert line in text, line
    host.screenshot(tmp_path / "undo-to-confirm.png")
    host.tap("undo-confirm")
    # The open history follows at once; behind it the table stands after event 1.
    host.wait_body("Host took back 3 moves, back to event 1")
    assert host.by_id("undo-to-1").count() == 0
    host.page.keyboard.press("Escape")
    wait_for(host, "counter-pile-value", "1")
    # Redo puts the moves back one at a time, in order, each named first.
    host.tap("redo")
    host.wait_id("redo-confirm")
    text = host.wait_body("Put back this move?")
    assert "Host: Correction to match the box: Pile set to 2 (was 1)." in text
    host.tap("redo-confirm")
    wait_for(host, "counter-pile-value", "2")


def test_new_table_refuses_a_repeated_or_invisible_name(server: Server, host_ctx: Any) -> None:
    """The same person typed twice in another case (or script's case), or a name hiding a
    zero-width space, is refused on the new-table screen with the reason; nothing is made."""
    host = open_app(host_ctx, server.host_url("/new") + "&game=tally")
    host.wait_id("create-table")
    host.fill("seat-0", "Straße")
    host.fill("seat-1", "STRASSE")
    host.tap("create-table")
    host.wait_body("repeated: Straße, STRASSE")
    host.fill("seat-1", "Bo\u200b")
    host.tap("create-table")
    host.wait_body("U+200B ZERO WIDTH SPACE")
    assert "/t/" not in host.page.url


def test_a_seats_undo_and_redo_ask_first_on_a_small_phone_at_twice_the_text(
    server: Server, browser: Any, host_ctx: Any
) -> None:
    """A seat's phone, 320 px wide with Settings' largest text and the light theme: Undo and
    Redo each ask first, naming the move, and their dialogs fit; Keep changes nothing, and
    only Take back (Put back) acts."""
    host = open_app(host_ctx, server.host_url("/new") + "&game=tally")
    table_id = create_table(host)
    link = seat_link(server, host, table_id)
    ctx = browser.new_context(viewport={"width": 320, "height": 844})
    ctx.add_init_script(
        "window.localStorage.setItem('flutter.fk.text_scale', '200');"
        "window.localStorage.setItem('flutter.fk.theme', '\"light\"');"
    )
    move = "Bo: Correction to match the box: Pile set to 1 (was 0)."
    try:
        bo = open_app(ctx, link)
        wait_for(bo, "counter-pile-value", "0")
        bo.tap("counter-pile-plus")
        wait_for(bo, "counter-pile-value", "1")
        asks_first(bo, "undo", "Take back this move?", move)
        bo.tap("undo-cancel")
        bo.by_id("undo-confirm").wait_for(state="detached")
        wait_for(bo, "counter-pile-value", "1")
        bo.tap("undo")
        bo.tap("undo-confirm")
        wait_for(bo, "counter-pile-value", "0")
        wait_for(host, "counter-pile-value", "0")

        asks_first(bo, "redo", "Put back this move?", move)
        bo.tap("redo-confirm")
        wait_for(bo, "counter-pile-value", "1")
        wait_for(host, "counter-pile-value", "1")
    finally:
        ctx.close()


def asks_first(screen: Any, kind: str, title: str, move: str) -> None:
    """Tap ``kind`` ("undo", "redo") on a 320 px phone at 200 % text: its dialog asks
    ``title`` naming ``move``, fits the screen with whole buttons, and is photographed."""
    screen.tap(kind)
    screen.wait_id(f"{kind}-confirm")
    assert move in screen.wait_body(title)
    fits_width(screen, f"a seat's {kind} dialog at 320 px, 200 % text", 320)
    assert_unclipped(screen, f"a seat's {kind} dialog", (f"{kind}-confirm", f"{kind}-cancel"))
    SHOTS.mkdir(exist_ok=True)
    screen.screenshot(SHOTS / f"{kind}-seat-320-200-light.png")
