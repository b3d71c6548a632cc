"""The Grimheim hex map: geometry, hero movement, monster paths, attack range, drawing.

Coordinates are axial ``(x, y)`` on a pointy-top grid (``data.py``). The seven hexes of
Grimheim form ONE area (grim.map.grimheim_one_area): any of them stands for the town, a
hero may be "in" any of them, and a path that enters one of them has entered Grimheim.

Two kinds of adjacency matter:

* for moving, Grimheim touches every area that borders one of its hexes;
* for interacting (attacks, "adjacent" effects), heroes in Grimheim touch only each other,
  and nothing outside touches anything inside (grim.map.grimheim_apart).

Monsters follow the printed arrows: every area's ``dir`` already encodes the path, road
areas pointing along their road, so following ``dir`` from any area reaches Grimheim
(grim.monster.path).
"""

from __future__ import annotations

import itertools
import math
from collections import deque
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

from ..core.verdict import Verdict
from . import data

Coord = tuple[int, int]

# Clock direction -> axial offset (pointy-top): NE, E, SE, SW, W, NW.
DIRECTIONS: dict[int, Coord] = {
    1: (1, -1),
    3: (1, 0),
    5: (0, 1),
    7: (-1, 1),
    9: (-1, 0),
    11: (0, -1),
}
CLOCKWISE: tuple[int, ...] = (1, 3, 5, 7, 9, 11)

GRIMHEIM = data.GRIMHEIM
TROLL_CAVES = "Troll Caves"
NAILFARE = "Nailfare"


# ----- geometry ----------------------------------------------------------------------------


def step(h: Coord, direction: int) -> Coord:
    """The coordinate one step from ``h`` in clock ``direction`` (may be off the map)."""
    dx, dy = DIRECTIONS[direction]
    return (h[0] + dx, h[1] + dy)


def on_map(h: Coord) -> bool:
    return h in data.load().hexes


def neighbours(h: Coord) -> list[Coord]:
    """The on-map hexes touching ``h``, clockwise from north-east (hex geometry only:
    Grimheim's hexes are listed like any other)."""
    return [n for n in (step(h, d) for d in CLOCKWISE) if on_map(n)]


def distance(a: Coord, b: Coord) -> int:
    """Hex-grid distance between two coordinates (ignores terrain and Grimheim)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def in_grimheim(h: Coord) -> bool:
    return h in _grimheim_hexes()


@cache
def _grimheim_hexes() -> frozenset[Coord]:
    return frozenset(data.load().locations[GRIMHEIM])


@cache
def grimheim_border() -> tuple[Coord, ...]:
    """Areas outside Grimheim that border it (sorted by (y, x))."""
    out = {n for g in _grimheim_hexes() for n in neighbours(g) if not in_grimheim(n)}
    return tuple(sorted(out, key=lambda c: (c[1], c[0])))


def area(h: Coord) -> Coord:
    """``h`` with any Grimheim hex folded into Grimheim's centre (one area, one key)."""
    return data.GRIMHEIM_CENTRE if in_grimheim(h) else h


def move_neighbours(h: Coord) -> list[Coord]:
    """Areas one move away from ``h``, Grimheim as one area (its centre stands for it)."""
    if in_grimheim(h):
        return list(grimheim_border())
    out: list[Coord] = []
    for n in neighbours(h):
        a = area(n)
        if a not in out:
            out.append(a)
    return out


def adjacent(a: Coord, b: Coord) -> bool:
    """Whether two characters at ``a`` and ``b`` are adjacent for attacks and effects:
    heroes in Grimheim are adjacent to each other only, never to anything outside."""
    ga, gb = in_grimheim(a), in_grimheim(b)
    if ga or gb:
        return ga and gb
    return a != b and distance(a, b) == 1


