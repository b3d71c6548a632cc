"""What a ``Play`` does: the card's printed action (changed by a Favor where one is played
with it), the Hero card, or a board-moving Favor, carried out step by step on a ``Sim``.

``resolve`` either returns the finished ``Sim`` with the rules it rests on, or raises
``Refusal`` naming the first broken rule. It does not look at whose turn it is (``turns``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.core.words import counted

from .actions import Play, Step
from .board import QUARRY
from .data import COLOURS, FateAction, cards
from .movement import Refusal, Sim
from .seats import board_of, colours_for, team_colours
from .state import FfState

ZEUS_SPACES = 10
FATE_FAVORS = ("poseidon", "dionysus")
ALONE_FAVORS = ("zeus", "apollo", "hestia", "ares", "athena")


@dataclass
class Resolved:
    sim: Sim
    rules: list[str]
    again: bool
    cards_used: int


def fate_action(state: FfState, card: int, option: int, favor: str) -> FateAction:
    """The printed action ``option`` of Fate ``card`` as ``favor`` changes it; raises
    ``Refusal`` for an unknown card, action or Favor combination."""
    if not 1 <= card <= len(state.fates):
        raise Refusal(f"Fate cards are numbered 1 to {len(state.fates)}.", "ff.cards.fates")
    fate = state.fates[card - 1]
    if not 0 <= option < len(fate.actions):
        raise Refusal(
            f"Fate #{card} has {counted(len(fate.actions), 'action')}; choose one of them.",
            "ff.cards.fates",
        )
    spec = fate.actions[option]
    if favor == "":
        return spec
    if favor not in FATE_FAVORS:
        raise Refusal(
            "Only Poseidon or Dionysus is played together with a Fate card.", "ff.favor.one"
        )
    if spec.start:
        raise Refusal(
            f"{favor.capitalize()} changes a movement; starting a column is not one.",
            f"ff.favor.{favor}",
        )
    if favor == "poseidon":
        return replace(spec, columns=2)
    flipped = {"forward": "backward", "backward": "forward", "either": "either"}
    return replace(spec, direction=flipped[spec.direction])  # type: ignore[arg-type]


def resolve(state: FfState, act: Play) -> Resolved:
    """Carry out ``act`` on a scratch board; raises ``Refusal``."""
    sim = Sim(board_of(state), state.columns, state.teams)
    if act.hero:
        if act.card != 0 or act.favor:
            raise Refusal("The Hero card is played on its own, instead of a card.", "ff.hero.card")
        _hero(state, sim, act)
        return Resolved(sim, ["ff.hero.card"], False, 0)
    if act.card == 0:
        return _favor_alone(state, sim, act)
    spec = fate_action(state, act.card, act.option, act.favor)
    rules = ["ff.cards.fates"]
    if act.favor:
        rules.append(f"ff.favor.{act.favor}")
    allowed = colours_for(state, act.seat, spec.whose)
    if spec.start:
        if len(act.steps) != 1:
            raise Refusal("Starting a column moves exactly one column.", "ff.start.new-column")
        step = act.steps[0]
        if step.start != QUARRY or step.spaces or step.bridge or step.temple or step.backward:
            raise Refusal(
                "Starting a column takes it from its quarry onto its quarry exit.",
                "ff.start.new-column",
            )
        _allowed(state, act.seat, step.colour, allowed, spec.whose)
        sim.start_column(sim.find(step.colour, QUARRY))
    else:
        if spec.columns > 1:
            rules.append("ff.move.share")
        _movement(state, sim, act, spec.spaces, spec.columns, spec.direction, allowed, spec.whose)
    favor = cards().favor(act.favor) if act.favor else None
    again = spec.again or bool(favor and favor.again)
    if again:
        rules.append("ff.turn.again")
    return Resolved(sim, rules, again, 2 if act.favor else 1)


def _allowed(state: FfState, seat: int, colour: int, allowed: tuple[int, ...], whose: str) -> None:
    """Refuse a step naming no colour at all, or a colour the action may not move."""
    if not 0 <= colour < len(COLOURS):
        raise Refusal(f"There is no colour number {colour}.", "ff.setup.colours")
    if colour not in allowed:
        names = ", ".join(COLOURS[c] for c in allowed) or "none"
        raise Refusal(
            f"This action moves {whose.upper()} columns ({names}), not {COLOURS[colour]}.",
            "ff.cards.whose",
        )


def _safe(state: FfState, sim: Sim, seat: int, slot: int) -> None:
    if sim.on_temple(slot) and slot // 4 not in team_colours(state, seat):
        raise Refusal(
            "Columns on their temple track are safe from rivals: no card moves them.",
            "ff.temple.safe",
        )


def _movement(
    state: FfState,
    sim: Sim,
    act: Play,
    total: int,
    max_columns: int,
    direction: str,
    allowed: tuple[int, ...],
    whose: str,
) -> None:
    steps = act.steps
    if not 1 <= len(steps) <= max_columns:
        if max_columns == 1:
            raise Refusal("This action moves exactly one column.", "ff.move.in-full")
        raise Refusal(f"This movement is shared among 1 to {max_columns} columns.", "ff.move.share")
    if sum(s.spaces for s in steps) != total or any(s.spaces < 1 for s in steps):
        raise Refusal(
            f"All {total} spaces must be used, each column moving at least one; a card's "
            "action is carried out in full.",
            "ff.move.in-full",
        )
    backward = {s.backward for s in steps}
    if len(backward) > 1:
        raise Refusal("Every part of one action moves the same way.", "ff.assume.either-one-way")
    if direction == "forward" and True in backward:
        raise Refusal("This action moves forward only.", "ff.move.forward")
    if direction == "backward" and False in backward:
        raise Refusal("This action moves backward only.", "ff.move.backward")
    used: set[int] = set()
    for step in steps:
        if step.to != -1:
            raise Refusal("A movement goes by spaces, not to a chosen space.", "ff.move.in-full")
        _allowed(state, act.seat, step.colour, allowed, whose)
        slot = sim.find(step.colour, step.start)
        if slot in used:
            raise Refusal("Each column takes part in a shared move once.", "ff.move.share")
        used.add(slot)
        _safe(state, sim, act.seat, slot)
        sim.move(slot, step)


def _hero(state: FfState, sim: Sim, act: Play) -> None:
    abilities = cards().heroes
    if not 0 <= act.option < len(abilities):
        raise Refusal(f"The Hero card has {len(abilities)} abilities.", "ff.hero.card")
    name = abilities[act.option].name
    team = team_colours(state, act.seat)
    parts = {"raise": ("raise",), "strike": ("strike",), "raise-strike": ("raise", "strike")}
    wanted = parts.get(name, ())
    if len(act.steps) != len(wanted):
        raise Refusal(
            f"The Hero card's {name} moves {counted(len(wanted), 'column')}.", "ff.hero.card"
        )
    for part, step in zip(wanted, act.steps, strict=True):
        _allowed(state, act.seat, step.colour, team, "team")
        if part == "raise":
            if step.start != QUARRY or step.to != -1 or step.spaces:
                raise Refusal("Raising takes a column from its quarry.", "ff.hero.card")
            sim.start_column(sim.find(step.colour, QUARRY))
            continue
        slot = sim.find(step.colour, step.start)
        b = sim.board
        target = sim.at.get(step.to)
        if step.spaces or step.bridge or step.backward or step.temple:
            raise Refusal("A strike goes straight onto its target.", "ff.hero.card")
        if not b.on_track(step.start) or target is None or not b.on_track(step.to):
            raise Refusal(
                "A strike moves a column on the main track onto another column there.",
                "ff.hero.card",
            )
        sim.place(slot, step.to, "ff.move.same-colour")


def _favor_alone(state: FfState, sim: Sim, act: Play) -> Resolved:
    favor = act.favor
    if favor not in ALONE_FAVORS:
        if favor in FATE_FAVORS:
            raise Refusal(f"{favor.capitalize()} is played with a Fate card.", "ff.favor.one")
        if not favor:
            raise Refusal("Name a Fate card, a Favor or the Hero card to play.", "ff.favor.one")
        raise Refusal(
            f"{favor.capitalize()} is not a card that moves columns on its own.", "ff.favor.one"
        )
    rule = f"ff.favor.{favor}"
    if act.option:
        # A Favor played alone has no printed action numbers to choose among: an action
        # naming one is malformed, not a second way of making the same play.
        raise Refusal(
            f"{favor.capitalize()} played alone has no action number to choose "
            f"(the play names action {act.option}).",
            rule,
        )
    b = sim.board
    if favor == "zeus":
        _movement(state, sim, act, ZEUS_SPACES, 16, "forward", (0, 1, 2, 3), "any")
    elif favor == "apollo":
        if len(act.steps) != 2:
            raise Refusal("Apollo swaps exactly two columns.", rule)
        slots = [sim.find(s.colour, s.start) for s in act.steps]
        if any(not b.on_track(s.start) for s in act.steps) or any(
            s.spaces or s.to != -1 or s.bridge or s.backward or s.temple for s in act.steps
        ):
            raise Refusal("Apollo swaps two columns standing on the main track.", rule)
        if slots[0] // 4 == slots[1] // 4:
            raise Refusal("Swapping two columns of one colour changes nothing.", rule)
        sim.swap(slots[0], slots[1])
    elif favor in ("hestia", "ares"):
        if len(act.steps) != 1:
            raise Refusal(f"{favor.capitalize()} acts on one column.", rule)
        step = act.steps[0]
        if step.spaces or step.to != -1 or step.bridge or step.backward or step.temple:
            raise Refusal(f"{favor.capitalize()} moves its column by itself.", rule)
        slot = sim.find(step.colour, step.start)
        if favor == "hestia":
            _allowed(state, act.seat, step.colour, team_colours(state, act.seat), "team")
            if sim.on_temple(slot):
                raise Refusal("Hestia moves a column from the quarry or the main track.", rule)
            sim.place(slot, b.gates[step.colour], rule)
        else:
            rivals = colours_for(state, act.seat, "rival")
            _allowed(state, act.seat, step.colour, rivals, "rival")
            if not b.on_track(step.start):
                raise Refusal("Ares sends back only a column on the main track.", rule)
            sim.to_quarry(slot)
    else:
        _athena(state, sim, act)
    sim.rules.add(rule)
    return Resolved(sim, [rule], False, 1)


def _athena(state: FfState, sim: Sim, act: Play) -> None:
    """Undo what a rival's whole turn did to ``act.seat``'s team (ff.favor.athena).

    The team's columns go back to where they stood when that turn began. A rival column
    Apollo swapped with one of them goes back to its own place, as the swap is undone; a
    rival column standing where a team column returns hit it, and stands in front of it
    instead (ff.assume.athena-placement)."""
    rule = "ff.favor.athena"
    team = team_colours(state, act.seat)
    if act.steps:
        raise Refusal("Athena undoes by herself; name no columns.", rule)
    if not state.before or state.last_seat < 0 or state.last_seat == act.seat:
        raise Refusal("Athena answers a rival's turn; there is none to undo.", rule)
    if state.seat_colours[state.last_seat][0] in team:
        raise Refusal("Athena answers a rival's turn, not a teammate's.", rule)
    if state.again:
        raise Refusal(
            f"Athena waits until {state.players[state.last_seat]} has finished the whole "
            "turn, extra turns included.",
            rule,
        )
    changed = [
        c for c in team if state.before[c * 4 : c * 4 + 4] != state.columns[c * 4 : c * 4 + 4]
    ]
    if not changed:
        raise Refusal("That turn did not move or hit any of your team's columns.", rule)
    b = sim.board
    returning = {space for c in changed for space in state.before[c * 4 : c * 4 + 4]}
    # a swap partner goes back to its own side of the swap (where the team column stands)
    swapped_back: dict[int, int] = {}
    for x, y in state.swaps:
        for there, home in ((x, y), (y, x)):
            if there in returning and home not in returning:
                swapped_back[there] = home
    # lift the team's columns, put them back where they were, then make room in front
    for c in changed:
        for slot in range(c * 4, c * 4 + 4):
            sim.to_quarry(slot)
    for c in changed:
        for slot, space in zip(
            range(c * 4, c * 4 + 4), state.before[c * 4 : c * 4 + 4], strict=True
        ):
            bumped = sim.at.get(space) if space != QUARRY else None
            sim.pos[slot] = space
            if space != QUARRY:
                sim.at[space] = slot
            if bumped is None:
                continue
            spot = swapped_back.get(space)
            if spot is not None and spot not in sim.at:
                sim.rules.add("ff.favor.apollo")
            else:
                spot = b.ahead(space, bumped // 4, False)
                while spot is not None and spot in sim.at:
                    spot = b.ahead(spot, bumped // 4, False)
                assert spot is not None  # the main track is a loop with free spaces
                sim.rules.add("ff.assume.athena-placement")
            sim.pos[bumped] = spot
            sim.at[spot] = bumped


def steps_text(state: FfState, steps: tuple[Step, ...]) -> str:
    b = board_of(state)
    parts = []
    for s in steps:
        what = f"{COLOURS[s.colour]} from {b.name(s.start)}"
        if s.spaces:
            what += f" {s.spaces} {'back' if s.backward else 'forward'}"
        if s.bridge:
            what += " over the bridge"
        if s.temple:
            what += " into the temple track"
        if s.to != -1:
            what += f" onto {b.name(s.to)}"
        parts.append(what)
    return "; ".join(parts)
