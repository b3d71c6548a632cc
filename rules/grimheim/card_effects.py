"""Grimheim: free actions and card effects, usable whenever the table resolves a card.

Damage a card deals to a monster or a hero, gains and losses of gold/XP, cards, mana, health
and equipment damage, sharing gold between neighbouring heroes, and moving a hero by an effect.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from rules.core import Verdict
from rules.core.words import counted

from . import heroes as hx
from . import state as geometry
from .actions import DealDamage, Gain, HeroDamage, PlaceHero, ShareGold
from .guards import (
    Handlers,
    card_problem,
    damage_problem,
    hero_problem,
    hex_problem,
    phase_text,
    spot,
)
from .monsters import damage_verdict, hurt_monster
from .state import GRIMHEIM, HAND_LIMIT, MAX_CRYSTALS, GrimheimState, gold_in_box, with_hero

MAX_EQUIPMENT_DAMAGE = 40
"""Most damage the app lets equipment hold; only a bound for typos."""


def free_action_problem(
    state: GrimheimState, heroes: tuple[str, ...], *, paying: bool = False
) -> Verdict | None:
    """Why a free action (card effect, shared gold, a hero moved by a card) for ``heroes``
    may not be recorded now, or ``None`` (grim.assume.free_action_timing).

    On a hero turn only the hero whose turn it is acts (sharing gold: it gives or takes).
    During the monster turn only ``paying`` effects are allowed, by any hero: what a
    damage-preventing card costs (a discarded card, mana spent, a damage marker on
    equipment). Reinforcements and the end of the game take no free actions."""
    for name in heroes:
        bad = hero_problem(state, name)
        if bad:
            return bad
    rules = ("grim.assume.free_action_timing", "grim.free.effects")
    if state.phase == "heroes":
        current = state.heroes[state.turn].name
        if current not in heroes:
            return Verdict.no(
                f"It is {current}'s turn: free actions belong to the hero whose turn it is, "
                f"not to {' or '.join(heroes)}.",
                *rules,
            )
        return None
    if state.phase == "monsters" and paying:
        return None
    if state.phase == "monsters":
        return Verdict.no(
            "During the monster turn only the cost of preventing damage is recorded "
            "(a discarded card, mana spent, a damage marker on equipment).",
            *rules,
        )
    return Verdict.no(f"No free actions now: it is {phase_text(state)}.", *rules)


def check_deal_damage(state: GrimheimState, a: DealDamage) -> Verdict:
    bad = free_action_problem(state, (a.hero,))
    if bad:
        return bad
    return damage_verdict(state, a.hero, a.target, a.damage, a.unpreventable, None)


def apply_deal_damage(state: GrimheimState, a: DealDamage) -> GrimheimState:
    return hurt_monster(state, a.hero, a.target, a.damage, a.unpreventable)


def check_hero_damage(state: GrimheimState, a: HeroDamage) -> Verdict:
    bad = hero_problem(state, a.hero)
    if bad:
        return bad
    bad = damage_problem(a.damage, "grim.hero.health")
    if bad:
        return bad
    if state.phase == "reinforce":
        opening = " (the opening monster cards)" if state.time == 1 else ""
        return Verdict.no(
            f"Nothing deals damage while monster cards are placed{opening}: {a.hero} "
            "takes damage only from an attack or a card effect on a turn.",
            "grim.assume.free_action_timing",
            "grim.hero.health",
        )
    if state.phase == "monsters" and not any(t.is_legend for t in state.monsters):
        return Verdict.no(
            "In the monster turn monsters deal damage in the attack step; besides it only a "
            "Legend's card effect deals damage, and no Legend is on the map.",
            "grim.assume.legend_card_effects",
            "grim.mturn.attack",
        )
    if state.hero(a.hero).at == GRIMHEIM:
        return Verdict.no(
            f"{a.hero} is in Grimheim: nothing outside the town can deal damage to a hero "
            "inside it.",
            "grim.map.grimheim_apart",
            "grim.hero.health",
        )
    return Verdict.ok(
        f"{a.hero} takes {a.damage} damage.",
        *hero_damage_rules(state, {a.hero: a.damage}),
        effects=hero_damage_effects(state, {a.hero: a.damage}),
    )


def apply_hero_damage(state: GrimheimState, a: HeroDamage) -> GrimheimState:
    return hx.damage_hero(state, a.hero, a.damage)[0]


def hero_damage_rules(state: GrimheimState, damage: Mapping[str, int]) -> list[str]:
    """The rules behind heroes taking ``damage`` (hero name to amount), knockouts included."""
    rules = ["grim.hero.health"]
    if any(state.hero(n).damage + d >= hx.health(state.hero(n)) for n, d in damage.items()):
        rules.append("grim.hero.knockout")
    return rules


def hero_damage_effects(state: GrimheimState, damage: Mapping[str, int]) -> list[str]:
    """What heroes taking ``damage`` does, in words: new damage, knockouts, a fallen Well."""
    effects = []
    town = state.town
    for name, amount in damage.items():
        hero = state.hero(name)
        total = hero.damage + amount
        if total >= hx.health(hero):
            town = max(0, town - hx.KNOCKOUT_TOWN_LOSS)
            effects.append(
                f"{name} is knocked out: back to Grimheim with {hx.KNOCKOUT_DAMAGE} damage; "
                f"2 town pieces removed (town → {town})"
            )
        elif amount:
            effects.append(f"{name}'s damage → {total} of {hx.health(hero)}")
    if town == 0 and state.town > 0:
        effects.append("Freyja's Well falls: the heroes lose")
    return effects


def check_gain(state: GrimheimState, a: Gain) -> Verdict:
    paying = a.xp == 0 and a.heal == 0 and a.cards <= 0 and a.mana <= 0 and a.equipment >= 0
    bad = free_action_problem(state, (a.hero,), paying=paying)
    if bad:
        return bad
    hero = state.hero(a.hero)
    rule = "grim.free.effects"
    effects = []
    xp = hero.xp + a.xp
    if xp < 0:
        return Verdict.no(
            f"{a.hero} has {hero.xp} gold/XP and cannot spend {-a.xp}.",
            rule,
            "grim.xp.one_resource",
        )
    if a.xp > gold_in_box(state):
        return Verdict.no(
            f"The box holds {counted(gold_in_box(state), 'gold/XP crystal')} "
            f"(of {MAX_CRYSTALS}, shared "
            f"by all heroes); {a.hero} cannot gain {a.xp}.",
            rule,
            "grim.xp.box_limit",
        )
    if a.xp:
        effects.append(f"gold/XP → {xp}")
    hand = hero.hand + a.cards
    if not 0 <= hand <= HAND_LIMIT:
        return Verdict.no(
            f"{a.hero} holds {counted(hero.hand, 'card')}; a hand holds 0 to {HAND_LIMIT}.",
            rule,
            "grim.hero.hand_limit",
        )
    if a.cards:
        effects.append(f"hand → {hand}")
    if a.mana:
        problem = card_problem(a.card)
        if problem:
            return Verdict.no(f"Mana: {problem}.", "grim.free.mana_on_card")
        mana = hero.mana.get(a.card, 0) + a.mana
        if not 0 <= mana <= MAX_CRYSTALS:
            return Verdict.no(
                f"{a.card} holds {hero.mana.get(a.card, 0)} mana; mana is paid from the "
                "card itself and cannot go below 0.",
                "grim.free.mana_on_card",
            )
        effects.append(f"{a.card}: mana → {mana}")
    if not 0 <= a.heal <= hero.damage:
        return Verdict.no(f"{a.hero} has {hero.damage} damage to heal.", rule)
    if a.heal:
        effects.append(f"damage → {hero.damage - a.heal}")
    eq = hero.equipment_damage + a.equipment
    if not 0 <= eq <= MAX_EQUIPMENT_DAMAGE:
        return Verdict.no(
            f"{a.hero}'s equipment holds {hero.equipment_damage} damage; it cannot go below 0.",
            rule,
        )
    if a.equipment:
        effects.append(f"equipment damage → {eq}")
    return Verdict.ok(f"{a.hero}: card effect.", rule, effects=effects)


def apply_gain(state: GrimheimState, a: Gain) -> GrimheimState:
    hero = state.hero(a.hero)
    hero = replace(
        hero,
        xp=hero.xp + a.xp,
        hand=hero.hand + a.cards,
        damage=hero.damage - a.heal,
        equipment_damage=hero.equipment_damage + a.equipment,
    )
    if a.mana:
        hero = hero.with_mana(a.card, hero.mana.get(a.card, 0) + a.mana)
    return with_hero(state, hero)


def check_share_gold(state: GrimheimState, a: ShareGold) -> Verdict:
    bad = free_action_problem(state, (a.giver, a.taker))
    if bad:
        return bad
    rule = "grim.free.share_gold"
    if a.giver == a.taker:
        return Verdict.no("Gold is shared between two different heroes.", rule)
    giver, taker = state.hero(a.giver), state.hero(a.taker)
    if not geometry.adjacent(giver.at, taker.at) and not (giver.at == taker.at == GRIMHEIM):
        return Verdict.no(
            f"{a.giver} and {a.taker} are not next to each other.",
            rule,
            "grim.map.grimheim_apart",
        )
    if not 1 <= a.amount <= giver.xp:
        return Verdict.no(f"{a.giver} has {giver.xp} gold to give.", rule)
    return Verdict.ok(
        f"{a.giver} gives {a.amount} gold to {a.taker}.",
        rule,
        effects=[f"{a.giver} → {giver.xp - a.amount}", f"{a.taker} → {taker.xp + a.amount}"],
    )


def apply_share_gold(state: GrimheimState, a: ShareGold) -> GrimheimState:
    giver, taker = state.hero(a.giver), state.hero(a.taker)
    state = with_hero(state, replace(giver, xp=giver.xp - a.amount))
    return with_hero(state, replace(taker, xp=taker.xp + a.amount))


def check_place_hero(state: GrimheimState, a: PlaceHero) -> Verdict:
    bad = free_action_problem(state, (a.hero,)) or hex_problem(a.to, "Area")
    if bad:
        return bad
    to = geometry.normalise(a.to)
    hero = state.hero(a.hero)
    if to != GRIMHEIM and to in state.occupied() - {hero.at}:
        return Verdict.no(f"{spot(to)} is occupied.", "grim.map.one_per_area")
    terrain = geometry.hero_terrain_problem(to)
    if terrain:
        return Verdict.no(terrain[0], terrain[1])
    return Verdict.ok(
        f"{a.hero} is moved to {spot(to)}.",
        "grim.free.effects",
        effects=[f"{a.hero} → {spot(to)}"],
    )


def apply_place_hero(state: GrimheimState, a: PlaceHero) -> GrimheimState:
    return with_hero(state, replace(state.hero(a.hero), at=geometry.normalise(a.to)))


HANDLERS: Handlers = {
    DealDamage: (check_deal_damage, apply_deal_damage),
    HeroDamage: (check_hero_damage, apply_hero_damage),
    Gain: (check_gain, apply_gain),
    ShareGold: (check_share_gold, apply_share_gold),
    PlaceHero: (check_place_hero, apply_place_hero),
}
