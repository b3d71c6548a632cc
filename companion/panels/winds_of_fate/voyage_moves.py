"""The voyage of a Winds of Fate round: the turn tile resolved (the Olympus card, each
player's secret total), then the journey or the wandering by sail."""

from __future__ import annotations

import flet as ft

from rules.winds_of_fate import (
    Contribute,
    Resolve,
)
from rules.winds_of_fate.components import (
    node_label,
)

from ... import theme
from .. import widgets
from .parts import button, wrap


class VoyageMoves:
    """Part of ``WofPanel``: the voyage's forms."""

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
