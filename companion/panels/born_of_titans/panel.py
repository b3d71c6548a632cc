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

from collections.abc import Callable
from typing import Any

import flet as ft

from rules.born_of_titans import data
from rules.born_of_titans.guards import inside
from rules.born_of_titans.state import BotState
from rules.core import Action, Verdict

from .. import widgets
from ..base import PanelContext
from ..widgets import verdict_box
from . import sheet
from .divine import DivineCounters
from .hero_turn import HeroTurn
from .look import tag
from .move_card import MoveCard
from .parts import ATTRS, _fields, _picks_for
from .status import StatusAndScore
from .tools import ValuesAndGear


def build_panel(ctx: PanelContext) -> ft.Control:
    """The whole Born of Titans screen for ``ctx`` (see the module docstring)."""
    return ft.Container(
        content=BotPanel(ctx).root,
        padding=ft.Padding.only(left=10, right=10, top=4),
        expand=True,
    )


class BotPanel(StatusAndScore, MoveCard, HeroTurn, ValuesAndGear, DivineCounters):
    """One drawing of the screen. Choosing redraws the move card here; committing goes
    through ``ctx.act``. The plumbing is here, each section in a module of its own
    (``status``, ``move_card`` with ``hero_turn``, ``tools``, ``divine``)."""

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
