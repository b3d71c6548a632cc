"""Grimheim's map on a live table screen, as a phone sends its taps: a hero's chip picks the
hero and a second tap drops the pick, the current hero's chip included."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import flet as ft

from companion.app import Shell
from companion.hub import Hub
from companion.table import Actor
from tests.support.ui import tagged
from tests.support.wire import first_draw, session

HOST = Actor("host", "Host", None)


def _tap(s: Any, sem: ft.Semantics) -> None:
    asyncio.run(s.dispatch_event(sem.content._i, "click", None))


def test_a_second_tap_on_the_current_heros_chip_deselects_it(hub: Hub) -> None:
    table = hub.create_table("grimheim", None, ["Ann", "Bo"], "chip")
    rng = random.Random(3)
    while table.state.phase != "heroes":  # into the heroes' turns, where a hero is current
        table.do(rng.choice(table.game.legal_actions(table.state)), HOST)
    s, wire = session(f"/t/{table.id}?key={hub.host_key}")
    shell = Shell(s.page, hub, "http://127.0.0.1:1")
    s.page.run_task = lambda *_a, **_k: None  # type: ignore[method-assign]  # no loop
    shell.start()
    first_draw(s, wire)
    _tap(s, tagged(shell.table_screen.body)["grim-nav-map"])
    current = f"grim-map-hero-{table.state.heroes[table.state.turn].name}"

    def selected() -> bool:
        return bool(tagged(shell.table_screen.body)[current].selected)

    assert selected()  # the map opens on the hero whose turn it is
    for want in (False, True, False):
        _tap(s, tagged(shell.table_screen.body)[current])
        assert selected() is want
    # Drawn again for the same step (another phone's redraw), the choice stays.
    shell.table_screen.render()
    assert not selected()
