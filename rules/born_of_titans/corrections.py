"""Born of Titans: counters a correction may set, invariants, structure checks, redaction."""

from __future__ import annotations

from dataclasses import replace

from . import consistency, data
from .guards import set_crew
from .state import BotState


def counters(state: BotState) -> dict[str, tuple[int, int]]:
    """Each hero's crew and prophecy shields, 0..6 (bot.setup.sheets)."""
    out: dict[str, tuple[int, int]] = {}
    for name in state.players:
        out[f"{name} crew"] = (0, data.MAX_CREW)
        out[f"{name} prophecy"] = (0, data.MAX_PROPHECY)
    return out


def counter_values(state: BotState) -> dict[str, int]:
    out: dict[str, int] = {}
    for name, hero in zip(state.players, state.heroes, strict=True):
        out[f"{name} crew"] = hero.crew
        out[f"{name} prophecy"] = hero.prophecy
    return out


def set_counter(state: BotState, counter: str, value: int) -> BotState:
    for seat, name in enumerate(state.players):
        if counter == f"{name} crew":
            if value == 0:  # an empty ship loses gear and ally (bot.turn.no-crew)
                return set_crew(state, seat, value, [])
            heroes = list(state.heroes)
            heroes[seat] = replace(heroes[seat], crew=value)
            state = replace(state, heroes=tuple(heroes))
            if state.phase == "play" and seat == state.turn and state.actions_used == 0:
                # Fixed before she acted: the turn starts with the crew the box shows, so a
                # 0 the app had wrong does not cost her an action (bot.turn.no-crew).
                state = replace(state, crewless_turn=False)
            return state
        if counter == f"{name} prophecy":
            heroes = list(state.heroes)
            heroes[seat] = replace(heroes[seat], prophecy=value)
            return replace(state, heroes=tuple(heroes))
    raise KeyError(counter)


def invariants(state: BotState) -> list[str]:
    out: list[str] = []
    sites: dict[int, int] = {}
    for seat, hero in enumerate(state.heroes):
        name = state.players[seat] if seat < len(state.players) else f"seat {seat}"
        if not 0 <= hero.crew <= data.MAX_CREW:
            out.append(f"{name}'s crew {hero.crew} is outside 0..6")
        if not 0 <= hero.prophecy <= data.MAX_PROPHECY:
            out.append(f"{name}'s prophecy {hero.prophecy} is outside 0..6")
        if any(s not in data.QUEST_SITES for s in hero.shields):
            out.append(f"{name} has a quest on a shield other than 1..6")
        if len(hero.shields) > data.QUESTS_TO_WIN:
            out.append(f"{name} has more than three completed quests")
        if hero.quest_site:
            if hero.quest_site not in data.QUEST_SITES:
                out.append(f"{name}'s quest is on site {hero.quest_site}, not 1..6")
            if hero.quest_site in hero.shields:
                out.append(f"{name}'s quest is on a site she already completed")
            if hero.quest_site in sites:
                out.append(f"two quests share site {hero.quest_site}")
            sites[hero.quest_site] = seat
        if (seat in state.finished) != (len(hero.shields) >= data.QUESTS_TO_WIN):
            out.append(f"{name}'s finish does not match her three quests")
    if len(set(state.finished)) != len(state.finished):
        out.append("a hero finished twice")
    if not -1 <= state.hubris < state.n:
        out.append("Hubris is held by a seat that does not exist")
    if state.phase == "play" and not 0 <= state.turn < state.n:
        out.append("no valid turn during play")
    ch = state.challenge
    if ch is not None:
        if ch.seat != state.turn:
            out.append("a challenge is fought outside its hero's turn")
        if ch.successes >= ch.need:
            out.append("a challenge goes on after its foe was beaten")
        if len(ch.losses) != len(ch.rolls) or sum(ch.losses) != ch.crew_lost:
            out.append("a challenge's crew losses do not match its rolls")
    if state.phase == "over" and not state.finished:
        out.append("the game is over without a winner")
    return out


def state_problems(state: BotState) -> list[str]:
    """Structure the types cannot express: seat numbers first, then everything
    ``consistency.state_problems`` knows a played game keeps."""
    if not 2 <= len(state.players) <= 4:
        return ["Born of Titans has 2 to 4 players"]
    if len(state.heroes) != len(state.players):
        return ["one crew sheet per player is needed"]
    if state.first_selector >= state.n or state.turn >= state.n:
        return ["a seat number is out of range"]
    for seat in (state.refill_due, state.place_due, *state.finished):
        if not -1 <= seat < state.n:
            return ["a seat number is out of range"]
    if state.challenge is not None and not 0 <= state.challenge.seat < state.n:
        return ["a challenge names a seat that does not exist"]
    return consistency.state_problems(state)


def redact(state: BotState, seat: int | None) -> BotState:
    """Other seats' divine counters become ``hidden`` (their number stays visible)."""
    heroes = tuple(
        h if s == seat else replace(h, divine=tuple("hidden" for _ in h.divine))
        for s, h in enumerate(state.heroes)
    )
    return replace(state, heroes=heroes)
