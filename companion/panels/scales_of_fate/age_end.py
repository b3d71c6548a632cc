"""The end of an Age in Scales of Fate: the Age card's question answered."""

from __future__ import annotations

import flet as ft

from rules.scales_of_fate.actions import (
    Announce,
)
from rules.scales_of_fate.deduction import describe_criterion

from ... import theme
from .. import widgets


class EndOfAge:
    """Part of ``ScalesPanel``: the end of an Age."""

    def _announce_card(self) -> ft.Control:
        s = self.state
        record = s.history[-1]
        parts: list[ft.Control] = [
            ft.Text(f"Age {record.age}: {describe_criterion(record.criterion)}?"),
        ]
        for seat in (0, 1):
            said = record.answers[seat]
            if said is not None:
                parts.append(
                    ft.Text(
                        f"{self.names[seat]} said {'YES' if said else 'NO'}.",
                        weight=ft.FontWeight.W_600,
                    )
                )
                continue
            may = self.ctx.can_act and self.ctx.seat in (None, seat)
            if not may:
                parts.append(theme.muted(f"Waiting for {self.names[seat]}'s answer.", 13))
                continue
            parts.append(
                ft.Row(
                    spacing=6,
                    controls=[
                        ft.Text(self.names[seat], expand=True, weight=ft.FontWeight.W_600),
                        theme.tagged(
                            f"sof-announce-{seat}-yes",
                            ft.FilledButton(
                                "Yes",
                                on_click=lambda _, st=seat: self.act(Announce(st, True)),
                            ),
                        ),
                        theme.tagged(
                            f"sof-announce-{seat}-no",
                            ft.FilledButton(
                                "No",
                                on_click=lambda _, st=seat: self.act(Announce(st, False)),
                            ),
                        ),
                    ],
                )
            )
        return widgets.titled_card("sof-announce", "End of the Age: does one of yours fit?", parts)
