"""The Born of Titans screen: the move card for the current step, the challenge walkthrough
with exact odds, every hero's crew sheet as a picture, the six quest sites, and placings.

The panel never decides legality: each choice becomes an action from
``rules.born_of_titans.actions``, the verdict of ``ctx.check`` is shown before it is
committed (reason, effects, rule IDs), and ``ctx.act`` commits it. Divine counters are named
only on their owner's phone (the state it receives is already redacted); the shared phone
shows a seat's counters only after the two-step hand-over of the kit (``panels.handover``:
"Give the phone to …", then "Show my divine counters"; ``ctx.reveal``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import flet as ft

from rules.born_of_titans import data
from rules.born_of_titans.actions import (
    DragonsTeeth,
    DrawGear,
    EditCounter,
    EditQuest,
    Encounter,
    EndTurn,
    FirstSelector,
    LionSkin,
    Look,
    LoseTurn,
    Move,
    Oracle,
    PickHero,
    PlaceQuest,
    PlayDivine,
    Recruit,
    RefillCities,
    Retreat,
    Roll,
    Sacrifice,
    StartSite,
    UseArgo,
)
from rules.born_of_titans.challenge import facing, has_gear
from rules.born_of_titans.guards import actions_left, inside, total
from rules.born_of_titans.setup_steps import next_picker
from rules.born_of_titans.state import REVEAL_NAMES, BotState, Place, Reveal, Stats
from rules.born_of_titans.turns import empty_cities
from rules.core import Action, Verdict

from ... import theme
from .. import handover, widgets
from ..base import PanelContext
from ..widgets import verdict_box
from . import challenge_view, sheet
from .look import choice, tag

ATTRS = ("battle", "navigation", "wits")
PLACE_KINDS = ("quest", "city", "oracle", "sea", "underworld", "point")
PLACE_LABELS = {"sea": "Sea monster", "point": "A point"}
REVEAL_KINDS = (
    "monster",
    "ally",
    "crew-for-hire",
    "gather-humility",
    "allys-quest",
    "fair-weather",
    "other",
)


@dataclass
class _Picks:
    """Choices made on this screen and not yet committed (reset on every new version)."""

    name: str = ""
    vals: list[int] = field(default_factory=lambda: [3, 3, 3])
    crew_name: str = ""
    crew_vals: list[int] = field(default_factory=lambda: [1, 1, 1])
    gear_vals: list[int] = field(default_factory=lambda: [0, 0, 0])
    courses: int = 0
    sea: int = 0
    land: int = 0
    kind: str = "quest"
    place: str = ""
    site: int = 1
    reveal: str = "monster"
    attribute: str = "battle"
    against: str = ""
    prophecy: int = 0
    take_ally: bool = True
    roll: int = 1
    hired: int = 0
    underworld: str = ""
    successes: int = 0
    refill: set[str] = field(default_factory=set)
    divine: str = ""
    target: int = -1
    pair: bool = False
    edit_slot: str = ""
    edit_name: str = ""
    edit_vals: list[int] = field(default_factory=lambda: [0, 0, 0])
    teeth: int = 1
    look: str = ""
    lose: int = -1


def build_panel(ctx: PanelContext) -> ft.Control:
    """The whole Born of Titans screen for ``ctx`` (see the module docstring)."""
    return ft.Container(
        content=BotPanel(ctx).root,
        padding=ft.Padding.only(left=10, right=10, top=4),
        expand=True,
    )


_PICKS: dict[int, tuple[int, _Picks]] = {}


def _picks_for(page: Any, version: int) -> _Picks:
    """The choices this phone has made on the move card for table version ``version``: kept
    while the screen is drawn anew for the same version (after opening a rule and coming
    back, say), fresh once the table has moved on."""
    key = id(page)
    kept = _PICKS.get(key)
    if kept is not None and kept[0] == version:
        return kept[1]
    picks = _Picks()
    if kept is None:
        # Objects without weak references (test doubles) simply keep their picks.
        with contextlib.suppress(TypeError):
            weakref.finalize(page, _PICKS.pop, key, None)
    _PICKS[key] = (version, picks)
    return picks


class BotPanel:
    """One drawing of the screen. Choosing redraws the move card here; committing goes
    through ``ctx.act``."""

    def __init__(self, ctx: PanelContext) -> None:
        self.ctx = ctx
        self.state: BotState = ctx.state
        self.picks = _picks_for(ctx.page, ctx.version)
        self.fields: dict[str, ft.TextField] = {}
        self.card = ft.Container()
        self.commits: dict[str, ft.Column] = {}
        """Each verdict-and-button of the card drawn, by its button's identifier."""
        self.root = ft.Column(
            expand=True,
            spacing=12,
            scroll=ft.ScrollMode.AUTO,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
        self.render()

    # ----- plumbing ------------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return list(self.state.players)

    def may_act_for(self, seat: int) -> bool:
        return self.ctx.can_act and (self.ctx.seat is None or self.ctx.seat == seat)

    def render(self) -> None:
        s = self.state
        parts: list[ft.Control] = [self._status(), self.card]
        self.refresh()
        if s.phase == "over":
            parts.insert(1, self._placings())
        for seat in range(s.n):
            own = self.ctx.seat == seat
            # Everything a sheet draws: the hero (every field), whether she is inside her
            # city (another hero may have cleared it), the player's name, the hubris,
            # finishing order and turn badges, and whose phone it is on.
            inputs = (
                _fields(s.heroes[seat]),
                inside(s, s.heroes[seat]),
                s.players[seat],
                s.hubris == seat,
                s.finished.index(seat) if seat in s.finished else None,
                s.phase == "play" and s.turn == seat,
                own,
            )
            # Each shield is kept under what sits on it, so a moved counter rebuilds the
            # two shields it left and entered when the sheet is rebuilt.
            shields = [
                self.ctx.kept(
                    f"bot-shield-{seat}-{n}",
                    (seat, *sheet.shield_inputs(s.heroes[seat], n)),
                    lambda seat=seat, n=n: sheet.shield(  # type: ignore[misc]
                        seat, *sheet.shield_inputs(s.heroes[seat], n)
                    ),
                )
                for n in range(sheet.SHIELDS)
            ]
            parts.append(
                self.ctx.kept(
                    f"bot-sheet-{seat}",
                    inputs,
                    lambda seat=seat, own=own, shields=shields: sheet.crew_sheet(  # type: ignore[misc]
                        s, seat, own=own, shields=shields
                    ),
                )
            )
        if s.phase in ("sites", "play", "over"):
            sites = tuple((h.quest_site, h.quest, h.place, h.quest_underworld) for h in s.heroes)
            parts.append(
                self.ctx.kept("bot-sites", (s.players, sites), lambda: sheet.quest_sites(s))
            )
        secrets = self._divine_section()
        if secrets is not None:
            parts.append(secrets)
        self.root.controls = parts

    def refresh(self) -> None:
        """Rebuild the move card in place after a local choice."""
        self.commits = {}
        self.card.content = self._card()

    def recheck(self) -> None:
        """After a keystroke: the card's verdicts and buttons drawn anew in their places, the
        rest of the card (the field being typed into, with its keyboard) left as it is."""
        shown, self.commits = self.commits, {}
        self._card()  # worked out for the picks as they are now; only its verdicts are used
        for ident, fresh in self.commits.items():
            if ident in shown:
                shown[ident].controls = fresh.controls
        self.commits = shown

    def redraw(self) -> None:
        """After a local choice; Flet sends what changed once the tap's handler returns."""
        self.refresh()

    def act(self, action: Action) -> None:
        self.ctx.act(action)

    def verdict(self, action: Action, ident: str) -> tuple[Verdict, ft.Control]:
        verdict = self.ctx.check(action)
        box = verdict_box(verdict, ident, self.ctx.open_rule)
        box.key = ident  # a fresh node whenever a different verdict takes this place
        return verdict, box

    def commit(
        self,
        ident: str,
        label: str,
        action: Action,
        *,
        show: bool = True,
        ask: tuple[str, str] | None = None,
    ) -> list[ft.Control]:
        """The verdict for ``action`` (when ``show``) above a button that commits it; with
        ``ask`` (a question and what it does) the button asks first."""
        verdict, box = self.verdict(action, f"{ident}-verdict")

        def tapped(_: Any) -> None:
            if ask is None:
                self.act(action)
            else:
                widgets.confirm(
                    self.ctx.page,
                    f"{ident}-confirm",
                    ask[0],
                    ask[1],
                    label,
                    lambda: self.act(action),
                )

        button = tag(
            ident,
            ft.FilledButton(
                label,
                disabled=not verdict.legal or not self.ctx.can_act,
                on_click=tapped,
            ),
        )
        # One column as the card lays them out, so a keystroke can redraw just these two.
        slot = ft.Column(spacing=8, controls=[box, button] if show else [button])
        self.commits[ident] = slot
        return [slot]

    def set(self, **changes: Any) -> Callable[[Any], None]:
        def apply(_: Any) -> None:
            for key, value in changes.items():
                setattr(self.picks, key, value)
            self.redraw()

        return apply

    def stepper(self, label: str, ident: str, attr: str, low: int, high: int) -> ft.Control:
        value = getattr(self.picks, attr)

        def step(delta: int) -> None:
            setattr(self.picks, attr, max(low, min(high, getattr(self.picks, attr) + delta)))
            self.redraw()

        return widgets.labelled_stepper(
            label, ident, widgets.step_value(str(value), width=36), step, label_size=14
        )

    def text_field(self, ident: str, label: str, attr: str) -> ft.Control:
        """A name typed into the move card: stored and checked as typed (the verdict below
        follows each keystroke) while the field itself stays as it is."""

        def typed(text: str) -> None:
            setattr(self.picks, attr, text)
            self.recheck()

        return widgets.typed_field(
            self.fields,
            ident,
            label,
            getattr(self.picks, attr),
            typed,
            max_length=data.MAX_NAME,
            dense=True,
        )

    def values_form(
        self, ident: str, attr: str, labels: tuple[str, str, str], high: int
    ) -> ft.Control:
        vals: list[int] = getattr(self.picks, attr)

        def stepper(k: int) -> ft.Control:
            def step(delta: int) -> None:
                vals[k] = max(0, min(high, vals[k] + delta))
                self.redraw()

            return widgets.labelled_stepper(
                labels[k],
                f"{ident}-{ATTRS[k]}",
                widgets.step_value(str(vals[k]), width=36),
                step,
                label_size=14,
            )

        return ft.Column([stepper(k) for k in range(3)], spacing=0)

    # ----- status and score ----------------------------------------------------------------

    def _status(self) -> ft.Control:
        s = self.state
        if s.phase == "selection":
            text = "Everyone rolls a die: who rolled lowest?"
        elif s.phase == "heroes":
            text = f"{self.names[next_picker(s)]} picks a hero"
        elif s.phase == "sites":
            text = "Starting sites and first quests"
        elif s.phase == "play":
            text = f"{self.names[s.turn]} to play · {actions_left(s)} action(s) left"
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

    # ----- the move card -------------------------------------------------------------------

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

    # ----- a hero's turn -------------------------------------------------------------------

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

    # ----- values and gear at any time ----------------------------------------------------

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

    # ----- divine counters -----------------------------------------------------------------

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


def _fields(value: Any) -> tuple[Any, ...]:
    """Every field of a state dataclass as a hashable value (mappings as sorted pairs)."""
    return tuple(
        tuple(sorted(v.items())) if isinstance(v, dict) else v
        for v in (getattr(value, f.name) for f in dataclasses.fields(value))
    )
