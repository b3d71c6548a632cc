"""Matching the box: the board layout and the Fate card texts are the app's reading of a
rulebook that prints neither, so a table checks them against its own box.

"Match your board" shows the board at the numbers being tried, with the counts to check on
the real board (spaces per arm side, where the arm bridges and the gates sit) and two
steppers for what may differ. "Match your cards" is a form per Fate number: each printed
action's direction, spaces, whose columns, share, starting a column and taking another
turn. Both are checked by the rules before they are saved (``EditBoard``, ``EditFate``:
ff.app.copy) and stored with the table like every other move.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import flet as ft

from rules.fates_and_favors import EditBoard, EditFate, FfState, board
from rules.fates_and_favors.board import ARM_RANGE
from rules.fates_and_favors.data import MAX_SHARE, MAX_SPACES, FateAction, board_spec, cards
from rules.fates_and_favors.setup import start_columns

from ... import theme
from .. import widgets
from ..base import PanelContext, Route
from ..chips import chip
from .picture import board_picture

WAYS = (("forward", "Forward"), ("backward", "Back"), ("either", "Either"))
WHOSE = (("own", "Own"), ("team", "TEAM"), ("rival", "RIVAL"), ("any", "ANY"))
MAX_ACTIONS = 3


@dataclass
class Draft:
    """What this phone is typing into the match forms (nothing is stored until saved)."""

    open: str = ""  # "", "board" or "cards"
    arm: int = 0
    arm_bridge: int = 0
    number: int = 1
    actions: list[FateAction] = field(default_factory=list)
    lightning: int = -1
    loaded: tuple[Any, ...] = ()  # what the form was filled from (a save refills it)


def at_start(state: FfState) -> bool:
    """The first game has not seen a move yet: the moment to match the box."""
    return (
        state.phase == "play"
        and state.game_no == 1
        and not state.series
        and state.columns == start_columns(state.arm, state.arm_bridge)
    )


def status_words(state: FfState) -> tuple[str, str]:
    """How far this table has matched its box: the board's and the cards' line."""
    spec = board_spec()
    if (state.arm, state.arm_bridge) == (spec.arm, spec.arm_bridge):
        board_line = "Board: the app's reading."
    else:
        board_line = (
            f"Board: set to your box ({state.arm} spaces per arm side, arm bridges "
            f"{state.arm_bridge} out)."
        )
    edited = [f.number for f in state.edits]
    if edited:
        numbers = ", ".join(f"#{n}" for n in edited)
        cards_line = f"Fate cards: {numbers} set to your box; the rest are the app's reading."
    else:
        cards_line = "Fate cards: the app's reading."
    return board_line, cards_line


def section(
    ctx: PanelContext, draft: Draft, refresh: Any, *, notice: bool, route: Route | None = None
) -> list[ft.Control]:
    """The match block: with ``notice`` the plain words said at table start, then the two
    buttons and whichever form is open. With ``route`` (a kept block, drawn with both forms
    shut) the buttons open a form on the drawing on screen (``route.to``: its ``pick`` and
    ``refresh``)."""
    state: FfState = ctx.state
    board_line, cards_line = status_words(state)
    out: list[ft.Control] = []
    if notice:
        out.append(
            theme.tagged(
                "ff-match-notice",
                ft.Text(
                    "The rulebook prints neither board nor card texts: this board layout "
                    "and the Fate cards are the app's reading until matched to your box.",
                    size=14,
                ),
            )
        )
    else:
        out.append(theme.heading("Match your box"))
    out.append(theme.tagged("ff-match-status", theme.muted(f"{board_line} {cards_line}", 13)))

    def toggle(which: str) -> Any:
        def go(_: Any) -> None:
            mine = route.to.pick.draft if route is not None else draft
            mine.open = "" if mine.open == which else which
            (route.to.refresh if route is not None else refresh)()

        return go

    out.append(
        ft.Row(
            wrap=True,
            spacing=8,
            run_spacing=8,
            controls=[
                theme.tagged(
                    "ff-match-board",
                    ft.OutlinedButton("Match your board", on_click=toggle("board")),
                ),
                theme.tagged(
                    "ff-match-cards",
                    ft.OutlinedButton("Match your cards", on_click=toggle("cards")),
                ),
            ],
        )
    )
    if draft.open == "board":
        out += _board_form(ctx, draft, refresh)
    elif draft.open == "cards":
        out += _cards_form(ctx, draft, refresh)
    return [
        ft.Container(
            padding=12,
            border_radius=10,
            border=ft.Border.all(1, ft.Colors.OUTLINE),
            content=ft.Column(spacing=8, controls=out),
        )
    ]


# ----- the board -----------------------------------------------------------------------------


def _board_form(ctx: PanelContext, draft: Draft, refresh: Any) -> list[ft.Control]:
    state: FfState = ctx.state
    if draft.loaded[:1] != ("board",) or draft.loaded[1:] != (state.arm, state.arm_bridge):
        draft.arm, draft.arm_bridge = state.arm, state.arm_bridge
        draft.loaded = ("board", state.arm, state.arm_bridge)
    spec = board_spec()
    low, high = ARM_RANGE

    def arm_step(delta: int) -> None:
        draft.arm = max(low, min(high, draft.arm + delta))
        draft.arm_bridge = max(4, min(draft.arm, draft.arm_bridge))
        refresh()

    def bridge_step(delta: int) -> None:
        draft.arm_bridge = max(4, min(draft.arm, draft.arm_bridge + delta))
        refresh()

    b = board(draft.arm, draft.arm_bridge)
    preview = FfState(
        mode=state.mode,
        players=state.players,
        seat_colours=state.seat_colours,
        teams=state.teams,
        order=state.order,
        arm=draft.arm,
        arm_bridge=draft.arm_bridge,
        columns=start_columns(draft.arm, draft.arm_bridge),
        hand_sizes=state.hand_sizes,
        hero_cards=state.hero_cards,
    )
    counts = [
        f"Each arm of the cross: {draft.arm} spaces up one side, 1 across its tip, "
        f"{draft.arm} down the other.",
        f"The whole loop: {b.loop} spaces (numbered 0 to {b.loop - 1} on the picture).",
        f"Arm bridges: one across each arm, on the {_nth(draft.arm_bridge)} space out from "
        "the centre.",
        "Centre bridges: two, from each inner corner to the one across; they cross in the middle.",
        f"Temple gate: {spec.gate_before} spaces before your inner corner, on your right. "
        f"Quarry exit: {spec.exit_after} spaces after it, on your left.",
        f"Temple track: {spec.temple_track} spaces, the last {spec.temple_sites} temple sites.",
    ]
    verdict = ctx.check(EditBoard(draft.arm, draft.arm_bridge))
    changed = (draft.arm, draft.arm_bridge) != (state.arm, state.arm_bridge)

    def save(_: Any) -> None:
        ctx.act(EditBoard(draft.arm, draft.arm_bridge))

    width = max(200, min(320, int((getattr(ctx.page, "width", None) or 390) - 80)))
    out: list[ft.Control] = [
        theme.muted("Count these on your board; set the two numbers that differ.", 13),
        theme.tagged("ff-match-board-picture", board_picture(preview, width=width, numbers=True)),
        theme.tagged(
            "ff-match-board-counts",
            ft.Column(spacing=2, controls=[ft.Text("• " + c, size=13) for c in counts]),
        ),
        widgets.labelled_stepper(
            "Spaces per arm side",
            "ff-match-arm",
            widgets.step_value(str(draft.arm), width=36),
            arm_step,
        ),
        widgets.labelled_stepper(
            "Arm bridge, spaces out",
            "ff-match-bridge",
            widgets.step_value(str(draft.arm_bridge), width=36),
            bridge_step,
        ),
    ]
    if changed:
        out.append(widgets.verdict_box(verdict, "ff-match-board-verdict", ctx.open_rule))
        if verdict.legal:
            out.append(
                theme.tagged(
                    "ff-match-board-save",
                    ft.FilledButton("Save this board", on_click=save),
                )
            )
    else:
        out.append(theme.tagged("ff-match-board-same", theme.muted("This is the board in use.")))
    return out


def _nth(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


# ----- the cards -----------------------------------------------------------------------------


def _cards_form(ctx: PanelContext, draft: Draft, refresh: Any) -> list[ft.Control]:
    state: FfState = ctx.state
    fate = state.fates[draft.number - 1]
    source = ("cards", draft.number, fate)
    if draft.loaded != source:
        draft.actions = list(fate.actions)
        draft.lightning = fate.lightning
        draft.loaded = source
    default = cards().fates[draft.number - 1]

    def pick_number(n: int) -> Any:
        def go(_: Any) -> None:
            draft.number = n
            refresh()

        return go

    numbers = ft.Row(
        wrap=True,
        spacing=6,
        run_spacing=6,
        controls=[
            chip(
                f"ff-match-fate-{n}",
                f"#{n}",
                selected=n == draft.number,
                on_click=pick_number(n),
                min_width=56,
                size=15,
            )
            for n in range(1, 11)
        ],
    )
    out: list[ft.Control] = [
        theme.muted("Pick a Fate number, then set each action as your card prints it.", 13),
        numbers,
        theme.muted(
            "The app's reading: " + "; ".join(a.label() for a in default.actions)
            if fate == default
            else "Set to your box: " + "; ".join(a.label() for a in fate.actions),
            13,
        ),
    ]
    for i, action in enumerate(draft.actions):
        out.append(_action_form(draft, i, action, refresh))

    def add(_: Any) -> None:
        draft.actions.append(FateAction(1))
        refresh()

    if len(draft.actions) < MAX_ACTIONS:
        out.append(theme.tagged("ff-match-add", ft.OutlinedButton("Add an action", on_click=add)))

    def bolts(delta: int) -> None:
        draft.lightning = max(0, min(fate.copies, draft.lightning + delta))
        refresh()

    out.append(
        widgets.labelled_stepper(
            f"Copies with a lightning bolt (of {fate.copies})",
            "ff-match-lightning",
            widgets.step_value(str(draft.lightning), width=36),
            bolts,
        )
    )
    act = EditFate(draft.number, tuple(draft.actions), draft.lightning)
    verdict = ctx.check(act)
    out.append(widgets.verdict_box(verdict, "ff-match-cards-verdict", ctx.open_rule))
    if verdict.legal:
        same = tuple(draft.actions) == fate.actions and draft.lightning == fate.lightning
        out.append(
            theme.tagged(
                "ff-match-cards-save",
                ft.FilledButton(
                    f"Save Fate #{draft.number}" if not same else f"Fate #{draft.number} is saved",
                    on_click=(lambda _: ctx.act(act)) if not same else None,
                    disabled=same,
                ),
            )
        )
    return out


def _action_form(draft: Draft, i: int, action: FateAction, refresh: Any) -> ft.Control:
    """One printed action: its words, then a row of choices per part."""

    def change(**kw: Any) -> Any:
        def go(_: Any) -> None:
            new = FateAction(**{**action.__dict__, **kw})
            if new.start:
                new = FateAction(0, new.direction, 1, new.whose, True, new.again)
            elif action.start and not new.start:
                new = FateAction(max(1, new.spaces), new.direction, 1, new.whose, False, new.again)
            draft.actions[i] = new
            refresh()

        return go

    def spaces(delta: int) -> None:
        change(spaces=max(1, min(MAX_SPACES, action.spaces + delta)))(None)

    def share(delta: int) -> None:
        change(columns=max(1, min(MAX_SHARE, action.columns + delta)))(None)

    def remove(_: Any) -> None:
        del draft.actions[i]
        refresh()

    ident = f"ff-match-a{i}"
    rows: list[ft.Control] = [
        ft.Row(
            [
                theme.tagged(
                    f"{ident}-label",
                    ft.Text(f"Action {i + 1}: {action.label()}", size=14, expand=True),
                ),
                *(
                    [theme.tagged(f"{ident}-remove", ft.TextButton("Remove", on_click=remove))]
                    if len(draft.actions) > 1
                    else []
                ),
            ]
        ),
        _toggle(f"{ident}-start", "Starts a column (no movement)", action.start, change),
    ]
    if not action.start:
        rows += [
            ft.Row(
                wrap=True,
                spacing=6,
                run_spacing=6,
                controls=[
                    chip(
                        f"{ident}-dir-{key}",
                        text,
                        selected=action.direction == key,
                        on_click=change(direction=key),
                        size=15,
                    )
                    for key, text in WAYS
                ],
            ),
            widgets.labelled_stepper(
                "Spaces",
                f"{ident}-spaces",
                widgets.step_value(str(action.spaces), width=36),
                spaces,
            ),
            widgets.labelled_stepper(
                "Columns sharing them",
                f"{ident}-share",
                widgets.step_value(str(action.columns), width=36),
                share,
            ),
        ]
    rows += [
        ft.Row(
            wrap=True,
            spacing=6,
            run_spacing=6,
            controls=[
                chip(
                    f"{ident}-whose-{key}",
                    text,
                    selected=action.whose == key,
                    on_click=change(whose=key),
                    size=15,
                )
                for key, text in WHOSE
            ],
        ),
        theme.muted("Own: the card names no one, so only the player's own columns.", 12),
        _toggle(f"{ident}-again", "Then take another turn", action.again, change, key="again"),
    ]
    return ft.Container(
        padding=8,
        border_radius=10,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        content=ft.Column(spacing=6, controls=rows),
    )


def _toggle(ident: str, label: str, on: bool, change: Any, key: str = "start") -> ft.Control:
    return theme.tagged(
        ident,
        ft.Checkbox(
            label=label, value=on, on_change=lambda e: change(**{key: bool(e.control.value)})(e)
        ),
    )
