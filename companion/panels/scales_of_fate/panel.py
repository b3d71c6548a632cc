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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import flet as ft

from rules.core import Action, Correct
from rules.scales_of_fate.actions import (
    Announce,
    DealDemigods,
    FinalGuess,
    GodSmite,
    GodSteal,
    GodSwitch,
    Note,
    Pass,
    PlaceDemigod,
    PlaceServant,
)
from rules.scales_of_fate.components import (
    DEMIGODS,
    GOD_POWER_NAMES,
    RENOWN_MAX,
    RENOWN_MIN,
    SERVANT_KINDS,
    SERVANT_NAMES,
    SERVANT_TOKENS,
)
from rules.scales_of_fate.deduction import describe_criterion
from rules.scales_of_fate.state import SofState

from ... import theme
from .. import handover, widgets
from ..base import PanelContext
from ..widgets import verdict_box
from . import board as scales_board
from . import secrets as scales_secrets
from . import setup as scales_setup
from .look import chip, choice


@dataclass
class _Picks:
    """Choices made on this screen but not yet committed (reset whenever it is redrawn
    for a new table version)."""

    demigod: str | None = None
    tile: str | None = None
    target: str | None = None
    direction: str | None = None
    servant: str | None = None
    slot: str | None = None
    power: str | None = None
    first: str | None = None
    second: str | None = None
    steal: str | None = None
    handover: int | None = None
    revealed: int | None = None


_KEEP_REVEALED: dict[int, tuple[int, int]] = {}
"""Page id → (seat, table version) for which the hand-over block stays open."""


def _still_revealed(ctx: PanelContext) -> int | None:
    """The seat whose secrets stay shown on this redraw: only on the shared phone, and only
    right after that seat's own note was saved (any other change hides them again)."""
    kept = _KEEP_REVEALED.pop(id(ctx.page), None)
    if kept is None or ctx.reveal is None or kept[1] != ctx.version:
        return None
    return kept[0]


def build_panel(ctx: PanelContext) -> ft.Control:
    """The whole Scales of Fate screen for ``ctx`` (see the module docstring)."""
    return ft.Container(
        content=ScalesPanel(ctx).root,
        padding=ft.Padding.only(left=12, right=12, top=4),
        expand=True,
    )


