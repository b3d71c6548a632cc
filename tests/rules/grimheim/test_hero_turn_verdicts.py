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
from rules.grimheim.actions import Focus, Mend, Move, Practice, Prepare, SpendAction
from rules.grimheim.state import GRIMHEIM, GrimheimOptions, GrimheimState, with_hero

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
