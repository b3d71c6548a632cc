"""The Plays and Stats screens in a real browser at 390 px, at 100% and at 200% text:
finished games (played to their end through the live table) are listed newest first,
filter by game, open read-only with their score pad and history, and the stats show their
figures and charts without anything reaching past the screen's edges."""

from __future__ import annotations

import random
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.hub import Hub
from companion.store import open_database
from tests.support.random_play import new_table, play

from .conftest import PHONE, Screen, Server, open_app, start_server
from .test_phone_layout import assert_fits

pytestmark = pytest.mark.e2e

SHOTS = Path(__file__).resolve().parents[2] / "screenshots"
# Text size 200% chosen in Settings on this device (kept in its browser storage, read by
# assets/textsize.js before the app starts).
BIG_TEXT = "window.localStorage.setItem('flutter.fk.text_scale', '200');"


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, Any]]]:
    """A host whose data folder already holds three finished plays and one table in play."""
    folder = tmp_path_factory.mktemp("plays")
    db, _ = open_database(data_dir=folder)
    hub = Hub(db)
    made: dict[str, Any] = {}
    for seed, slug in enumerate(["scales-of-fate", "grimheim", "scales-of-fate"]):
        live = new_table(hub, slug, random.Random(seed), players=2)
        play(live, random.Random(seed))
        made[f"{slug}-{seed}"] = live.id
    made["last"] = live.id
    made["first_line"] = live.history()[0].text
    hub.create_table("scales-of-fate", None, ["Ada", "Bo"], "Still going")
    db.close()
    srv = start_server(folder)
    yield srv, made
    srv.process.terminate()
    try:
        srv.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        srv.process.kill()


def pick(s: Screen, dropdown: str, option: str) -> None:
    """Open a drop-down and choose ``option``, as a finger would."""
    loc = s.wait_id(dropdown)
    field = loc.locator("input, [role=button], [role=textbox], [role=combobox]").first
    (field if field.count() else loc).click()
    s.page.wait_for_timeout(600)
    item = s.page.get_by_role("menuitem", name=option, exact=True)
    if not item.count():
        item = s.page.get_by_role("button", name=option, exact=True)
    item.first.click()


def scroll_to(s: Screen, text: str, tries: int = 12) -> str:
    """Scroll the screen down until ``text`` is built (lists build only what is near)."""
    for _ in range(tries):
        body = s.body_text()
        if text in body:
            return body
        s.page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
        s.page.mouse.wheel(0, 500)
        s.page.wait_for_timeout(300)
    return s.wait_body(text)


def shot(s: Screen, path: Path) -> None:
    SHOTS.mkdir(exist_ok=True)
    s.page.wait_for_timeout(1200)  # a first frame at a new text size takes a moment to paint
    s.screenshot(path)


def big_text_phone(browser: Any) -> Any:
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=2)
    ctx.add_init_script(BIG_TEXT)
    return ctx


@pytest.mark.parametrize("text", ["100", "200"])
def test_plays_list_filter_and_one_play(
    seeded: tuple[Server, dict[str, Any]], browser: Any, text: str
) -> None:
    server, made = seeded
    ctx = (
        big_text_phone(browser)
        if text == "200"
        else browser.new_context(viewport=PHONE, device_scale_factor=2)
    )
    try:
        s = open_app(ctx, server.host_url("/"))
        s.tap("open-plays")
        s.wait_id("plays-list")
        assert "3 of 3 plays" in s.wait_body("3 of 3 plays")
        # Newest first: the last game played is the first card.
        ids = s.page.evaluate(
            """() => [...document.querySelectorAll('[flt-semantics-identifier^="play-"]')]
                   .map(e => e.getAttribute('flt-semantics-identifier'))"""
        )
        cards = [
            i
            for i in ids
            if i.startswith("play-")
            and i not in ("play-facts", "play-pad", "play-history", "play-back")
        ]
        assert cards[0] == f"play-{made['last']}"
        assert len(cards) == 3
        assert_fits(s, f"plays at {text}% text")
        shot(s, SHOTS / f"plays-{text}.png")

        # Filter by game through the drop-down, as a player would.
        pick(s, "filter-game", "Fate: Defenders of Grimheim")
        s.wait_body("1 of 3 plays")
        pick(s, "filter-game", "All games")
        s.wait_body("3 of 3 plays")

        s.tap(f"play-{made['last']}")
        s.wait_id("play-pad")
        s.wait_body("Score pad")
        assert_fits(s, f"one play at {text}% text")
        shot(s, SHOTS / f"play-{text}.png")
        scroll_to(s, made["first_line"][:30])
        assert_fits(s, f"one play's history at {text}% text")
        # Read-only: no undo, no moves, nothing to tap but back.
        assert s.page.locator('[flt-semantics-identifier="undo"]').count() == 0
        s.tap("play-back")
        s.wait_id("plays-list")
    finally:
        ctx.close()


@pytest.mark.parametrize("text", ["100", "200"])
def test_stats_player_and_game_pages(
    seeded: tuple[Server, dict[str, Any]], browser: Any, text: str
) -> None:
    server, _made = seeded
    ctx = (
        big_text_phone(browser)
        if text == "200"
        else browser.new_context(viewport=PHONE, device_scale_factor=2)
    )
    try:
        s = open_app(ctx, server.host_url("/plays"))
        s.tap("open-stats")
        s.wait_id("stat-plays")
        s.wait_id("chart-win-rate")
        body = s.wait_body("Win rate by game")
        assert "Plays 3" in body and "Met most often Bo (3)" in body
        assert_fits(s, f"player stats at {text}% text")
        shot(s, SHOTS / f"stats-player-{text}.png")
        s.tap("stats-games")
        s.wait_id("chart-wins")
        s.wait_body("Wins by player")
        assert_fits(s, f"game stats at {text}% text")
        shot(s, SHOTS / f"stats-game-{text}.png")
    finally:
        ctx.close()


def test_text_really_is_twice_as_big(seeded: tuple[Server, dict[str, Any]], browser: Any) -> None:
    """The 200% runs above mean something: the same heading is drawn about twice as tall."""
    server, _ = seeded
    heights = []
    for make in (lambda: browser.new_context(viewport=PHONE), lambda: big_text_phone(browser)):
        ctx = make()
        try:
            s = open_app(ctx, server.host_url("/plays"))
            loc = s.wait_id("plays-count")
            box = loc.bounding_box()
            assert box is not None
            heights.append(box["height"])
        finally:
            ctx.close()
    assert heights[1] > heights[0] * 1.6, heights


def test_host_start_made_todays_backup(seeded: tuple[Server, dict[str, Any]]) -> None:
    server, _ = seeded
    backups = list((server.data_dir / "backups").glob("fatekeeper-*-daily.db"))
    assert len(backups) == 1
