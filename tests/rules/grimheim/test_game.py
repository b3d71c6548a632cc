"""Grimheim game flow: setup, hero turns, the monster-turn checklist, winning and losing."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from rules import registry
from rules.core import Correct, IllegalAction, MalformedAction, to_jsonable
from rules.grimheim import GAME
from rules.grimheim.actions import (
    AdvanceTime,
    Attack,
    EndTurn,
    Mend,
    MonsterDie,
    MonstersAttack,
    MonstersMove,
    Move,
    MoveMonster,
    PlaceCard,
    Practice,
    Prepare,
    ShareGold,
    SpendAction,
)
from rules.grimheim.state import GRIMHEIM, GrimheimOptions, GrimheimState, MonsterTile, sorted_tiles


def heroes_turn(*names: str, **options: object) -> GrimheimState:
    """A table right after setup, opening cards skipped: the first hero's turn."""
    state = GAME.setup(GrimheimOptions(heroes=names or ("Bjorn", "Alva"), **options))  # type: ignore[arg-type]
    return replace(state, phase="heroes", turn=0)


def with_monsters(state: GrimheimState, *tiles: MonsterTile) -> GrimheimState:
    supply = dict(state.supply)
    legends = dict(state.legends_in_play)
    for t in tiles:
        if t.is_legend:
            legends[t.kind] = t.level
        else:
            supply[t.kind] -= 1
    return replace(
        state,
        monsters=sorted_tiles([*state.monsters, *tiles]),
        supply=supply,
        legends_in_play=legends,
    )


def at(state: GrimheimState, name: str, spot: tuple[int, int]) -> GrimheimState:
    heroes = tuple(replace(h, at=spot) if h.name == name else h for h in state.heroes)
    return replace(state, heroes=heroes)


def monster_turn(
    state: GrimheimState, step: str = "move", time: int | None = None
) -> GrimheimState:
    return replace(
        state,
        phase="monsters",
        monster_step=step,  # type: ignore[arg-type]
        time=state.time if time is None else time,
    )


# ----- setup ---------------------------------------------------------------------------------


def test_registry_exposes_the_game() -> None:
    assert registry.get("grimheim") is GAME


@pytest.mark.parametrize(
    ("heroes", "pieces"),
    [
        (("Bjorn",), 4),
        (("Bjorn", "Alva"), 6),
        (("Bjorn", "Alva", "Embla"), 8),
        (("Bjorn", "Alva", "Embla", "Boldur"), 10),
    ],
)
def test_grim_setup_town(heroes: tuple[str, ...], pieces: int) -> None:
    state = GAME.setup(GrimheimOptions(heroes=heroes))
    assert state.town == pieces
    assert state.reinforcements_left == len(heroes)
    assert state.phase == "reinforce" and state.reinforce_deck == "yellow"


def test_grim_setup_town_override() -> None:
    assert GAME.setup(GrimheimOptions(heroes=("Bjorn",), town_pieces=7)).town == 7


@pytest.mark.parametrize(
    "options",
    [
        {"heroes": []},
        {"heroes": ["Bjorn", "Bjorn"]},
        {"heroes": ["Finkel"]},
        {"heroes": ["Bjorn", "Alva", "Embla", "Boldur", "Bjorn"]},
        {"track": "medium"},
        {"town_pieces": 11},
    ],
)
def test_impossible_options_are_refused_with_a_reason(options: dict[str, object]) -> None:
    with pytest.raises(MalformedAction, match=r"\$"):
        GAME.decode_options(options)


def test_options_round_trip_through_json() -> None:
    options = GAME.decode_options(
        {"heroes": ["Embla", "Boldur"], "track": "long", "monster_die": True}
    )
    assert options.heroes == ("Embla", "Boldur") and options.track == "long"


