"""Every distinct outcome of a card: what ``legal_actions`` lists and ``python -m rules
moves`` prints.

For one card (with its Favor) the search tries every column the action may move, every
split of a shared movement, both directions where allowed, the bridge where the column
starts on one and turning in at its gate where it passes it, applying each part on a
scratch board in order. Plays that end with the same board are one outcome: the first found
is kept as its representative.
"""

from __future__ import annotations

from collections.abc import Iterator

from . import zeus
from .actions import Play, Step
from .board import QUARRY, Board
from .data import FateAction
from .movement import Refusal, Sim, route
from .plays import ZEUS_SPACES, fate_action
from .seats import board_of, colours_for, team_colours
from .state import FfState, Hit


def outcomes(state: FfState, seat: int, card: int, favor: str = "") -> list[Play]:
    """One ``Play`` per distinct end for Fate ``card`` (every printed action) with
    ``favor`` ("" for none), or for a Favor alone (``card`` 0: Zeus, Apollo, Hestia,
    Ares, Athena) or the Hero card (``card`` 0, ``favor`` "hero"). An end is the board
    after the play and, for a Fate, whether the turn goes on (ff.turn.again): "1 forward"
    and "1 forward, then take another turn" are two outcomes."""
    found: dict[tuple[int, ...], Play] = {}
    for play, columns in _plays(state, seat, card, favor):
        found.setdefault(columns, play)
    return list(found.values())


def has_outcome(state: FfState, seat: int, card: int, favor: str = "") -> bool:
    """Whether ``outcomes`` would list anything, stopping at the first outcome found."""
    if card == 0 and favor == "zeus":
        return zeus.playable(state, seat)
    return next(_plays(state, seat, card, favor), None) is not None


def zeus_plays(state: FfState, seat: int) -> Iterator[tuple[Play, tuple[int, ...]]]:
    """Every distinct end position of Zeus over every split, lazily, with its board (the
    full enumeration: see ``zeus`` for the split-first API the screen uses)."""
    sim = Sim(board_of(state), state.columns, state.teams)
    for steps, columns in _split(
        sim,
        (0, 1, 2, 3),
        team_colours(state, seat),
        ZEUS_SPACES,
        16,
        False,
        (),
        frozenset(),
        set(),
        set(),
    ):
        yield Play(seat, 0, 0, "zeus", False, steps), columns


class _NoEnds(set[tuple[int, ...]]):
    """An ``ends`` record that keeps nothing, so a search yields every play however it
    ends (``every_play``), not only the first to reach each end."""

    def __contains__(self, end: object) -> bool:
        return False

    def add(self, end: tuple[int, ...]) -> None:
        pass


def _plays(
    state: FfState, seat: int, card: int, favor: str, *, distinct: bool = True
) -> Iterator[tuple[Play, tuple[int, ...]]]:
    sim = Sim(board_of(state), state.columns, state.teams)
    if card == 0 and favor == "hero":
        yield from _hero(state, seat, sim)
        return
    if card == 0:
        yield from _favor(state, seat, sim, favor)
        return
    if not 1 <= card <= len(state.fates):
        return
    # One outcome per end over every action; an action that also grants another turn
    # (ff.turn.again) ends differently from one that does not, so each keeps its own ends.
    ends: dict[bool, set[tuple[int, ...]]] = (
        {False: set(), True: set()} if distinct else {False: _NoEnds(), True: _NoEnds()}
    )
    for option in range(len(state.fates[card - 1].actions)):
        try:
            spec = fate_action(state, card, option, favor)
        except Refusal:
            continue
        for steps, columns in _action(state, seat, sim, spec, ends[spec.again]):
            yield Play(seat, card, option, favor, False, steps), (*columns, int(spec.again))


def _action(
    state: FfState, seat: int, sim: Sim, spec: FateAction, ends: set[tuple[int, ...]]
) -> Iterator[tuple[tuple[Step, ...], tuple[int, ...]]]:
    colours = colours_for(state, seat, spec.whose)
    if spec.start:
        for c in colours:
            if QUARRY in state.columns[c * 4 : c * 4 + 4]:
                trial = sim.copy()
                try:
                    trial.start_column(trial.find(c, QUARRY))
                except Refusal:
                    continue
                yield (Step(c, QUARRY),), trial.columns()
        return
    ways = {"forward": (False,), "backward": (True,), "either": (False, True)}[spec.direction]
    team = team_colours(state, seat)
    for backward in ways:
        yield from _split(
            sim, colours, team, spec.spaces, spec.columns, backward, (), frozenset(), set(), ends
        )


