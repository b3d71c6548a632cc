"""A card effect recorded from the hero board in a real browser at phone size: Bjorn's
"Card effects…" part opens, the gold/XP stepper is tapped up twice, the rules' verdict says
allowed, and the record button changes Bjorn's XP on the board (grim.free.effects)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from .conftest import Screen, Server, open_app
from .test_grimheim_game import create_grimheim_table, tap_below, wait_text_in

pytestmark = pytest.mark.e2e


def place_opening_cards(host: Screen) -> None:
    """Place the two opening yellow cards (14 and 22) from the Turn section."""
    for number in (14, 22):
        host.fill("grim-card-search", str(number))
        host.page.keyboard.press("Enter")
        host.tap(f"grim-card-{number}")
        wait_text_in(host, "grim-verdict", r"Allowed")
        tap_below(host, "grim-card-place")
    wait_text_in(host, "grim-phase", r"Bjorn's turn")


def test_gain_xp_from_the_hero_board(server: Server, phone: Any) -> None:
    host = open_app(phone, server.host_url("/new"))
    create_grimheim_table(host)
    place_opening_cards(host)
    host.tap("grim-nav-heroes")
    start = int(host.text_of("grim-hero-Bjorn-xp").split()[-1])

    host.tap("grim-fx-Bjorn-toggle")
    host.find("grim-fx-Bjorn-xp-plus")
    for _ in range(2):
        host.tap("grim-fx-Bjorn-xp-plus")
        host.page.wait_for_timeout(300)
    wait_text_in(host, "grim-fx-Bjorn-xp-value", r"^\s*2\s*$")
    host.find("grim-fx-Bjorn-verdict")  # below the steppers
    wait_text_in(host, "grim-fx-Bjorn-verdict", rf"Allowed[\s\S]*gold/XP → {start + 2}")
    shot = os.environ.get("GRIM_FX_SHOT")
    if shot:
        host.find("grim-fx-Bjorn-go")
        host.page.mouse.move(195, 500)
        host.page.mouse.wheel(0, 500)
        host.screenshot(Path(shot))
    host.tap("grim-fx-Bjorn-go")
    wait_text_in(host, "grim-fx-Bjorn-xp-value", r"^\s*0\s*$")
    # Back up to the top of the board (a finger drag at a time: the list builds lazily).
    for _ in range(15):
        if host.by_id("grim-hero-Bjorn-xp").count():
            break
        host.page.mouse.move(195, 500)
        host.page.mouse.wheel(0, -600)
        host.page.wait_for_timeout(250)
    wait_text_in(host, "grim-hero-Bjorn-xp", rf"XP/gold\s+{start + 2}\b")
