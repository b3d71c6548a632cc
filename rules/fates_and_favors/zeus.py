"""Zeus played "columns first" (ff.favor.zeus, ff.assume.zeus-split-first).

A Zeus play is described by its *split*: which columns move and how many spaces each (every
column at most once, each at least one space, ten in all). The order the parts are carried
out in, and each part's bridge and temple turn, are the outcomes of that split. On a crowded
board every split together gives hundreds of thousands of end positions, so the table picks
a split first and only that split's outcomes are listed:

- ``first_parts``: for each column Zeus may move, the amounts it can move as the first part
  of a play (and those it can move once its own colour's columns in the way have moved);
  the picker offers only these.
- ``split_outcomes``: every distinct end position of one split, each a ``Play`` that
  ``check`` accepts. Parts that cannot meet commute, so only the orders among parts that can
  interact are explored (see ``_groups``), and each group's search is memoised by board.
- ``playable``: whether Zeus can be played at all (the stuck-hand answer).
- ``every_outcome``: the full enumeration over every split, lazily; for property tests and
  the command line, never for a tap.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache

from .actions import Play, Step
from .board import QUARRY, Board, board
from .data import COLOURS
from .movement import Refusal, Route, Sim, route
from .plays import ZEUS_SPACES
from .seats import board_of, team_colours
from .state import FfState

Column = tuple[int, int]
"""A column as (colour, the space it stands on before the play)."""


@dataclass(frozen=True)
class ZeusColumn:
    """One column Zeus may move: ``amounts`` it can move as the first part of the play (some
    bridge or temple-turn choice allowed), and ``later`` amounts it can move only after its
    own colour's columns standing in the way have taken their parts."""

    colour: int
    start: int
    amounts: tuple[int, ...]
    later: tuple[int, ...]

    @property
    def column(self) -> Column:
        return (self.colour, self.start)

    @property
    def offered(self) -> tuple[int, ...]:
        """Every amount worth offering, in order."""
        return tuple(sorted({*self.amounts, *self.later}))


def column_key(column: Column) -> str:
    """``"red:8"``: how a column is named in JSON (colour and space number)."""
    return f"{COLOURS[column[0]]}:{column[1]}"


def parse_column(key: str) -> Column:
    """The inverse of ``column_key``; raises ``ValueError`` naming what is wrong."""
    colour, sep, space = key.partition(":")
    if not sep or colour not in COLOURS:
        raise ValueError(f"a column is named like 'red:8' (colour:space), not {key!r}")
    try:
        return (COLOURS.index(colour), int(space))
    except ValueError:
        raise ValueError(f"{key!r}: the space after ':' is a whole number") from None


# ----- the building blocks for the picker ---------------------------------------------------


