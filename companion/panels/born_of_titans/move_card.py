"""The Born of Titans move card for the current step: picking heroes, laying the quest
sites, and in play the site buttons, drawing gear, refilling and the challenge."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import flet as ft

from rules.born_of_titans import data
from rules.born_of_titans.actions import (
    DrawGear,
    FirstSelector,
    LionSkin,
    PickHero,
    PlaceQuest,
    RefillCities,
    Retreat,
    Roll,
    StartSite,
)
from rules.born_of_titans.challenge import has_gear
from rules.born_of_titans.setup_steps import next_picker
from rules.born_of_titans.state import Stats
from rules.born_of_titans.turns import empty_cities
from rules.core import Action

from ... import theme
from . import challenge_view
from .look import choice, tag


class MoveCard:
    """Part of ``BotPanel``: the move card (a hero's own turn is ``HeroTurn``)."""

    def _card(self) -> ft.Control:
        s = self.state
        if s.phase == "selection":
            body = self._selection()
        elif s.phase == "heroes":
            body = self._pick_hero()
        elif s.phase == "sites":
            body = self._sites()
        elif s.phase == "play":
            body = self._play()
            actor = self.ctx.seat if self.ctx.seat is not None else s.turn
            if self.may_act_for(actor):
                body += self._tools(actor)
        else:
            body = []
        return tag(
            "bot-card",
            ft.Container(
                padding=10,
                border_radius=10,
                bgcolor=ft.Colors.SURFACE_CONTAINER,
                content=ft.Column(body, spacing=8),
            ),
        )

    def _selection(self) -> list[ft.Control]:
        out: list[ft.Control] = [theme.muted("Tap who rolled lowest: they pick first.", 14)]
        for seat, name in enumerate(self.names):
            out.append(
                tag(
                    f"bot-lowest-{seat}",
                    ft.OutlinedButton(
                        f"{name} rolled lowest",
                        disabled=not self.ctx.can_act,
                        on_click=lambda _, seat=seat: self.act(FirstSelector(seat)),
                    ),
                )
            )
        return out

    def _pick_hero(self) -> list[ft.Control]:
        seat = next_picker(self.state)
        p = self.picks
        out: list[ft.Control] = [
            ft.Text(
                f"{self.names[seat]}: hero and crew counter", size=16, weight=ft.FontWeight.W_600
            )
        ]
        if not self.may_act_for(seat):
            return [*out, theme.muted(f"Waiting for {self.names[seat]}.")]
        known = data.load().heroes
        out.append(
            ft.Row(
                wrap=True,
                controls=[
                    choice(
                        f"bot-suggest-{name}",
                        f"{name} {v[0]}/{v[1]}/{v[2]}",
                        p.name == name,
                        self.set(name=name, vals=list(v)),
                    )
                    for name, v in known.items()
                ],
            )
        )
        out.append(self.text_field("bot-hero-name", "Hero", "name"))
        out.append(
            self.values_form("bot-hero", "vals", ("Battle", "Navigation", "Wits"), data.MAX_VALUE)
        )
        out.append(self.text_field("bot-crew-name", "Crew counter", "crew_name"))
        out.append(
            self.values_form(
                "bot-crew", "crew_vals", ("Battle", "Navigation", "Wits"), data.MAX_VALUE
            )
        )
        action = PickHero(
            seat,
            Stats(p.name.strip(), *p.vals),
            Stats(p.crew_name.strip(), *p.crew_vals),
        )
        return out + self.commit("bot-pick", "Take this hero", action)

    def _site_buttons(self, prefix: str, make: Callable[[int], Action]) -> ft.Control:
        buttons: list[ft.Control] = []
        for site in data.QUEST_SITES:
            action = make(site)
            ok = self.ctx.check(action).legal and self.ctx.can_act
            buttons.append(
                tag(
                    f"{prefix}-{site}",
                    ft.OutlinedButton(
                        str(site),
                        width=theme.TAP,
                        # Narrow padding: a site's number keeps the button square and whole.
                        style=ft.ButtonStyle(
                            padding=ft.Padding.symmetric(horizontal=4, vertical=14)
                        ),
                        disabled=not ok,
                        on_click=lambda _, a=action: self.act(a),
                    ),
                )
            )
        return ft.Row(buttons, wrap=True, spacing=4)

    def _sites(self) -> list[ft.Control]:
        s = self.state
        out: list[ft.Control] = []
        for seat in range(s.n):
            if s.heroes[seat].place is None and self.may_act_for(seat):
                out.append(ft.Text(f"{self.names[seat]} starts on quest site:", size=14))
                out.append(self._site_buttons(f"bot-start-{seat}", partial(StartSite, seat)))
        if any(h.place is None for h in s.heroes):
            # The rulebook's order: quest markers go left once every hero stands on her site.
            out.append(theme.muted("First quests are laid once every hero stands on her site."))
            return out
        for placer in range(s.n):
            owner = s.right_of(placer)
            if not s.heroes[owner].quest_site and self.may_act_for(placer):
                out.append(
                    ft.Text(f"{self.names[placer]} places {self.names[owner]}'s quest on:", size=14)
                )
                out.append(self._site_buttons(f"bot-quest-{placer}", partial(PlaceQuest, placer)))
        return out or [theme.muted("Waiting for the other players.")]

    def _play(self) -> list[ft.Control]:
        s = self.state
        if s.place_due >= 0:
            placer = s.left_of(s.place_due)
            head = ft.Text(
                f"{self.names[placer]} places {self.names[s.place_due]}'s next quest on:", size=14
            )
            if not self.may_act_for(placer):
                return [head, theme.muted(f"Waiting for {self.names[placer]}.")]
            return [
                head,
                self._site_buttons(f"bot-quest-{placer}", lambda site: PlaceQuest(placer, site)),
            ]
        for seat, hero in enumerate(s.heroes):
            if hero.gear_due:
                return self._draw_gear(seat)
        if s.refill_due >= 0:
            return self._refill(s.refill_due)
        if s.challenge is not None:
            return self._challenge()
        seat = s.turn
        if not self.may_act_for(seat):
            return [theme.muted(f"{self.names[seat]} is playing.")]
        return self._turn(seat)

    def _draw_gear(self, seat: int) -> list[ft.Control]:
        head = ft.Text(
            f"{self.names[seat]} draws gear for her quest", size=16, weight=ft.FontWeight.W_600
        )
        if not self.may_act_for(seat):
            return [head, theme.muted(f"Waiting for {self.names[seat]}.")]
        p = self.picks
        out: list[ft.Control] = [head]
        out.append(
            ft.Row(
                wrap=True,
                controls=[
                    choice(f"bot-gear-{k}", g, p.name == g, self.set(name=g))
                    for k, g in enumerate(data.load().names["gear"])
                ],
            )
        )
        out.append(self.text_field("bot-gear-name", "Gear", "name"))
        out.append(
            self.values_form(
                "bot-gear", "gear_vals", ("Battle", "Navigation", "Wits"), data.MAX_VALUE
            )
        )
        return out + self.commit(
            "bot-draw-gear", "Take this gear", DrawGear(seat, Stats(p.name.strip(), *p.gear_vals))
        )

    def _refill(self, seat: int) -> list[ft.Control]:
        head = ft.Text(
            f"{self.names[seat]} may put encounters on empty cities",
            size=16,
            weight=ft.FontWeight.W_600,
        )
        if not self.may_act_for(seat):
            return [head, theme.muted(f"Waiting for {self.names[seat]}.")]
        chips = []
        for city in empty_cities(self.state):
            on = city in self.picks.refill

            def toggle(_: Any, city: str = city) -> None:
                self.picks.refill ^= {city}
                self.redraw()

            chips.append(choice(f"bot-refill-{city}", city, on, toggle))
        action = RefillCities(seat, tuple(sorted(self.picks.refill)))
        return [head, ft.Row(chips, wrap=True), *self.commit("bot-refill", "Done", action)]

    def _challenge(self) -> list[ft.Control]:
        s = self.state
        ch = s.challenge
        assert ch is not None
        out: list[ft.Control] = [challenge_view.walkthrough(s)]
        if not self.may_act_for(ch.seat):
            return out
        self.picks.successes = min(self.picks.successes, ch.dice)
        out.append(self.stepper("Successes rolled", "bot-successes", "successes", 0, ch.dice))
        out += self.commit("bot-roll", "Enter this roll", Roll(ch.seat, self.picks.successes))
        retreat = Retreat(ch.seat)
        if self.ctx.check(retreat).legal:
            out += self.commit("bot-retreat", "Retreat", retreat, show=False)
        if has_gear(s.heroes[ch.seat], "Nemean Lion Skin", "Lion Skin"):
            out += self.commit(
                "bot-lion-skin", "Throw off the Lion Skin", LionSkin(ch.seat), show=False
            )
        return out
