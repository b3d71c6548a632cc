"""The Scales of Fate screen: the renown track and the board as pictures, the move for the
current phase, each player's secrets behind a hand-over screen, and the final score pad.

The panel never decides legality. Every choice becomes an action from
``rules.scales_of_fate.actions``; before a move is committed the panel shows ``ctx.check``'s
verdict (its reason, the rule IDs and the renown changes it would cause), and ``ctx.act``
commits it (the table screen explains any refusal). Secrets are built only when they may be
seen: on the seat's own device, or on the shared phone after the two-step hand-over ("Give the
phone to Ann", then Ann taps "Show my demigods"), and never there for a seat that plays on its
own phone.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from rules.core import Action
from rules.scales_of_fate.actions import (
    Note,
)
from rules.scales_of_fate.state import SofState

from ..base import PanelContext
from . import board as scales_board
from .age_end import EndOfAge
from .corrections import Corrections
from .layout import Layout
from .parts import _KEEP_REVEALED, _Picks, _still_revealed
from .play_card import PlayCard
from .score_pad import ScorePad
from .secrets_section import SecretsSection


def build_panel(ctx: PanelContext) -> ft.Control:
    """The whole Scales of Fate screen for ``ctx`` (see the module docstring)."""
    return ft.Container(
        content=ScalesPanel(ctx).root,
        padding=ft.Padding.only(left=12, right=12, top=4),
        expand=True,
    )


class ScalesPanel(Layout, PlayCard, EndOfAge, Corrections, SecretsSection, ScorePad):
    """One drawing of the screen for one ``PanelContext``. Taps that only choose something
    redraw this panel locally; taps that commit go through ``ctx.act``. The plumbing is
    here, each section in a module of its own (``layout``, ``play_card``, ``age_end``,
    ``corrections``, ``secrets_section``, ``score_pad``)."""

    def __init__(self, ctx: PanelContext) -> None:
        self.ctx = ctx
        self.state: SofState = ctx.state
        self.picks = _Picks(revealed=_still_revealed(ctx))
        # A scrolling column rather than a lazy list: the screen is a few screens long at
        # most, and every control then exists for screen readers (and browser tests).
        self.root = ft.Column(
            expand=True,
            spacing=14,
            scroll=ft.ScrollMode.AUTO,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
        self.render()

    # ----- plumbing ------------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return list(self.ctx.seat_names or self.state.players)

    @property
    def actor(self) -> int:
        """The seat this device acts for in play: its own seat, or whoever's turn it is on
        the shared phone (the rules let only the player on turn act)."""
        return self.ctx.seat if self.ctx.seat is not None else self.state.turn

    def render(self) -> None:
        """Draw every section once; later local choices refresh only what they touch.
        While the shared phone is being handed over, the hand-over screen is all there is."""
        self.holders: dict[str, ft.Container] = {
            name: ft.Container()
            for name in ("secrets_top", "score", "board", "move", "extras", "bottom")
        }
        if self.picks.handover is not None:
            self.root.controls = [self._handover_screen(self.picks.handover)]
            return
        self.root.controls = [
            self._status(),
            *self.holders.values(),
        ]
        self.refresh(*self.holders)

    def _status(self) -> ft.Control:
        """The status, its seats and god power tokens kept under what they draw (the moves
        count beside them changes with every change)."""
        s, names = self.state, self.names
        tokens = self.ctx.kept(
            "sof-status",
            scales_board.status_inputs(s, names),
            lambda: scales_board.status_tokens(s, names),
        )
        return scales_board.status(s, names, self.ctx.moves, tokens)

    def refresh(self, *names: str) -> None:
        """Rebuild the named sections in place. Only their new controls travel to the
        device, so a tap is answered quickly and the rest of the screen stays put."""
        s = self.state
        # Secrets come first while they are the thing to do (recording the dealt pair, the
        # final guess) or while the shared phone is handed over; otherwise they close the page.
        secrets_first = self.picks.revealed is not None or s.phase in ("deal", "guess")
        build: dict[str, Callable[[], ft.Control | None]] = {
            "secrets_top": lambda: self._secrets() if secrets_first else None,
            "score": lambda: self._score_pad() if s.phase == "over" else None,
            "move": self._move_card,
            "board": self._board_section,
            "extras": self._extras,
            "bottom": lambda: self._bottom(secrets_first),
        }
        for name in names:
            holder = self.holders[name]
            holder.content = build[name]()
            holder.visible = holder.content is not None

    def rerender(self) -> None:
        """Redraw the move section after a local choice in it (the setup form)."""
        self.refresh("move")

    def act(self, action: Action) -> None:
        if isinstance(action, Note) and self.picks.revealed == action.seat:
            # Saving a note redraws the screen; the same player still holds the phone, so
            # their block stays open for the redraw that this very note causes (only).
            _KEEP_REVEALED[id(self.ctx.page)] = (action.seat, self.ctx.version + 1)
        self.ctx.act(action)

    def _pick(self, **changes: str | None) -> None:
        for key, value in changes.items():
            setattr(self.picks, key, value)
        if "demigod" in changes or "tile" in changes:
            self.picks.target = None
            self.picks.direction = None
        if "power" in changes:
            self.picks.first = self.picks.second = self.picks.steal = None
        if "revealed" in changes or "handover" in changes:
            self.render()
        elif "tile" in changes or "slot" in changes:
            self.refresh("move", "board")
        else:
            self.refresh("move")


__all__ = ["ScalesPanel", "build_panel"]
