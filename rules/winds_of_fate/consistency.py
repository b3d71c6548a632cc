"""What a Winds of Fate position must satisfy to have come from play, beyond the per-seat
lengths of ``corrections.state_problems`` and the chip counts of ``corrections.invariants``:
names as setup takes them, a board of nine different tiles, paths and a voyage that stay
on the board, bets and rewards owned by real seats, and an ending that agrees with where
the marker stands.

Used by ``Game.validate_state`` for a state handed in from outside (``python -m rules
check`` with a ``"state"``), never on the live path. Crew, round, VP, chips and hands may
be corrected to anything in bounds at any time, so nothing here ties them to the rest.
"""

from __future__ import annotations

from .components import ENCOUNTER_TILES, ITHACA, NODES, START_CHIPS, TROY
from .state import WofState

_PATHS = ("calm", "stormy")
_ARRIVALS = ("start", "calm", "stormy")
_KINDS = ("", "help", "hinder")
_STEPS = {"bets": ("bet", "circe"), "draws": ("sirens", "calm-arrival")}
"""The steps an encounter's queue may be for, by phase; every other phase has none."""


def state_problems(s: WofState) -> list[str]:
    """Everything in ``s`` that no table could have reached, in plain words. Assumes the
    per-seat lengths were checked first."""
    return _names(s) + _board(s) + _voyage(s) + _seats(s) + _ending(s)


def _names(s: WofState) -> list[str]:
    if any(not n.strip() or n != n.strip() for n in s.players):
        return ["player names are never blank and have no spaces at the ends"]
    if len(set(s.players)) != len(s.players):
        return ["two players share a name"]
    if not START_CHIPS * len(s.players) <= s.chips_total <= 1000:
        return [f"the box holds {START_CHIPS * len(s.players)} to 1000 bet chips"]
    return []


def _board(s: WofState) -> list[str]:
    out: list[str] = []
    if s.board and (len(set(s.board)) != len(s.board) or not set(s.board) <= set(ENCOUNTER_TILES)):
        out.append("the board holds nine different encounter tiles from the box")
    for key, to in s.paths.items():
        node, _, path = key.partition(":")
        if node not in NODES or node == ITHACA or path not in _PATHS:
            out.append(f"{key!r} names no path on the board")
        elif to not in NODES or to == node:
            out.append(f"the {path} path from {node} cannot lead to {to!r}")
    return out


def _voyage(s: WofState) -> list[str]:
    out: list[str] = []
    if not s.voyage or s.voyage[0] != TROY or s.voyage[-1] != s.at:
        out.append(f"Odysseus stands on {s.at!r}, not on the last place of his voyage")
    if ITHACA in s.voyage[:-1]:
        out.append("the voyage goes on after Ithaca")
    if s.arrived_by not in _ARRIVALS:
        out.append(f"Odysseus cannot arrive by {s.arrived_by!r}")
    down = set(s.face_down)
    if len(down) != len(s.face_down) or ITHACA in down or not down <= set(s.voyage):
        out.append("only places the voyage has left are turned face down, each once")
    if s.adventure not in (1, 2) or (s.adventure == 2 and s.at != ITHACA):
        out.append("a second adventure is played only on Ithaca")
    if s.phase in ("journey", "wander") and s.at == ITHACA:
        out.append("the voyage ends on Ithaca: no journey leaves it")
    if s.phase == "wander" and s.at not in down:
        out.append("Odysseus wanders only from a face-down place")
    if s.step not in _STEPS.get(s.phase, ("",)):
        out.append(f"phase {s.phase!r} has no step {s.step!r}")
    if s.kind not in _KINDS:
        out.append(f"an adventure's cards are Help or Hinder, not {s.kind!r}")
    if s.draw_count < 0:
        out.append("a negative number of cards is to be drawn")
    return out


def _seats(s: WofState) -> list[str]:
    out: list[str] = []
    n = len(s.players)
    for bet in s.bets:
        if not 0 <= bet.seat < n:
            out.append(f"a bet belongs to seat {bet.seat}, which does not exist")
    at_ithaca = s.at == ITHACA
    if len(s.rewards) > (2 if at_ithaca else 1) * n:
        out.append(f"{len(s.rewards)} reward tiles are out for {n} players")
    if any(c is not None and c < 0 for c in s.contrib) or any(
        v < 0 for v in (*s.played, *s.specials)
    ):
        out.append("a count of cards played is negative")
    return out


def _ending(s: WofState) -> list[str]:
    if s.ending == "safe" and s.at != ITHACA:
        return ["a Safe Return ends on Ithaca"]
    if s.ending == "stranded" and s.at == ITHACA:
        return ["Odysseus is not Stranded at Sea once he stands on Ithaca"]
    return []
