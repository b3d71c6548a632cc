"""Born of Titans: encounters and challenges (bot.encounter.*, bot.challenge.*).

An Encounter action faces whatever is at the hero's place. A face-down counter must be
revealed in the same action (the player types in what it is). Monsters, sea monsters and
quests start a challenge; the rolls that follow are entered one by one.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core import Verdict
from rules.core.words import counted

from . import data
from .actions import Encounter, LionSkin, Retreat, Roll
from .guards import (
    Effects,
    Handlers,
    foe_from,
    inside,
    maybe_end_turn,
    need_problem,
    seat_problem,
    set_crew,
    stats_problem,
    total,
    turn_problem,
    who,
    with_hero,
)
from .quests import complete_quest
from .state import EMPTY, REVEAL_NAMES, UNKNOWN, BotState, Challenge, Foe, Hero, Place, Stats


def norm(name: str) -> str:
    """Names compared without case, spaces or punctuation ("Dragon's Teeth" = "dragons teeth")."""
    return "".join(ch for ch in name.casefold() if ch.isalnum())


def has_gear(hero: Hero, *names: str) -> bool:
    return hero.gear is not None and norm(hero.gear.name) in {norm(n) for n in names}


def facing(state: BotState, seat: int) -> tuple[str, Foe | None]:
    """What ``seat``'s hero faces where she stands: (what, known foe). ``what`` is one of
    "city" (unknown encounter), "monster", "sea", "quest", "underworld" or "" (nothing)."""
    hero = state.heroes[seat]
    place = hero.place
    if place is None:
        return "", None
    if place.kind == "city" and not inside(state, hero):
        status = state.cities.get(place.name, UNKNOWN)
        if status == "monster":
            return "monster", state.city_monsters[place.name]
        return ("city", None) if status == UNKNOWN else ("", None)
    if place.kind == "sea" and not hero.inside:
        return "sea", state.sea_monsters.get(place.name)
    if place.kind == "quest" and hero.quest_site == place.site:
        return "quest", hero.quest
    if (
        place.kind == "underworld"
        and hero.quest is not None
        and hero.quest_underworld
        and hero.quest_underworld == place.name
    ):
        return "underworld", hero.quest
    return "", None


def _nothing_here(state: BotState, seat: int) -> Verdict:
    hero = state.heroes[seat]
    place = hero.place
    if place is not None and place.kind == "quest":
        for s, other in enumerate(state.heroes):
            if s != seat and other.quest_site == place.site:
                return Verdict.no(
                    f"The quest on site {place.site} is {who(state, s)}'s; "
                    "only its owner may attempt it.",
                    "bot.quest.own",
                )
    where = place.label() if place else "nowhere"
    return Verdict.no(f"There is nothing to encounter at {where}.", "bot.encounter.action")


def check_encounter(state: BotState, act: Encounter) -> Verdict:
    problem = turn_problem(state, act.seat, "bot.encounter.action")
    if problem:
        return problem
    what, foe = facing(state, act.seat)
    if not what:
        return _nothing_here(state, act.seat)
    hero = state.heroes[act.seat]
    if what in ("quest", "underworld") and state.hubris == act.seat:
        return Verdict.no(
            f"{who(state, act.seat)} holds Hubris and cannot complete her quest.",
            "bot.hubris.blocks",
        )
    if foe is not None and act.reveal is not None:
        return Verdict.no(f"{foe.name} is already face up here.", "bot.setup.facedown")
    if foe is None:
        if act.reveal is None:
            return Verdict.no(
                "The counter here is face down: say what it is when revealing it.",
                "bot.setup.facedown",
            )
        reveal = act.reveal
        if what != "city" and reveal.kind != "monster":
            return Verdict.no(
                "A sea monster or quest is always fought as a monster.", "bot.values.entered"
            )
        if reveal.kind == "ally":
            problem = stats_problem(
                Stats(reveal.name, reveal.battle, reveal.navigation, reveal.wits), "ally"
            )
            if problem:
                return problem
            return _check_city_event(state, act)
        if reveal.kind == "monster":
            needs = (reveal.battle, reveal.navigation, reveal.wits)
            problem = need_problem(reveal.name, needs, "foe")
            if problem:
                return problem
            kind = {"city": "encounter", "sea": "sea", "quest": "quest"}[what]
            foe = foe_from(reveal.name, kind, needs)
            if what == "quest" and norm(reveal.name) in {norm(n) for n in data.underworld_quests()}:
                if not act.underworld.strip() or len(act.underworld) > data.MAX_NAME:
                    return Verdict.no(
                        f"{reveal.name} is fought in the Underworld: name the Underworld site "
                        "it moves to.",
                        "bot.quest.underworld",
                    )
                return Verdict.ok(
                    f"{reveal.name} moves to the Underworld site {act.underworld.strip()}.",
                    "bot.quest.underworld",
                    "bot.assume.underworld-shield",
                )
        else:
            return _check_city_event(state, act)
    assert foe is not None
    return _check_fight(state, act, hero, foe)


def _check_city_event(state: BotState, act: Encounter) -> Verdict:
    assert act.reveal is not None
    kind = act.reveal.kind
    hero = state.heroes[act.seat]
    if kind == "crew-for-hire":
        if not 1 <= act.roll <= 6:
            return Verdict.no(
                "Enter the die rolled for Crew for Hire (1 to 6).", "bot.encounter.crew-for-hire"
            )
        if not 0 <= act.hired <= act.roll:
            return Verdict.no(
                f"Crew for Hire gives at most the die roll ({act.roll}).",
                "bot.encounter.crew-for-hire",
            )
        if hero.crew + act.hired > data.MAX_CREW:
            return Verdict.no(
                f"{who(state, act.seat)} has {hero.crew} crew; more than "
                f"{data.MAX_CREW - hero.crew} would pass six.",
                "bot.encounter.crew-for-hire",
            )
        return Verdict.ok("Crew for Hire.", "bot.encounter.crew-for-hire", "bot.encounter.action")
    rule = {
        "ally": "bot.encounter.ally",
        "gather-humility": "bot.encounter.gather-humility",
        "allys-quest": "bot.encounter.allys-quest",
        "fair-weather": "bot.encounter.fair-weather",
        "other": "bot.encounter.other",
    }[kind]
    name = act.reveal.name or REVEAL_NAMES.get(kind, kind)
    return Verdict.ok(f"{name} is revealed.", rule, "bot.encounter.action")


def _check_fight(state: BotState, act: Encounter, hero: Hero, foe: Foe) -> Verdict:
    against = act.against or act.attribute
    if against != act.attribute and not hero.athena:
        return Verdict.no(
            "Only two Athenas let a hero pit one attribute against another.", "bot.divine.athena"
        )
    if foe.need(against) <= 0:
        allowed = [a.capitalize() for a in data.ATTRIBUTES if foe.need(a) > 0]
        return Verdict.no(
            f"{foe.name} cannot be fought with {against.capitalize()}; "
            f"only with {' or '.join(allowed)}.",
            "bot.challenge.attribute",
        )
    if not 0 <= act.prophecy <= hero.prophecy:
        return Verdict.no(
            f"{who(state, act.seat)} can commit 0 to {hero.prophecy} prophecy, not {act.prophecy}.",
            "bot.challenge.prophecy",
        )
    dice = total(hero, act.attribute) + act.prophecy
    return Verdict.ok(
        f"{foe.name} needs {counted(foe.need(against), 'success')}; "
        f"{who(state, act.seat)} rolls {dice} dice.",
        "bot.challenge.dice",
        "bot.challenge.attribute",
        "bot.encounter.action",
        *(("bot.challenge.prophecy", "bot.assume.prophecy-per-challenge") if act.prophecy else ()),
    )


def do_encounter(state: BotState, act: Encounter) -> tuple[BotState, Effects]:
    what, foe = facing(state, act.seat)
    state = replace(state, actions_used=state.actions_used + 1)
    hero = state.heroes[act.seat]
    place = hero.place
    assert place is not None
    effects: Effects = []
    name = who(state, act.seat)
    if foe is None:
        reveal = act.reveal
        assert reveal is not None
        needs = (reveal.battle, reveal.navigation, reveal.wits)
        if reveal.kind != "monster":
            return _do_city_event(state, act, effects)
        if what == "city":
            foe = foe_from(reveal.name, "encounter", needs)
            state = replace(
                state,
                cities={**state.cities, place.name: "monster"},
                city_monsters={**state.city_monsters, place.name: foe},
            )
        elif what == "sea":
            foe = foe_from(reveal.name, "sea", needs)
            state = replace(state, sea_monsters={**state.sea_monsters, place.name: foe})
        else:
            foe = foe_from(reveal.name, "quest", needs)
            if norm(reveal.name) in {norm(n) for n in data.underworld_quests()}:
                site = act.underworld.strip()
                hero = replace(hero, quest=foe, quest_site=0, quest_underworld=site)
                state = with_hero(state, act.seat, hero)
                effects.append(f"{name}'s quest {foe.name} moves to the Underworld site {site}")
                return maybe_end_turn(state, effects), effects
            state = with_hero(state, act.seat, replace(hero, quest=foe))
        effects.append(f"revealed: {foe.name}")
    hero = state.heroes[act.seat]
    against = act.against or act.attribute
    dice = total(hero, act.attribute) + act.prophecy
    challenge = Challenge(
        seat=act.seat,
        foe=foe,
        attribute=act.attribute,
        against=against,
        dice=dice,
        prophecy=act.prophecy,
        athena=hero.athena,
    )
    state = with_hero(state, act.seat, replace(hero, athena=False))
    effects.append(
        f"{name} fights {foe.name}: {dice} dice of {act.attribute.capitalize()} "
        f"against {foe.need(against)}"
    )
    return replace(state, challenge=challenge), effects


def _do_city_event(state: BotState, act: Encounter, effects: Effects) -> tuple[BotState, Effects]:
    reveal = act.reveal
    assert reveal is not None
    seat = act.seat
    hero = state.heroes[seat]
    place = hero.place
    assert place is not None
    name = who(state, seat)
    kind = reveal.kind
    if kind == "ally":
        ally = Stats(reveal.name.strip(), reveal.battle, reveal.navigation, reveal.wits)
        if act.take_ally:
            if hero.ally is not None:
                effects.append(f"{hero.ally.name} goes back to the encounter pool")
            hero = replace(hero, ally=ally)
            effects.append(f"{ally.name} joins {name}")
        else:
            effects.append(f"{ally.name} goes back to the encounter pool")
        state = with_hero(state, seat, hero)
    elif kind == "crew-for-hire":
        effects.append(f"Crew for Hire: rolled {act.roll}, hires {act.hired}")
        state = set_crew(state, seat, hero.crew + act.hired, effects)
    elif kind == "gather-humility":
        if state.hubris == seat:
            state = replace(state, hubris=-1)
            effects.append(f"{name} gives up Hubris")
        else:
            effects.append("no effect: no Hubris to give up")
    elif kind == "allys-quest":
        if hero.ally is not None:
            effects.append(f"{hero.ally.name} leaves {name}")
            state = with_hero(state, seat, replace(hero, ally=None))
        else:
            effects.append("no effect: no ally")
    elif kind == "fair-weather":
        state = replace(state, bonus_actions=state.bonus_actions + 2)
        effects.append(f"{name} gains two actions")
    else:
        effects.append(f"{reveal.name or 'the encounter'}: follow the counter's text")
    state = replace(state, cities={**state.cities, place.name: EMPTY})
    state = with_hero(state, seat, replace(state.heroes[seat], inside=True))
    effects.append(f"{name} enters {place.name}")
    return maybe_end_turn(state, effects), effects


def _challenge_problem(state: BotState, seat: int, rule: str) -> Verdict | None:
    problem = seat_problem(state, seat, rule)
    if problem:
        return problem
    if state.challenge is None or state.challenge.seat != seat:
        return Verdict.no(f"{who(state, seat)} is not in a challenge.", rule)
    return None


def check_roll(state: BotState, act: Roll) -> Verdict:
    problem = _challenge_problem(state, act.seat, "bot.challenge.accumulate")
    if problem:
        return problem
    ch = state.challenge
    assert ch is not None
    if not 0 <= act.successes <= ch.dice:
        return Verdict.no(
            f"{ch.dice} dice give 0 to {ch.dice} successes, not {act.successes}.",
            "bot.dice.success",
        )
    got = ch.successes + act.successes
    if got >= ch.need:
        return Verdict.ok(
            f"{counted(got, 'success')} of {ch.need}: {ch.foe.name} is beaten.",
            "bot.challenge.accumulate",
            "bot.challenge.won",
        )
    return Verdict.ok(
        f"{got} of {ch.need} successes: {ch.foe.name} strikes.",
        "bot.challenge.accumulate",
        "bot.challenge.attack",
        *(("bot.divine.ares",) if ch.ares else ()),
        *(("bot.gear.lion-skin",) if ch.invincible else ()),
    )


def do_roll(state: BotState, act: Roll) -> tuple[BotState, Effects]:
    ch = state.challenge
    assert ch is not None
    ch = replace(ch, rolls=(*ch.rolls, act.successes))
    rolled = counted(act.successes, "success")
    effects: Effects = [f"{rolled} ({ch.successes} of {ch.need})"]
    state = replace(state, challenge=ch)
    if ch.successes >= ch.need:
        return win(state, effects), effects
    hero = state.heroes[act.seat]
    loss = 0 if ch.invincible else (3 if ch.ares else 1)
    lost = min(loss, hero.crew)
    if hero.crew == 0 and loss > 0:
        effects.append(f"{who(state, act.seat)} has no crew left to lose")
    state = set_crew(state, act.seat, hero.crew - loss, effects)
    state = replace(
        state, challenge=replace(ch, crew_lost=ch.crew_lost + lost, losses=(*ch.losses, lost))
    )
    if state.heroes[act.seat].crew == 0 and loss > 0:
        return defeat(state, act.seat, effects), effects
    return state, effects


def end_challenge(state: BotState, effects: Effects) -> BotState:
    """Close the challenge: committed prophecy is spent (bot.challenge.prophecy)."""
    ch = state.challenge
    assert ch is not None
    hero = state.heroes[ch.seat]
    if ch.prophecy:
        effects.append(f"{ch.prophecy} prophecy spent")
    hero = replace(hero, prophecy=max(0, hero.prophecy - ch.prophecy))
    return replace(with_hero(state, ch.seat, hero), challenge=None)


def win(state: BotState, effects: Effects) -> BotState:
    """The foe of the current challenge is beaten (bot.challenge.won)."""
    ch = state.challenge
    assert ch is not None
    seat = ch.seat
    state = end_challenge(state, effects)
    hero = state.heroes[seat]
    place = hero.place
    assert place is not None
    if ch.foe.kind == "encounter":
        cities = {**state.cities, place.name: EMPTY}
        monsters = {k: v for k, v in state.city_monsters.items() if k != place.name}
        state = replace(state, cities=cities, city_monsters=monsters)
        state = with_hero(state, seat, replace(hero, inside=True))
        effects.append(f"{ch.foe.name} is beaten and goes back to the encounter pool")
    elif ch.foe.kind == "sea":
        state = with_hero(state, seat, replace(hero, inside=True))
        effects.append(f"{who(state, seat)} gets past {ch.foe.name}, which stays on its site")
    else:
        state = complete_quest(state, seat, effects)
    return maybe_end_turn(state, effects)


def defeat(state: BotState, seat: int, effects: Effects) -> BotState:
    effects.append(f"{who(state, seat)} is defeated and retreats")
    return go_back(end_challenge(state, effects), seat, effects)


def go_back(state: BotState, seat: int, effects: Effects) -> BotState:
    """The hero returns to the point she stood on just before this site: the near end of
    the last segment she travelled (bot.challenge.retreat, bot.assume.retreat-last-point)."""
    hero = state.heroes[seat]
    if hero.came_from is not None and hero.place is not None:
        back = hero.came_from
        inside = back.kind != "city" or state.cities.get(back.name, UNKNOWN) == EMPTY
        if back.kind == "sea":
            inside = False
        where = back.label()
        if back == Place("point"):
            where = f"the point one segment before {hero.place.label()}"
        hero = replace(hero, place=back, came_from=None, inside=inside)
        effects.append(f"{who(state, seat)} goes back to {where}")
    return maybe_end_turn(with_hero(state, seat, hero), effects)


def check_retreat(state: BotState, act: Retreat) -> Verdict:
    problem = _challenge_problem(state, act.seat, "bot.challenge.retreat")
    if problem:
        return problem
    ch = state.challenge
    assert ch is not None
    if not ch.rolls:
        return Verdict.no(
            "A hero may retreat only after the foe has struck.", "bot.challenge.retreat"
        )
    return Verdict.ok(
        f"{who(state, act.seat)} breaks off; {ch.foe.name} heals.",
        "bot.challenge.retreat",
        "bot.challenge.heal",
        "bot.assume.retreat-last-point",
    )


def do_retreat(state: BotState, act: Retreat) -> tuple[BotState, Effects]:
    effects: Effects = []
    state = end_challenge(state, effects)
    return go_back(state, act.seat, effects), effects


def check_lion_skin(state: BotState, act: LionSkin) -> Verdict:
    problem = _challenge_problem(state, act.seat, "bot.gear.lion-skin")
    if problem:
        return problem
    if not has_gear(state.heroes[act.seat], "Nemean Lion Skin", "Lion Skin"):
        return Verdict.no(
            f"{who(state, act.seat)} does not carry the Lion Skin.", "bot.gear.lion-skin"
        )
    return Verdict.ok("No more crew losses in this challenge.", "bot.gear.lion-skin")


def do_lion_skin(state: BotState, act: LionSkin) -> tuple[BotState, Effects]:
    ch = state.challenge
    assert ch is not None
    hero = state.heroes[act.seat]
    state = with_hero(state, act.seat, replace(hero, gear=None))
    return replace(state, challenge=replace(ch, invincible=True)), [
        f"{who(state, act.seat)} discards the Lion Skin: invincible for this challenge"
    ]


HANDLERS: Handlers = {
    Encounter: (check_encounter, do_encounter),
    Roll: (check_roll, do_roll),
    Retreat: (check_retreat, do_retreat),
    LionSkin: (check_lion_skin, do_lion_skin),
}
