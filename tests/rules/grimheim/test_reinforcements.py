"""Monster cards: placement, and every reason a card must go back under its deck."""

from __future__ import annotations

from dataclasses import replace

from rules.grimheim import GAME
from rules.grimheim.actions import (
    AdvanceTime,
    Attack,
    MonstersAttack,
    MonstersMove,
    PlaceCard,
    RedrawCard,
)
from rules.grimheim.reinforcements import plan_card
from rules.grimheim.state import GrimheimOptions, GrimheimState, MonsterTile


def opening(*heroes: str) -> GrimheimState:
    return GAME.setup(GrimheimOptions(heroes=heroes or ("Bjorn",)))


def red_step(state: GrimheimState) -> GrimheimState:
    """The reinforcement step of a red crossed-axes turn (time step 7 of the short track)."""
    return replace(
        state,
        phase="reinforce",
        reinforce_deck="red",
        time=7,
        reinforcements_left=len(state.heroes),
        monster_step="attack",
    )


def test_grim_reinforce_draw_places_what_the_card_shows() -> None:
    state = opening()
    verdict = GAME.check(state, PlaceCard(14))
    assert verdict.legal
    assert "3 × Elemental → O1, O3, P1" in verdict.effects
    after = GAME.apply(state, PlaceCard(14))
    assert after.supply["sprite"] == 17 and after.supply["elemental"] == 12
    placed = {(t.at, t.kind) for t in after.monsters}
    assert ((2, 14), "sprite") in placed and ((1, 15), "elemental") in placed
    assert GAME.invariants(after) == []


def test_grim_reinforce_colour() -> None:
    verdict = GAME.check(opening(), PlaceCard(45))
    assert not verdict.legal and "grim.reinforce.colour" in verdict.rules
    assert "red deck" in verdict.reason
    assert not GAME.check(opening(), PlaceCard(99)).legal
    assert GAME.check(red_step(opening()), PlaceCard(45)).legal


def test_grim_reinforce_placeable_supply_short() -> None:
    state = replace(opening(), supply={**opening().supply, "sprite": 2}, untracked={"sprite": 18})
    verdict = GAME.check(state, PlaceCard(12))
    assert not verdict.legal and "grim.reinforce.placeable" in verdict.rules
    assert "supply has 2" in verdict.reason and "bottom of the yellow deck" in verdict.reason
    assert GAME.check(state, RedrawCard(12)).legal
    assert GAME.apply(state, RedrawCard(12)) == state


def test_grim_reinforce_placeable_occupied_areas() -> None:
    state = opening()
    verdict = GAME.check(state, PlaceCard(14, occupied=((2, 15),)))
    assert not verdict.legal and "O2" in verdict.reason
    hero_there = replace(state, heroes=(replace(state.heroes[0], at=(1, 16)),))
    assert not plan_card(hero_there, 14).placeable


def test_grim_reinforce_redraw_only_when_unplaceable() -> None:
    verdict = GAME.check(opening(), RedrawCard(14))
    assert not verdict.legal and "must be" in verdict.reason


def test_grim_reinforce_legend_level_and_single_copy() -> None:
    state = GAME.apply(opening("Bjorn", "Alva"), PlaceCard(3))
    grendel = state.monster_at((6, 7))
    assert grendel is not None and grendel.level == 1 and state.legends_in_play == {"grendel": 1}
    verdict = GAME.check(red_step(state), PlaceCard(39))
    assert not verdict.legal and "Grendel is already on the board" in verdict.reason
    red = GAME.apply(red_step(opening()), PlaceCard(40))
    surt = red.monster_at((1, 16))
    assert surt is not None and surt.is_legend and surt.level == 2


def test_legend_killed_gives_its_xp_and_leaves_play() -> None:
    state = GAME.apply(GAME.apply(opening("Bjorn", "Alva"), PlaceCard(3)), PlaceCard(14))
    assert state.phase == "heroes"
    state = replace(state, heroes=(replace(state.heroes[0], at=(7, 7)), state.heroes[1]))
    after = GAME.apply(state, Attack("Bjorn", (6, 7), damage=12))
    assert after.legends_in_play == {} and after.hero("Bjorn").xp == 2 + 6
    assert GAME.invariants(after) == []


def test_reinforcements_end_the_monster_turn() -> None:
    state = replace(opening("Bjorn"), phase="monsters", monster_step="time", time=3)
    state = GAME.apply(state, AdvanceTime())
    state = GAME.apply(GAME.apply(state, MonstersMove()), MonstersAttack({}))
    assert state.phase == "reinforce" and state.reinforcements_left == 1
    state = GAME.apply(state, PlaceCard(22))
    assert state.phase == "heroes" and state.time == 4
    assert sum(1 for t in state.monsters if t.kind == "imp") == 7


def test_place_card_refused_outside_reinforcements() -> None:
    state = replace(opening(), phase="heroes")
    verdict = GAME.check(state, PlaceCard(14))
    assert not verdict.legal and "grim.reinforce.draw" in verdict.rules


def test_every_card_plans_within_the_map() -> None:
    state = opening()
    from rules.grimheim import data
    from rules.grimheim.state import on_map

    for number in data.load().cards:
        plan = plan_card(state, number)
        assert plan.tiles and all(on_map(t.at) for t in plan.tiles)
        assert plan.placeable, (number, plan.problems)
        assert all(isinstance(t, MonsterTile) for t in plan.tiles)
