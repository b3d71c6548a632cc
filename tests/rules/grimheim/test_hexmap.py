"""The hex map: geometry, hero moves, monster paths and the movement phase, drawing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.core import RuleIndex
from rules.grimheim import data, hexmap

PKG = Path(data.__file__).resolve().parent
G = data.GRIMHEIM_CENTRE


def test_grim_map_grid_neighbours_and_distance() -> None:
    assert hexmap.neighbours(G) == [(10, 8), (10, 9), (9, 10), (8, 10), (8, 9), (9, 8)]
    assert len(hexmap.neighbours((9, 1))) == 3  # a corner of the board
    assert hexmap.distance(G, (9, 1)) == 8
    assert hexmap.distance((1, 9), (17, 9)) == 16
    for h in data.load().hexes:
        assert hexmap.distance(G, h) <= 8
        for n in hexmap.neighbours(h):
            assert hexmap.distance(h, n) == 1


def test_directions_match_the_clock() -> None:
    assert hexmap.step(G, 1) == (10, 8)  # NE
    assert hexmap.step(G, 3) == (10, 9)  # E
    assert hexmap.step(G, 9) == (8, 9)  # W
    assert hexmap.step(G, 11) == (9, 8)  # NW


def test_grim_map_grimheim_apart() -> None:
    assert hexmap.adjacent((8, 9), (10, 8))  # two heroes in town
    assert not hexmap.adjacent((8, 9), (7, 9))  # town and outside never touch
    assert not hexmap.adjacent((7, 9), (8, 9))
    assert hexmap.adjacent((7, 9), (7, 10))
    assert hexmap.attack_distance((8, 9), (7, 9)) is None
    assert hexmap.attack_distance((8, 9), (10, 10)) is None


def test_grim_combat_range_counts_around_grimheim() -> None:
    # Straight across the town is 4 hexes, but the count must go around its border.
    west, east = (7, 9), (11, 9)
    assert hexmap.distance(west, east) == 4
    assert hexmap.attack_distance(west, east) == 6
    # Mountains and characters never block: the same distance as the grid elsewhere.
    assert hexmap.attack_distance((13, 4), (13, 6)) == 2


def test_grimheim_border_and_exit_excludes_the_mountain() -> None:
    border = hexmap.grimheim_border()
    assert len(border) == 12
    mountains = [h for h in border if data.load().hexes[h].terrain == "mountain"]
    assert mountains == [(9, 11)]
    reach = hexmap.hero_reachable((8, 9), "Bjorn", set())
    assert (9, 11) not in reach
    assert all(h in reach for h in border if h != (9, 11))


# ----- hero moves --------------------------------------------------------------------------


def test_grim_map_hero_move_three_areas_embla_four() -> None:
    path = [(8, 9), (7, 9), (6, 9), (5, 9)]
    assert hexmap.check_hero_move(path, "Bjorn", set()).legal
    longer = [*path, (4, 9)]
    verdict = hexmap.check_hero_move(longer, "Bjorn", set())
    assert not verdict.legal and verdict.rules == ("grim.map.hero_move",)
    assert "up to 3" in verdict.reason
    assert hexmap.check_hero_move(longer, "Embla", set()).legal
    assert hexmap.check_hero_move(longer, "Bjorn", set(), extra=1).legal  # Move +1
    ok = hexmap.check_hero_move(path, "Bjorn", set())
    assert ok.effects and "Grimheim" in ok.effects[0]
    assert "grim.map.grimheim_exit" in ok.rules


def test_grim_map_hero_move_needs_adjacent_steps() -> None:
    verdict = hexmap.check_hero_move([(7, 9), (5, 9)], "Bjorn", set())
    assert not verdict.legal and "one area at a time" in verdict.reason
    assert not hexmap.check_hero_move([(7, 9)], "Bjorn", set()).legal
    # Walking between Grimheim's hexes is not a move at all.
    assert not hexmap.check_hero_move([(8, 9), (9, 9)], "Bjorn", set()).legal


def test_grim_map_one_per_area() -> None:
    path = [(8, 9), (7, 9), (6, 9), (5, 9)]
    through = hexmap.check_hero_move(path, "Bjorn", {(6, 9)})
    assert not through.legal and through.rules == ("grim.map.one_per_area",)
    assert "pass through" in through.reason
    onto = hexmap.check_hero_move(path, "Bjorn", {(5, 9)})
    assert not onto.legal and "end on" in onto.reason
    # Grimheim is never full.
    assert hexmap.check_hero_move([(7, 9), (8, 9)], "Bjorn", {(8, 9), (9, 9)}).legal


def test_grim_map_mountain_except_troll_caves() -> None:
    # (9, 11) is the mountain beside Grimheim; (5, 7) is in the Troll Caves.
    verdict = hexmap.check_hero_move([(9, 10), (9, 11)], "Bjorn", set())
    assert not verdict.legal and verdict.rules == ("grim.map.mountain",)
    assert "Troll Caves" in verdict.reason
    caves = data.load().locations["Troll Caves"]
    assert all(data.load().hexes[c].terrain == "mountain" for c in caves)
    assert all(hexmap.terrain_problem(c) is None for c in caves)
    into_caves = hexmap.hero_can_reach((7, 7), (6, 7), "Bjorn", set())
    assert into_caves.legal and into_caves.effects


def test_grim_map_lake_except_nailfare() -> None:
    lake = (16, 6)  # a lake area outside Nailfare
    assert data.load().hexes[lake].terrain == "lake"
    verdict = hexmap.hero_can_reach((15, 6), lake, "Bjorn", set())
    assert not verdict.legal and verdict.rules == ("grim.map.lake",)
    assert "Nailfare" in verdict.reason
    nailfare = data.load().locations["Nailfare"]
    assert all(hexmap.terrain_problem(c) is None for c in nailfare)
    assert hexmap.hero_can_reach((15, 5), nailfare[0], "Bjorn", set()).legal


def test_grim_map_grimheim_ends_move() -> None:
    # Through the town and out the other side in one move is not allowed.
    verdict = hexmap.check_hero_move([(7, 9), (8, 9), (11, 9)], "Embla", set())
    assert not verdict.legal and verdict.rules == ("grim.map.grimheim_ends_move",)
    into = hexmap.check_hero_move([(6, 9), (7, 9), (8, 9)], "Bjorn", set())
    assert into.legal and "grim.map.grimheim_ends_move" in into.rules
    # Reachable areas never continue past Grimheim.
    reach = hexmap.hero_reachable((6, 9), "Embla", set())
    assert G in reach and (11, 9) not in reach


def test_hero_can_reach_gives_shortest_path_and_reasons() -> None:
    verdict = hexmap.hero_can_reach((8, 9), (5, 9), "Bjorn", set())
    assert verdict.legal and verdict.effects
    far = hexmap.hero_can_reach((8, 9), (4, 9), "Bjorn", set())
    assert not far.legal and "4 areas away" in far.reason
    walled = {(7, 9), (7, 10), (8, 8), (7, 11), (8, 11), (9, 7), (10, 7), (10, 10), (11, 7)}
    walled |= {(11, 8), (11, 9)}
    boxed = hexmap.hero_can_reach((8, 9), (5, 9), "Bjorn", walled)
    assert not boxed.legal and "No open route" in boxed.reason
    with pytest.raises(ValueError, match="unknown hero"):
        hexmap.hero_can_reach((8, 9), (5, 9), "Thor", set())


# ----- monsters ----------------------------------------------------------------------------


def test_grim_monster_path_reaches_grimheim_from_everywhere() -> None:
    d = data.load()
    for h, cell in d.hexes.items():
        if hexmap.in_grimheim(h) or cell.dir is None:
            continue
        path = hexmap.monster_path_to_grimheim(h)
        assert hexmap.in_grimheim(path[-1])
        for a in path[:-1]:
            here = d.hexes[a]
            # never through a lake other than Nailfare; once on a road, stays on it
            assert here.terrain != "lake" or here.location == "Nailfare"
        roads = [d.hexes[a].road for a in [h, *path[:-1]]]
        if True in roads:
            assert all(roads[roads.index(True) :])


def test_grim_monster_goblin_move_and_blocking() -> None:
    # A goblin far from heroes moves 2, a troll 1.
    assert hexmap.monster_path("goblin", (11, 3), set()) == [(11, 4), (11, 5)]
    assert hexmap.monster_path("troll", (11, 3), set()) == [(11, 4)]
    # A full area in front stops it.
    assert hexmap.monster_path("goblin", (11, 3), {(11, 4)}) == []
    assert hexmap.monster_path("goblin", (11, 3), {(11, 5)}) == [(11, 4)]


def test_grim_monster_adjacent_stays_and_stops_beside_hero() -> None:
    assert hexmap.monster_path("goblin", (11, 3), {(12, 3)}, heroes={(12, 3)}) == []
    # After one step the goblin stands next to the hero at (12, 4) and stops there.
    hero = (12, 4)
    assert hexmap.adjacent((11, 4), hero)
    assert hexmap.monster_path("goblin", (11, 3), {hero}, heroes={hero}) == [(11, 4)]


def test_grim_monster_charge() -> None:
    # Skull turn: 1 extra step for a troll, 3 for a goblin.
    assert hexmap.monster_path("troll", (11, 3), set(), charge=True) == [(11, 4), (11, 5)]
    assert len(hexmap.monster_path("goblin", (11, 2), set(), charge=True)) == 3
    # A Fire Horde monster that can already attack from range 2 does not charge by itself.
    hero = (11, 7)
    assert hexmap.attack_distance((11, 5), hero) == 2
    assert hexmap.monster_path("sprite", (11, 4), {hero}, heroes={hero}) == [(11, 5)]


def test_grim_monster_order_movement_example() -> None:
    """The rulebook's movement example, laid out on the real map.

    Goblin A is next to Embla and stays; brute B (on a road) and brute C (off it) both want
    the same road area: B goes first and C is blocked; trolls D and E step forward; troll F
    steps and then charges, because only the extra step lets it attack Embla."""
    embla = (13, 9)
    a, b, c, d_, e, f = (12, 9), (7, 7), (6, 8), (4, 13), (11, 3), (16, 8)
    monsters = {a: "goblin", b: "brute", c: "brute", d_: "troll", e: "troll", f: "troll"}
    board = data.load().hexes
    assert board[b].road and not board[c].road
    assert hexmap.monster_next_step(b) == hexmap.monster_next_step(c) == (7, 8)
    phase = hexmap.resolve_monster_moves(monsters, [embla])
    moves = {m.start: m for m in phase.moves}
    assert phase.moves[0].start == a  # closest to Grimheim first
    assert moves[a].path == ()
    assert moves[b].path == ((7, 8),)
    assert moves[c].path == ()
    assert [m.start for m in phase.moves].index(b) < [m.start for m in phase.moves].index(c)
    assert moves[d_].path == ((5, 12),) and not moves[d_].charged
    assert moves[e].path == ((11, 4),) and not moves[e].charged
    assert moves[f].path == ((15, 8), (14, 8)) and moves[f].charged
    assert hexmap.adjacent((14, 8), embla)
    assert phase.positions == {
        a: "goblin", (7, 8): "brute", c: "brute", (5, 12): "troll", (11, 4): "troll",
        (14, 8): "troll",
    }  # fmt: skip
    assert phase.town_pieces_lost == 0


def test_grim_monster_enters_grimheim_and_legend_swap() -> None:
    # A goblin two steps out walks into town; a Legend next to town costs 3 pieces.
    phase = hexmap.resolve_monster_moves({(7, 8): "goblin", (11, 8): "grendel"}, [])
    assert all(m.entered_grimheim for m in phase.moves)
    assert phase.positions == {}
    assert phase.town_pieces_lost == 4
    # Grendel behind a brute on a road: the brute is held by a hero beside it, so Grendel
    # swaps places with it and then stops, now next to the hero himself.
    road = (11, 6)
    ahead = hexmap.monster_next_step(road)
    assert ahead == (11, 7)
    hero = (12, 7)
    assert hexmap.adjacent(ahead, hero) and not hexmap.adjacent(road, hero)
    blocked = hexmap.resolve_monster_moves({ahead: "brute", road: "grendel"}, [hero])
    swap = {m.monster: m for m in blocked.moves}
    assert swap["brute"].path == ()
    assert swap["grendel"].path == (ahead,)
    assert swap["grendel"].swapped == ((ahead, road),)
    assert blocked.positions == {ahead: "grendel", road: "brute"}


def test_grim_monster_die_push_and_maneuver() -> None:
    assert hexmap.push_target((11, 3), set()) == (11, 4)
    assert hexmap.push_target((11, 3), {(11, 4)}) is None
    # Pushed from a Marsh of Sorrow edge area toward a plain mountain: no push.
    assert hexmap.push_target((16, 7), set()) is None
    hero = (12, 6)
    ring = [hexmap.step(hero, dd) for dd in hexmap.CLOCKWISE]
    moved = hexmap.maneuver(hero, {ring[0]: "goblin", ring[1]: "troll"}, set(), clockwise=True)
    assert moved == {ring[0]: ring[1], ring[1]: ring[2]}
    # Blocked by a hero standing where the troll would go: the goblin stays too.
    stuck = hexmap.maneuver(hero, {ring[0]: "goblin", ring[1]: "troll"}, {ring[2]}, clockwise=True)
    assert stuck == {}
    back = hexmap.maneuver(hero, {ring[0]: "goblin"}, set(), clockwise=False)
    assert back == {ring[0]: ring[5]}
    full = {h: "goblin" for h in ring}
    assert len(hexmap.maneuver(hero, full, set(), clockwise=True)) == 6
    assert hexmap.maneuver((8, 9), {(7, 9): "goblin"}, set(), clockwise=True) == {}


# ----- drawing -----------------------------------------------------------------------------


def test_hex_center_layout_round_trips() -> None:
    size = 20.0
    width, height = hexmap.board_size(size)
    centres = {h: hexmap.hex_center(h[0], h[1], size) for h in data.load().hexes}
    for h, (px, py) in centres.items():
        assert 0 < px < width and 0 < py < height
        assert hexmap.hex_at(px, py, size) == h
        for n in hexmap.neighbours(h):
            nx, ny = centres[n]
            assert ((nx - px) ** 2 + (ny - py) ** 2) ** 0.5 == pytest.approx(size * 3**0.5)
    assert hexmap.hex_at(-5.0, -5.0, size) is None
    assert len(hexmap.hex_corners(9, 9, size)) == 6


# ----- the rule index ----------------------------------------------------------------------


def test_every_cited_rule_id_is_in_the_index() -> None:
    index = RuleIndex.from_toml("grimheim", PKG / "rule_index_combat_map.toml")
    cited: set[str] = set()
    for name in ("odds.py", "hexmap.py", "build_data.py", "data.py"):
        cited |= set(
            re.findall(r"grim\.(?:map|combat|monster|dice)\.[a-z_]+", (PKG / name).read_text())
        )
    missing = sorted(r for r in cited if r not in index)
    assert not missing, missing
    for rule in index:
        if rule.id.startswith("core."):
            continue  # shared rules every index carries
        assert rule.id.startswith(("grim.map.", "grim.combat.", "grim.monster.", "grim.dice."))
        assert rule.text and rule.title
    assert {r.id for r in index.assumptions()} >= {
        "grim.map.highlands_extent", "grim.monster.spawn_pattern",
        "grim.monster.stop_beside_hero", "grim.combat.armor_after_bonus",
    }  # fmt: skip