def attack_distance(a: Coord, b: Coord) -> int | None:
    """Range needed to reach ``b`` from ``a`` (grim.combat.range): areas counted around
    Grimheim, never across it; any other terrain and characters do not block. Both in
    Grimheim: 1. One inside and one outside: ``None`` (out of reach)."""
    ga, gb = in_grimheim(a), in_grimheim(b)
    if ga or gb:
        return 1 if ga and gb else None
    if a == b:
        return 0
    return _outside_distances(a).get(b)


@cache
def _outside_distances(a: Coord) -> dict[Coord, int]:
    dist = {a: 0}
    queue = deque([a])
    while queue:
        cur = queue.popleft()
        for n in neighbours(cur):
            if n not in dist and not in_grimheim(n):
                dist[n] = dist[cur] + 1
                queue.append(n)
    return dist


ROW_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@cache
def _rows() -> dict[int, list[int]]:
    rows: dict[int, list[int]] = {}
    for x, y in sorted(data.load().hexes):
        rows.setdefault(y, []).append(x)
    return {y: sorted(xs) for y, xs in sorted(rows.items())}


def grid_name(h: Coord) -> str:
    """The area's name on the app's map grid, as players count it on the board: a row
    letter (A for the top row of hexes) and the area's place in that row counted from its
    left end ("D5": row D, fifth area). Off the map: "x,y"."""
    rows = _rows()
    if not on_map(h):
        return f"{h[0]},{h[1]}"
    row = list(rows).index(h[1])
    return f"{ROW_LETTERS[row]}{rows[h[1]].index(h[0]) + 1}"


def row_starts() -> list[tuple[str, Coord]]:
    """Each row's letter and its leftmost area (where the map prints the letter)."""
    return [(ROW_LETTERS[i], (xs[0], y)) for i, (y, xs) in enumerate(_rows().items())]


def name_of(h: Coord) -> str:
    """How players find an area: "Grimheim", or its grid name, after its location's name
    when it has one ("Nailfare C14", "F3")."""
    loc = data.load().hexes[h].location if on_map(h) else ""
    if loc == GRIMHEIM:
        return GRIMHEIM
    return f"{loc} {grid_name(h)}" if loc else grid_name(h)


# ----- hero movement -----------------------------------------------------------------------


def terrain_problem(h: Coord) -> tuple[str, str] | None:
    """Why no hero may stand in area ``h`` (reason, rule ID), or ``None`` if heroes may."""
    d = data.load()
    if h not in d.hexes:
        return (f"{h[0]},{h[1]} is not an area of the map.", "grim.map.grid")
    cell = d.hexes[h]
    if cell.terrain == "mountain" and cell.location != TROLL_CAVES:
        return (
            f"{name_of(h)} is a mountain: heroes cannot enter mountains except the Troll Caves.",
            "grim.map.mountain",
        )
    if cell.terrain == "lake" and cell.location != NAILFARE:
        return (
            f"{name_of(h)} is a lake: heroes cannot enter lakes except at Nailfare.",
            "grim.map.lake",
        )
    return None


def monster_terrain_problem(h: Coord) -> tuple[str, str] | None:
    """Why no monster may stand in area ``h`` (reason, rule ID), or ``None`` if one may.

    Monsters may enter mountains; like heroes they never enter a lake except Nailfare's
    two areas (grim.map.lake). Plain lakes lie on no monster path, so a monster there
    could never move again."""
    d = data.load()
    if h not in d.hexes:
        return (f"{h[0]},{h[1]} is not an area of the map.", "grim.map.grid")
    cell = d.hexes[h]
    if cell.terrain == "lake" and cell.location != NAILFARE:
        return (
            f"{name_of(h)} is a lake: no monster may stand there (only Nailfare's lakes).",
            "grim.map.lake",
        )
    return None


def _blocked(h: Coord, occupied: Collection[Coord]) -> bool:
    # Grimheim holds any number of heroes; elsewhere one character per area.
    return not in_grimheim(h) and h in occupied


