"""A hero turn's action spaces, whole: for each action the sentence players read, the rules
cited, every effect line and exactly what changes on the player board; each space is used
once a turn (grim.turn.two_actions) and only by the hero whose turn it is
(grim.turn.only_current). Refusals are pinned the same way, each with the rule it cites.
"""

from __future__ import annotations

from dataclasses import asdict, replace
from typing import Any

import pytest

from rules.core import Action, Verdict
from rules.grimheim import GAME
from rules.grimheim.actions import (
    AdvanceTime,
    Attack,
    EndTurn,
    Focus,
    Gain,
    Mend,
    MonstersAttack,
    MonstersMove,
    Move,
    Practice,
    Prepare,
    SpendAction,
)
from rules.grimheim.state import (
    GRIMHEIM,
    GrimheimOptions,
    GrimheimState,
    MonsterTile,
    with_hero,
)

FIELD = (9, 5)  # Dark Forest E5, a plains area outside town


def bjorns_turn(**board: Any) -> GrimheimState:
    """Bjorn and Alva with their starting resources, Bjorn to act; ``board`` sets fields
    of Bjorn's player board (damage, hand, mana...)."""
    state = replace(GAME.setup(GrimheimOptions(heroes=("Bjorn", "Alva"))), phase="heroes", turn=0)
    return with_hero(state, replace(state.hero("Bjorn"), **board))


def whole(verdict: Verdict) -> tuple[bool, str, tuple[str, ...], tuple[str, ...]]:
    return verdict.legal, verdict.reason, verdict.rules, verdict.effects


def changes(before: GrimheimState, after: GrimheimState) -> dict[str, Any]:
    """Bjorn's player-board fields that differ after the action (new values)."""
    old, new = asdict(before.hero("Bjorn")), asdict(after.hero("Bjorn"))
    return {k: v for k, v in new.items() if old[k] != v}


# ----- each action space: what it says and what it does --------------------------------------

ACTIONS: dict[str, tuple[GrimheimState, Action, str, str, tuple[str, ...], dict[str, Any]]] = {
    "prepare": (
        bjorns_turn(hand=1),
        Prepare("Bjorn"),
        "Bjorn draws an event card.",
        "grim.action.prepare",
        ("Bjorn's hand → 2",),
        {"hand": 2, "actions": ("prepare",)},
    ),
    "prepare with a discard": (
        bjorns_turn(hand=4),
        Prepare("Bjorn", discard=1),
        "Bjorn draws an event card.",
        "grim.action.prepare",
        ("Bjorn's hand → 4",),
        {"actions": ("prepare",)},
    ),
    "focus on a new card": (
        bjorns_turn(),
        Focus("Bjorn", "Shield Wall"),
        "Bjorn puts one mana on Shield Wall.",
        "grim.action.focus",
        ("Shield Wall: 0 → 1 mana",),
        {"mana": {"starting ability": 1, "Shield Wall": 1}, "actions": ("focus",)},
    ),
    "focus on the starting ability": (
        bjorns_turn(),
        Focus("Bjorn", "starting ability"),
        "Bjorn puts one mana on starting ability.",
        "grim.action.focus",
        ("starting ability: 1 → 2 mana",),
        {"mana": {"starting ability": 2}, "actions": ("focus",)},
    ),
    "focus up to the box's 50": (
        bjorns_turn(mana={"Axe": 49}),
        Focus("Bjorn", "Axe"),
        "Bjorn puts one mana on Axe.",
        "grim.action.focus",
        ("Axe: 49 → 50 mana",),
        {"mana": {"Axe": 50}, "actions": ("focus",)},
    ),
    "mend in the field": (
        bjorns_turn(damage=3, at=FIELD),
        Mend("Bjorn", 2),
        "Bjorn mends.",
        "grim.action.mend",
        ("Bjorn's damage → 1",),
        {"damage": 1, "actions": ("mend",)},
    ),
    "mend all there is": (
        bjorns_turn(damage=2, at=FIELD),
        Mend("Bjorn", 2),
        "Bjorn mends.",
        "grim.action.mend",
        ("Bjorn's damage → 0",),
        {"damage": 0, "actions": ("mend",)},
    ),
    "mend in Grimheim, equipment too": (
        bjorns_turn(damage=3, equipment_damage=3),
        Mend("Bjorn", 3, 2),
        "Bjorn mends.",
        "grim.action.mend",
        ("Bjorn's damage → 0", "equipment damage → 1"),
        {"damage": 0, "equipment_damage": 1, "actions": ("mend",)},
    ),
    "practice": (
        bjorns_turn(xp=4),
        Practice("Bjorn"),
        "Bjorn practises.",
        "grim.action.practice",
        ("XP → 5",),
        {"xp": 5, "actions": ("practice",)},
    ),
    "spend on a quest": (
        bjorns_turn(),
        SpendAction("Bjorn", "mend"),
        "Bjorn spends the mend action on a quest (no normal effect).",
        "grim.action.spend",
        ("mend marker used",),
        {"actions": ("mend",)},
    ),
}


