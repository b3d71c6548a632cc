"""The monster turn's verdicts, whole: the Rune Stone (grim.mturn.order, grim.time.*), the
monster die (grim.mturn.die and the rule of each face) and the attack (grim.mturn.attack),
with the sentence players read, the rules cited, every effect line and where the round goes.
"""

from __future__ import annotations

import io
import json
from dataclasses import replace

import pytest

from rules import cli
from rules.core import Verdict, to_jsonable
from rules.grimheim import GAME
from rules.grimheim import state as geometry
from rules.grimheim.actions import AdvanceTime, MonsterDie, MonstersAttack
from rules.grimheim.state import GrimheimOptions, GrimheimState, Hex, MonsterTile, sorted_tiles

BEGINS = "The monster turn begins: move the Rune Stone."
SKULL = "skull: every monster charges this turn (one extra area)"
LAST = "last step: the heroes win if Freyja's Well stands after this turn"


def monster_turn(
    step: str,
    time: int,
    *tiles: MonsterTile,
    track: str = "short",
    die: bool = False,
    face: str = "",
    heroes: dict[str, Hex] | None = None,
) -> GrimheimState:
    """Bjorn and Alva's table at ``step`` of the monster turn, the Rune Stone on ``time``."""
    state = GAME.setup(
        GrimheimOptions(heroes=("Bjorn", "Alva"), track=track, monster_die=die)  # type: ignore[arg-type]
    )
    supply = dict(state.supply)
    for t in tiles:
        supply[t.kind] -= 1
    state = replace(
        state,
        phase="monsters",
        monster_step=step,  # type: ignore[arg-type]
        time=time,
        die_face=face,
        monsters=sorted_tiles(list(tiles)),
        supply=supply,
    )
    where = heroes or {}
    return replace(
        state, heroes=tuple(replace(h, at=where.get(h.name, h.at)) for h in state.heroes)
    )


def whole(verdict: Verdict) -> tuple[bool, str, tuple[str, ...], tuple[str, ...]]:
    return verdict.legal, verdict.reason, verdict.rules, verdict.effects


# ----- the Rune Stone ------------------------------------------------------------------------

# Short track: steps 1, 4 and 7 carry crossed axes (1-6 yellow, 7-12 red), 9-12 skulls.
STONE = {
    "shield": (1, ("grim.mturn.order",), ("Rune Stone → step 2 of 12",)),
    "yellow axes": (
        3,
        ("grim.mturn.order", "grim.time.reinforce"),
        (
            "Rune Stone → step 4 of 12",
            "reinforcements this turn: each player draws a yellow card",
        ),
    ),
    "red axes": (
        6,
        ("grim.mturn.order", "grim.time.reinforce"),
        ("Rune Stone → step 7 of 12", "reinforcements this turn: each player draws a red card"),
    ),
    "skull": (8, ("grim.mturn.order", "grim.time.skull"), ("Rune Stone → step 9 of 12", SKULL)),
    "last": (
        11,
        ("grim.mturn.order", "grim.time.skull", "grim.time.last"),
        ("Rune Stone → step 12 of 12", SKULL, LAST),
    ),
}


@pytest.mark.parametrize("case", list(STONE))
def test_grim_mturn_order_the_rune_stone_announces_its_step(case: str) -> None:
    time, rules, effects = STONE[case]
    state = monster_turn("time", time)
    assert whole(GAME.check(state, AdvanceTime())) == (True, BEGINS, rules, effects)
    after = GAME.apply(state, AdvanceTime())
    assert (after.time, after.monster_step, after.phase) == (time + 1, "move", "monsters")


def test_grim_time_last_long_track_and_no_step_past_the_last() -> None:
    long = monster_turn("time", 15, track="long")
    verdict = GAME.check(long, AdvanceTime())
    assert verdict.effects == ("Rune Stone → step 16 of 16", SKULL, LAST)
    assert "grim.time.last" in verdict.rules
    assert (
        "grim.time.last"
        not in GAME.check(monster_turn("time", 14, track="long"), AdvanceTime()).rules
    )
    past = GAME.apply(monster_turn("time", 12), AdvanceTime())
    assert past.time == 12


