"""An ended session's screen is taken apart soon after it closes (``companion.dismantle``),
so that its reference counts free it at once and no pass of the cycle collector (which
holds the loop while it walks every live screen) has to find it. Real Flet sessions
over in-memory connections, the real shell and table screen."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator
from typing import Any

import pytest

from companion import dismantle
from companion.app import Shell
from companion.hub import Hub
from companion.table import Actor
from companion.views.table_view import _destroyed
from rules import registry
from tests.support.wire import first_draw, session


@pytest.fixture
def collector_off() -> Iterator[None]:
    """No automatic pass of the cycle collector: what is freed, reference counts freed."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _drawn(hub: Hub, slug: str) -> tuple[Any, Shell, Any, Any]:
    """A watching phone's session on a new ``slug`` table, its screen drawn and closed as
    Flet closes an ended session; the session, its shell, a weak reference to a control
    on its screen, and the table."""
    table = hub.create_table(slug, None, ["Ann", "Bo"], "a table")
    s, wire = session(f"/t/{table.id}?k={table.join_token}")
    shell = Shell(s.page, hub, "http://127.0.0.1:1")
    s.page.run_task = lambda *_a, **_k: None  # type: ignore[method-assign]  # no loop
    shell.start()
    first_draw(s, wire)
    controls = [c for c in s.index.values() if c is not s.page]
    assert len(controls) > 100  # a whole game screen
    return s, shell, weakref.ref(controls[len(controls) // 2]), table


def _close(s: Any) -> None:
    async def closing() -> None:
        s.close()
        await asyncio.sleep(0.01)  # Flet dispatches the page's close event as a task

    asyncio.run(closing())


@pytest.mark.parametrize("slug", ["scales-of-fate", "grimheim"])
def test_a_taken_apart_screen_is_freed_without_the_collector(
    hub: Hub, slug: str, collector_off: None
) -> None:
    s, shell, control, _table = _drawn(hub, slug)
    _close(s)
    assert dismantle.dismantle(s) > 100
    del s, shell
    assert control() is None  # freed by reference counts, no collection ran


def test_without_taking_it_apart_only_the_collector_frees_a_screen(
    hub: Hub, collector_off: None
) -> None:
    """What the test above relies on: a closed screen is held by its own cycles."""
    s, shell, control, _table = _drawn(hub, "scales-of-fate")
    _close(s)
    del s, shell
    assert control() is not None
    gc.collect()
    assert control() is None


def test_the_page_stays_whole_and_a_late_redraw_does_nothing(hub: Hub) -> None:
    """A redraw that was waiting for its turn when the session ended finds the page's
    session gone, draws nothing, raises nothing, and the screen stops listening."""
    s, shell, _control, table = _drawn(hub, "scales-of-fate")
    screen = shell.table_screen
    assert screen is not None
    game = registry.get("scales-of-fate")
    screen._queued = table.do(game.legal_actions(table.state)[0], Actor("host", "Host", None))
    page = s.page
    _close(s)
    dismantle.dismantle(s)
    del s
    gc.collect()
    assert _destroyed(page)
    asyncio.run(screen._refresh_queued())
    assert screen._queued is None and shell._leave_screen is None


def test_ended_sessions_are_taken_apart_one_per_turn_of_the_loop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``after_close`` waits ``DISMANTLE_AFTER`` seconds, then takes one screen apart per
    turn of the loop: other work runs between two of them."""
    monkeypatch.setattr(dismantle, "DISMANTLE_AFTER", 0.05)
    order: list[str] = []
    monkeypatch.setattr(dismantle, "dismantle", lambda name: order.append(name) or 0)

    async def run() -> float:
        loop = asyncio.get_running_loop()
        start = loop.time()
        for name in ("first", "second", "third"):
            dismantle.after_close(name)
        first_at = 0.0
        while sum(n != "other" for n in order) < 3 and loop.time() - start < 5:
            if "first" in order and not first_at:
                first_at = loop.time() - start
            order.append("other")  # other work, one step per turn
            await asyncio.sleep(0)
        return first_at

    first_at = asyncio.run(run())
    assert first_at >= 0.05
    screens = [n for n in order if n != "other"]
    assert screens == ["first", "second", "third"]
    first, second, third = (order.index(n) for n in screens)
    assert "other" in order[first:second] and "other" in order[second:third], order


def test_a_closing_page_schedules_its_session_to_be_taken_apart(
    hub: Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The shell's close handler hands Flet's session to ``after_close``."""
    handed: list[Any] = []
    monkeypatch.setattr(dismantle, "after_close", handed.append)
    s, shell, _control, _table = _drawn(hub, "born-of-titans")
    _close(s)
    assert handed == [s]
    assert shell._leave_screen is None


def test_a_phone_cannot_say_its_own_session_ended(
    hub: Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ``close`` event that comes from the phone, not from Flet closing the session, is
    stopped at the gate: the screen keeps listening and is not taken apart."""
    handed: list[Any] = []
    monkeypatch.setattr(dismantle, "after_close", handed.append)
    s, shell, control, _table = _drawn(hub, "born-of-titans")

    async def phone_says_close() -> None:
        await s.dispatch_event(s.page._i, "close", [1, 2])  # as the connection hands it on
        await asyncio.sleep(0.01)

    asyncio.run(phone_says_close())
    assert handed == [] and shell._leave_screen is not None
    assert control() is not None and vars(control())  # whole
    _close(s)
    assert handed == [s] and shell._leave_screen is None
