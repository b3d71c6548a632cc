"""One-tap moves that change whose turn it is ask first, naming what they do, on a live
table screen as a phone sends its taps: Cancel leaves the table as it was."""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft

from companion.app import Shell
from companion.hub import Hub
from companion.table import Actor
from rules.born_of_titans.actions import FirstSelector, PickHero, PlaceQuest, StartSite
from rules.born_of_titans.state import Stats
from tests.rules.born_of_titans.helpers import ATALANTA, CYRENE, PHEACIANS
from tests.support.ui import tagged, texts, walk
from tests.support.wire import first_draw, session

HOST = Actor("host", "Host", None)


def _phone(hub: Hub, route: str) -> tuple[Shell, Any]:
    s, wire = session(route)
    shell = Shell(s.page, hub, "http://127.0.0.1:1")
    s.page.run_task = lambda *_a, **_k: None  # type: ignore[method-assign]  # no loop
    shell.start()
    first_draw(s, wire)
    return shell, s


def _tap(s: Any, control: ft.Semantics) -> None:
    asyncio.run(s.dispatch_event(control.content._i, "click", None))


def _open_dialog(s: Any) -> ft.AlertDialog:
    dialogs = [d for d in s.page._dialogs.controls if getattr(d, "open", False)]
    assert dialogs, "no dialog is open"
    return dialogs[-1]


def _dialog_tags(dialog: ft.AlertDialog) -> dict[str, ft.Semantics]:
    found = tagged(dialog.title)
    for action in dialog.actions or []:
        found.update(tagged(action))
    return found


def test_titans_lose_turn_asks_naming_whose_turn_is_lost_bot_turn_lose_turn(hub: Hub) -> None:
    table = hub.create_table("born-of-titans", None, ["Ann", "Bea"], "ask")
    for action in (
        FirstSelector(1),
        PickHero(1, CYRENE, Stats("Argonauts", 1, 1, 1)),
        PickHero(0, ATALANTA, PHEACIANS),
        StartSite(0, 1),
        StartSite(1, 2),
        PlaceQuest(1, 3),
        PlaceQuest(0, 4),
    ):
        table.do(action, HOST)
    shell, s = _phone(hub, f"/t/{table.id}?key={hub.host_key}")
    before = table.state
    _tap(s, tagged(shell.table_screen.body)["bot-lose-1"])
    _tap(s, tagged(shell.table_screen.body)["bot-lose-turn"])
    assert table.state is before  # only asked so far
    dialog = _open_dialog(s)
    words = "\n".join(texts(c) for c in walk(dialog) if isinstance(c, ft.Text))
    assert "Bea loses a turn?" in words and "Bea's next turn is skipped" in words
    _tap(s, _dialog_tags(dialog)["bot-lose-turn-confirm-cancel"])
    assert table.state is before

    _tap(s, tagged(shell.table_screen.body)["bot-lose-turn"])
    _tap(s, _dialog_tags(_open_dialog(s))["bot-lose-turn-confirm-yes"])
    assert table.state.heroes[1].lose_turn
