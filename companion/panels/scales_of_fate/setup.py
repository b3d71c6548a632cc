"""The Age setup form: quests, action tiles, the Abyss outcomes and the Age card's question.

The players copy what the Age card and the quest tokens show. The form keeps a draft per
page (so a refused setup, or a change arriving from another device, loses nothing typed)
and builds one ``SetupAge`` action; whether it is acceptable is the rules' answer, shown
as a verdict before the players commit it.
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import flet as ft

from rules.scales_of_fate.actions import SetupAge
from rules.scales_of_fate.age_setup import swap_special
from rules.scales_of_fate.components import TILE_ACTION_NAMES, TILE_ACTIONS
from rules.scales_of_fate.deduction import criterion_problem, describe_criterion
from rules.scales_of_fate.state import Criterion, PlacedQuest, Quest, SofState, Tile, TileSpec

from ... import theme
from .. import widgets
from ..widgets import rule_links
from . import board as scales_board
from .look import choice

_CHANGES = (-3, -2, -1, 1, 2, 3)
PLACES: tuple[tuple[str, str], ...] = (
    ("any", "Anywhere"),
    ("tile", "On a tile"),
    ("abyss", "In the Abyss"),
    ("off-board", "Off the board"),
)
NEXT_TO: tuple[tuple[str, str], ...] = (
    ("any", "Any"),
    ("special", "Special"),
    ("dark", "Dark"),
    ("light", "Light"),
)


@dataclass
class SetupDraft:
    """What the players have entered so far for Age ``age``."""

    age: int
    quests: dict[str, tuple[bool, int]] = field(default_factory=dict)
    """Cell ``"rc"`` → (dark, printed change)."""
    special: str | None = None
    tiles: dict[str, str] = field(default_factory=dict)
    """Tile position → tile action."""
    abyss_left: int = -2
    abyss_right: int = 2
    criterion: Criterion = field(default_factory=Criterion)
    cell: str | None = None
    """The quest cell being edited."""
    fields: dict[str, ft.TextField] = field(default_factory=dict, compare=False, repr=False)
    """The typed fields, kept from one drawing to the next while the players type."""

    def action(self) -> SetupAge:
        """The ``SetupAge`` this draft describes. Age 1 lays out every entered quest; later
        Ages send only the newly drawn special quest, as the rulebook's reset does."""
        quests: list[PlacedQuest] = []
        for key, (dark, change) in sorted(self.quests.items()):
            special = key == self.special
            if self.age > 1 and not special:
                continue
            quests.append(PlacedQuest(int(key[0]), int(key[1]), dark, special, change))
        tiles = tuple(TileSpec(pos, act) for pos, act in sorted(self.tiles.items()))  # type: ignore[arg-type]
        return SetupAge(
            age=self.age,
            quests=tuple(quests),
            tiles=tiles,
            abyss_left=self.abyss_left,
            abyss_right=self.abyss_right,
            criterion=self.criterion,
        )

    def preview_state(self, state: SofState) -> SofState:
        """``state`` with the draft laid on the board, for drawing only. In Ages 2 and 3 the
        quests are moved exactly as starting the Age will move them (``swap_special``): the
        old special quest leaves, and a regular quest lying where the new special goes
        takes the old special's spot, with its own value."""
        quests: dict[str, Quest] = {}
        if self.age == 1:
            for key, (dark, change) in self.quests.items():
                quests[key] = Quest(dark=dark, special=key == self.special, change=change)
        elif self.special is not None and self.special in self.quests:
            dark, change = self.quests[self.special]
            row, col = int(self.special[0]), int(self.special[1])
            quests, _ = swap_special(
                state.quests, PlacedQuest(row, col, dark, special=True, change=change)
            )
        else:
            quests = dict(state.quests)
        tiles = tuple(Tile(pos, act) for pos, act in sorted(self.tiles.items()))  # type: ignore[arg-type]
        return replace(
            state,
            quests=quests,
            tiles=tiles,
            abyss_left=self.abyss_left,
            abyss_right=self.abyss_right,
            criterion=self.criterion,
        )


_DRAFTS: dict[int, SetupDraft] = {}


def draft_for(page: Any, state: SofState) -> SetupDraft:
    """The page's draft for the Age being set up (a fresh one when the Age moved on)."""
    key = id(page)
    draft = _DRAFTS.get(key)
    if draft is None or draft.age != state.age:
        draft = SetupDraft(age=state.age)
        if state.age > 1:
            # Later Ages keep the regular quests where they lie; only the special is new.
            draft.quests = {k: (q.dark, q.change) for k, q in state.quests.items() if not q.special}
        _DRAFTS[key] = draft
        # Objects without weak references (test doubles) simply keep their draft.
        with contextlib.suppress(TypeError):
            weakref.finalize(page, _DRAFTS.pop, key, None)
    return draft


