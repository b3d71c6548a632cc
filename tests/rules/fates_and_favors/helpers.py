"""Building Fates and Favors positions for tests."""

from __future__ import annotations

from dataclasses import replace

from rules.fates_and_favors import GAME, QUARRY, FfOptions, FfState, board

RED, BLUE, YELLOW, GREEN = range(4)
B = board()


def table(mode: str = "2v2", **columns: list[int]) -> FfState:
    """A fresh ``mode`` table with the named colours' columns placed (the rest of a colour's
    four wait in its quarry); colours not named keep their starting places."""
    state = GAME.setup(FfOptions(mode=mode))  # type: ignore[arg-type]
    cols = list(state.columns)
    for name, spaces in columns.items():
        c = ("red", "blue", "yellow", "green").index(name)
        cols[c * 4 : c * 4 + 4] = sorted([*spaces, *[QUARRY] * (4 - len(spaces))])
    return replace(state, columns=tuple(cols))


def at(state: FfState, colour: int) -> list[int]:
    return [p for p in state.columns[colour * 4 : colour * 4 + 4] if p != QUARRY]


def sites(colour: int) -> list[int]:
    return [B.temple(colour, k) for k in range(2, 6)]


def starting_places(arm: int) -> tuple[int, ...]:
    """ff.setup.columns on a board of ``arm`` spaces per side: per colour, three columns in
    the quarry and one on the quarry exit, two spaces past the colour's inner corner."""
    bay = 2 * arm + 2
    return tuple(p for c in range(4) for p in (QUARRY, QUARRY, QUARRY, c * bay + arm + 2))
