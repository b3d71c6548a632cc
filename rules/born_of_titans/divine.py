"""Born of Titans: divine counters (bot.divine.*). They are kept face down, so which ones a
player holds is known only on her own phone (see ``redact``); the others see how many."""

from __future__ import annotations

from dataclasses import replace

from rules.core import Verdict

from . import data
from .actions import PlayDivine
from .challenge import defeat, win
from .guards import Effects, Handlers, seat_problem, set_crew, who, with_hero
from .state import BotState

RULES = {
    "athena": "bot.divine.athena",
    "aphrodite": "bot.divine.aphrodite",
    "ares": "bot.divine.ares",
    "hera": "bot.divine.hera",
    "muses": "bot.divine.muses",
    "fates": "bot.divine.fates",
    "furies": "bot.divine.furies",
}


def check_divine(state: BotState, act: PlayDivine) -> Verdict:
    problem = seat_problem(state, act.seat, "bot.divine.play") or seat_problem(
        state, act.target, "bot.divine.play"
    )
    if problem:
        return problem
    if state.phase != "play":
        return Verdict.no(
            "Divine counters are played once the game is under way.", "bot.divine.play"
        )
    if act.divine not in data.DIVINE_KINDS:
        return Verdict.no("Name the divine counter played.", "bot.divine.play")
    if act.pair and act.divine not in data.GODS:
        return Verdict.no(
            f"{act.divine.capitalize()} is played one at a time.",
            "bot.divine.play",
            RULES[act.divine],
        )
    count = 2 if act.pair else 1
    held = state.heroes[act.seat].divine.count(act.divine)
    if held < count:
        return Verdict.no(
            f"{who(state, act.seat)} does not hold {count} {act.divine.capitalize()}.",
            "bot.divine.play",
        )
    rule = RULES[act.divine]
    ch = state.challenge
    target = who(state, act.target)
    if act.divine == "furies":
        if act.target == act.seat:
            return Verdict.no("The Furies are sent against another hero.", rule)
        mine = len(state.heroes[act.seat].shields)
        theirs = len(state.heroes[act.target].shields)
        if state.hubris != act.target and theirs <= mine:
            return Verdict.no(
                f"{target} holds no Hubris and has not completed more quests than "
                f"{who(state, act.seat)}.",
                rule,
            )
        return Verdict.ok(f"Two of {target}'s crew die.", rule, "bot.divine.play")
    if act.divine == "hera":
        if act.target != act.seat:
            return Verdict.no("Hera is played on her owner.", rule)
        if state.hubris == act.seat:
            return Verdict.ok(
                f"{target} throws away Hubris.", rule, "bot.divine.play", "bot.assume.hubris-gone"
            )
    if act.pair and act.divine in ("aphrodite", "ares"):
        if ch is None or ch.seat != act.target:
            return Verdict.no(f"{target} is not in a challenge.", rule)
        text = (
            f"{ch.foe.name} counts as beaten."
            if act.divine == "aphrodite"
            else f"{ch.foe.name} kills three crew per strike."
        )
        return Verdict.ok(text, rule, "bot.divine.play")
    if act.pair and act.divine == "athena":
        if state.heroes[act.target].athena:
            return Verdict.no(f"Two Athenas already wait for {target}'s next fight.", rule)
        return Verdict.ok(
            f"In her next fight {target} may use any attribute.",
            rule,
            "bot.assume.athena-next-fight",
        )
    if act.divine in ("muses", "fates"):
        return Verdict.ok(
            f"{act.divine.capitalize()} played; enter the dice as they now stand.",
            rule,
            "bot.assume.dice-entered",
        )
    return Verdict.ok(
        f"{act.divine.capitalize()} played; apply what the crew sheet says by correction.",
        "bot.divine.play",
        "bot.assume.single-gods",
    )


def do_divine(state: BotState, act: PlayDivine) -> tuple[BotState, Effects]:
    hero = state.heroes[act.seat]
    held = list(hero.divine)
    for _ in range(2 if act.pair else 1):
        held.remove(act.divine)
    state = with_hero(state, act.seat, replace(hero, divine=tuple(held)))
    name = who(state, act.seat)
    target = who(state, act.target)
    effects: Effects = [
        f"{name} plays {'two ' if act.pair else ''}{act.divine.capitalize()} on {target}"
    ]
    ch = state.challenge
    if act.divine == "furies":
        state = set_crew(state, act.target, state.heroes[act.target].crew - 2, effects)
        if ch is not None and ch.seat == act.target and state.heroes[act.target].crew == 0:
            state = defeat(state, act.target, effects)
    elif act.divine == "hera" and state.hubris == act.seat:
        state = replace(state, hubris=-1)
        effects.append(f"{name} throws away Hubris")
    elif act.pair and act.divine == "aphrodite" and ch is not None:
        state = win(state, effects)
    elif act.pair and act.divine == "ares" and ch is not None:
        state = replace(state, challenge=replace(ch, ares=True))
    elif act.pair and act.divine == "athena":
        state = with_hero(state, act.target, replace(state.heroes[act.target], athena=True))
    return state, effects


HANDLERS: Handlers = {PlayDivine: (check_divine, do_divine)}