@pytest.mark.parametrize("case", list(ACTIONS))
def test_grim_action_says_and_does_exactly_its_effect(case: str) -> None:
    state, action, reason, rule, effects, changed = ACTIONS[case]
    assert whole(GAME.check(state, action)) == (True, reason, (rule,), effects)
    after = GAME.apply(state, action)
    assert changes(state, after) == changed
    assert after.heroes[1] == state.heroes[1] and after.turn == 0


@pytest.mark.parametrize("case", list(ACTIONS))
def test_grim_turn_two_actions_each_space_once_a_turn(case: str) -> None:
    state, action, *_ = ACTIONS[case]
    space = ACTIONS[case][-1]["actions"][0]
    verdict = GAME.check(GAME.apply(state, action), action)
    assert whole(verdict) == (
        False,
        f"Bjorn has already taken the {space} action this turn; the two actions must differ.",
        ("grim.turn.two_actions",),
        (),
    )


def test_grim_action_spend_uses_the_space_it_names() -> None:
    # A quest's spent mend blocks a real mend but not a practice.
    after = GAME.apply(bjorns_turn(damage=2), SpendAction("Bjorn", "mend"))
    assert not GAME.check(after, Mend("Bjorn", 1)).legal
    assert GAME.check(after, Practice("Bjorn")).legal


def test_grim_action_move_is_marked() -> None:
    state = bjorns_turn()
    after = GAME.apply(state, Move("Bjorn", ((9, 7),)))
    assert changes(state, after) == {"at": (9, 7), "actions": ("move",)}
    assert "grim.turn.two_actions" in GAME.check(after, Move("Bjorn", ((9, 6),))).rules


# ----- refusals ----------------------------------------------------------------------------------

