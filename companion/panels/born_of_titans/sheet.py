"""Born of Titans pictures: each hero's crew sheet and the six quest sites.

Presentation only: every number comes from the (redacted) state. A crew sheet is seven
shields, 0 to 6, with the crew marker (C) and prophecy marker (P) on the shields their
counts name and completed quests on the shields of their sites, as on the printed sheet.
"""

from __future__ import annotations

import flet as ft

from rules.born_of_titans.guards import inside, total
from rules.born_of_titans.state import BotState, Hero, Stats

from ... import theme
from .look import tag

SEAT_COLOURS: tuple[str, ...] = (
    ft.Colors.AMBER_400,
    ft.Colors.LIGHT_BLUE_300,
    ft.Colors.PINK_200,
    ft.Colors.LIGHT_GREEN_400,
)
CREW_COLOUR = ft.Colors.ORANGE_300
PROPHECY_COLOUR = ft.Colors.CYAN_300


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _dot(letter: str, colour: str) -> ft.Control:
    return ft.Container(
        width=18,
        height=18,
        border_radius=9,
        bgcolor=colour,
        alignment=ft.Alignment.CENTER,
        content=ft.Text(letter, size=10, weight=ft.FontWeight.BOLD, color=ft.Colors.BLACK),
    )


SHIELDS = 7
"""Shields 0-6 on a crew sheet."""


def shield_inputs(hero: Hero, number: int) -> tuple[int, str | None, bool, bool]:
    """Everything ``shield`` draws of ``hero``'s shield ``number``, in its argument order."""
    return number, hero.shields.get(number), hero.crew == number, hero.prophecy == number


def shield(seat: int, number: int, quest: str | None, crew: bool, prophecy: bool) -> ft.Control:
    """One numbered shield of ``seat``'s sheet with whatever sits on it: the quest finished
    there, the crew and the prophecy counters."""
    ident = f"bot-shield-{seat}-{number}"
    markers: list[ft.Control] = []
    if crew:
        markers.append(_dot("C", CREW_COLOUR))
    if prophecy:
        markers.append(_dot("P", PROPHECY_COLOUR))
    # The shield shares the sheet's width with the other six: at 320 px each gets about
    # 40 px, so the face is at most 38 px wide and shrinks with its share.
    face = ft.Container(
        height=42,
        border_radius=ft.BorderRadius.only(
            top_left=6, top_right=6, bottom_left=19, bottom_right=19
        ),
        bgcolor=ft.Colors.DEEP_PURPLE_700 if quest else ft.Colors.SURFACE_CONTAINER_HIGHEST,
        border=ft.Border.all(2, ft.Colors.AMBER_300 if quest else ft.Colors.OUTLINE_VARIANT),
        alignment=ft.Alignment.CENTER,
        content=ft.Text(str(number), size=16, weight=ft.FontWeight.BOLD, no_wrap=True),
    )
    what = [f"shield {number}"]
    if crew:
        what.append("crew")
    if prophecy:
        what.append("prophecy")
    if quest:
        what.append(f"quest {quest}")
    # A finished quest is named in full under the row of shields (``quests_line``): a
    # shield's share of a 320 px phone holds no quest name.
    return ft.Semantics(
        identifier=ident,
        label=", ".join(what),
        expand=True,
        content=ft.Container(
            padding=ft.Padding.symmetric(horizontal=1),
            content=ft.Column(
                spacing=2,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                controls=[
                    ft.Container(content=face, width=38),
                    ft.Row(markers, spacing=1, height=18, tight=True),
                ],
            ),
        ),
    )


def quests_line(hero: Hero) -> str:
    """The quests finished on ``hero``'s sheet, by shield: "Quests: 2 Minotaur · 5 Hydra"."""
    done = " · ".join(f"{n} {quest}" for n, quest in sorted(hero.shields.items()))
    return f"Quests on shields: {done}" if done else ""


def _stats_line(kind: str, stats: Stats | None) -> ft.Control:
    if stats is None:
        return theme.muted(f"{kind}: none", 13)
    return ft.Text(
        f"{kind}: {stats.name}  B {stats.battle} · N {stats.navigation} · W {stats.wits}", size=13
    )


