"""Destiny cards, drawn only where they may be seen: on the seat's own phone, or on the
shared phone after the kit's hand-over (``panels.handover``); the form that records them."""

from __future__ import annotations

import flet as ft

from rules.winds_of_fate import (
    RecordDestiny,
    WofState,
)
from rules.winds_of_fate.components import (
    ENDING_NAMES,
    ENDINGS,
)

from ... import theme
from .. import handover, widgets
from ..base import Route
from . import pictures
from .parts import button, wrap


class DestinyCards:
    """Part of ``WofPanel``: the secret destiny cards box."""

    def _recorded(self, seat: int) -> bool:
        """Whether ``seat`` has recorded her destiny cards, as every device may know it: the
        cards are her secret, but recording puts her first chip on one of them in sight of
        everyone, and no chip lies on a destiny card before that."""
        s = self.state
        return bool(s.destiny_cards[seat]) or sum(s.destiny_chips[seat]) > 0

    def _cards_of(self, seat: int) -> tuple[str, ...]:
        """``seat``'s destiny cards if this device may show them now."""
        if self.ctx.seat == seat:
            return tuple(self.state.destiny_cards[seat])
        if self.ctx.seat is None and self.picks.revealed == seat and self.ctx.reveal:
            revealed: WofState = self.ctx.reveal(seat)
            return tuple(revealed.destiny_cards[seat])
        return ()

    def _reveal_button(
        self, seat: int, ident: str = "wof-reveal", route: Route | None = None
    ) -> ft.Control:
        """Taps go to ``route``'s panel (the one on screen) when given, else to this one.
        A seat playing on its own phone gets a plain line instead: its cards stay there."""
        name = self.state.players[seat]
        prefix = ident.removesuffix("-reveal")  # one identifier per place
        if seat in self.ctx.own_phone:
            return handover.own_phone_line(prefix, seat, name, "destiny cards")
        return handover.give_button(
            prefix, seat, name, lambda: (route.to if route else self).pick(handover=seat)
        )

    def _secret_seat(self) -> int | None:
        if self.ctx.seat is not None:
            return self.ctx.seat
        return self.picks.revealed

    def _secret(self) -> ft.Control | None:
        s = self.state
        seat = self._secret_seat()
        hand_over = self.ctx.seat is None and self.ctx.can_act and s.phase != "over"
        if seat is None and not hand_over:
            return None
        cards = self._cards_of(seat) if seat is not None else ()
        if (
            seat is not None
            and not cards
            and not self._recorded(seat)
            and self.ctx.can_act
            and s.phase == "setup"
        ):
            # The recording form follows this screen's picks: drawn afresh.
            here = Route()
            here.to = self
            form = self._record_form(seat)
            return self._secret_box(here if hand_over else None, seat, (), (), form)
        chips: tuple[int, ...] = ()
        if seat is not None and cards:
            view = self.ctx.reveal(seat) if self.ctx.seat is None and self.ctx.reveal else s
            chips = tuple(view.destiny_chips[seat])
        revealed = self.picks.revealed
        # The hand-over buttons (none for a seat on its own phone), whose cards show and
        # their chips: nothing else is drawn.
        inputs = (s.players, hand_over, revealed, seat, cards, chips, self.ctx.own_phone)
        return self.ctx.kept_routed(
            "wof-secrets",
            inputs,
            lambda route: self._secret_box(route if hand_over else None, seat, cards, chips, []),
            self,
        )

    def _secret_box(
        self,
        route: Route | None,
        seat: int | None,
        cards: tuple[str, ...],
        chips: tuple[int, ...],
        form: list[ft.Control],
    ) -> ft.Control:
        """The destiny cards box: with ``route``, the hand-over buttons (tapped on the
        panel ``route`` leads to), then ``seat``'s ``cards`` and ``chips``, then ``form``."""
        s = self.state
        parts: list[ft.Control] = []
        if route is not None:
            revealed = self.picks.revealed
            parts.append(
                wrap([self._reveal_button(q, route=route) for q in range(s.n) if q != revealed])
            )
            if revealed is not None:
                parts.append(
                    button(
                        "wof-hide",
                        "Hide",
                        lambda _: route.to.pick("move", "secret", "payoffs", revealed=None),
                    )
                )
        if seat is None:
            return widgets.titled_card(
                "wof-secrets", "Destiny cards", parts, title_size=pictures.CARD_TITLE
            )
        name = s.players[seat]
        if cards:
            parts.append(
                theme.tagged(
                    "wof-secret-destiny",
                    ft.Column(
                        spacing=2,
                        controls=[
                            ft.Text(
                                f"{name}: card {i + 1} is {ENDING_NAMES[c]} ({chips[i]} "
                                f"chip{'' if chips[i] == 1 else 's'})",
                                size=14,
                            )
                            for i, c in enumerate(cards)
                        ],
                    ),
                )
            )
        return widgets.titled_card(
            "wof-secrets",
            f"{name}'s destiny cards (private)",
            parts + form,
            title_size=pictures.CARD_TITLE,
        )

    def _record_form(self, seat: int) -> list[ft.Control]:
        p = self.picks
        parts: list[ft.Control] = [
            theme.muted(
                "Put your first chip on a face-down card, then look at the cards and "
                "tap them in order: card 1, card 2, card 3.",
                13,
            ),
            wrap(
                [
                    button(
                        f"wof-start-{i}",
                        f"First chip on card {i + 1}",
                        lambda _, i=i: self.pick("secret", start=i),
                        filled=p.start == i,
                    )
                    for i in range(3)
                ]
            ),
            wrap(
                [
                    button(
                        f"wof-card-{c}",
                        (f"{p.cards.index(c) + 1}: " if c in p.cards else "") + ENDING_NAMES[c],
                        lambda _, c=c: self._toggle_card(c),
                        filled=c in p.cards,
                    )
                    for c in ENDINGS
                ]
            ),
        ]
        if len(p.cards) == 3:
            parts += self.check_and_commit(
                RecordDestiny(seat, tuple(p.cards), p.start),
                "wof-record",
                "Record my destiny cards",
            )
        return parts

    def _toggle_card(self, card: str) -> None:
        cards = self.picks.cards
        if card in cards:
            cards.remove(card)
        else:
            cards.append(card)
        self.pick("secret")