def movable(state: FfState, seat: int) -> list[int]:
    """Slots Zeus may move for ``seat``: any colour's column out of its quarry, except a
    rival's on its temple track (ff.temple.safe)."""
    b = board_of(state)
    team = team_colours(state, seat)
    return [
        slot
        for slot, here in enumerate(state.columns)
        if here != QUARRY and (b.temple_of(here) is None or slot // 4 in team)
    ]


Move = tuple[bool, bool, Route]
"""One way a part can go: bridge, temple turn, and its route on the empty board."""

# The ways each (start, colour, amount) can go on a board, with the union of their spaces;
# one table per board layout, as ``route`` keeps its routes.
_WAYS: dict[int, tuple[Board, dict[tuple[int, int, int], tuple[tuple[Move, ...], frozenset[int]]]]]
_WAYS = {}


def _ways(b: Board, here: int, colour: int, amount: int) -> tuple[tuple[Move, ...], frozenset[int]]:
    """The bridge and temple choices the empty board allows a forward move of ``amount``
    from ``here`` (not the quarry), with their routes; and every space they could cross or
    land on, with ``here`` (the part's footprint). Memoised per board."""
    held = _WAYS.get(id(b))
    if held is None or held[0] is not b:
        held = _WAYS[id(b)] = (b, {})
    key = (here, colour, amount)
    found = held[1].get(key)
    if found is None:
        bridges = (False, True) if (here in b.bridge_of and b.on_track(here)) else (False,)
        turns = (False, True) if _may_turn_in(b, here, colour, amount) else (False,)
        moves = []
        spaces = {here}
        for bridge in bridges:
            for temple in turns:
                way = route(b, here, colour, amount, False, bridge, temple)
                if way.refusal is None:
                    moves.append((bridge, temple, way))
                    spaces.update(way.path)
        found = held[1][key] = (tuple(moves), frozenset(spaces))
    return found


def first_parts(state: FfState, seat: int) -> list[ZeusColumn]:
    """Each column Zeus may move for ``seat`` with the amounts (1..10) it can move as the
    first part of a play, and the ``later`` ones blocked only by its own colour."""
    b = board_of(state)
    out = []
    for slot in movable(state, seat):
        colour, here = slot // 4, state.columns[slot]
        # its own colour's other columns (a bridge and a walk may pass the space it leaves)
        mine = set(state.columns[colour * 4 : colour * 4 + 4]) - {here, QUARRY}
        now: list[int] = []
        later: list[int] = []
        for amount in range(1, ZEUS_SPACES + 1):
            best = 0  # 2: legal now, 1: blocked only by its own colour
            for _, _, way in _ways(b, here, colour, amount)[0]:
                best = max(best, 2 if mine.isdisjoint(way.path) else 1)
            if best == 2:
                now.append(amount)
            elif best == 1:
                later.append(amount)
        if now or later:
            out.append(ZeusColumn(colour, here, tuple(now), tuple(later)))
    return out


def playable(state: FfState, seat: int) -> bool:
    """Whether ``seat`` could play Zeus at all now (board-wise): one column moving all ten
    settles it at once; otherwise the full search stops at the first outcome it finds."""
    if any(ZEUS_SPACES in c.amounts for c in first_parts(state, seat)):
        return True
    return next(every_outcome(state, seat), None) is not None


# ----- one split's outcomes -----------------------------------------------------------------


def split_problem(state: FfState, seat: int, split: Mapping[Column, int]) -> Refusal | None:
    """Why ``split`` is not a Zeus split on this board for ``seat``, or ``None``."""
    if any(type(n) is not int or n < 1 for n in split.values()):
        return Refusal("Each column in a Zeus split moves at least one space.", "ff.move.in-full")
    total = sum(split.values())
    if total != ZEUS_SPACES:
        return Refusal(
            f"A Zeus split uses exactly {ZEUS_SPACES} spaces; this one uses {total}.",
            "ff.move.in-full",
        )
    b = board_of(state)
    team = team_colours(state, seat)
    for colour, start in split:
        if not 0 <= colour < 4 or start == QUARRY or start not in state.columns[colour * 4 :][:4]:
            where = b.name(start) if start >= 0 else "that space"
            name = COLOURS[colour] if 0 <= colour < 4 else f"colour {colour}"
            return Refusal(f"No {name} column stands on {where}.", "ff.move.column")
        if b.temple_of(start) is not None and colour not in team:
            return Refusal(
                "Columns on their temple track are safe from rivals: Zeus cannot move "
                f"the {COLOURS[colour]} one on {b.name(start)}.",
                "ff.temple.safe",
            )
    return None


def split_outcomes(state: FfState, seat: int, split: Mapping[Column, int]) -> list[Play]:
    """Every distinct end position of ``split`` ({(colour, start): spaces}) for ``seat``: one
    ``Play`` each, its steps in an order that carries it out. Empty when no order works;
    raises ``Refusal`` when ``split`` itself is not a Zeus split (``split_problem``)."""
    problem = split_problem(state, seat, split)
    if problem is not None:
        raise problem
    parts = tuple(
        sorted(
            (state.columns.index(start, colour * 4, colour * 4 + 4), amount)
            for (colour, start), amount in split.items()
        )
    )
    team = team_colours(state, seat)
    return [
        Play(seat, 0, 0, "zeus", False, steps)
        for steps in _split_steps(
            state.arm, state.arm_bridge, state.columns, state.teams, team, parts
        )
    ]


def forget() -> None:
    """Drop the split outcomes kept from earlier asks (the bench measures from cold)."""
    _split_steps.cache_clear()


Part = tuple[int, int]
"""A part of a split as (slot, spaces)."""
Found = dict[tuple[int, ...], tuple[tuple[Step, ...], tuple[int, ...]]]
"""Outcomes by end board (canonical): the steps of the first way found, and the board
slot by slot (so the outcomes of parts that never meet can be laid over one another)."""


@lru_cache(maxsize=512)
def _split_steps(
    arm: int,
    arm_bridge: int,
    columns: tuple[int, ...],
    teams: tuple[int, ...],
    team: tuple[int, ...],
    parts: tuple[Part, ...],
) -> tuple[tuple[Step, ...], ...]:
    """The steps of each distinct outcome (kept: a screen asks for the same split on every
    redraw)."""
    solver = _Solver(board(arm, arm_bridge), team)
    found, _ = solver.solve(Sim(board(arm, arm_bridge), columns, teams), parts)
    return tuple(steps for steps, _ in found.values())


class _Solver:
    """The search for one split: ``solve`` from a board with some parts left.

    Partial-order reduction: the parts left are cut into groups whose footprints (every
    space a part's moves could cross or land on) do not meet. Each group is searched alone;
    a search also records every space it looked at or changed (``touched``), including the
    spaces a teammate hit's chain reaction reaches. Groups whose touched spaces are apart
    cannot affect one another in any order, so every order of the whole is one of the
    combinations of the groups' outcomes; groups that did touch a common space are joined
    and searched again. Within a group every part is tried first, then the rest is solved
    the same way from the board it left. Everything is memoised by (board, parts left)."""

    def __init__(self, b: Board, team: tuple[int, ...]) -> None:
        self.board = b
        self.team = team
        self.memo: dict[tuple[tuple[int, ...], tuple[Part, ...]], tuple[Found, set[int]]] = {}

    def solve(self, sim: Sim, parts: tuple[Part, ...]) -> tuple[Found, set[int]]:
        key = (tuple(sim.pos), parts)
        held = self.memo.get(key)
        if held is not None:
            return held
        if not parts:
            result: tuple[Found, set[int]] = ({sim.columns(): ((), key[0])}, set())
        elif len(parts) == 1:
            result = self._each_first(sim, parts)
        else:
            result = self._grouped(sim, parts)
        self.memo[key] = result
        return result

    def _grouped(self, sim: Sim, parts: tuple[Part, ...]) -> tuple[Found, set[int]]:
        groups = _groups(self.board, sim, parts)
        while True:
            if len(groups) == 1:
                return self._each_first(sim, parts)
            results = [
                self.solve(sim, tuple(parts[i] for i in g))
                if len(g) < len(parts)
                else self._each_first(sim, parts)
                for g in groups
            ]
            merged = _merge_touching(groups, [touched for _, touched in results])
            if merged is None:
                break
            groups = merged
        # groups never meet: every combination of their outcomes is one outcome, and
        # distinct combinations end on distinct boards (each group alone decides its spaces)
        base = tuple(sim.pos)
        found: Found = {}
        touched: set[int] = set()
        for _, t in results:
            touched |= t
        # each group's outcomes as the slots they change, worked out once
        changes = [
            [
                (steps, [(slot, now) for slot, now in enumerate(after) if now != base[slot]])
                for steps, after in f.values()
            ]
            for f, _ in results
        ]
        for combo in itertools.product(*changes):
            pos = list(base)
            for _, changed in combo:
                for slot, now in changed:
                    pos[slot] = now
            steps = tuple(itertools.chain.from_iterable(s for s, _ in combo))
            found.setdefault(_canonical(pos), (steps, tuple(pos)))
        return found, touched

    def _each_first(self, sim: Sim, parts: tuple[Part, ...]) -> tuple[Found, set[int]]:
        """Try every part first (every bridge and temple choice), then solve the rest."""
        b = self.board
        at, teams = sim.at, sim.teams
        found: Found = {}
        touched: set[int] = set()
        for i, (slot, amount) in enumerate(parts):
            colour = slot // 4
            here = sim.pos[slot]
            if here == QUARRY:
                continue  # hit home by an earlier part: this order does not work
            touched.add(here)
            if b.temple_of(here) is not None and colour not in self.team:
                continue  # ff.temple.safe
            rest = parts[:i] + parts[i + 1 :]
            for bridge, temple, way in _ways(b, here, colour, amount)[0]:
                touched.update(way.path)
                path = way.path
                land = path[-1]
                if any(
                    (o := at.get(x)) is not None and o // 4 == colour and o != slot for x in path
                ):
                    continue  # it would pass or land on its own colour (ff.move.same-colour)
                step = Step(colour, here, amount, False, bridge, temple)
                victim = at.get(land)
                if victim == slot:
                    victim = None  # back where it began, round a bridge loop
                plain = victim is None or teams[victim // 4] != teams[colour]
                if plain and not rest:  # the last part: the end board, without a copy
                    pos = sim.pos.copy()
                    pos[slot] = land
                    if victim is not None:
                        pos[victim] = QUARRY
                    end = _canonical(pos)
                    if end not in found:
                        found[end] = ((step,), tuple(pos))
                    continue
                if plain:
                    # what Sim.move does for this landing, its checks made above
                    trial = _bare(sim)
                    if victim is not None:
                        trial.pos[victim] = QUARRY
                    del trial.at[here]
                    trial.pos[slot] = land
                    trial.at[land] = slot
                else:  # a teammate hit: the chain reaction is Sim's to work out
                    trial = _bare(sim)
                    try:
                        trial.move(slot, step)
                    except Refusal:
                        continue
                    touched |= _chain_spaces(sim, slot, step)
                sub, seen = self.solve(trial, rest)
                touched |= seen
                for end, (steps, after) in sub.items():
                    if end not in found:
                        found[end] = ((step, *steps), after)
        return found, touched


def _bare(sim: Sim) -> Sim:
    """A copy of ``sim``'s board alone (no record of hits, bridges or rules: the search
    keeps only where the columns end)."""
    other = Sim.__new__(Sim)
    other.board = sim.board
    other.teams = sim.teams
    other.pos = sim.pos.copy()
    other.at = sim.at.copy()
    other.hits = []
    other.bridges = []
    other.temples = []
    other.rules = set()
    return other


def _canonical(pos: list[int]) -> tuple[int, ...]:
    return (*sorted(pos[0:4]), *sorted(pos[4:8]), *sorted(pos[8:12]), *sorted(pos[12:16]))


def _groups(b: Board, sim: Sim, parts: tuple[Part, ...]) -> list[list[int]]:
    """Parts joined when their footprints share a space (a first guess that spares most
    re-searches; ``_merge_touching`` corrects it from what the searches really touched)."""
    pos = sim.pos
    feet = [
        _ways(b, pos[slot], slot // 4, n)[1] if pos[slot] != QUARRY else frozenset((QUARRY,))
        for slot, n in parts
    ]
    groups: list[tuple[set[int], list[int]]] = []
    for i, foot in enumerate(feet):
        joined = [g for g in groups if g[0] & foot]
        spaces, members = set(foot), [i]
        for g in joined:
            spaces |= g[0]
            members += g[1]
            groups.remove(g)
        groups.append((spaces, sorted(members)))
    return [members for _, members in groups]


def _merge_touching(groups: list[list[int]], touched: list[set[int]]) -> list[list[int]] | None:
    """``groups`` with every two whose searches touched a common space joined, or ``None``
    when no two did (then the groups commute and their outcomes combine freely)."""
    n = len(groups)
    owner = list(range(n))

    def find(i: int) -> int:
        while owner[i] != i:
            i = owner[i]
        return i

    changed = False
    for i in range(n):
        for j in range(i + 1, n):
            if touched[i] & touched[j] and find(i) != find(j):
                owner[find(j)] = find(i)
                changed = True
    if not changed:
        return None
    joined: dict[int, list[int]] = {}
    for i in range(n):
        joined.setdefault(find(i), []).extend(groups[i])
    return [sorted(g) for g in joined.values()]


class _Reads(dict[int, int]):
    """An occupancy map that notes every space asked about or changed (a chain reaction's
    exact footprint, which depends on the board)."""

    seen: set[int]

    def get(self, key: int, default: int | None = None) -> int | None:  # type: ignore[override]
        self.seen.add(key)
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        self.seen.add(key)  # type: ignore[arg-type]
        return super().__contains__(key)

    def __getitem__(self, key: int) -> int:
        self.seen.add(key)
        return super().__getitem__(key)

    def __setitem__(self, key: int, value: int) -> None:
        self.seen.add(key)
        super().__setitem__(key, value)

    def __delitem__(self, key: int) -> None:
        self.seen.add(key)
        super().__delitem__(key)


def _chain_spaces(sim: Sim, slot: int, step: Step) -> set[int]:
    """Every space ``step`` looks at or changes when it starts a chain reaction: the step is
    carried out once more on a copy that notes them."""
    trial = sim.copy()
    reads = _Reads(trial.at)
    reads.seen = set()
    trial.at = reads
    trial.move(slot, step)
    return reads.seen


def _may_turn_in(b: Board, here: int, colour: int, amount: int) -> bool:
    """Can a forward move of ``amount`` from ``here`` pass its gate before its last step?
    (A bridge only shortens the walk, so the plain distance bounds it.)"""
    if not b.on_track(here):
        return False
    other = b.bridge_of.get(here, -1)
    return (b.gates[colour] - here) % b.loop < amount or (
        other >= 0 and (b.gates[colour] - other) % b.loop < amount
    )


# ----- every split ----------------------------------------------------------------------------


def splits(state: FfState, seat: int) -> Iterator[dict[Column, int]]:
    """Every split worth trying: ten spaces over the columns ``first_parts`` offers, each
    column's amount among those it offers (lazily; there are many on a crowded board)."""
    choices = [(c.column, c.offered) for c in first_parts(state, seat)]

    def go(i: int, left: int, chosen: dict[Column, int]) -> Iterator[dict[Column, int]]:
        if left == 0:
            yield dict(chosen)
            return
        if i == len(choices):
            return
        yield from go(i + 1, left, chosen)
        column, offered = choices[i]
        for n in offered:
            if n > left:
                break
            chosen[column] = n
            yield from go(i + 1, left - n, chosen)
            del chosen[column]

    yield from go(0, ZEUS_SPACES, {})


def every_outcome(state: FfState, seat: int) -> Iterator[Play]:
    """Every distinct end position of Zeus for ``seat`` over all splits, lazily (slow on a
    crowded board: for tests and ``python -m rules moves`` with ``"all": true``)."""
    from .enumeration import zeus_plays

    for play, _ in zeus_plays(state, seat):
        yield play


def split_of(state: FfState, play: Play) -> dict[Column, int]:
    """The split a Zeus ``play`` carries out: each part named by where its column stood
    before the play (a part's step names where the column stands when it moves, which an
    earlier part's hit may have changed)."""
    sim = Sim(board_of(state), state.columns, state.teams)
    out: dict[Column, int] = {}
    for step in play.steps:
        slot = sim.find(step.colour, step.start)
        out[(step.colour, state.columns[slot])] = step.spaces
        sim.move(slot, step)
    return out
