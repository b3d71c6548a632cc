"""What a Born of Titans position must satisfy to have come from play, beyond the bounds
and counts of ``corrections.invariants``: names as setup takes them, a phase that agrees
with what has been picked and placed, typed values within their bounds, cities whose
encounters agree with the monsters known there, and a turn that has not spent more actions
than it had.

Used by ``Game.validate_state`` for a state handed in from outside (``python -m rules
check`` with a ``"state"``), never on the live path, where states only come from ``apply``.
Corrections may set crew and prophecy to anything in bounds at any time, so nothing here
ties those two counters to the rest.
"""

from __future__ import annotations

from . import data
from .guards import need_problem, stats_problem
from .state import EMPTY, UNKNOWN, BotState, Foe, Hero, Place

_CITY_STATUS = (UNKNOWN, EMPTY, "monster")


def state_problems(state: BotState) -> list[str]:
    """Everything in ``state`` that no table could have reached, in plain words. Assumes
    the seat-count checks of ``corrections.state_problems`` passed."""
    problems = _names(state) + _phase(state)
    for seat, hero in enumerate(state.heroes):
        problems += _hero(state, seat, hero)
    problems += _cities(state) + _turn(state)
    return problems


def _names(state: BotState) -> list[str]:
    names = state.players
    if any(not n.strip() or n != n.strip() or len(n) > data.MAX_NAME for n in names):
        return ["player names are 1 to 40 characters without spaces at the ends"]
    if len({n.casefold() for n in names}) != len(names):
        return ["two players share a name"]
    picked = [h.hero.name.casefold() for h in state.heroes if h.hero is not None]
    if len(set(picked)) != len(picked):
        return ["two players picked the same hero"]
    return []


def _phase(state: BotState) -> list[str]:
    picked = [h.hero is not None for h in state.heroes]
    placed = any(h.place is not None or h.quest_site for h in state.heroes)
    if state.phase == "selection":
        if state.first_selector != -1 or any(picked) or placed:
            return ["before the selection roll nobody has a hero, a site or a quest"]
        return []
    if state.first_selector < 0:
        return [f"phase {state.phase!r} comes after the selection roll"]
    if state.phase == "heroes":
        order = state.selection_order()
        done = [picked[s] for s in order]
        if done != sorted(done, reverse=True) or all(done):
            return ["heroes are picked one at a time in selection order"]
        if placed:
            return ["sites and quests are chosen once every hero is picked"]
        return []
    if not all(picked) or any(h.crew_counter is None for h in state.heroes):
        return [f"phase {state.phase!r} needs every hero picked with her crew counter"]
    if state.phase == "sites":
        if any(h.quest_site for h in state.heroes) and any(h.place is None for h in state.heroes):
            return ["first quests are laid only once every hero stands on her site"]
        return []
    if any(h.place is None for h in state.heroes):
        return ["every hero stands somewhere once play has begun"]
    return []


def _hero(state: BotState, seat: int, hero: Hero) -> list[str]:
    name = state.players[seat]
    out: list[str] = []
    for slot, stats in (
        ("hero", hero.hero),
        ("crew counter", hero.crew_counter),
        ("ally", hero.ally),
        ("gear", hero.gear),
    ):
        verdict = stats_problem(stats, slot) if stats is not None else None
        if verdict is not None:
            out.append(f"{name}'s {slot}: {verdict.reason}")
    if hero.place is not None:
        problem = _place_problem(hero.place)
        if problem:
            out.append(f"{name} stands on {problem}")
    if hero.came_from is not None and _place_problem(hero.came_from):
        out.append(f"{name} came from {_place_problem(hero.came_from)}")
    if hero.quest is not None:
        out += _foe_problems(hero.quest, f"{name}'s quest")
        if hero.quest.kind != "quest":
            out.append(f"{name}'s quest is not a quest counter")
        if not (hero.quest_site or hero.quest_underworld):
            out.append(f"{name}'s revealed quest lies nowhere")
    if hero.quest_underworld and (hero.quest is None or hero.quest_site):
        out.append(f"{name}'s quest went to the Underworld without being revealed")
    if any(not str(q).strip() for q in hero.shields.values()):
        out.append(f"{name} has a completed quest without a name")
    if hero.quest_origin and hero.quest_origin not in data.QUEST_SITES:
        out.append(f"{name}'s quest was placed on site {hero.quest_origin}, not 1..6")
    return out


