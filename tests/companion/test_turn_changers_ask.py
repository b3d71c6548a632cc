"""One-tap moves that change whose turn it is ask first, naming what they do, on a live
table screen as a phone sends its taps: Cancel leaves the table as it was."""

from __future__ import annotations

import flet as ft

from companion.hub import Hub
from companion.table import Actor
from rules.born_of_titans.actions import FirstSelector, PickHero, PlaceQuest, StartSite
from rules.born_of_titans.state import Stats
from tests.rules.born_of_titans.helpers import ATALANTA, CYRENE, PHEACIANS
from tests.support.phones import open_phone, tap
from tests.support.ui import dialog_tags, tagged, texts, top_dialog, walk

HOST = Actor("host", "Host", None)


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
    shell, s = open_phone(hub, f"/t/{table.id}?key={hub.host_key}")
    before = table.state
    tap(s, tagged(shell.table_screen.body)["bot-lose-1"])
    tap(s, tagged(shell.table_screen.body)["bot-lose-turn"])
    assert table.state is before  # only asked so far
    dialog = top_dialog(s)
    words = "\n".join(texts(c) for c in walk(dialog) if isinstance(c, ft.Text))
    assert "Bea loses a turn?" in words and "Bea's next turn is skipped" in words
    tap(s, dialog_tags(dialog)["bot-lose-turn-confirm-cancel"])
    assert table.state is before

    tap(s, tagged(shell.table_screen.body)["bot-lose-turn"])
    tap(s, dialog_tags(top_dialog(s))["bot-lose-turn-confirm-yes"])
    assert table.state.heroes[1].lose_turn
