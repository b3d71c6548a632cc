"""What a game night needs from the Grimheim rules: heroes leave town along the map's path,
no monster ever stands in a plain lake, the reinforcement step always has a way out, and
each refusal names the rule actually broken. Tests are named after the rule IDs they pin."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules.grimheim import GAME, data, hexmap
from rules.grimheim.actions import (
    Attack,
    DealDamage,
    EndTurn,
    Gain,
    MonsterDie,
    MonstersAttack,
    MonstersMove,
    Move,
    MoveMonster,
    PlaceCard,
    PlaceHero,
    PlaceMonster,
    Practice,
    RedrawCard,
    ShareGold,
    SkipCard,
)
from rules.grimheim.state import (
    GRIMHEIM,
    MAX_CRYSTALS,
    GrimheimOptions,
    GrimheimState,
    MonsterTile,
    sorted_tiles,
)

Coord = tuple[int, int]
PLAIN_LAKE: Coord = (5, 5)
NEXT_TO_LAKE: Coord = (6, 5)  # plains; (5, 5) and (5, 6) beside it are plain lakes


def table(*names: str, **options: object) -> GrimheimState:
    state = GAME.setup(GrimheimOptions(heroes=names or ("Bjorn", "Alva"), **options))  # type: ignore[arg-type]
    return replace(state, phase="heroes", turn=0)


def put(state: GrimheimState, **where: Coord) -> GrimheimState:
    heroes = tuple(replace(h, at=where.get(h.name, h.at)) for h in state.heroes)
    return replace(state, heroes=heroes)


def monsters(state: GrimheimState, *tiles: MonsterTile) -> GrimheimState:
    supply = dict(state.supply)
    for t in tiles:
        supply[t.kind] -= 1
    return replace(state, monsters=sorted_tiles([*state.monsters, *tiles]), supply=supply)


def monster_step(state: GrimheimState, step: str) -> GrimheimState:
    return replace(state, phase="monsters", monster_step=step)  # type: ignore[arg-type]


# ----- one definition of a move's path -------------------------------------------------------


def test_grim_map_grimheim_exit_the_maps_path_leaves_town() -> None:
    state = table()
    for goal in [(9, 7), (9, 6), (9, 5)]:
        path = hexmap.move_steps(GRIMHEIM, goal, "Bjorn", state.occupied())
        assert path is not None and path[-1] == goal and GRIMHEIM not in path
        verdict = GAME.check(state, Move("Bjorn", path))
        assert verdict.legal, verdict.reason
        assert GAME.apply(state, Move("Bjorn", path)).hero("Bjorn").at == goal


def test_grim_map_hero_move_a_path_never_lists_the_start() -> None:
    verdict = GAME.check(table(), Move("Bjorn", (GRIMHEIM, (9, 7))))
    assert not verdict.legal and "grim.map.hero_move" in verdict.rules
    assert "areas Bjorn enters" in verdict.reason
    outside = put(table(), Bjorn=(9, 6))
    assert not GAME.check(outside, Move("Bjorn", ((9, 6), (9, 5)))).legal
    path = hexmap.move_steps((9, 6), (9, 4), "Bjorn", outside.occupied() - {(9, 6)})
    assert path == ((9, 5), (9, 4)) and GAME.check(outside, Move("Bjorn", path)).legal


# ----- lakes ---------------------------------------------------------------------------------


def test_grim_map_lake_no_monster_is_placed_or_moved_into_a_plain_lake() -> None:
    state = table()
    verdict = GAME.check(state, PlaceMonster("goblin", PLAIN_LAKE))
    assert not verdict.legal and verdict.rules[0] == "grim.map.lake"
    assert GAME.check(state, PlaceMonster("goblin", (17, 5))).legal  # Nailfare's lake
    state = monsters(state, MonsterTile("goblin", NEXT_TO_LAKE))
    verdict = GAME.check(state, MoveMonster(NEXT_TO_LAKE, PLAIN_LAKE))
    assert not verdict.legal and verdict.rules[0] == "grim.map.lake"


def test_grim_map_lake_no_ambush_goblin_in_a_lake() -> None:
    # Bjorn beside two plain lakes; every other neighbour holds a monster.
    state = put(table(monster_die=True), Bjorn=NEXT_TO_LAKE)
    others = [
        n for n in hexmap.neighbours(NEXT_TO_LAKE) if hexmap.monster_terrain_problem(n) is None
    ]
    state = monster_step(monsters(state, *(MonsterTile("brute", n) for n in others)), "die")
    _, ambush = hexmap.die_proposal(
        "ambush", [h.at for h in state.heroes], {m.at: m.kind for m in state.monsters}, goblins=20
    )
    assert ambush == ()  # only lakes are free: no goblin (grim.assume.ambush_no_room)
    assert GAME.check(state, MonsterDie("ambush")).legal
    verdict = GAME.check(state, MonsterDie("ambush", ambush=(PLAIN_LAKE,)))
    assert not verdict.legal and "grim.map.lake" in verdict.rules


def test_grim_map_lake_no_maneuver_into_a_lake() -> None:
    # A goblin next to Bjorn whose next place clockwise around him is a plain lake.
    state = put(table(monster_die=True), Bjorn=NEXT_TO_LAKE)
    ring = [hexmap.step(NEXT_TO_LAKE, d) for d in hexmap.CLOCKWISE]
    i = next(k for k, h in enumerate(ring) if ring[(k + 1) % 6] == PLAIN_LAKE)
    state = monster_step(monsters(state, MonsterTile("goblin", ring[i])), "die")
    verdict = GAME.check(state, MonsterDie("maneuver_1", shifts=((ring[i], PLAIN_LAKE),)))
    assert not verdict.legal and "grim.map.lake" in verdict.rules
    assert GAME.check(state, MonsterDie("maneuver_1")).legal


def test_grim_map_lake_invariants_flag_a_monster_in_a_lake_and_nothing_raises() -> None:
    state = monsters(table(), MonsterTile("goblin", PLAIN_LAKE))
    assert any("lake" in p for p in GAME.invariants(state))
    moving = monster_step(state, "move")
    GAME.legal_actions(moving)
    GAME.sample_actions(moving, random.Random(1))
    verdict = GAME.check(moving, MonstersMove(((PLAIN_LAKE, (6, 5)),)))
    assert not verdict.legal and "grim.monster.path" in verdict.rules


def _adversarial(state: GrimheimState, rng: random.Random) -> list[object]:
    """Actions a careless table might enter: tiles into lakes, odd die results."""
    hexes = list(data.load().hexes)
    spot = rng.choice(hexes)
    other = rng.choice(hexes)
    hero = rng.choice(state.heroes).name
    tile = rng.choice(state.monsters).at if state.monsters else spot
    return [
        PlaceMonster(rng.choice(["goblin", "brute", "troll"]), spot),
        MoveMonster(tile, rng.choice([*hexmap.neighbours(tile), PLAIN_LAKE])),
        MonsterDie(rng.choice(list(data.load().monster_die)), shifts=((tile, other),)),
        MonsterDie("ambush", ambush=(spot,)),
        PlaceHero(hero, spot),
        Gain(hero, xp=rng.randrange(-3, 40)),
        DealDamage(hero, tile, rng.randrange(0, 6)),
        MonstersMove(((tile, other),)),
        SkipCard(),
    ]


@pytest.mark.parametrize("seed", range(6))
def test_grim_map_lake_check_never_raises_on_a_reachable_state(seed: int) -> None:
    """Property: from setup, whatever legal or careless actions are tried, ``check``,
    ``legal_actions`` and ``sample_actions`` never raise and every state reached keeps
    the invariants (no monster in a plain lake among them)."""
    rng = random.Random(seed)
    state = GAME.setup(GrimheimOptions(heroes=("Bjorn", "Alva", "Embla"), monster_die=True))
    for _ in range(160):
        if GAME.outcome(state) is not None:
            break
        legal = GAME.legal_actions(state)
        tries = [*GAME.sample_actions(state, rng), *_adversarial(state, rng)]
        for action in tries:
            GAME.check(state, action)  # must not raise
        ok = [a for a in tries if GAME.check(state, a).legal] + legal
        assert ok, f"no way on from {state.phase}/{state.monster_step}"
        state = GAME.apply(state, rng.choice(ok))
        assert GAME.invariants(state) == []


# ----- the reinforcement step always ends ----------------------------------------------------


def test_grim_assume_no_placeable_card_gives_a_way_out() -> None:
    state = replace(table(), phase="reinforce", reinforcements_left=2, reinforce_deck="yellow")
    verdict = GAME.check(state, SkipCard())
    assert not verdict.legal and "grim.assume.no_placeable_card" in verdict.rules
    empty = replace(state, supply={k: 0 for k in state.supply}, untracked=dict(state.supply))
    empty = replace(empty, legends_in_play={k: 1 for k in data.load().legends})
    assert not any(isinstance(a, PlaceCard) for a in GAME.legal_actions(empty))
    assert SkipCard() in GAME.legal_actions(empty)
    assert GAME.check(empty, RedrawCard(1)).legal  # still allowed, but no longer the only way
    after = GAME.apply(GAME.apply(empty, SkipCard()), SkipCard())
    assert after.phase == "heroes"


# ----- wrong verdicts --------------------------------------------------------------------------


def test_grim_monster_charge_no_charge_step_into_grimheim_on_a_plain_turn() -> None:
    start = (9, 6)  # a brute two steps from town: (9, 7), then Grimheim
    state = monster_step(monsters(table(), MonsterTile("brute", start)), "move")
    state = replace(state, time=2)
    assert GAME.current_step(state).mark != "skull"
    verdict = GAME.check(state, MonstersMove(((start, (9, 7)), ((9, 7), GRIMHEIM))))
    assert not verdict.legal and "grim.monster.charge" in verdict.rules
    assert GAME.check(state, MonstersMove(((start, (9, 7)),))).legal


def test_grim_map_grimheim_apart_heroes_in_town_neither_attacked_nor_attacking() -> None:
    state = monsters(put(table(), Alva=(9, 6)), MonsterTile("goblin", (9, 7)))
    attack = monster_step(state, "attack")
    verdict = GAME.check(attack, MonstersAttack({"Bjorn": 2}))
    assert not verdict.legal and "grim.map.grimheim_apart" in verdict.rules
    assert GAME.check(attack, MonstersAttack({"Alva": 1})).legal
    verdict = GAME.check(state, DealDamage("Bjorn", (9, 7), 3))
    assert not verdict.legal and "grim.map.grimheim_apart" in verdict.rules
    verdict = GAME.check(state, Attack("Bjorn", (9, 7), 3))
    assert not verdict.legal and "grim.map.grimheim_apart" in verdict.rules


def test_grim_monster_die_maneuver_checked_like_the_movement_step() -> None:
    bjorn = (9, 5)
    state = put(table(monster_die=True), Bjorn=bjorn)
    ring = [hexmap.step(bjorn, d) for d in hexmap.CLOCKWISE]
    state = monster_step(monsters(state, MonsterTile("goblin", ring[0])), "die")
    right = MonsterDie("maneuver_1", shifts=((ring[0], ring[1]),))
    assert GAME.check(state, right).legal
    wrong_way = GAME.check(state, MonsterDie("maneuver_1", shifts=((ring[0], ring[5]),)))
    assert not wrong_way.legal and "grim.monster.die_maneuver" in wrong_way.rules
    assert "clockwise" in wrong_way.reason
    left_out = GAME.check(state, MonsterDie("maneuver_1"))
    assert not left_out.legal and "cannot be left out" in left_out.reason
    far = monsters(state, MonsterTile("brute", (3, 9)))
    stray = GAME.check(far, MonsterDie("maneuver_1", shifts=((ring[0], ring[1]), ((3, 9), (4, 9)))))
    assert not stray.legal and "next to no hero" in stray.reason


def test_grim_monster_die_push_only_toward_grimheim_and_never_left_out() -> None:
    state = put(table(monster_die=True), Bjorn=(9, 5))
    state = monster_step(monsters(state, MonsterTile("goblin", (8, 5))), "die")
    target = hexmap.push_target((9, 5), state.occupied() - {(9, 5)})
    assert target == (9, 6)
    assert GAME.check(state, MonsterDie("push", shifts=(((9, 5), (9, 6)),))).legal
    away = GAME.check(state, MonsterDie("push", shifts=(((9, 5), (9, 4)),)))
    assert not away.legal and "grim.monster.die_push" in away.rules and "toward" in away.reason
    assert not GAME.check(state, MonsterDie("push")).legal


def test_grim_assume_ambush_no_room_hero_without_a_free_neighbour() -> None:
    state = put(table(monster_die=True), Bjorn=NEXT_TO_LAKE, Alva=(9, 5))
    around = [
        n for n in hexmap.neighbours(NEXT_TO_LAKE) if hexmap.monster_terrain_problem(n) is None
    ]
    state = monster_step(monsters(state, *(MonsterTile("brute", n) for n in around)), "die")
    _, ambush = hexmap.die_proposal(
        "ambush", [h.at for h in state.heroes], {m.at: m.kind for m in state.monsters}, goblins=20
    )
    assert len(ambush) == 1 and hexmap.adjacent(ambush[0], (9, 5))
    verdict = GAME.check(state, MonsterDie("ambush", ambush=ambush))
    assert verdict.legal, verdict.reason
    two = GAME.check(state, MonsterDie("ambush", ambush=(*ambush, (9, 3))))
    assert not two.legal


def test_grim_xp_box_limit_fifty_in_all() -> None:
    state = table()
    state = replace(
        state,
        heroes=(replace(state.heroes[0], xp=30), replace(state.heroes[1], xp=19)),
    )
    assert GAME.check(state, Practice("Bjorn")).legal
    full = GAME.apply(state, Gain("Bjorn", xp=1))
    verdict = GAME.check(full, Practice("Bjorn"))
    assert not verdict.legal and "grim.xp.box_limit" in verdict.rules
    assert not GAME.check(full, Gain("Bjorn", xp=1)).legal
    assert GAME.counters(full)["Alva.xp"] == (0, 19)
    # A kill worth 3 with 1 crystal left gives 1, and the verdict says so.
    one_left = monsters(put(state, Bjorn=(9, 6)), MonsterTile("troll", (9, 5)))
    verdict = GAME.check(one_left, Attack("Bjorn", (9, 5), 20))
    assert verdict.legal and any("gains 1 XP" in e for e in verdict.effects)
    assert "grim.xp.box_limit" in verdict.rules
    after = GAME.apply(one_left, Attack("Bjorn", (9, 5), 20))
    assert sum(h.xp for h in after.heroes) == MAX_CRYSTALS


def test_grim_assume_free_action_timing() -> None:
    state = table()  # Bjorn's turn
    assert GAME.check(state, Gain("Bjorn", xp=1)).legal
    verdict = GAME.check(state, Gain("Alva", xp=1))
    assert not verdict.legal and "grim.assume.free_action_timing" in verdict.rules
    assert GAME.check(state, ShareGold("Bjorn", "Alva", 1)).legal  # both in Grimheim
    assert not GAME.check(state, PlaceHero("Alva", (9, 7))).legal
    attack = monster_step(state, "attack")
    assert GAME.check(attack, Gain("Alva", equipment=1)).legal  # a shield took the blow
    assert not GAME.check(attack, Gain("Alva", xp=1)).legal
    reinforce = replace(state, phase="reinforce", reinforcements_left=1)
    assert not GAME.check(reinforce, Gain("Bjorn", equipment=1)).legal


def test_grim_setup_heroes_each_seat_plays_its_hero() -> None:
    state = table("Bjorn", "Alva")
    assert GAME.acting_seat(state, Gain("Alva", xp=1)) == 1
    assert GAME.acting_seat(state, Move("Bjorn", ((9, 7),))) == 0
    assert GAME.acting_seat(state, ShareGold("Alva", "Bjorn", 1)) == 1
    assert GAME.acting_seat(state, MonstersAttack({})) is None


@pytest.mark.parametrize(
    ("steps", "rule"),
    [
        ((((9, 5), (8, 5)),), "grim.monster.path"),  # off its path
        ((((9, 5), (9, 6)), ((9, 6), (9, 7))), "grim.monster.charge"),  # extra step, no reason
        ((((9, 5), (9, 7)),), "grim.monster.path"),  # not a neighbour
        ((((3, 3), (3, 4)),), "grim.mturn.move"),  # nobody there
    ],
)
def test_grim_mturn_move_refusals_cite_the_rule_broken(steps: tuple, rule: str) -> None:
    state = monster_step(monsters(table(), MonsterTile("brute", (9, 5))), "move")
    state = replace(state, time=2)
    verdict = GAME.check(state, MonstersMove(steps))
    assert not verdict.legal
    assert rule in verdict.rules and "grim.monster.adjacent_stays" not in verdict.rules


def test_grim_monster_blocked_and_adjacent_stays_cited() -> None:
    state = monsters(table(), MonsterTile("brute", (9, 5)), MonsterTile("brute", (9, 6)))
    state = replace(monster_step(state, "move"), time=2)
    blocked = GAME.check(state, MonstersMove((((9, 5), (9, 6)),)))
    assert "grim.monster.blocked" in blocked.rules
    near = replace(put(state, Alva=(8, 5)), monsters=state.monsters)
    stays = GAME.check(near, MonstersMove((((9, 5), (9, 4)),)))
    assert not stays.legal and "grim.monster.adjacent_stays" in stays.rules


def test_grim_endturn_order_verdict_promises_no_mana_it_does_not_add() -> None:
    state = table()
    verdict = GAME.check(state, EndTurn("Bjorn"))
    after = GAME.apply(state, EndTurn("Bjorn"))
    assert after.hero("Bjorn").mana == state.hero("Bjorn").mana
    assert not any(e.startswith("add mana") for e in verdict.effects)
    assert any("mana generation" in e and "card effect" in e for e in verdict.effects)


def test_grim_setup_markers_3a_to_3c_are_in_the_index() -> None:
    ids = {r.id: r for r in GAME.rules}
    for rid, step in [
        ("grim.setup.troll_caves_markers", "3a"),
        ("grim.setup.nailfare_markers", "3b"),
        ("grim.setup.wyrm_lair_markers", "3c"),
    ]:
        assert step in ids[rid].source


def test_grim_monster_die_charge_only_rank_one_and_only_on_that_face() -> None:
    two_steps = MonstersMove((((9, 5), (9, 6)), ((9, 6), (9, 7))))
    plain = replace(monster_step(monsters(table(), MonsterTile("sprite", (9, 5))), "move"), time=2)
    verdict = GAME.check(plain, two_steps)
    assert not verdict.legal and "grim.monster.charge" in verdict.rules
    charge = replace(plain, die_face="charge")
    assert GAME.check(charge, two_steps).legal
    assert GAME.expected_moves(charge) == two_steps
    assert GAME.expected_moves(plain) == MonstersMove((((9, 5), (9, 6)),))
    brute = replace(monster_step(monsters(table(), MonsterTile("brute", (9, 5))), "move"), time=2)
    assert not GAME.check(replace(brute, die_face="charge"), two_steps).legal
    assert GAME.expected_moves(replace(brute, die_face="charge")) == MonstersMove(
        (((9, 5), (9, 6)),)
    )
