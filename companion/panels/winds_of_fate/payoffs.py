"""The payoff table and the board's paths (editable to match the printed board)."""

from __future__ import annotations

import flet as ft

from rules.core import Verdict
from rules.winds_of_fate import (
    SetPath,
)
from rules.winds_of_fate.components import (
    ITHACA,
    NODES,
    node_label,
)

from ... import theme
from .. import widgets
from ..base import Route
from . import pictures
from .parts import button, wrap


class PayoffsAndPaths:
    """Part of ``WofPanel``: the payoff table and the paths box."""

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
        return widgets.titled_card(
            "wof-paths",
            "Board paths (edit to match your board)",
            parts,
            title_size=pictures.CARD_TITLE,
        )
