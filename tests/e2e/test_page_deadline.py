"""The deadline on browser calls: a page whose main thread never comes back fails its call
in seconds with ``PageStuck``, and the browser stays usable for the pages after it."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.support import page_deadline
from tests.support.page_deadline import PageStuck

from .conftest import PHONE

pytestmark = pytest.mark.e2e


def test_a_page_that_never_answers_fails_its_call_and_the_browser_carries_on(
    browser: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(page_deadline, "CALL_LIMIT_S", 3.0)
    stuck_ctx = browser.new_context(viewport=PHONE)
    page = stuck_ctx.new_page()
    page.set_content("<p id=p>ready</p>")
    # A script that never returns holds the renderer's main thread, as a spinning page
    # does; an input event then waits for it with no limit of Playwright's own.
    page.evaluate("() => { setTimeout(() => { for (;;) {} }, 0); }")
    started = time.monotonic()
    with pytest.raises(PageStuck, match=r"Mouse\.move got no answer from the browser in 3 s"):
        page.mouse.move(10, 10)
    assert time.monotonic() - started < 20
    stuck_ctx.close()

    # The same Playwright and browser serve the next page as usual.
    fresh_ctx = browser.new_context(viewport=PHONE)
    try:
        fresh = fresh_ctx.new_page()
        fresh.set_content("<p id=p>fresh</p>")
        assert fresh.locator("#p").inner_text() == "fresh"
        fresh.mouse.move(10, 10)
    finally:
        fresh_ctx.close()
