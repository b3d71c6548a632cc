"""Scales of Fate: hand corrections (counters the table may set directly) and the
consistency rules every state must keep, whatever was corrected.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from . import deduction
from .components import (
    ABYSS_LEFT,
    ABYSS_NAMES,
    ABYSS_RIGHT,
    AGES,
    DEMIGODS,
    GOD_POWERS,
    MAX_PRINTED_CHANGE,
    RENOWN_MAX,
    RENOWN_MIN,
    SERVANT_TOKENS,
    SLOTS,
)
from .state import SofState


def counters(state: SofState) -> Mapping[str, tuple[int, int]]:
    out: dict[str, tuple[int, int]] = {f"renown.{d}": (RENOWN_MIN, RENOWN_MAX) for d in DEMIGODS}
    out["abyss.marker"] = (ABYSS_LEFT, ABYSS_RIGHT)
    out["abyss.left"] = (-MAX_PRINTED_CHANGE, MAX_PRINTED_CHANGE)
    out["abyss.right"] = (-MAX_PRINTED_CHANGE, MAX_PRINTED_CHANGE)
    for key in sorted(state.quests):
        out[f"quest.{key}.change"] = (-MAX_PRINTED_CHANGE, MAX_PRINTED_CHANGE)
    return out


def counter_values(state: SofState) -> Mapping[str, int]:
    out = {f"renown.{d}": state.renown[d] for d in DEMIGODS}
    out["abyss.marker"] = state.abyss_marker
    out["abyss.left"] = state.abyss_left
    out["abyss.right"] = state.abyss_right
    for key in sorted(state.quests):
        out[f"quest.{key}.change"] = state.quests[key].change
    return out


def set_counter(state: SofState, counter: str, value: int) -> SofState:
    """``state`` with ``counter`` set to ``value``. A renown correction during the yes/no
    step also works the Age's record out again (``recheck_age_record``)."""
    if counter.startswith("renown."):
        renown = dict(state.renown)
        renown[counter.removeprefix("renown.")] = value
        return recheck_age_record(replace(state, renown=renown))
    if counter == "abyss.marker":
        return replace(state, abyss_marker=value)
    if counter == "abyss.left":
        return replace(state, abyss_left=value)
    if counter == "abyss.right":
        return replace(state, abyss_right=value)
    key = counter.removeprefix("quest.").removesuffix(".change")
    quests = dict(state.quests)
    quests[key] = replace(quests[key], change=value)
    return replace(state, quests=quests)


def recheck_age_record(state: SofState) -> SofState:
    """During the yes/no step or the final guesses, the last Age's record made to agree
    with the board again (``sof.assume.correction-rechecks-answers``): the demigods that
    fit the question are worked out from the corrected renown, and an answer already given
    that the board no longer bears out is taken back, so that seat answers again. During the
    final guesses that reopens Age 3's yes/no step, and a guess already locked in is taken
    back with it (it was made on the old clue). Other phases: unchanged."""
    if state.phase not in ("announce", "guess") or not state.history:
        return state
    record = state.history[-1]
    answers = tuple(
        None
        if said is not None and deduction.true_answer(state, seat) not in (None, said)
        else said
        for seat, said in enumerate(record.answers)
    )
    record = replace(
        record,
        fitting=deduction.fitting(state, record.criterion),
        answers=(answers[0], answers[1]),
    )
    state = replace(state, history=(*state.history[:-1], record))
    if state.phase == "guess" and None in answers:
        state = replace(state, phase="announce", guesses=((), ()))
    return state


def invariants(state: SofState) -> list[str]:
    problems: list[str] = []
    if set(state.renown) != set(DEMIGODS) or set(state.where) != set(DEMIGODS):
        problems.append("renown and places must list exactly the nine demigods")
        return problems
    for d in DEMIGODS:
        if not RENOWN_MIN <= state.renown[d] <= RENOWN_MAX:
            problems.append(f"{d} has renown {state.renown[d]}, outside 0-14")
    positions = {t.position for t in state.tiles}
    if len(positions) != len(state.tiles):
        problems.append("two action tiles share a position")
    on_tiles: dict[str, str] = {}
    for d in DEMIGODS:
        place = state.where[d]
        if place in ("off", "abyss"):
            continue
        if place not in positions:
            problems.append(f"{d} stands on {place!r}, which is no action tile this Age")
        elif place in on_tiles:
            problems.append(f"{d} and {on_tiles[place]} share a tile")
        on_tiles[place] = d
    if set(state.servants) != set(SERVANT_TOKENS):
        problems.append("the four servant tokens must each be somewhere")
    slots_used: set[str] = set()
    for token, place in state.servants.items():
        if place in SLOTS:
            if place in slots_used:
                problems.append(f"two servants share slot {place}")
            slots_used.add(place)
        elif place not in ("supply", "held-0", "held-1"):
            problems.append(f"servant {token} is at unknown place {place!r}")
    between_ages = state.phase in ("deal", "setup")
    if between_ages and any(p != "supply" for p in state.servants.values()):
        problems.append("servants must be in the supply between Ages")
    if set(state.god_powers) != set(GOD_POWERS):
        problems.append("the three god power tokens must each be accounted for")
    for power, used in state.god_powers.items():
        if used not in (None, 0, 1):
            problems.append(f"god power {power} used by unknown seat {used}")
    for s in (0, 1):
        for label, pair in (("demigods", state.hands[s]), ("guess", state.guesses[s])):
            if pair and (len(pair) != 2 or len(set(pair)) != 2 or not set(pair) <= set(DEMIGODS)):
                problems.append(f"seat {s}'s {label} must be two different demigods")
    if state.abyss_marker not in ABYSS_NAMES:
        problems.append(f"Abyss marker at {state.abyss_marker}, not left/middle/right")
    if not 1 <= state.age <= AGES:
        problems.append(f"Age {state.age} does not exist")
    if state.quests and (
        len(state.quests) != 9 or sum(q.special for q in state.quests.values()) != 1
    ):
        problems.append("the board needs nine quests with exactly one special")
    if state.phase == "play" and not state.tiles:
        problems.append("an Age in play has no action tiles")
    return problems
