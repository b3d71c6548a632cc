"""Born of Titans: what completing a quest sets off (bot.quest.*, bot.hubris.*, bot.end.*)."""

from __future__ import annotations

from dataclasses import replace

from rules.core.words import counted

from . import data
from .guards import Effects, who, with_hero
from .state import BotState


def complete_quest(state: BotState, seat: int, effects: Effects) -> BotState:
    """``seat`` has beaten her current quest: it goes on the shield of its site, her gear and
    ally go, hubris may move, and either she has won/finished or her next steps fall due.
    Hubris moves only when the game's first quest is completed and when a hero first reaches
    two, so once thrown away it stays out until then, and for good after
    (bot.assume.hubris-gone)."""
    hero = state.heroes[seat]
    assert hero.quest is not None
    shield = hero.quest_origin or hero.quest_site
    shields = {**hero.shields, shield: hero.quest.name}
    name = who(state, seat)
    done = counted(len(shields), "quest")
    effects.append(f"{hero.quest.name} goes on {name}'s shield {shield} ({done})")
    dropped = [c.name for c in (hero.gear, hero.ally) if c is not None]
    if dropped:
        effects.append(f"{name} discards {' and '.join(dropped)}")
    hero = replace(
        hero,
        shields=shields,
        quest=None,
        quest_site=0,
        quest_origin=0,
        quest_underworld="",
        gear=None,
        ally=None,
    )
    state = with_hero(state, seat, hero)
    count = len(shields)
    if count == 1 and not state.hubris_first:
        state = replace(state, hubris=seat, hubris_first=True)
        effects.append(f"{name} takes Hubris (first to complete a quest)")
    elif count == 2 and not state.hubris_second:
        state = replace(state, hubris=seat, hubris_second=True)
        effects.append(f"{name} takes Hubris (first to complete two quests)")
    if count >= data.QUESTS_TO_WIN:
        return _finish(state, seat, effects)
    state = with_hero(state, seat, replace(state.heroes[seat], gear_due=True))
    effects.append(
        f"{name} draws gear and may refill empty cities; "
        f"{who(state, state.left_of(seat))} places her next quest"
    )
    return replace(state, refill_due=seat, place_due=seat)


def _finish(state: BotState, seat: int, effects: Effects) -> BotState:
    finished = (*state.finished, seat)
    state = replace(state, finished=finished)
    place = len(finished)
    if place == 1:
        effects.append(f"{who(state, seat)} completes her third quest and wins")
    else:
        effects.append(f"{who(state, seat)} completes her third quest: place {place}")
    still = [s for s in range(state.n) if s not in finished]
    if not state.placings_on or len(still) <= 1:
        if state.placings_on and still:
            effects.append(f"{who(state, still[0])} takes the last place")
        return replace(state, phase="over", challenge=None)
    return state


def placings(state: BotState) -> list[tuple[int, int]]:
    """(seat, place) for every seat: finishers in the order they finished, then the rest
    ranked by completed quests, equal counts sharing a place (bot.end.placings)."""
    out = [(seat, k + 1) for k, seat in enumerate(state.finished)]
    rest = sorted(
        (s for s in range(state.n) if s not in state.finished),
        key=lambda s: -len(state.heroes[s].shields),
    )
    place = len(out)
    prev = None
    for k, seat in enumerate(rest):
        count = len(state.heroes[seat].shields)
        if count != prev:
            place = len(state.finished) + k + 1
            prev = count
        out.append((seat, place))
    return out
