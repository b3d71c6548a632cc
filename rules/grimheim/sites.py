"""Grimheim: the markers of setup steps 3a-3c, taken once by a hero standing on their site.

Setup puts 3 damage markers in the Troll Caves (they remove 3 damage from the cards of the
hero who takes them), 3 mana markers in Nailfare (onto that hero's cards) and 3 gold markers
in the Wyrm Lair (gained). Once taken, a site's markers are gone for the game.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core import Verdict
from rules.core.words import counted

from . import data
from .actions import TakeMarkers
from .card_effects import free_action_problem
from .guards import Handlers, card_problem, spot
from .state import (
    GRIMHEIM,
    MAX_CRYSTALS,
    SITES,
    GrimheimState,
    Hex,
    gold_in_box,
    with_hero,
)

SITE_RULES = {
    "troll_caves": "grim.setup.troll_caves_markers",
    "nailfare": "grim.setup.nailfare_markers",
    "wyrm_lair": "grim.setup.wyrm_lair_markers",
}
"""The setup step (3a, 3b, 3c) behind each site's markers."""
WHERE = "grim.assume.site_marker_area"


def site_of(at: Hex) -> str:
    """The marker site (a ``SITES`` key) area ``at`` belongs to, or ""."""
    if at == GRIMHEIM:
        return ""
    cell = data.load().hexes.get(at)
    location = cell.location if cell else ""
    return next((k for k, name in SITES.items() if name == location), "")


def check_take_markers(state: GrimheimState, a: TakeMarkers) -> Verdict:
    bad = free_action_problem(state, (a.hero,))
    if bad:
        return bad
    if a.site not in SITES:
        return Verdict.no(
            f"{a.site!r} is not a marker site; sites: {', '.join(SITES)}.",
            *SITE_RULES.values(),
        )
    name = SITES[a.site]
    rule = SITE_RULES[a.site]
    hero = state.hero(a.hero)
    if site_of(hero.at) != a.site:
        return Verdict.no(
            f"{a.hero} stands in {spot(hero.at)}, not in the {name}: only a hero there takes "
            "its markers.",
            rule,
            WHERE,
        )
    count = state.site_markers.get(a.site, 0)
    if not count:
        return Verdict.no(f"The {name}'s markers have already been taken.", rule)
    if a.site != "troll_caves" and a.equipment:
        return Verdict.no("Only the Troll Caves' markers remove damage from equipment.", rule)
    if a.site != "nailfare" and a.card:
        return Verdict.no("Only Nailfare's markers are mana put onto a card.", rule)
    effects = [f"the {name}'s {counted(count, 'marker')} leave the board for the game"]
    rules = [rule, WHERE]
    if a.site == "troll_caves":
        if not 0 <= a.equipment <= min(count, hero.equipment_damage):
            return Verdict.no(
                f"Of the {count} damage removed, 0 to "
                f"{min(count, hero.equipment_damage)} can come off {a.hero}'s "
                "equipment.",
                rule,
            )
        healed = min(count - a.equipment, hero.damage)
        effects.append(f"{a.hero}'s damage → {hero.damage - healed}")
        if a.equipment:
            effects.append(f"equipment damage → {hero.equipment_damage - a.equipment}")
    elif a.site == "nailfare":
        problem = card_problem(a.card)
        if problem:
            return Verdict.no(f"Mana: {problem}.", rule, "grim.free.mana_on_card")
        have = hero.mana.get(a.card, 0)
        if have + count > MAX_CRYSTALS:
            return Verdict.no("The box has no more mana crystals.", rule)
        effects.append(f"{a.card}: mana → {have + count}")
    else:
        gained = min(count, gold_in_box(state))
        effects.append(f"gold/XP → {hero.xp + gained}")
        if gained < count:
            effects.append(f"the box holds only {counted(gained, 'gold/XP crystal')}")
            rules.append("grim.xp.box_limit")
    return Verdict.ok(f"{a.hero} takes the {name}'s markers.", *rules, effects=effects)


def apply_take_markers(state: GrimheimState, a: TakeMarkers) -> GrimheimState:
    hero = state.hero(a.hero)
    count = state.site_markers.get(a.site, 0)
    if a.site == "troll_caves":
        healed = min(count - a.equipment, hero.damage)
        hero = replace(
            hero,
            damage=hero.damage - healed,
            equipment_damage=hero.equipment_damage - a.equipment,
        )
    elif a.site == "nailfare":
        hero = hero.with_mana(a.card, hero.mana.get(a.card, 0) + count)
    else:
        hero = replace(hero, xp=hero.xp + min(count, gold_in_box(state)))
    state = with_hero(state, hero)
    return replace(state, site_markers={**state.site_markers, a.site: 0})


HANDLERS: Handlers = {TakeMarkers: (check_take_markers, apply_take_markers)}
