"""The top of the Born of Titans screen: whose turn and the round, and the placings once
the third quest is done."""

from __future__ import annotations

import flet as ft

from rules.born_of_titans.guards import actions_left
from rules.born_of_titans.setup_steps import next_picker
from rules.core.words import counted

from ... import theme
from .look import tag


class StatusAndScore:
    """Part of ``BotPanel``: the status line and the placings."""

    def _status(self) -> ft.Control:
        s = self.state
        if s.phase == "selection":
            text = "Everyone rolls a die: who rolled lowest?"
        elif s.phase == "heroes":
            text = f"{self.names[next_picker(s)]} picks a hero"
        elif s.phase == "sites":
            text = "Starting sites and first quests"
        elif s.phase == "play":
            text = f"{self.names[s.turn]} to play · {counted(actions_left(s), 'action')} left"
            if s.challenge is not None:
                text = f"{self.names[s.turn]} is in a challenge"
        else:
            text = "The game is over"
        return ft.Column(
            spacing=0,
            controls=[
                tag("bot-status", ft.Text(text, size=18, weight=ft.FontWeight.W_600)),
                tag("bot-version", theme.muted(f"move {self.ctx.moves}", 12)),
                *(
                    [
                        tag(
                            "bot-order",
                            theme.muted(
                                "Turn order: " + " → ".join(self.names[x] for x in s.play_order()),
                                12,
                            ),
                        )
                    ]
                    if s.first_selector >= 0
                    else []
                ),
            ],
        )

    def _placings(self) -> ft.Control:
        sheet_ = self.ctx.game.score(self.state)
        rows: list[ft.Control] = [ft.Text("Placings", size=18, weight=ft.FontWeight.W_600)]
        for k, player in enumerate(sheet_.players):
            items = {i.label: i for i in player.items}
            rows.append(
                tag(
                    f"bot-place-{k}",
                    ft.Text(
                        f"{items['Place'].detail}  {player.name}: {items['Quests'].points} quests "
                        f"({items['Quests'].detail}); crew {items['Crew left'].detail}, "
                        f"prophecy {items['Prophecy left'].detail}",
                        size=14,
                    ),
                )
            )
        if sheet_.winner:
            rows.append(tag("bot-winner", ft.Text(sheet_.summary, color=theme.OK)))
        return ft.Column(rows, spacing=4)
