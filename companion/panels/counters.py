"""The generic "match the box" panel every game gets.

Each counter from ``game.counters(state)`` is shown with its printed bounds and current value;
− and + nudge it by one and the field sets it outright. Every change is a ``Correct`` action
sent through the table, so it is bounds-checked, logged as a correction and undoable.

What is typed into a field is kept as it is typed (``widgets.typed_field``), per page and
table, so a redraw or a look at the rules and back loses nothing; the line under the field
says at each keystroke what Set would do (the rules' own verdict for that number).
"""

from __future__ import annotations

import contextlib
import weakref
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

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


_TYPED: OrderedDict[tuple[int, str], dict[str, str]] = OrderedDict()
"""(page, table) → counter → what is typed into its field and not set yet."""


def typed_values(page: Any, table: str) -> dict[str, str]:
    """What ``page`` has typed into the counter fields of ``table`` and not set yet (the
    same mapping for every drawing; the oldest pages are forgotten)."""
    key = (id(page), table)
    typed = _TYPED.get(key)
    if typed is None:
        typed = _TYPED[key] = {}
        # Dropped with the page: a later page that Python puts at the same address does
        # not find what another visitor typed.
        with contextlib.suppress(TypeError):  # test doubles without weak references
            weakref.finalize(page, _TYPED.pop, key, None)
        while len(_TYPED) > 256:
            _TYPED.popitem(last=False)
    _TYPED.move_to_end(key)
    return typed


NAME_SIZE = 16
"""A counter's name, in px at 100 % text."""


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
    typed = typed_values(ctx.page, ctx.table_id)
    error = ft.Text("", color=theme.BAD, size=13, visible=False)

    def judge(text: str) -> None:
        """The line under the field: what Set would do with ``text``, as the rules see it."""
        target = widgets.whole_number(text)
        if not text.strip():
            error.visible = False
            return
        if target is None:
            error.value, error.color = f"Enter a whole number between {low} and {high}.", theme.BAD
        else:
            verdict = ctx.check(Correct(counter=name, value=target))
            error.value = verdict.reason
            error.color = theme.MUTED if verdict.legal else theme.BAD
        error.visible = True

    def on_text(text: str) -> None:
        typed[name] = text
        judge(text)

    if name in typed and widgets.whole_number(typed[name]) == value:
        del typed[name]  # set (here or on another phone): nothing left to keep
    shown_text = typed.get(name, "" if value is None else str(value))
    ident = f"counter-{key}-field"
    fields: dict[str, ft.TextField] = {}
    field = widgets.typed_field(
        fields, ident, "Set to", shown_text, on_text, number=True, width=110, dense=True
    )
    if name in typed:
        judge(shown_text)

    def submit(target: int) -> None:
        ctx.act(Correct(counter=name, value=target))

    def on_set(_: ft.Event[ft.Button]) -> None:
        raw = (fields[ident].value or "").strip()
        target = widgets.whole_number(raw)
        if target is None:
            judge(raw or "?")
            return
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
                    # The name and the bounds have the card's whole width: beside the
                    # stepper, a phone 320 px wide at 200 % text left them a few letters a
                    # line (and a number of four digits, none).
                    ft.Column(
                        spacing=0,
                        controls=[
                            theme.tagged(
                                f"counter-{key}-name",
                                ft.Text(label, size=NAME_SIZE, weight=ft.FontWeight.W_600),
                            ),
                            theme.muted(f"{low} to {high}", size=12),
                        ],
                    ),
                    ft.Row(
                        vertical_alignment=ft.CrossAxisAlignment.CENTER,
                        controls=[
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
                            field,
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