def _split(
    sim: Sim,
    colours: tuple[int, ...],
    team: tuple[int, ...],
    remaining: int,
    parts_left: int,
    backward: bool,
    done: tuple[Step, ...],
    used: frozenset[int],
    seen: set[tuple[tuple[int, ...], int, frozenset[int]]],
    ends: set[tuple[int, ...]],
) -> Iterator[tuple[tuple[Step, ...], tuple[int, ...]]]:
    """Every way to spend ``remaining`` spaces on at most ``parts_left`` unused columns,
    each part applied in order on the board the earlier parts left. Yields each end
    position once (``ends``: those already yielded); ``seen`` holds the part-way boards
    already explored, so the orders that reach one board are searched from it once.

    Each part's path comes from the memoised ``route``; the last part, when it lands on an
    empty space or a rival, is finished here without copying the board (a teammate hit
    starts a chain reaction, which ``Sim.move`` works out)."""
    b = sim.board
    pos = sim.pos
    at = sim.at
    teams = sim.teams
    for slot in range(16):
        colour = slot // 4
        if slot in used or colour not in colours:
            continue
        here = pos[slot]
        if here == QUARRY:
            continue
        on_temple = b.temple_of(here) is not None
        if on_temple and (backward or colour not in team):
            continue
        # columns of one colour never share a space, so slots are distinct columns
        amounts = range(1, remaining + 1) if parts_left > 1 else (remaining,)
        bridges = (False, True) if (here in b.bridge_of and not on_temple) else (False,)
        for amount in amounts:
            left = remaining - amount
            turns = (False, True) if _may_turn_in(b, here, colour, amount, backward) else (False,)
            for bridge in bridges:
                for temple in turns:
                    way = route(b, here, colour, amount, backward, bridge, temple)
                    if way.refusal is not None:
                        continue
                    path = way.path
                    if any(
                        (o := at.get(space)) is not None and o // 4 == colour and o != slot
                        for space in path[:-1]
                    ):
                        continue  # it would pass its own colour (ff.move.same-colour)
                    land = path[-1]
                    victim = at.get(land)
                    if victim == slot:
                        victim = None  # back where it began, round a bridge loop
                    if victim is not None and victim // 4 == colour:
                        continue  # a colour never hits itself
                    plain = victim is None or teams[victim // 4] != teams[colour]
                    if left == 0 and plain:
                        after = pos.copy()
                        after[slot] = land
                        if victim is not None:
                            after[victim] = QUARRY
                        end = _canonical(after)
                        if end not in ends:
                            ends.add(end)
                            step = Step(colour, here, amount, backward, bridge, temple)
                            yield (*done, step), end
                        continue
                    step = Step(colour, here, amount, backward, bridge, temple)
                    steps = (*done, step)
                    trial = sim.copy()
                    if plain:
                        # what Sim.move does for this landing, its checks already made above
                        if victim is not None:
                            trial.pos[victim] = QUARRY
                            trial.hits.append(Hit(victim // 4, land, QUARRY))
                        del trial.at[here]
                        trial.pos[slot] = land
                        trial.at[land] = slot
                    else:
                        try:
                            trial.move(slot, step)
                        except Refusal:
                            continue
                    if left == 0:
                        end = trial.columns()
                        if end not in ends:
                            ends.add(end)
                            yield steps, end
                        continue
                    now_used = used | {slot}
                    key = (tuple(trial.pos), left, now_used)
                    if key in seen:
                        continue
                    seen.add(key)
                    yield from _split(
                        trial,
                        colours,
                        team,
                        left,
                        parts_left - 1,
                        backward,
                        steps,
                        now_used,
                        seen,
                        ends,
                    )


def _canonical(pos: list[int]) -> tuple[int, ...]:
    """``pos`` as ``Sim.columns`` gives a board: each colour's four positions sorted."""
    return (
        *sorted(pos[0:4]),
        *sorted(pos[4:8]),
        *sorted(pos[8:12]),
        *sorted(pos[12:16]),
    )


def _may_turn_in(b: Board, here: int, colour: int, amount: int, backward: bool) -> bool:
    """Can a forward move of ``amount`` from ``here`` pass through its gate before its last
    step (a cheap test that spares trying the temple turn where it cannot happen)? A bridge
    crossing only shortens the walk, so the plain distance is an upper bound."""
    if backward or not b.on_track(here):
        return False
    return (b.gates[colour] - here) % b.loop < amount or any(
        (b.gates[colour] - other) % b.loop < amount
        for other in (b.bridge_of.get(here, -1),)
        if other >= 0
    )


def _hero(state: FfState, seat: int, sim: Sim) -> Iterator[tuple[Play, tuple[int, ...]]]:
    from .data import cards

    team = team_colours(state, seat)
    for option, ability in enumerate(cards().heroes):
        for steps, columns in _hero_parts(state, sim, team, ability.name.split("-"), ()):
            yield Play(seat, 0, option, "", True, steps), columns


def _hero_parts(
    state: FfState, sim: Sim, team: tuple[int, ...], parts: list[str], done: tuple[Step, ...]
) -> Iterator[tuple[tuple[Step, ...], tuple[int, ...]]]:
    if not parts:
        yield done, sim.columns()
        return
    b = sim.board
    part, rest = parts[0], parts[1:]
    if part == "raise":
        for c in team:
            if QUARRY in sim.pos[c * 4 : c * 4 + 4]:
                trial = sim.copy()
                try:
                    trial.start_column(trial.find(c, QUARRY))
                except Refusal:
                    continue
                yield from _hero_parts(state, trial, team, rest, (*done, Step(c, QUARRY)))
        return
    for slot in range(16):
        here = sim.pos[slot]
        if slot // 4 not in team or not b.on_track(here):
            continue
        for target, victim in list(sim.at.items()):
            if victim // 4 == slot // 4 or not b.on_track(target):
                continue
            trial = sim.copy()
            try:
                trial.place(slot, target, "ff.move.same-colour")
            except Refusal:
                continue
            step = Step(slot // 4, here, to=target)
            yield from _hero_parts(state, trial, team, rest, (*done, step))


def _favor(
    state: FfState, seat: int, sim: Sim, favor: str
) -> Iterator[tuple[Play, tuple[int, ...]]]:
    b = sim.board
    if favor == "zeus":
        yield from zeus_plays(state, seat)
    elif favor == "apollo":
        track = [s for s in range(16) if b.on_track(sim.pos[s])]
        for i, a in enumerate(track):
            for other in track[i + 1 :]:
                if a // 4 == other // 4:
                    continue
                trial = sim.copy()
                trial.swap(a, other)
                steps = (Step(a // 4, sim.pos[a]), Step(other // 4, sim.pos[other]))
                yield Play(seat, 0, 0, "apollo", False, steps), trial.columns()
    elif favor in ("hestia", "ares"):
        colours = (
            team_colours(state, seat) if favor == "hestia" else colours_for(state, seat, "rival")
        )
        for slot in range(16):
            here = sim.pos[slot]
            if slot // 4 not in colours:
                continue
            trial = sim.copy()
            try:
                if favor == "hestia":
                    if b.temple_of(here) is not None:
                        continue
                    trial.place(slot, b.gates[slot // 4], "ff.favor.hestia")
                else:
                    if not b.on_track(here):
                        continue
                    trial.to_quarry(slot)
            except Refusal:
                continue
            yield Play(seat, 0, 0, favor, False, (Step(slot // 4, here),)), trial.columns()
    elif favor == "athena":
        yield Play(seat, 0, 0, "athena", False, ()), ()


def every_play(
    state: FfState, seat: int, card: int, favor: str = ""
) -> Iterator[tuple[Play, tuple[int, ...]]]:
    """Every play of ``card`` with ``favor``, each with its end, before ``outcomes`` keeps
    one play per end: two plays that move different columns can end alike (a teammate hit
    sending a column where another stood, a column going round a bridge loop back to its
    space), and a question about one column must find the play that moves it."""
    return _plays(state, seat, card, favor, distinct=False)