def test_grim_mturn_die_is_rolled_after_the_stone_only_with_the_variant() -> None:
    state = replace(monster_turn("time", 2, die=True), die_face="push")
    after = GAME.apply(state, AdvanceTime())
    assert (after.time, after.monster_step, after.die_face) == (3, "die", "")
    plain = GAME.apply(replace(monster_turn("time", 2), die_face="push"), AdvanceTime())
    assert (plain.monster_step, plain.die_face) == ("move", "")


# ----- the monster die -------------------------------------------------------------------------

FACES = {
    "maneuver_1": (
        "Monster die: maneuver 1.",
        "grim.monster.die_maneuver",
        (
            "maneuver: monsters next to each hero turn one place clockwise around it",
            "nothing moves",
        ),
    ),
    "maneuver_2": (
        "Monster die: maneuver 2.",
        "grim.monster.die_maneuver",
        ("maneuver: monsters next to each hero turn one place counter-clockwise", "nothing moves"),
    ),
    "attack": (
        "Monster die: attack.",
        "grim.monster.die_attack",
        ("every monster attacks with +1 strength this turn",),
    ),
    "push": (
        "Monster die: push.",
        "grim.monster.die_push",
        ("each hero next to a monster is pushed one area toward Grimheim", "nothing moves"),
    ),
    "charge": (
        "Monster die: charge.",
        "grim.monster.die_charge",
        ("rank 1 monsters charge this turn",),
    ),
    "ambush": (
        "Monster die: ambush.",
        "grim.monster.die_ambush",
        (
            "each hero outside Grimheim places a new goblin next to itself",
            "no goblin can be placed",
        ),
    ),
}


@pytest.mark.parametrize("face", list(FACES))
def test_grim_mturn_die_each_face_is_told_and_cited(face: str) -> None:
    # Both heroes in Grimheim: no face moves or places anything.
    reason, rule, effects = FACES[face]
    state = monster_turn("die", 3, die=True)
    assert whole(GAME.check(state, MonsterDie(face))) == (
        True,
        reason,
        ("grim.mturn.die", rule),
        effects,
    )
    after = GAME.apply(state, MonsterDie(face))
    assert (after.die_face, after.monster_step) == (face, "move")
    assert after.heroes == state.heroes and after.monsters == state.monsters


DIE_REFUSALS = {
    "unknown face": (
        MonsterDie("seven"),
        "'seven' is not a face of the monster die; faces: maneuver_1, maneuver_2, attack, "
        "push, charge, ambush.",
        ("grim.mturn.die",),
    ),
    "shifts on attack": (
        MonsterDie("attack", shifts=(((3, 9), (4, 9)),)),
        "Only the maneuver and push faces move pieces.",
        ("grim.mturn.die",),
    ),
    "goblins on charge": (
        MonsterDie("charge", ambush=((3, 9),)),
        "Only the ambush face places goblins.",
        ("grim.mturn.die",),
    ),
    "off the map": (
        MonsterDie("push", shifts=(((3, 9), (40, 9)),)),
        "40,9 is not an area of the map.",
        ("grim.mturn.die", "grim.map.grid"),
    ),
    "twice": (
        MonsterDie("maneuver_1", shifts=(((3, 9), (4, 9)), ((3, 9), (3, 10)))),
        "Each piece moves once.",
        ("grim.mturn.die", "grim.mturn.die"),
    ),
}


@pytest.mark.parametrize("case", list(DIE_REFUSALS))
def test_grim_mturn_die_refusals_read_whole(case: str) -> None:
    action, reason, rules = DIE_REFUSALS[case]
    state = monster_turn("die", 3, MonsterTile("brute", (3, 9)), die=True)
    assert whole(GAME.check(state, action)) == (False, reason, rules, ())


# ----- the attack ------------------------------------------------------------------------------


