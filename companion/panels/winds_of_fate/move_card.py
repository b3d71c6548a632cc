"""The Winds of Fate move card: the box for the current phase, who is to act, and the
small pieces every phase's form uses (a stepper, a nudge, a legal move found by kind)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from ... import theme
from .. import widgets
from . import pictures


class MoveCard:
    """Part of ``WofPanel``: the move card for the phase, drawing each phase's form from
    ``SetupMoves``, ``RoundMoves`` and ``VoyageMoves``."""

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
        return widgets.titled_card("wof-move", title, parts, title_size=pictures.CARD_TITLE)

    def _waiting(self, seat: int) -> list[ft.Control]:
        return [theme.muted(f"Waiting for {self.state.players[seat]}.", 14)]

    def _find(self, kind: str, **fields: Any) -> Any:
        for a in self.legal():
            if a.kind == kind and all(getattr(a, k) == v for k, v in fields.items()):
                return a
        return None

    def _stepper(
        self, label: str, ident: str, value: int, on_step: Callable[[int], None]
    ) -> ft.Control:
        return widgets.labelled_stepper(
            label, ident, widgets.step_value(str(value), width=40), on_step
        )

    def _nudge(self, values: dict[Any, int], key: Any, delta: int, high: int = 99) -> None:
        values[key] = max(0, min(high, values.get(key, 0) + delta))
        self.pick()