class ScalesPanel:
    """One drawing of the screen for one ``PanelContext``. Taps that only choose something
    redraw this panel locally; taps that commit go through ``ctx.act``."""

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

    # ----- layout --------------------------------------------------------------------------

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
        # Each space is kept under the markers on it, so a moved marker rebuilds the two
        # spaces it left and entered. A marker's tap opens the correction for the value
        # shown (the panel on screen reads it from the same state).
        spaces = [
            self.ctx.kept_routed(
                f"sof-track-space-{space}",
                (space, names, can_act),
                lambda route, space=space, names=names: scales_board.track_space(
                    space,
                    names,
                    (lambda name: route.to._open_correction(name)) if can_act else None,
                ),
                self,
            )
            for space, names in scales_board.track_markers(s)
        ]
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

    # ----- play ------------------------------------------------------------------------------

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
            parts.append(
                theme.tagged("sof-pass-why", theme.muted(f"No passing yet: {passing.reason}", 12))
            )
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
        box = chip(name, selected=selected)
        box.on_click = lambda _: self._pick(**{"demigod" if field == "place" else field: name})
        return ft.Semantics(identifier=f"sof-{field}-{name}", label=name, button=True, content=box)

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

    def _tap_tile(self, position: str) -> None:
        self._pick(tile=position)

    def _tap_slot(self, slot: str) -> None:
        self._pick(slot=slot)

    # ----- end of an Age -------------------------------------------------------------------

    def _announce_card(self) -> ft.Control:
        s = self.state
        record = s.history[-1]
        parts: list[ft.Control] = [
            ft.Text(f"Age {record.age}: {describe_criterion(record.criterion)}?"),
        ]
        for seat in (0, 1):
            said = record.answers[seat]
            if said is not None:
                parts.append(
                    ft.Text(
                        f"{self.names[seat]} said {'YES' if said else 'NO'}.",
                        weight=ft.FontWeight.W_600,
                    )
                )
                continue
            may = self.ctx.can_act and self.ctx.seat in (None, seat)
            if not may:
                parts.append(theme.muted(f"Waiting for {self.names[seat]}'s answer.", 13))
                continue
            parts.append(
                ft.Row(
                    spacing=6,
                    controls=[
                        ft.Text(self.names[seat], expand=True, weight=ft.FontWeight.W_600),
                        theme.tagged(
                            f"sof-announce-{seat}-yes",
                            ft.FilledButton(
                                "Yes",
                                on_click=lambda _, st=seat: self.act(Announce(st, True)),
                            ),
                        ),
                        theme.tagged(
                            f"sof-announce-{seat}-no",
                            ft.FilledButton(
                                "No",
                                on_click=lambda _, st=seat: self.act(Announce(st, False)),
                            ),
                        ),
                    ],
                )
            )
        return widgets.titled_card("sof-announce", "End of the Age: does one of yours fit?", parts)

    # ----- corrections ---------------------------------------------------------------------

    def _open_correction(self, name: str) -> None:
        current = self.state.renown[name]
        value = widgets.step_value(str(current), size=28, width=56)
        chosen = [current]

        def nudge(step: int) -> None:
            chosen[0] = max(RENOWN_MIN, min(RENOWN_MAX, chosen[0] + step))
            value.value = str(chosen[0])

        def close(_: Any = None) -> None:
            self.ctx.page.pop_dialog()

        def commit(_: Any) -> None:
            close()
            self.act(
                Correct(
                    counter=f"renown.{name}",
                    value=chosen[0],
                    note="renown corrected to match the track",
                )
            )

        dialog = ft.AlertDialog(
            title=ft.Text(f"Correct {name}'s renown"),
            content=ft.Column(
                tight=True,
                controls=[
                    theme.muted(
                        "Use this when the track on the table shows another value. "
                        "It is logged as a correction.",
                        13,
                    ),
                    ft.Row(
                        alignment=ft.MainAxisAlignment.CENTER,
                        controls=widgets.stepper("sof-correct", value, nudge),
                    ),
                ],
            ),
            actions=[
                theme.tagged("sof-correct-cancel", ft.TextButton("Cancel", on_click=close)),
                theme.tagged("sof-correct-set", ft.FilledButton("Correct renown", on_click=commit)),
            ],
        )
        self.ctx.page.show_dialog(dialog)

    # ----- secrets -------------------------------------------------------------------------

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

    # ----- score pad -----------------------------------------------------------------------

    def _score_pad(self) -> ft.Control:
        try:
            sheet = self.ctx.game.score(self.state)
        except ValueError as exc:
            return widgets.titled_card("sof-score-pad", "Score pad", [theme.muted(str(exc), 13)])
        labels: list[str] = []
        for player in sheet.players:
            for line in player.items:
                if line.label not in labels:
                    labels.append(line.label)

        # Each line's label spans the card and the players' columns sit below it, so the
        # columns keep half the card's width on the narrowest phone, in large text too.
        def columns(cells: list[ft.Control]) -> ft.Control:
            return ft.Row(spacing=8, vertical_alignment=ft.CrossAxisAlignment.START, controls=cells)

        rows: list[ft.Control] = [
            columns(
                [
                    ft.Text(
                        self.names[seat],
                        expand=True,
                        weight=ft.FontWeight.BOLD,
                        text_align=ft.TextAlign.CENTER,
                    )
                    for seat in range(len(sheet.players))
                ]
            )
        ]
        for label in labels:
            rows.append(ft.Text(label.upper(), size=12, color=theme.MUTED))
            cells: list[ft.Control] = []
            for seat, player in enumerate(sheet.players):
                item = next((i for i in player.items if i.label == label), None)
                cells.append(
                    ft.Column(
                        expand=True,
                        spacing=0,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                        controls=[
                            theme.tagged(
                                f"sof-score-{seat}-{_slug(label)}",
                                ft.Text(
                                    ""
                                    if item is None
                                    else f"{item.points:+d}"
                                    if item.points
                                    else "0",
                                    size=18,
                                    weight=ft.FontWeight.W_600,
                                ),
                            ),
                            ft.Text(
                                item.detail if item and item.detail else "",
                                size=11,
                                color=theme.MUTED,
                                text_align=ft.TextAlign.CENTER,
                            ),
                        ],
                    )
                )
            rows.append(columns(cells))
        rows.append(ft.Divider())
        rows.append(ft.Text("TOTAL", weight=ft.FontWeight.BOLD))
        rows.append(
            columns(
                [
                    ft.Container(
                        expand=True,
                        alignment=ft.Alignment.CENTER,
                        content=theme.tagged(
                            f"sof-score-{seat}-total",
                            ft.Text(str(p.total), size=24, weight=ft.FontWeight.BOLD),
                        ),
                    )
                    for seat, p in enumerate(sheet.players)
                ]
            )
        )
        # The sheet names players as the rules state knows them; show the table's seat names.
        winner = (
            self.names[self.state.players.index(sheet.winner)]
            if sheet.winner in self.state.players
            else sheet.winner
        )
        verdict = f"{winner} wins" if winner else "A shared result"
        rows.append(
            theme.tagged(
                "sof-winner", ft.Text(verdict, size=20, weight=ft.FontWeight.BOLD, color=theme.OK)
            )
        )
        if sheet.tiebreak:
            rows.append(theme.muted(f"Decided by tie-break: {sheet.tiebreak}", 13))
        if sheet.summary and list(self.state.players) == self.names:
            rows.append(theme.muted(sheet.summary, 13))
        for seat in range(len(sheet.players)):
            hand = self.state.hands[seat]
            guess = self.state.guesses[seat]
            if hand:
                rows.append(
                    theme.muted(
                        f"{self.names[seat]} held {' + '.join(hand)}"
                        + (f"; guessed {' + '.join(guess)}" if guess else ""),
                        13,
                    )
                )
        return widgets.titled_card("sof-score-pad", "Score pad", rows)


def _items(mapping: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """A mapping of the state as a hashable input of ``PanelContext.kept``."""
    return tuple(sorted(mapping.items()))


def _slug(text: str) -> str:
    return "-".join("".join(ch if ch.isalnum() else " " for ch in text.lower()).split())


__all__ = ["ScalesPanel", "build_panel"]
