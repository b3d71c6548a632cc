"""Grimheim: a hero's turn: two different action spaces, then the end of the turn.

The action spaces are move, attack, prepare, focus, mend and practice (or any of them spent
on a quest); ending the turn may buy one upgrade, draws a card if asked, and hands the turn
to the next hero or, after the last, to the monster turn.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.core import Verdict
from rules.core.words import counted

from . import heroes as hx
from . import hexmap
from . import state as geometry
from .actions import Attack, EndTurn, Focus, Mend, Move, Practice, Prepare, SpendAction
from .guards import Handlers, card_problem, hero_problem, hex_problem, phase_text, spot
from .monsters import damage_verdict, hurt_monster, monster_stats
from .state import (
    GRIMHEIM,
    HAND_LIMIT,
    HERO_ACTIONS,
    MAX_CRYSTALS,
    GrimheimState,
    Hex,
    gold_in_box,
    with_hero,
)

STARTING_ABILITY = "starting ability"
"""The card name under which a hero's starting ability holds mana."""
UPGRADES = ("new_ability", "flip_hero", "flip_ability")
"""The upgrades a hero may buy at the end of its turn."""


def turn_problem(
    state: GrimheimState, name: str, space: str, *, extra: bool = False
) -> Verdict | None:
    """Why ``name`` may not use action space ``space`` now, or ``None``. An ``extra`` action
    (granted by a card) needs only the hero's own turn: it moves no action marker, so the
    same action may come again and the two-action limit does not apply (grim.action.extra)."""
    bad = hero_problem(state, name)
    if bad:
        return bad
    if state.phase != "heroes":
        return Verdict.no(
            f"Action spaces are used on hero turns; now it is {phase_text(state)}.",
            "grim.turn.only_current",
        )
    current = state.heroes[state.turn].name
    if current != name:
        return Verdict.no(f"It is {current}'s turn, not {name}'s.", "grim.turn.only_current")
    if extra:
        return None
    hero = state.hero(name)
    if space in hero.actions:
        return Verdict.no(
            f"{name} has already taken the {space} action this turn; the two actions must differ.",
            "grim.turn.two_actions",
        )
    if len(hero.actions) >= 2:
        return Verdict.no(
            f"{name} has already taken two actions this turn.", "grim.turn.two_actions"
        )
    return None


def mark(state: GrimheimState, name: str, space: str, **changes: Any) -> GrimheimState:
    """``name`` has used action space ``space``; ``changes`` are the action's other effects
    on the hero (fields of ``HeroState``)."""
    hero = state.hero(name)
    return with_hero(state, replace(hero, actions=(*hero.actions, space), **changes))


def check_move(state: GrimheimState, a: Move) -> Verdict:
    bad = turn_problem(state, a.hero, "move", extra=a.extra)
    if bad:
        return bad
    return extra_verdict(path_verdict(state, a.hero, a.path, a.bonus, "grim.action.move"), a.extra)


def apply_move(state: GrimheimState, a: Move) -> GrimheimState:
    at = geometry.normalise(a.path[-1])
    if a.extra:
        return with_hero(state, replace(state.hero(a.hero), at=at))
    return mark(state, a.hero, "move", at=at)


def extra_verdict(verdict: Verdict, extra: bool) -> Verdict:
    """``verdict`` of an action; for an additional action granted by a card, the same
    verdict citing grim.action.extra and saying that no action marker moves."""
    if not extra:
        return verdict
    rules = (*verdict.rules, "grim.action.extra")
    if not verdict.legal:
        return Verdict(False, verdict.reason, rules)
    effects = (*verdict.effects, "additional action from a card: no action marker moves")
    return Verdict(True, verdict.reason, rules, effects)


def path_verdict(
    state: GrimheimState, name: str, path: tuple[Hex, ...], bonus: int, rule: str
) -> Verdict:
    """Move legality from the map rules (``hexmap.check_hero_move``), plus the action's
    own rule and the bounds on card bonuses."""
    hero = state.hero(name)
    if not path:
        return Verdict.no("A move needs at least one area to move to.", rule)
    if not 0 <= bonus <= 5:
        return Verdict.no("Card movement bonuses range from 0 to 5.", rule)
    for raw in path:
        bad = hex_problem(raw, "Step")
        if bad:
            return bad
    if geometry.normalise(path[0]) == hero.at:
        # One definition of a path (``hexmap.move_steps``): the areas entered, never the
        # area the hero starts in.
        return Verdict.no(
            f"A move lists the areas {name} enters; {name} already stands in {spot(hero.at)}.",
            rule,
            "grim.map.hero_move",
        )
    others = state.occupied() - {hero.at}
    verdict = hexmap.check_hero_move([hero.at, *path], name, others, extra=bonus)
    rules = (rule, *verdict.rules)
    if not verdict.legal:
        return Verdict(False, verdict.reason, rules)
    dest = geometry.normalise(path[-1])
    return Verdict.ok(verdict.reason, *rules, effects=[*verdict.effects, f"{name} → {spot(dest)}"])


