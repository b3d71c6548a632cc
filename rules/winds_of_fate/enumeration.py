"""Winds of Fate: candidate actions for ``legal_actions`` and random testing.

Numbers the players read off cards and tiles (red numbers, card totals, Olympus values,
rewards) cannot be enumerated; a few representative values stand in for them. Board paths
(``SetPath``) are data entry and left out of the enumeration.
"""

from __future__ import annotations

import random

from rules.core import Action

from .actions import (
    BetDestiny,
    ClaimReward,
    Contribute,
    Destiny,
    Draw,
    Journey,
    LayBoard,
    MoveBet,
    Pass,
    PlaceBet,
    PlayCard,
    PlaySpecial,
    RecordDestiny,
    Resolve,
    RevealRewards,
    SetPath,
    Skip,
    TakeChip,
    Wander,
)
from .adventure import pass_tile, reward_count
from .components import ENCOUNTER_TILES, ENDINGS, LAST_ROUND, NODES, TURN_TILE_CARDS
from .state import WofState

_PERMS = (("safe", "dead", "stranded"), ("stranded", "safe", "dead"), ("dead", "stranded", "safe"))


def candidates(s: WofState) -> list[Action]:
    out: list[Action] = []
    n = s.n
    if s.phase == "setup":
        if not s.board:
            out.append(LayBoard(ENCOUNTER_TILES[:9], tuple(range(n))))
            out.append(LayBoard(ENCOUNTER_TILES[1:], tuple(reversed(range(n)))))
        for seat in range(n):
            if not s.destiny_cards[seat]:
                out += [RecordDestiny(seat, perm, i) for i, perm in enumerate(_PERMS)]
    elif s.phase == "bets" and s.queue:
        seat = s.queue[0]
        out += [PlaceBet(seat, space) for space in range(s.round, LAST_ROUND + 1)]
        out += [BetDestiny(seat, p) for p in range(3)]
        out.append(Skip(seat))
        if s.step == "circe":
            out.append(TakeChip(seat))
            for b in s.bets_of(seat):
                out += [MoveBet(seat, b.space, b.space - 1), MoveBet(seat, b.space, b.space + 1)]
    elif s.phase == "destiny":
        for seat in s.queue:
            out += [Destiny(seat, p) for p in range(3)]
            out.append(Skip(seat))
    elif s.phase == "draws" and s.queue:
        out += [Draw(s.queue[0], h) for h in range(s.draw_count + 1)]
    elif s.phase == "reveal":
        k = reward_count(s)
        out += [RevealRewards((1,) * k), RevealRewards((0,) * k), RevealRewards((2,) * k)]
    elif s.phase == "play" and s.queue:
        seat = s.queue[0]
        out += [PlayCard(seat, "help"), PlayCard(seat, "hinder")]
        out += [PlaySpecial(seat, "vp", "help"), PlaySpecial(seat, "draw", "hinder", 1)]
        out += [PlaySpecial(seat, "advance", "hinder")]
        cards = TURN_TILE_CARDS[pass_tile(s)] if len(s.passed) < n else 0
        out += [Pass(seat, h) for h in range(cards + 1)]
        out += [Contribute(p, 3 * s.played[p]) for p in range(n) if s.played[p]]
    elif s.phase == "claim" and s.queue:
        seat = s.queue[0]
        for i, tile in enumerate(s.rewards):
            if tile.claimed_by is None:
                out += [ClaimReward(seat, i, vp=1), ClaimReward(seat, i, chips=1, help=1)]
    elif s.phase == "resolve":
        totals = tuple(3 * p for p in s.played)
        for god in ("athena", "poseidon"):
            out += [Resolve(god, 2, totals), Resolve(god, 5, ()), Resolve(god, 0, totals)]
        out += [Contribute(p, 2 * s.played[p]) for p in range(n) if s.played[p]]
    elif s.phase == "journey":
        out += [Journey("")] + [Journey(node) for node in NODES]
    elif s.phase == "wander":
        for god in ("athena", "poseidon"):
            out += [Wander(god, "")] + [Wander(god, node) for node in NODES]
    return out


def random_picks(s: WofState, rng: random.Random) -> list[Action]:
    """A few random, mostly illegal actions of every kind."""
    n = s.n
    seat = rng.randrange(-1, n + 1)
    return [
        PlaceBet(seat, rng.randrange(0, 14)),
        Destiny(seat, rng.randrange(-1, 4)),
        PlayCard(seat, rng.choice(["help", "hinder", "joker"])),
        Pass(seat, rng.randrange(-1, 5)),
        RevealRewards(tuple(rng.randrange(-1, 4) for _ in range(rng.randrange(0, 11)))),
        Resolve(rng.choice(["athena", "poseidon", "zeus"]), rng.randrange(-1, 9)),
        Journey(rng.choice([*NODES, "atlantis", ""])),
        SetPath(rng.choice(NODES), rng.choice(["calm", "stormy"]), rng.choice(NODES)),
        RecordDestiny(seat, tuple(rng.sample(ENDINGS, 3)), rng.randrange(0, 3)),
        ClaimReward(seat, rng.randrange(-1, 6), vp=rng.randrange(0, 5)),
        Skip(seat),
    ]
