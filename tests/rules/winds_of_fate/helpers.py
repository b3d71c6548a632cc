"""Short ways to bring a Winds of Fate table to the moment a test is about."""

from __future__ import annotations

from dataclasses import replace

from rules.core import Action
from rules.winds_of_fate import (
    GAME,
    ClaimReward,
    Journey,
    LayBoard,
    Pass,
    RecordDestiny,
    Resolve,
    RevealRewards,
    Skip,
    WofOptions,
    WofState,
)

NAMES = ("Tom", "Ann", "Bo")
TILES = (
    "scylla",  # space 1
    "aeolia",  # space 2
    "scheria",  # space 3
    "circe",  # space 4
    "cyclops",  # space 5
    "charybdis",  # space 6
    "lotophagi",  # space 7
    "sirens",  # space 8
    "calypso",  # space 9
)
"""Laestrygonians is the tile set aside."""


def do(state: WofState, *actions: Action) -> WofState:
    for act in actions:
        state = GAME.apply(state, act)
    return state


def started(names: tuple[str, ...] = NAMES, tiles: tuple[str, ...] = TILES) -> WofState:
    """Setup done: board laid, turn order = seat order, everyone's destiny recorded
    (cards safe/dead/stranded at positions 0/1/2, first chip on Safe Return)."""
    s = GAME.setup(WofOptions(players=names))
    s = do(s, LayBoard(tiles, tuple(range(len(names)))))
    for seat in range(len(names)):
        s = do(s, RecordDestiny(seat, ("safe", "dead", "stranded"), 0))
    return s


def skip_all(s: WofState) -> WofState:
    while s.phase in ("bets", "destiny"):
        s = do(s, Skip(s.queue[0]))
    return s


def adventure(
    s: WofState, won: bool, red: int = 1, claims: dict[int, ClaimReward] | None = None
) -> WofState:
    """Reveal tiles with red number ``red``, everyone passes, everyone claims (``claims``
    overrides a seat's claim), the Olympus card decides: Athena 5 or Poseidon 5."""
    s = do(s, RevealRewards((red,) * (2 * s.n if s.at == "ithaca" else s.n)))
    while s.phase == "play":
        s = do(s, Pass(s.queue[0]))
    taken: set[int] = {i for i, t in enumerate(s.rewards) if t.claimed_by is not None}
    while s.phase == "claim":
        seat = s.queue[0]
        tile = min(i for i in range(len(s.rewards)) if i not in taken)
        taken.add(tile)
        act = (claims or {}).get(seat, ClaimReward(seat, tile))
        s = do(s, replace(act, tile=tile))
    god = "athena" if won else "poseidon"
    return do(s, Resolve(god, 5, (0,) * s.n))


def sail(s: WofState, to: str = "") -> WofState:
    return do(s, Journey(to))


def pass_all(s: WofState) -> WofState:
    """Everyone still in the adventure passes, in turn."""
    while s.phase == "play":
        s = do(s, Pass(s.queue[0]))
    return s


def claim_all(s: WofState) -> WofState:
    """Each player in the new turn order claims the first unclaimed tile (nothing on it)."""
    while s.phase == "claim":
        tile = next(i for i, t in enumerate(s.rewards) if t.claimed_by is None)
        s = do(s, ClaimReward(s.queue[0], tile))
    return s
