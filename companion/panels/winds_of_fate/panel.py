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
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from rules.core import Action, Verdict
from rules.winds_of_fate import (
    ClaimReward,
    Contribute,
    LayBoard,
    Pass,
    PlaySpecial,
    RecordDestiny,
    Resolve,
    RevealRewards,
    SetPath,
    WofState,
)
from rules.winds_of_fate.adventure import pass_tile, reward_count
from rules.winds_of_fate.components import (
    ENCOUNTER_TILES,
    ENDING_NAMES,
    ENDINGS,
    ITHACA,
    NODES,
    SPECIAL_NAMES,
    TILE_NAMES,
    TURN_TILE_CARDS,
    node_label,
)

from ... import theme
from .. import handover, widgets
from ..base import PanelContext, Route
from . import pictures


@dataclass
class Picks:
    """Choices made on this screen and not committed yet (reset with each new version)."""

    tiles: list[str] = field(default_factory=list)
    order: list[int] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    start: int = 0
    revealed: int | None = None
    handover: int | None = None
    """The seat the shared phone is being handed to: only the hand-over card is drawn."""
    reds: dict[int, int] = field(default_factory=dict)
    split: int | None = None
    """How many of the cards drawn on passing come from Help: None until the player says."""
    tile: int | None = None
    gains: dict[str, int] = field(default_factory=dict)
    god: str | None = None
    """The Olympus card turned over: None until the players say which god it shows."""
    olympus: int = 0
    totals: dict[int, int] = field(default_factory=dict)
    my_total: int = 0
    path_node: str = "troy"
    path_kind: str = "calm"
    path_to: str = ""


def build_panel(ctx: PanelContext) -> ft.Control:
    return ft.Container(
        content=WofPanel(ctx).root, padding=ft.Padding.only(left=12, right=12, top=4), expand=True
    )


def button(
    ident: str,
    text: str,
    on_click: Callable[[Any], None],
    *,
    filled: bool = False,
    disabled: bool = False,
) -> ft.Control:
    cls = ft.FilledButton if filled else ft.OutlinedButton
    return theme.tagged(ident, cls(text, on_click=on_click, disabled=disabled))


def wrap(controls: list[ft.Control]) -> ft.Row:
    return ft.Row(wrap=True, spacing=6, run_spacing=6, controls=controls)


