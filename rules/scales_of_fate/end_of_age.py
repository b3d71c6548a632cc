"""Scales of Fate: the end of an Age and the yes/no announcements that follow it.

``end_age`` scores the Abyss and records which demigods fit the Age card's question;
both players then announce, and the last answer either starts the next Age (clearing the
board and handing the first player marker on) or, after Age 3, opens the final guesses.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core import Verdict

from . import board, deduction
from .actions import Announce
from .components import (
    ABYSS_LEFT,
    ABYSS_MIDDLE,
    ABYSS_NAMES,
    ABYSS_RIGHT,
    AGES,
    DEMIGODS,
    SERVANT_TOKENS,
)
from .guards import Effects, Handlers, blocked, seat_problem
from .state import AgeRecord, Criterion, SofState


def end_age(state: SofState, effects: Effects) -> tuple[SofState, Effects]:
    """Close the Age in ``state``: the Abyss scores by its marker, the Age card's answers
    are recorded, and the announcements begin. Extends and returns ``effects``."""
    effects.append(f"Age {state.age} ends.")
    marker = state.abyss_marker
    change = {ABYSS_LEFT: state.abyss_left, ABYSS_RIGHT: state.abyss_right}.get(marker, 0)
    in_abyss = [d for d in DEMIGODS if state.where[d] == "abyss"]
    renown = state.renown
    if not in_abyss:
        effects.append("Nobody is in the Abyss.")
    elif marker == ABYSS_MIDDLE:
        effects.append("The Abyss marker sits in the middle: the Abyss changes nothing.")
    else:
        renown, lines = board.apply_changes(state.renown, dict.fromkeys(in_abyss, change))
        effects.append(f"The Abyss ({ABYSS_NAMES[marker]}, {change:+d}) scores:")
        effects.extend(lines)
    new = replace(state, renown=renown)
    record = AgeRecord(
        age=state.age,
        criterion=state.criterion,
        fitting=deduction.fitting(new, state.criterion),
    )
    effects.append("Both players now announce yes or no for the Age card's question.")
    return replace(new, phase="announce", history=(*state.history, record)), effects


def check_announce(state: SofState, act: Announce) -> Verdict:
    problem = seat_problem(act.seat)
    if problem:
        return problem
    if state.phase != "announce":
        return blocked(state)
    if state.history[-1].answers[act.seat] is not None:
        return Verdict.no(f"{state.players[act.seat]} has already answered.", "sof.age.announce")
    truth = deduction.true_answer(state, act.seat)
    word = "yes" if act.fits else "no"
    if truth is not None and truth != act.fits:
        right = "yes" if truth else "no"
        return Verdict.no(
            f"By the board, {state.players[act.seat]}'s answer is {right}, not {word}.",
            "sof.age.announce",
            "sof.assume.honest-answers",
        )
    return Verdict.ok(f"{state.players[act.seat]} answers {word}.", "sof.age.announce")


def do_announce(state: SofState, act: Announce) -> tuple[SofState, Effects]:
    record = state.history[-1]
    answers = list(record.answers)
    answers[act.seat] = act.fits
    record = replace(record, answers=(answers[0], answers[1]))
    new = replace(state, history=(*state.history[:-1], record))
    effects = [f"{state.players[act.seat]} announces {'yes' if act.fits else 'no'}."]
    if any(a is None for a in answers):
        return new, effects
    if state.age == AGES:
        effects.append("Age 3 is complete: both players make their final guess.")
        return replace(new, phase="guess"), effects
    first = 1 - state.first_player
    new = replace(
        new,
        phase="setup",
        age=state.age + 1,
        first_player=first,
        turn=first,
        passed=(False, False),
        where=dict.fromkeys(DEMIGODS, "off"),
        servants=dict.fromkeys(SERVANT_TOKENS, "supply"),
        tiles=(),
        abyss_marker=ABYSS_MIDDLE,
        abyss_left=0,
        abyss_right=0,
        criterion=Criterion(),
    )
    effects += [
        "The board is cleared: demigods, tiles and servants come off, the Abyss marker "
        "returns to the middle.",
        f"{state.players[first]} takes the first player marker for Age {state.age + 1}.",
    ]
    return new, effects


HANDLERS: Handlers = {
    Announce: (check_announce, do_announce),
}