def test_grim_setup_resources_and_start_in_town() -> None:
    state = GAME.setup(GrimheimOptions(heroes=("Bjorn", "Alva")))
    for h in state.heroes:
        assert (h.at, h.xp, h.hand, h.mana) == (GRIMHEIM, 2, 1, {"starting ability": 1})
    hard = GAME.setup(GrimheimOptions(heroes=("Bjorn",), starting_resources=False))
    assert (hard.heroes[0].xp, hard.heroes[0].hand, hard.heroes[0].mana) == (0, 0, {})


def test_grim_setup_supply_full() -> None:
    state = GAME.setup(GrimheimOptions())
    assert state.supply["goblin"] == 20 and state.supply["troll"] == 10
    assert state.monsters == () and GAME.invariants(state) == []


def test_grim_setup_first_monsters_then_first_hero() -> None:
    state = GAME.setup(GrimheimOptions(heroes=("Bjorn", "Alva")))
    assert not GAME.check(state, Practice("Bjorn")).legal
    assert not GAME.check(state, PlaceCard(37)).legal  # a red card at setup
    state = GAME.apply(state, PlaceCard(14))
    state = GAME.apply(state, PlaceCard(28))
    assert state.phase == "heroes" and state.turn == 0 and state.time == 1
    assert len(state.monsters) == 11


# ----- hero turns ----------------------------------------------------------------------------


def test_grim_turn_two_actions_must_differ() -> None:
    state = GAME.apply(heroes_turn(), Practice("Bjorn"))
    verdict = GAME.check(state, Practice("Bjorn"))
    assert not verdict.legal and "grim.turn.two_actions" in verdict.rules
    state = GAME.apply(state, Prepare("Bjorn"))
    verdict = GAME.check(state, SpendAction("Bjorn", "focus"))
    assert not verdict.legal and "two actions" in verdict.reason


def test_grim_turn_only_current() -> None:
    verdict = GAME.check(heroes_turn(), Practice("Alva"))
    assert not verdict.legal and "Bjorn's turn" in verdict.reason
    assert "grim.turn.only_current" in verdict.rules


def test_grim_turn_order_leads_to_the_monster_turn() -> None:
    state = GAME.apply(heroes_turn(), EndTurn("Bjorn"))
    assert state.turn == 1
    state = GAME.apply(state, EndTurn("Alva"))
    assert state.phase == "monsters" and state.monster_step == "time"


def test_grim_action_spend_uses_the_space_without_its_effect() -> None:
    # Rulebook example: Bjorn spends a mend action in Nailfare for Bone Bane Bow: no healing.
    state = at(heroes_turn(), "Bjorn", (16, 5))
    state = replace(state, heroes=(replace(state.heroes[0], damage=3), state.heroes[1]))
    after = GAME.apply(state, SpendAction("Bjorn", "mend"))
    assert after.hero("Bjorn").damage == 3 and after.hero("Bjorn").actions == ("mend",)
    assert not GAME.check(after, Mend("Bjorn", 2)).legal


def test_grim_action_move_up_to_three() -> None:
    state = heroes_turn()
    path = ((9, 7), (9, 6), (9, 5))
    assert GAME.check(state, Move("Bjorn", path)).legal
    verdict = GAME.check(state, Move("Bjorn", (*path, (9, 4))))
    assert not verdict.legal and "grim.action.move" in verdict.rules
    assert GAME.check(state, Move("Bjorn", (*path, (9, 4)), bonus=1)).legal
    moved = GAME.apply(state, Move("Bjorn", path))
    assert moved.hero("Bjorn").at == (9, 5)


def test_grim_action_move_steps_must_border() -> None:
    verdict = GAME.check(heroes_turn(), Move("Bjorn", ((9, 5),)))
    assert not verdict.legal and "does not border" in verdict.reason


def test_grim_action_move_blocked_by_characters() -> None:
    state = with_monsters(heroes_turn(), MonsterTile("goblin", (9, 6)))
    verdict = GAME.check(state, Move("Bjorn", ((9, 7), (9, 6), (9, 5))))
    assert not verdict.legal and "grim.map.one_per_area" in verdict.rules
    state = at(heroes_turn(), "Alva", (9, 7))
    assert not GAME.check(state, Move("Bjorn", ((9, 7),))).legal


