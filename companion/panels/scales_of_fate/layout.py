"""How the Scales of Fate screen is laid out: the renown track and board, the move card
for the phase (dealing, setting up an Age), and what comes below."""

from __future__ import annotations

import flet as ft

from rules.core import Action
from rules.scales_of_fate.actions import (
    DealDemigods,
    FinalGuess,
)
from rules.scales_of_fate.components import (
    DEMIGODS,
)

from ... import theme
from .. import widgets
from . import board as scales_board
from . import setup as scales_setup
from .parts import _items


class Layout:
    """Part of ``ScalesPanel``: the sections' layout and the move card."""

    def _board_section(self) -> ft.Control | None:
        """In play the board sits above the move card (its tiles and slots are tapped)."""
        s = self.state
        if s.phase != "play" or not s.quests:
            return None
        return self._board_picture()

    def _extras(self) -> ft.Control | None:
        """The Abyss and the Age card; outside play the board joins them below the move."""
        s = self.state
        if s.phase == "setup" or not s.quests:
            return None
        parts: list[ft.Control] = [
            self.ctx.kept(
                "sof-abyss",
                (s.abyss_marker, s.abyss_left, s.abyss_right, _items(s.where)),
                lambda: scales_board.abyss(s),
            ),
            self.ctx.kept("sof-age", (s.age, s.criterion), lambda: scales_board.age_card(s)),
        ]
        if s.phase != "play":
            parts.insert(0, self._board_picture())
        return ft.Column(spacing=14, controls=parts)

    def _bottom(self, secrets_first: bool) -> ft.Control:
        parts: list[ft.Control] = [
            ft.Text("Renown", size=16, weight=ft.FontWeight.W_600),
            self._renown_track(),
        ]
        if not secrets_first:
            parts.append(self._secrets())
        return ft.Column(spacing=14, controls=parts)

    def _renown_track(self) -> ft.Control:
        s, can_act = self.state, self.ctx.can_act
        # Each marker is kept where it stands and each space under the markers on it, so a
        # moved marker rebuilds the two spaces it left and entered and the one marker that
        # moved: the markers that stayed are the very controls the phone has. A marker's
        # tap opens the correction for the value shown (the panel on screen reads it from
        # the same state).
        spaces = []
        for space, names in scales_board.track_markers(s):
            markers = [
                self.ctx.kept_routed(
                    f"sof-marker-{space}-{name}",
                    (space, name, can_act),
                    lambda route, space=space, name=name: scales_board.track_marker_on(
                        space,
                        name,
                        (lambda n: route.to._open_correction(n)) if can_act else None,
                    ),
                    self,
                )
                for name in names
            ]
            spaces.append(
                self.ctx.kept(
                    f"sof-track-space-{space}",
                    (space, names, can_act),
                    lambda space=space, markers=markers: scales_board.track_space(space, markers),
                )
            )
        return self.ctx.kept(
            "sof-track", (_items(s.renown), can_act), lambda: scales_board.track_grid(spaces)
        )

    def _board_picture(self) -> ft.Control:
        s = self.state
        playing = s.phase == "play" and self.ctx.can_act
        picked_tile, picked_slot = self.picks.tile, self.picks.slot
        # Everything the board draws: quests, tiles, who stands where, servants on slots,
        # whether it can be tapped and what is picked. Taps go to the panel on screen.
        inputs = (
            _items(s.quests),
            s.tiles,
            _items(s.where),
            _items(s.servants),
            playing,
            picked_tile,
            picked_slot,
        )
        return self.ctx.kept_routed(
            "sof-board",
            inputs,
            lambda route: scales_board.board(
                s,
                on_tile=(lambda pos: route.to._tap_tile(pos)) if playing else None,
                on_slot=(lambda slot: route.to._tap_slot(slot)) if playing else None,
                picked_tile=picked_tile,
                picked_slot=picked_slot,
            ),
            self,
        )

    def _move_card(self) -> ft.Control | None:
        s = self.state
        if s.phase == "deal":
            return widgets.titled_card(
                "sof-deal",
                "Deal the demigods",
                [
                    theme.muted(self._where_to_record("demigods"), 13),
                    self._progress("sof-deal-progress", "demigods"),
                    theme.muted("The Age 1 setup opens once both pairs are recorded.", 13),
                ],
            )
        if s.phase == "setup":
            draft = scales_setup.draft_for(self.ctx.page, s)
            return scales_setup.setup_form(
                s,
                draft,
                rerender=self.rerender,
                check=self.ctx.check,
                submit=self.act,
                can_act=self.ctx.can_act,
                open_rule=self.ctx.open_rule,
            )
        if s.phase == "play":
            return self._play_card() if self.ctx.can_act else None
        if s.phase == "announce":
            return self._announce_card()
        if s.phase == "guess":
            return widgets.titled_card(
                "sof-guess-status",
                "Final guesses",
                [
                    theme.muted(self._where_to_record("guess"), 13),
                    self._progress("sof-guess-progress", "guess"),
                    theme.muted(
                        "Guesses stay hidden until both are in; then the score pad opens.", 13
                    ),
                ],
            )
        return None

    def _recorded(self, seat: int, what: str) -> bool:
        """Has ``seat`` recorded its demigods (``what="demigods"``) or its final guess? The
        rules are asked whether that seat may still record: only the answer travels, never
        the secret (on other devices the state holds nothing of it)."""
        pair = (DEMIGODS[0], DEMIGODS[1])
        probe: Action = (
            DealDemigods(seat=seat, demigods=pair)
            if what == "demigods"
            else FinalGuess(seat=seat, demigods=pair)
        )
        return not self.ctx.check(probe).legal

    def _progress(self, ident: str, what: str) -> ft.Control:
        """Who has recorded, in seat order, e.g. "Ann ✓, waiting for Bo"."""
        parts = [
            f"{name} ✓" if self._recorded(seat, what) else f"waiting for {name}"
            for seat, name in enumerate(self.names)
        ]
        text = ", ".join(parts)
        return theme.tagged(
            ident, ft.Text(text[:1].upper() + text[1:], size=15, weight=ft.FontWeight.W_600)
        )

    def _where_to_record(self, what: str) -> str:
        """Where on this device each player records their pair (``what``: "demigods" or
        "guess"): the private block sits above the instructions in these phases."""
        thing = (
            "the two demigod cards they drew from their own deck"
            if what == "demigods"
            else "the two demigods they think the other player holds"
        )
        ctx = self.ctx
        if ctx.seat is not None:
            me = self.names[ctx.seat]
            if self._recorded(ctx.seat, what):
                return f"{me}: yours are recorded on this phone."
            mine = "the two cards you drew" if what == "demigods" else "your guess"
            return (
                f"{me}: tap {mine} in the “{me}: your demigods” box above. Only this phone sees it."
            )
        if ctx.reveal is None:
            return f"Each player records {thing} on their own phone or on the host's."
        here = [
            name
            for seat, name in enumerate(self.names)
            if seat not in ctx.own_phone and not self._recorded(seat, what)
        ]
        if not here:
            return f"Each player records {thing} in private."
        taps = " or ".join(f"“Give the phone to {name}”" for name in here)
        return (
            f"Each player records {thing} in private: on their own phone, or here by "
            f"tapping {taps} above."
        )
