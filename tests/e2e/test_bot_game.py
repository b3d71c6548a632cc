"""Born of Titans on two phones in headless Chromium: the host phone (Ann's, and the
table's) and Bo's own phone. Setup through the screen, Ann's challenge against Medusa
walked roll by roll with the odds on both phones, Bo placing Ann's next quest from his
phone, then Bo's sacrifice: his divine counter must never reach the host's phone."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from .conftest import PHONE, Screen, Server, open_app
from .test_scales_game import html, press, record_frames, until

pytestmark = pytest.mark.e2e

SHOTS = os.environ.get("FATEKEEPER_SCREENSHOTS", "")
BO_SECRET = "Your divine counters: Athena"


def shot(screen: Screen, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        screen.screenshot(Path(SHOTS) / f"bot-{name}.png")


def in_step(ahead: Screen, behind: Screen) -> None:
    """Wait until ``behind`` shows the same table move as ``ahead`` (a tap made on an older
    version would be refused as stale)."""
    want = ahead.text_of("bot-version").strip()
    behind.page.wait_for_function(
        """want => [...document.querySelectorAll('[flt-semantics-identifier="bot-version"]')]
               .some(el => (el.innerText || el.getAttribute('aria-label') || '')
                           .trim() === want)""",
        arg=want,
    )


def fill(screen: Screen, identifier: str, text: str) -> None:
    """Type into a field, then leave it (the field reports its value on leaving)."""
    screen.fill(identifier, text)
    screen.page.keyboard.press("Tab")
    screen.page.wait_for_timeout(300)


def test_a_challenge_on_two_phones(server: Server, browser: Any) -> None:
    host_ctx = browser.new_context(viewport=PHONE)
    bo_ctx = browser.new_context(viewport=PHONE)
    host_frames = record_frames(host_ctx)
    bo_frames = record_frames(bo_ctx)
    try:
        _play(server, host_ctx, bo_ctx)
    finally:
        host_ctx.close()
        bo_ctx.close()
    assert any(BO_SECRET.encode() in f for f in bo_frames), "Bo's own counter never reached Bo"
    assert not any(BO_SECRET.encode() in f for f in host_frames), "Bo's secret reached the host"


def _play(server: Server, host_ctx: Any, bo_ctx: Any) -> None:
    host = open_app(host_ctx, server.host_url("/new"))
    host.wait_id("create-table")
    host.tap("game-pick")
    host.page.get_by_text("Born of Titans").last.click()
    host.fill("seat-0", "Ann")
    host.fill("seat-1", "Bo")
    host.tap("create-table")
    host.wait_id("bot-status")
    table_id = re.search(r"/t/([A-Za-z0-9_-]+)", host.page.url)
    assert table_id
    host.tap("invite-open")
    host.tap("invite-seat-1")
    host.page.wait_for_timeout(300)
    link = re.search(rf"/t/{table_id.group(1)}\?k=([A-Za-z0-9_-]+)", host.body_text())
    assert link
    host.tap("invite-close")
    bo = open_app(bo_ctx, f"{server.url}{link.group(0)}")
    bo.wait_id("bot-status")

    # Bo rolled lowest: he picks first and moves last.
    press(host, "bot-lowest-1")
    until(bo, "bot-status", "Bo picks a hero")
    until(bo, "bot-order", "Turn order: Ann → Bo")
    press(bo, "bot-suggest-Cyrene")
    fill(bo, "bot-crew-name", "Argonauts")
    press(bo, "bot-pick")
    until(host, "bot-status", "Ann picks a hero")
    fill(host, "bot-hero-name", "Atalanta")
    fill(host, "bot-crew-name", "Pheacians")
    shot(host, "pick-hero")
    press(host, "bot-pick")

    # Starting sites; each player places the quest of the player on her right.
    until(bo, "bot-status", "Starting sites")
    press(host, "bot-start-0-1")
    in_step(host, bo)
    press(bo, "bot-start-1-2")
    press(bo, "bot-quest-1-3")  # Bo lays Ann's quest on site 3
    in_step(bo, host)
    press(host, "bot-quest-0-4")  # Ann lays Bo's on site 4
    until(host, "bot-status", "Ann to play")

    # Ann sails two sea segments to site 3 and faces her quest: Medusa (0/7/7 printed).
    for _ in range(2):
        press(host, "bot-courses-plus")
        press(host, "bot-sea-plus")
    press(host, "bot-to-site-3")
    press(host, "bot-move")
    until(host, "bot-status", "1 action left")
    press(host, "bot-foe-Medusa")
    press(host, "bot-attr-navigation")
    for _ in range(2):
        press(host, "bot-prophecy-plus")
    assert "rolls 6 dice" in host.text_of("bot-encounter-verdict")
    press(host, "bot-encounter")

    # Both phones follow the fight with the odds before each roll.
    until(bo, "bot-challenge-title", "Ann against Medusa: 0 of 7")
    until(bo, "bot-odds", "This roll beats it: 0.0%")  # six dice cannot give seven
    until(bo, "bot-odds", "Fighting to the end wins: >99.9%")
    shot(host, "challenge")
    for _ in range(4):
        press(host, "bot-successes-plus")
    press(host, "bot-roll")
    until(bo, "bot-roll-0", "Roll 1: 4 successes (total 4)")
    until(bo, "bot-counts-0", "Crew 5")
    until(bo, "bot-odds", "This roll beats it: 65.6%")  # 3+ of 6 dice: 42/64
    shot(bo, "challenge-watching")
    for _ in range(3):
        press(host, "bot-successes-plus")
    press(host, "bot-roll")

    # Medusa is beaten: shield 3; Bo places Ann's next quest from his own phone.
    until(bo, "bot-shield-0-3", "quest Medusa")
    until(host, "bot-counts-0", "Quests 1/3")
    in_step(host, bo)
    press(bo, "bot-quest-1-6")
    in_step(bo, host)
    press(host, "bot-gear-0")  # the Argo
    press(host, "bot-draw-gear")
    press(host, "bot-refill")
    until(bo, "bot-status", "Bo to play")
    in_step(host, bo)
    shot(host, "sheets")

    # Bo: to Thebes, Fair Weather (two more actions), then a sacrifice keeping Athena.
    press(bo, "bot-courses-plus")
    press(bo, "bot-sea-plus")
    press(bo, "bot-to-city")
    fill(bo, "bot-to-name", "Thebes")
    press(bo, "bot-move")
    until(bo, "bot-status", "1 action left")
    press(bo, "bot-reveal-fair-weather")
    press(bo, "bot-encounter")
    until(bo, "bot-status", "2 actions left")
    press(bo, "bot-keep-athena")
    press(bo, "bot-sacrifice")
    until(bo, "bot-own-divine", BO_SECRET)
    until(host, "bot-divine-1", "Divine counters: 1 face down")
    assert BO_SECRET not in html(host)
    shot(bo, "own-divine")
    until(host, "bot-site-6", "Ann's quest: face down")
    if SHOTS:
        host.page.mouse.move(195, 500)
        host.page.mouse.wheel(0, 1400)
        shot(host, "sites")
