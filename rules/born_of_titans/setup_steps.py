"""Born of Titans: the steps before the first turn (bot.setup.*) and quest placement, which
the player on the owner's left does at setup and after every completed quest (bot.quest.next).
"""

from __future__ import annotations

from dataclasses import replace

from rules.core import Verdict

from . import data
from .actions import FirstSelector, PickHero, PlaceQuest, StartSite
from .guards import Effects, Handlers, maybe_end_turn, seat_problem, stats_problem, who, with_hero
from .state import BotState, Place


def check_first_selector(state: BotState, act: FirstSelector) -> Verdict:
    problem = seat_problem(state, act.seat, "bot.setup.selection")
    if problem:
        return problem
    if state.phase != "selection":
        return Verdict.no("The selection order is already settled.", "bot.setup.selection")
    order = [(act.seat - k) % state.n for k in range(state.n)]
    return Verdict.ok(
        f"{who(state, act.seat)} rolled lowest and picks first; picking goes "
        + " → ".join(who(state, s) for s in order)
        + ".",
        "bot.setup.selection",
        "bot.setup.play-order",
        "bot.assume.seats-clockwise",
    )


def do_first_selector(state: BotState, act: FirstSelector) -> tuple[BotState, Effects]:
    state = replace(state, first_selector=act.seat, phase="heroes")
    plays = " → ".join(who(state, s) for s in state.play_order())
    return state, [f"turn order once play starts: {plays}"]


def next_picker(state: BotState) -> int:
    """The seat due to pick a hero, or -1 when every seat has one."""
    for seat in state.selection_order():
        if state.heroes[seat].hero is None:
            return seat
    return -1


def check_pick_hero(state: BotState, act: PickHero) -> Verdict:
    problem = seat_problem(state, act.seat, "bot.setup.selection")
    if problem:
        return problem
    if state.phase != "heroes":
        if state.phase == "selection":
            return Verdict.no("First say who rolled lowest.", "bot.setup.selection")
        return Verdict.no("Every hero has been picked.", "bot.setup.selection")
    due = next_picker(state)
    if act.seat != due:
        return Verdict.no(f"It is {who(state, due)}'s pick.", "bot.setup.selection")
    problem = stats_problem(act.hero, "hero") or stats_problem(act.crew, "crew counter")
    if problem:
        return problem
    taken = {h.hero.name.casefold() for h in state.heroes if h.hero is not None}
    if act.hero.name.strip().casefold() in taken:
        return Verdict.no(
            f"{act.hero.name.strip()} has already been picked.", "bot.setup.selection"
        )
    return Verdict.ok(
        f"{who(state, act.seat)} takes {act.hero.name.strip()} with the {act.crew.name.strip()}.",
        "bot.setup.selection",
        "bot.setup.sheets",
        "bot.values.entered",
    )


def do_pick_hero(state: BotState, act: PickHero) -> tuple[BotState, Effects]:
    name = act.hero.name.strip()
    hero = replace(
        state.heroes[act.seat],
        hero=replace(act.hero, name=name),
        crew_counter=replace(act.crew, name=act.crew.name.strip()),
        crew=data.START_CREW,
        prophecy=data.START_PROPHECY,
    )
    state = with_hero(state, act.seat, hero)
    effects = [f"{name}: crew on shield 6, prophecy on shield 2"]
    if next_picker(state) < 0:
        state = replace(state, phase="sites")
        effects.append("every hero is picked: choose starting sites and place first quests")
    return state, effects


def _site_problem(site: int, rule: str) -> Verdict | None:
    if site not in data.QUEST_SITES:
        return Verdict.no(f"Quest sites are numbered 1 to 6, not {site}.", rule)
    return None


def check_start_site(state: BotState, act: StartSite) -> Verdict:
    problem = seat_problem(state, act.seat, "bot.setup.start-site") or _site_problem(
        act.site, "bot.setup.start-site"
    )
    if problem:
        return problem
    if state.phase != "sites":
        return Verdict.no(
            "Starting sites are chosen after every hero is picked.", "bot.setup.start-site"
        )
    if state.heroes[act.seat].place is not None:
        return Verdict.no(
            f"{who(state, act.seat)} has already chosen a site.", "bot.setup.start-site"
        )
    return Verdict.ok(
        f"{who(state, act.seat)} starts on quest site {act.site}.",
        "bot.setup.start-site",
        "bot.assume.start-site-order",
    )


