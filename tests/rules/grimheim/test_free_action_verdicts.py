"""Free actions and card effects, whole: gains and losses (grim.free.effects,
grim.xp.one_resource, grim.xp.box_limit, grim.hero.hand_limit, grim.free.mana_on_card), damage
a hero takes outside the attack step (grim.hero.health, grim.hero.knockout), shared gold
(grim.free.share_gold), a hero moved by a card, and when each may be recorded
(grim.assume.free_action_timing); the sentence, the rules cited, the effects and the boards.
"""

from __future__ import annotations

from dataclasses import asdict, replace
from typing import Any

import pytest

from rules.core import Action, Verdict
from rules.grimheim import GAME
from rules.grimheim.actions import DealDamage, Gain, HeroDamage, PlaceHero, ShareGold
from rules.grimheim.state import GRIMHEIM, GrimheimOptions, GrimheimState, MonsterTile, with_hero

FIELD = (9, 5)  # E5
EFFECT = ("grim.free.effects",)
TIMING = ("grim.assume.free_action_timing", "grim.free.effects")


def table(phase: str = "heroes", step: str = "time", **board: Any) -> GrimheimState:
    """Bjorn and Alva, Bjorn's turn (or ``phase``/``step``); ``board`` sets Bjorn's fields."""
    options = GrimheimOptions(heroes=("Bjorn", "Alva"))
    state = replace(GAME.setup(options), phase=phase, turn=0, monster_step=step)  # type: ignore[arg-type]
    return with_hero(state, replace(state.hero("Bjorn"), **board)) if board else state


def whole(verdict: Verdict) -> tuple[bool, str, tuple[str, ...], tuple[str, ...]]:
    return verdict.legal, verdict.reason, verdict.rules, verdict.effects


def board_of(state: GrimheimState, name: str) -> dict[str, Any]:
    return asdict(state.hero(name))


def test_grim_free_effects_every_count_at_once() -> None:
    state = table(damage=3, equipment_damage=1)
    action = Gain("Bjorn", xp=3, cards=1, card="Axe", mana=2, heal=2, equipment=1)
    assert whole(GAME.check(state, action)) == (
        True,
        "Bjorn: card effect.",
        EFFECT,
        ("gold/XP → 5", "hand → 2", "Axe: mana → 2", "damage → 1", "equipment damage → 2"),
    )
    after = board_of(GAME.apply(state, action), "Bjorn")
    assert (after["xp"], after["hand"], after["damage"], after["equipment_damage"]) == (5, 2, 1, 2)
    assert after["mana"] == {"starting ability": 1, "Axe": 2}


def test_grim_assume_free_action_timing_paying_during_the_monster_turn() -> None:
    # Alva throws a card away to prevent damage while the monsters attack.
    state = table(phase="monsters", step="attack")
    verdict = GAME.check(state, Gain("Alva", cards=-1))
    assert whole(verdict) == (True, "Alva: card effect.", EFFECT, ("hand → 0",))
    assert GAME.apply(state, Gain("Alva", cards=-1)).hero("Alva").hand == 0
    assert GAME.check(state, Gain("Alva", mana=-1, card="starting ability")).legal
    assert GAME.check(state, Gain("Alva", equipment=1)).legal


