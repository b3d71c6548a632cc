"""Scales of Fate: the candidate actions to test for legality, and random ones for tests.

Candidates are generous; the game keeps only those its checks accept. An Age's setup
(entered from the box) and private notes (free text) are not enumerated.
"""

from __future__ import annotations

import random
from itertools import combinations

from rules.core import Action

from . import deduction
from .actions import (
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
from .age_setup import random_setup
from .components import DEMIGODS, SERVANT_KINDS, SERVANT_TOKENS, SLOTS, TILE_POSITIONS
from .state import SofState


def candidates(state: SofState) -> list[Action]:
    """Every action worth checking in ``state`` (none once the game is over)."""
    if state.phase == "deal":
        return [DealDemigods(seat, p) for seat in (0, 1) for p in deduction.all_pairs()]
    if state.phase == "announce":
        return [Announce(seat, fits) for seat in (0, 1) for fits in (True, False)]
    if state.phase == "guess":
        return [FinalGuess(seat, p) for seat in (0, 1) for p in deduction.all_pairs()]
    if state.phase == "play":
        return play_candidates(state)
    return []


def play_candidates(state: SofState) -> list[Action]:
    """The seat to act's passes, god powers, servant and demigod placements."""
    seat = state.turn
    out: list[Action] = [Pass(seat)]
    for power in state.powers_left():
        if power == "smite":
            out += [GodSmite(seat, d) for d in DEMIGODS]
        elif power == "switch":
            out += [GodSwitch(seat, a, b) for a, b in combinations(DEMIGODS, 2)]
        else:
            out += [GodSteal(seat, k) for k in SERVANT_KINDS]
    if state.passed[seat]:
        return out
    # two held Hadria's tokens place the same way: list each slot once
    for kind in sorted({SERVANT_TOKENS[token] for token in state.held(seat)}):
        out += [PlaceServant(seat, kind, slot) for slot in SLOTS]
    off = state.off_board()
    for tile in state.open_tiles():
        for d in off:
            if tile.flipped or tile.action in SERVANT_KINDS:
                out.append(PlaceDemigod(seat, d, tile.position))
            elif tile.action == "abyss-fate":
                out += [
                    PlaceDemigod(seat, d, tile.position, direction=x) for x in ("left", "right")
                ]
            else:
                targets = [t for t in off if t != d]
                if targets:
                    out += [PlaceDemigod(seat, d, tile.position, target=t) for t in targets]
                else:
                    out.append(PlaceDemigod(seat, d, tile.position))
    return out


def random_picks(state: SofState, rng: random.Random) -> list[Action]:
    """A handful of random, often illegal actions (and a random layout while setting up)."""
    seat = rng.randrange(2)
    demigod = rng.choice(DEMIGODS)
    picks: list[Action] = [
        PlaceDemigod(
            seat,
            demigod,
            rng.choice(list(TILE_POSITIONS)),
            target=rng.choice((None, *DEMIGODS)),
        ),
        PlaceServant(seat, rng.choice(SERVANT_KINDS), rng.choice(list(SLOTS))),
        GodSwitch(seat, demigod, rng.choice(DEMIGODS)),
        Pass(seat),
        Note(seat, demigod, rng.choice(("", "bluffing?", "likely"))),
    ]
    if state.phase == "setup":
        picks.append(random_setup(state, rng))
    return picks