def hero_move_allowance(hero: str, extra: int = 0) -> int:
    """Areas ``hero`` may move in one move action (3; Embla 4) plus ``extra`` ("Move +1")."""
    heroes = data.load().heroes
    if hero not in heroes:
        raise ValueError(f"unknown hero {hero!r}; heroes: {', '.join(heroes)}")
    return heroes[hero].move + extra


def check_hero_move(
    path: list[Coord], hero: str, occupied: Collection[Coord], *, extra: int = 0
) -> Verdict:
    """Is ``path`` (start first, then each area entered) a legal move for ``hero``?

    ``occupied`` holds the areas of every other character (heroes and monsters); Grimheim
    is never full. Consecutive Grimheim hexes count as one area. The verdict cites the rule
    broken, or describes the move as its effect. Raises ``ValueError`` for an unknown hero.
    """
    allowance = hero_move_allowance(hero, extra)
    folded: list[Coord] = []
    for h in path:
        if not on_map(h):
            return Verdict.no(f"{h[0]},{h[1]} is not an area of the map.", "grim.map.grid")
        if not folded or area(h) != folded[-1]:
            folded.append(area(h))
    if len(folded) < 2:
        return Verdict.no("A move must enter at least one other area.", "grim.map.hero_move")
    steps = len(folded) - 1
    if steps > allowance:
        return Verdict.no(
            f"{hero} moves up to {allowance} areas; this path crosses {steps}.",
            "grim.map.hero_move",
        )
    for i, (a, b) in enumerate(itertools.pairwise(folded)):
        if b not in move_neighbours(a):
            return Verdict.no(
                f"{name_of(b)} does not border {name_of(a)}: a move goes one area at a time.",
                "grim.map.hero_move",
            )
        problem = terrain_problem(b)
        if problem is not None:
            return Verdict.no(*problem)
        if _blocked(b, occupied):
            where = "end on" if i == steps - 1 else "pass through"
            return Verdict.no(
                f"{name_of(b)} is occupied: a hero cannot {where} an area another character "
                "stands in.",
                "grim.map.one_per_area",
            )
        if in_grimheim(b) and i < steps - 1:
            return Verdict.no(
                "Entering Grimheim ends the move; leaving again takes another move.",
                "grim.map.grimheim_ends_move",
            )
    rules = ["grim.map.hero_move"]
    if in_grimheim(folded[0]):
        rules.append("grim.map.grimheim_exit")
    if in_grimheim(folded[-1]):
        rules.append("grim.map.grimheim_ends_move")
    route = " → ".join(name_of(h) for h in folded)
    return Verdict.ok(
        f"{hero} may move {steps} of {allowance} areas.",
        *rules,
        effects=(f"{hero} moves {route}",),
    )


def hero_reachable(
    start: Coord, hero: str, occupied: Collection[Coord], *, extra: int = 0
) -> dict[Coord, list[Coord]]:
    """Every area ``hero`` can end a move in from ``start``, each with a shortest legal path
    (start first). Grimheim appears under its centre. Used to light up tappable areas."""
    allowance = hero_move_allowance(hero, extra)
    origin = area(start)
    paths: dict[Coord, list[Coord]] = {origin: [origin]}
    queue = deque([origin])
    while queue:
        cur = queue.popleft()
        if len(paths[cur]) - 1 >= allowance or (in_grimheim(cur) and cur != origin):
            continue
        for n in move_neighbours(cur):
            if n in paths or terrain_problem(n) or _blocked(n, occupied):
                continue
            paths[n] = [*paths[cur], n]
            queue.append(n)
    del paths[origin]
    return paths


def move_steps(
    start: Coord, goal: Coord, hero: str, occupied: Collection[Coord], *, extra: int = 0
) -> tuple[Coord, ...] | None:
    """The path a ``move`` action records to take ``hero`` from ``start`` to ``goal`` along
    a shortest legal route, or ``None`` if no legal move ends there.

    This is the one definition of a move's path shared by the map and the rules: the areas
    ENTERED, in order, without the starting area (Grimheim written as its centre). The
    rules check it as ``check_hero_move([start, *path], ...)``."""
    full = hero_reachable(start, hero, occupied, extra=extra).get(area(goal))
    return None if full is None else tuple(full[1:])