REFUSALS: dict[str, tuple[GrimheimState, Action, str, tuple[str, ...]]] = {
    "hand full": (
        bjorns_turn(hand=4),
        Prepare("Bjorn"),
        "Bjorn already holds 4 cards; discard one first to make room.",
        ("grim.hero.hand_limit", "grim.action.prepare"),
    ),
    "discard more than held": (
        bjorns_turn(hand=1),
        Prepare("Bjorn", discard=2),
        "Bjorn holds 1 card and cannot discard 2.",
        ("grim.action.prepare",),
    ),
    "discard a negative number": (
        bjorns_turn(hand=1),
        Prepare("Bjorn", discard=-1),
        "Bjorn holds 1 card and cannot discard -1.",
        ("grim.action.prepare",),
    ),
    "focus on no card": (
        bjorns_turn(),
        Focus("Bjorn", " "),
        "Focus: name the card that takes the mana.",
        ("grim.action.focus",),
    ),
    "focus on a too long name": (
        bjorns_turn(),
        Focus("Bjorn", "x" * 41),
        "Focus: card names are at most 40 characters.",
        ("grim.action.focus",),
    ),
    "focus past the box": (
        bjorns_turn(mana={"Axe": 50}),
        Focus("Bjorn", "Axe"),
        "The box has no more mana crystals.",
        ("grim.action.focus",),
    ),
    "mend a negative amount": (
        bjorns_turn(damage=3),
        Mend("Bjorn", -1),
        "Mending removes damage; the amounts cannot be negative.",
        ("grim.action.mend",),
    ),
    "mend negative equipment damage": (
        bjorns_turn(damage=3),
        Mend("Bjorn", 1, -1),
        "Mending removes damage; the amounts cannot be negative.",
        ("grim.action.mend",),
    ),
    "mend equipment in the field": (
        bjorns_turn(damage=3, equipment_damage=1, at=FIELD),
        Mend("Bjorn", 1, 1),
        "Equipment can only be mended in Grimheim.",
        ("grim.action.mend",),
    ),
    "mend 3 in the field": (
        bjorns_turn(damage=3, at=FIELD),
        Mend("Bjorn", 3),
        "A mend outside Grimheim removes at most 2 damage.",
        ("grim.action.mend",),
    ),
    "mend 6 in Grimheim": (
        bjorns_turn(damage=5, equipment_damage=3),
        Mend("Bjorn", 4, 2),
        "A mend in Grimheim removes at most 5 damage.",
        ("grim.action.mend",),
    ),
    "mend more than the damage": (
        bjorns_turn(damage=1),
        Mend("Bjorn", 2),
        "Bjorn has only 1 damage.",
        ("grim.action.mend",),
    ),
    "mend more than the equipment's damage": (
        bjorns_turn(equipment_damage=1),
        Mend("Bjorn", 0, 2),
        "Bjorn's equipment holds only 1 damage.",
        ("grim.action.mend",),
    ),
    "no such space": (
        bjorns_turn(),
        SpendAction("Bjorn", "dance"),
        "'dance' is not an action space; spaces: move, attack, prepare, focus, mend, practice.",
        ("grim.action.spend",),
    ),
    "not this hero's turn": (
        bjorns_turn(),
        Practice("Alva"),
        "It is Bjorn's turn, not Alva's.",
        ("grim.turn.only_current",),
    ),
    "a third action": (
        bjorns_turn(actions=("move", "mend")),
        Practice("Bjorn"),
        "Bjorn has already taken two actions this turn.",
        ("grim.turn.two_actions",),
    ),
    "the monster turn": (
        replace(bjorns_turn(), phase="monsters", monster_step="move"),
        Practice("Bjorn"),
        "Action spaces are used on hero turns; now it is the monster turn: monsters move.",
        ("grim.turn.only_current",),
    ),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_grim_action_refusals_read_whole(case: str) -> None:
    state, action, reason, rules = REFUSALS[case]
    assert whole(GAME.check(state, action)) == (False, reason, rules, ())


def test_grim_action_mend_in_grimheim_reaches_five_in_total() -> None:
    state = bjorns_turn(damage=4, equipment_damage=1)
    assert GAME.check(state, Mend("Bjorn", 4, 1)).legal
    assert GAME.check(state, Mend("Bjorn", 0, 0)).legal
    assert state.hero("Bjorn").at == GRIMHEIM


# ----- the end of the turn ----------------------------------------------------------------------

RESET = "action markers reset"
MANA = "reminder: cards with mana generation add their mana (enter it as a card effect)"
PILE = "you may put the top equipment or ability under its pile"
ENDS = "Bjorn ends the turn."


def test_grim_endturn_order_the_checklist_in_order() -> None:
    state = bjorns_turn(actions=("move", "mend"), hand=3)
    verdict = GAME.check(state, EndTurn("Bjorn"))
    assert whole(verdict) == (
        True,
        ENDS,
        ("grim.endturn.order",),
        (RESET, MANA, "draw 1 event card (hand → 4)", PILE, "next: Alva's turn"),
    )
    after = GAME.apply(state, EndTurn("Bjorn"))
    assert changes(state, after) == {"hand": 4, "actions": ()}
    assert (after.phase, after.turn) == ("heroes", 1)


def test_grim_endturn_draw_not_with_a_full_hand_nor_when_declined() -> None:
    full = bjorns_turn(actions=("move", "mend"), hand=4)
    verdict = GAME.check(full, EndTurn("Bjorn"))
    assert whole(verdict) == (
        True,
        ENDS,
        ("grim.endturn.order", "grim.endturn.draw"),
        (RESET, MANA, "hand is full: no card drawn", PILE, "next: Alva's turn"),
    )
    assert GAME.apply(full, EndTurn("Bjorn")).hero("Bjorn").hand == 4
    declined = bjorns_turn(actions=("move", "mend"), hand=2)
    verdict = GAME.check(declined, EndTurn("Bjorn", draw=False))
    assert verdict.effects == (RESET, MANA, PILE, "next: Alva's turn")
    assert GAME.apply(declined, EndTurn("Bjorn", draw=False)).hero("Bjorn").hand == 2


def test_grim_turn_end_early_is_cited_only_with_fewer_than_two_actions() -> None:
    for actions, early in [((), True), (("move",), True), (("move", "mend"), False)]:
        verdict = GAME.check(bjorns_turn(actions=actions), EndTurn("Bjorn"))
        assert ("grim.turn.end_early" in verdict.rules) is early, actions


def test_grim_turn_order_after_the_last_hero_the_monsters() -> None:
    state = replace(bjorns_turn(), turn=1, die_face="push")
    verdict = GAME.check(state, EndTurn("Alva"))
    assert verdict.rules == ("grim.endturn.order", "grim.turn.order", "grim.turn.end_early")
    assert verdict.effects[-1] == "next: the monster turn"
    after = GAME.apply(state, EndTurn("Alva"))
    assert (after.phase, after.monster_step, after.turn, after.die_face) == (
        "monsters",
        "time",
        0,
        "",
    )


def test_grim_endturn_order_markers_are_reset_for_the_next_round() -> None:
    # Bjorn practises and mends, the round goes by, and he may practise and mend again.
    state = bjorns_turn(damage=2)
    for action in [Practice("Bjorn"), Mend("Bjorn", 1), EndTurn("Bjorn"), EndTurn("Alva")]:
        state = GAME.apply(state, action)
    state = GAME.apply(GAME.apply(state, AdvanceTime()), MonstersMove())
    state = GAME.apply(state, MonstersAttack({}))
    assert (state.phase, state.turn) == ("heroes", 0)
    assert state.hero("Bjorn").actions == ()
    assert GAME.check(state, Practice("Bjorn")).legal
    assert GAME.check(state, Mend("Bjorn", 1)).legal


def test_grim_upgrade_at_the_end_of_the_turn() -> None:
    state = bjorns_turn(actions=("move", "mend"), xp=7)
    verdict = GAME.check(state, EndTurn("Bjorn", upgrade="flip_hero"))
    assert whole(verdict) == (
        True,
        ENDS,
        ("grim.endturn.order", "grim.upgrade.cost", "grim.upgrade.choice"),
        (
            RESET,
            "upgrade (flip hero): pay 5 XP",
            MANA,
            "draw 1 event card (hand → 2)",
            PILE,
            "next: Alva's turn",
        ),
    )
    after = GAME.apply(state, EndTurn("Bjorn", upgrade="flip_hero"))
    assert changes(state, after) == {
        "xp": 2,
        "level": 2,
        "upgrades": 1,
        "hand": 2,
        "actions": (),
    }


def test_grim_upgrade_once_ending_without_an_affordable_upgrade_is_said() -> None:
    state = bjorns_turn(actions=("move", "mend"), xp=7)
    verdict = GAME.check(state, EndTurn("Bjorn"))
    assert verdict.legal and "grim.upgrade.once" in verdict.rules
    assert (
        "no upgrade, though 5 XP would buy one now (new ability, flip hero, flip ability)"
        in verdict.effects
    )
    poor = GAME.check(bjorns_turn(actions=("move", "mend"), xp=4), EndTurn("Bjorn"))
    assert "grim.upgrade.once" not in poor.rules
    assert not any(line.startswith("no upgrade") for line in poor.effects)


def test_grim_upgrade_once_a_turn_and_again_on_the_next() -> None:
    # One upgrade at the end of this turn does not stop one at the end of the next.
    state = bjorns_turn(xp=20)
    state = GAME.apply(state, EndTurn("Bjorn", upgrade="new_ability"))
    state = replace(state, turn=0)
    verdict = GAME.check(state, EndTurn("Bjorn", upgrade="new_ability"))
    assert verdict.legal and "upgrade (new ability): pay 6 XP" in verdict.effects
    after = GAME.apply(state, EndTurn("Bjorn", upgrade="new_ability"))
    assert (after.hero("Bjorn").upgrades, after.hero("Bjorn").xp) == (2, 9)


def test_grim_upgrade_step_up_costs_the_next_step() -> None:
    options = GrimheimOptions(heroes=("Bjorn", "Alva"), upgrade_step_up=True)
    state = replace(GAME.setup(options), phase="heroes", turn=0)
    rich = with_hero(state, replace(state.hero("Bjorn"), xp=7))
    verdict = GAME.check(rich, EndTurn("Bjorn", upgrade="new_ability"))
    assert "upgrade (new ability): pay 6 XP" in verdict.effects
    assert GAME.apply(rich, EndTurn("Bjorn", upgrade="new_ability")).hero("Bjorn").xp == 1
    poor = with_hero(state, replace(state.hero("Bjorn"), xp=5))
    assert whole(GAME.check(poor, EndTurn("Bjorn", upgrade="new_ability"))) == (
        False,
        "No upgrade: the next upgrade costs 6 and Bjorn has 5.",
        ("grim.upgrade.cost", "grim.upgrade.choice", "grim.upgrade.once"),
        (),
    )


END_REFUSALS: dict[str, tuple[GrimheimState, EndTurn, str, tuple[str, ...]]] = {
    "another hero's turn": (
        bjorns_turn(),
        EndTurn("Alva"),
        "Alva can only end its own turn; now it is Bjorn's turn.",
        ("grim.turn.only_current",),
    ),
    "not at the table": (
        bjorns_turn(),
        EndTurn("Zed"),
        "'Zed' is not at this table (heroes: Bjorn, Alva).",
        ("grim.setup.heroes",),
    ),
    "the monster turn": (
        replace(bjorns_turn(), phase="monsters", monster_step="move"),
        EndTurn("Bjorn"),
        "Bjorn can only end its own turn; now it is the monster turn: monsters move.",
        ("grim.turn.only_current",),
    ),
}


@pytest.mark.parametrize("case", list(END_REFUSALS))
def test_grim_turn_only_current_ends_its_turn(case: str) -> None:
    state, action, reason, rules = END_REFUSALS[case]
    assert whole(GAME.check(state, action)) == (False, reason, rules, ())


# ----- the move action's own checks ---------------------------------------------------------------

MOVES: dict[str, tuple[GrimheimState, Move, bool, str, tuple[str, ...]]] = {
    "no area": (
        bjorns_turn(),
        Move("Bjorn", ()),
        False,
        "A move needs at least one area to move to.",
        ("grim.action.move",),
    ),
    "bonus 6": (
        bjorns_turn(),
        Move("Bjorn", ((9, 7),), bonus=6),
        False,
        "Card movement bonuses range from 0 to 5.",
        ("grim.action.move",),
    ),
    "bonus -1": (
        bjorns_turn(),
        Move("Bjorn", ((9, 7),), bonus=-1),
        False,
        "Card movement bonuses range from 0 to 5.",
        ("grim.action.move",),
    ),
    "bonus 5": (
        bjorns_turn(),
        Move("Bjorn", ((9, 7),), bonus=5),
        True,
        "Bjorn may move 1 of 8 areas.",
        ("grim.action.move", "grim.map.hero_move", "grim.map.grimheim_exit"),
    ),
    "off the map": (
        bjorns_turn(),
        Move("Bjorn", ((30, 30),)),
        False,
        "Step 30,30 is not an area of the map.",
        ("grim.map.grid",),
    ),
    "lists the start": (
        bjorns_turn(at=FIELD),
        Move("Bjorn", (FIELD, (9, 4))),
        False,
        "A move lists the areas Bjorn enters; Bjorn already stands in E5.",
        ("grim.action.move", "grim.map.hero_move"),
    ),
    "too far": (
        bjorns_turn(),
        Move("Bjorn", ((9, 7), (9, 6), (9, 5), (9, 4))),
        False,
        "Bjorn moves up to 3 areas; this path crosses 4.",
        ("grim.action.move", "grim.map.hero_move"),
    ),
}


@pytest.mark.parametrize("case", list(MOVES))
def test_grim_action_move_verdicts_read_whole(case: str) -> None:
    state, action, legal, reason, rules = MOVES[case]
    verdict = GAME.check(state, action)
    assert (verdict.legal, verdict.reason, verdict.rules) == (legal, reason, rules)
    if not legal:
        assert verdict.effects == ()


def test_grim_action_move_tells_the_way_and_the_end() -> None:
    verdict = GAME.check(bjorns_turn(), Move("Bjorn", ((9, 7), (9, 6))))
    assert whole(verdict) == (
        True,
        "Bjorn may move 2 of 3 areas.",
        ("grim.action.move", "grim.map.hero_move", "grim.map.grimheim_exit"),
        ("Bjorn moves Grimheim → G7 → F6", "Bjorn → F6"),
    )


# ----- the attack action, the box's gold and the last card -------------------------------------


def beside_a_draugr() -> GrimheimState:
    """Bjorn at E5 (9,5) with a draugr (armor 1, health 5) at D4 (9,4) beside him."""
    state = bjorns_turn(at=FIELD)
    return replace(
        state,
        monsters=(MonsterTile("draugr", (9, 4)),),
        supply={**state.supply, "draugr": state.supply["draugr"] - 1},
    )


def test_grim_combat_armor_a_hero_s_attack_loses_one_to_armor() -> None:
    # The draugr's armor cancels 1 of Bjorn's 2 damage: a hero's attack can be prevented.
    state = beside_a_draugr()
    verdict = GAME.check(state, Attack("Bjorn", (9, 4), 2))
    assert whole(verdict) == (
        True,
        "Bjorn deals 1 damage to the Draugr.",
        ("grim.action.attack", "grim.combat.armor"),
        ("Draugr at D4 takes 1 damage", "armor prevents 1"),
    )
    after = GAME.apply(state, Attack("Bjorn", (9, 4), 2))
    assert after.monsters == (MonsterTile("draugr", (9, 4), damage=1),)
    assert changes(state, after) == {"actions": ("attack",)}
    again = GAME.check(after, Attack("Bjorn", (9, 4), 2))
    assert not again.legal and again.rules == ("grim.turn.two_actions",)


def test_grim_combat_kill_six_damage_less_armor_kills_the_draugr() -> None:
    state = beside_a_draugr()
    after = GAME.apply(state, Attack("Bjorn", (9, 4), 6))
    assert after.monsters == () and after.supply["draugr"] == state.supply["draugr"] + 1
    assert changes(state, after) == {"xp": 5, "kills": 1, "actions": ("attack",)}


@pytest.mark.parametrize(("reach", "legal"), [(0, False), (1, True), (8, True), (9, False)])
def test_grim_action_attack_range_runs_from_one_to_eight(reach: int, legal: bool) -> None:
    verdict = GAME.check(beside_a_draugr(), Attack("Bjorn", (9, 4), 2, reach=reach))
    assert verdict.legal is legal
    if not legal:
        assert whole(verdict) == (
            False,
            "Attack range runs from 1 to 8 areas.",
            ("grim.action.attack",),
            (),
        )


def test_grim_xp_box_limit_no_practice_when_the_heroes_hold_all_fifty() -> None:
    state = bjorns_turn()
    full = replace(state, heroes=tuple(replace(h, xp=25) for h in state.heroes))
    assert whole(GAME.check(full, Practice("Bjorn"))) == (
        False,
        "The box has no gold/XP crystal left (the heroes hold all 50).",
        ("grim.action.practice", "grim.xp.box_limit"),
        (),
    )
    one_left = with_hero(full, replace(full.hero("Bjorn"), xp=24))
    assert GAME.check(one_left, Practice("Bjorn")).effects == ("XP → 25",)


def test_grim_action_prepare_may_throw_away_the_whole_hand() -> None:
    state = bjorns_turn(hand=4)
    verdict = GAME.check(state, Prepare("Bjorn", discard=4))
    assert verdict.effects == ("Bjorn's hand → 1",)
    assert GAME.apply(state, Prepare("Bjorn", discard=4)).hero("Bjorn").hand == 1


def test_grim_setup_heroes_a_stranger_takes_no_action() -> None:
    verdict = GAME.check(bjorns_turn(), Practice("Zed"))
    assert whole(verdict) == (
        False,
        "'Zed' is not at this table (heroes: Bjorn, Alva).",
        ("grim.setup.heroes",),
        (),
    )


def test_grim_upgrade_cost_exactly_the_price_is_enough() -> None:
    state = bjorns_turn(xp=5)
    assert GAME.check(state, EndTurn("Bjorn", upgrade="new_ability")).legal
    assert GAME.apply(state, EndTurn("Bjorn", upgrade="new_ability")).hero("Bjorn").xp == 0


def test_grim_upgrade_flip_limit_flips_abilities_in_play() -> None:
    # The starting ability plus one gained: two can flip, one already has.
    state = bjorns_turn(xp=20, abilities_gained=1, abilities_flipped=1)
    verdict = GAME.check(state, EndTurn("Bjorn", upgrade="flip_ability"))
    assert verdict.legal and "upgrade (flip ability): pay 5 XP" in verdict.effects
    after = GAME.apply(state, EndTurn("Bjorn", upgrade="flip_ability"))
    assert changes(state, after) == {"xp": 15, "upgrades": 1, "abilities_flipped": 2, "hand": 2}
    all_flipped = bjorns_turn(xp=20, abilities_flipped=1)
    assert whole(GAME.check(all_flipped, EndTurn("Bjorn", upgrade="flip_ability"))) == (
        False,
        "No upgrade: Bjorn has no level I ability in play left to flip.",
        ("grim.upgrade.cost", "grim.upgrade.choice", "grim.upgrade.once"),
        (),
    )
    # With every ability flipped, a new ability may still be bought.
    assert GAME.check(all_flipped, EndTurn("Bjorn", upgrade="new_ability")).legal


def test_grim_upgrade_the_track_ends_at_twenty() -> None:
    full = bjorns_turn(xp=40, upgrades=20)
    assert GAME.check(full, EndTurn("Bjorn", upgrade="new_ability")).reason == (
        "No upgrade: Bjorn's upgrade track is full (20 upgrades)."
    )
    assert GAME.check(
        bjorns_turn(xp=40, upgrades=19), EndTurn("Bjorn", upgrade="new_ability")
    ).legal


def test_grim_free_mana_on_card_the_last_mana_paid_empties_the_card() -> None:
    state = bjorns_turn()
    verdict = GAME.check(state, Gain("Bjorn", mana=-1, card="starting ability"))
    assert verdict.legal and verdict.effects == ("starting ability: mana → 0",)
    after = GAME.apply(state, Gain("Bjorn", mana=-1, card="starting ability"))
    assert after.hero("Bjorn").mana == {}


def test_grim_action_focus_card_names_up_to_forty_characters() -> None:
    assert GAME.check(bjorns_turn(), Focus("Bjorn", "x" * 40)).legal
    assert not GAME.check(bjorns_turn(), Focus("Bjorn", "x" * 41)).legal


@pytest.mark.parametrize(
    ("step", "now"),
    [
        ("time", "the monster turn: move the Rune Stone"),
        ("die", "the monster turn: roll the monster die"),
        ("attack", "the monster turn: monsters attack"),
    ],
)
def test_grim_turn_only_current_refusals_say_what_the_round_waits_for(step: str, now: str) -> None:
    state = replace(bjorns_turn(), phase="monsters", monster_step=step)
    assert GAME.check(state, Practice("Bjorn")).reason == (
        f"Action spaces are used on hero turns; now it is {now}."
    )


def test_grim_turn_only_current_during_reinforcements() -> None:
    for left, cards in [(1, "1 yellow card"), (2, "2 yellow cards")]:
        reinforce = replace(bjorns_turn(), phase="reinforce", reinforcements_left=left)
        assert GAME.check(reinforce, Practice("Bjorn")).reason == (
            "Action spaces are used on hero turns; now it is reinforcements "
            f"({cards} still to place)."
        )


# ----- additional actions from cards and attacks that ignore armor ------------------------------

EXTRA_LINE = "additional action from a card: no action marker moves"


def test_grim_action_extra_a_second_attack_from_a_card_moves_no_marker() -> None:
    # Rapid Strike I: "3 mana: perform an attack action" after the attack action was taken.
    state = GAME.apply(beside_a_draugr(), Attack("Bjorn", (9, 4), 2))
    assert not GAME.check(state, Attack("Bjorn", (9, 4), 2)).legal
    extra = Attack("Bjorn", (9, 4), 3, extra=True)
    assert whole(GAME.check(state, extra)) == (
        True,
        "Bjorn deals 2 damage to the Draugr.",
        ("grim.action.attack", "grim.combat.armor", "grim.action.extra"),
        ("Draugr at D4 takes 2 damage", "armor prevents 1", EXTRA_LINE),
    )
    after = GAME.apply(state, extra)
    assert after.monsters == (MonsterTile("draugr", (9, 4), damage=3),)
    assert after.hero("Bjorn").actions == ("attack",)
    # With both markers used, a card's attack still comes: it does not count toward the two.
    used = GAME.apply(GAME.apply(after, Practice("Bjorn")), Attack("Bjorn", (9, 4), 1, extra=True))
    assert used.hero("Bjorn").actions == ("attack", "practice")
    assert GAME.describe(state, extra) == (
        "Bjorn attacks D4 for 3 damage (additional attack from a card)."
    )


def test_grim_action_extra_is_checked_like_the_action() -> None:
    state = beside_a_draugr()
    far = with_hero(state, replace(state.hero("Bjorn"), at=(9, 7)))
    out_of_range = GAME.check(far, Attack("Bjorn", (9, 4), 3, extra=True))
    assert whole(out_of_range) == (
        False,
        "The Draugr is 3 areas away; Bjorn's range is 1.",
        ("grim.action.attack", "grim.action.extra"),
        (),
    )
    alvas = replace(state, turn=1)
    not_yours = GAME.check(alvas, Attack("Bjorn", (9, 4), 3, extra=True))
    assert not not_yours.legal and not_yours.rules == ("grim.turn.only_current",)
    # An additional move walks a checked path too: not through the draugr's area.
    moved = GAME.apply(state, Move("Bjorn", ((9, 6),)))
    blocked = GAME.check(moved, Move("Bjorn", ((9, 5), (9, 4)), extra=True))
    assert not blocked.legal and "grim.action.extra" in blocked.rules
    back = Move("Bjorn", ((9, 5),), extra=True)
    verdict = GAME.check(moved, back)
    assert verdict.legal and verdict.effects[-1] == EXTRA_LINE
    after = GAME.apply(moved, back)
    assert (after.hero("Bjorn").at, after.hero("Bjorn").actions) == ((9, 5), ("move",))


def test_grim_combat_ignore_armor_eagle_eye_ii() -> None:
    state = beside_a_draugr()
    attack = Attack("Bjorn", (9, 4), 2, ignore_armor=True)
    assert whole(GAME.check(state, attack)) == (
        True,
        "Bjorn deals 2 damage to the Draugr.",
        ("grim.action.attack", "grim.combat.ignore_armor"),
        ("Draugr at D4 takes 2 damage", "a card ignores the armor (1 not prevented)"),
    )
    after = GAME.apply(state, attack)
    assert after.monsters == (MonsterTile("draugr", (9, 4), damage=2),)
    assert GAME.describe(state, attack) == "Bjorn attacks D4 for 2 damage (ignoring armor)."
