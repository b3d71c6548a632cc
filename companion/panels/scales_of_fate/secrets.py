"""One player's private corner of the Scales of Fate screen: their two demigods, the
deduction helper (which pairs the opponent can still hold), notes per demigod, and the
final guess.

Only ever built for a state redacted for ``seat`` and only when that seat may look (its
own device, or the shared phone after the hand-over): other devices never receive it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import flet as ft

from rules.core import Action, Verdict
from rules.scales_of_fate.actions import DealDemigods, FinalGuess, Note
from rules.scales_of_fate.components import DEMIGODS
from rules.scales_of_fate.deduction import candidates, opponent_pairs_for
from rules.scales_of_fate.state import AgeRecord, SofState

from ... import theme
from ..chips import restyle
from .look import SHORT, demigod_chip, marker

SECRET_ID = "sof-secret-demigods"


def hand_label(hand: tuple[str, ...]) -> str:
    """What a screen reader (and a browser test) reads for a seat's secret pair."""
    return "Your demigods: " + " and ".join(hand)


class _PairPicker:
    """Pick two different demigods, see the rules' verdict, commit."""

    def __init__(
        self,
        ident: str,
        button: str,
        build: Callable[[tuple[str, str]], Action],
        act: Callable[[Action], None],
        check: Callable[[Action], Verdict],
    ) -> None:
        self.ident = ident
        self.button = button
        self.build = build
        self.act = act
        self.check = check
        self.picked: list[str] = []
        self.chips: dict[str, ft.Semantics] = {}
        self.grid = ft.Row(wrap=True, spacing=6, run_spacing=6)
        self.root = ft.Column(spacing=8)
        self.draw()

    def toggle(self, name: str) -> None:
        if name in self.picked:
            self.picked.remove(name)
        else:
            self.picked = [*self.picked, name][-2:]
        self.draw()

    def draw(self) -> None:
        # The chips stay the same controls between taps (only their look changes), so a
        # quick second tap never lands on a control that was just replaced.
        if not self.chips:
            for name in DEMIGODS:
                self.chips[name] = demigod_chip(
                    f"{self.ident}-{name}", name, on_click=lambda _, n=name: self.toggle(n)
                )
        for name, piece in self.chips.items():
            restyle(piece, name in self.picked)
        buttons: list[ft.Control] = list(self.chips.values())
        self.grid.controls = buttons
        controls: list[ft.Control] = [self.grid]
        if len(self.picked) == 2:
            action = self.build((self.picked[0], self.picked[1]))
            verdict = self.check(action)
            controls.append(
                ft.Text(
                    verdict.reason,
                    color=theme.OK if verdict.legal else theme.BAD,
                    size=13,
                )
            )
            controls.append(
                theme.tagged(
                    f"{self.ident}-submit",
                    ft.FilledButton(
                        self.button,
                        disabled=not verdict.legal,  # the reason is the line above
                        on_click=lambda _: self.act(action),
                    ),
                )
            )
        self.root.controls = controls


def secret_block(
    state: SofState,
    seat: int,
    names: list[str],
    *,
    act: Callable[[Action], None],
    check: Callable[[Action], Verdict],
    can_act: bool,
    deduced: ft.Control,
    noted: ft.Control,
) -> ft.Control:
    """The private block for ``seat``, tagged ``sof-secret-demigods``, ending with
    ``deduced`` (``deduction(...)``) and ``noted`` (``notes(...)``) as drawn (or kept) by
    the caller."""
    hand = state.hands[seat]
    parts: list[ft.Control] = [theme.heading(f"{names[seat]}: your demigods")]
    if len(hand) == 2:
        parts.append(
            ft.Semantics(
                identifier="sof-hand",
                label=hand_label(hand),
                content=ft.Row(
                    spacing=8, wrap=True, controls=[demigod_chip(f"sof-hand-{d}", d) for d in hand]
                ),
            )
        )
        parts.append(
            theme.muted(
                "Renown now: " + ", ".join(f"{d} {state.renown[d]}" for d in hand),
                13,
            )
        )
    elif state.phase == "deal" and can_act:
        parts.append(theme.muted("Tap the two demigod cards you were dealt.", 13))
        parts.append(
            _PairPicker(
                "sof-deal",
                "Keep these two (secret)",
                lambda pair: DealDemigods(seat=seat, demigods=pair),
                act,
                check,
            ).root
        )
    else:
        parts.append(theme.muted("Not dealt yet.", 13))

    if state.phase == "guess" and can_act:
        if state.guesses[seat]:
            parts.append(theme.muted("Your guess: " + " + ".join(state.guesses[seat]), 13))
        else:
            parts.append(
                ft.Text(
                    f"Final guess: which two does {names[1 - seat]} hold?",
                    weight=ft.FontWeight.W_600,
                )
            )
            parts.append(
                _PairPicker(
                    "sof-guess",
                    "Lock in my guess",
                    lambda pair: FinalGuess(seat=seat, demigods=pair),
                    act,
                    check,
                ).root
            )

    parts += [deduced, noted]
    return ft.Semantics(
        identifier=SECRET_ID,
        content=ft.Container(
            padding=12,
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
            border=ft.Border.all(2, ft.Colors.TERTIARY),
            content=ft.Column(spacing=10, controls=parts),
        ),
    )


