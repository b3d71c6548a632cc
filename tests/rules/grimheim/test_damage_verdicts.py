"""Damage dealt to monsters, whole: armor (grim.combat.armor), kills and their experience
(grim.combat.kill, grim.xp.kill, grim.supply.kill), the box's 50 gold/XP (grim.xp.box_limit),
range (grim.combat.range) and the town's walls (grim.map.grimheim_apart); the sentence, the
rules cited, the effect lines, and the map and boards afterwards.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.core import Action, Verdict
from rules.grimheim import GAME
from rules.grimheim.actions import Attack, DealDamage
from rules.grimheim.state import (
    GRIMHEIM,
    GrimheimOptions,
    GrimheimState,
    MonsterTile,
    sorted_tiles,
    with_hero,
)

BJORN = (9, 5)  # E5
D4 = (9, 4)  # beside Bjorn


def field(*tiles: MonsterTile, xp: int = 2, others: int = 2) -> GrimheimState:
    """Bjorn's turn at E5 with ``xp`` gold/XP (Alva, in Grimheim, holds ``others``)."""
    state = GAME.setup(GrimheimOptions(heroes=("Bjorn", "Alva")))
    supply = dict(state.supply)
    for t in tiles:
        if not t.is_legend:
            supply[t.kind] -= 1
    state = replace(
        state,
        phase="heroes",
        turn=0,
        monsters=sorted_tiles(list(tiles)),
        supply=supply,
        legends_in_play={t.kind: t.level for t in tiles if t.is_legend},
    )
    state = with_hero(state, replace(state.hero("Bjorn"), at=BJORN, xp=xp))
    return with_hero(state, replace(state.hero("Alva"), xp=others))


def whole(verdict: Verdict) -> tuple[bool, str, tuple[str, ...], tuple[str, ...]]:
    return verdict.legal, verdict.reason, verdict.rules, verdict.effects


CARD = "grim.free.effects"
KILL = ("grim.supply.kill", "grim.xp.kill")


def test_grim_combat_armor_once_per_attack_and_never_below_zero() -> None:
    draugr = field(MonsterTile("draugr", D4))
    two = GAME.check(draugr, DealDamage("Bjorn", D4, 2))
    assert whole(two) == (
        True,
        "Bjorn deals 1 damage to the Draugr.",
        (CARD, "grim.combat.armor"),
        ("Draugr at D4 takes 1 damage", "armor prevents 1"),
    )
    assert GAME.apply(draugr, DealDamage("Bjorn", D4, 2)).monsters[0].damage == 1
    one = GAME.check(draugr, DealDamage("Bjorn", D4, 1))
    assert one.effects == ("Draugr at D4 takes 0 damage", "armor prevents 1")
    none = GAME.check(draugr, DealDamage("Bjorn", D4, 0))
    assert whole(none) == (
        True,
        "Bjorn deals 0 damage to the Draugr.",
        (CARD,),
        ("Draugr at D4 takes 0 damage",),
    )


def test_grim_combat_armor_unpreventable_damage_goes_through() -> None:
    draugr = field(MonsterTile("draugr", D4))
    verdict = GAME.check(draugr, DealDamage("Bjorn", D4, 2, unpreventable=True))
    assert whole(verdict) == (
        True,
        "Bjorn deals 2 damage to the Draugr.",
        (CARD,),
        ("Draugr at D4 takes 2 damage",),
    )
    after = GAME.apply(draugr, DealDamage("Bjorn", D4, 2, unpreventable=True))
    assert after.monsters[0].damage == 2


def test_grim_combat_kill_as_much_damage_as_health() -> None:
    # A draugr (health 5) with 3 damage takes 2 more through its armor: killed, 3 XP.
    state = field(MonsterTile("draugr", D4, damage=3))
    verdict = GAME.check(state, DealDamage("Bjorn", D4, 3))
    assert whole(verdict) == (
        True,
        "Bjorn deals 2 damage to the Draugr.",
        (CARD, "grim.combat.armor", *KILL),
        (
            "Draugr at D4 takes 2 damage",
            "armor prevents 1",
            "killed: back to the supply, Bjorn gains 3 XP",
        ),
    )
    after = GAME.apply(state, DealDamage("Bjorn", D4, 3))
    assert after.monsters == () and after.supply["draugr"] == 10
    assert (after.hero("Bjorn").xp, after.hero("Bjorn").kills) == (5, 1)
    short = GAME.apply(state, DealDamage("Bjorn", D4, 2))
    assert short.monsters == (MonsterTile("draugr", D4, damage=4),)
    assert short.hero("Bjorn").kills == 0


