"""A hero's turn in Born of Titans: moving (courses at sea and on land) and the encounter
at the place reached."""

from __future__ import annotations

from typing import Any

import flet as ft

from rules.born_of_titans import data
from rules.born_of_titans.actions import (
    Encounter,
    EndTurn,
    Move,
    Oracle,
    Recruit,
    Sacrifice,
)
from rules.born_of_titans.challenge import facing
from rules.born_of_titans.guards import inside, total
from rules.born_of_titans.state import REVEAL_NAMES, Place, Reveal

from ... import theme
from .look import choice
from .parts import ATTRS, PLACE_KINDS, PLACE_LABELS, REVEAL_KINDS


class HeroTurn:
    """Part of ``BotPanel``: the forms of a hero's turn."""

    def _turn(self, seat: int) -> list[ft.Control]:
        s = self.state
        hero = s.heroes[seat]
        out: list[ft.Control] = []
        what, foe = facing(s, seat)
        if what:
            out += self._encounter(seat, what, foe)
        place = hero.place
        if place is not None and place.kind == "city" and inside(s, hero):
            hire = min(2, max(1, 6 - hero.crew))
            out.append(ft.Text(f"In {place.name}", size=16, weight=ft.FontWeight.W_600))
            out += self.commit("bot-recruit", f"Recruit {hire} crew", Recruit(seat, hire))
            kinds = [
                choice(f"bot-keep-{k}", k.capitalize(), self.picks.divine == k, self.set(divine=k))
                for k in data.DIVINE_KINDS
            ]
            out.append(theme.muted("Sacrifice: which of the two drawn do you keep?", 13))
            out.append(ft.Row(kinds, wrap=True, spacing=4))
            if self.picks.divine:
                keep = Sacrifice(seat, self.picks.divine)  # type: ignore[arg-type]
                out += self.commit("bot-sacrifice", "Sacrifice", keep, show=False)
        if place is not None and place.kind == "oracle":
            out += self.commit("bot-oracle", "Consult the oracle", Oracle(seat))
        out += self._move(seat)
        out += self.commit("bot-end-turn", "End turn", EndTurn(seat), show=False)
        return out

    def _move(self, seat: int) -> list[ft.Control]:
        p = self.picks
        hero = self.state.heroes[seat]
        nav = total(hero, "navigation")
        out: list[ft.Control] = [
            ft.Text(f"Move — roll {nav} Navigation dice", size=16, weight=ft.FontWeight.W_600),
            self.stepper("Courses (successes)", "bot-courses", "courses", 0, nav),
            self.stepper("Sea segments", "bot-sea", "sea", 0, 30),
            self.stepper("Land segments", "bot-land", "land", 0, 15),
            ft.Row(
                wrap=True,
                spacing=4,
                controls=[
                    choice(
                        f"bot-to-{k}",
                        PLACE_LABELS.get(k, k.capitalize()),
                        p.kind == k,
                        self.set(kind=k),
                    )
                    for k in PLACE_KINDS
                ],
            ),
        ]
        if p.kind == "quest":
            out.append(
                ft.Row(
                    wrap=True,
                    spacing=4,
                    controls=[
                        choice(f"bot-to-site-{n}", str(n), p.site == n, self.set(site=n))
                        for n in data.QUEST_SITES
                    ],
                )
            )
            to = Place("quest", site=p.site)
        else:
            out.append(self.text_field("bot-to-name", f"Name of the {p.kind}", "place"))
            to = Place(p.kind, p.place.strip())  # type: ignore[arg-type]
        return out + self.commit("bot-move", "Move", Move(seat, p.courses, p.sea, p.land, to))

    def _encounter(self, seat: int, what: str, foe: Any) -> list[ft.Control]:
        p = self.picks
        hero = self.state.heroes[seat]
        out: list[ft.Control] = [ft.Text("Encounter", size=16, weight=ft.FontWeight.W_600)]
        reveal: Reveal | None = None
        if foe is None:
            out.append(theme.muted("Face down: turn it over and enter what it is.", 13))
            kinds = REVEAL_KINDS if what == "city" else ("monster",)
            if p.reveal not in kinds:
                p.reveal = "monster"
            out.append(
                ft.Row(
                    wrap=True,
                    spacing=4,
                    controls=[
                        choice(
                            f"bot-reveal-{k}",
                            REVEAL_NAMES[k],
                            p.reveal == k,
                            self.set(reveal=k),
                        )
                        for k in kinds
                    ],
                )
            )
            known = {n: v for n, (_, v) in data.load().foes.items()}
            if p.reveal == "monster":
                out.append(
                    ft.Row(
                        wrap=True,
                        controls=[
                            choice(f"bot-foe-{n}", n, p.name == n, self.set(name=n, vals=list(v)))
                            for n, v in known.items()
                        ],
                    )
                )
            out.append(self.text_field("bot-reveal-name", "Name on the counter", "name"))
            if p.reveal in ("monster", "ally"):
                labels = ("Battle", "Navigation", "Wits")
                high = data.MAX_NEED if p.reveal == "monster" else data.MAX_VALUE
                out.append(self.values_form("bot-reveal", "vals", labels, high))
            if p.reveal == "crew-for-hire":
                out.append(self.stepper("Die rolled", "bot-hire-roll", "roll", 1, 6))
                out.append(self.stepper("Crew hired", "bot-hired", "hired", 0, 6))
            if p.reveal == "ally":
                out.append(
                    choice(
                        "bot-take-ally",
                        "Take this ally",
                        p.take_ally,
                        self.set(take_ally=not p.take_ally),
                    )
                )
            if what == "quest":
                out.append(
                    self.text_field(
                        "bot-underworld", "Underworld site (Underworld quests)", "underworld"
                    )
                )
            reveal = Reveal(p.reveal, p.name.strip(), *p.vals)  # type: ignore[arg-type]
        else:
            out.append(
                ft.Text(
                    f"{foe.name}: Battle {foe.battle or '–'} · "
                    f"Navigation {foe.navigation or '–'} · Wits {foe.wits or '–'}",
                    size=14,
                )
            )
        fights = reveal is None or reveal.kind == "monster"
        if fights:
            out.append(
                ft.Row(
                    wrap=True,
                    spacing=4,
                    controls=[
                        choice(
                            f"bot-attr-{a}",
                            f"{a.capitalize()} {total(hero, a)}",
                            p.attribute == a,
                            self.set(attribute=a),
                        )
                        for a in ATTRS
                    ],
                )
            )
            if hero.athena:  # two Athenas: any attribute against any of the foe's numbers
                out.append(theme.muted("Two Athenas: against which of the foe's numbers?", 13))
                out.append(
                    ft.Row(
                        wrap=True,
                        spacing=4,
                        controls=[
                            choice(
                                f"bot-against-{a}",
                                f"its {a.capitalize()}",
                                (p.against or p.attribute) == a,
                                self.set(against=a),
                            )
                            for a in ATTRS
                        ],
                    )
                )
            out.append(
                self.stepper("Prophecy committed", "bot-prophecy", "prophecy", 0, hero.prophecy)
            )
        action = Encounter(
            seat,
            attribute=p.attribute,  # type: ignore[arg-type]
            against=(p.against or None) if hero.athena else None,  # type: ignore[arg-type]
            prophecy=p.prophecy if fights else 0,
            reveal=reveal,
            take_ally=p.take_ally,
            roll=p.roll if reveal is not None and reveal.kind == "crew-for-hire" else 0,
            hired=p.hired if reveal is not None and reveal.kind == "crew-for-hire" else 0,
            underworld=p.underworld.strip() if what == "quest" else "",
        )
        return out + self.commit("bot-encounter", "Encounter", action)
