"""The guide screen: the walkthrough fitted to a table, where entry steps stand, ticks, the
starting position, and the turn card with its rules."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import flet as ft

from companion.views import guide_view
from companion.views.guide_view import GuideScreen, step_status
from rules import registry
from rules.core.guide import guide_of
from tests.support.ui import tagged, texts


def _shell() -> Any:
    dialogs: list[Any] = []
    page = SimpleNamespace(
        views=[ft.View(route="/t/x")],
        route="/t/x",
        update=lambda *a: None,
        run_task=lambda *a, **k: None,
        show_dialog=dialogs.append,
        pop_dialog=lambda: dialogs.pop(),
    )
    return SimpleNamespace(page=page, dialogs=dialogs)


def _scales(phase: str | None, table: str | None = "x") -> tuple[Any, GuideScreen]:
    game = registry.get("scales-of-fate")
    options = game.seat_options(game.decode_options(None), ["Ann", "Bo"])
    shell = _shell()
    screen = guide_view.open_guide(shell, game, options, table_id=table, phase=phase)
    return shell, screen


def test_entry_steps_say_where_the_table_stands() -> None:
    guide = guide_of(registry.get("scales-of-fate"))
    assert guide is not None
    deal = next(s for s in guide.steps if s.key == "deal")
    quests = next(s for s in guide.steps if s.key == "quests")
    board = next(s for s in guide.steps if s.key == "board")
    assert step_status(guide, deal, "deal").when == "now"  # type: ignore[union-attr]
    assert step_status(guide, quests, "deal").when == "later"  # type: ignore[union-attr]
    assert step_status(guide, deal, "setup").when == "done"  # type: ignore[union-attr]
    assert step_status(guide, quests, "play").when == "done"  # type: ignore[union-attr]
    assert step_status(guide, board, "deal") is None  # enters nothing
    assert step_status(guide, deal, None) is None  # not at a table


def test_at_a_new_table_the_walkthrough_opens_on_the_entry_to_make() -> None:
    shell, screen = _scales("deal")
    assert shell.page.views[-1] is screen.view
    tags = tagged(screen.view.controls[0])
    assert screen.tab == "setup"
    assert "asks for this now" in texts(tags["guide-status-deal"])
    assert "when the table gets there" in texts(tags["guide-status-quests"])
    assert "guide-enter-deal" in tags and "guide-enter-quests" not in tags
    # The starting position: all nine renown markers on 7.
    start = tags["guide-start"]
    assert all(f"sof-marker-{name}" in tagged(start) for name in ("Pentha", "Isabel"))
    assert "0 of 10 steps ticked" in texts(tags["guide-progress"])
    # "Enter it on the table" goes back to the table, where the entry is made.
    tags["guide-enter-deal"].content.on_click(None)
    assert shell.page.views[-1] is not screen.view


def test_mid_game_it_opens_on_the_turn_card_and_entries_are_recorded() -> None:
    _, screen = _scales("play")
    assert screen.tab == "turn"
    tags = tagged(screen.view.controls[0])
    assert "guide-section-turn" in tags and "guide-section-age-end" in tags
    assert "exactly one action" in texts(tags["guide-section-turn"])
    screen.pick_tab("setup")
    tags = tagged(screen.view.controls[0])
    assert "Recorded in the app" in texts(tags["guide-status-deal"])
    assert "Recorded in the app" in texts(tags["guide-status-quests"])
    assert "guide-status-age-card" not in tags  # a step that enters nothing has no status


def test_ticks_count_and_a_rule_opens_over_the_guide() -> None:
    shell, screen = _scales("deal")
    screen.tick("board", True)
    screen.tick("renown", True)
    screen.tick("board", False)
    tags = tagged(screen.view.controls[0])
    assert screen.ticked == {"renown"}
    assert "1 of 10 steps ticked" in texts(tags["guide-progress"])
    assert tags["guide-tick-renown"].content.value is True
    screen.show_rule("sof.setup.deal")
    (dialog,) = shell.dialogs
    assert "personal deck" in texts(dialog.content)


def test_without_a_table_entry_steps_carry_no_status() -> None:
    _, screen = _scales(None, table=None)
    tags = tagged(screen.view.controls[0])
    assert screen.tab == "setup"
    assert not any(k.startswith("guide-status-") for k in tags)


def test_every_game_draws_its_guide() -> None:
    for slug in registry.available():
        game = registry.get(slug)
        if guide_of(game) is None:
            continue
        options = game.seat_options(
            game.decode_options(None), [f"P{i}" for i in range(max(2, game.min_players))]
        )
        screen = GuideScreen(_shell(), game, options, table_id="t", phase=None)
        for tab in ("setup", "turn"):
            screen.pick_tab(tab)
            assert texts(screen.view.controls[0]).strip(), (slug, tab)


def test_each_drawn_board_has_one_step_that_shows_it() -> None:
    from companion.panels import START_PICTURES

    for slug in START_PICTURES:
        guide = guide_of(registry.get(slug))
        assert guide is not None
        assert sum(1 for s in guide.steps if s.picture) == 1, slug


def test_steps_are_numbered_unless_the_rulebook_numbers_them() -> None:
    assert guide_view.numbered(3, "Two quest piles") == "3. Two quest piles"
    assert guide_view.numbered(2, "2. Six town pieces in Grimheim") == (
        "2. Six town pieces in Grimheim"
    )
    assert guide_view.numbered(5, "3a–3c. Markers") == "3a–3c. Markers"
