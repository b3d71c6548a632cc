"""The movement step's verdicts, whole: legal or not, the sentence players read, the rules cited
and every effect line, for each branch of the check (grim.mturn.move, grim.mturn.move_trust).

The positions use two printed paths: from Ogre Valley I3 (3,9) the path runs east along row I
to Grimheim, and from Dark Forest C3 (9,3) it runs south along column 9 (D4, E5, F6, G7).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

import pytest

from rules.core import Verdict
from rules.grimheim import GAME
from rules.grimheim.actions import MonstersMove
from rules.grimheim.state import (
    GRIMHEIM,
    GrimheimOptions,
    GrimheimState,
    Hex,
    MonsterTile,
    sorted_tiles,
)

MOVE = "grim.mturn.move"
TRUST = "grim.mturn.move_trust"
NOTE = "check the table (cards such as Suppressive Fire may change this)"
OGRE = (3, 9)  # Ogre Valley I3; its path: I4 (4,9), I5 (5,9), I6 (6,9), I7 (7,9)


def moving(
    time: int,
    *tiles: MonsterTile,
    face: str = "",
    heroes: dict[str, Hex] | None = None,
    town: int | None = None,
) -> GrimheimState:
    """Bjorn and Alva's table at the movement step, on time step ``time`` (short track:
    2 is a shield, 9 a skull), with ``tiles`` on the map and the die showing ``face``."""
    state = GAME.setup(GrimheimOptions(heroes=("Bjorn", "Alva"), monster_die=bool(face)))
    supply = dict(state.supply)
    for t in tiles:
        if not t.is_legend:
            supply[t.kind] -= 1
    state = replace(
        state,
        phase="monsters",
        monster_step="move",
        time=time,
        die_face=face,
        monsters=sorted_tiles(list(tiles)),
        supply=supply,
        legends_in_play={t.kind: t.level for t in tiles if t.is_legend},
        town=state.town if town is None else town,
    )
    where = heroes or {}
    heroes_at = tuple(replace(h, at=where.get(h.name, h.at)) for h in state.heroes)
    return replace(state, heroes=heroes_at)


def steps(*path: Hex) -> MonstersMove:
    """One monster walking ``path`` (its start first), one area per step."""
    return MonstersMove(tuple(pairwise(path)))


def whole(verdict: Verdict) -> tuple[bool, str, tuple[str, ...], tuple[str, ...]]:
    return verdict.legal, verdict.reason, verdict.rules, verdict.effects


# ----- refusals: the sentence and the rule actually broken ----------------------------------

REFUSALS = {
    "grim.map.grid": (
        moving(2, MonsterTile("brute", OGRE)),
        MonstersMove(((OGRE, (40, 9)),)),
        "40,9 is not an area of the map.",
    ),
    "from off the map (grim.map.grid)": (
        moving(2, MonsterTile("brute", OGRE)),
        MonstersMove((((-2, 9), OGRE),)),
        "-2,9 is not an area of the map.",
    ),
    "nobody there (grim.mturn.move)": (
        moving(2, MonsterTile("brute", OGRE)),
        steps((4, 9), (5, 9)),
        "No monster stands at I4.",
    ),
    "grim.monster.adjacent_stays": (
        moving(2, MonsterTile("brute", OGRE), heroes={"Bjorn": (4, 9)}),
        steps(OGRE, (3, 10)),
        "The Brute at Ogre Valley I3 stands next to a hero and does not move.",
    ),
    "grim.monster.stop_beside_hero": (
        moving(2, MonsterTile("goblin", (9, 3)), heroes={"Bjorn": (10, 4)}),
        steps((9, 3), (9, 4), (9, 5)),
        "The Goblin came next to a hero and moves no further this turn.",
    ),
    "not a neighbour (grim.monster.path)": (
        moving(2, MonsterTile("brute", OGRE)),
        steps(OGRE, (5, 9)),
        "I5 does not border Ogre Valley I3.",
    ),
    "off its path (grim.monster.path)": (
        moving(2, MonsterTile("brute", OGRE)),
        steps(OGRE, (3, 10)),
        "The Brute at Ogre Valley I3 follows its path to I4, not Ogre Valley J3.",
    ),
    "past the charge (grim.monster.charge)": (
        moving(9, MonsterTile("brute", OGRE)),
        steps(OGRE, (4, 9), (5, 9), (6, 9)),
        "The Brute may move at most 2 areas this turn, charge included.",
    ),
    "grim.monster.blocked": (
        moving(2, MonsterTile("brute", OGRE), MonsterTile("troll", (4, 9))),
        steps(OGRE, (4, 9)),
        "I4 is occupied by a Troll.",
    ),
    "charge without a reason (grim.monster.charge)": (
        moving(2, MonsterTile("brute", OGRE)),
        steps(OGRE, (4, 9), (5, 9)),
        "The Brute may only take a charge step on a skull step, on a charge die face, "
        "or to reach a hero it can then attack.",
    ),
    "charge into town (grim.monster.charge)": (
        moving(2, MonsterTile("brute", (9, 6)), heroes={"Bjorn": (3, 3)}),
        steps((9, 6), (9, 7), GRIMHEIM),
        "The Brute may only take a charge step on a skull step, on a charge die face, "
        "or to reach a hero it can then attack (no hero can be attacked from inside Grimheim).",
    ),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_grim_mturn_move_refusals_read_whole(case: str) -> None:
    state, action, reason = REFUSALS[case]
    verdict = GAME.check(state, action)
    rule = case.split("(")[-1].rstrip(")") if "(" in case else case
    assert whole(verdict) == (False, reason, (MOVE, rule), ())
    assert rule in {r.id for r in GAME.rules}


# ----- accepted steps: what the players are told ---------------------------------------------


def test_grim_time_skull_every_monster_charges_one_extra_area() -> None:
    state = moving(9, MonsterTile("brute", OGRE))
    verdict = GAME.check(state, steps(OGRE, (4, 9), (5, 9)))
    assert whole(verdict) == (
        True,
        "Monsters move.",
        (MOVE, TRUST, "grim.time.skull"),
        (
            "skull step: every monster charges (one extra area)",
            "Brute: Ogre Valley I3 → I4",
            "Brute: I4 → I5",
        ),
    )
    after = GAME.apply(state, steps(OGRE, (4, 9), (5, 9)))
    assert [(m.kind, m.at) for m in after.monsters] == [("brute", (5, 9))]
    assert after.monster_step == "attack"


def test_grim_monster_die_charge_is_announced_and_cited() -> None:
    # A goblin moves 2, and 3 when the die's charge face makes rank 1 monsters charge.
    state = moving(2, MonsterTile("goblin", OGRE), face="charge")
    verdict = GAME.check(state, steps(OGRE, (4, 9), (5, 9), (6, 9)))
    assert whole(verdict) == (
        True,
        "Monsters move.",
        (MOVE, TRUST, "grim.monster.die_charge"),
        (
            "monster die: rank 1 monsters charge",
            "Goblin: Ogre Valley I3 → I4",
            "Goblin: I4 → I5",
            "Goblin: I5 → I6",
        ),
    )
    # No other face says so.
    other = GAME.check(replace(state, die_face="attack"), steps(OGRE, (4, 9), (5, 9)))
    assert other.effects == ("Goblin: Ogre Valley I3 → I4", "Goblin: I4 → I5")
    assert "grim.monster.die_charge" not in other.rules


def test_grim_monster_die_charge_on_a_skull_step_names_both() -> None:
    state = moving(9, MonsterTile("brute", OGRE), face="charge")
    verdict = GAME.check(state, steps(OGRE, (4, 9)))
    assert verdict.effects[:2] == (
        "monster die: rank 1 monsters charge",
        "skull step: every monster charges (one extra area)",
    )


def test_grim_mturn_move_trust_a_report_unlike_the_map_gets_a_note() -> None:
    # The table is trusted (cards change movement) but told what the map expects.
    nothing = GAME.check(moving(2), MonstersMove())
    assert whole(nothing) == (True, "Monsters move.", (MOVE, TRUST), ("no monster moves",))
    state = moving(2, MonsterTile("brute", OGRE), MonsterTile("goblin", (9, 3)))
    stayed = GAME.check(state, MonstersMove())
    assert stayed.effects == (
        "no monster moves",
        f"note: by the map the app expects 3 steps; {NOTE}",
    )
    one = GAME.check(moving(2, MonsterTile("brute", OGRE)), MonstersMove())
    assert one.effects == ("no monster moves", f"note: by the map the app expects 1 step; {NOTE}")
    # Equally close to town, the monster in the upper row goes first (grim.monster.order_distance).
    printed = steps((9, 3), (9, 4), (9, 5)).steps + steps(OGRE, (4, 9)).steps
    as_printed = GAME.check(state, MonstersMove(printed))
    assert as_printed.effects == (
        "Goblin: Dark Forest C3 → D4",
        "Goblin: D4 → E5",
        "Brute: Ogre Valley I3 → I4",
    )


def test_grim_map_grimheim_one_area_any_town_hex_is_the_map_s_step() -> None:
    # Any of the town's seven printed hexes is Grimheim: no "unlike the map" note for it.
    state = moving(2, MonsterTile("brute", (9, 7)))
    for town_hex in [(9, 8), GRIMHEIM]:
        verdict = GAME.check(state, steps((9, 7), town_hex))
        assert whole(verdict) == (
            True,
            "Monsters move.",
            (MOVE, TRUST),
            ("Brute: G7 → Grimheim", "it enters Grimheim: town → 5"),
        )


def test_grim_monster_enters_grimheim_legend_takes_three_pieces() -> None:
    state = moving(2, MonsterTile("grendel", (9, 7), level=2))
    verdict = GAME.check(state, steps((9, 7), GRIMHEIM))
    assert verdict.effects == ("Grendel (II): G7 → Grimheim", "it enters Grimheim: town → 3")
    after = GAME.apply(state, steps((9, 7), GRIMHEIM))
    assert after.town == 3 and after.monsters == () and after.legends_in_play == {}


def test_grim_end_loss_the_well_falls_mid_movement() -> None:
    # The last piece goes: the heroes lose at once, and no later step is played.
    state = moving(2, MonsterTile("brute", (9, 7)), MonsterTile("troll", OGRE), town=1)
    action = MonstersMove((((9, 7), GRIMHEIM), (OGRE, (4, 9))))
    verdict = GAME.check(state, action)
    assert verdict.legal
    assert verdict.effects[:3] == (
        "Brute: G7 → Grimheim",
        "it enters Grimheim: town → 0",
        "Freyja's Well falls: the heroes lose",
    )
    after = GAME.apply(state, action)
    assert after.town == 0 and [(m.kind, m.at) for m in after.monsters] == [("troll", OGRE)]
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.rule == "grim.end.loss"


def test_grim_monster_legend_swap_is_told() -> None:
    state = moving(2, MonsterTile("grendel", OGRE, level=1), MonsterTile("goblin", (4, 9)))
    verdict = GAME.check(state, steps(OGRE, (4, 9)))
    assert verdict.effects[:2] == (
        "Grendel (I): Ogre Valley I3 → I4",
        "the Goblin swaps back to Ogre Valley I3",
    )
    after = GAME.apply(state, steps(OGRE, (4, 9)))
    assert [(m.kind, m.at) for m in after.monsters] == [("goblin", OGRE), ("grendel", (4, 9))]


def test_grim_monster_charge_to_reach_a_hero_is_accepted_without_a_note() -> None:
    # As in the rulebook's example of troll F: the extra step brings a hero into reach.
    state = moving(2, MonsterTile("troll", (9, 4)), heroes={"Bjorn": (10, 6)})
    verdict = GAME.check(state, steps((9, 4), (9, 5), (9, 6)))
    assert whole(verdict) == (
        True,
        "Monsters move.",
        (MOVE, TRUST),
        ("Troll: D4 → E5", "Troll: E5 → F6"),
    )


def test_grim_monster_enters_grimheim_the_others_still_move() -> None:
    # A monster entering town is removed; the monsters after it take their steps as usual.
    state = moving(2, MonsterTile("brute", (9, 7)), MonsterTile("troll", OGRE))
    action = MonstersMove((((9, 7), GRIMHEIM), (OGRE, (4, 9))))
    verdict = GAME.check(state, action)
    assert verdict.effects == (
        "Brute: G7 → Grimheim",
        "it enters Grimheim: town → 5",
        "Troll: Ogre Valley I3 → I4",
    )
    after = GAME.apply(state, action)
    assert after.town == 5 and [(m.kind, m.at) for m in after.monsters] == [("troll", (4, 9))]
    # The step after the town's entry is checked like any other.
    wrong = MonstersMove((((9, 7), GRIMHEIM), (OGRE, (3, 10))))
    assert "grim.monster.path" in GAME.check(state, wrong).rules


def test_grim_monster_legend_swap_moves_only_the_two() -> None:
    # Grendel swaps with the goblin in its way; a skeleton elsewhere stays where it is.
    state = moving(
        2,
        MonsterTile("grendel", OGRE, level=1),
        MonsterTile("goblin", (4, 9)),
        MonsterTile("skeleton", (9, 3)),
    )
    after = GAME.apply(state, steps(OGRE, (4, 9)))
    assert sorted((m.kind, m.at) for m in after.monsters) == [
        ("goblin", OGRE),
        ("grendel", (4, 9)),
        ("skeleton", (9, 3)),
    ]
    assert GAME.invariants(after) == []


def test_grim_monster_fire_range_a_fire_horde_charge_reaches_two_areas() -> None:
    # From Dark Forest C3 the path runs D4, E5. Bjorn at (11,5) is 2 areas from E5: an
    # elemental (Fire Horde, range 2) may charge there to attack; a brute (range 1) may not.
    two_steps = steps((9, 3), (9, 4), (9, 5))
    fire = moving(2, MonsterTile("elemental", (9, 3)), heroes={"Bjorn": (11, 5)})
    assert GAME.check(fire, two_steps).legal
    # Range 2 is all: with Bjorn 3 areas from E5 the elemental has no reason to charge.
    beyond = moving(2, MonsterTile("elemental", (9, 3)), heroes={"Bjorn": (11, 6)})
    assert "grim.monster.charge" in GAME.check(beyond, two_steps).rules
    brute = moving(2, MonsterTile("brute", (9, 3)), heroes={"Bjorn": (11, 5)})
    verdict = GAME.check(brute, two_steps)
    assert not verdict.legal and verdict.rules == (MOVE, "grim.monster.charge")
