"""Divine counters: played on a seat's own phone, or on the shared phone after the kit's
two-step hand-over (``panels.handover``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from rules.born_of_titans.actions import (
    PlayDivine,
)
from rules.born_of_titans.state import BotState

from .. import handover
from .look import choice, tag
from .parts import _Picks


class DivineCounters:
    """Part of ``BotPanel``: the divine counters section."""

    def _divine_section(self) -> ft.Control | None:
        """Playing divine counters: on a seat's own phone, or on the shared phone once that
        seat's counters are shown."""
        s = self.state
        if s.phase != "play" or not self.ctx.can_act:
            return None
        if self.ctx.seat is not None:
            return self._divine_for(self.ctx.seat, s)
        if self.ctx.reveal is None:
            return None
        buttons = [
            handover.own_phone_line("bot", seat, name, "divine counters")
            if seat in self.ctx.own_phone
            else handover.give_button(
                "bot",
                seat,
                name,
                lambda seat=seat: self._give(seat),  # type: ignore[misc]
            )
            for seat, name in enumerate(self.names)
        ]
        self.divine_box = ft.Container()
        return ft.Column([*buttons, self.divine_box], spacing=6)

    def _give(self, seat: int) -> None:
        """Step one of the hand-over (``panels.handover``): the counters on show close, and
        nothing secret is drawn until ``seat``'s player, holding the phone, taps "Show my
        divine counters". Whatever the last player picked and did not play (which counter,
        on whom, a pair) is cleared, so it is neither seen nor played by the next."""
        fresh = _Picks()
        self.picks.divine, self.picks.target, self.picks.pair = (
            fresh.divine,
            fresh.target,
            fresh.pair,
        )
        self.divine_box.content = (
            None
            if seat in self.ctx.own_phone
            else handover.handover_card(
                "bot",
                seat,
                self.names[seat],
                "divine counters",
                on_show=lambda: self._show(seat),
                on_back=lambda: setattr(self.divine_box, "content", None),
            )
        )

    def _show(self, seat: int) -> None:
        """Step two: the player now holding the shared phone opens their own counters. A
        seat on its own phone is never shown here."""
        assert self.ctx.reveal is not None
        if seat in self.ctx.own_phone:
            self.divine_box.content = None
            return
        state = self.ctx.reveal(seat)
        self.divine_box.content = self._divine_for(seat, state)

    def _divine_for(self, seat: int, state: BotState) -> ft.Control:
        held = [d for d in state.heroes[seat].divine if d != "hidden"]
        p = self.picks
        rows: list[ft.Control] = [
            ft.Text(f"{self.names[seat]}'s divine counters", size=16, weight=ft.FontWeight.W_600),
            tag(
                "bot-own-divine",
                ft.Text(
                    "Your divine counters: " + (", ".join(d.capitalize() for d in held) or "none"),
                    size=14,
                ),
            ),
        ]
        if not held:
            return ft.Column(rows, spacing=4)
        box = ft.Column(spacing=4)

        def draw() -> None:
            parts: list[ft.Control] = [
                ft.Row(
                    wrap=True,
                    spacing=4,
                    controls=[
                        choice(f"bot-play-{k}", k.capitalize(), p.divine == k, pick(divine=k))
                        for k in sorted(set(held))
                    ],
                ),
                ft.Row(
                    wrap=True,
                    spacing=4,
                    controls=[
                        choice(f"bot-target-{t}", f"On {n}", p.target == t, pick(target=t))
                        for t, n in enumerate(self.names)
                    ],
                ),
                choice("bot-pair", "Play a pair", p.pair, pick(pair=not p.pair)),
            ]
            if p.divine and p.target >= 0:
                action = PlayDivine(seat, p.divine, p.target, p.pair)  # type: ignore[arg-type]
                verdict, vbox = self.verdict(action, "bot-divine-verdict")
                parts.append(vbox)
                parts.append(
                    tag(
                        "bot-play-divine",
                        ft.FilledButton(
                            "Play",
                            disabled=not verdict.legal,
                            on_click=lambda _: self.act(action),
                        ),
                    )
                )
            box.controls = parts

        def pick(**changes: Any) -> Callable[[Any], None]:
            def apply(_: Any) -> None:
                for key, value in changes.items():
                    setattr(p, key, value)
                draw()

            return apply

        draw()
        rows.append(box)
        return ft.Column(rows, spacing=4)