ROUND_END = {
    # time on the short track: what follows the attack and where the round goes
    "next hero": (3, "next: Bjorn's turn", ("heroes", 0, "time")),
    "reinforcements": (4, "next: reinforcements (yellow cards)", ("reinforce", 1, "attack")),
    "red reinforcements": (7, "next: reinforcements (red cards)", ("reinforce", 1, "attack")),
    "last": (12, "that was the last monster turn", ("over", 1, "attack")),
}


@pytest.mark.parametrize("case", list(ROUND_END))
def test_grim_mturn_attack_ends_the_round(case: str) -> None:
    time, line, (phase, turn, step) = ROUND_END[case]
    state = replace(monster_turn("attack", time), turn=1, die_face="push")
    verdict = GAME.check(state, MonstersAttack({}))
    assert whole(verdict) == (
        True,
        "Monsters attack.",
        ("grim.mturn.attack", "grim.hero.health"),
        ("no hero takes damage", line),
    )
    after = GAME.apply(state, MonstersAttack({}))
    assert (after.phase, after.turn, after.monster_step) == (phase, turn, step)
    assert after.die_face == ("" if phase == "heroes" else "push")
    if phase == "reinforce":
        assert after.reinforcements_left == 2
        assert after.reinforce_deck == ("yellow" if time < 7 else "red")


def test_grim_time_last_the_game_ends_after_that_monster_turn() -> None:
    after = GAME.apply(monster_turn("attack", 12), MonstersAttack({}))
    assert after.phase == "over"
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.rule == "grim.end.win"
    assert outcome.winners == ("Bjorn", "Alva")


def test_grim_monster_die_attack_is_told_at_the_attack() -> None:
    goblin = MonsterTile("goblin", (4, 9))
    state = monster_turn("attack", 3, goblin, face="attack", heroes={"Bjorn": (3, 9)})
    verdict = GAME.check(state, MonstersAttack({"Bjorn": 2}))
    assert whole(verdict) == (
        True,
        "Monsters attack.",
        (
            "grim.mturn.attack",
            "grim.mturn.attack_bound",
            "grim.hero.health",
            "grim.monster.die_attack",
        ),
        (
            "monster die: every monster attacks with +1 strength",
            "Bjorn: Goblin at I4 (2 dice: +1 from the monster die); at most 2 damage",
            "Bjorn's damage → 2 of 9",
            "next: Bjorn's turn",
        ),
    )
    assert GAME.apply(state, MonstersAttack({"Bjorn": 2})).hero("Bjorn").damage == 2
    # Without the die's attack face the goblin rolls its one printed die.
    plain = replace(state, die_face="")
    assert whole(GAME.check(plain, MonstersAttack({"Bjorn": 2})))[:2] == (
        False,
        "Bjorn can take at most 1 damage: that is every attack die of the monsters within "
        "reach (Goblin at I4 (1 die)).",
    )


# ----- what the monsters in reach can deal ----------------------------------------------------


def test_grim_mturn_attack_bound_a_monster_out_of_reach_deals_nothing() -> None:
    # A range-1 Seer of Odin (level I, strength 3) eight areas from Bjorn cannot hurt him.
    seer = MonsterTile("seer_of_odin", (11, 3), level=1)
    state = replace(
        monster_turn("attack", 3, heroes={"Bjorn": (3, 9)}),
        monsters=(seer,),
        legends_in_play={"seer_of_odin": 1},
    )
    assert geometry.distance((11, 3), (3, 9)) == 8
    assert whole(GAME.check(state, MonstersAttack({"Bjorn": 3}))) == (
        False,
        "No monster can reach Bjorn this turn, so Bjorn takes no damage.",
        ("grim.mturn.attack_bound", "grim.combat.range", "grim.combat.strength"),
        (),
    )
    verdict = GAME.check(state, MonstersAttack({}))
    assert verdict.legal and verdict.effects[0] == "Bjorn: no monster within reach"


