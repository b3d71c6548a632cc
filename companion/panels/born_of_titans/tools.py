"""What the players may set at any time on Born of Titans' screen: a hero's values and
gear, as corrections."""

from __future__ import annotations

import flet as ft

from rules.born_of_titans import data
from rules.born_of_titans.actions import (
    DragonsTeeth,
    EditCounter,
    EditQuest,
    Look,
    LoseTurn,
    UseArgo,
)
from rules.born_of_titans.challenge import has_gear
from rules.born_of_titans.state import Stats

from .look import choice


class ValuesAndGear:
    """Part of ``BotPanel``: values and gear at any time."""

    def _tools(self, seat: int) -> list[ft.Control]:
        """Fixing typed values, gear powers, foresight and Lose Turn for ``seat``."""
        s = self.state
        hero = s.heroes[seat]
        p = self.picks
        out: list[ft.Control] = [
            ft.Divider(),
            ft.Text(f"{self.names[seat]}: values and gear", size=16, weight=ft.FontWeight.W_600),
        ]
        slots = {"hero": hero.hero, "crew": hero.crew_counter, "ally": hero.ally, "gear": hero.gear}
        chips = []
        for slot, stats in slots.items():
            if stats is None:
                continue
            chips.append(
                choice(
                    f"bot-edit-{slot}",
                    f"Fix {stats.name}",
                    p.edit_slot == slot,
                    self.set(
                        edit_slot=slot,
                        edit_name=stats.name,
                        edit_vals=[stats.battle, stats.navigation, stats.wits],
                    ),
                )
            )
        quest = hero.quest
        if quest is not None:
            chips.append(
                choice(
                    "bot-edit-quest",
                    f"Fix {quest.name}",
                    p.edit_slot == "quest",
                    self.set(
                        edit_slot="quest",
                        edit_name=quest.name,
                        edit_vals=[quest.battle, quest.navigation, quest.wits],
                    ),
                )
            )
        out.append(ft.Row(chips, wrap=True, spacing=4))
        if p.edit_slot == "quest" and quest is not None:
            # A revealed quest keeps its name; only its success numbers are fixed.
            out.append(
                self.values_form(
                    "bot-edit", "edit_vals", ("Battle", "Navigation", "Wits"), data.MAX_NEED
                )
            )
            out += self.commit("bot-edit-save", "Save numbers", EditQuest(seat, *p.edit_vals))
        elif p.edit_slot and slots.get(p.edit_slot) is not None:
            out.append(self.text_field("bot-edit-name", "Name", "edit_name"))
            out.append(
                self.values_form(
                    "bot-edit", "edit_vals", ("Battle", "Navigation", "Wits"), data.MAX_VALUE
                )
            )
            action = EditCounter(seat, p.edit_slot, Stats(p.edit_name.strip(), *p.edit_vals))  # type: ignore[arg-type]
            out += self.commit("bot-edit-save", "Save values", action)
        if has_gear(hero, "Argo"):
            out += self.commit("bot-argo", "Argo: one prophecy", UseArgo(seat))
        if has_gear(hero, "Dragon's Teeth"):
            out.append(self.stepper("Die rolled for the Teeth", "bot-teeth", "teeth", 1, 6))
            out += self.commit("bot-teeth", "Sow the Dragon's Teeth", DragonsTeeth(seat, p.teeth))
        if s.turn == seat:
            out.append(self.text_field("bot-look-site", "Site to look at (1 prophecy)", "look"))
            out += self.commit("bot-look", "Look", Look(seat, p.look.strip() or "?"), show=False)
        targets = [
            choice(f"bot-lose-{t}", f"Lose Turn: {n}", p.lose == t, self.set(lose=t))
            for t, n in enumerate(self.names)
        ]
        out.append(ft.Row(targets, wrap=True, spacing=4))
        if p.lose >= 0:
            loser = self.names[p.lose]
            out += self.commit(
                "bot-lose-turn",
                "Record Lose Turn",
                LoseTurn(seat, p.lose),
                ask=(
                    f"{loser} loses a turn?",
                    f"This records a Lose Turn counter on {loser}: {loser}'s next turn is skipped.",
                ),
            )
        return out