REFUSALS: dict[str, tuple[GrimheimState, Action, str, tuple[str, ...]]] = {
    "spending more than held": (
        table(),
        Gain("Bjorn", xp=-3),
        "Bjorn has 2 gold/XP and cannot spend 3.",
        (*EFFECT, "grim.xp.one_resource"),
    ),
    "past the box's 50": (
        table(xp=24),
        Gain("Bjorn", xp=25),
        "The box holds 24 gold/XP crystals (of 50, shared by all heroes); Bjorn cannot gain 25.",
        (*EFFECT, "grim.xp.box_limit"),
    ),
    "a fifth card": (
        table(hand=4),
        Gain("Bjorn", cards=1),
        "Bjorn holds 4 cards; a hand holds 0 to 4.",
        (*EFFECT, "grim.hero.hand_limit"),
    ),
    "discarding more than held": (
        table(hand=1),
        Gain("Bjorn", cards=-2),
        "Bjorn holds 1 card; a hand holds 0 to 4.",
        (*EFFECT, "grim.hero.hand_limit"),
    ),
    "mana on no card": (
        table(),
        Gain("Bjorn", mana=1, card=""),
        "Mana: name the card that takes the mana.",
        ("grim.free.mana_on_card",),
    ),
    "mana below zero": (
        table(),
        Gain("Bjorn", mana=-2, card="starting ability"),
        "starting ability holds 1 mana; mana is paid from the card itself and cannot go below 0.",
        ("grim.free.mana_on_card",),
    ),
    "healing more than the damage": (
        table(damage=1),
        Gain("Bjorn", heal=2),
        "Bjorn has 1 damage to heal.",
        EFFECT,
    ),
    "equipment below zero": (
        table(),
        Gain("Bjorn", equipment=-1),
        "Bjorn's equipment holds 0 damage; it cannot go below 0.",
        EFFECT,
    ),
    "another hero's turn": (
        table(),
        Gain("Alva", xp=1),
        "It is Bjorn's turn: free actions belong to the hero whose turn it is, not to Alva.",
        TIMING,
    ),
    "a gain while the monsters attack": (
        table(phase="monsters", step="attack"),
        Gain("Alva", xp=1),
        "During the monster turn only the cost of preventing damage is recorded (a discarded "
        "card, mana spent, a damage marker on equipment).",
        TIMING,
    ),
    "during reinforcements": (
        table(phase="reinforce"),
        Gain("Bjorn", xp=1),
        "No free actions now: it is reinforcements (2 yellow cards still to place).",
        TIMING,
    ),
    "sharing with oneself": (
        table(xp=3),
        ShareGold("Bjorn", "Bjorn", 2),
        "Gold is shared between two different heroes.",
        ("grim.free.share_gold",),
    ),
    "sharing across the wall": (
        table(xp=3, at=FIELD),
        ShareGold("Bjorn", "Alva", 2),
        "Bjorn and Alva are not next to each other.",
        ("grim.free.share_gold", "grim.map.grimheim_apart"),
    ),
    "giving more than held": (
        table(xp=3),
        ShareGold("Bjorn", "Alva", 4),
        "Bjorn has 3 gold to give.",
        ("grim.free.share_gold",),
    ),
    "giving nothing": (
        table(xp=3),
        ShareGold("Bjorn", "Alva", 0),
        "Bjorn has 3 gold to give.",
        ("grim.free.share_gold",),
    ),
    "moved onto a monster": (
        replace(table(), monsters=(MonsterTile("goblin", (9, 7)),)),
        PlaceHero("Bjorn", (9, 7)),
        "G7 is occupied.",
        ("grim.map.one_per_area",),
    ),
    "moved into a mountain": (
        table(),
        PlaceHero("Bjorn", (13, 1)),
        "A5 is a mountain: heroes cannot enter mountains except the Troll Caves.",
        ("grim.map.mountain",),
    ),
    "moved off the map": (
        table(),
        PlaceHero("Bjorn", (40, 1)),
        "Area 40,1 is not an area of the map.",
        ("grim.map.grid",),
    ),
    "a typo in damage": (
        table(),
        HeroDamage("Bjorn", 61),
        "Damage must be 0 to 60.",
        ("grim.hero.health",),
    ),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_grim_free_effects_refusals_read_whole(case: str) -> None:
    state, action, reason, rules = REFUSALS[case]
    assert whole(GAME.check(state, action)) == (False, reason, rules, ())


def test_grim_free_share_gold_between_neighbours() -> None:
    state = table(xp=3)
    verdict = GAME.check(state, ShareGold("Bjorn", "Alva", 3))
    assert whole(verdict) == (
        True,
        "Bjorn gives 3 gold to Alva.",
        ("grim.free.share_gold",),
        ("Bjorn → 0", "Alva → 5"),
    )
    after = GAME.apply(state, ShareGold("Bjorn", "Alva", 3))
    assert (after.hero("Bjorn").xp, after.hero("Alva").xp) == (0, 5)
    # Alva takes from Bjorn on his turn too; outside town they must be neighbours.
    assert GAME.check(state, ShareGold("Alva", "Bjorn", 1)).legal
    side_by_side = with_hero(table(xp=3, at=FIELD), replace(state.hero("Alva"), at=(9, 6)))
    assert GAME.check(side_by_side, ShareGold("Bjorn", "Alva", 1)).legal


def test_grim_free_effects_a_card_moves_a_hero() -> None:
    state = table()
    assert whole(GAME.check(state, PlaceHero("Bjorn", (9, 7)))) == (
        True,
        "Bjorn is moved to G7.",
        EFFECT,
        ("Bjorn → G7",),
    )
    assert GAME.apply(state, PlaceHero("Bjorn", (9, 7))).hero("Bjorn").at == (9, 7)
    back = table(at=FIELD)
    assert GAME.apply(back, PlaceHero("Bjorn", (9, 8))).hero("Bjorn").at == GRIMHEIM
    # Standing still is no move onto oneself.
    assert GAME.check(back, PlaceHero("Bjorn", FIELD)).legal


def test_grim_hero_health_damage_outside_the_attack_step() -> None:
    state = table(at=FIELD, damage=3)
    assert whole(GAME.check(state, HeroDamage("Bjorn", 2))) == (
        True,
        "Bjorn takes 2 damage.",
        ("grim.hero.health",),
        ("Bjorn's damage → 5 of 9",),
    )
    assert GAME.apply(state, HeroDamage("Bjorn", 2)).hero("Bjorn").damage == 5


def test_grim_map_grimheim_apart_no_damage_to_a_hero_in_town() -> None:
    # A hero in Grimheim is out of reach of everything outside: no damage, no knockout.
    state = table(damage=8)
    assert whole(GAME.check(state, HeroDamage("Bjorn", 1))) == (
        False,
        "Bjorn is in Grimheim: nothing outside the town can deal damage to a hero inside it.",
        ("grim.map.grimheim_apart", "grim.hero.health"),
        (),
    )


def test_grim_assume_free_action_timing_no_damage_while_monster_cards_are_placed() -> None:
    opening = replace(table(at=FIELD), phase="reinforce", reinforcements_left=2)
    assert whole(GAME.check(opening, HeroDamage("Bjorn", 3))) == (
        False,
        "Nothing deals damage while monster cards are placed (the opening monster cards): "
        "Bjorn takes damage only from an attack or a card effect on a turn.",
        ("grim.assume.free_action_timing", "grim.hero.health"),
        (),
    )
    later = replace(opening, time=4)
    verdict = GAME.check(later, HeroDamage("Bjorn", 3))
    assert not verdict.legal and verdict.reason.startswith(
        "Nothing deals damage while monster cards are placed: Bjorn"
    )


def test_grim_assume_legend_card_effects_monster_turn_damage_needs_a_legend() -> None:
    # Outside the attack step, only a Legend's card effect deals damage in the monster turn.
    plain = table("monsters", "move", at=FIELD)
    assert whole(GAME.check(plain, HeroDamage("Bjorn", 3))) == (
        False,
        "In the monster turn monsters deal damage in the attack step; besides it only a "
        "Legend's card effect deals damage, and no Legend is on the map.",
        ("grim.assume.legend_card_effects", "grim.mturn.attack"),
        (),
    )
    surt = MonsterTile("surt", (3, 9), level=1)
    legend = replace(plain, monsters=(surt,), legends_in_play={"surt": 1})
    assert GAME.check(legend, HeroDamage("Bjorn", 3)).legal


def test_grim_hero_knockout_back_to_town_and_two_pieces() -> None:
    state = table(at=FIELD, damage=8)
    verdict = GAME.check(state, HeroDamage("Bjorn", 1))
    assert whole(verdict) == (
        True,
        "Bjorn takes 1 damage.",
        ("grim.hero.health", "grim.hero.knockout"),
        ("Bjorn is knocked out: back to Grimheim with 5 damage; 2 town pieces removed (town → 4)",),
    )
    after = GAME.apply(state, HeroDamage("Bjorn", 1))
    assert (after.hero("Bjorn").at, after.hero("Bjorn").damage, after.town) == (GRIMHEIM, 5, 4)
    one_short = GAME.check(table(at=FIELD, damage=7), HeroDamage("Bjorn", 1))
    assert one_short.rules == ("grim.hero.health",)


def test_grim_end_loss_a_knockout_can_take_the_last_pieces() -> None:
    state = replace(table(at=FIELD, damage=8), town=2)
    verdict = GAME.check(state, HeroDamage("Bjorn", 2))
    assert verdict.effects == (
        "Bjorn is knocked out: back to Grimheim with 5 damage; 2 town pieces removed (town → 0)",
        "Freyja's Well falls: the heroes lose",
    )
    after = GAME.apply(state, HeroDamage("Bjorn", 2))
    outcome = GAME.outcome(after)
    assert after.town == 0 and outcome is not None and outcome.rule == "grim.end.loss"
    three = replace(table(at=FIELD, damage=8), town=3)
    assert len(GAME.check(three, HeroDamage("Bjorn", 2)).effects) == 1


def test_grim_assume_free_action_timing_only_paying_while_the_monsters_act() -> None:
    state = table(phase="monsters", step="attack", at=FIELD)
    state = replace(state, monsters=(MonsterTile("goblin", (9, 4)),))
    waits = (
        "During the monster turn only the cost of preventing damage is recorded (a discarded "
        "card, mana spent, a damage marker on equipment)."
    )
    for action in [
        Gain("Bjorn", cards=1),
        Gain("Bjorn", mana=1, card="starting ability"),
        DealDamage("Bjorn", (9, 4), 1),
        ShareGold("Bjorn", "Alva", 1),
        PlaceHero("Bjorn", (9, 6)),
    ]:
        assert whole(GAME.check(state, action)) == (False, waits, TIMING, ()), action


def test_grim_assume_free_action_timing_only_the_hero_whose_turn_it_is() -> None:
    state = table(at=FIELD)
    state = replace(state, monsters=(MonsterTile("goblin", (9, 4)),))
    alva = "It is Bjorn's turn: free actions belong to the hero whose turn it is, not to Alva."
    assert whole(GAME.check(state, DealDamage("Alva", (9, 4), 1))) == (False, alva, TIMING, ())
    trio = replace(GAME.setup(GrimheimOptions(heroes=("Bjorn", "Alva", "Embla"))), phase="heroes")
    assert GAME.check(trio, ShareGold("Alva", "Embla", 1)).reason == (
        "It is Bjorn's turn: free actions belong to the hero whose turn it is, "
        "not to Alva or Embla."
    )


def test_grim_setup_heroes_strangers_get_no_card_effects() -> None:
    stranger = "'Zed' is not at this table (heroes: Bjorn, Alva)."
    for action in [Gain("Zed", xp=1), HeroDamage("Zed", 1)]:
        verdict = GAME.check(table(), action)
        assert whole(verdict) == (False, stranger, ("grim.setup.heroes",), ()), action


def test_grim_free_effects_bounds_are_inclusive() -> None:
    # A full hand of 4, 50 mana on one card, 40 damage markers on equipment.
    assert GAME.check(table(hand=3), Gain("Bjorn", cards=1)).legal
    assert GAME.check(table(mana={"Axe": 49}), Gain("Bjorn", mana=1, card="Axe")).legal
    assert not GAME.check(table(mana={"Axe": 50}), Gain("Bjorn", mana=1, card="Axe")).legal
    assert GAME.check(table(equipment_damage=39), Gain("Bjorn", equipment=1)).legal
    assert not GAME.check(table(equipment_damage=40), Gain("Bjorn", equipment=1)).legal


def test_grim_free_mana_on_card_a_card_without_mana_pays_nothing() -> None:
    verdict = GAME.check(table(), Gain("Bjorn", mana=-1, card="Axe"))
    assert verdict.reason == (
        "Axe holds 0 mana; mana is paid from the card itself and cannot go below 0."
    )


def test_grim_end_loss_a_knockout_takes_the_well_itself() -> None:
    state = replace(table(at=FIELD, damage=8), town=1)
    assert GAME.check(state, HeroDamage("Bjorn", 1)).effects[-1] == (
        "Freyja's Well falls: the heroes lose"
    )
