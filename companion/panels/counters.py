"""The generic "match the box" panel every game gets.

Each counter from ``game.counters(state)`` is shown with its printed bounds and current value;
− and + nudge it by one and the field sets it outright. Every change is a ``Correct`` action
sent through the table, so it is bounds-checked, logged as a correction and undoable.
"""

from __future__ import annotations

from collections.abc import Mapping

import flet as ft

from rules.core import Correct
from rules.core import counter_label as core_counter_label

from .. import theme
from . import widgets
from .base import PanelContext


def _values(ctx: PanelContext) -> Mapping[str, int] | None:
    try:
        return ctx.game.counter_values(ctx.state)
    except NotImplementedError:
        return None


counter_label = core_counter_label
"""A counter key as players read it (shared with the history's correction lines)."""


def _slug(name: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in name.lower())


def build_panel(ctx: PanelContext) -> ft.Control:
    """One card per counter: name, bounds, value, −/+ and set-to-value."""
    bounds = ctx.game.counters(ctx.state)
    values = _values(ctx)
    rows: list[ft.Control] = [
        theme.muted(
            "Does a counter differ from the box? Set it here; it is logged as a correction."
        )
    ]
    if not bounds:
        rows.append(theme.muted("This game has no counters to correct right now."))
    for name, (low, high) in bounds.items():
        value = None if values is None else values.get(name)
        # A card depends on nothing but these: a change redraws only the cards it moves.
        rows.append(
            ctx.kept(
                f"counter-{name}",
                (name, low, high, value, ctx.can_act),
                lambda n=name, lo=low, hi=high, v=value: _counter_card(ctx, n, lo, hi, v),  # type: ignore[misc]
            )
        )
    return ft.ListView(controls=rows, spacing=12, padding=theme.PAD, expand=True)


def _counter_card(
    ctx: PanelContext, name: str, low: int, high: int, value: int | None
) -> ft.Control:
    key = _slug(name)
    label = counter_label(name)
    field = ft.TextField(
        label="Set to",
        value="" if value is None else str(value),
        keyboard_type=ft.KeyboardType.NUMBER,
        input_filter=ft.InputFilter(regex_string=r"^-?[0-9]*$", allow=True, replacement_string=""),
        width=110,
        dense=True,
    )
    error = ft.Text("", color=theme.BAD, size=13, visible=False)

    def submit(target: int) -> None:
        ctx.act(Correct(counter=name, value=target))

    def on_set(_: ft.Event[ft.Button]) -> None:
        raw = (field.value or "").strip()
        try:
            target = int(raw)
        except ValueError:
            error.value = f"Enter a whole number between {low} and {high}."
            error.visible = True
            error.update()
            return
        error.visible = False
        submit(target)

    can = ctx.can_act

    def step(delta: int) -> None:
        submit((value or 0) + delta)

    minus = widgets.step_button(
        f"counter-{key}-minus",
        -1,
        step,
        tooltip=f"{label} − 1",
        disabled=not can or value is None or value <= low,
    )
    plus = widgets.step_button(
        f"counter-{key}-plus",
        1,
        step,
        tooltip=f"{label} + 1",
        disabled=not can or value is None or value >= high,
    )
    shown = "?" if value is None else str(value)
    # Filled, not raised: a phone without a GPU redraws the whole screen for every frame
    # of a tapped button's ripple, and a shadow under each card is the dearest part.
    return ft.Card(
        variant=ft.CardVariant.FILLED,
        content=ft.Container(
            padding=12,
            content=ft.Column(
                spacing=6,
                controls=[
                    ft.Row(
                        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                        controls=[
                            ft.Column(
                                spacing=0,
                                expand=True,
                                controls=[
                                    ft.Text(label, size=16, weight=ft.FontWeight.W_600),
                                    theme.muted(f"{low} to {high}", size=12),
                                ],
                            ),
                            minus,
                            theme.tagged(
                                f"counter-{key}-value",
                                ft.Text(shown, size=24, weight=ft.FontWeight.BOLD),
                            ),
                            plus,
                        ],
                    ),
                    ft.Row(
                        visible=can,
                        controls=[
                            theme.tagged(f"counter-{key}-field", field),
                            theme.tagged(
                                f"counter-{key}-set",
                                ft.FilledButton("Set", on_click=on_set),
                            ),
                        ],
                    ),
                    error,
                ],
            ),
        ),
    )
