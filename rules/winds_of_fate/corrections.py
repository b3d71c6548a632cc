"""Winds of Fate: counters a correction may set, and the invariants every state keeps.

Bet chips are conserved: supply + unused + on bets + on destiny cards = the box's chips.
Correcting a player's unused chips therefore moves chips to or from the supply.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from . import consistency
from .components import ENDINGS, LAST_ROUND, NODES
from .guards import replace_at
from .state import WofState

MAX_CREW = 99
MAX_VP = 9999
MAX_HAND = 999
"""Deck sizes are not tracked (cards come back as players discard), so hands are bounded loosely."""


def counters(s: WofState) -> Mapping[str, tuple[int, int]]:
    out: dict[str, tuple[int, int]] = {"crew": (0, MAX_CREW), "round": (1, LAST_ROUND)}
    for seat, name in enumerate(s.players):
        out[f"{name} VP"] = (0, MAX_VP)
        out[f"{name} chips"] = (0, s.held[seat] + s.supply)
        out[f"{name} Help cards"] = (0, MAX_HAND)
        out[f"{name} Hinder cards"] = (0, MAX_HAND)
    return out


def counter_values(s: WofState) -> Mapping[str, int]:
    out = {"crew": s.crew, "round": s.round}
    for seat, name in enumerate(s.players):
        out[f"{name} VP"] = s.vp[seat]
        out[f"{name} chips"] = s.held[seat]
        out[f"{name} Help cards"] = s.hand_help[seat]
        out[f"{name} Hinder cards"] = s.hand_hinder[seat]
    return out


def set_counter(s: WofState, counter: str, value: int) -> WofState:
    if counter == "crew":
        s = replace(s, crew=value)
        if value == 0 and s.phase not in ("setup", "over"):
            s = replace(s, phase="over", ending="dead", queue=(), step="")
        return s
    if counter == "round":
        return replace(s, round=value)
    name, _, what = counter.rpartition(" ")
    if what == "cards":
        name, _, deck = name.rpartition(" ")
        what = deck
    seat = s.players.index(name)
    if what == "VP":
        return replace(s, vp=replace_at(s.vp, seat, value))
    if what == "chips":
        return replace(
            s, held=replace_at(s.held, seat, value), supply=s.supply + s.held[seat] - value
        )
    if what == "Help":
        return replace(s, hand_help=replace_at(s.hand_help, seat, value))
    return replace(s, hand_hinder=replace_at(s.hand_hinder, seat, value))


def state_problems(s: WofState) -> list[str]:
    """Structural problems: per-seat lists of the wrong length, unknown places or phases."""
    n = len(s.players)
    problems = []
    if not 3 <= n <= 5:
        problems.append(f"{n} players; the game takes 3 to 5")
    for name in ("held", "vp", "hand_help", "hand_hinder", "destiny_chips", "destiny_cards"):
        if len(getattr(s, name)) != n:
            problems.append(f"{name} does not have one entry per player")
    for name in ("played", "specials", "contributed", "contrib"):
        if len(getattr(s, name)) not in (0, n):
            problems.append(f"{name} does not have one entry per player")
    if sorted(s.order) != list(range(n)):
        problems.append("the turn order does not list every seat once")
    if s.at not in NODES or any(v not in NODES for v in s.voyage):
        problems.append("Odysseus stands on an unknown place")
    if any(q not in range(n) for q in s.queue) or len(set(s.queue)) != len(s.queue):
        problems.append("the queue of players to act is not a list of distinct seats")
    if any(p not in range(n) for p in s.passed):
        problems.append("an unknown seat passed")
    if (s.phase == "over") != bool(s.ending) or (s.ending and s.ending not in ENDINGS):
        problems.append("the phase and the ending disagree")
    if s.board and len(s.board) != 9:
        problems.append("the board holds nine tiles")
    if s.phase not in ("setup", "over") and not (s.board and all(s.destiny_cards)):
        problems.append("play has started before setup was complete")
    if problems:
        return problems
    return consistency.state_problems(s)


def invariants(s: WofState) -> list[str]:
    broken = []
    if s.crew < 0:
        broken.append(f"crew is {s.crew}")
    if not 1 <= s.round <= LAST_ROUND:
        broken.append(f"round is {s.round}")
    counts = [s.supply, *s.held, *(b.chips for b in s.bets)]
    counts += [c for stack in s.destiny_chips for c in stack]
    if any(c < 0 for c in counts):
        broken.append("a chip count is negative")
    total = s.supply + sum(s.held) + s.chips_on_board()
    if total != s.chips_total:
        broken.append(f"{total} bet chips are accounted for; the box has {s.chips_total}")
    if any(v < 0 for v in (*s.vp, *s.hand_help, *s.hand_hinder)):
        broken.append("a VP or hand count is negative")
    if any(not 1 <= b.space <= LAST_ROUND or b.chips < 1 for b in s.bets):
        broken.append("a bet lies off the round track or is empty")
    for cards in s.destiny_cards:
        if cards and sorted(cards) != sorted(ENDINGS):
            broken.append("a player's destiny cards are not one of each")
    if any(
        r.claimed_by is not None and r.claimed_by not in range(len(s.players)) for r in s.rewards
    ):
        broken.append("a reward tile is claimed by an unknown seat")
    return broken
