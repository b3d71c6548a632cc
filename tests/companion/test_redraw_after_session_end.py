"""A redraw for another device's change waits for its session's turn (``budget``); the
host may end that session meanwhile (it hangs up on a phone that floods it, and drops its
session at once). The redraw then draws nothing, raises nothing, and the screen stops
listening to the table."""

from __future__ import annotations

import asyncio
import gc

from companion.app import Shell
from companion.hub import Hub
from companion.table import Actor
from rules import registry
from tests.support.wire import first_draw, session


def test_a_redraw_for_a_session_ended_while_it_waited_is_dropped_quietly(hub: Hub) -> None:
    game = registry.get("scales-of-fate")
    table = hub.create_table("scales-of-fate", None, ["Ann", "Bo"], "a flooded table")
    s, wire = session(f"/t/{table.id}?k={table.join_token}")
    shell = Shell(s.page, hub, "http://127.0.0.1:1")
    s.page.run_task = lambda *_a, **_k: None  # type: ignore[method-assign]  # no loop
    shell.start()
    first_draw(s, wire)
    screen = shell.table_screen
    assert screen is not None

    change = table.do(game.legal_actions(table.state)[0], Actor("host", "Host", None))
    screen._queued = change  # queued by the subscription; it now waits for its turn
    del s, wire  # the host ends the session: pages refer to it weakly
    gc.collect()

    asyncio.run(screen._refresh_queued())  # raised RuntimeError before
    assert screen._queued is None
    assert shell._leave_screen is None  # no longer subscribed to the table
