"""The Grimheim time track: the Rune Stone's steps (axes, skull, shield), where it stands
now and what that step means, and the skull's warning banner."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from rules.grimheim import data
from rules.grimheim.state import GrimheimState

from ... import theme
from .ui import DECK_COLOURS, SKULL, card

MARK_ICONS = {
    "axes": ft.Icons.GROUP_ADD,
    "skull": ft.Icons.DANGEROUS,
    "shield": ft.Icons.SHIELD,
}


MARK_WORDS = {
    "axes": "reinforcements: each player draws a monster card",
    "skull": "SKULL: every monster charges one extra area",
    "shield": "no reinforcements, no charge",
}


Refresh = Callable[[], None]


def track_of(state: GrimheimState) -> tuple[data.TimeStep, ...]:
    return data.load().time_tracks[state.options.track]


def time_track(state: GrimheimState, tiles: list[ft.Control]) -> ft.Control:
    """The chosen time track around ``tiles``: the ``time_tile`` of each step (the Rune
    Stone's lit, skulls in red), as drawn or kept by the caller."""
    return _time_card(state, track_of(state), tiles)


def time_tile(step: data.TimeStep, here: bool, last: bool) -> ft.Control:
    """One step of the track; ``here``: the Rune Stone stands on it."""
    colour = DECK_COLOURS[step.deck]
    icon_colour = SKULL if step.mark == "skull" else colour
    return ft.Semantics(
        identifier=f"grim-step-{step.step}",
        label=f"step {step.step} {step.deck} {step.mark}"
        + (" current" if here else "")
        + (" last" if last else ""),
        selected=here,
        content=ft.Container(
            width=36,
            height=52,
            border_radius=8,
            bgcolor=ft.Colors.with_opacity(0.35, colour) if here else None,
            border=ft.Border.all(3 if here else 1, ft.Colors.WHITE if here else colour),
            alignment=ft.Alignment.CENTER,
            content=ft.Column(
                spacing=0,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                alignment=ft.MainAxisAlignment.CENTER,
                controls=[
                    ft.Text(str(step.step), size=12, weight=ft.FontWeight.BOLD),
                    ft.Icon(
                        ft.Icons.FLAG if last else MARK_ICONS[step.mark],
                        size=18,
                        color=icon_colour,
                    ),
                ],
            ),
        ),
    )


def _time_card(
    state: GrimheimState, track: tuple[data.TimeStep, ...], tiles: list[ft.Control]
) -> ft.Control:
    now, when = step_line(state)
    return card(
        ft.Column(
            spacing=8,
            controls=[
                ft.Row(
                    alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                    wrap=True,
                    controls=[
                        ft.Text(
                            f"Time track ({state.options.track})",
                            size=16,
                            weight=ft.FontWeight.W_600,
                        ),
                        theme.tagged(
                            "grim-time",
                            ft.Text(
                                f"Step {state.time} of {len(track)}",
                                size=16,
                                weight=ft.FontWeight.BOLD,
                            ),
                        ),
                    ],
                ),
                theme.tagged("grim-track", ft.Row(tiles, wrap=True, spacing=4, run_spacing=4)),
                ft.Row(
                    spacing=6,
                    controls=[
                        ft.Icon(MARK_ICONS[now.mark], color=DECK_COLOURS[now.deck], size=18),
                        ft.Text(
                            f"{when}: {MARK_WORDS[now.mark]} ({now.deck} deck)",
                            size=13,
                            expand=True,
                        ),
                    ],
                ),
            ],
        ),
        key="grim-timecard",
    )


def step_line(state: GrimheimState) -> tuple[data.TimeStep, str]:
    """The time step the players should think about, and how to introduce it: during hero
    turns the NEXT monster turn's step (the current one's reinforcements are already
    done); while the monster turn waits for the Rune Stone to move, the step it is entering
    (what the stone's verdict announces); otherwise the step of this monster turn."""
    track = track_of(state)
    here = min(max(state.time, 1), len(track))
    entering = state.phase == "monsters" and state.monster_step == "time"
    if state.phase == "heroes" or entering:
        if here == len(track):
            return track[here - 1], "Last step reached"
        if entering:
            return track[here], f"This monster turn (the stone enters step {here + 1})"
        return track[here], f"Next monster turn (step {here + 1})"
    if state.phase == "reinforce" and state.time == 1:
        return track[here - 1], "Setup"
    return track[here - 1], "This monster turn"


def skull_banner(state: GrimheimState) -> ft.Control | None:
    """The unmissable warning while the Rune Stone stands on a skull."""
    track = track_of(state)
    if not 1 <= state.time <= len(track) or track[state.time - 1].mark != "skull":
        return None
    return theme.tagged(
        "grim-skull",
        ft.Container(
            bgcolor=ft.Colors.RED_900,
            border=ft.Border.all(3, SKULL),
            border_radius=12,
            padding=12,
            content=ft.Row(
                spacing=10,
                controls=[
                    ft.Icon(ft.Icons.DANGEROUS, color=ft.Colors.WHITE, size=40),
                    ft.Column(
                        spacing=2,
                        expand=True,
                        controls=[
                            ft.Text(
                                "SKULL — ALL MONSTERS CHARGE",
                                size=18,
                                weight=ft.FontWeight.BOLD,
                                color=ft.Colors.WHITE,
                            ),
                            ft.Text(
                                "Every monster moves one extra area toward Grimheim "
                                "this monster turn.",
                                size=13,
                                color=ft.Colors.WHITE,
                            ),
                        ],
                    ),
                ],
            ),
        ),
    )