def crew_sheet(state: BotState, seat: int, *, own: bool, shields: list[ft.Control]) -> ft.Control:
    """The crew sheet of ``seat``: ``shields`` (0-6, each ``shield(seat, n, ...)`` as drawn
    or kept by the caller), counters aboard, badges, divine counters (named on the owner's
    own phone, counted elsewhere)."""
    hero = state.heroes[seat]
    name = state.players[seat]
    title = f"{name} — {hero.hero.name}" if hero.hero else f"{name} — no hero yet"
    badges: list[ft.Control] = []
    if state.hubris == seat:
        badges.append(_badge("HUBRIS", ft.Colors.RED_300, f"bot-hubris-{seat}"))
    if hero.lose_turn:
        badges.append(_badge("LOSE TURN", ft.Colors.GREY_400, f"bot-lose-turn-{seat}"))
    if seat in state.finished:
        badges.append(
            _badge(f"FINISHED #{state.finished.index(seat) + 1}", ft.Colors.AMBER_300, "")
        )
    if state.phase == "play" and state.turn == seat:
        badges.append(_badge("TO PLAY", ft.Colors.GREEN_300, ""))
    totals = " · ".join(
        f"{label} {total(hero, attr)}"
        for label, attr in (("Battle", "battle"), ("Nav", "navigation"), ("Wits", "wits"))
    )
    if own:
        held = ", ".join(d.capitalize() for d in hero.divine) or "none"
        divine = f"Your divine counters: {held}"
    else:
        divine = f"Divine counters: {len(hero.divine)} face down"
    where = f"At {hero.place.label()}" if hero.place else "Not on the map"
    if hero.place is not None and hero.place.kind == "city" and not inside(state, hero):
        where += " (outside the gates)"
    return tag(
        f"bot-sheet-{seat}",
        ft.Container(
            padding=10,
            border_radius=10,
            border=ft.Border.all(2, seat_colour(seat)),
            content=ft.Column(
                spacing=4,
                controls=[
                    ft.Row(
                        wrap=True,
                        spacing=6,
                        controls=[ft.Text(title, size=16, weight=ft.FontWeight.W_600), *badges],
                    ),
                    ft.Row(spacing=0, controls=shields),
                    *([ft.Text(quests_line(hero), size=13)] if hero.shields else []),
                    tag(
                        f"bot-counts-{seat}",
                        ft.Text(
                            f"Crew {hero.crew} · Prophecy {hero.prophecy} · "
                            f"Quests {len(hero.shields)}/3",
                            size=14,
                            weight=ft.FontWeight.W_600,
                        ),
                    ),
                    theme.muted(f"Totals: {totals}", 13),
                    _stats_line("Crew counter", hero.crew_counter),
                    _stats_line("Ally", hero.ally),
                    _stats_line("Gear", hero.gear),
                    tag(f"bot-divine-{seat}", ft.Text(divine, size=13)),
                    theme.muted(where, 13),
                ],
            ),
        ),
    )


def _badge(text: str, colour: str, ident: str) -> ft.Control:
    box = ft.Container(
        padding=ft.Padding.symmetric(horizontal=6, vertical=2),
        border_radius=6,
        bgcolor=colour,
        content=ft.Text(text, size=11, weight=ft.FontWeight.BOLD, color=ft.Colors.BLACK),
    )
    return tag(ident, box) if ident else box


def quest_sites(state: BotState) -> ft.Control:
    """Quest sites 1-6: whose face-down (or revealed) quest lies where, and who stands there."""
    cells: list[ft.Control] = []
    for site in range(1, 7):
        lines: list[ft.Control] = [ft.Text(f"Site {site}", size=13, weight=ft.FontWeight.BOLD)]
        for seat, hero in enumerate(state.heroes):
            if hero.quest_site == site:
                what = hero.quest.name if hero.quest else "face down"
                # Black on the seat's colour, not the colour on the page: a pale seat
                # colour (amber) as text on the light theme's white could not be read.
                lines.append(
                    tag(
                        f"bot-site-{site}-quest-{seat}",
                        ft.Container(
                            bgcolor=seat_colour(seat),
                            border_radius=4,
                            padding=ft.Padding.symmetric(horizontal=4, vertical=1),
                            content=ft.Text(
                                f"{state.players[seat]}'s quest: {what}",
                                size=11,
                                color=ft.Colors.BLACK,
                            ),
                        ),
                    )
                )
        here = [
            state.players[s]
            for s, h in enumerate(state.heroes)
            if h.place is not None and h.place.kind == "quest" and h.place.site == site
        ]
        if here:
            lines.append(theme.muted("Here: " + ", ".join(here), 11))
        cells.append(
            tag(
                f"bot-site-{site}",
                ft.Container(
                    width=112,
                    height=84,
                    padding=6,
                    border_radius=8,
                    bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
                    content=ft.Column(lines, spacing=1, tight=True),
                ),
            )
        )
    under = [
        f"{state.players[s]}'s {h.quest.name} at {h.quest_underworld}"
        for s, h in enumerate(state.heroes)
        if h.quest_underworld and h.quest is not None
    ]
    parts: list[ft.Control] = [
        ft.Text("Quest sites", size=16, weight=ft.FontWeight.W_600),
        ft.Row(cells, wrap=True, spacing=6, run_spacing=6),
    ]
    if under:
        parts.append(theme.muted("Underworld: " + "; ".join(under), 13))
    return ft.Column(parts, spacing=6)
