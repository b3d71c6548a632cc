"""The board as a graph: the cross-shaped loop, landmarks, bridges, temple tracks, and a
grid position for every space (for pictures).

Spaces are integers: ``0 .. loop-1`` are the main track in forward order, ``loop + 6*c + k``
is space ``k`` of colour ``c``'s temple track, and ``QUARRY`` (-1) is a colour's quarry.
Bay ``c`` (colour ``c``'s corner of the board) starts at ``c * (2*arm + 2)``: the inbound
side of the arm on the hero's right, the inner corner, the outbound side of the arm on the
hero's left, and the tip of that arm (see ``data/board.toml``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .data import COLOURS, board_spec

QUARRY = -1
ARM_RANGE = (4, 12)

# Unit vectors of the four arms, turning a quarter clockwise each bay (x right, y up): the
# colours sit clockwise in turn order, and a hero facing the centre from their corner has
# the arm of their quarry exit (the bay's second arm) on the left, their temple gate's arm
# (the first) on the right, as the rulebook seats them.
_ARMS = ((-1, 0), (0, 1), (1, 0), (0, -1))


@dataclass(frozen=True)
class Board:
    """One board layout. Build with ``board(arm, arm_bridge)``; instances are shared."""

    arm: int
    arm_bridge: int
    loop: int
    bay: int
    corners: tuple[int, ...]
    gates: tuple[int, ...]
    exits: tuple[int, ...]
    bridges: tuple[tuple[int, int], ...]
    bridge_of: dict[int, int]
    temple_len: int
    sites_from: int
    bridge_cost: int
    cells: dict[int, tuple[int, int]]
    temple_cells: tuple[tuple[tuple[int, int], ...], ...]
    quarry_cells: tuple[tuple[tuple[int, int], ...], ...]

    # ----- spaces --------------------------------------------------------------------------

    def temple(self, colour: int, k: int) -> int:
        return self.loop + colour * self.temple_len + k

    def on_track(self, space: int) -> bool:
        return 0 <= space < self.loop

    def temple_of(self, space: int) -> tuple[int, int] | None:
        """(colour, step) for a temple-track space, else ``None``."""
        if space < self.loop:
            return None
        colour, k = divmod(space - self.loop, self.temple_len)
        return (colour, k) if colour < len(COLOURS) else None

    def is_site(self, space: int) -> bool:
        where = self.temple_of(space)
        return where is not None and where[1] >= self.sites_from

    def ahead(self, space: int, colour: int, turn_in: bool) -> int | None:
        """The next space forward for a column of ``colour``; ``turn_in`` takes its temple
        track at its own gate. ``None`` past the end of a temple track."""
        where = self.temple_of(space)
        if where is not None:
            return space + 1 if where[1] + 1 < self.temple_len else None
        if turn_in and space == self.gates[colour]:
            return self.temple(colour, 0)
        return (space + 1) % self.loop

    def behind(self, space: int) -> int:
        """The next space backward on the main track."""
        return (space - 1) % self.loop

    def name(self, space: int) -> str:
        """A short human name: "quarry", "red exit", "red gate", "red temple 3", "space 12"."""
        if space == QUARRY:
            return "quarry"
        where = self.temple_of(space)
        if where is not None:
            k = where[1]
            kind = "temple site" if k >= self.sites_from else "temple track"
            return f"{COLOURS[where[0]]} {kind} {k + 1}"
        for c, colour in enumerate(COLOURS):
            if space == self.exits[c]:
                return f"{colour} quarry exit"
            if space == self.gates[c]:
                return f"{colour} temple gate"
            if space == self.corners[c]:
                return f"{colour} corner"
        return f"space {space}"


@cache
def board(arm: int | None = None, arm_bridge: int | None = None) -> Board:
    """The board for ``arm`` spaces per arm side and arm bridges ``arm_bridge`` out (the
    defaults from ``data/board.toml`` when ``None``). Raises ``ValueError`` when the numbers
    cannot make a board."""
    spec = board_spec()
    arm = spec.arm if arm is None else arm
    arm_bridge = spec.arm_bridge if arm_bridge is None else arm_bridge
    problem = layout_problem(arm, arm_bridge)
    if problem:
        raise ValueError(problem)
    bay = 2 * arm + 2
    loop = 4 * bay
    corners = tuple(c * bay + arm for c in range(4))
    gates = tuple(k - spec.gate_before for k in corners)
    exits = tuple(k + spec.exit_after for k in corners)
    cells: dict[int, tuple[int, int]] = {}
    for c in range(4):
        base = c * bay
        for j in range(arm):  # inbound side: p = arm+1 .. 2, q = 1
            cells[base + j] = _cell(c, arm + 1 - j, 1)
        cells[base + arm] = _cell(c, 1, 1)
        for j in range(arm):  # outbound side: p = 1, q = 2 .. arm+1
            cells[base + arm + 1 + j] = _cell(c, 1, 2 + j)
        cells[base + 2 * arm + 1] = _cell(c, 0, arm + 1)
    bridges: list[tuple[int, int]] = [(corners[0], corners[2]), (corners[1], corners[3])]
    for c in range(4):
        # The arm on bay c's left: its outbound side here, the next bay's inbound side there.
        here = c * bay + arm + 1 + (arm_bridge - 2)
        there = ((c + 1) % 4) * bay + (arm + 1 - arm_bridge)
        bridges.append((here, there))
    bridge_of = {a: b for a, b in bridges} | {b: a for a, b in bridges}
    temple_cells = tuple(
        tuple(_cell(c, *_temple_pq(k, arm)) for k in range(spec.temple_track)) for c in range(4)
    )
    quarry_cells = tuple(
        tuple(_cell(c, p, q) for p, q in ((3, 4), (4, 4), (3, 5), (4, 5))) for c in range(4)
    )
    return Board(
        arm=arm,
        arm_bridge=arm_bridge,
        loop=loop,
        bay=bay,
        corners=corners,
        gates=gates,
        exits=exits,
        bridges=tuple(bridges),
        bridge_of=bridge_of,
        temple_len=spec.temple_track,
        sites_from=spec.temple_track - spec.temple_sites,
        bridge_cost=spec.bridge_cost,
        cells=cells,
        temple_cells=temple_cells,
        quarry_cells=quarry_cells,
    )


def layout_problem(arm: int, arm_bridge: int) -> str | None:
    """Why ``arm``/``arm_bridge`` cannot make a board, or ``None``."""
    low, high = ARM_RANGE
    if not low <= arm <= high:
        return f"an arm has {low}..{high} spaces per side, not {arm}"
    if not 4 <= arm_bridge <= arm:
        return f"the arm bridges sit 4..{arm} spaces out from the centre, not {arm_bridge}"
    return None


def _temple_pq(k: int, arm: int) -> tuple[int, int]:
    """Where temple space ``k`` is drawn in bay-local coordinates: alongside the inbound
    side from the gate outwards, turning in at the arm's end."""
    p = 3 + k
    limit = arm + 1
    return (p, 2) if p <= limit else (limit, 2 + p - limit)


def _cell(bay: int, p: int, q: int) -> tuple[int, int]:
    """Bay-local (p along the bay's right arm, q along its left arm) to board (x, y)."""
    ax, ay = _ARMS[bay]
    bx, by = _ARMS[(bay + 1) % 4]
    return (p * ax + q * bx, p * ay + q * by)