def check_attack(state: GrimheimState, a: Attack) -> Verdict:
    bad = turn_problem(state, a.hero, "attack", extra=a.extra)
    if bad:
        return bad
    if not 1 <= a.reach <= 8:
        return Verdict.no("Attack range runs from 1 to 8 areas.", "grim.action.attack")
    verdict = damage_verdict(state, a.hero, a.target, a.damage, a.ignore_armor, a.reach)
    if a.ignore_armor and verdict.legal:
        tile = state.monster_at(a.target)
        armor = monster_stats(tile)[3] if tile is not None else 0
        line = (
            f"a card ignores the armor ({armor} not prevented)"
            if armor
            else ("a card ignores the armor (this monster has none)")
        )
        verdict = Verdict(
            True,
            verdict.reason,
            (*verdict.rules, "grim.combat.ignore_armor"),
            (*verdict.effects, line),
        )
    return extra_verdict(verdict, a.extra)


def apply_attack(state: GrimheimState, a: Attack) -> GrimheimState:
    if not a.extra:
        state = mark(state, a.hero, "attack")
    return hurt_monster(state, a.hero, a.target, a.damage, a.ignore_armor)


def check_prepare(state: GrimheimState, a: Prepare) -> Verdict:
    bad = turn_problem(state, a.hero, "prepare")
    if bad:
        return bad
    hero = state.hero(a.hero)
    if not 0 <= a.discard <= hero.hand:
        return Verdict.no(
            f"{a.hero} holds {counted(hero.hand, 'card')} and cannot discard {a.discard}.",
            "grim.action.prepare",
        )
    after = hero.hand - a.discard + 1
    if after > HAND_LIMIT:
        return Verdict.no(
            f"{a.hero} already holds {HAND_LIMIT} cards; discard one first to make room.",
            "grim.hero.hand_limit",
            "grim.action.prepare",
        )
    return Verdict.ok(
        f"{a.hero} draws an event card.",
        "grim.action.prepare",
        effects=[f"{a.hero}'s hand → {after}"],
    )


def apply_prepare(state: GrimheimState, a: Prepare) -> GrimheimState:
    hero = state.hero(a.hero)
    return mark(state, a.hero, "prepare", hand=hero.hand - a.discard + 1)


def check_focus(state: GrimheimState, a: Focus) -> Verdict:
    bad = turn_problem(state, a.hero, "focus")
    if bad:
        return bad
    problem = card_problem(a.card)
    if problem:
        return Verdict.no(f"Focus: {problem}.", "grim.action.focus")
    hero = state.hero(a.hero)
    have = hero.mana.get(a.card, 0)
    if have >= MAX_CRYSTALS:
        return Verdict.no("The box has no more mana crystals.", "grim.action.focus")
    return Verdict.ok(
        f"{a.hero} puts one mana on {a.card}.",
        "grim.action.focus",
        effects=[f"{a.card}: {have} → {have + 1} mana"],
    )


def apply_focus(state: GrimheimState, a: Focus) -> GrimheimState:
    hero = state.hero(a.hero)
    state = with_hero(state, hero.with_mana(a.card, hero.mana.get(a.card, 0) + 1))
    return mark(state, a.hero, "focus")


def check_mend(state: GrimheimState, a: Mend) -> Verdict:
    bad = turn_problem(state, a.hero, "mend")
    if bad:
        return bad
    hero = state.hero(a.hero)
    rule = "grim.action.mend"
    if a.hero_damage < 0 or a.equipment_damage < 0:
        return Verdict.no("Mending removes damage; the amounts cannot be negative.", rule)
    if a.equipment_damage and hero.at != GRIMHEIM:
        return Verdict.no("Equipment can only be mended in Grimheim.", rule)
    limit = hx.mend_limit(hero)
    if a.hero_damage + a.equipment_damage > limit:
        where = "in Grimheim" if hero.at == GRIMHEIM else "outside Grimheim"
        return Verdict.no(f"A mend {where} removes at most {limit} damage.", rule)
    if a.hero_damage > hero.damage:
        return Verdict.no(f"{a.hero} has only {hero.damage} damage.", rule)
    if a.equipment_damage > hero.equipment_damage:
        return Verdict.no(f"{a.hero}'s equipment holds only {hero.equipment_damage} damage.", rule)
    effects = [f"{a.hero}'s damage → {hero.damage - a.hero_damage}"]
    if a.equipment_damage:
        effects.append(f"equipment damage → {hero.equipment_damage - a.equipment_damage}")
    return Verdict.ok(f"{a.hero} mends.", rule, effects=effects)


def apply_mend(state: GrimheimState, a: Mend) -> GrimheimState:
    hero = state.hero(a.hero)
    return mark(
        state,
        a.hero,
        "mend",
        damage=hero.damage - a.hero_damage,
        equipment_damage=hero.equipment_damage - a.equipment_damage,
    )


