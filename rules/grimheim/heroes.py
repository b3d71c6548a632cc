"""Hero bookkeeping: health, the upgrade cost track, healing, damage and knockouts.

Pure functions over ``HeroState``/``GrimheimState``; the game module turns them into verdicts.
"""

from __future__ import annotations

from dataclasses import replace

from . import data
from .state import GRIMHEIM, MAX_UPGRADES, GrimheimState, HeroState, with_hero

KNOCKOUT_DAMAGE = 5
"""Damage left on a knocked-out hero's card."""
KNOCKOUT_TOWN_LOSS = 2
MEND_FIELD = 2
MEND_TOWN = 5
ABILITY_PILE = 5
"""Abilities waiting on the player board (six in the deck, one starts in play)."""


def health(hero: HeroState) -> int:
    """Health printed on the side of the hero card in play."""
    return data.load().heroes[hero.name].levels[hero.level].health


def move_allowance(hero: HeroState) -> int:
    """Areas a move action covers before card bonuses (3, Embla 4)."""
    return data.load().heroes[hero.name].move


def upgrade_cost(hero: HeroState, step_up: bool) -> int:
    """Experience the hero's next upgrade costs: the next step of the cost track (one step
    further along with the step-up variant); past the end every upgrade costs the last step."""
    costs = data.load().upgrade_costs
    index = hero.upgrades + (1 if step_up else 0)
    return costs[min(index, len(costs) - 1)]


def upgrade_problem(hero: HeroState, choice: str, step_up: bool) -> str:
    """Why ``hero`` cannot take upgrade ``choice`` now ("" when it can)."""
    if hero.upgraded:
        return f"{hero.name} has already upgraded this turn"
    if hero.upgrades >= MAX_UPGRADES:
        return f"{hero.name}'s upgrade track is full ({MAX_UPGRADES} upgrades)"
    cost = upgrade_cost(hero, step_up)
    if hero.xp < cost:
        return f"the next upgrade costs {cost} and {hero.name} has {hero.xp}"
    if choice == "new_ability" and hero.abilities_gained >= ABILITY_PILE:
        return f"{hero.name}'s ability pile is empty"
    if choice == "flip_hero" and hero.level >= 2:
        return f"{hero.name}'s hero card is already on its level II side"
    if choice == "flip_ability" and hero.abilities_flipped >= 1 + hero.abilities_gained:
        return f"{hero.name} has no level I ability in play left to flip"
    if choice not in ("new_ability", "flip_hero", "flip_ability"):
        return f"{choice!r} is not an upgrade; choose new_ability, flip_hero or flip_ability"
    return ""


def upgrade(hero: HeroState, choice: str, step_up: bool) -> HeroState:
    """``hero`` after paying for and taking upgrade ``choice`` (already known to be allowed)."""
    hero = replace(
        hero,
        xp=hero.xp - upgrade_cost(hero, step_up),
        upgrades=hero.upgrades + 1,
        upgraded=True,
    )
    if choice == "new_ability":
        return replace(hero, abilities_gained=hero.abilities_gained + 1)
    if choice == "flip_hero":
        return replace(hero, level=2)
    return replace(hero, abilities_flipped=hero.abilities_flipped + 1)


def mend_limit(hero: HeroState) -> int:
    """Damage one mend action may remove: 5 in Grimheim, 2 elsewhere."""
    return MEND_TOWN if hero.at == GRIMHEIM else MEND_FIELD


def damage_hero(state: GrimheimState, name: str, amount: int) -> tuple[GrimheimState, bool]:
    """``state`` after hero ``name`` takes ``amount`` damage, and whether it was knocked out.

    A knockout carries the hero to Grimheim with exactly 5 damage and removes two town
    pieces (never below zero).
    """
    hero = state.hero(name)
    total = hero.damage + amount
    if total < health(hero):
        return with_hero(state, replace(hero, damage=total)), False
    hero = replace(hero, damage=KNOCKOUT_DAMAGE, at=GRIMHEIM, knockouts=hero.knockouts + 1)
    state = with_hero(state, hero)
    return replace(state, town=max(0, state.town - KNOCKOUT_TOWN_LOSS)), True
