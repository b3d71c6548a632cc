"""The standard verdict sheet: legal or not, the reason, the effects, the rules behind it.

Each rule ID is a button that opens the rules reference at that rule.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from rules.core import Verdict

from .. import theme


def sheet(
    verdict: Verdict, open_rule: Callable[[str], None], title: str | None = None
) -> ft.BottomSheet:
    """A bottom sheet for ``verdict``; ``open_rule(rule_id)`` is called when a rule is tapped."""
    icon = ft.Icons.CHECK_CIRCLE if verdict.legal else ft.Icons.BLOCK
    colour = theme.OK if verdict.legal else theme.BAD
    heading = title or ("Allowed" if verdict.legal else "Not allowed")
    bs: ft.BottomSheet

    def follow(rule_id: str) -> None:
        bs.open = False
        bs.update()
        open_rule(rule_id)

    body: list[ft.Control] = [
        ft.Row(
            [
                ft.Icon(icon, color=colour, size=32),
                theme.tagged(
                    "verdict-title",
                    ft.Text(heading, size=20, weight=ft.FontWeight.W_600, color=colour),
                ),
            ]
        ),
        theme.tagged("verdict-reason", ft.Text(verdict.reason, size=16)),
    ]
    if verdict.effects:
        body.append(theme.muted("What it changes:"))
        body += [ft.Text(f"• {effect}") for effect in verdict.effects]
    if verdict.rules:
        body.append(theme.muted("Rules:"))
        body.append(
            ft.Row(
                wrap=True,
                spacing=6,
                controls=[
                    theme.tagged(
                        f"rule-link-{rule_id}",
                        ft.OutlinedButton(
                            rule_id,
                            icon=ft.Icons.MENU_BOOK,
                            on_click=lambda _, r=rule_id: follow(r),
                        ),
                    )
                    for rule_id in verdict.rules
                ],
            )
        )
    bs = ft.BottomSheet(
        show_drag_handle=True,
        content=theme.tagged(
            "verdict",
            ft.Container(
                padding=ft.Padding.only(left=20, right=20, bottom=24),
                content=ft.Column(body, tight=True, spacing=10),
            ),
        ),
    )
    return bs