def hero_can_reach(
    start: Coord, goal: Coord, hero: str, occupied: Collection[Coord], *, extra: int = 0
) -> Verdict:
    """Can ``hero`` at ``start`` end one move action at ``goal``? Legal verdicts carry the
    shortest legal path as their effect; illegal ones say what stands in the way."""
    if not on_map(goal):
        return Verdict.no(f"{goal[0]},{goal[1]} is not an area of the map.", "grim.map.grid")
    if area(goal) == area(start):
        return Verdict.no(f"{hero} already stands in {name_of(goal)}.", "grim.map.hero_move")
    problem = terrain_problem(goal)
    if problem is not None:
        return Verdict.no(*problem)
    if _blocked(goal, occupied):
        return Verdict.no(
            f"{name_of(goal)} is occupied: only one character may stand in an area.",
            "grim.map.one_per_area",
        )
    paths = hero_reachable(start, hero, occupied, extra=extra)
    path = paths.get(area(goal))
    if path is not None:
        return check_hero_move(path, hero, occupied, extra=extra)
    allowance = hero_move_allowance(hero, extra)
    open_route = hero_reachable(start, hero, occupied, extra=40).get(area(goal))
    if open_route is None:
        return Verdict.no(
            f"No open route leads from {name_of(start)} to {name_of(goal)}: occupied areas, "
            "mountains or lakes close every way.",
            "grim.map.one_per_area",
            "grim.map.hero_move",
        )
    return Verdict.no(
        f"{name_of(goal)} is {len(open_route) - 1} areas away by the shortest open route; "
        f"{hero} moves up to {allowance}.",
        "grim.map.hero_move",
    )


# ----- monster movement --------------------------------------------------------------------


def monster_next_step(h: Coord) -> Coord | None:
    """The area a monster at ``h`` moves into next along its printed path toward Grimheim
    (may be a Grimheim hex), or ``None`` in Grimheim or where no path leads on."""
    if in_grimheim(h) or not on_map(h):
        return None
    direction = data.load().hexes[h].dir
    if direction is None:
        return None
    nxt = step(h, direction)
    return nxt if on_map(nxt) else None


@cache
def steps_to_grimheim(h: Coord) -> int:
    """How many monster steps separate ``h`` from Grimheim along its path (0 inside).

    Raises ``ValueError`` for an area no path leaves from."""
    count, cur = 0, h
    while not in_grimheim(cur):
        nxt = monster_next_step(cur)
        if nxt is None:
            raise ValueError(f"no monster path leads from {name_of(h)}")
        cur, count = nxt, count + 1
    return count


def monster_path_to_grimheim(h: Coord) -> list[Coord]:
    """The full path from ``h`` (excluded) into Grimheim (the last entry is a Grimheim hex)."""
    out: list[Coord] = []
    cur: Coord | None = h
    while cur is not None and not in_grimheim(cur):
        cur = monster_next_step(cur)
        if cur is not None:
            out.append(cur)
    return out


def is_legend(monster: str) -> bool:
    return monster in data.load().legends


def attack_range(monster: str) -> int:
    """Fire Horde monsters reach 2 areas, everything else 1 (grim.monster.fire_range)."""
    d = data.load()
    faction = d.monsters[monster].faction if monster in d.monsters else d.legends[monster].faction
    return 2 if faction == "fire_horde" else 1


def monster_steps(monster: str, level: int = 1) -> int:
    """Areas of a monster's normal movement: 1, goblins 2 (grim.monster.goblin_move)."""
    d = data.load()
    if monster in d.monsters:
        return d.monsters[monster].steps
    if monster in d.legends:
        return d.legends[monster].levels[level].steps
    raise ValueError(f"unknown monster {monster!r}")