def _place_problem(place: Place) -> str:
    """Why ``place`` is no place on the map ("" when it is one)."""
    if place.kind == "quest":
        return "" if place.site in data.QUEST_SITES and not place.name else "no quest site"
    if place.site or len(place.name) > data.MAX_NAME or place.name != place.name.strip():
        return "a place the map does not have"
    if place.kind != "point" and not place.name:
        return f"a {place.kind} without a name"
    return ""


def _foe_problems(foe: Foe, what: str) -> list[str]:
    problem = need_problem(foe.name, (foe.battle, foe.navigation, foe.wits), what)
    return [f"{what}: {problem.reason}"] if problem is not None else []


def _cities(state: BotState) -> list[str]:
    out: list[str] = []
    for city, status in state.cities.items():
        if status not in _CITY_STATUS:
            out.append(f"{city}'s encounter is {status!r}, not face down, empty or a monster")
        if (status == "monster") != (city in state.city_monsters):
            out.append(f"{city}'s monster and its encounter disagree")
    for city, foe in state.city_monsters.items():
        out += _foe_problems(foe, f"the monster in {city}")
        if foe.kind != "encounter":
            out.append(f"the monster in {city} is not an encounter counter")
    for site, foe in state.sea_monsters.items():
        out += _foe_problems(foe, f"the sea monster at {site}")
        if foe.kind != "sea":
            out.append(f"the sea monster at {site} is not a sea monster counter")
    return out


def _turn(state: BotState) -> list[str]:
    out: list[str] = []
    # Once play ends its counts stay as they were; before it none has started.
    before_play = state.phase in ("selection", "heroes", "sites")
    if before_play and (state.actions_used or state.bonus_actions or state.crewless_turn):
        out.append("actions are counted only once play has begun")
    if before_play and (state.refill_due >= 0 or state.place_due >= 0):
        out.append("steps after a quest are owed only once play has begun")
    if state.actions_used < 0 or state.bonus_actions < 0:
        out.append("a count of actions is negative")
    if state.actions_used > 2 + state.bonus_actions:
        out.append(
            f"{state.actions_used} actions were taken in a turn that had {2 + state.bonus_actions}"
        )
    if state.phase == "play":
        if state.finished and not state.placings_on:
            out.append("a hero has won, but the game goes on without playing for places")
        if state.turn in state.finished:
            out.append("a hero who has finished takes a turn")
        if state.heroes[state.turn].lose_turn:
            out.append("the hero to play still has a Lose Turn counter, which ends her turn")
    if state.place_due >= 0:
        owed = state.heroes[state.place_due]
        if owed.quest_site or owed.quest_underworld:
            out.append("a next quest is owed to a hero whose quest is still out")
    if state.hubris >= 0:
        if not state.hubris_first:
            out.append("Hubris is held before anyone completed a quest")
        elif not state.heroes[state.hubris].shields:
            out.append("Hubris is held by a hero with no completed quest")
    if state.hubris_second and not state.hubris_first:
        out.append("Hubris changed hands for a second quest before the first")
    ch = state.challenge
    if ch is not None:
        if state.phase != "play":
            out.append("a challenge is fought only during play")
        out += _foe_problems(ch.foe, "the foe of the challenge")
        if ch.need <= 0:
            out.append(f"{ch.foe.name} cannot be fought with {ch.against.capitalize()}")
        if ch.dice < 0 or not 0 <= ch.prophecy <= data.MAX_PROPHECY:
            out.append("the challenge's dice or committed prophecy are out of range")
        if any(r < 0 for r in ch.rolls):
            out.append("a roll of the challenge has fewer than no successes")
    return out