def test_grim_action_move_terrain() -> None:
    state = heroes_turn()
    verdict = GAME.check(state, Move("Bjorn", ((9, 11),)))  # the mountain next to town
    assert not verdict.legal and "grim.map.mountain" in verdict.rules
    troll_caves = at(heroes_turn(), "Bjorn", (7, 7))
    assert GAME.check(troll_caves, Move("Bjorn", ((6, 7),))).legal


def test_grim_action_move_town_ends_movement() -> None:
    state = at(heroes_turn(), "Bjorn", (9, 6))
    assert GAME.check(state, Move("Bjorn", ((9, 7), (9, 8)))).legal
    verdict = GAME.check(state, Move("Bjorn", ((9, 7), (9, 8), (8, 11))))
    assert not verdict.legal and "grim.map.grimheim_ends_move" in verdict.rules
    assert GAME.apply(state, Move("Bjorn", ((9, 7), (10, 8)))).hero("Bjorn").at == GRIMHEIM


def test_grim_action_attack_worked_example_troll() -> None:
    # Rulebook: Bjorn (range 2) rolls 4 dice and adds Master Shot: 5 damage on a troll.
    state = at(heroes_turn(), "Bjorn", (9, 6))
    state = with_monsters(state, MonsterTile("troll", (9, 4)))
    assert not GAME.check(state, Attack("Bjorn", (9, 4), damage=5)).legal  # range 1
    after = GAME.apply(state, Attack("Bjorn", (9, 4), damage=5, reach=2))
    troll = after.monster_at((9, 4))
    assert troll is not None and troll.damage == 5
    assert after.hero("Bjorn").xp == 2


def test_grim_xp_kill_worked_example_goblin() -> None:
    # Rulebook: Embla's runes plus Magic Runes deal 3 to a goblin, which dies: 1 XP.
    state = at(heroes_turn("Embla"), "Embla", (9, 5))
    state = with_monsters(state, MonsterTile("goblin", (9, 4)))
    verdict = GAME.check(state, Attack("Embla", (9, 4), damage=3))
    assert verdict.legal and "grim.xp.kill" in verdict.rules
    after = GAME.apply(state, Attack("Embla", (9, 4), damage=3))
    assert after.monster_at((9, 4)) is None
    assert after.supply["goblin"] == 20 and after.hero("Embla").xp == 3
    assert after.hero("Embla").kills == 1


def test_grim_action_attack_not_out_of_town() -> None:
    state = with_monsters(heroes_turn(), MonsterTile("goblin", (9, 7)))
    verdict = GAME.check(state, Attack("Bjorn", (9, 7), damage=3))
    assert not verdict.legal and "grim.map.grimheim_apart" in verdict.rules


def test_grim_action_mend_two_outside_five_in_town() -> None:
    state = heroes_turn()
    hero = replace(state.heroes[0], damage=6, equipment_damage=2)
    town = replace(state, heroes=(hero, state.heroes[1]))
    assert GAME.check(town, Mend("Bjorn", 3, 2)).legal
    assert not GAME.check(town, Mend("Bjorn", 4, 2)).legal
    field = at(town, "Bjorn", (9, 6))
    assert GAME.check(field, Mend("Bjorn", 2)).legal
    assert not GAME.check(field, Mend("Bjorn", 3)).legal
    verdict = GAME.check(field, Mend("Bjorn", 1, 1))
    assert not verdict.legal and "Grimheim" in verdict.reason
    assert GAME.apply(town, Mend("Bjorn", 3, 2)).hero("Bjorn").damage == 3


def test_grim_free_share_gold_needs_adjacency() -> None:
    state = heroes_turn()
    assert GAME.check(state, ShareGold("Bjorn", "Alva", 2)).legal
    apart = at(at(state, "Bjorn", (9, 5)), "Alva", (9, 3))
    assert not GAME.check(apart, ShareGold("Bjorn", "Alva", 1)).legal
    assert not GAME.check(state, ShareGold("Bjorn", "Alva", 3)).legal