class WofPanel:
    """One drawing of the screen for one ``PanelContext``."""

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
            theme.tagged(f"{ident}-why", theme.muted(f"First {why}.", 13)),
            button(ident, text, lambda _: None, filled=True, disabled=True),
        ]

    def legal(self) -> list[Action]:
        return self.ctx.legal_actions()

    # ----- the move card -----------------------------------------------------------------

    def _move(self) -> ft.Control | None:
        s = self.state
        handler: dict[str, Callable[[], list[ft.Control]]] = {
            "setup": self._setup,
            "bets": self._bets,
            "destiny": self._destiny,
            "draws": self._draws,
            "reveal": self._reveal,
            "play": self._play,
            "claim": self._claim,
            "resolve": self._resolve,
            "journey": self._journey,
            "wander": self._wander,
        }
        if s.phase not in handler:
            return None
        title = pictures.PHASE_TEXT[s.phase]
        if s.phase in ("setup", "destiny", "reveal", "resolve", "journey", "wander"):
            waiting = ""
        else:
            waiting = f"{s.players[s.queue[0]]} to act" if s.queue else ""
        # Whoever may not act is told who is to act, and the steps one player takes in turn
        # are drawn from the legal moves, names and numbers alone: kept under those. (Each
        # turn-taking step's handler shows ``_waiting`` to any other phone.)
        if not self.ctx.can_act:
            # Who still records destiny cards is public: watching phones see it too.
            unrecorded = self._unrecorded() if s.phase == "setup" else []
            return self.ctx.kept(
                "wof-move",
                (title, waiting, tuple(unrecorded)),
                lambda: self._move_box(title, waiting, self._unrecorded_line(unrecorded)),
            )
        if waiting and not self.can_act_for(s.queue[0]):
            seat = s.queue[0]
            return self.ctx.kept(
                "wof-move",
                (title, waiting, s.players[seat]),
                lambda: self._move_box(title, waiting, self._waiting(seat)),
            )
        if s.phase in ("bets", "draws"):
            seat = s.queue[0]
            inputs = (title, waiting, tuple(self.legal()), s.players[seat], s.round, s.draw_count)
            return self.ctx.kept(
                "wof-move", inputs, lambda: self._move_box(title, waiting, handler[s.phase]())
            )
        return self._move_box(title, waiting, handler[s.phase]())

    @staticmethod
    def _move_box(title: str, waiting: str, parts: list[ft.Control]) -> ft.Control:
        if waiting:
            parts.insert(0, theme.tagged("wof-turn", theme.muted(waiting, 14)))
        return pictures.box("wof-move", title, parts)

    def _waiting(self, seat: int) -> list[ft.Control]:
        return [theme.muted(f"Waiting for {self.state.players[seat]}.", 14)]

    # setup

    def _setup(self) -> list[ft.Control]:
        s, p = self.state, self.picks
        parts: list[ft.Control] = []
        if not s.board:
            parts.append(
                theme.muted(
                    "Tap the tiles in space order (1 to 9), then the players "
                    "in turn order (tile 1 first).",
                    13,
                )
            )
            parts.append(
                wrap(
                    [
                        button(
                            f"wof-tile-{t}",
                            (f"{p.tiles.index(t) + 1}: " if t in p.tiles else "") + TILE_NAMES[t],
                            lambda _, t=t: self._toggle_tile(t),
                            filled=t in p.tiles,
                        )
                        for t in ENCOUNTER_TILES
                    ]
                )
            )
            parts.append(
                wrap(
                    [
                        button(
                            f"wof-order-{seat}",
                            (f"{p.order.index(seat) + 1}: " if seat in p.order else "") + name,
                            lambda _, seat=seat: self._toggle_order(seat),
                            filled=seat in p.order,
                        )
                        for seat, name in enumerate(s.players)
                    ]
                )
            )
            if len(p.tiles) == 9 and len(p.order) == s.n:
                parts += self.check_and_commit(
                    LayBoard(tuple(p.tiles), tuple(p.order)), "wof-lay-board", "Lay the board"
                )
        return parts + self._unrecorded_line(self._unrecorded())

    def _unrecorded(self) -> list[str]:
        """The players who have not recorded their destiny cards yet, as every device knows."""
        return [self.state.players[i] for i in range(self.state.n) if not self._recorded(i)]

    @staticmethod
    def _unrecorded_line(names: list[str]) -> list[ft.Control]:
        if not names:
            return []
        line = "Destiny cards still to record (each in private): " + ", ".join(names)
        return [theme.tagged("wof-unrecorded", theme.muted(line, 13))]

    def _toggle_tile(self, tile: str) -> None:
        tiles = self.picks.tiles
        if tile in tiles:
            tiles.remove(tile)
        elif len(tiles) < 9:
            tiles.append(tile)
        self.pick()

    def _toggle_order(self, seat: int) -> None:
        order = self.picks.order
        if seat in order:
            order.remove(seat)
        else:
            order.append(seat)
        self.pick()

    # bets at Troy, Scylla, Circe

    def _bets(self) -> list[ft.Control]:
        s = self.state
        seat = s.queue[0]
        if not self.can_act_for(seat):
            return self._waiting(seat)
        controls: list[ft.Control] = []
        for a in self.legal():
            kind = a.kind
            if kind == "wof.place-bet":
                space = a.space  # type: ignore[attr-defined]
                controls.append(
                    button(
                        f"wof-bet-{space}", f"Round {space} ({1 + space - s.round})", self.commit(a)
                    )
                )
            elif kind == "wof.bet-destiny":
                pos = a.position  # type: ignore[attr-defined]
                controls.append(
                    button(f"wof-betdestiny-{pos}", f"Destiny card {pos + 1} (3)", self.commit(a))
                )
            elif kind == "wof.move-bet":
                frm, to = a.space, a.to  # type: ignore[attr-defined]
                controls.append(
                    button(f"wof-move-{frm}-{to}", f"Move {frm} → {to}", self.commit(a))
                )
            elif kind == "wof.take-chip":
                controls.append(button("wof-take-chip", "Take a chip", self.commit(a)))
        skip = next(a for a in self.legal() if a.kind == "wof.skip")
        return [
            theme.muted(
                f"{s.players[seat]}: bet with an unused chip (in brackets: the stack's "
                "size), or let it go.",
                13,
            ),
            wrap(controls),
            button("wof-skip", "No bet", self.commit(skip)),
        ]

    # destiny actions (secret card names)

    def _destiny(self) -> list[ft.Control]:
        s = self.state
        parts: list[ft.Control] = [
            theme.muted(
                "Each player may add a chip from the supply to one of their destiny cards. Card "
                "names show only on their owner's phone.",
                13,
            )
        ]
        for seat in s.queue:
            if not self.can_act_for(seat):
                continue
            cards = self._cards_of(seat)
            if not cards:
                parts.append(self._reveal_button(seat, "wof-destiny-reveal"))
                continue
            buttons = [
                button(
                    f"wof-destiny-{pos}",
                    f"Card {pos + 1}: {ENDING_NAMES[cards[pos]]} (+1)",
                    self.commit(self._find("wof.destiny", seat=seat, position=pos)),
                )
                for pos in range(3)
                if self._find("wof.destiny", seat=seat, position=pos) is not None
            ]
            skip = self._find("wof.skip", seat=seat)
            parts += [ft.Text(s.players[seat], weight=ft.FontWeight.W_600), wrap(buttons)]
            if skip is not None:
                parts.append(
                    button(f"wof-destiny-skip-{seat}", "No destiny action", self.commit(skip))
                )
        if len(parts) == 1:
            parts.append(
                theme.muted("Waiting for: " + ", ".join(s.players[q] for q in s.queue), 13)
            )
        return parts

    def _find(self, kind: str, **fields: Any) -> Any:
        for a in self.legal():
            if a.kind == kind and all(getattr(a, k) == v for k, v in fields.items()):
                return a
        return None

    # draws

    def _draws(self) -> list[ft.Control]:
        s = self.state
        seat = s.queue[0]
        if not self.can_act_for(seat):
            return self._waiting(seat)
        return [
            theme.muted(f"{s.players[seat]} draws {s.draw_count}: how many from Help?", 13),
            wrap(
                [
                    button(
                        f"wof-draw-{a.help}",  # type: ignore[attr-defined]
                        f"{a.help} Help + {s.draw_count - a.help} Hinder",  # type: ignore[attr-defined]
                        self.commit(a),
                    )
                    for a in self.legal()
                    if a.kind == "wof.draw"
                ]
            ),
        ]

    # adventure

    def _stepper(
        self, label: str, ident: str, value: int, on_step: Callable[[int], None]
    ) -> ft.Control:
        return widgets.labelled_stepper(
            label, ident, widgets.step_value(str(value), width=40), on_step
        )

    def _reveal(self) -> list[ft.Control]:
        s, p = self.state, self.picks
        k = reward_count(s)
        parts: list[ft.Control] = [
            theme.muted(f"Turn up {k} reward tiles and enter each red number.", 13)
        ]
        for i in range(k):
            parts.append(
                self._stepper(
                    f"Tile {i + 1} red",
                    f"wof-red-{i}",
                    p.reds.get(i, 0),
                    lambda d, i=i: self._nudge(p.reds, i, d),
                )
            )
        reds = tuple(p.reds.get(i, 0) for i in range(k))
        return parts + self.check_and_commit(RevealRewards(reds), "wof-reveal", "Reveal")

    def _nudge(self, values: dict[Any, int], key: Any, delta: int, high: int = 99) -> None:
        values[key] = max(0, min(high, values.get(key, 0) + delta))
        self.pick()

    def _play(self) -> list[ft.Control]:
        s, p = self.state, self.picks
        seat = s.queue[0]
        if not self.can_act_for(seat):
            return self._waiting(seat)
        legal = self.legal()
        plays = [
            button(
                f"wof-play-{a.card}",
                f"Play {a.card.title()} face down",  # type: ignore[attr-defined]
                self.commit(a),
                filled=True,
            )
            for a in legal
            if a.kind == "wof.play-card"
        ]
        cards = TURN_TILE_CARDS[pass_tile(s)]
        split = min(p.split or 0, cards)
        specials = []
        for special, name in SPECIAL_NAMES.items():
            for back in ("help", "hinder"):
                act = PlaySpecial(seat, special, back, min(split, 2) if special == "draw" else 0)
                if self.ctx.check(act).legal:
                    specials.append(
                        button(
                            f"wof-special-{special}-{back}",
                            f"{name} ({back} back)",
                            self.commit(act),
                        )
                    )
        kind = f" This adventure is {s.kind.title()}." if s.kind else ""
        parts: list[ft.Control] = [
            theme.muted(
                f"{s.players[seat]}: play a card or pass (holding {s.hand_help[seat]} "
                f"Help, {s.hand_hinder[seat]} Hinder).{kind}",
                13,
            ),
            wrap(plays),
        ]
        if specials:
            parts += [
                theme.muted("Special cards (face up, −2 to your contribution):", 12),
                wrap(specials),
            ]
        if cards:
            parts.append(theme.muted(f"Passing draws {cards}: how many from Help?", 13))
            parts.append(
                wrap(
                    [
                        button(
                            f"wof-split-{k}",
                            f"{k} Help + {cards - k} Hinder",
                            lambda _, k=k: self.pick(split=k),
                            filled=p.split == k,
                        )
                        for k in range(cards + 1)
                    ]
                )
            )
        label = f"Pass (turn order tile {pass_tile(s)})"
        if cards and p.split is None:
            parts += self._unchosen("wof-pass", label, "choose how many cards come from Help")
        else:
            parts += self.check_and_commit(Pass(seat, split), "wof-pass", label)
        return parts

    def _claim(self) -> list[ft.Control]:
        s, p = self.state, self.picks
        seat = s.queue[0]
        if not self.can_act_for(seat):
            return self._waiting(seat)
        tiles = [
            button(
                f"wof-claim-tile-{i}",
                f"Tile {i + 1} (red {t.red})",
                lambda _, i=i: self.pick(tile=i),
                filled=p.tile == i,
            )
            for i, t in enumerate(s.rewards)
            if t.claimed_by is None
        ]
        parts: list[ft.Control] = [
            theme.muted(f"{s.players[seat]} picks a reward tile and enters what it gives.", 13),
            wrap(tiles),
        ]
        for key, label in (
            ("vp", "VP"),
            ("chips", "Bet chips"),
            ("help", "Help cards"),
            ("hinder", "Hinder cards"),
        ):
            parts.append(
                self._stepper(
                    label,
                    f"wof-gain-{key}",
                    p.gains.get(key, 0),
                    lambda d, key=key: self._nudge(p.gains, key, d, 20),
                )
            )
        if p.tile is not None:
            act = ClaimReward(
                seat, p.tile, **{k: p.gains.get(k, 0) for k in ("vp", "chips", "help", "hinder")}
            )
            parts += self.check_and_commit(act, "wof-claim", f"Claim tile {p.tile + 1}")
        return parts

    def _resolve(self) -> list[ft.Control]:
        s, p = self.state, self.picks
        players = [q for q in range(s.n) if s.played[q]]
        parts: list[ft.Control] = []
        mine = self._secret_seat()
        if mine is not None and s.played[mine] and self.ctx.can_act:
            parts += [
                theme.muted("Your face-down cards' total, sent in secret:", 13),
                self._stepper(
                    "My total",
                    "wof-my-total",
                    p.my_total,
                    lambda d: self.pick(my_total=max(0, p.my_total + d)),
                ),
                button(
                    "wof-contribute",
                    "Enter my total in secret",
                    self.commit(Contribute(mine, p.my_total)),
                ),
            ]
        entered = [s.players[q] for q in players if s.contributed[q]]
        if entered:
            parts.append(
                theme.tagged(
                    "wof-entered",
                    theme.muted("Totals entered in secret: " + ", ".join(entered), 13),
                )
            )
        parts += [
            theme.muted("Turn over the Olympus card:", 13),
            wrap(
                [
                    button(
                        f"wof-god-{g}",
                        g.title(),
                        lambda _, g=g: self.pick(god=g),
                        filled=p.god == g,
                    )
                    for g in ("athena", "poseidon")
                ]
            ),
            self._stepper(
                "Olympus value",
                "wof-olympus",
                p.olympus,
                lambda d: self.pick(olympus=max(0, p.olympus + d)),
            ),
        ]
        secret = all(s.contributed[q] for q in players)
        totals: tuple[int, ...] = ()
        if not secret:
            parts.append(
                theme.muted(
                    "Card totals at the reveal (or each player enters theirs "
                    "in secret on their phone):",
                    13,
                )
            )
            for q in players:
                parts.append(
                    self._stepper(
                        s.players[q],
                        f"wof-total-{q}",
                        p.totals.get(q, 0),
                        lambda d, q=q: self._nudge(p.totals, q, d, 200),
                    )
                )
            totals = tuple(p.totals.get(q, 0) for q in range(s.n))
        if p.god is None:
            return parts + self._unchosen(
                "wof-resolve", "Resolve the adventure", "tap the god the Olympus card shows"
            )
        return parts + self.check_and_commit(
            Resolve(p.god, p.olympus, totals), "wof-resolve", "Resolve the adventure"
        )

    # journey and wandering

    def _sail_buttons(self, kind: str, god: str | None = None) -> list[ft.Control]:
        s = self.state
        options = [a for a in self.legal() if a.kind == kind and (god is None or a.god == god)]  # type: ignore[attr-defined]
        known = [a for a in options if not a.to]  # type: ignore[attr-defined]
        suffix = f"-{god}" if god else ""
        if known:
            verdict = self.ctx.check(known[0])
            return [
                widgets.verdict_box(verdict, f"wof-sail{suffix}-verdict", self.ctx.open_rule),
                button(f"wof-sail{suffix}", "Sail on", self.commit(known[0]), filled=True),
            ]
        return [
            theme.muted("Where does the path lead? Tap the place; the app remembers it.", 13),
            wrap(
                [
                    button(
                        f"wof-to{suffix}-{a.to}",  # type: ignore[attr-defined]
                        node_label(a.to, s.board),
                        self.commit(a),
                    )  # type: ignore[attr-defined]
                    for a in options
                ]
            ),
        ]

    def _journey(self) -> list[ft.Control]:
        s = self.state
        path = "calm" if s.won else "stormy"
        return [
            theme.muted(
                f"The adventure was {'won' if s.won else 'lost'}: the {path} path. "
                "1 crew is lost on the way.",
                13,
            ),
            *self._sail_buttons("wof.journey"),
        ]

    def _wander(self) -> list[ft.Control]:
        parts: list[ft.Control] = [
            theme.muted(
                "Turn over an Olympus card: Athena takes the calm path, Poseidon the stormy one.",
                13,
            )
        ]
        for god in ("athena", "poseidon"):
            parts.append(ft.Text(god.title(), weight=ft.FontWeight.W_600))
            parts += self._sail_buttons("wof.wander", god)
        return parts

    # ----- secrets: destiny cards ----------------------------------------------------------

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
            return pictures.box("wof-secrets", "Destiny cards", parts)
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
        return pictures.box("wof-secrets", f"{name}'s destiny cards (private)", parts + form)

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

    # ----- payoff table and paths --------------------------------------------------------

    def _payoffs(self) -> ft.Control | None:
        s = self.state
        if s.phase in ("setup", "over"):
            return None
        seat = self._secret_seat()
        view = s
        if seat is not None and self.ctx.seat is None and self.ctx.reveal:
            view = self.ctx.reveal(seat)
        data = pictures.payoff_data(view, seat)
        return self.ctx.kept("wof-payoffs", data, lambda: pictures.payoff_picture(data))

    def _paths(self) -> ft.Control | None:
        s, p = self.state, self.picks
        if s.phase in ("setup", "over") or not self.ctx.can_act:
            return None
        known = tuple(
            f"{node_label(k.split(':')[0], s.board)} {k.split(':')[1]} → {node_label(v, s.board)}"
            for k, v in sorted(s.paths.items())
        )
        action = SetPath(p.path_node, p.path_kind, p.path_to) if p.path_to else None
        verdict = self.ctx.check(action) if action is not None else None
        # The known paths, the board's names, this screen's picks and the verdict on them:
        # all it draws. Its taps pick on the panel on screen.
        inputs = (known, s.board, p.path_node, p.path_kind, p.path_to, verdict)
        return self.ctx.kept_routed(
            "wof-paths",
            inputs,
            lambda route: self._paths_box(route, known, action, verdict),
            self,
        )

    def _paths_box(
        self,
        route: Route,
        known: tuple[str, ...],
        action: SetPath | None,
        verdict: Verdict | None,
    ) -> ft.Control:
        s, p = self.state, self.picks
        parts: list[ft.Control] = [
            theme.muted("; ".join(known) if known else "No path entered yet.", 12)
        ]
        parts.append(
            wrap(
                [
                    button(
                        f"wof-path-from-{n}",
                        node_label(n, s.board),
                        lambda _, n=n: route.to.pick("paths", path_node=n),
                        filled=p.path_node == n,
                    )
                    for n in NODES
                    if n != ITHACA
                ]
            )
        )
        parts.append(
            wrap(
                [
                    button(
                        f"wof-path-{k}",
                        k.title(),
                        lambda _, k=k: route.to.pick("paths", path_kind=k),
                        filled=p.path_kind == k,
                    )
                    for k in ("calm", "stormy")
                ]
            )
        )
        parts.append(
            wrap(
                [
                    button(
                        f"wof-path-to-{n}",
                        "→ " + node_label(n, s.board),
                        lambda _, n=n: route.to.pick("paths", path_to=n),
                        filled=p.path_to == n,
                    )
                    for n in NODES
                    if n != p.path_node
                ]
            )
        )
        if action is not None and verdict is not None:
            parts += [
                widgets.verdict_box(verdict, "wof-set-path-verdict", self.ctx.open_rule),
                button(
                    "wof-set-path",
                    "Save this path",
                    self.commit(action),
                    filled=True,
                    disabled=not verdict.legal,
                ),
            ]
        return pictures.box("wof-paths", "Board paths (edit to match your board)", parts)


__all__ = ["WofPanel", "build_panel"]
