"""Moving columns: one step at a time on a scratch copy of the board, with every hit and
chain reaction resolved, or a refusal naming the rule.

``Sim`` is mutable and cheap to copy; the rules layer (``plays``) and the enumeration run
each step of a play through it in order, so a shared move's second part sees the board the
first part left.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Step
from .board import QUARRY, Board
from .state import Hit

COLUMNS_PER_COLOUR = 4


class Refusal(Exception):
    """A step that breaks a rule: ``reason`` in plain words and the rule ``rule``."""

    def __init__(self, reason: str, rule: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.rule = rule


class Sim:
    """A board being played on. ``pos[slot]`` is where column ``slot`` stands (colour =
    ``slot // 4``); ``at`` maps occupied spaces back to slots."""

    __slots__ = ("at", "board", "bridges", "hits", "pos", "rules", "teams", "temples")

    def __init__(self, board: Board, columns: tuple[int, ...], teams: tuple[int, ...]) -> None:
        self.board = board
        self.teams = teams
        self.pos = list(columns)
        self.at = {p: i for i, p in enumerate(columns) if p != QUARRY}
        self.hits: list[Hit] = []
        self.bridges: list[int] = []
        self.temples: list[int] = []
        self.rules: set[str] = set()

    def copy(self) -> Sim:
        other = Sim.__new__(Sim)
        other.board = self.board
        other.teams = self.teams
        other.pos = self.pos.copy()
        other.at = self.at.copy()
        other.hits = self.hits.copy()
        other.bridges = self.bridges.copy()
        other.temples = self.temples.copy()
        other.rules = set(self.rules)
        return other

    # ----- reading -------------------------------------------------------------------------

    def columns(self) -> tuple[int, ...]:
        """The board in canonical form (each colour's four positions sorted)."""
        out: list[int] = []
        for c in range(4):
            out += sorted(self.pos[c * 4 : c * 4 + 4])
        return tuple(out)

    def find(self, colour: int, start: int) -> int:
        """The slot of a ``colour`` column at ``start`` (-1: one in its quarry); raises
        ``Refusal`` when there is none."""
        if not 0 <= colour < 4:
            raise Refusal(f"There is no colour number {colour}.", "ff.setup.colours")
        for slot in range(colour * 4, colour * 4 + 4):
            if self.pos[slot] == start:
                return slot
        where = "in its quarry" if start == QUARRY else f"on {self.board.name(start)}"
        raise Refusal(f"No {_colour(colour)} column stands {where}.", "ff.move.column")

    def on_temple(self, slot: int) -> bool:
        return self.board.temple_of(self.pos[slot]) is not None

    # ----- moving --------------------------------------------------------------------------

    def start_column(self, slot: int) -> None:
        """Put ``slot`` (in its quarry) on its quarry exit, hitting whatever stands there."""
        if self.pos[slot] != QUARRY:
            raise Refusal("Only a column in its quarry can be started.", "ff.start.new-column")
        self._land(slot, self.board.exits[slot // 4], "ff.start.blocked")
        self.rules.add("ff.start.new-column")

    def move(self, slot: int, step: Step) -> None:
        """Carry out one movement ``step`` for ``slot``; raises ``Refusal``."""
        colour = slot // 4
        cur = self.pos[slot]
        if cur == QUARRY:
            raise Refusal(
                "A column in the quarry only comes out by being started (a #10).",
                "ff.start.new-column",
            )
        way = route(self.board, cur, colour, step.spaces, step.backward, step.bridge, step.temple)
        if way.refusal is not None:
            raise Refusal(*way.refusal)
        path = way.path
        for space in path[:-1]:
            other_slot = self.at.get(space)
            if other_slot is not None and other_slot // 4 == colour and other_slot != slot:
                raise Refusal(
                    f"It would pass its own colour on {self.board.name(space)}; a colour never "
                    "passes or hits itself.",
                    "ff.move.same-colour",
                )
        if step.bridge:
            self.rules.add("ff.bridge.use")
            self.bridges.append(path[0])
        if way.turned:
            self.temples.append(colour)
            self.rules.add("ff.temple.enter")
        if path[-1] == cur:
            # round a bridge loop back to where it began: the space is its own, no hit
            self.rules.add("ff.move.round-trip")
        else:
            self._land(slot, path[-1], "ff.move.same-colour")
        self.rules.add("ff.move.backward" if step.backward else "ff.move.forward")

    def place(self, slot: int, space: int, rule: str) -> None:
        """Put ``slot`` straight on ``space`` (a Favor or the Hero card), hitting as a move
        would."""
        self._land(slot, space, rule)

    def to_quarry(self, slot: int) -> None:
        self._lift(slot)
        self.pos[slot] = QUARRY

    def swap(self, a: int, b: int) -> None:
        pa, pb = self.pos[a], self.pos[b]
        self.pos[a], self.pos[b] = pb, pa
        self.at[pb], self.at[pa] = a, b

    def send_to_gate(self, slot: int, rule: str = "ff.hit.teammate") -> None:
        """Advance ``slot`` to its own temple gate; whatever stands there is hit in turn
        (the chain reaction). A gate already held by the same colour sends it to the
        nearest free space behind the gate instead (ff.assume.gate-taken)."""
        b = self.board
        colour = slot // 4
        gate = b.gates[colour]
        was = self.pos[slot]
        occupant = self.at.get(gate)
        if occupant is not None and occupant // 4 == colour and occupant != slot:
            space = gate
            while space in self.at and self.at[space] != slot:
                space = b.behind(space)
            self._lift(slot)
            self.pos[slot] = space
            self.at[space] = slot
            self.hits.append(Hit(colour, was, space))
            self.rules.add(rule)  # still a teammate hit; only where it stops is assumed
            self.rules.add("ff.assume.gate-taken")
            return
        self.hits.append(Hit(colour, was, gate))
        self.rules.add(rule)
        if occupant == slot:
            return
        self._lift(slot)
        self.pos[slot] = gate
        self.at[gate] = slot
        if occupant is not None:
            self.rules.add("ff.hit.chain")
            self._hit(occupant, slot, gate)

    # ----- internals -----------------------------------------------------------------------

    def _lift(self, slot: int) -> None:
        space = self.pos[slot]
        if self.at.get(space) == slot:
            del self.at[space]

    def _land(self, slot: int, space: int, same_rule: str) -> None:
        occupant = self.at.get(space)
        if occupant is not None and occupant // 4 == slot // 4:
            raise Refusal(
                f"{self.board.name(space).capitalize()} already holds a "
                f"{_colour(slot // 4)} column; a colour never hits itself.",
                same_rule,
            )
        self._lift(slot)
        self.pos[slot] = space
        self.at[space] = slot
        if occupant is not None:
            self._hit(occupant, slot, space)

    def _hit(self, victim: int, hitter: int, space: int) -> None:
        if self.teams[victim // 4] != self.teams[hitter // 4]:
            self.pos[victim] = QUARRY
            self.hits.append(Hit(victim // 4, space, QUARRY))
            self.rules.add("ff.hit.rival")
        else:
            if len(self.hits) > 32:  # a chain can never be this long; refuse, never loop
                raise Refusal("The chain of hits does not end.", "ff.hit.chain")
            # the victim is off its space already (the hitter took it)
            self.pos[victim] = space
            self.send_to_gate(victim)


@dataclass(frozen=True)
class Route:
    """Where one movement goes on an empty board: the spaces it enters in order (``path``),
    whether it turns into the temple track (``turned``), or why the board alone forbids it
    (``refusal``: reason and rule). What stands on the spaces is judged by ``Sim.move``."""

    path: tuple[int, ...]
    turned: bool
    refusal: tuple[str, str] | None = None


# One table of routes per board layout; boards are built once and kept (``board`` caches
# them), so a route never has to be walked twice. The enumeration asks for the same few
# thousand routes over and over.
_ROUTES: dict[int, tuple[Board, dict[tuple[int, int, int, bool, bool, bool], Route]]] = {}


def route(
    b: Board, start: int, colour: int, spaces: int, backward: bool, bridge: bool, temple: bool
) -> Route:
    """The ``Route`` of a ``colour`` column moving ``spaces`` from ``start`` (not the quarry)
    as a step's ``backward``/``bridge``/``temple`` say (memoised per board)."""
    held = _ROUTES.get(id(b))
    if held is None or held[0] is not b:
        held = _ROUTES[id(b)] = (b, {})
    table = held[1]
    key = (start, colour, spaces, backward, bridge, temple)
    found = table.get(key)
    if found is None:
        found = table[key] = _walk(b, start, colour, spaces, backward, bridge, temple)
    return found


def _walk(
    b: Board, cur: int, colour: int, spaces: int, backward: bool, bridge: bool, temple: bool
) -> Route:
    on_temple = b.temple_of(cur) is not None
    if on_temple and (backward or bridge):
        return Route(
            (), False, ("On a temple track columns only move forward.", "ff.temple.forward-only")
        )
    if temple and backward:
        return Route(
            (), False, ("A temple track is entered only moving forward.", "ff.temple.enter")
        )
    remaining = spaces
    path: list[int] = []
    if bridge:
        other = b.bridge_of.get(cur)
        if other is None:
            return Route(
                (),
                False,
                (
                    f"{b.name(cur).capitalize()} is not at either end of a bridge.",
                    "ff.bridge.start",
                ),
            )
        remaining -= b.bridge_cost
        path.append(other)
        cur = other
    turned = False
    for _ in range(remaining):
        if backward:
            nxt = b.behind(cur)
        else:
            ahead = b.ahead(cur, colour, temple)
            if ahead is None:
                return Route(
                    (),
                    False,
                    (
                        "The move would run past the end of the temple track; a card's "
                        "action is carried out in full or not at all.",
                        "ff.move.in-full",
                    ),
                )
            nxt = ahead
            if not turned and b.temple_of(nxt) is not None and b.temple_of(cur) is None:
                turned = True
        path.append(nxt)
        cur = nxt
    if temple and not turned:
        return Route(
            (),
            False,
            (
                "This move never reaches the column's temple gate moving forward, so it "
                "cannot turn into the temple track.",
                "ff.temple.enter",
            ),
        )
    return Route(tuple(path), turned)


def _colour(c: int) -> str:
    return ("red", "blue", "yellow", "green")[c]