def can_attack_from(monster: str, h: Coord, heroes: Iterable[Coord]) -> bool:
    """Whether ``monster`` standing at ``h`` has a hero within its attack range."""
    reach = attack_range(monster)
    for hero in heroes:
        dist = attack_distance(h, hero)
        if dist is not None and 1 <= dist <= reach:
            return True
    return False


def next_to_hero(h: Coord, heroes: Iterable[Coord]) -> bool:
    return any(adjacent(h, hero) for hero in heroes)


def monster_path(
    kind: str,
    start: Coord,
    occupied: Collection[Coord],
    *,
    heroes: Collection[Coord] = (),
    charge: bool = False,
    level: int = 1,
) -> list[Coord]:
    """The areas one monster enters during the movement phase (empty if it stays).

    ``occupied``: areas of every other character (heroes included); ``heroes``: where the
    heroes stand. A monster next to a hero never moves and stops as soon as it comes next
    to one (grim.monster.adjacent_stays, grim.monster.stop_beside_hero). It moves its normal
    steps along its path while the next area is free (grim.monster.blocked); it takes one
    more step when ``charge`` is set (skull turns, the monster die) or when only that extra
    step lets it attack (grim.monster.charge). Entering Grimheim ends the path. Legends are
    not stopped by monsters here: the phase swaps them (see ``resolve_monster_moves``).
    """
    if next_to_hero(start, heroes):
        return []
    path: list[Coord] = []
    cur = start

    def advance() -> bool:
        nonlocal cur
        nxt = monster_next_step(cur)
        if nxt is None:
            return False
        if not _passable(kind, nxt, occupied, heroes):
            return False
        path.append(nxt)
        cur = nxt
        return True

    for _ in range(monster_steps(kind, level)):
        if not advance() or in_grimheim(cur) or next_to_hero(cur, heroes):
            return path
    wants_charge = charge or (
        not can_attack_from(kind, cur, heroes) and _charge_would_attack(kind, cur, occupied, heroes)
    )
    if wants_charge:
        advance()
    return path


def _charge_would_attack(
    kind: str, cur: Coord, occupied: Collection[Coord], heroes: Collection[Coord]
) -> bool:
    nxt = monster_next_step(cur)
    if nxt is None or in_grimheim(nxt):
        return False
    return _passable(kind, nxt, occupied, heroes) and can_attack_from(kind, nxt, heroes)


def _passable(
    kind: str, nxt: Coord, occupied: Collection[Coord], heroes: Collection[Coord]
) -> bool:
    """Whether a monster may step into ``nxt``: Grimheim and free areas always; an area
    holding a monster only for a Legend, which swaps with it (grim.monster.legend_swap)."""
    if in_grimheim(nxt) or nxt not in occupied:
        return True
    return is_legend(kind) and nxt not in heroes


@dataclass(frozen=True)
class MonsterMove:
    """One monster's movement: where it started, the areas it entered, whether it charged,
    whether it reached Grimheim, and the monster a Legend swapped places with (if any)."""

    start: Coord
    monster: str
    path: tuple[Coord, ...]
    charged: bool
    entered_grimheim: bool
    swapped: tuple[tuple[Coord, Coord], ...] = ()


@dataclass(frozen=True)
class MovementPhase:
    """The outcome of a whole movement phase: each move in the order resolved and where
    every monster ends (monsters that entered Grimheim are gone from ``positions``)."""

    moves: tuple[MonsterMove, ...]
    positions: dict[Coord, str] = field(default_factory=dict)

    @property
    def town_pieces_lost(self) -> int:
        """1 per monster that reached Grimheim, 3 per Legend (grim.monster.enters_grimheim)."""
        return sum(3 if is_legend(m.monster) else 1 for m in self.moves if m.entered_grimheim)


