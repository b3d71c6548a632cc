"""New table (host only): game, players and seats, game options; create opens the table."""

from __future__ import annotations

from typing import Any

import flet as ft

from rules import registry
from rules.core import MalformedAction

from .. import theme
from . import guide_view
from .context import AppContext
from .options_form import OptionsForm, fields_for, refusal


def sentence(message: str) -> str:
    """A message as a sentence on screen: capital first letter, closing full stop."""
    text = message.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else f"{text}."


def view(shell: AppContext, game: str | None = None) -> ft.View:
    """The form; ``game`` (a slug, e.g. from ``/new?game=...``) is preselected if available."""
    hub = shell.hub
    slugs = registry.available()
    roster = [p.name for p in hub.players()]
    state: dict[str, Any] = {"form": None, "seats": []}
    game_pick = ft.Dropdown(
        label="Game",
        value=game if game in slugs else (slugs[0] if slugs else None),
        options=[ft.dropdown.Option(key=s, text=registry.get(s).title) for s in slugs],
        expand=True,
    )
    count_pick = ft.Dropdown(label="Players", expand=True)
    count_tag = theme.tagged("player-count", count_pick)
    seats_col = ft.Column(spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    options_col = ft.Column(spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    roster_row = ft.Row(wrap=True, spacing=6)
    name_field = ft.TextField(label="Table name (optional)")
    error = theme.tagged("new-table-error", ft.Text("", color=theme.BAD))

    def seat_fields(n: int, *, fit_picks: bool = False) -> None:
        old = [f.value for f in state["seats"]]
        fields = []
        for i in range(n):
            value = old[i] if i < len(old) else (roster[i] if i < len(roster) else "")
            fields.append(ft.TextField(label=f"Seat {i + 1}", value=value, on_blur=name_seats))
        state["seats"] = fields
        name_seats()
        seats_col.controls = [theme.tagged(f"seat-{i}", f) for i, f in enumerate(fields)]
        if fit_picks and state["form"] is not None:
            # A new number of seats: one hero (or other per-seat pick) per seat, keeping
            # what the host picked so far. A fresh form keeps the game's own defaults.
            state["form"].fit_to_seats(n)

    def name_seats(_: Any = None) -> None:
        # Seat drop-downs (who goes first) follow the names as they are typed.
        if state["form"] is not None:
            state["form"].name_seats([f.value or "" for f in state["seats"]])
            if _ is not None:
                shell.page.update()

    def fill_from_roster(name: str) -> None:
        fields = state["seats"]
        if any(f.value == name for f in fields):
            return
        target = next((f for f in fields if not (f.value or "").strip()), None)
        if target is not None:
            target.value = name
            name_seats()
            shell.page.update()

    def pick_game(_: Any = None) -> None:
        if not game_pick.value:
            return
        game = registry.get(game_pick.value)
        counts = list(range(game.min_players, game.max_players + 1))
        count_pick.options = [ft.dropdown.Option(key=str(n), text=str(n)) for n in counts]
        if count_pick.value not in {str(n) for n in counts}:
            # Most tables are two players; a game for fewer or more starts at its nearest.
            count_pick.value = str(2 if 2 in counts else counts[0])
        # The tag around the menu is what hides: a tag of a hidden control is an error.
        count_tag.visible = len(counts) > 1
        form = OptionsForm(fields_for(game.options_type), on_change=shell.page.update)
        state["form"] = form
        seat_fields(int(count_pick.value or counts[0]))
        options_col.controls = [
            theme.tagged(f"option-{name}", control) for name, control in form.controls.items()
        ] or [theme.muted("This game has no options.")]

    def pick_count(_: Any) -> None:
        seat_fields(int(count_pick.value or 0), fit_picks=True)
        shell.page.update()

    def create(_: Any) -> None:
        if not game_pick.value:
            error.content.value = "Choose a game first."  # type: ignore[union-attr]
            shell.page.update()
            return
        seats = [(f.value or "").strip() for f in state["seats"]]
        try:
            if not all(seats):
                raise ValueError("Every seat needs a player name.")
            options = state["form"].values() if state["form"] else None
            table = hub.create_table(
                game_pick.value, options, seats, (name_field.value or "").strip()
            )
        except MalformedAction as exc:
            # The game's decoder refused an option; everything entered stays to be fixed.
            specs = state["form"].specs if state["form"] else []
            error.content.value = refusal(str(exc), specs)  # type: ignore[union-attr]
            shell.page.update()
            return
        except ValueError as exc:
            # Everything entered stays on screen to be fixed.
            error.content.value = sentence(str(exc))  # type: ignore[union-attr]
            shell.page.update()
            return
        shell.go(f"/t/{table.id}")

    def open_walkthrough(_: Any) -> None:
        # The walkthrough for what the form says now; what it cannot start from yet (a
        # blank seat, an option still to fix) falls back to the game's defaults.
        if not game_pick.value:
            return
        game = registry.get(game_pick.value)
        names = [(f.value or "").strip() or f"Player {i + 1}" for i, f in enumerate(state["seats"])]
        try:
            raw = state["form"].values() if state["form"] else None
            options = game.seat_options(game.decode_options(raw), names)
        except (ValueError, MalformedAction):
            options = game.seat_options(game.decode_options(None), names)
        guide_view.open_guide(shell, game, options)

    walkthrough = theme.tagged(
        "open-walkthrough",
        ft.OutlinedButton("How to set up", icon=ft.Icons.CHECKLIST, on_click=open_walkthrough),
    )

    def show_walkthrough_button() -> None:
        walkthrough.visible = bool(game_pick.value) and guide_view.has_guide(
            registry.get(game_pick.value)
        )

    game_pick.on_select = lambda e: (pick_game(), show_walkthrough_button(), shell.page.update())
    count_pick.on_select = pick_count
    roster_row.controls = [
        ft.OutlinedButton(name, on_click=lambda _, n=name: fill_from_roster(n)) for name in roster
    ]
    pick_game()
    show_walkthrough_button()
    body: list[ft.Control] = [
        theme.tagged("game-pick", game_pick),
        walkthrough,
        count_tag,
        theme.heading("Seats"),
        seats_col,
    ]
    if roster:
        body += [theme.muted("Tap a player to seat them:"), roster_row]
    body += [
        name_field,
        theme.heading("Options"),
        options_col,
        error,
        theme.tagged(
            "create-table",
            ft.FilledButton("Create table", icon=ft.Icons.CHECK, on_click=create),
        ),
    ]
    if not slugs:
        body = [theme.muted("No games are installed.")]
    return ft.View(
        route="/new",
        padding=0,
        appbar=ft.AppBar(
            title=ft.Text("New table"),
            leading=ft.IconButton(ft.Icons.ARROW_BACK, on_click=lambda _: shell.go("/")),
        ),
        controls=[ft.ListView(expand=True, padding=theme.PAD, spacing=12, controls=body)],
    )