def test_grim_mturn_attack_bound_a_lone_goblin_rolls_one_die() -> None:
    state = monster_turn("attack", 3, MonsterTile("goblin", (4, 9)), heroes={"Bjorn": (3, 9)})
    assert whole(GAME.check(state, MonstersAttack({"Bjorn": 60})))[:3] == (
        False,
        "Bjorn can take at most 1 damage: that is every attack die of the monsters within "
        "reach (Goblin at I4 (1 die)).",
        ("grim.mturn.attack_bound", "grim.combat.range", "grim.combat.strength"),
    )
    verdict = GAME.check(state, MonstersAttack({"Bjorn": 1}))
    assert whole(verdict) == (
        True,
        "Monsters attack.",
        ("grim.mturn.attack", "grim.mturn.attack_bound", "grim.hero.health"),
        (
            "Bjorn: Goblin at I4 (1 die); at most 1 damage",
            "Bjorn's damage → 1 of 9",
            "next: Bjorn's turn",
        ),
    )


def test_grim_mturn_attack_bound_trollkin_and_fire_horde_reach() -> None:
    # Two trollkin side by side each roll one extra die; a sprite two areas off reaches too.
    tiles = (
        MonsterTile("goblin", (4, 9)),
        MonsterTile("brute", (4, 8)),
        MonsterTile("sprite", (5, 9)),
    )
    state = monster_turn("attack", 3, *tiles, heroes={"Bjorn": (3, 9)})
    verdict = GAME.check(state, MonstersAttack({"Bjorn": 7}))
    assert verdict.legal
    assert verdict.effects[0] == (
        "Bjorn: Brute at Ogre Valley H3 (4 dice: +1 for trollkin beside it), Goblin at I4 "
        "(2 dice: +1 for trollkin beside it), Sprite at I5 (1 die); at most 7 damage"
    )
    assert not GAME.check(state, MonstersAttack({"Bjorn": 8})).legal


def test_grim_mturn_attack_bound_each_monster_attacks_one_hero() -> None:
    # One troll beside both heroes: its six dice go to one of them, never to both.
    state = monster_turn(
        "attack", 3, MonsterTile("troll", (4, 9)), heroes={"Bjorn": (3, 9), "Alva": (5, 9)}
    )
    assert GAME.check(state, MonstersAttack({"Bjorn": 6})).legal
    assert GAME.check(state, MonstersAttack({"Alva": 6})).legal
    both = GAME.check(state, MonstersAttack({"Bjorn": 3, "Alva": 3}))
    assert not both.legal and both.reason.startswith("Each monster attacks only one hero")
    assert both.rules[0] == "grim.mturn.attack_bound"


def test_grim_map_grimheim_apart_no_damage_to_a_hero_in_town() -> None:
    state = monster_turn("attack", 3)
    verdict = GAME.check(state, MonstersAttack({"Bjorn": 2}))
    assert whole(verdict) == (
        False,
        "Bjorn is in Grimheim: no monster outside can attack a hero in town.",
        ("grim.map.grimheim_apart", "grim.mturn.attack"),
        (),
    )
    # Reporting 0 for a hero in town is no attack at all.
    assert GAME.check(state, MonstersAttack({"Bjorn": 0})).legal


def test_grim_mturn_attack_refuses_typos_and_strangers() -> None:
    out = monster_turn("attack", 3, heroes={"Bjorn": (3, 9)})
    assert whole(GAME.check(out, MonstersAttack({"Bjorn": 61}))) == (
        False,
        "Damage must be 0 to 60.",
        ("grim.mturn.attack",),
        (),
    )
    assert GAME.check(out, MonstersAttack({"Bjorn": 0})).legal
    assert whole(GAME.check(out, MonstersAttack({"Zed": 1}))) == (
        False,
        "'Zed' is not at this table (heroes: Bjorn, Alva).",
        ("grim.setup.heroes",),
        (),
    )
    early = GAME.check(monster_turn("move", 3), MonstersAttack({}))
    assert whole(early) == (
        False,
        "The monster turn goes in order; now it is the monster turn: monsters move.",
        ("grim.mturn.order",),
        (),
    )