def test_grim_xp_box_limit_a_kill_gains_only_what_the_box_holds() -> None:
    # The heroes hold 49 of the 50 crystals: a troll's 3 XP become 1.
    state = field(MonsterTile("troll", D4), xp=24, others=25)
    verdict = GAME.check(state, DealDamage("Bjorn", D4, 7))
    assert whole(verdict) == (
        True,
        "Bjorn deals 7 damage to the Troll.",
        (CARD, *KILL, "grim.xp.box_limit"),
        (
            "Troll at D4 takes 7 damage",
            "killed: back to the supply, Bjorn gains 1 XP",
            "the box holds only 1 gold/XP of the 3 earned",
        ),
    )
    after = GAME.apply(state, DealDamage("Bjorn", D4, 7))
    assert after.hero("Bjorn").xp == 25 and after.monsters == ()


def test_grim_xp_kill_a_legend_leaves_play_with_its_own_value() -> None:
    state = field(MonsterTile("grendel", D4, level=1))
    verdict = GAME.check(state, DealDamage("Bjorn", D4, 20))
    assert verdict.effects[-1] == "killed: back to the supply, Bjorn gains 6 XP"
    after = GAME.apply(state, DealDamage("Bjorn", D4, 20))
    assert after.legends_in_play == {} and after.monsters == ()
    assert after.supply == state.supply and after.hero("Bjorn").xp == 8


REFUSALS: dict[str, tuple[GrimheimState, Action, str, tuple[str, ...]]] = {
    "no monster there": (
        field(),
        DealDamage("Bjorn", D4, 2),
        "There is no monster at D4.",
        (CARD,),
    ),
    "out of range": (
        field(MonsterTile("goblin", (9, 3))),
        Attack("Bjorn", (9, 3), 2),
        "The Goblin is 2 areas away; Bjorn's range is 1.",
        ("grim.action.attack",),
    ),
    "a typo": (
        field(MonsterTile("goblin", D4)),
        Attack("Bjorn", D4, 61),
        "Damage must be 0 to 60.",
        ("grim.action.attack",),
    ),
    "an attack from town": (
        with_hero(field(MonsterTile("goblin", D4)), replace(field().hero("Bjorn"), at=GRIMHEIM)),
        Attack("Bjorn", D4, 1),
        "Bjorn is in Grimheim and cannot attack monsters outside it.",
        ("grim.map.grimheim_apart", "grim.action.attack"),
    ),
    "a card from town": (
        with_hero(field(MonsterTile("goblin", D4)), replace(field().hero("Bjorn"), at=GRIMHEIM)),
        DealDamage("Bjorn", D4, 1),
        "Bjorn is in Grimheim and cannot deal damage to monsters outside it.",
        ("grim.map.grimheim_apart", CARD),
    ),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_grim_combat_damage_refusals_read_whole(case: str) -> None:
    state, action, reason, rules = REFUSALS[case]
    assert whole(GAME.check(state, action)) == (False, reason, rules, ())


def test_grim_combat_range_a_longer_reach_counts_areas() -> None:
    state = field(MonsterTile("goblin", (9, 3)))
    verdict = GAME.check(state, Attack("Bjorn", (9, 3), 2, reach=2))
    assert verdict.legal and verdict.reason == "Bjorn deals 2 damage to the Goblin."


def test_grim_action_attack_hurts_only_its_target() -> None:
    state = field(MonsterTile("troll", D4), MonsterTile("goblin", (10, 4)))
    after = GAME.apply(state, Attack("Bjorn", D4, 2))
    assert after.monsters == (MonsterTile("troll", D4, damage=2), MonsterTile("goblin", (10, 4)))
