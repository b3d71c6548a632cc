"""Born of Titans: shared checks and small state helpers used by every topic module.

A handler pair is ``(check, do)``: ``check(state, act) -> Verdict`` decides legality without
side effects; ``do(state, act) -> (state, effects)`` is only called once ``check`` said yes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from rules.core import Action, Verdict

from . import data
from .state import EMPTY, BotState, Foe, Hero, Stats

Effects = list[str]
Check = Callable[[BotState, Any], Verdict]
Do = Callable[[BotState, Any], tuple[BotState, Effects]]
Handlers = dict[type[Action], tuple[Check, Do]]


def seat_problem(state: BotState, seat: int, rule: str = "bot.turn.order") -> Verdict | None:
    if not 0 <= seat < state.n:
        return Verdict.no(f"There is no seat {seat} at this table.", rule)
    return None


def who(state: BotState, seat: int) -> str:
    return state.players[seat] if 0 <= seat < state.n else f"seat {seat}"


def stats_problem(stats: Stats, what: str) -> Verdict | None:
    """Typed counter values out of bounds (bot.assume.value-bounds) or a blank name."""
    if not stats.name.strip():
        return Verdict.no(f"The {what} needs a name.", "bot.values.entered")
    if len(stats.name) > data.MAX_NAME:
        return Verdict.no(
            f"The {what}'s name is longer than {data.MAX_NAME} characters.", "bot.values.entered"
        )
    for attr in data.ATTRIBUTES:
        value = stats.value(attr)
        if not 0 <= value <= data.MAX_VALUE:
            return Verdict.no(
                f"The {what}'s {attr.capitalize()} must be 0 to {data.MAX_VALUE}, not {value}.",
                "bot.assume.value-bounds",
            )
    return None


def need_problem(name: str, needs: tuple[int, int, int], what: str) -> Verdict | None:
    """A foe's typed success numbers out of bounds, or none usable."""
    if not name.strip():
        return Verdict.no(f"The {what} needs a name.", "bot.values.entered")
    if len(name) > data.MAX_NAME:
        return Verdict.no(
            f"The {what}'s name is longer than {data.MAX_NAME} characters.", "bot.values.entered"
        )
    for attr, value in zip(data.ATTRIBUTES, needs, strict=True):
        if not 0 <= value <= data.MAX_NEED:
            return Verdict.no(
                f"The {what}'s {attr.capitalize()} number must be 0 to {data.MAX_NEED}, "
                f"not {value}.",
                "bot.assume.value-bounds",
            )
    if not any(needs):
        return Verdict.no(
            f"The {what} needs a number in at least one attribute.", "bot.assume.value-bounds"
        )
    return None


def total(hero: Hero, attr: str) -> int:
    """The hero's total in ``attr``: hero, ally, gear, and crew while any remain
    (bot.challenge.dice, bot.turn.no-crew)."""
    parts = [hero.hero, hero.ally, hero.gear]
    if hero.crew > 0:
        parts.append(hero.crew_counter)
    return sum(p.value(attr) for p in parts if p is not None)


def actions_allowed(state: BotState, hero: Hero) -> int:
    """Actions this turn: two, plus any Fair Weather (bot.turn.actions); one when the hero
    has been at 0 crew at any moment of the turn, also once she recruits back up
    (bot.turn.no-crew)."""
    return (1 if hero.crew == 0 or state.crewless_turn else 2) + state.bonus_actions


def inside(state: BotState, hero: Hero) -> bool:
    """Is ``hero`` inside the site she stands at? At a city also when its encounter was
    dealt with by anyone, so a hero waiting outside a city another hero has cleared may
    use it without moving again (bot.encounter.city-first)."""
    place = hero.place
    if place is not None and place.kind == "city" and state.cities.get(place.name) == EMPTY:
        return True
    return hero.inside


def recount_dice(state: BotState, effects: Effects) -> BotState:
    """The running challenge's dice counted again from what the hero has now (gear
    discarded, crew gone...), plus the prophecy committed (bot.challenge.dice)."""
    ch = state.challenge
    if ch is None or not 0 <= ch.seat < state.n:
        return state
    dice = total(state.heroes[ch.seat], ch.attribute) + ch.prophecy
    if dice == ch.dice:
        return state
    effects.append(f"{who(state, ch.seat)} now rolls {dice} dice")
    return replace(state, challenge=replace(ch, dice=dice))


def actions_left(state: BotState) -> int:
    if state.phase != "play" or state.turn < 0:
        return 0
    return max(0, actions_allowed(state, state.heroes[state.turn]) - state.actions_used)