def movement_order(monsters: Iterable[Coord]) -> list[Coord]:
    """Closest to Grimheim along its path first; on equal distance a monster already on a
    road goes first (grim.monster.order); then by (y, x) so the order is always defined."""
    hexes = data.load().hexes
    return sorted(monsters, key=lambda h: (_steps_or_far(h), not hexes[h].road, h[1], h[0]))


def _steps_or_far(h: Coord) -> int:
    """``steps_to_grimheim``, or a distance past every path for an area no path leaves
    (a corrected or imported state may hold one; such a monster simply never moves)."""
    try:
        return steps_to_grimheim(h)
    except ValueError:
        return 10_000


def resolve_monster_moves(
    monsters: Mapping[Coord, str],
    heroes: Collection[Coord],
    *,
    charge_all: bool = False,
    charging: Collection[Coord] = (),
    levels: Mapping[Coord, int] | None = None,
) -> MovementPhase:
    """Move every monster once, in ``movement_order``, each finishing before the next.

    ``monsters`` maps areas to monster keys (``MonsterKind.key`` or a Legend key);
    ``heroes`` are the heroes' areas; ``charge_all`` is a skull turn; ``charging`` lists
    monsters charging for another reason (the monster die's rank-1 charge); ``levels`` gives
    Legends' sides (default 1). A Legend entering a monster's area swaps places with it.
    """
    positions = dict(monsters)
    hero_set = set(heroes)
    moves: list[MonsterMove] = []
    for start in movement_order(monsters):
        kind = positions.pop(start)
        occupied = set(positions) | {h for h in hero_set if not in_grimheim(h)}
        level = (levels or {}).get(start, 1)
        path = monster_path(
            kind,
            start,
            occupied,
            heroes=hero_set,
            charge=charge_all or start in charging,
            level=level,
        )
        normal = monster_steps(kind, level)
        charged = len(path) > normal
        swapped: list[tuple[Coord, Coord]] = []
        cur = start
        for nxt in path:
            if nxt in positions:  # only a Legend gets here: the other monster steps back
                positions[cur] = positions.pop(nxt)
                swapped.append((nxt, cur))
            cur = nxt
        entered = bool(path) and in_grimheim(path[-1])
        if not entered:
            positions[cur] = kind
        moves.append(MonsterMove(start, kind, tuple(path), charged, entered, tuple(swapped)))
    return MovementPhase(tuple(moves), positions)


def push_target(hero: Coord, occupied: Collection[Coord]) -> Coord | None:
    """Where the monster die's Push moves a hero: one area along the monster path toward
    Grimheim, if a hero may stand there and it is free; else ``None`` (grim.monster.die_push)."""
    nxt = monster_next_step(hero)
    if nxt is None:
        return None
    if in_grimheim(nxt):
        return nxt
    if terrain_problem(nxt) is not None or nxt in occupied:
        return None
    return nxt


def maneuver(
    hero: Coord,
    monsters: Mapping[Coord, str],
    blocked: Collection[Coord],
    *,
    clockwise: bool,
) -> dict[Coord, Coord]:
    """The monster die's Maneuver around the hero at ``hero``: every monster next to the
    hero moves one place around it at the same time (grim.monster.die_maneuver).

    Returns ``{from: to}`` for monsters that move. A monster moves if the next place around
    the hero is on the map, not a lake (except Nailfare), not in ``blocked`` (heroes), and
    empty or emptied by a monster that itself moves; a target inside Grimheim means the
    monster enters Grimheim. Heroes in Grimheim have no neighbours, so nothing rotates."""
    if in_grimheim(hero):
        return {}
    ring = [step(hero, d) for d in (CLOCKWISE if clockwise else CLOCKWISE[::-1])]
    target = {ring[i]: ring[(i + 1) % 6] for i in range(6)}
    hexes = data.load().hexes
    movers = {h for h in ring if h in monsters}

    def can_enter(t: Coord) -> bool:
        if t not in hexes or t in blocked:
            return False
        cell = hexes[t]
        return not (cell.terrain == "lake" and cell.location != NAILFARE)

    moving = {h for h in movers if can_enter(target[h])}
    # A monster whose target holds a monster that cannot move is stuck too; repeat until
    # stable (a full ring of six monsters all move together).
    changed = True
    while changed:
        changed = False
        for h in list(moving):
            t = target[h]
            if t in monsters and not in_grimheim(t) and t not in moving:
                moving.discard(h)
                changed = True
    return {h: target[h] for h in moving}