# ----- the die's moves and goblins, and every refusal of them ----------------------------

BJORN = (9, 5)  # E5; clockwise around it: D5 (10,4), E6 (10,5), F6 (9,6), F5, E4, D4 (9,4)
D5, E6, D4 = (10, 4), (10, 5), (9, 4)
CLOCKWISE = "maneuver: monsters next to each hero turn one place clockwise around it"
PUSH = "each hero next to a monster is pushed one area toward Grimheim"
AMBUSH = "each hero outside Grimheim places a new goblin next to itself"


def die_step(heroes: dict[str, Hex], *tiles: MonsterTile, goblins: int = -1) -> GrimheimState:
    state = monster_turn("die", 3, *tiles, die=True, heroes=heroes)
    if goblins >= 0:
        state = replace(state, supply={**state.supply, "goblin": goblins})
    return state


def test_grim_monster_die_maneuver_turns_and_says_so() -> None:
    state = die_step({"Bjorn": BJORN}, MonsterTile("goblin", D5))
    action = MonsterDie("maneuver_1", shifts=((D5, E6),))
    assert whole(GAME.check(state, action)) == (
        True,
        "Monster die: maneuver 1.",
        ("grim.mturn.die", "grim.monster.die_maneuver"),
        (CLOCKWISE, "the Goblin: D5 → E6"),
    )
    after = GAME.apply(state, action)
    assert [(m.kind, m.at) for m in after.monsters] == [("goblin", E6)]
    assert after.heroes == state.heroes and after.die_face == "maneuver_1"


def test_grim_monster_die_push_moves_the_hero_toward_grimheim() -> None:
    state = die_step({"Bjorn": BJORN}, MonsterTile("goblin", D5))
    action = MonsterDie("push", shifts=((BJORN, (9, 6)),))
    assert whole(GAME.check(state, action)) == (
        True,
        "Monster die: push.",
        ("grim.mturn.die", "grim.monster.die_push"),
        (PUSH, "Bjorn: E5 → F6"),
    )
    after = GAME.apply(state, action)
    assert [(h.name, h.at) for h in after.heroes] == [("Bjorn", (9, 6)), ("Alva", (9, 9))]
    assert after.monsters == state.monsters


def test_grim_monster_die_ambush_places_goblins_and_says_where() -> None:
    state = die_step({"Bjorn": BJORN, "Alva": (9, 7)})
    action = MonsterDie("ambush", ambush=(D5, (10, 7)))
    assert whole(GAME.check(state, action)) == (
        True,
        "Monster die: ambush.",
        ("grim.mturn.die", "grim.monster.die_ambush"),
        (AMBUSH, "goblin → D5", "goblin → G8"),
    )
    after = GAME.apply(state, action)
    assert [(m.kind, m.at) for m in after.monsters] == [("goblin", D5), ("goblin", (10, 7))]
    assert after.supply["goblin"] == 18


def test_grim_assume_ambush_no_room_as_far_as_the_supply_lasts() -> None:
    state = die_step({"Bjorn": BJORN, "Alva": (9, 7)}, goblins=1)
    assert GAME.check(state, MonsterDie("ambush", ambush=((10, 7),))).legal
    verdict = GAME.check(state, MonsterDie("ambush", ambush=(D5, (10, 7))))
    assert whole(verdict) == (
        False,
        "1 goblin must be placed (one per hero outside Grimheim, as far as free areas beside "
        "them and the supply allow), not 2.",
        ("grim.monster.die_ambush", "grim.assume.ambush_no_room"),
        (),
    )