def setup_form(
    state: SofState,
    draft: SetupDraft,
    *,
    rerender: Callable[[], None],
    check: Callable[[SetupAge], Any],
    submit: Callable[[SetupAge], None],
    can_act: bool,
    open_rule: Callable[[str], None] | None = None,
) -> ft.Control:
    """The form for laying out the current Age, with the rules' verdict on the draft."""

    def tap_cell(position: str) -> None:
        key = position
        draft.cell = key
        if key not in draft.quests:
            draft.quests[key] = (False, 1)
        rerender()

    def tap_tile(position: str) -> None:
        order: list[str | None] = [None, *TILE_ACTIONS]
        current = draft.tiles.get(position)
        nxt = order[(order.index(current) + 1) % len(order)]
        if nxt is None:
            draft.tiles.pop(position, None)
        else:
            draft.tiles[position] = nxt
        rerender()

    preview = draft.preview_state(state)
    grid = _setup_grid(preview, draft, tap_cell, tap_tile)
    parts: list[ft.Control] = [
        theme.heading(f"Lay out Age {state.age}"),
        theme.muted(
            "Tap a quest space to enter its token; tap a gap between quests to cycle its "
            "action tile."
            + (
                " Ages 2 and 3 keep the regular quests: tap where the new special quest goes."
                if state.age > 1
                else ""
            ),
            13,
        ),
        grid,
    ]
    if draft.cell is not None:
        parts.append(_cell_editor(draft, rerender))
    parts.append(_abyss_editor(draft, rerender))
    verdict_slot = ft.Column(spacing=10)

    def show_verdict() -> None:
        """The verdict, the rules behind it and the start button, for the draft as it is
        now: redrawn in place while a field is typed into, so the field keeps its keyboard."""
        verdict_slot.controls = _verdict_parts(state, draft, check, submit, can_act, open_rule)

    parts.append(_criterion_editor(draft, rerender, show_verdict))
    show_verdict()
    parts.append(verdict_slot)
    return theme.tagged("sof-setup", ft.Column(spacing=10, controls=parts))


def _verdict_parts(
    state: SofState,
    draft: SetupDraft,
    check: Callable[[SetupAge], Any],
    submit: Callable[[SetupAge], None],
    can_act: bool,
    open_rule: Callable[[str], None] | None,
) -> list[ft.Control]:
    action = draft.action()
    problem = criterion_problem(draft.criterion)
    verdict = check(action)
    parts: list[ft.Control] = [
        theme.tagged(
            "sof-setup-verdict",
            ft.Text(
                (problem[0].upper() + problem[1:] + ".") if problem else verdict.reason,
                color=theme.OK if verdict.legal and not problem else theme.BAD,
                size=14,
            ),
        )
    ]
    if verdict.rules:
        parts.append(rule_links("sof-setup-verdict", verdict.rules, open_rule))
    ready = can_act and verdict.legal and not problem
    parts.append(
        theme.tagged(
            "sof-setup-submit",
            ft.FilledButton(
                f"Start Age {state.age}",
                disabled=not ready,
                on_click=lambda _: submit(draft.action()),
            ),
        )
    )
    if not ready:
        why = (
            "only the players at the table start an Age"
            if not can_act
            else "the line above says what is missing"
        )
        parts.append(widgets.reason_line("sof-setup-why", f"Not ready to start: {why}."))
    return parts


def _setup_grid(
    preview: SofState,
    draft: SetupDraft,
    tap_cell: Callable[[str], None],
    tap_tile: Callable[[str], None],
) -> ft.Control:
    """The board picture with every quest space and every gap tappable."""
    return scales_board.board(
        preview,
        on_tile=tap_tile,
        on_quest=tap_cell,
        picked_quest=draft.cell,
        show_gaps=True,
    )


def _cell_editor(draft: SetupDraft, rerender: Callable[[], None]) -> ft.Control:
    key = draft.cell
    assert key is not None
    dark, change = draft.quests[key]

    def set_kind(value: bool) -> None:
        draft.quests[key] = (value, draft.quests[key][1])
        rerender()

    def set_change(value: int) -> None:
        draft.quests[key] = (draft.quests[key][0], value)
        rerender()

    def toggle_special(_: Any) -> None:
        draft.special = None if draft.special == key else key
        rerender()

    def remove(_: Any) -> None:
        draft.quests.pop(key, None)
        if draft.special == key:
            draft.special = None
        draft.cell = None
        rerender()

    return theme.tagged(
        "sof-cell-editor",
        ft.Container(
            padding=10,
            border_radius=10,
            bgcolor=ft.Colors.SURFACE_CONTAINER,
            content=ft.Column(
                spacing=8,
                controls=[
                    ft.Text(
                        f"Quest at row {int(key[0]) + 1}, column {int(key[1]) + 1}",
                        weight=ft.FontWeight.W_600,
                    ),
                    ft.Row(
                        spacing=6,
                        wrap=True,
                        run_spacing=6,
                        controls=[
                            choice(
                                "sof-cell-dark", "Scorpion (dark)", dark, lambda _: set_kind(True)
                            ),
                            choice(
                                "sof-cell-light",
                                "Feather (light)",
                                not dark,
                                lambda _: set_kind(False),
                            ),
                        ],
                    ),
                    ft.Row(
                        spacing=4,
                        wrap=True,
                        controls=[
                            choice(
                                f"sof-cell-change-{v}",
                                f"{v:+d}",
                                v == change,
                                lambda _, v=v: set_change(v),
                            )
                            for v in _CHANGES
                        ],
                    ),
                    ft.Row(
                        spacing=6,
                        wrap=True,
                        run_spacing=6,
                        controls=[
                            choice(
                                "sof-cell-special",
                                "Special (red back)",
                                draft.special == key,
                                toggle_special,
                            ),
                            theme.tagged(
                                "sof-cell-clear",
                                ft.TextButton("Clear", on_click=remove),
                            ),
                        ],
                    ),
                ],
            ),
        ),
    )


