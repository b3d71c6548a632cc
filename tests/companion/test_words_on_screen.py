"""Words on live table screens as a phone draws them: counts agree in number, names read as
names, options in words, and one move count on the whole screen."""

from __future__ import annotations

import re
from typing import Any

from companion.app import Shell
from companion.hub import Hub
from companion.table import Actor
from rules.born_of_titans.actions import FirstSelector, PickHero, StartSite
from rules.born_of_titans.state import Stats
from rules.winds_of_fate.actions import PlaceBet
from tests.rules.born_of_titans.helpers import ATALANTA, CYRENE, PHEACIANS
from tests.support.ui import tagged, texts
from tests.support.wire import first_draw, session

HOST = Actor("host", "Host", None)


def _phone(hub: Hub, route: str) -> Shell:
    s, wire = session(route)
    shell = Shell(s.page, hub, "http://127.0.0.1:1")
    s.page.run_task = lambda *_a, **_k: None  # type: ignore[method-assign]  # no loop
    shell.start()
    first_draw(s, wire)
    shell._held = s  # type: ignore[attr-defined]  # the page refers to its session weakly
    return shell


def _titans(hub: Hub) -> Any:
    table = hub.create_table("born-of-titans", None, ["Ann", "Bea"], "words")
    for action in (
        FirstSelector(1),
        PickHero(1, CYRENE, Stats("Argonauts", 1, 1, 1)),
        PickHero(0, ATALANTA, PHEACIANS),
    ):
        table.do(action, HOST)
    return table


def test_a_hero_off_the_map_reads_as_a_sentence(hub: Hub) -> None:
    table = _titans(hub)
    words = texts(_phone(hub, f"/t/{table.id}?key={hub.host_key}").table_screen.body)
    assert "Not on the map" in words and "At not on the map" not in words


def test_one_move_count_on_the_screen_after_an_undo(hub: Hub) -> None:
    table = _titans(hub)
    table.do(StartSite(0, 1), HOST)
    table.undo(HOST)
    for slug_table, ident in ((table, "bot-version"), (_wof(hub), "wof-version")):
        shell = _phone(hub, f"/t/{slug_table.id}?key={hub.host_key}")
        line = texts(tagged(shell.table_screen.view)["connection-status"])
        status = re.search(r"move (\d+)", line)
        assert status, line
        shown = texts(tagged(shell.table_screen.body)[ident])
        assert shown.lower() == f"move {status.group(1)}", (line, shown)


def _wof(hub: Hub) -> Any:
    from rules.winds_of_fate import LayBoard, RecordDestiny
    from tests.rules.winds_of_fate.helpers import NAMES, TILES

    table = hub.create_table("winds-of-fate", None, list(NAMES), "moves")
    table.do(LayBoard(TILES, tuple(range(len(NAMES)))), HOST)
    for seat in range(len(NAMES)):
        table.do(RecordDestiny(seat, ("safe", "dead", "stranded"), 0), HOST)
    table.do(PlaceBet(table.state.queue[0], 1), HOST)
    table.undo(HOST)
    return table