ALONE = die_step({"Bjorn": BJORN})
BESIDE_GOBLIN = die_step({"Bjorn": BJORN}, MonsterTile("goblin", D5))
PAIR = die_step({"Bjorn": BJORN, "Alva": (9, 7)})
DIE_MOVE_REFUSALS: dict[str, tuple[GrimheimState, MonsterDie, str, str]] = {
    "not the die step": (
        replace(BESIDE_GOBLIN, monster_step="move"),
        MonsterDie("attack"),
        "The monster turn goes in order; now it is the monster turn: monsters move.",
        "",
    ),
    "clockwise the other way": (
        BESIDE_GOBLIN,
        MonsterDie("maneuver_1", shifts=((D5, D4),)),
        "This face turns monsters clockwise: the Goblin at D5 goes to E6, not D4.",
        "grim.monster.die_maneuver",
    ),
    "counter-clockwise the other way": (
        BESIDE_GOBLIN,
        MonsterDie("maneuver_2", shifts=((D5, E6),)),
        "This face turns monsters counter-clockwise: the Goblin at D5 goes to D4, not E6.",
        "grim.monster.die_maneuver",
    ),
    "a turn left out": (
        BESIDE_GOBLIN,
        MonsterDie("maneuver_1"),
        "The Goblin at D5 turns to E6 too; it cannot be left out.",
        "grim.monster.die_maneuver",
    ),
    "no monster there": (
        BESIDE_GOBLIN,
        MonsterDie("maneuver_1", shifts=((D5, E6), ((9, 6), (8, 6)))),
        "No monster stands at F6.",
        "grim.mturn.die",
    ),
    "a monster far from heroes": (
        die_step({"Bjorn": BJORN}, MonsterTile("goblin", D5), MonsterTile("brute", (3, 9))),
        MonsterDie("maneuver_1", shifts=((D5, E6), ((3, 9), (4, 9)))),
        "The Brute at Ogre Valley I3 stands next to no hero outside Grimheim: the maneuver "
        "does not move it.",
        "grim.monster.die_maneuver",
    ),
    "turned into a hero": (
        die_step({"Bjorn": BJORN, "Alva": E6}, MonsterTile("goblin", D5)),
        MonsterDie("maneuver_1", shifts=((D5, E6),)),
        "E6 holds a hero: the Goblin cannot turn there.",
        "grim.monster.die_maneuver_blocking",
    ),
    "next place blocked": (
        die_step(
            {"Bjorn": BJORN, "Alva": (9, 6)},
            MonsterTile("goblin", D5),
            MonsterTile("troll", E6),
        ),
        MonsterDie("maneuver_1", shifts=((D5, E6),)),
        "The Goblin at D5 cannot turn clockwise now: its next place is blocked or it already "
        "turned around an earlier hero.",
        "grim.monster.die_maneuver_blocking",
    ),
    "a push left out": (
        BESIDE_GOBLIN,
        MonsterDie("push"),
        "Bjorn at E5 is pushed to F6 too; it cannot be left out.",
        "grim.monster.die_push",
    ),
    "a push without a monster": (
        ALONE,
        MonsterDie("push", shifts=((BJORN, (9, 6)),)),
        "Bjorn stands next to no monster and is not pushed.",
        "grim.monster.die_push",
    ),
    "no hero there": (
        BESIDE_GOBLIN,
        MonsterDie("push", shifts=(((3, 9), (4, 9)),)),
        "No hero stands at Ogre Valley I3.",
        "grim.mturn.die",
    ),
    "a push off the path": (
        BESIDE_GOBLIN,
        MonsterDie("push", shifts=((BJORN, (8, 6)),)),
        "A push follows the monster path toward Grimheim: Bjorn goes to F6, not F5.",
        "grim.monster.die_push",
    ),
    "a push into a mountain": (
        die_step({"Bjorn": (12, 2)}, MonsterTile("goblin", (11, 2))),
        MonsterDie("push", shifts=(((12, 2), (13, 1)),)),
        "Bjorn cannot be pushed there: A5 is a mountain: heroes cannot enter mountains except "
        "the Troll Caves.",
        "grim.map.mountain",
    ),
    "the way toward town taken": (
        die_step({"Bjorn": (12, 2)}, MonsterTile("goblin", (12, 3))),
        MonsterDie("push", shifts=(((12, 2), (12, 3)),)),
        "Bjorn cannot be pushed: the next area toward Grimheim is taken or closed to heroes.",
        "grim.monster.die_push",
    ),
    "a piece moved from off the map": (
        BESIDE_GOBLIN,
        MonsterDie("push", shifts=(((40, 9), (9, 6)),)),
        "40,9 is not an area of the map.",
        "grim.map.grid",
    ),
    "a goblin in Grimheim": (
        ALONE,
        MonsterDie("ambush", ambush=((9, 8),)),
        "A goblin is never placed in Grimheim.",
        "grim.map.grimheim_one_area",
    ),
    "a goblin off the map": (
        ALONE,
        MonsterDie("ambush", ambush=((40, 9),)),
        "40,9 is not an area of the map.",
        "grim.map.grid",
    ),
    "a goblin on a monster": (
        BESIDE_GOBLIN,
        MonsterDie("ambush", ambush=(D5,)),
        "D5 is occupied.",
        "grim.map.one_per_area",
    ),
    "a goblin in a lake": (
        die_step({"Bjorn": (6, 5)}),
        MonsterDie("ambush", ambush=((5, 5),)),
        "E1 is a lake: no monster may stand there (only Nailfare's lakes).",
        "grim.map.lake",
    ),
    "no goblin placed": (
        ALONE,
        MonsterDie("ambush"),
        "1 goblin must be placed (one per hero outside Grimheim, as far as free areas beside "
        "them and the supply allow), not 0.",
        "grim.assume.ambush_no_room",
    ),
    "two goblins in one area": (
        PAIR,
        MonsterDie("ambush", ambush=((9, 6), (9, 6))),
        "Each goblin needs its own area.",
        "grim.map.one_per_area",
    ),
    "a goblin far away": (
        ALONE,
        MonsterDie("ambush", ambush=((3, 9),)),
        "Each goblin must stand next to a different hero outside Grimheim.",
        "grim.monster.die_ambush",
    ),
    "both goblins by one hero": (
        PAIR,
        MonsterDie("ambush", ambush=(D5, D4)),
        "Each goblin must stand next to a different hero outside Grimheim.",
        "grim.monster.die_ambush",
    ),
}