def _abyss_editor(draft: SetupDraft, rerender: Callable[[], None]) -> ft.Control:
    def shift_left(delta: int) -> None:
        draft.abyss_left += delta
        rerender()

    def shift_right(delta: int) -> None:
        draft.abyss_right += delta
        rerender()

    def outcome(ident: str, label: str, value: int, shift: Callable[[int], None]) -> ft.Control:
        return widgets.labelled_stepper(
            label, ident, widgets.step_value(f"{value:+d}", width=64), shift
        )

    return ft.Column(
        spacing=0,
        controls=[
            ft.Text("Abyss outcomes on the Age card", weight=ft.FontWeight.W_600),
            outcome("sof-abyss-left", "Marker moved left", draft.abyss_left, shift_left),
            outcome("sof-abyss-right", "Marker moved right", draft.abyss_right, shift_right),
        ],
    )


def _criterion_editor(
    draft: SetupDraft, rerender: Callable[[], None], show_verdict: Callable[[], None]
) -> ft.Control:
    c = draft.criterion

    def typed(**changes: Any) -> None:
        """A typed part of the criterion: stored and judged at once, the form kept."""
        draft.criterion = replace(draft.criterion, **changes)
        show_verdict()

    def set_crit(**changes: Any) -> None:
        draft.criterion = replace(draft.criterion, **changes)
        rerender()

    def bound_field(label: str, current: int | None, name: str, ident: str) -> ft.Control:
        """A renown bound: blank for none; stored as typed."""
        return widgets.number_field(
            draft.fields,
            ident,
            label,
            current,
            lambda value: typed(**{name: value}),
            expand=True,
            dense=True,
        )

    low = bound_field("From", c.min_renown, "min_renown", "sof-crit-min")
    high = bound_field("To", c.max_renown, "max_renown", "sof-crit-max")
    text = widgets.typed_field(
        draft.fields,
        "sof-crit-text",
        "Card text (optional)",
        c.text,
        lambda text: typed(text=text.strip()),
        dense=True,
    )
    tile_actions: list[ft.Control] = []
    if c.place == "tile":
        tile_actions = [
            ft.Row(
                wrap=True,
                spacing=4,
                controls=[
                    choice(
                        "sof-crit-tile-any",
                        "Any tile",
                        c.tile_action is None,
                        lambda _: set_crit(tile_action=None),
                    ),
                    *[
                        choice(
                            f"sof-crit-tile-{a}",
                            TILE_ACTION_NAMES[a],
                            c.tile_action == a,
                            lambda _, a=a: set_crit(tile_action=a),
                        )
                        for a in TILE_ACTIONS
                    ],
                ],
            )
        ]
    return theme.tagged(
        "sof-criterion",
        ft.Column(
            spacing=8,
            controls=[
                ft.Text("The Age card's question", weight=ft.FontWeight.W_600),
                theme.muted("Renown between (leave blank for any):", 12),
                ft.Row(
                    spacing=8,
                    controls=[
                        low,
                        high,
                    ],
                ),
                theme.muted("Where the demigod is:", 12),
                ft.Row(
                    wrap=True,
                    spacing=4,
                    controls=[
                        choice(
                            f"sof-crit-place-{k}",
                            label,
                            c.place == k,
                            lambda _, k=k: set_crit(place=k, tile_action=None),
                        )
                        for k, label in PLACES
                    ],
                ),
                *tile_actions,
                theme.muted("Next to a quest:", 12),
                ft.Row(
                    wrap=True,
                    spacing=4,
                    controls=[
                        choice(
                            f"sof-crit-next-{k}",
                            label,
                            c.next_to == k,
                            lambda _, k=k: set_crit(next_to=k),
                        )
                        for k, label in NEXT_TO
                    ],
                ),
                theme.tagged(
                    "sof-crit-manual",
                    ft.Checkbox(
                        label="We answer this card by hand",
                        value=c.manual,
                        on_change=lambda e: set_crit(manual=bool(e.control.value)),
                    ),
                ),
                text,
                theme.tagged(
                    "sof-crit-preview", theme.muted("Reads: " + describe_criterion(c), 13)
                ),
            ],
        ),
    )
