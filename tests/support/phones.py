"""A phone on the real shell and table screen, in process: a Flet session over an in-memory
connection (``tests.support.wire``), drawn once as a browser would receive it."""

from __future__ import annotations

import asyncio
from typing import Any

from companion.app import Shell
from companion.hub import Hub
from tests.support.wire import first_draw, session


def open_phone(hub: Hub, route: str) -> tuple[Shell, Any]:
    """A device that opened ``route``: its shell and its session (hold the session: pages
    refer to it only weakly)."""
    s, wire = session(route)
    shell = Shell(s.page, hub, "http://127.0.0.1:1")
    s.page.run_task = lambda *_a, **_k: None  # no event loop to run background work on
    shell.start()
    first_draw(s, wire)
    return shell, s


def tap(s: Any, tagged: Any) -> None:
    """A tap on the control inside the tagged semantics wrapper, as the phone sends it."""
    asyncio.run(s.dispatch_event(tagged.content._i, "click", None))