def die_proposal(
    face: str,
    heroes: Sequence[Coord],
    monsters: Mapping[Coord, str],
    *,
    goblins: int,
) -> tuple[tuple[tuple[Coord, Coord], ...], tuple[Coord, ...]]:
    """What the monster die's ``face`` does on the board, as the ``monster_die`` action
    records it: ``(shifts, ambush)``.

    ``heroes``: the heroes' areas in player order (a hero in Grimheim at any of its hexes);
    ``monsters``: areas to monster keys; ``goblins``: goblins left in the supply.

    * maneuver_1 / maneuver_2: hero by hero in player order, ``maneuver`` turns the monsters
      next to that hero clockwise / counter-clockwise (grim.monster.die_maneuver). A monster
      turns at most once per roll; afterwards it stands still for later heroes and blocks
      like any monster that cannot turn (grim.monster.die_maneuver_once).
    * push: in player order, each hero next to a monster moves to its ``push_target``, areas
      taken by heroes already pushed counting as occupied (grim.monster.die_push).
    * ambush: one new goblin per hero outside Grimheim while the supply lasts, each in a
      free area outside Grimheim next to a different hero; earlier heroes first, areas a
      hero could stand in before mountains and lakes, then clockwise from north-east
      (grim.monster.die_ambush). Empty if no such placement exists.
    * any other face moves and places nothing.
    """
    outside = [h for h in heroes if not in_grimheim(h)]
    if face in ("maneuver_1", "maneuver_2"):
        positions = dict(monsters)
        turned: set[Coord] = set()
        shifts: list[tuple[Coord, Coord]] = []
        for hero in heroes:
            fresh = {h: k for h, k in positions.items() if h not in turned}
            moved = maneuver(hero, fresh, {*outside, *turned}, clockwise=face == "maneuver_1")
            kinds = {frm: positions.pop(frm) for frm in moved}
            for frm, to in moved.items():
                shifts.append((frm, to))
                if not in_grimheim(to):
                    positions[to] = kinds[frm]
                    turned.add(to)
        return tuple(shifts), ()
    if face == "push":
        occupied = {*monsters, *outside}
        pushes: list[tuple[Coord, Coord]] = []
        for hero in outside:
            if not any(adjacent(hero, m) for m in monsters):
                continue
            target = push_target(hero, occupied - {hero})
            if target is None:
                continue
            pushes.append((hero, target))
            occupied.discard(hero)
            if not in_grimheim(target):
                occupied.add(target)
        return tuple(pushes), ()
    if face == "ambush":
        return (), ambush_spots(outside, {*monsters, *outside}, goblins)
    return (), ()


def ambush_spots(
    outside: Sequence[Coord], taken: Collection[Coord], goblins: int
) -> tuple[Coord, ...]:
    """The monster die's Ambush: one new goblin next to as many different heroes outside
    Grimheim as the free areas and the supply allow (grim.monster.die_ambush,
    grim.assume.ambush_no_room).

    ``outside``: the heroes' areas outside Grimheim in player order; ``taken``: areas
    holding a character. A goblin needs a free area outside Grimheim that a monster may
    stand in (never a plain lake). Earlier heroes are served first, areas a hero could
    stand in before mountains, then clockwise from north-east. The result is as long as
    ``ambush_room`` says."""
    need = ambush_room(outside, taken, goblins)

    def spots(hero: Coord) -> list[Coord]:
        return sorted(_ambush_candidates(hero, taken), key=lambda n: terrain_problem(n) is not None)

    def place(i: int, used: tuple[Coord, ...]) -> tuple[Coord, ...] | None:
        if len(used) == need:
            return used
        if len(outside) - i < need - len(used):
            return None
        for spot in spots(outside[i]):
            if spot not in used and (found := place(i + 1, (*used, spot))) is not None:
                return found
        return place(i + 1, used)  # this hero gets none (no room or the supply is short)

    return place(0, ()) or ()


