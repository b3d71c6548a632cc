"""The guide: a game's setup walkthrough and its turn card, over the screen it was opened from.

It is pushed on top of the current view (the new table form, or a table) rather than routed
to, so what the host typed in the form stays and a table keeps following its live state;
the back arrow pops it. Everything in it is shown to any device that may see the screen
below: rule texts, the starting position for the table's options, and whether the app has
recorded what a step enters (never what was entered).

Ticks are this device's own: each phone at the table ticks off the steps it did, kept in
its browser storage per table (or per game, from the new table form) so a reload keeps them.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import flet as ft

from rules.core import Game
from rules.core.guide import Guide, Hint, Step, facts_of, guide_of

from .. import theme
from ..panels import start_picture_for
from ..panels.widgets import rule_links
from .context import AppContext

log = logging.getLogger(__name__)

TICKS_KEY = "fk.guide."
"""Browser storage key prefix of a device's ticks (followed by the table id or game slug)."""


@dataclass(frozen=True)
class StepStatus:
    """Where a step that enters something stands at a table: ``later`` (the app asks for
    it further on), ``now`` (enter it on the table screen) or ``done``."""

    when: str
    text: str


def step_status(guide: Guide, step: Step, phase: str | None) -> StepStatus | None:
    """The status of ``step`` at a table in ``phase``; ``None`` for a step that enters
    nothing, or where the table's phase is unknown to the guide."""
    if step.enters is None or phase is None or phase not in guide.phases or not step.phases:
        return None
    here = guide.phases.index(phase)
    start = min(guide.phases.index(p) for p in step.phases)
    if phase in step.phases:
        return StepStatus("now", "The app asks for this now: enter it on the table screen.")
    if here < start:
        return StepStatus("later", "The app asks for this when the table gets there.")
    return StepStatus("done", "Recorded in the app.")


def facts_line(game: Game[Any, Any], facts: Mapping[str, object]) -> str:
    """The game and what the walkthrough was fitted to, e.g. "Grimheim · 2 players"."""
    players = facts.get("players")
    count = f"{players} player{'s' if players != 1 else ''}" if players else ""
    return " · ".join(part for part in (game.title, count) if part)


def numbered(n: int, title: str) -> str:
    """``title`` as step ``n`` of the list, unless it carries the rulebook's own number."""
    return title if title[:1].isdigit() else f"{n}. {title}"