def check_practice(state: GrimheimState, a: Practice) -> Verdict:
    bad = turn_problem(state, a.hero, "practice")
    if bad:
        return bad
    hero = state.hero(a.hero)
    if gold_in_box(state) < 1:
        return Verdict.no(
            f"The box has no gold/XP crystal left (the heroes hold all {MAX_CRYSTALS}).",
            "grim.action.practice",
            "grim.xp.box_limit",
        )
    return Verdict.ok(
        f"{a.hero} practises.", "grim.action.practice", effects=[f"XP → {hero.xp + 1}"]
    )


def apply_practice(state: GrimheimState, a: Practice) -> GrimheimState:
    return mark(state, a.hero, "practice", xp=state.hero(a.hero).xp + 1)


def check_spend(state: GrimheimState, a: SpendAction) -> Verdict:
    if a.space not in HERO_ACTIONS:
        return Verdict.no(
            f"{a.space!r} is not an action space; spaces: {', '.join(HERO_ACTIONS)}.",
            "grim.action.spend",
        )
    bad = turn_problem(state, a.hero, a.space)
    if bad:
        return bad
    return Verdict.ok(
        f"{a.hero} spends the {a.space} action on a quest (no normal effect).",
        "grim.action.spend",
        effects=[f"{a.space} marker used"],
    )


def apply_spend(state: GrimheimState, a: SpendAction) -> GrimheimState:
    return mark(state, a.hero, a.space)


def check_end_turn(state: GrimheimState, a: EndTurn) -> Verdict:
    bad = hero_problem(state, a.hero)
    if bad:
        return bad
    if state.phase != "heroes" or state.heroes[state.turn].name != a.hero:
        return Verdict.no(
            f"{a.hero} can only end its own turn; now it is {phase_text(state)}.",
            "grim.turn.only_current",
        )
    hero = state.hero(a.hero)
    effects = ["action markers reset"]
    rules = ["grim.endturn.order"]
    if a.upgrade != "none":
        problem = hx.upgrade_problem(hero, a.upgrade, state.options.upgrade_step_up)
        if problem:
            return Verdict.no(
                f"No upgrade: {problem}.",
                "grim.upgrade.cost",
                "grim.upgrade.choice",
                "grim.upgrade.once",
            )
        cost = hx.upgrade_cost(hero, state.options.upgrade_step_up)
        effects.append(f"upgrade ({a.upgrade.replace('_', ' ')}): pay {cost} XP")
        rules += ["grim.upgrade.cost", "grim.upgrade.choice"]
    else:
        left = upgrades_left(state, a.hero)
        if left:
            cost = hx.upgrade_cost(hero, state.options.upgrade_step_up)
            effects.append(
                f"no upgrade, though {cost} XP would buy one now "
                f"({', '.join(u.replace('_', ' ') for u in left)})"
            )
            rules.append("grim.upgrade.once")
    # The app does not know which cards generate mana: the verdict reminds, the table adds
    # it (a card effect), so the verdict promises nothing the state does not do.
    effects.append(
        "reminder: cards with mana generation add their mana (enter it as a card effect)"
    )
    if a.draw:
        if hero.hand < HAND_LIMIT:
            effects.append(f"draw 1 event card (hand → {hero.hand + 1})")
        else:
            effects.append("hand is full: no card drawn")
            rules.append("grim.endturn.draw")
    effects.append("you may put the top equipment or ability under its pile")
    nxt = state.turn + 1
    if nxt < len(state.heroes):
        effects.append(f"next: {state.heroes[nxt].name}'s turn")
    else:
        effects.append("next: the monster turn")
        rules.append("grim.turn.order")
    if len(hero.actions) < 2:
        rules.append("grim.turn.end_early")
    return Verdict.ok(f"{a.hero} ends the turn.", *rules, effects=effects)


def upgrades_left(state: GrimheimState, name: str) -> list[str]:
    """The upgrades ``name`` could still buy at the end of this turn (``UPGRADES`` keys)."""
    hero = state.hero(name)
    step_up = state.options.upgrade_step_up
    return [u for u in UPGRADES if not hx.upgrade_problem(hero, u, step_up)]


def apply_end_turn(state: GrimheimState, a: EndTurn) -> GrimheimState:
    hero = state.hero(a.hero)
    if a.upgrade != "none":
        hero = hx.upgrade(hero, a.upgrade, state.options.upgrade_step_up)
    hand = hero.hand + 1 if a.draw and hero.hand < HAND_LIMIT else hero.hand
    hero = replace(hero, actions=(), upgraded=False, hand=hand)
    state = with_hero(state, hero)
    nxt = state.turn + 1
    if nxt < len(state.heroes):
        return replace(state, turn=nxt)
    return replace(state, phase="monsters", monster_step="time", turn=0, die_face="")


HANDLERS: Handlers = {
    Move: (check_move, apply_move),
    Attack: (check_attack, apply_attack),
    Prepare: (check_prepare, apply_prepare),
    Focus: (check_focus, apply_focus),
    Mend: (check_mend, apply_mend),
    Practice: (check_practice, apply_practice),
    SpendAction: (check_spend, apply_spend),
    EndTurn: (check_end_turn, apply_end_turn),
}
