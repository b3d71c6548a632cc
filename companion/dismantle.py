"""Taking apart the screen of a session that has ended, so that its memory is freed there
and then instead of by a pass of Python's cycle collector.

A screen is a tree of Flet controls, and its buttons' handlers refer back to the screen
and to the controls around them, so an ended session's screen is a heap of reference
cycles (some 2,800 objects for a Grimheim screen) that only the collector can free. Its
full pass frees them while it holds the event loop, and it walks every live screen of
the host as it goes: twenty flooding phones hung up on at once left about 90,000 such
objects, and the pass that found them held a move at another table for over 200 ms.

Emptying the attributes of each control the session had on screen breaks every cycle
through them: what they held is freed by its reference count at once, a few
milliseconds per screen, one screen per turn of the loop. It is done
``DISMANTLE_AFTER`` seconds after the session was closed, when whatever was still on its
way to it (a redraw that was waiting for its turn) has found it closed
(``views.table_view``). The page object itself is left whole: late callers ask it whether
its session still exists.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from typing import Any

DISMANTLE_AFTER = 2.0
"""Seconds between a session's close and the taking apart of its screen."""

_waiting: deque[Any] = deque()
_worker: asyncio.Task[None] | None = None


def dismantle(session: Any) -> int:
    """Empty the attributes of every control in ``session``'s index except its page (the
    session must have ended); the number of controls emptied. Never raises: a session
    without an index is left as it is."""
    try:
        index = session.index
        page = session.page
    except Exception:
        return 0
    emptied = 0
    for control in list(index.values()):
        if control is page:
            continue
        attributes = getattr(control, "__dict__", None)
        if attributes:
            attributes.clear()
            emptied += 1
    return emptied


def after_close(session: Any) -> None:
    """Take ``session``'s screen apart ``DISMANTLE_AFTER`` seconds from now, on the running
    loop, in turn with other ended sessions (one per turn of the loop, so that twenty
    sessions ended together do not hold it in one go). Outside a running loop (a test
    page) nothing is done."""
    if session is None:
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    loop.call_later(DISMANTLE_AFTER, _enqueue, session)


def _enqueue(session: Any) -> None:
    global _worker
    _waiting.append(session)
    if _worker is None or _worker.done():
        _worker = asyncio.get_running_loop().create_task(_work())


async def _work() -> None:
    while _waiting:
        session = _waiting.popleft()
        with contextlib.suppress(Exception):
            dismantle(session)
        del session
        await asyncio.sleep(0)  # what else came in goes between two screens
