"""Rules reference: one game's rules by section, full-text search, opened at a rule ID."""

from __future__ import annotations

from typing import Any

import flet as ft

from rules.core import Rule

from .. import theme
from ..reference import Hit, reference
from .context import AppContext


def _rule_card(
    rule_id: str, title: str, section: str, text: str, kind: str, focus: bool
) -> ft.Control:
    badge = (
        [ft.Text("assumption", size=11, color=ft.Colors.AMBER_200)] if kind == "assumption" else []
    )
    return theme.tagged(
        f"rule-{rule_id}",
        ft.Card(
            bgcolor=ft.Colors.SECONDARY_CONTAINER if focus else None,
            content=ft.Container(
                padding=12,
                content=ft.Column(
                    spacing=4,
                    controls=[
                        ft.Row(
                            [ft.Text(rule_id, size=12, color=theme.MUTED, selectable=True), *badge],
                            wrap=True,
                        ),
                        ft.Text(title, size=16, weight=ft.FontWeight.W_600),
                        ft.Text(text, selectable=True),
                        theme.muted(section, size=12),
                    ],
                ),
            ),
        ),
    )


def view(shell: AppContext, game: str | None, rule_id: str | None, table_id: str | None) -> ft.View:
    ref = reference()
    if table_id is not None:
        game = shell.hub.open(table_id).game.slug
    games = ref.games
    if game not in games:
        game = next(iter(games), None)
    chosen: dict[str, Any] = {"game": game}
    results = ft.Column(spacing=8)
    query = ft.TextField(
        label="Search the rules",
        prefix_icon=ft.Icons.SEARCH,
        expand=True,
        autofocus=rule_id is None,
    )

    def by_section(slug: str) -> list[ft.Control]:
        rules: list[Rule] = ref.rules(slug)
        controls: list[ft.Control] = []
        focus = ref.rule(slug, rule_id) if rule_id else None
        if focus is not None:
            controls.append(
                _rule_card(focus.id, focus.title, focus.section, focus.text, focus.kind, True)
            )
        section = None
        for r in rules:
            if r.section != section:
                section = r.section
                controls.append(
                    ft.Container(theme.heading(section), padding=ft.Padding.only(top=8))
                )
            controls.append(_rule_card(r.id, r.title, r.section, r.text, r.kind, r.id == rule_id))
        return controls

    def show(_: Any = None) -> None:
        text = (query.value or "").strip()
        slug = chosen["game"]
        if slug is None:
            results.controls = [theme.muted("No games are installed.")]
        elif text:
            hits: list[Hit] = ref.search(text, game=slug)
            found = (
                f"{len(hits)} rule{'s' if len(hits) != 1 else ''} found"
                if hits
                else f"No rule mentions “{text}”. Try a shorter or different word."
            )
            results.controls = [theme.tagged("rules-found", theme.muted(found))] + [
                _rule_card(h.rule_id, h.title, h.section, h.text, h.kind, False) for h in hits
            ]
        else:
            results.controls = by_section(slug)
        shell.page.update()

    query.on_change = show
    query.on_submit = show

    heading = ft.Text(
        f"Rules · {games.get(game or '', 'Rules')}",
        max_lines=1,
        overflow=ft.TextOverflow.ELLIPSIS,
    )

    def pick(e: Any) -> None:
        chosen["game"] = e.control.value
        # The title names the game whose rules are shown.
        heading.value = f"Rules · {games.get(chosen['game'] or '', 'Rules')}"
        show()

    header: list[ft.Control] = [ft.Row([theme.tagged("rules-search", query)])]
    if table_id is None and len(games) > 1:
        header.insert(
            0,
            ft.Dropdown(
                label="Game",
                value=game,
                options=[ft.dropdown.Option(key=s, text=t) for s, t in games.items()],
                on_select=pick,
            ),
        )
    back = f"/t/{table_id}" if table_id else "/"
    results.controls = by_section(game) if game else [theme.muted("No games are installed.")]
    return ft.View(
        route="/rules",
        padding=0,
        appbar=ft.AppBar(
            leading=theme.tagged(
                "rules-back", ft.IconButton(ft.Icons.ARROW_BACK, on_click=lambda _: shell.go(back))
            ),
            automatically_imply_leading=False,
            title=theme.tagged("rules-title", heading),
        ),
        controls=[
            ft.ListView(
                expand=True,
                padding=theme.PAD,
                spacing=8,
                controls=[*header, theme.tagged("rules-results", results)],
            )
        ],
    )
