"""The final score pad of Scales of Fate."""

from __future__ import annotations

import flet as ft

from ... import theme
from .. import widgets
from .parts import _slug


class ScorePad:
    """Part of ``ScalesPanel``: the score pad."""

    def _score_pad(self) -> ft.Control:
        try:
            sheet = self.ctx.game.score(self.state)
        except ValueError as exc:
            return widgets.titled_card("sof-score-pad", "Score pad", [theme.muted(str(exc), 13)])
        labels: list[str] = []
        for player in sheet.players:
            for line in player.items:
                if line.label not in labels:
                    labels.append(line.label)

        # Each line's label spans the card and the players' columns sit below it, so the
        # columns keep half the card's width on the narrowest phone, in large text too.
        def columns(cells: list[ft.Control]) -> ft.Control:
            return ft.Row(spacing=8, vertical_alignment=ft.CrossAxisAlignment.START, controls=cells)

        rows: list[ft.Control] = [
            columns(
                [
                    ft.Text(
                        self.names[seat],
                        expand=True,
                        weight=ft.FontWeight.BOLD,
                        text_align=ft.TextAlign.CENTER,
                    )
                    for seat in range(len(sheet.players))
                ]
            )
        ]
        for label in labels:
            rows.append(ft.Text(label.upper(), size=12, color=theme.MUTED))
            cells: list[ft.Control] = []
            for seat, player in enumerate(sheet.players):
                item = next((i for i in player.items if i.label == label), None)
                cells.append(
                    ft.Column(
                        expand=True,
                        spacing=0,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                        controls=[
                            theme.tagged(
                                f"sof-score-{seat}-{_slug(label)}",
                                ft.Text(
                                    ""
                                    if item is None
                                    else f"{item.points:+d}"
                                    if item.points
                                    else "0",
                                    size=18,
                                    weight=ft.FontWeight.W_600,
                                ),
                            ),
                            ft.Text(
                                item.detail if item and item.detail else "",
                                size=11,
                                color=theme.MUTED,
                                text_align=ft.TextAlign.CENTER,
                            ),
                        ],
                    )
                )
            rows.append(columns(cells))
        rows.append(ft.Divider())
        rows.append(ft.Text("TOTAL", weight=ft.FontWeight.BOLD))
        rows.append(
            columns(
                [
                    ft.Container(
                        expand=True,
                        alignment=ft.Alignment.CENTER,
                        content=theme.tagged(
                            f"sof-score-{seat}-total",
                            ft.Text(str(p.total), size=24, weight=ft.FontWeight.BOLD),
                        ),
                    )
                    for seat, p in enumerate(sheet.players)
                ]
            )
        )
        # The sheet names players as the rules state knows them; show the table's seat names.
        winner = (
            self.names[self.state.players.index(sheet.winner)]
            if sheet.winner in self.state.players
            else sheet.winner
        )
        verdict = f"{winner} wins" if winner else "A shared result"
        rows.append(
            theme.tagged(
                "sof-winner", ft.Text(verdict, size=20, weight=ft.FontWeight.BOLD, color=theme.OK)
            )
        )
        if sheet.tiebreak:
            rows.append(theme.muted(f"Decided by tie-break: {sheet.tiebreak}", 13))
        if sheet.summary and list(self.state.players) == self.names:
            rows.append(theme.muted(sheet.summary, 13))
        for seat in range(len(sheet.players)):
            hand = self.state.hands[seat]
            guess = self.state.guesses[seat]
            if hand:
                rows.append(
                    theme.muted(
                        f"{self.names[seat]} held {' + '.join(hand)}"
                        + (f"; guessed {' + '.join(guess)}" if guess else ""),
                        13,
                    )
                )
        return widgets.titled_card("sof-score-pad", "Score pad", rows)
