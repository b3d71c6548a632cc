"""The Winds of Fate screen: status and crew, the move for the current phase, the round
track and voyage as pictures, the score board, the payoff table and the board's paths.

The panel never decides legality: choices are offered from ``legal_actions`` (or built
from the form and checked with ``ctx.check``, whose verdict is shown before committing),
and ``ctx.act`` commits. Destiny cards are drawn only where they may be seen: on the
seat's own phone, or on the shared phone after the two-step hand-over of the kit
(``panels.handover``: "Give the phone to …", then that player taps "Show my destiny
cards")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from rules.core import Action
from rules.winds_of_fate import (
    WofState,
)

from .. import handover, widgets
from ..base import PanelContext
from . import pictures
from .destiny_cards import DestinyCards
from .move_card import MoveCard
from .parts import Picks, button
from .payoffs import PayoffsAndPaths
from .round_moves import RoundMoves
from .setup_moves import SetupMoves
from .voyage_moves import VoyageMoves


def build_panel(ctx: PanelContext) -> ft.Control:
    return ft.Container(
        content=WofPanel(ctx).root, padding=ft.Padding.only(left=12, right=12, top=4), expand=True
    )


class WofPanel(MoveCard, SetupMoves, RoundMoves, VoyageMoves, DestinyCards, PayoffsAndPaths):
    """One drawing of the screen for one ``PanelContext``: the plumbing here, each section
    in a module of its own (``move_card`` with ``setup_moves``, ``round_moves`` and
    ``voyage_moves``; ``destiny_cards``; ``payoffs``)."""

    def __init__(self, ctx: PanelContext) -> None:
        self.ctx = ctx
        self.state: WofState = ctx.state
        self.picks = Picks()
        self.root = ft.Column(
            expand=True,
            spacing=14,
            scroll=ft.ScrollMode.AUTO,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
        self.holders = {name: ft.Container() for name in ("move", "secret", "payoffs", "paths")}
        self.render()

    # ----- plumbing ----------------------------------------------------------------------

    def render(self) -> None:
        s = self.state
        seat = self.picks.handover
        if seat is not None and self._may_hand_over(seat):
            # Step two of the hand-over: nothing else is on screen until the player named,
            # holding the phone, taps "Show my destiny cards".
            self.root.controls = [
                handover.handover_card(
                    "wof",
                    seat,
                    s.players[seat],
                    "destiny cards",
                    on_show=lambda: self.pick(revealed=seat, handover=None),
                    on_back=lambda: self.pick(handover=None),
                )
            ]
            return
        self.picks.handover = None
        top: list[ft.Control] = [pictures.status(s, self.ctx.moves)]
        if s.phase == "over":
            top.append(pictures.score_pad(s))
        # While the destiny cards are being recorded, that private step comes first.
        first, second = ("secret", "move") if s.phase == "setup" else ("move", "secret")
        self.root.controls = [
            *top,
            self.holders[first],
            self.holders[second],
            self._round_track(),
            self._board(),
            self._score_board(),
            self.holders["payoffs"],
            self.holders["paths"],
        ]
        self.refresh(*self.holders)

    # Every picture below is kept (``PanelContext.kept``) under inputs holding everything it
    # draws, so a change rebuilds and sends only the pictures it alters. Kept controls with
    # taps reach the panel on screen through their route, never this drawing's ``self``.

    def _round_track(self) -> ft.Control:
        s = self.state
        return self.ctx.kept(
            "wof-round-track", (s.round, s.players, s.bets), lambda: pictures.round_track(s)
        )

    def _board(self) -> ft.Control:
        s = self.state
        return self.ctx.kept(
            "wof-voyage",
            (s.board, s.face_down, s.at, s.phase == "setup", s.voyage),
            lambda: pictures.board(s),
        )

    def _score_board(self) -> ft.Control:
        s = self.state
        inputs = [pictures.score_inputs(s, seat) for seat in s.order]
        rows = [
            self.ctx.kept(f"wof-player-{row[0]}", row, lambda row=row: pictures.score_row(*row))
            for row in inputs
        ]
        return self.ctx.kept(
            "wof-scoreboard",
            (tuple(inputs), s.supply),
            lambda: pictures.score_box(rows, s.supply),
        )

    def refresh(self, *names: str) -> None:
        build: dict[str, Callable[[], ft.Control | None]] = {
            "move": self._move,
            "secret": self._secret,
            "payoffs": self._payoffs,
            "paths": self._paths,
        }
        for name in names:
            holder = self.holders[name]
            holder.content = build[name]()
            holder.visible = holder.content is not None

    def pick(self, *sections: str, **changes: Any) -> None:
        if changes.get("handover") is not None:
            changes["revealed"] = None  # the cards on show close before the phone is given
        if "revealed" in changes:
            seat = changes["revealed"]
            if seat is not None and seat in self.ctx.own_phone:
                changes["revealed"] = None  # that seat's cards stay on its own phone
            if changes["revealed"] != self.picks.revealed:
                self._forget_drafts()
        for key, value in changes.items():
            setattr(self.picks, key, value)
        if "handover" in changes:
            self.render()
            return
        self.refresh(*(sections or ("move",)))

    def _may_hand_over(self, seat: int) -> bool:
        """Is this the shared phone, and may ``seat``'s cards be shown on it?"""
        return (
            self.ctx.seat is None
            and self.ctx.reveal is not None
            and 0 <= seat < self.state.n
            and seat not in self.ctx.own_phone
        )

    def _forget_drafts(self) -> None:
        """A hand-over: what the last player entered in secret and did not record (their
        cards' order, their first chip, their total) is cleared, so the next player holding
        the shared phone neither sees it nor records it as theirs."""
        fresh = Picks()
        self.picks.cards = fresh.cards
        self.picks.start = fresh.start
        self.picks.my_total = fresh.my_total

    def can_act_for(self, seat: int) -> bool:
        return self.ctx.can_act and (self.ctx.seat is None or self.ctx.seat == seat)

    def names(self) -> list[str]:
        return list(self.state.players)

    def commit(self, action: Action) -> Callable[[Any], None]:
        return lambda _: self.ctx.act(action)

    def check_and_commit(self, action: Action, ident: str, text: str) -> list[ft.Control]:
        verdict = self.ctx.check(action)
        return [
            widgets.verdict_box(verdict, f"{ident}-verdict", self.ctx.open_rule),
            button(ident, text, self.commit(action), filled=True, disabled=not verdict.legal),
        ]

    @staticmethod
    def _unchosen(ident: str, text: str, why: str) -> list[ft.Control]:
        """The button for a move the players have not chosen all of yet: disabled, with the
        choice still to make (nothing is picked for them)."""
        return [
            widgets.reason_line(f"{ident}-why", f"First {why}.", 13),
            button(ident, text, lambda _: None, filled=True, disabled=True),
        ]

    def legal(self) -> list[Action]:
        return self.ctx.legal_actions()


__all__ = ["WofPanel", "build_panel"]
