"""Winds of Fate at table start: the encounter tiles laid, the turn order, and who still
records their destiny cards."""

from __future__ import annotations

import flet as ft

from rules.winds_of_fate import (
    LayBoard,
)
from rules.winds_of_fate.components import (
    ENCOUNTER_TILES,
    TILE_NAMES,
)

from ... import theme
from .parts import button, wrap


class SetupMoves:
    """Part of ``WofPanel``: the setup form."""

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
