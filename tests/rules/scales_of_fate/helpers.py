"""Shared builders for the Scales of Fate tests: a fixed Age 1 board and quick states."""

from __future__ import annotations

from dataclasses import replace

from rules.core import Action, IllegalAction, Verdict
from rules.scales_of_fate import (
    GAME,
    Criterion,
    DealDemigods,
    PlacedQuest,
    SetupAge,
    SofOptions,
    SofState,
    TileSpec,
)

# (row, col): (dark, special, change)
#   D+3  D-1  L+1
#   L-1  D+2* L+2      (* special)
#   D+1  L-2  D+2
BOARD: dict[tuple[int, int], tuple[bool, bool, int]] = {
    (0, 0): (True, False, 3),
    (0, 1): (True, False, -1),
    (0, 2): (False, False, 1),
    (1, 0): (False, False, -1),
    (1, 1): (True, True, 2),
    (1, 2): (False, False, 2),
    (2, 0): (True, False, 1),
    (2, 1): (False, False, -2),
    (2, 2): (True, False, 2),
}

TILES: tuple[TileSpec, ...] = (
    TileSpec("h00", "smite"),
    TileSpec("h01", "abyss-fate"),
    TileSpec("v00", "penance"),
    TileSpec("v01", "vesper"),
    TileSpec("v02", "hadria"),
    TileSpec("h10", "hadria"),
    TileSpec("h21", "abyss-fate"),
)


def board_quests(
    board: dict[tuple[int, int], tuple[bool, bool, int]] = BOARD,
) -> tuple[PlacedQuest, ...]:
    return tuple(PlacedQuest(r, c, *board[(r, c)]) for r in range(3) for c in range(3))


def age1_setup(
    tiles: tuple[TileSpec, ...] = TILES,
    criterion: Criterion | None = None,
    abyss: tuple[int, int] = (-2, 3),
) -> SetupAge:
    return SetupAge(
        age=1,
        quests=board_quests(),
        tiles=tiles,
        abyss_left=abyss[0],
        abyss_right=abyss[1],
        criterion=criterion or Criterion(min_renown=8),
    )


ANA = ("Pentha", "Klar")
BEN = ("Naka", "Belan")


def dealt() -> SofState:
    """Ana (seat 0, first player) and Ben have their demigods; Age 1 awaits its board."""
    state = GAME.setup(SofOptions(players=("Ana", "Ben"), first_player=0))
    state = GAME.apply(state, DealDemigods(0, ANA))
    return GAME.apply(state, DealDemigods(1, BEN))


def playing(tiles: tuple[TileSpec, ...] = TILES, **kw: object) -> SofState:
    """Age 1 in play on the fixed board, Ana to act."""
    return GAME.apply(dealt(), age1_setup(tiles, **kw))  # type: ignore[arg-type]


def at(state: SofState, **places: str) -> SofState:
    """``state`` with the named demigods moved (test shortcut; no rules involved)."""
    where = dict(state.where)
    where.update(places)
    return replace(state, where=where)


def with_renown(state: SofState, **values: int) -> SofState:
    renown = dict(state.renown)
    renown.update(values)
    return replace(state, renown=renown)


def run(state: SofState, *actions: Action) -> SofState:
    for act in actions:
        state = GAME.apply(state, act)
        assert GAME.invariants(state) == [], GAME.invariants(state)
    return state


def refused(state: SofState, act: Action) -> Verdict:
    """The verdict of an illegal ``act``; also checks apply refuses it the same way."""
    verdict = GAME.check(state, act)
    assert not verdict.legal, verdict
    try:
        GAME.apply(state, act)
    except IllegalAction as exc:
        assert exc.verdict == verdict
    else:  # pragma: no cover - a failure path
        raise AssertionError("apply accepted an illegal action")
    return verdict