# ----- monster turn --------------------------------------------------------------------------


def test_grim_mturn_order_is_enforced() -> None:
    state = monster_turn(heroes_turn(), "time")
    assert not GAME.check(state, MonstersMove()).legal
    state = GAME.apply(state, AdvanceTime())
    assert state.time == 2 and state.monster_step == "move"
    assert not GAME.check(state, AdvanceTime()).legal
    state = GAME.apply(state, MonstersMove())
    state = GAME.apply(state, MonstersAttack({}))
    assert state.phase == "heroes" and state.turn == 0


def test_grim_mturn_die_step_only_with_the_variant() -> None:
    state = monster_turn(heroes_turn(monster_die=True), "time")
    state = GAME.apply(state, AdvanceTime())
    assert state.monster_step == "die"
    verdict = GAME.check(state, MonsterDie("attack"))
    assert verdict.legal and any("+1" in e for e in verdict.effects)
    assert not GAME.check(state, MonsterDie("seven")).legal


def test_grim_mturn_ambush_places_goblins_next_to_heroes() -> None:
    state = monster_turn(at(heroes_turn(monster_die=True), "Bjorn", (9, 5)), "die")
    assert not GAME.check(state, MonsterDie("ambush")).legal  # one goblin is owed
    assert not GAME.check(state, MonsterDie("ambush", ambush=((9, 2),))).legal
    after = GAME.apply(state, MonsterDie("ambush", ambush=((9, 4),)))
    assert after.monster_at((9, 4)) is not None and after.supply["goblin"] == 19


def test_grim_time_reinforce_and_skull_are_announced() -> None:
    state = monster_turn(heroes_turn(), "time", time=3)
    verdict = GAME.check(state, AdvanceTime())
    assert "grim.time.reinforce" in verdict.rules
    state = GAME.apply(state, AdvanceTime())
    state = GAME.apply(GAME.apply(state, MonstersMove()), MonstersAttack({}))
    assert state.phase == "reinforce" and state.reinforce_deck == "yellow"
    assert state.reinforcements_left == 2
    skull = GAME.check(monster_turn(heroes_turn(), "time", time=8), AdvanceTime())
    assert "grim.time.skull" in skull.rules
    assert any("charges" in e for e in skull.effects)


def test_grim_mturn_move_follows_the_path() -> None:
    state = with_monsters(heroes_turn(), MonsterTile("troll", (9, 5)))
    state = monster_turn(state, time=2)
    assert GAME.check(state, MonstersMove((((9, 5), (9, 6)),))).legal
    verdict = GAME.check(state, MonstersMove((((9, 5), (10, 5)),)))
    assert not verdict.legal and "path" in verdict.reason
    # No charge on a shield step unless it brings a hero into reach.
    two = MonstersMove((((9, 5), (9, 6)), ((9, 6), (9, 7))))
    assert not GAME.check(state, two).legal
    skull = monster_turn(state, time=9)
    assert GAME.check(skull, two).legal


def test_grim_mturn_adjacent_stay() -> None:
    # Rulebook example: goblin A next to Embla cannot move.
    state = at(heroes_turn("Embla"), "Embla", (10, 5))
    state = monster_turn(with_monsters(state, MonsterTile("goblin", (9, 5))), time=2)
    verdict = GAME.check(state, MonstersMove((((9, 5), (9, 6)),)))
    assert not verdict.legal and "grim.monster.adjacent_stays" in verdict.rules


def test_grim_mturn_charge_to_attack() -> None:
    # Rulebook example: troll F takes a charge step because it then reaches Embla.
    state = at(heroes_turn("Embla"), "Embla", (10, 6))
    state = monster_turn(with_monsters(state, MonsterTile("troll", (9, 4))), time=2)
    assert GAME.check(state, MonstersMove((((9, 4), (9, 5)), ((9, 5), (9, 6))))).legal


