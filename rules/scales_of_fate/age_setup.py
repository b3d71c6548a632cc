"""Scales of Fate: dealing the secret demigods and laying out each Age's board.

Age 1 is entered in full (nine quests, the action tiles, the Age card); later Ages bring only
a new special quest, which takes the old special quest's place, plus new tiles and card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace

from rules.core import Verdict

from . import deduction
from .actions import DealDemigods, SetupAge
from .components import (
    MAX_ACTION_TILES,
    MAX_PRINTED_CHANGE,
    TILE_ACTIONS,
    TILE_POSITIONS,
    count,
)
from .guards import Effects, Handlers, blocked, pair_problem, seat_problem
from .state import Criterion, PlacedQuest, Quest, SofState, Tile, TileSpec


def check_deal(state: SofState, act: DealDemigods) -> Verdict:
    problem = seat_problem(act.seat)
    if problem:
        return problem
    if state.phase != "deal":
        return Verdict.no("The demigods were dealt at the start of the game.", "sof.setup.deal")
    if state.hands[act.seat]:
        return Verdict.no(
            f"{state.players[act.seat]} already has their two demigods.", "sof.setup.deal"
        )
    problem = pair_problem(act.demigods, "sof.setup.deal")
    if problem:
        return problem
    return Verdict.ok(
        f"{state.players[act.seat]} keeps two demigods from their own deck, hidden.",
        "sof.setup.deal",
    )


def do_deal(state: SofState, act: DealDemigods) -> tuple[SofState, Effects]:
    hands = list(state.hands)
    hands[act.seat] = act.demigods
    new = replace(state, hands=(hands[0], hands[1]))
    effects = [f"{state.players[act.seat]} has two secret demigods."]
    if all(new.hands):
        new = replace(new, phase="setup")
        effects.append("Both hands are dealt: lay out Age 1.")
    return new, effects


def check_setup(state: SofState, act: SetupAge) -> Verdict:
    if state.phase != "setup":
        return blocked(state)
    if act.age != state.age:
        return Verdict.no(
            f"The table is setting up Age {state.age}, not {act.age}.", "sof.setup.age"
        )
    problem = quest_problem(state, act.quests)
    if problem:
        return problem
    problem = tile_problem(act.tiles)
    if problem:
        return problem
    for label, value in (("left", act.abyss_left), ("right", act.abyss_right)):
        if not -MAX_PRINTED_CHANGE <= value <= MAX_PRINTED_CHANGE:
            return Verdict.no(
                f"The Abyss {label} outcome {value} is beyond the renown track.",
                "sof.setup.age",
            )
    criterion_problem = deduction.criterion_problem(act.criterion)
    if criterion_problem:
        return Verdict.no(
            f"The Age card's question: {criterion_problem}.", "sof.deduction.criterion"
        )
    rules = ["sof.setup.age", "sof.setup.quests", "sof.setup.tiles"]
    if state.age > 1:
        rules += ["sof.new-age.special", "sof.new-age.first-player"]
    return Verdict.ok(f"Age {state.age} is laid out as entered.", *rules)


def quest_problem(state: SofState, quests: tuple[PlacedQuest, ...]) -> Verdict | None:
    rule = "sof.setup.quests"
    for q in quests:
        if not (0 <= q.row <= 2 and 0 <= q.col <= 2):
            return Verdict.no(f"Quest at row {q.row}, column {q.col} is off the 3×3 grid.", rule)
        if not -MAX_PRINTED_CHANGE <= q.change <= MAX_PRINTED_CHANGE:
            return Verdict.no(f"A quest change of {q.change} is beyond the renown track.", rule)
    if state.age > 1 and len(quests) == 1:
        if not quests[0].special:
            return Verdict.no(
                "A new Age brings only a new special quest; mark it as special.",
                "sof.new-age.special",
            )
        return None
    if len(quests) != 9:
        need = "nine quests" if state.age == 1 else "the new special quest, or all nine quests"
        given = f"{len(quests)} was" if len(quests) == 1 else f"{len(quests)} were"
        return Verdict.no(f"Enter {need}; {given} given.", rule)
    cells = {(q.row, q.col) for q in quests}
    if len(cells) != 9:
        return Verdict.no("Two quests were given for the same spot.", rule)
    specials = sum(q.special for q in quests)
    if specials != 1:
        return Verdict.no(f"Exactly one quest is special (red back), not {specials}.", rule)
    return None


def tile_problem(tiles: tuple[TileSpec, ...]) -> Verdict | None:
    rule = "sof.setup.tiles"
    if not 1 <= len(tiles) <= MAX_ACTION_TILES:
        return Verdict.no(
            f"An Age uses 1 to {MAX_ACTION_TILES} action tiles; "
            f"{len(tiles)} {'was' if len(tiles) == 1 else 'were'} given.",
            rule,
        )
    seen: set[str] = set()
    for t in tiles:
        if t.position not in TILE_POSITIONS:
            return Verdict.no(
                f"{t.position[:20]!r} is not a tile position (h00-h21, v00-v12).", rule
            )
        if t.position in seen:
            return Verdict.no(f"Two tiles were given for position {t.position}.", rule)
        seen.add(t.position)
    return None


def do_setup(state: SofState, act: SetupAge) -> tuple[SofState, Effects]:
    effects: Effects = []
    if len(act.quests) == 9:
        quests = {f"{q.row}{q.col}": q.quest() for q in act.quests}
    else:
        quests, moved = swap_special(state.quests, act.quests[0])
        effects.extend(moved)
    tiles = tuple(Tile(t.position, t.action) for t in act.tiles)
    new = replace(
        state,
        phase="play",
        quests=quests,
        tiles=tiles,
        abyss_left=act.abyss_left,
        abyss_right=act.abyss_right,
        criterion=act.criterion,
        turn=state.first_player,
        passed=(False, False),
    )
    effects.append(
        f"Age {state.age} begins with {count(len(tiles), 'action tile')}; "
        f"{state.players[state.first_player]} goes first."
    )
    return new, effects


def swap_special(quests: Mapping[str, Quest], new: PlacedQuest) -> tuple[dict[str, Quest], Effects]:
    out = dict(quests)
    old_key = next(k for k, q in quests.items() if q.special)
    new_key = f"{new.row}{new.col}"
    del out[old_key]
    effects = ["The old special quest is discarded."]
    if new_key != old_key:
        displaced = out.pop(new_key)
        out[old_key] = displaced
        effects.append(
            f"The regular quest at row {new.row + 1}, column {new.col + 1} moves to the "
            f"old special spot (row {int(old_key[0]) + 1}, column {int(old_key[1]) + 1})."
        )
    out[new_key] = new.quest()
    return out, effects


def random_setup(state: SofState, rng: random.Random) -> SetupAge:
    """A plausible random layout for the Age ``state`` is setting up (for demos and tests):
    nine quests in Age 1, a new special quest later, 3-7 tiles, a simple question."""
    if state.age == 1:
        special = (rng.randrange(3), rng.randrange(3))
        quests = tuple(
            PlacedQuest(r, c, rng.random() < 0.5, (r, c) == special, rng.choice((-2, -1, 1, 2, 3)))
            for r in range(3)
            for c in range(3)
        )
    else:
        quests = (
            PlacedQuest(
                rng.randrange(3),
                rng.randrange(3),
                rng.random() < 0.5,
                True,
                rng.choice((-3, -2, 2, 3)),
            ),
        )
    positions = rng.sample(sorted(TILE_POSITIONS), rng.randrange(3, MAX_ACTION_TILES + 1))
    tiles = tuple(TileSpec(p, rng.choice(TILE_ACTIONS)) for p in positions)
    low = rng.randrange(0, 12)
    criterion = rng.choice(
        (
            Criterion(min_renown=low, max_renown=low + 2),
            Criterion(place="abyss"),
            Criterion(place="tile", next_to=rng.choice(("special", "dark", "light"))),
            Criterion(text="Demigods beside a fallen hero", manual=True),
        )
    )
    return SetupAge(
        age=state.age,
        quests=quests,
        tiles=tiles,
        abyss_left=rng.choice((-3, -2, -1)),
        abyss_right=rng.choice((1, 2, 3)),
        criterion=criterion,
    )


HANDLERS: Handlers = {
    DealDemigods: (check_deal, do_deal),
    SetupAge: (check_setup, do_setup),
}