def with_hero(state: BotState, seat: int, hero: Hero) -> BotState:
    heroes = list(state.heroes)
    heroes[seat] = hero
    return replace(state, heroes=tuple(heroes))


def set_crew(state: BotState, seat: int, crew: int, effects: Effects) -> BotState:
    """``seat``'s crew set to ``crew`` (clamped to 0..6); at 0 her gear and ally are lost
    (bot.turn.no-crew)."""
    hero = state.heroes[seat]
    crew = max(0, min(data.MAX_CREW, crew))
    name = who(state, seat)
    if crew != hero.crew:
        effects.append(f"{name}'s crew {hero.crew} → {crew}")
    hero = replace(hero, crew=crew)
    if crew == 0 and state.phase == "play" and seat == state.turn:
        state = replace(state, crewless_turn=True)
    if crew == 0 and (hero.gear is not None or hero.ally is not None):
        lost = [c.name for c in (hero.gear, hero.ally) if c is not None]
        effects.append(f"{name} has no crew left and loses {' and '.join(lost)}")
        hero = replace(hero, gear=None, ally=None)
    return with_hero(state, seat, hero)


def due_problem(state: BotState, seat: int) -> Verdict | None:
    """Steps owed after a quest come before anything else (bot.assume.quest-steps)."""
    if state.place_due >= 0:
        placer = state.left_of(state.place_due)
        return Verdict.no(
            f"First {who(state, placer)} places {who(state, state.place_due)}'s next quest.",
            "bot.quest.next",
            "bot.assume.quest-steps",
        )
    for s, hero in enumerate(state.heroes):
        if hero.gear_due:
            return Verdict.no(
                f"First {who(state, s)} draws her gear for the completed quest.",
                "bot.quest.after",
                "bot.assume.quest-steps",
            )
    if state.refill_due >= 0:
        return Verdict.no(
            f"First {who(state, state.refill_due)} refills the empty cities (or leaves them).",
            "bot.quest.after",
            "bot.assume.quest-steps",
        )
    return None


def turn_problem(state: BotState, seat: int, rule: str) -> Verdict | None:
    """Is it ``seat``'s turn with an action left and nothing pending?"""
    problem = seat_problem(state, seat)
    if problem:
        return problem
    if state.phase != "play":
        return Verdict.no("The game has not started its turns yet.", "bot.turn.order")
    if state.turn != seat:
        return Verdict.no(f"It is {who(state, state.turn)}'s turn.", "bot.turn.order")
    if state.challenge is not None:
        return Verdict.no(
            "Finish the challenge first: roll again or retreat.", "bot.challenge.retreat"
        )
    problem = due_problem(state, seat)
    if problem:
        return problem
    if actions_left(state) <= 0:
        return Verdict.no(
            f"{who(state, seat)} has used every action of this turn.", "bot.turn.actions", rule
        )
    return None


def foe_from(name: str, kind: str, needs: tuple[int, int, int]) -> Foe:
    assert kind in ("encounter", "sea", "quest")
    return Foe(name.strip(), kind, needs[0], needs[1], needs[2])  # type: ignore[arg-type]


def advance_turn(state: BotState, effects: Effects) -> BotState:
    """The next hero's turn, clockwise, skipping finished heroes and discarding a Lose Turn
    counter in place of a turn (bot.turn.lose-turn)."""
    if state.phase != "play":
        return state
    active = [s for s in range(state.n) if s not in state.finished]
    if not active:
        return state
    seat = state.turn
    heroes = list(state.heroes)
    for _ in range(2 * state.n + 1):
        seat = (seat + 1) % state.n
        if seat in state.finished:
            continue
        if heroes[seat].lose_turn and len(active) > 1:
            heroes[seat] = replace(heroes[seat], lose_turn=False)
            effects.append(f"{who(state, seat)} loses this turn (Lose Turn counter discarded)")
            continue
        break
    heroes[seat] = replace(heroes[seat], argo_used=False, lose_turn=False)
    effects.append(f"{who(state, seat)}'s turn")
    return replace(
        state,
        heroes=tuple(heroes),
        turn=seat,
        actions_used=0,
        bonus_actions=0,
        crewless_turn=heroes[seat].crew == 0,
    )


def maybe_end_turn(state: BotState, effects: Effects) -> BotState:
    """Pass the turn on once its actions are spent and nothing is pending."""
    if state.phase != "play" or state.challenge is not None:
        return state
    if state.place_due >= 0 or state.refill_due >= 0 or any(h.gear_due for h in state.heroes):
        return state
    if state.turn in state.finished or actions_left(state) <= 0:
        return advance_turn(state, effects)
    return state
