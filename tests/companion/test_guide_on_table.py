"""The guide from a live table screen, as a phone opens it: one tap from the table, the
walkthrough fitted to the table and where its entries stand; first-game hints on the table
screen when this device turned them on (off by default)."""

from __future__ import annotations

import asyncio

from companion import device
from companion.hub import Hub
from companion.table import Actor
from rules.scales_of_fate.actions import DealDemigods
from tests.support.phones import open_phone, tap
from tests.support.ui import tagged, texts


def test_one_tap_from_the_table_opens_the_walkthrough_then_the_turn_card(hub: Hub) -> None:
    table = hub.create_table("scales-of-fate", None, ["Ann", "Bo"], "guide")
    shell, s = open_phone(hub, f"/t/{table.id}?k={table.join_token}")
    tap(s, tagged(shell.table_screen.body)["open-guide"])
    guide = shell.page.views[-1]
    assert guide is not shell.table_screen.view
    tags = tagged(guide)
    assert "guide-tab-setup" in tags and "asks for this now" in texts(tags["guide-status-deal"])
    tap(s, tags["guide-back"])
    assert shell.page.views[-1] is shell.table_screen.view

    host = Actor("host", "Host", None)
    table.do(DealDemigods(0, ("Pentha", "Klar")), host)
    table.do(DealDemigods(1, ("Naka", "Belan")), host)
    tap(s, tagged(shell.table_screen.body)["open-guide"])
    tags = tagged(shell.page.views[-1])
    assert "Recorded in the app" in texts(tags["guide-status-deal"])
    # A watch device learns that the demigods are recorded, never which they are.
    assert "Pentha" not in texts(shell.page.views[-1])


def test_first_game_hints_are_a_device_setting_off_by_default(hub: Hub) -> None:
    assert device.read({}).hints is False
    assert device.read({device.KEY_HINTS: "yes"}).hints is False  # damaged: the default
    table = hub.create_table("scales-of-fate", None, ["Ann", "Bo"], "hints")
    shell, _s = open_phone(hub, f"/t/{table.id}?k={table.join_token}")
    assert "table-hint" not in tagged(shell.table_screen.body)
    asyncio.run(shell.save_setting(device.KEY_HINTS, True))
    shell.table_screen.render()
    tags = tagged(shell.table_screen.body)
    assert "records the two demigods" in texts(tags["table-hint"])
    assert "table-hint-rule-sof.setup.deal" in tags
    host = Actor("host", "Host", None)
    table.do(DealDemigods(0, ("Pentha", "Klar")), host)
    table.do(DealDemigods(1, ("Naka", "Belan")), host)
    shell.table_screen.render()
    assert "Age card shows" in texts(tagged(shell.table_screen.body)["table-hint"])
