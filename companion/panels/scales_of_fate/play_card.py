"""A turn of Scales of Fate: placing a demigod on a tile or a servant slot, a god power,
or passing; each choice checked and its verdict shown before it is committed."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from rules.core import Action
from rules.scales_of_fate.actions import (
    GodSmite,
    GodSteal,
    GodSwitch,
    Pass,
    PlaceDemigod,
    PlaceServant,
)
from rules.scales_of_fate.components import (
    DEMIGODS,
    GOD_POWER_NAMES,
    SERVANT_KINDS,
    SERVANT_NAMES,
    SERVANT_TOKENS,
)

from ... import theme
from .. import widgets
from ..widgets import verdict_box
from .look import choice, demigod_chip


class PlayCard:
    """Part of ``ScalesPanel``: the play card."""

    def _play_card(self) -> ft.Control:
        s, p = self.state, self.picks
        me = self.actor
        mine = self.ctx.seat is None or self.ctx.seat == s.turn
        parts: list[ft.Control] = []
        if not mine:
            parts.append(theme.muted(f"Waiting for {self.names[s.turn]}.", 14))
        # 1. place a demigod
        off = s.off_board()
        if off and s.open_tiles() and not s.passed[me]:
            parts.append(ft.Text("Place a demigod", weight=ft.FontWeight.W_600))
            parts.append(
                theme.muted("Pick a demigod, then tap an open tile on the board above.", 12)
            )
            parts.append(self._demigod_row(off, "place", p.demigod))
            tile = s.tile(p.tile) if p.tile else None
            if tile is not None and p.demigod is not None and not tile.flipped:
                if tile.action == "smite":
                    targets = [d for d in off if d != p.demigod]
                    if targets:
                        parts.append(theme.muted("Smite: who goes to the Abyss?", 12))
                        parts.append(self._demigod_row(targets, "target", p.target))
                elif tile.action == "abyss-fate":
                    parts.append(theme.muted("Abyss Fate: move the marker", 12))
                    parts.append(
                        ft.Row(
                            spacing=6,
                            controls=[
                                choice(
                                    f"sof-dir-{d}",
                                    d.capitalize(),
                                    p.direction == d,
                                    lambda _, d=d: self._pick(direction=d),
                                )
                                for d in ("left", "right")
                            ],
                        )
                    )
            if p.demigod is not None and p.tile is not None:
                action = PlaceDemigod(
                    seat=me,
                    demigod=p.demigod,
                    tile=p.tile,
                    target=p.target,
                    direction=p.direction,  # type: ignore[arg-type]
                )
                parts += self._check_and_commit(
                    action, "sof-place-verdict", "sof-place-demigod", f"Place {p.demigod}"
                )
        # 2. place a servant
        held = sorted({SERVANT_TOKENS[t] for t in s.held(me)})
        if held and not s.passed[me]:
            parts.append(ft.Text("Place a servant", weight=ft.FontWeight.W_600))
            parts.append(
                theme.muted("Pick a servant, then tap an empty slot on the board's edge.", 12)
            )
            parts.append(self._servant_row(held, "servant", p.servant))
            if p.servant is not None and p.slot is not None:
                action_s = PlaceServant(seat=me, servant=p.servant, slot=p.slot)  # type: ignore[arg-type]
                parts += self._check_and_commit(
                    action_s,
                    "sof-servant-verdict",
                    "sof-place-servant",
                    f"Place {SERVANT_NAMES[p.servant]}",
                )
        # 3. god powers
        left = s.powers_left()
        if left:
            parts.append(
                ft.Text("God powers (−1 point each at the end)", weight=ft.FontWeight.W_600)
            )
            parts.append(
                ft.Row(
                    spacing=6,
                    wrap=True,
                    run_spacing=6,
                    controls=[
                        choice(
                            f"sof-power-{pw}",
                            GOD_POWER_NAMES[pw],
                            p.power == pw,
                            lambda _, pw=pw: self._pick(power=None if p.power == pw else pw),
                        )
                        for pw in left
                    ],
                )
            )
            if p.power is not None:
                parts += self._power_form(me)
        # 4. pass
        passing = self.ctx.check(Pass(seat=me))
        parts.append(
            theme.tagged(
                "sof-pass",
                ft.OutlinedButton(
                    f"Pass ({self.names[me]})",
                    disabled=not passing.legal,
                    on_click=lambda _: self.act(Pass(seat=me)),
                ),
            )
        )
        if not passing.legal:
            # A disabled button explains itself in words, not only in a tooltip.
            parts.append(widgets.reason_line("sof-pass-why", f"No passing yet: {passing.reason}"))
        return widgets.titled_card("sof-play", f"{self.names[s.turn]}'s turn", parts)

    def _power_form(self, me: int) -> list[ft.Control]:
        s, p = self.state, self.picks
        out: list[ft.Control] = []
        action: Action | None = None
        if p.power == "smite":
            out.append(theme.muted("Send which demigod to the Abyss?", 12))
            out.append(
                self._demigod_row([d for d in DEMIGODS if s.where[d] != "abyss"], "first", p.first)
            )
            if p.first:
                action = GodSmite(seat=me, demigod=p.first)
        elif p.power == "switch":
            out.append(theme.muted("Pick two demigods to trade places.", 12))
            out.append(ft.Text("First demigod", size=13, weight=ft.FontWeight.W_600))
            out.append(self._demigod_row(list(DEMIGODS), "first", p.first))
            out.append(ft.Text("Trades places with", size=13, weight=ft.FontWeight.W_600))
            out.append(self._demigod_row(list(DEMIGODS), "second", p.second))
            if p.first and p.second:
                action = GodSwitch(seat=me, first=p.first, second=p.second)
        elif p.power == "steal":
            out.append(theme.muted(f"Take which servant from {self.names[1 - me]}?", 12))
            out.append(self._servant_row(SERVANT_KINDS, "steal", p.steal))
            if p.steal:
                action = GodSteal(seat=me, servant=p.steal)  # type: ignore[arg-type]
        if action is not None:
            out += self._check_and_commit(
                action,
                "sof-power-verdict",
                "sof-use-power",
                f"Use {GOD_POWER_NAMES[p.power or '']}",
            )
        return out

    def _check_and_commit(
        self, action: Action, verdict_ident: str, button_ident: str, text: str
    ) -> list[ft.Control]:
        """What ``action`` would do (``ctx.check``'s verdict), then the button that commits
        it. A refused move leaves the button disabled, with the reason written above it."""
        verdict = self.ctx.check(action)
        return [
            verdict_box(verdict, verdict_ident, self.ctx.open_rule),
            theme.tagged(
                button_ident,
                ft.FilledButton(
                    text, disabled=not verdict.legal, on_click=lambda _: self.act(action)
                ),
            ),
        ]

    def _demigod_row(self, names: Sequence[str], field: str, picked: str | None) -> ft.Control:
        return ft.Row(
            wrap=True,
            spacing=6,
            run_spacing=6,
            controls=[self._demigod_button(d, field, picked == d) for d in names],
        )

    def _servant_row(self, kinds: Sequence[str], field: str, picked: str | None) -> ft.Control:
        """One choice per servant kind; a tap picks it as ``field`` ("servant" or "steal")."""
        return ft.Row(
            wrap=True,
            spacing=6,
            controls=[
                choice(
                    f"sof-{field}-{k}",
                    SERVANT_NAMES[k],
                    picked == k,
                    lambda _, k=k: self._pick(**{field: k}),
                )
                for k in kinds
            ],
        )

    def _demigod_button(self, name: str, field: str, selected: bool) -> ft.Control:
        return demigod_chip(
            f"sof-{field}-{name}",
            name,
            selected=selected,
            on_click=lambda _: self._pick(**{"demigod" if field == "place" else field: name}),
        )

    def _tap_tile(self, position: str) -> None:
        self._pick(tile=position)

    def _tap_slot(self, slot: str) -> None:
        self._pick(slot=slot)