def test_grim_town_monster_enters() -> None:
    state = with_monsters(heroes_turn(), MonsterTile("brute", (9, 7)))
    state = monster_turn(state, time=2)
    after = GAME.apply(state, MonstersMove((((9, 7), (9, 8)),)))
    assert after.town == 5 and after.monsters == () and after.supply["brute"] == 15
    legend = with_monsters(heroes_turn(), MonsterTile("grendel", (9, 7), level=1))
    after = GAME.apply(legend, MoveMonster((9, 7), (9, 9)))
    assert after.town == 3 and after.legends_in_play == {}


def test_grim_mturn_legend_swaps_past_monsters() -> None:
    state = with_monsters(
        heroes_turn(), MonsterTile("grendel", (9, 5), level=1), MonsterTile("goblin", (9, 6))
    )
    after = GAME.apply(monster_turn(state, time=2), MonstersMove((((9, 5), (9, 6)),)))
    legend, goblin = after.monster_at((9, 6)), after.monster_at((9, 5))
    assert legend is not None and legend.is_legend and goblin is not None
    assert goblin.kind == "goblin"


BESIDE_E5 = (MonsterTile("troll", (9, 4)), MonsterTile("brute", (10, 4)))
"""A troll and a brute beside each other and beside E5: 7 + 4 attack dice."""


def test_grim_hero_knockout_in_attack_step() -> None:
    state = monster_turn(
        with_monsters(at(heroes_turn(), "Bjorn", (9, 5)), *BESIDE_E5), "attack", time=2
    )
    verdict = GAME.check(state, MonstersAttack({"Bjorn": 9}))
    assert "grim.hero.knockout" in verdict.rules
    after = GAME.apply(state, MonstersAttack({"Bjorn": 9}))
    bjorn = after.hero("Bjorn")
    assert (bjorn.damage, bjorn.at, after.town) == (5, GRIMHEIM, 4)


def test_grim_end_loss_the_moment_the_well_falls() -> None:
    bjorn = with_monsters(at(heroes_turn(), "Bjorn", (9, 5)), *BESIDE_E5)
    state = replace(monster_turn(bjorn, "attack", time=2), town=2)
    after = GAME.apply(state, MonstersAttack({"Bjorn": 11}))
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.winners == () and outcome.rule == "grim.end.loss"
    verdict = GAME.check(after, Practice("Bjorn"))
    assert not verdict.legal and "core.finished" in verdict.rules


def test_grim_end_win_after_the_last_monster_turn() -> None:
    state = monster_turn(heroes_turn(), "time", time=11)
    verdict = GAME.check(state, AdvanceTime())
    assert "grim.time.last" in verdict.rules
    state = GAME.apply(state, AdvanceTime())
    assert GAME.outcome(state) is None
    state = GAME.apply(GAME.apply(state, MonstersMove()), MonstersAttack({}))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ("Bjorn", "Alva")
    sheet = GAME.score(state)
    grim = sheet.players[0]
    assert grim.name == "Grimheim" and grim.items[0].points == 6 and grim.items[1].points == 12
    assert [p.name for p in sheet.players[1:]] == ["Bjorn", "Alva"]


def test_long_track_has_sixteen_steps() -> None:
    state = heroes_turn(track="long")
    assert GAME.counters(state)["time"] == (1, 16)


# ----- corrections, invariants, replay -------------------------------------------------------


def test_supply_correction_keeps_tiles_conserved() -> None:
    state = with_monsters(heroes_turn(), MonsterTile("goblin", (9, 5)))
    assert GAME.counters(state)["supply.goblin"] == (0, 19)
    after = GAME.apply(state, Correct("supply.goblin", 15))
    assert after.untracked["goblin"] == 4 and GAME.invariants(after) == []
    assert GAME.counter_values(after)["supply.goblin"] == 15
    assert not GAME.check(state, Correct("supply.goblin", 20)).legal


