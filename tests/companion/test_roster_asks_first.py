"""Merging or removing a player cannot be taken back, so the player's sheet asks first and
names what will happen; keeping changes nothing. Driven on the real home screen, as the
host's phone sends its taps."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.hub import Hub
from tests.support.phones import open_phone, tap
from tests.support.ui import dialog_tags, tagged, texts, top_dialog, walk


def _words(dialog: ft.AlertDialog) -> str:
    return "\n".join(texts(c) for c in walk(dialog) if isinstance(c, ft.Text))


def _open_sheet(hub: Hub, name: str) -> tuple[Any, Any, ft.AlertDialog]:
    shell, s = open_phone(hub, f"/?key={hub.host_key}")
    player = next(p for p in hub.players() if p.name == name)
    tap(s, tagged(shell.page.views[-1])[f"player-{player.id}"])
    return shell, s, top_dialog(s)


def test_merging_asks_first_naming_both_players(hub: Hub) -> None:
    ann, anna = hub.add_player("Ann"), hub.add_player("Anna")
    _shell, s, sheet = _open_sheet(hub, "Ann")
    tags = dialog_tags(sheet)
    tags["player-merge-into"].content.value = str(anna.id)
    tap(s, tags["player-merge"])
    question = top_dialog(s)
    assert question is not sheet
    assert "Merge Ann into Anna?" in _words(question)
    assert "no undo" in _words(question)
    assert {p.name for p in hub.players()} == {"Ann", "Anna"}  # only asked so far

    tap(s, dialog_tags(question)["player-merge-keep"])
    assert {p.name for p in hub.players()} == {"Ann", "Anna"}
    assert top_dialog(s) is sheet  # back on the sheet, the pick kept

    tap(s, tags["player-merge"])
    tap(s, dialog_tags(top_dialog(s))["player-merge-confirm"])
    assert [p.name for p in hub.players()] == ["Anna"]
    assert ann.id not in {p.id for p in hub.players()}


def test_removing_asks_first_and_keep_changes_nothing(hub: Hub) -> None:
    hub.add_player("Tor")
    _shell, s, sheet = _open_sheet(hub, "Tor")
    tap(s, dialog_tags(sheet)["player-remove"])
    question = top_dialog(s)
    assert "Remove Tor from the roster?" in _words(question)
    tap(s, dialog_tags(question)["player-remove-keep"])
    assert [p.name for p in hub.players()] == ["Tor"]

    tap(s, dialog_tags(sheet)["player-remove"])
    tap(s, dialog_tags(top_dialog(s))["player-remove-confirm"])
    assert hub.players() == []
