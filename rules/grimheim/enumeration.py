"""Grimheim: the candidate actions to test for legality, and random ones for tests.

Candidates are the table's usual next steps (moves are single areas; attacks report the
monster's remaining health plus armor as damage); the game keeps those its checks accept.
"""

from __future__ import annotations

import random

from rules.core import Action

from . import data
from . import heroes as hx
from . import state as geometry
from .actions import (
    AdvanceTime,
    Attack,
    EndTurn,
    Focus,
    Gain,
    HeroDamage,
    Mend,
    MonsterDie,
    MonstersAttack,
    MonstersMove,
    Move,
    PlaceCard,
    Practice,
    Prepare,
    RedrawCard,
    SkipCard,
)
from .hero_turn import STARTING_ABILITY, UPGRADES
from .monster_moves import expected_moves
from .monsters import monster_stats
from .state import GrimheimState


def candidates(state: GrimheimState) -> list[Action]:
    """The usual next steps in ``state``'s phase (the game filters them by legality)."""
    cands: list[Action] = []
    if state.phase == "reinforce":
        for n, card in data.load().cards.items():
            if card.deck == state.reinforce_deck:
                cands += [PlaceCard(n), RedrawCard(n)]
        cands.append(SkipCard())
    elif state.phase == "monsters":
        if state.monster_step == "move":
            cands.append(expected_moves(state))
        cands += [
            AdvanceTime(),
            *(MonsterDie(face) for face in data.load().monster_die if face != "ambush"),
            MonstersAttack({}),
        ]
    elif state.phase == "heroes":
        hero = state.heroes[state.turn]
        name = hero.name
        cands += [Prepare(name), Practice(name), Focus(name, STARTING_ABILITY)]
        cands += [Focus(name, card) for card in hero.mana if card != STARTING_ABILITY]
        heal = min(hero.damage, hx.mend_limit(hero))
        cands.append(Mend(name, hero_damage=heal))
        for h in geometry.neighbours(hero.at):
            cands.append(Move(name, (h,)))
        for t in state.monsters:
            left = monster_stats(t)[1] - t.damage
            cands.append(Attack(name, t.at, damage=left + monster_stats(t)[3]))
        cands += [EndTurn(name), *(EndTurn(name, upgrade=u) for u in UPGRADES)]
    return cands


def random_picks(state: GrimheimState, rng: random.Random) -> list[Action]:
    """A handful of random, often illegal actions for a random hero at this table."""
    hero = rng.choice([h.name for h in state.heroes])
    area = (rng.randrange(1, 18), rng.randrange(1, 18))
    return [
        Practice(hero),
        Prepare(hero, discard=rng.randrange(0, 2)),
        Mend(hero, hero_damage=rng.randrange(0, 4)),
        Move(hero, (area,)),
        Attack(hero, area, damage=rng.randrange(0, 6)),
        PlaceCard(rng.randrange(0, 56)),
        AdvanceTime(),
        EndTurn(hero, upgrade=rng.choice(("none", *UPGRADES))),
        Gain(hero, xp=rng.randrange(-2, 3)),
        HeroDamage(hero, rng.randrange(0, 4)),
        MonstersMove(),
        MonstersAttack({hero: rng.randrange(0, 3)}),
    ]