def _ambush_candidates(hero: Coord, taken: Collection[Coord]) -> list[Coord]:
    return [
        n
        for n in neighbours(hero)
        if not in_grimheim(n) and n not in taken and monster_terrain_problem(n) is None
    ]


def ambush_room(outside: Sequence[Coord], taken: Collection[Coord], goblins: int) -> int:
    """How many goblins an Ambush places: one per hero outside Grimheim, limited by the
    supply and by free areas next to the heroes (each goblin beside a different hero, on
    a different area): the size of the largest such matching."""
    match: dict[Coord, int] = {}

    def augment(i: int, seen: set[Coord]) -> bool:
        for n in _ambush_candidates(outside[i], taken):
            if n in seen:
                continue
            seen.add(n)
            if n not in match or augment(match[n], seen):
                match[n] = i
                return True
        return False

    size = sum(1 for i in range(len(outside)) if augment(i, set()))
    return min(size, max(goblins, 0))


# ----- drawing -----------------------------------------------------------------------------

SQRT3 = math.sqrt(3.0)


def _raw_center(x: int, y: int, size: float) -> tuple[float, float]:
    return (size * SQRT3 * (x + y / 2.0), size * 1.5 * y)


@cache
def _origin(size: float) -> tuple[float, float]:
    xs, ys = zip(*(_raw_center(x, y, size) for x, y in data.load().hexes), strict=True)
    return (min(xs) - size * SQRT3 / 2.0, min(ys) - size)


def hex_center(x: int, y: int, size: float) -> tuple[float, float]:
    """Pixel centre of hex ``(x, y)`` for pointy-top hexes of circumradius ``size``, placed
    so the whole board starts at (0, 0) (see ``board_size``)."""
    ox, oy = _origin(size)
    px, py = _raw_center(x, y, size)
    return (px - ox, py - oy)


def hex_corners(x: int, y: int, size: float) -> list[tuple[float, float]]:
    """The six corners of hex ``(x, y)`` clockwise from the top, for drawing outlines."""
    cx, cy = hex_center(x, y, size)
    return [
        (cx + size * math.cos(math.radians(a)), cy + size * math.sin(math.radians(a)))
        for a in (-90, -30, 30, 90, 150, 210)
    ]


def board_size(size: float) -> tuple[float, float]:
    """Width and height in pixels of the whole board drawn with ``hex_center``."""
    pts = [hex_center(x, y, size) for x, y in data.load().hexes]
    return (
        max(p[0] for p in pts) + size * SQRT3 / 2.0,
        max(p[1] for p in pts) + size,
    )


def hex_at(px: float, py: float, size: float) -> Coord | None:
    """The map hex under pixel ``(px, py)`` (inverse of ``hex_center``), or ``None``."""
    ox, oy = _origin(size)
    rx, ry = px + ox, py + oy
    fy = ry / (1.5 * size)
    fx = rx / (SQRT3 * size) - fy / 2.0
    # cube rounding
    cx, cz = fx, fy
    cy = -cx - cz
    rxi, ryi, rzi = round(cx), round(cy), round(cz)
    dx, dy, dz = abs(rxi - cx), abs(ryi - cy), abs(rzi - cz)
    if dx > dy and dx > dz:
        rxi = -ryi - rzi
    elif dy <= dz:
        rzi = -rxi - ryi
    h = (int(rxi), int(rzi))
    return h if on_map(h) else None
