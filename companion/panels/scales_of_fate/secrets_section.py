"""Each player's secret demigods: on the seat's own phone, or on the shared phone after the
kit's two-step hand-over (``panels.handover``); what they hold is drawn by ``secrets``."""

from __future__ import annotations

import flet as ft

from rules.scales_of_fate.state import SofState

from ... import theme
from .. import handover, widgets
from . import secrets as scales_secrets
from .parts import _items


class SecretsSection:
    """Part of ``ScalesPanel``: the secrets section and the hand-over."""

    def _secrets(self) -> ft.Control:
        ctx = self.ctx
        if ctx.seat is not None:
            return self._secret_block(ctx.state, ctx.seat, ctx.can_act)
        if ctx.reveal is None:
            return ctx.kept(
                "sof-secrets-elsewhere",
                (),
                lambda: theme.muted("Each player's demigods stay on their own phone.", 13),
            )
        revealed = self.picks.revealed
        if revealed is None or revealed in ctx.own_phone:
            return self._privacy_card()
        seen = ctx.reveal(revealed)
        return ft.Column(
            spacing=8,
            controls=[
                theme.tagged(
                    "sof-hide",
                    ft.FilledButton(
                        f"Done: hide {self.names[revealed]}'s demigods",
                        icon=ft.Icons.VISIBILITY_OFF,
                        on_click=lambda _: self._pick(revealed=None),
                    ),
                ),
                self._secret_block(seen, revealed, True),
            ],
        )

    def _secret_block(self, state: SofState, seat: int, can_act: bool) -> ft.Control:
        """``secret_block`` with its largest parts kept: what the opponent may hold (drawn
        from the answers alone) and the notes (from the notes alone; a save acts through
        the panel on screen)."""
        other = self.names[1 - seat]
        deduced = self.ctx.kept(
            f"sof-deduction-{seat}",
            (state.history, seat, other),
            lambda: scales_secrets.deduction(state.history, seat, other),
        )
        mine = state.notes[seat]
        noted = self.ctx.kept_routed(
            f"sof-notes-{seat}",
            (seat, _items(mine), can_act),
            lambda route: scales_secrets.notes(
                seat, mine, lambda action: route.to.act(action), can_act
            ),
            self,
        )
        return scales_secrets.secret_block(
            state,
            seat,
            self.names,
            act=self.act,
            check=self.ctx.check,
            can_act=can_act,
            deduced=deduced,
            noted=noted,
        )

    def _privacy_card(self) -> ft.Control:
        """The shared phone's door to each player's secrets: a hand-over button for a seat
        whose secrets may be kept here, a plain line for a seat playing on its own phone."""
        rows: list[ft.Control] = []
        for seat, name in enumerate(self.names[:2]):
            if seat in self.ctx.own_phone:
                rows.append(handover.own_phone_line("sof", seat, name, "demigods"))
            else:
                rows.append(
                    handover.give_button(
                        "sof",
                        seat,
                        name,
                        lambda st=seat: self._pick(handover=st),  # type: ignore[misc]
                    )
                )
        if len(rows) and all(seat in self.ctx.own_phone for seat in (0, 1)):
            rows.insert(0, theme.muted("Each player's demigods stay on their own phone.", 13))
        else:
            rows.insert(0, theme.muted("Only the player named should look at their demigods.", 13))
        return widgets.titled_card("sof-privacy", "Secret demigods", rows)

    def _handover_screen(self, seat: int) -> ft.Control:
        """Step one of the hand-over: nothing secret is on screen until the named player,
        holding the phone, taps "Show my demigods"."""
        name = self.names[seat]
        if seat in self.ctx.own_phone or self.ctx.reveal is None:
            self.picks.handover = None
            return self._privacy_card()
        return handover.handover_card(
            "sof",
            seat,
            name,
            "demigods",
            on_show=lambda: self._show(seat),
            on_back=lambda: self._pick(handover=None),
        )

    def _show(self, seat: int) -> None:
        """Step two: the player holding the phone opens their own block."""
        self.picks.handover = None
        self._pick(revealed=seat)  # type: ignore[arg-type]
