"""Correcting a renown marker to match the track on the table (logged as a correction)."""

from __future__ import annotations

from typing import Any

import flet as ft

from rules.core import Correct
from rules.scales_of_fate.components import (
    RENOWN_MAX,
    RENOWN_MIN,
)

from ... import theme
from .. import widgets


class Corrections:
    """Part of ``ScalesPanel``: the renown correction dialog."""

    def _open_correction(self, name: str) -> None:
        current = self.state.renown[name]
        value = widgets.step_value(str(current), size=28, width=56)
        chosen = [current]

        def nudge(step: int) -> None:
            chosen[0] = max(RENOWN_MIN, min(RENOWN_MAX, chosen[0] + step))
            value.value = str(chosen[0])

        def close(_: Any = None) -> None:
            self.ctx.page.pop_dialog()

        def commit(_: Any) -> None:
            close()
            self.act(
                Correct(
                    counter=f"renown.{name}",
                    value=chosen[0],
                    note="renown corrected to match the track",
                )
            )

        dialog = ft.AlertDialog(
            title=ft.Text(f"Correct {name}'s renown"),
            content=ft.Column(
                tight=True,
                controls=[
                    theme.muted(
                        "Use this when the track on the table shows another value. "
                        "It is logged as a correction.",
                        13,
                    ),
                    ft.Row(
                        alignment=ft.MainAxisAlignment.CENTER,
                        controls=widgets.stepper("sof-correct", value, nudge),
                    ),
                ],
            ),
            actions=[
                theme.tagged("sof-correct-cancel", ft.TextButton("Cancel", on_click=close)),
                theme.tagged("sof-correct-set", ft.FilledButton("Correct renown", on_click=commit)),
            ],
        )
        self.ctx.page.show_dialog(dialog)