def test_counters_cover_heroes_and_monsters() -> None:
    state = with_monsters(heroes_turn(), MonsterTile("troll", (9, 5)))
    bounds = GAME.counters(state)
    values = GAME.counter_values(state)
    assert set(bounds) == set(values)
    assert bounds["Bjorn.damage"] == (0, 8) and bounds["monster.9,5.damage"] == (0, 6)
    after = GAME.apply(state, Correct("Alva.mana.starting ability", 3))
    assert after.hero("Alva").mana == {"starting ability": 3}
    after = GAME.apply(after, Correct("monster.9,5.damage", 4))
    troll = after.monster_at((9, 5))
    assert troll is not None and troll.damage == 4


def test_invariants_catch_a_lost_tile() -> None:
    state = heroes_turn()
    broken = replace(state, supply={**state.supply, "imp": 19})
    assert any("Imp" in line for line in GAME.invariants(broken))


def test_illegal_actions_leave_state_untouched_and_replay_agrees() -> None:
    rng = random.Random(7)
    options = GrimheimOptions(heroes=("Embla", "Boldur"), monster_die=True)
    state = GAME.setup(options)
    log = []
    for _ in range(300):
        for act in GAME.sample_actions(state, rng):
            verdict = GAME.check(state, act)
            if verdict.legal:
                state = GAME.apply(state, act)
                log.append(act)
                assert GAME.invariants(state) == []
                break
            with pytest.raises(IllegalAction):
                GAME.apply(state, act)
        if GAME.outcome(state) is not None:
            break
    assert GAME.replay(options, log) == state
    encoded = json.loads(json.dumps(GAME.state_to_json(state)))
    assert GAME.state_from_json(encoded) == state
    for act in log:
        assert GAME.decode_action(json.dumps(act.to_json())) == act
        assert GAME.describe(state, act)


def test_actions_decode_with_clear_errors() -> None:
    with pytest.raises(MalformedAction, match="hero"):
        GAME.decode_action({"type": "practice"})
    act = GAME.decode_action({"type": "move", "hero": "Bjorn", "path": [[9, 7]]})
    assert act == Move("Bjorn", ((9, 7),))
    assert to_jsonable(act) == {"hero": "Bjorn", "path": [[9, 7]], "bonus": 0, "extra": False}


def test_every_cited_rule_exists() -> None:
    ids = {r.id for r in GAME.rules}
    rng = random.Random(3)
    state = GAME.setup(GrimheimOptions())
    for _ in range(120):
        for act in GAME.sample_actions(state, rng):
            verdict = GAME.check(state, act)
            assert set(verdict.rules) <= ids, verdict
            if verdict.legal:
                state = GAME.apply(state, act)
                break


def test_grim_mturn_expected_moves_follow_the_map() -> None:
    # A goblin moves 2 areas, 3 on a skull step, along the printed path.
    state = with_monsters(heroes_turn(), MonsterTile("goblin", (9, 3)))
    plain = GAME.expected_moves(monster_turn(state, time=2))
    assert plain.steps == (((9, 3), (9, 4)), ((9, 4), (9, 5)))
    skull = monster_turn(state, time=9)
    charged = GAME.expected_moves(skull)
    assert len(charged.steps) == 3
    after = GAME.apply(skull, charged)
    assert after.monster_at((9, 6)) is not None and GAME.invariants(after) == []
    assert charged in GAME.legal_actions(skull)


def test_grim_monster_stop_beside_hero() -> None:
    state = at(heroes_turn(), "Bjorn", (10, 4))
    state = monster_turn(with_monsters(state, MonsterTile("goblin", (9, 3))), time=2)
    verdict = GAME.check(state, MonstersMove((((9, 3), (9, 4)), ((9, 4), (9, 5)))))
    assert not verdict.legal and "no further" in verdict.reason
    assert GAME.expected_moves(state).steps == (((9, 3), (9, 4)),)