def deduction(history: tuple[AgeRecord, ...], seat: int, opponent_name: str) -> ft.Control:
    """What ``seat``'s opponent may hold, from the answers in ``history`` alone."""
    opponent = 1 - seat
    pairs = opponent_pairs_for(history, opponent)
    counts = candidates(pairs)
    said = [
        f"Age {r.age}: {'yes' if r.answers[opponent] else 'no'}"
        for r in history
        if r.answers[opponent] is not None
    ]
    bars: list[ft.Control] = []
    most = max(counts.values()) or 1
    for name in DEMIGODS:
        n = counts[name]
        # The bar takes a share of whatever width is left, so a long name in large text
        # keeps its line instead of being split.
        bar: list[ft.Control] = [
            ft.Container(
                expand=max(n, 1),
                height=10,
                border_radius=5,
                bgcolor=ft.Colors.TERTIARY if n else ft.Colors.OUTLINE_VARIANT,
            )
        ]
        if most - n > 0:
            bar.append(ft.Container(expand=most - n))
        bars.append(
            ft.Row(
                spacing=6,
                controls=[
                    marker(name, 22),
                    ft.Text(name, size=13, no_wrap=True, max_lines=1),
                    ft.Row(spacing=0, expand=True, controls=bar),
                    theme.muted(str(n), 12),
                ],
            )
        )
    pair_text = ", ".join(f"{SHORT[a]}+{SHORT[b]}" for a, b in pairs) if len(pairs) <= 12 else ""
    return theme.tagged(
        "sof-deduction",
        ft.Column(
            spacing=4,
            controls=[
                ft.Text(f"What {opponent_name} may hold", weight=ft.FontWeight.W_600),
                theme.muted(
                    ("Answers so far: " + "; ".join(said)) if said else "No answers yet.", 12
                ),
                theme.tagged(
                    "sof-pairs-left",
                    ft.Text(
                        f"{len(pairs)} of 36 pairs still "
                        f"{'fits' if len(pairs) == 1 else 'fit'} their answers",
                        size=14,
                    ),
                ),
                *([theme.muted(pair_text, 12)] if pair_text else []),
                *bars,
            ],
        ),
    )


def notes(
    seat: int, mine: Mapping[str, str], act: Callable[[Action], None], can_act: bool
) -> ft.Control:
    """``seat``'s private notes (``mine``: demigod → text), each saved through ``act``."""

    def save(name: str, field: ft.TextField) -> None:
        text = (field.value or "").strip()
        if text != mine.get(name, ""):
            act(Note(seat=seat, demigod=name, text=text))

    rows: list[ft.Control] = [ft.Text("Notes (private)", weight=ft.FontWeight.W_600)]
    for name in DEMIGODS:
        field = ft.TextField(
            value=mine.get(name, ""),
            hint_text=f"About {name}…",
            dense=True,
            expand=True,
            disabled=not can_act,
            max_length=None,
        )
        field.on_blur = lambda _, n=name, f=field: save(n, f)
        field.on_submit = lambda _, n=name, f=field: save(n, f)
        rows.append(
            ft.Row(spacing=6, controls=[marker(name, 26), theme.tagged(f"sof-note-{name}", field)])
        )
    return ft.Column(spacing=4, controls=rows)
