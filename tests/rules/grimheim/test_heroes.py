"""Hero bookkeeping: upgrade track, health by level, knockouts, hand limit, movement."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.grimheim import GAME
from rules.grimheim import heroes as hx
from rules.grimheim.actions import EndTurn, Gain, HeroDamage, Move, Prepare
from rules.grimheim.state import GRIMHEIM, GrimheimOptions, GrimheimState, HeroState


def turn(name: str = "Bjorn", **options: object) -> GrimheimState:
    state = GAME.setup(GrimheimOptions(heroes=(name,), **options))  # type: ignore[arg-type]
    return replace(state, phase="heroes")


def edit(state: GrimheimState, **changes: object) -> GrimheimState:
    return replace(state, heroes=(replace(state.heroes[0], **changes),))  # type: ignore[arg-type]


@pytest.mark.parametrize(("done", "cost"), [(0, 5), (1, 6), (2, 8), (3, 10), (4, 10), (9, 10)])
def test_grim_upgrade_cost(done: int, cost: int) -> None:
    hero = HeroState("Bjorn", 1, GRIMHEIM, upgrades=done)
    assert hx.upgrade_cost(hero, step_up=False) == cost


def test_grim_upgrade_step_up() -> None:
    hero = HeroState("Bjorn", 1, GRIMHEIM)
    assert hx.upgrade_cost(hero, step_up=True) == 6
    assert hx.upgrade_cost(replace(hero, upgrades=2), step_up=True) == 10


def test_grim_upgrade_cost_example_first_upgrade_pays_five() -> None:
    state = edit(turn(), xp=7)
    verdict = GAME.check(state, EndTurn("Bjorn", upgrade="flip_hero"))
    assert verdict.legal and any("pay 5" in e for e in verdict.effects)
    after = GAME.apply(state, EndTurn("Bjorn", upgrade="flip_hero"))
    bjorn = after.hero("Bjorn")
    assert (bjorn.xp, bjorn.upgrades, bjorn.level) == (2, 1, 2)
    assert hx.health(bjorn) == 10


def test_grim_upgrade_needs_enough_xp() -> None:
    verdict = GAME.check(edit(turn(), xp=4), EndTurn("Bjorn", upgrade="new_ability"))
    assert not verdict.legal and "costs 5" in verdict.reason


def test_grim_upgrade_choice_limits() -> None:
    state = edit(turn(), xp=30, level=2)
    assert not GAME.check(state, EndTurn("Bjorn", upgrade="flip_hero")).legal
    state = edit(turn(), xp=30, abilities_gained=5)
    assert not GAME.check(state, EndTurn("Bjorn", upgrade="new_ability")).legal
    state = edit(turn(), xp=30, abilities_flipped=1)
    verdict = GAME.check(state, EndTurn("Bjorn", upgrade="flip_ability"))
    assert not verdict.legal and "grim.upgrade.choice" in verdict.rules
    assert not GAME.check(edit(turn(), xp=30), EndTurn("Bjorn", upgrade="dance")).legal


def test_grim_upgrade_once_per_turn_at_its_end() -> None:
    state = edit(turn(), xp=30)
    after = GAME.apply(state, EndTurn("Bjorn", upgrade="new_ability"))
    # One upgrade per turn: the next one comes at the end of a later turn.
    assert after.hero("Bjorn").upgrades == 1 and after.hero("Bjorn").abilities_gained == 1


def test_grim_hero_health_and_knockout() -> None:
    state = edit(turn("Boldur"), at=(9, 5))
    assert hx.health(state.heroes[0]) == 6
    after = GAME.apply(state, HeroDamage("Boldur", 5))
    assert after.hero("Boldur").damage == 5 and after.town == 4
    after = GAME.apply(after, HeroDamage("Boldur", 1))
    boldur = after.hero("Boldur")
    assert (boldur.damage, boldur.at, boldur.knockouts, after.town) == (5, GRIMHEIM, 1, 2)
    # Carried to Grimheim, Boldur is out of reach: no second knockout costs the town more.
    again = GAME.check(after, HeroDamage("Boldur", 1))
    assert not again.legal and again.rules == ("grim.map.grimheim_apart", "grim.hero.health")


def test_grim_hero_hand_limit() -> None:
    state = edit(turn(), hand=4)
    verdict = GAME.check(state, Prepare("Bjorn"))
    assert not verdict.legal and "grim.hero.hand_limit" in verdict.rules
    assert GAME.check(state, Prepare("Bjorn", discard=1)).legal
    assert not GAME.check(state, Gain("Bjorn", cards=1)).legal
    after = GAME.apply(state, EndTurn("Bjorn"))
    assert after.hero("Bjorn").hand == 4


def test_grim_endturn_draw() -> None:
    after = GAME.apply(turn(), EndTurn("Bjorn"))
    assert after.hero("Bjorn").hand == 2
    assert GAME.apply(turn(), EndTurn("Bjorn", draw=False)).hero("Bjorn").hand == 1


def test_grim_xp_one_resource_and_mana_per_card() -> None:
    state = turn()
    after = GAME.apply(state, Gain("Bjorn", xp=-2, card="Quiver", mana=2))
    assert after.hero("Bjorn").xp == 0 and after.hero("Bjorn").mana["Quiver"] == 2
    verdict = GAME.check(after, Gain("Bjorn", card="Quiver", mana=-3))
    assert not verdict.legal and "grim.free.mana_on_card" in verdict.rules
    assert not GAME.check(after, Gain("Bjorn", xp=-1)).legal


def test_embla_moves_four() -> None:
    path = ((9, 7), (9, 6), (9, 5), (9, 4))
    assert GAME.check(turn("Embla"), Move("Embla", path)).legal
    assert not GAME.check(turn("Alva"), Move("Alva", path)).legal