def do_start_site(state: BotState, act: StartSite) -> tuple[BotState, Effects]:
    hero = replace(state.heroes[act.seat], place=Place("quest", site=act.site), inside=True)
    return _maybe_begin(with_hero(state, act.seat, hero))


def quest_site_problem(state: BotState, owner: int, site: int, rule: str) -> Verdict | None:
    """Why ``owner``'s next quest may not go on ``site`` (bot.setup.quests, bot.quest.next)."""
    problem = _site_problem(site, rule)
    if problem:
        return problem
    for seat, hero in enumerate(state.heroes):
        if hero.quest_site == site:
            return Verdict.no(f"Quest site {site} already holds {who(state, seat)}'s quest.", rule)
    if site in state.heroes[owner].shields:
        return Verdict.no(
            f"{who(state, owner)} already has a completed quest on shield {site}.",
            "bot.quest.next",
        )
    return None


def free_quest_sites(state: BotState, owner: int) -> list[int]:
    return [
        s for s in data.QUEST_SITES if quest_site_problem(state, owner, s, "bot.quest.next") is None
    ]


def check_place_quest(state: BotState, act: PlaceQuest) -> Verdict:
    problem = seat_problem(state, act.seat, "bot.quest.next")
    if problem:
        return problem
    owner = state.right_of(act.seat)
    if state.phase == "sites":
        waiting = [s for s in range(state.n) if state.heroes[s].place is None]
        if waiting:
            return Verdict.no(
                "Quest markers are handed left once every hero stands on her starting site; "
                f"{who(state, waiting[0])} has not chosen hers yet.",
                "bot.setup.quests",
                "bot.setup.start-site",
            )
        if state.heroes[owner].quest_site:
            return Verdict.no(
                f"{who(state, owner)}'s first quest is already placed.", "bot.setup.quests"
            )
        rule = "bot.setup.quests"
    elif state.phase == "play" and state.place_due == owner:
        rule = "bot.quest.next"
    else:
        due = state.place_due
        hint = (
            f" (now {who(state, state.left_of(due))} places {who(state, due)}'s)"
            if due >= 0
            else ""
        )
        return Verdict.no(
            f"{who(state, act.seat)} has no quest of {who(state, owner)}'s to place{hint}.",
            "bot.quest.next",
        )
    problem = quest_site_problem(state, owner, act.site, rule)
    if problem:
        return problem
    return Verdict.ok(
        f"{who(state, act.seat)} lays {who(state, owner)}'s quest face down on site {act.site}.",
        rule,
        "bot.assume.seats-clockwise",
    )


def do_place_quest(state: BotState, act: PlaceQuest) -> tuple[BotState, Effects]:
    owner = state.right_of(act.seat)
    hero = replace(
        state.heroes[owner],
        quest_site=act.site,
        quest_origin=act.site,
        quest=None,
        quest_underworld="",
    )
    state = with_hero(state, owner, hero)
    effects = [f"{who(state, owner)}'s quest: site {act.site} (face down)"]
    if state.phase == "play":
        state = replace(state, place_due=-1)
        return maybe_end_turn(state, effects), effects
    state, more = _maybe_begin(state)
    return state, effects + more


def _maybe_begin(state: BotState) -> tuple[BotState, Effects]:
    if all(h.place is not None and h.quest_site for h in state.heroes):
        first = state.play_order()[0]
        return replace(state, phase="play", turn=first, actions_used=0), [
            f"the game begins: {who(state, first)}'s turn"
        ]
    return state, []


HANDLERS: Handlers = {
    FirstSelector: (check_first_selector, do_first_selector),
    PickHero: (check_pick_hero, do_pick_hero),
    StartSite: (check_start_site, do_start_site),
    PlaceQuest: (check_place_quest, do_place_quest),
}