@pytest.mark.parametrize("case", list(DIE_MOVE_REFUSALS))
def test_grim_monster_die_refusals_read_whole(case: str) -> None:
    state, action, reason, rule = DIE_MOVE_REFUSALS[case]
    first = {"ambush": "grim.monster.die_ambush"}.get(action.face, "grim.mturn.die")
    rules = ("grim.mturn.order",) if not rule else (first, rule)
    assert whole(GAME.check(state, action)) == (False, reason, rules, ())


def test_grim_monster_die_push_leaves_a_hero_without_a_monster_where_it_is() -> None:
    # Bjorn has a goblin beside him and is pushed; Alva, alone at Ogre Valley I3, stays.
    state = die_step({"Bjorn": BJORN, "Alva": (3, 9)}, MonsterTile("goblin", D5))
    after = GAME.apply(state, MonsterDie("push", shifts=((BJORN, (9, 6)),)))
    assert [(h.name, h.at) for h in after.heroes] == [("Bjorn", (9, 6)), ("Alva", (3, 9))]


def test_grim_mturn_attack_bound_through_the_command_line() -> None:
    """``python -m rules check grimheim`` with the Seer of Odin eight areas from Bjorn."""
    seer = MonsterTile("seer_of_odin", (11, 3), level=1)
    state = replace(
        monster_turn("attack", 3, heroes={"Bjorn": (3, 9)}),
        monsters=(seer,),
        legends_in_play={"seer_of_odin": 1},
    )
    payload = {
        "state": to_jsonable(state),
        "action": {"type": "monsters_attack", "damage": {"Bjorn": 3}},
    }
    code, out = cli.run(["check", "grimheim"], io.StringIO(json.dumps(payload)))
    assert (code, out) == (
        0,
        {
            "legal": False,
            "reason": "No monster can reach Bjorn this turn, so Bjorn takes no damage.",
            "rules": ["grim.mturn.attack_bound", "grim.combat.range", "grim.combat.strength"],
            "effects": [],
        },
    )