class GuideScreen:
    """The guide of ``game`` for a table with ``options``; ``table_id`` and ``phase`` when
    opened from a table (ticks are kept per table, entry steps show where they stand)."""

    def __init__(
        self,
        shell: AppContext,
        game: Game[Any, Any],
        options: object,
        *,
        table_id: str | None = None,
        phase: str | None = None,
        tab: str | None = None,
    ) -> None:
        guide = guide_of(game)
        if guide is None:
            raise LookupError(f"{game.title} has no setup walkthrough")
        self.shell, self.game, self.guide = shell, game, guide
        self.options, self.table_id, self.phase = options, table_id, phase
        try:
            self.start: Any = game.setup(options)
        except ValueError as exc:  # options the form has not finished yet
            log.debug("no starting position for %s: %s", game.slug, exc)
            self.start = None
        self.facts = facts_of(options, self.start)
        self.steps = guide.setup(self.facts)
        self.ticked: set[str] = set()
        # Opened from a table without a tab named: the walkthrough while a step is still
        # to be entered or the table is at its first phase, the turn card after.
        setting_up = phase is None or (bool(guide.phases) and phase == guide.phases[0])
        setting_up = setting_up or any(phase in s.phases for s in self.steps)
        self.tab = tab or ("setup" if setting_up else "turn")
        # The list itself holds the parts (not one column inside it), so a phone builds and
        # reads out only the steps near the screen.
        self.body = ft.ListView(expand=True, padding=theme.PAD, spacing=10)
        self.view = ft.View(
            route=shell.page.route,
            padding=0,
            appbar=ft.AppBar(
                leading=theme.tagged(
                    "guide-back", ft.IconButton(ft.Icons.ARROW_BACK, on_click=self.close)
                ),
                automatically_imply_leading=False,
                title=ft.Text(game.title, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
            ),
            controls=[self.body],
        )
        self.render()

    # ----- showing and closing ---------------------------------------------------------------

    @property
    def storage_key(self) -> str:
        return TICKS_KEY + (self.table_id or self.game.slug)

    def open(self) -> None:
        """Show the guide over the current screen and read this device's ticks."""
        self.shell.page.views.append(self.view)
        self.shell.page.update()
        self.shell.page.run_task(self._load_ticks)

    def close(self, _: Any = None) -> None:
        views = self.shell.page.views
        if views and views[-1] is self.view:
            views.pop()
            self.shell.page.update()

    async def _load_ticks(self) -> None:
        try:
            raw = await ft.SharedPreferences().get(self.storage_key)
            keys = json.loads(raw) if isinstance(raw, str) else []
        except Exception as exc:  # no storage in this browser, or a damaged value: none
            log.debug("guide ticks unreadable: %s", exc)
            return
        if isinstance(keys, list):
            self.ticked = {k for k in keys if isinstance(k, str)} & {s.key for s in self.steps}
            self.render()
            self.shell.page.update()

    async def _store_ticks(self) -> None:
        try:
            await ft.SharedPreferences().set(self.storage_key, json.dumps(sorted(self.ticked)))
        except Exception as exc:  # kept for this visit even if the browser cannot store it
            log.debug("guide ticks not stored: %s", exc)

    # ----- drawing ---------------------------------------------------------------------------

    def pick_tab(self, tab: str) -> None:
        if tab != self.tab:
            self.tab = tab
            self.render()
            self.shell.page.update()

    def tick(self, key: str, on: bool) -> None:
        (self.ticked.add if on else self.ticked.discard)(key)
        self.render()
        self.shell.page.update()
        self.shell.page.run_task(self._store_ticks)

    def show_rule(self, rule_id: str) -> None:
        """The rule behind a line, in a dialog over the guide (the guide stays open)."""
        rule = self.game.rules.get(rule_id)
        dialog = ft.AlertDialog(
            title=ft.Text(rule.title),
            content=theme.tagged(
                "guide-rule",
                ft.Column(
                    tight=True,
                    scroll=ft.ScrollMode.AUTO,
                    controls=[
                        theme.muted(rule.id, 12),
                        ft.Text(rule.text, selectable=True),
                        *(
                            [theme.muted("Our reading where the rulebook is open to doubt.", 12)]
                            if rule.kind == "assumption"
                            else []
                        ),
                    ],
                ),
            ),
            actions=[ft.TextButton("Close", on_click=lambda _: self.shell.page.pop_dialog())],
        )
        self.shell.page.show_dialog(dialog)

    def render(self) -> None:
        tabs = ft.Row(
            wrap=True,
            spacing=8,
            run_spacing=8,
            controls=[
                self._tab_button("setup", "Setup walkthrough", ft.Icons.CHECKLIST),
                self._tab_button("turn", "Turn card", ft.Icons.LOOP),
            ],
        )
        content = self._setup() if self.tab == "setup" else self._turn()
        self.body.controls = [tabs, *content]

    def _tab_button(self, key: str, label: str, icon: ft.IconData) -> ft.Control:
        chosen = self.tab == key
        make = ft.FilledButton if chosen else ft.OutlinedButton
        return theme.tagged(
            f"guide-tab-{key}",
            make(label, icon=icon, on_click=lambda _: self.pick_tab(key)),
        )

    def _setup(self) -> list[ft.Control]:
        done = sum(1 for s in self.steps if s.key in self.ticked)
        parts: list[ft.Control] = [
            theme.tagged(
                "guide-progress",
                theme.muted(
                    f"{facts_line(self.game, self.facts)} · {done} of "
                    f"{len(self.steps)} steps ticked"
                ),
            )
        ]
        parts += [self._step(n, s) for n, s in enumerate(self.steps, start=1)]
        if not any(s.picture for s in self.steps) and (picture := self._start_picture()):
            parts.append(picture)
        return parts

    def _start_picture(self) -> ft.Control | None:
        """The table as setup leaves it, on the game's own board picture (where the app
        draws one)."""
        draw = start_picture_for(self.game.slug)
        if draw is None or self.start is None:
            return None
        return theme.tagged(
            "guide-start",
            ft.Column(
                spacing=6,
                horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                controls=[theme.muted("The starting position:", 13), draw(self.start)],
            ),
        )

    def _step(self, n: int, step: Step) -> ft.Control:
        ticked = step.key in self.ticked
        lines: list[ft.Control] = [
            ft.Row(
                spacing=4,
                vertical_alignment=ft.CrossAxisAlignment.START,
                controls=[
                    theme.tagged(
                        f"guide-tick-{step.key}",
                        ft.Checkbox(
                            value=ticked,
                            semantics_label=f"Done: {step.title}",
                            on_change=lambda e, k=step.key: self.tick(k, bool(e.control.value)),
                        ),
                    ),
                    ft.Text(
                        numbered(n, step.title),
                        size=16,
                        weight=ft.FontWeight.W_600,
                        expand=True,
                        color=theme.MUTED if ticked else None,
                    ),
                ],
            ),
            ft.Text(step.text),
        ]
        if step.picture and (picture := self._start_picture()):
            lines.append(picture)
        status = step_status(self.guide, step, self.phase) if self.table_id else None
        if status is not None:
            colour = ft.Colors.PRIMARY if status.when == "now" else theme.MUTED
            lines.append(
                theme.tagged(
                    f"guide-status-{step.key}",
                    ft.Text(
                        ("✓ " if status.when == "done" else "→ ") + status.text,
                        color=colour,
                        weight=ft.FontWeight.W_600 if status.when == "now" else None,
                    ),
                )
            )
            if status.when == "now":
                lines.append(
                    theme.tagged(
                        f"guide-enter-{step.key}",
                        ft.FilledTonalButton(
                            "Enter it on the table", icon=ft.Icons.EDIT, on_click=self.close
                        ),
                    )
                )
        lines.append(rule_links(f"guide-{step.key}", step.rules, self.show_rule))
        return theme.tagged(
            f"guide-step-{step.key}",
            ft.Container(
                padding=12,
                border_radius=10,
                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
                content=ft.Column(spacing=6, controls=lines),
            ),
        )

    def _turn(self) -> list[ft.Control]:
        parts: list[ft.Control] = []
        for section in self.guide.turn:
            rows: list[ft.Control] = [theme.heading(section.title)]
            for i, line in enumerate(section.lines):
                rows.append(
                    theme.tagged(
                        f"guide-turn-{section.key}-{i}",
                        ft.Column(
                            spacing=0,
                            controls=[
                                ft.Text(f"{i + 1}. {line.text}"),
                                rule_links(
                                    f"guide-turn-{section.key}-{i}", line.rules, self.show_rule
                                ),
                            ],
                        ),
                    )
                )
            parts.append(
                theme.tagged(
                    f"guide-section-{section.key}",
                    ft.Container(
                        padding=12,
                        border_radius=10,
                        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                        content=ft.Column(spacing=6, controls=rows),
                    ),
                )
            )
        return parts


def hint_for(game: Game[Any, Any], state: Any) -> Hint | None:
    """The one-line hint for the phase ``state`` is in, if the game's guide has one."""
    guide = guide_of(game)
    phase = getattr(state, "phase", None)
    return guide.hint(phase) if guide is not None and isinstance(phase, str) else None


def has_guide(game: Game[Any, Any]) -> bool:
    """Does ``game`` come with a walkthrough and turn card?"""
    return guide_of(game) is not None


def open_guide(
    shell: AppContext,
    game: Game[Any, Any],
    options: object,
    *,
    table_id: str | None = None,
    phase: str | None = None,
    tab: str | None = None,
) -> GuideScreen:
    """Push the guide over the current screen (see ``GuideScreen``) and return it."""
    screen = GuideScreen(shell, game, options, table_id=table_id, phase=phase, tab=tab)
    screen.open()
    return screen
