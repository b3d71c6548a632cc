"""Born of Titans: Move, the city and oracle actions, ending a turn, and the free actions
that touch gear, prophecy and typed values (bot.turn.*, bot.move.*, bot.recruit, ...)."""

from __future__ import annotations

from dataclasses import replace

from rules.core import Verdict
from rules.core.words import counted

from . import data
from .actions import (
    DragonsTeeth,
    DrawGear,
    EditCounter,
    EditQuest,
    EndTurn,
    Look,
    LoseTurn,
    Move,
    Oracle,
    Recruit,
    RefillCities,
    Sacrifice,
    StopPlaying,
    UseArgo,
)
from .challenge import has_gear
from .guards import (
    Effects,
    Handlers,
    advance_turn,
    due_problem,
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
from .state import EMPTY, UNKNOWN, BotState, Hero, Place


def move_cost(hero: Hero, sea: int, land: int) -> int:
    """Courses needed: 1 per sea segment, 2 per land segment; without crew, sea costs as
    land (bot.move.cost, bot.turn.no-crew)."""
    return (2 if hero.crew == 0 else 1) * sea + 2 * land


def reach(hero: Hero, courses: int) -> str:
    """How far ``courses`` go, in words."""
    sea = courses // 2 if hero.crew == 0 else courses
    verb = "reaches" if courses == 1 else "reach"
    return f"{counted(courses, 'course')} {verb} {sea} sea or {courses // 2} land segments"


def place_problem(to: Place) -> Verdict | None:
    if to.kind == "quest":
        if to.site not in data.QUEST_SITES:
            return Verdict.no(f"Quest sites are numbered 1 to 6, not {to.site}.", "bot.move.cost")
        if to.name:
            return Verdict.no("A quest site is named by its number only.", "bot.move.cost")
        return None
    if to.site:
        return Verdict.no("Only quest sites carry a number.", "bot.move.cost")
    if len(to.name) > data.MAX_NAME or to.name != to.name.strip():
        return Verdict.no(
            f"Names of places are at most {data.MAX_NAME} characters, without spaces at the ends.",
            "bot.move.cost",
        )
    if to.kind != "point" and not to.name:
        return Verdict.no(f"Name the {to.kind} the hero stops at.", "bot.move.cost")
    return None


def check_move(state: BotState, act: Move) -> Verdict:
    problem = turn_problem(state, act.seat, "bot.move.roll")
    if problem:
        return problem
    hero = state.heroes[act.seat]
    dice = total(hero, "navigation")
    if not 0 <= act.courses <= dice:
        return Verdict.no(
            f"{dice} Navigation dice give 0 to {dice} courses, not {act.courses}.", "bot.move.roll"
        )
    if act.sea < 0 or act.land < 0 or act.sea + act.land == 0:
        return Verdict.no("Enter at least one segment travelled.", "bot.move.cost")
    problem = place_problem(act.to)
    if problem:
        return problem
    cost = move_cost(hero, act.sea, act.land)
    if cost > act.courses:
        return Verdict.no(
            f"{act.sea} sea and {act.land} land segments cost {cost} courses; "
            f"{reach(hero, act.courses)}.",
            "bot.move.cost",
            *(("bot.turn.no-crew",) if hero.crew == 0 else ()),
        )
    return Verdict.ok(
        f"{reach(hero, act.courses)}; the trip costs {cost}. {who(state, act.seat)} stops at "
        f"{act.to.label()}.",
        "bot.move.roll",
        "bot.move.cost",
        "bot.move.site-stops",
        "bot.assume.no-map",
    )


def do_move(state: BotState, act: Move) -> tuple[BotState, Effects]:
    hero = state.heroes[act.seat]
    to = act.to
    inside = to.kind not in ("city", "sea")
    cities = state.cities
    effects = [f"{who(state, act.seat)} moves to {to.label()}"]
    if to.kind == "city":
        status = cities.get(to.name)
        if status is None:
            cities = {**cities, to.name: UNKNOWN}
            status = UNKNOWN
        inside = status == EMPTY
        if not inside:
            effects.append(f"{to.name}'s encounter must be faced before entering")
    if to.kind == "sea":
        known = state.sea_monsters.get(to.name)
        effects.append(f"{known.name if known else 'an unknown sea monster'} waits here")
    # A retreat goes back to the near end of the last segment (bot.assume.retreat-last-point):
    # the starting place after a one-segment move, else the point just before ``to``.
    last = hero.place if act.sea + act.land == 1 else Place("point")
    hero = replace(hero, place=to, came_from=last, inside=inside)
    state = replace(
        with_hero(state, act.seat, hero), cities=cities, actions_used=state.actions_used + 1
    )
    return maybe_end_turn(state, effects), effects


def _in_city(state: BotState, seat: int, rule: str) -> Verdict | None:
    hero = state.heroes[seat]
    if hero.place is None or hero.place.kind != "city":
        return Verdict.no(f"{who(state, seat)} is not in a city.", rule)
    if not inside(state, hero):
        return Verdict.no(
            f"{hero.place.name}'s encounter comes first.", "bot.encounter.city-first", rule
        )
    return None


def check_recruit(state: BotState, act: Recruit) -> Verdict:
    problem = turn_problem(state, act.seat, "bot.recruit") or _in_city(
        state, act.seat, "bot.recruit"
    )
    if problem:
        return problem
    crew = state.heroes[act.seat].crew
    if act.crew not in (1, 2):
        return Verdict.no("Recruiting hires one or two crew.", "bot.recruit")
    if crew + act.crew > data.MAX_CREW:
        return Verdict.no(
            f"{who(state, act.seat)} has {crew} crew; {act.crew} more would pass six.",
            "bot.recruit",
        )
    return Verdict.ok(f"Crew {crew} → {crew + act.crew}.", "bot.recruit", "bot.turn.actions")


def do_recruit(state: BotState, act: Recruit) -> tuple[BotState, Effects]:
    effects: Effects = []
    state = set_crew(state, act.seat, state.heroes[act.seat].crew + act.crew, effects)
    state = replace(state, actions_used=state.actions_used + 1)
    return maybe_end_turn(state, effects), effects


def check_sacrifice(state: BotState, act: Sacrifice) -> Verdict:
    problem = turn_problem(state, act.seat, "bot.sacrifice") or _in_city(
        state, act.seat, "bot.sacrifice"
    )
    if problem:
        return problem
    if act.keep not in data.DIVINE_KINDS:
        return Verdict.no("Name the divine counter kept.", "bot.sacrifice")
    return Verdict.ok(
        f"{who(state, act.seat)} keeps {act.keep.capitalize()} face down.", "bot.sacrifice"
    )


def do_sacrifice(state: BotState, act: Sacrifice) -> tuple[BotState, Effects]:
    hero = state.heroes[act.seat]
    hero = replace(hero, divine=(*hero.divine, act.keep))
    state = replace(with_hero(state, act.seat, hero), actions_used=state.actions_used + 1)
    effects = [f"{who(state, act.seat)} keeps one divine counter face down"]
    return maybe_end_turn(state, effects), effects


def check_oracle(state: BotState, act: Oracle) -> Verdict:
    problem = turn_problem(state, act.seat, "bot.prophecy.oracle")
    if problem:
        return problem
    hero = state.heroes[act.seat]
    if hero.place is None or hero.place.kind != "oracle":
        return Verdict.no(f"{who(state, act.seat)} is not at an oracle.", "bot.prophecy.oracle")
    if hero.prophecy >= data.MAX_PROPHECY:
        return Verdict.no("Prophecy is already at six.", "bot.prophecy.max")
    new = min(data.MAX_PROPHECY, hero.prophecy + 2)
    return Verdict.ok(
        f"Prophecy {hero.prophecy} → {new}.", "bot.prophecy.oracle", "bot.prophecy.max"
    )


def do_oracle(state: BotState, act: Oracle) -> tuple[BotState, Effects]:
    hero = state.heroes[act.seat]
    new = min(data.MAX_PROPHECY, hero.prophecy + 2)
    state = replace(
        with_hero(state, act.seat, replace(hero, prophecy=new)), actions_used=state.actions_used + 1
    )
    effects = [f"{who(state, act.seat)}'s prophecy {hero.prophecy} → {new}"]
    return maybe_end_turn(state, effects), effects


def check_end_turn(state: BotState, act: EndTurn) -> Verdict:
    problem = seat_problem(state, act.seat)
    if problem:
        return problem
    if state.phase != "play" or state.turn != act.seat:
        return Verdict.no(f"It is not {who(state, act.seat)}'s turn.", "bot.turn.order")
    if state.challenge is not None:
        return Verdict.no(
            "Finish the challenge first: roll again or retreat.", "bot.challenge.retreat"
        )
    problem = due_problem(state, act.seat)
    if problem:
        return problem
    return Verdict.ok(
        f"{who(state, act.seat)} ends her turn; unused actions are lost.", "bot.turn.actions"
    )


def do_end_turn(state: BotState, act: EndTurn) -> tuple[BotState, Effects]:
    effects: Effects = []
    return advance_turn(state, effects), effects


def _own_turn(state: BotState, seat: int, rule: str) -> Verdict | None:
    problem = seat_problem(state, seat, rule)
    if problem:
        return problem
    if state.phase != "play" or state.turn != seat:
        return Verdict.no(f"Only during {who(state, seat)}'s own turn.", rule)
    return None


def check_look(state: BotState, act: Look) -> Verdict:
    problem = _own_turn(state, act.seat, "bot.prophecy.look")
    if problem:
        return problem
    if not act.site.strip() or len(act.site) > data.MAX_NAME:
        return Verdict.no("Name the site looked at.", "bot.prophecy.look")
    hero = state.heroes[act.seat]
    ch = state.challenge
    committed = ch.prophecy if ch is not None and ch.seat == act.seat else 0
    if hero.prophecy - committed < 1:
        if committed:
            return Verdict.no(
                f"{who(state, act.seat)}'s prophecy is committed to this challenge; "
                "committed prophecy cannot pay for a look.",
                "bot.prophecy.look",
                "bot.challenge.prophecy",
            )
        return Verdict.no(f"{who(state, act.seat)} has no prophecy left.", "bot.prophecy.look")
    return Verdict.ok(
        f"{who(state, act.seat)} pays one prophecy to look at {act.site.strip()}.",
        "bot.prophecy.look",
    )


def do_look(state: BotState, act: Look) -> tuple[BotState, Effects]:
    hero = state.heroes[act.seat]
    state = with_hero(state, act.seat, replace(hero, prophecy=hero.prophecy - 1))
    return state, [f"prophecy {hero.prophecy} → {hero.prophecy - 1}"]


def check_argo(state: BotState, act: UseArgo) -> Verdict:
    problem = _own_turn(state, act.seat, "bot.gear.argo")
    if problem:
        return problem
    hero = state.heroes[act.seat]
    if not has_gear(hero, "Argo"):
        return Verdict.no(f"{who(state, act.seat)} does not have the Argo.", "bot.gear.argo")
    if hero.argo_used:
        return Verdict.no(
            "The Argo gives one prophecy per turn.", "bot.gear.argo", "bot.assume.argo"
        )
    if hero.prophecy >= data.MAX_PROPHECY:
        return Verdict.no("Prophecy is already at six.", "bot.prophecy.max")
    return Verdict.ok("The Argo adds one prophecy.", "bot.gear.argo", "bot.assume.argo")


def do_argo(state: BotState, act: UseArgo) -> tuple[BotState, Effects]:
    hero = state.heroes[act.seat]
    hero = replace(hero, prophecy=hero.prophecy + 1, argo_used=True)
    return with_hero(state, act.seat, hero), [f"prophecy → {hero.prophecy}"]


def check_teeth(state: BotState, act: DragonsTeeth) -> Verdict:
    problem = seat_problem(state, act.seat, "bot.gear.dragons-teeth")
    if problem:
        return problem
    if state.phase != "play":
        return Verdict.no("Gear is used once play has begun.", "bot.gear.dragons-teeth")
    if not has_gear(state.heroes[act.seat], "Dragon's Teeth"):
        return Verdict.no(
            f"{who(state, act.seat)} does not have the Dragon's Teeth.", "bot.gear.dragons-teeth"
        )
    if not 1 <= act.roll <= 6:
        return Verdict.no("Enter the die rolled (1 to 6).", "bot.gear.dragons-teeth")
    return Verdict.ok(
        f"The Dragon's Teeth bring up to {act.roll} crew (at most six).", "bot.gear.dragons-teeth"
    )


def do_teeth(state: BotState, act: DragonsTeeth) -> tuple[BotState, Effects]:
    hero = state.heroes[act.seat]
    effects = [f"{who(state, act.seat)} throws the Dragon's Teeth"]
    state = with_hero(state, act.seat, replace(hero, gear=None))
    return set_crew(state, act.seat, hero.crew + act.roll, effects), effects


def check_draw_gear(state: BotState, act: DrawGear) -> Verdict:
    problem = seat_problem(state, act.seat, "bot.quest.after")
    if problem:
        return problem
    if not state.heroes[act.seat].gear_due:
        return Verdict.no(f"{who(state, act.seat)} has no gear to draw.", "bot.quest.after")
    problem = stats_problem(act.gear, "gear")
    if problem:
        return problem
    return Verdict.ok(
        f"{who(state, act.seat)} draws {act.gear.name.strip()}.", "bot.quest.after", "bot.gear.one"
    )


def do_draw_gear(state: BotState, act: DrawGear) -> tuple[BotState, Effects]:
    hero = replace(
        state.heroes[act.seat], gear=replace(act.gear, name=act.gear.name.strip()), gear_due=False
    )
    effects = [f"{who(state, act.seat)} carries {act.gear.name.strip()}"]
    return maybe_end_turn(with_hero(state, act.seat, hero), effects), effects


def empty_cities(state: BotState) -> list[str]:
    return sorted(name for name, status in state.cities.items() if status == EMPTY)


def check_refill(state: BotState, act: RefillCities) -> Verdict:
    problem = seat_problem(state, act.seat, "bot.quest.after")
    if problem:
        return problem
    if state.refill_due != act.seat:
        return Verdict.no(f"{who(state, act.seat)} has no cities to refill.", "bot.quest.after")
    empty = set(empty_cities(state))
    if len(set(act.cities)) != len(act.cities):
        return Verdict.no("Each city is named once.", "bot.quest.after")
    wrong = [c for c in act.cities if c not in empty]
    if wrong:
        return Verdict.no(f"{wrong[0]} is not an empty city.", "bot.quest.after")
    listed = ", ".join(act.cities) if act.cities else "none"
    return Verdict.ok(f"New face-down encounters on: {listed}.", "bot.quest.after")


def do_refill(state: BotState, act: RefillCities) -> tuple[BotState, Effects]:
    cities = {**state.cities, **{c: UNKNOWN for c in act.cities}}
    effects = [f"{c} gets a face-down encounter" for c in act.cities] or ["no city refilled"]
    state = replace(state, cities=cities, refill_due=-1)
    return maybe_end_turn(state, effects), effects


def check_lose_turn(state: BotState, act: LoseTurn) -> Verdict:
    problem = seat_problem(state, act.seat, "bot.turn.lose-turn") or seat_problem(
        state, act.target, "bot.turn.lose-turn"
    )
    if problem:
        return problem
    if state.phase != "play" or act.target in state.finished:
        return Verdict.no("Only a hero still questing can lose a turn.", "bot.turn.lose-turn")
    if state.heroes[act.target].lose_turn:
        return Verdict.no(
            f"{who(state, act.target)} already has a Lose Turn counter.", "bot.turn.lose-turn"
        )
    if act.target == state.turn:
        if state.challenge is not None:
            return Verdict.no("Finish the challenge first.", "bot.turn.lose-turn")
        problem = due_problem(state, act.target)
        if problem:
            return problem
    return Verdict.ok(
        f"{who(state, act.target)} gets a Lose Turn counter.",
        "bot.turn.lose-turn",
        "bot.assume.lose-turn",
    )


def do_lose_turn(state: BotState, act: LoseTurn) -> tuple[BotState, Effects]:
    hero = replace(state.heroes[act.target], lose_turn=True)
    state = with_hero(state, act.target, hero)
    effects = [f"{who(state, act.target)} has a Lose Turn counter"]
    if act.target == state.turn:
        effects.append(f"{who(state, act.target)}'s turn ends now")
        state = advance_turn(state, effects)
    return state, effects


def check_edit(state: BotState, act: EditCounter) -> Verdict:
    problem = seat_problem(state, act.seat, "bot.values.edit")
    if problem:
        return problem
    hero = state.heroes[act.seat]
    current = {"hero": hero.hero, "crew": hero.crew_counter, "ally": hero.ally, "gear": hero.gear}[
        act.slot
    ]
    if current is None:
        return Verdict.no(f"{who(state, act.seat)} has no {act.slot} counter.", "bot.values.edit")
    if state.challenge is not None and state.challenge.seat == act.seat:
        return Verdict.no("Fix values after the challenge ends.", "bot.values.edit")
    problem = stats_problem(act.stats, act.slot)
    if problem:
        return problem
    if act.slot == "hero":
        taken = {
            h.hero.name.casefold()
            for s, h in enumerate(state.heroes)
            if h.hero is not None and s != act.seat
        }
        if act.stats.name.strip().casefold() in taken:
            return Verdict.no(
                f"{act.stats.name.strip()} is another player's hero.", "bot.setup.selection"
            )
    return Verdict.ok(f"{act.stats.name.strip()} now matches the counter.", "bot.values.edit")


def do_edit(state: BotState, act: EditCounter) -> tuple[BotState, Effects]:
    stats = replace(act.stats, name=act.stats.name.strip())
    hero = state.heroes[act.seat]
    if act.slot == "hero":
        hero = replace(hero, hero=stats)
    elif act.slot == "crew":
        hero = replace(hero, crew_counter=stats)
    elif act.slot == "ally":
        hero = replace(hero, ally=stats)
    else:
        hero = replace(hero, gear=stats)
    s = stats
    return with_hero(state, act.seat, hero), [
        f"{s.name}: Battle {s.battle}, Navigation {s.navigation}, Wits {s.wits}"
    ]


def check_edit_quest(state: BotState, act: EditQuest) -> Verdict:
    problem = seat_problem(state, act.seat, "bot.values.edit")
    if problem:
        return problem
    hero = state.heroes[act.seat]
    if hero.quest is None:
        return Verdict.no(f"{who(state, act.seat)} has no revealed quest.", "bot.values.edit")
    if state.challenge is not None and state.challenge.seat == act.seat:
        return Verdict.no("Fix values after the challenge ends.", "bot.values.edit")
    problem = need_problem(hero.quest.name, (act.battle, act.navigation, act.wits), "quest")
    if problem:
        return problem
    return Verdict.ok(f"{hero.quest.name} now matches the counter.", "bot.values.edit")


def do_edit_quest(state: BotState, act: EditQuest) -> tuple[BotState, Effects]:
    hero = state.heroes[act.seat]
    assert hero.quest is not None
    quest = replace(hero.quest, battle=act.battle, navigation=act.navigation, wits=act.wits)
    return with_hero(state, act.seat, replace(hero, quest=quest)), [
        f"{quest.name}: Battle {act.battle}, Navigation {act.navigation}, Wits {act.wits}"
    ]


def check_stop(state: BotState, act: StopPlaying) -> Verdict:
    problem = seat_problem(state, act.seat, "bot.end.placings")
    if problem:
        return problem
    if not state.finished:
        return Verdict.no("Nobody has won yet.", "bot.end.placings")
    return Verdict.ok("Play for places ends here.", "bot.end.placings")


def do_stop(state: BotState, act: StopPlaying) -> tuple[BotState, Effects]:
    return replace(state, phase="over", stopped=True, challenge=None), ["the game ends"]


HANDLERS: Handlers = {
    Move: (check_move, do_move),
    Recruit: (check_recruit, do_recruit),
    Sacrifice: (check_sacrifice, do_sacrifice),
    Oracle: (check_oracle, do_oracle),
    EndTurn: (check_end_turn, do_end_turn),
    Look: (check_look, do_look),
    UseArgo: (check_argo, do_argo),
    DragonsTeeth: (check_teeth, do_teeth),
    DrawGear: (check_draw_gear, do_draw_gear),
    RefillCities: (check_refill, do_refill),
    LoseTurn: (check_lose_turn, do_lose_turn),
    EditCounter: (check_edit, do_edit),
    EditQuest: (check_edit_quest, do_edit_quest),
    StopPlaying: (check_stop, do_stop),
}
