"""Placing, removing and moving monster tiles by hand (card effects, table fixes), whole: the
sentence, the rules cited (grim.free.effects, grim.supply.conservation and the map rules each
refusal rests on), the effect lines, and the map and supply afterwards.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.core import Action, Verdict
from rules.grimheim import GAME
from rules.grimheim.actions import MoveMonster, PlaceMonster, RemoveMonster
from rules.grimheim.state import GRIMHEIM, GrimheimOptions, GrimheimState, MonsterTile, sorted_tiles

OGRE = (3, 9)  # Ogre Valley I3
BELOW = (3, 10)  # Ogre Valley J3, its neighbour
LAKE = (5, 5)  # E1, a plain lake
LAKESIDE = (6, 5)


def board(*tiles: MonsterTile, town: int = 6) -> GrimheimState:
    """Bjorn's turn (both heroes in Grimheim) with ``tiles`` on the map, taken from the supply."""
    state = GAME.setup(GrimheimOptions(heroes=("Bjorn", "Alva")))
    supply = dict(state.supply)
    for t in tiles:
        if not t.is_legend:
            supply[t.kind] -= 1
    return replace(
        state,
        phase="heroes",
        turn=0,
        town=town,
        monsters=sorted_tiles(list(tiles)),
        supply=supply,
        legends_in_play={t.kind: t.level for t in tiles if t.is_legend},
    )


def whole(verdict: Verdict) -> tuple[bool, str, tuple[str, ...], tuple[str, ...]]:
    return verdict.legal, verdict.reason, verdict.rules, verdict.effects


def where(state: GrimheimState) -> list[tuple[str, tuple[int, int]]]:
    return [(m.kind, m.at) for m in state.monsters]


def test_grim_free_effects_place_a_monster_from_the_supply() -> None:
    state = board()
    action = PlaceMonster("goblin", OGRE)
    assert whole(GAME.check(state, action)) == (
        True,
        "A Goblin is placed at Ogre Valley I3.",
        ("grim.free.effects",),
        ("Goblin supply → 19",),
    )
    after = GAME.apply(state, action)
    assert where(after) == [("goblin", OGRE)] and after.supply["goblin"] == 19


def test_grim_free_effects_remove_a_monster_to_the_supply() -> None:
    state = board(MonsterTile("brute", OGRE))
    verdict = GAME.check(state, RemoveMonster(OGRE))
    assert whole(verdict) == (
        True,
        "The Brute leaves the map.",
        ("grim.free.effects", "grim.supply.conservation"),
        ("back to the supply",),
    )
    after = GAME.apply(state, RemoveMonster(OGRE))
    assert after.monsters == () and after.supply["brute"] == 15 and after.town == 6
    legend = board(MonsterTile("grendel", OGRE, level=1))
    assert GAME.check(legend, RemoveMonster(OGRE)).reason == "The Grendel (I) leaves the map."
    assert GAME.apply(legend, RemoveMonster(OGRE)).legends_in_play == {}


def test_grim_free_effects_move_a_monster() -> None:
    state = board(MonsterTile("brute", OGRE))
    verdict = GAME.check(state, MoveMonster(OGRE, BELOW))
    assert whole(verdict) == (
        True,
        "A monster is moved.",
        ("grim.free.effects",),
        ("Brute: Ogre Valley I3 → Ogre Valley J3",),
    )
    after = GAME.apply(state, MoveMonster(OGRE, BELOW))
    assert where(after) == [("brute", BELOW)] and after.supply == state.supply


@pytest.mark.parametrize(
    ("tile", "town", "left"),
    [(MonsterTile("brute", OGRE), 6, 5), (MonsterTile("grendel", OGRE, level=1), 2, 0)],
)
def test_grim_monster_enters_grimheim_when_moved_there(
    tile: MonsterTile, town: int, left: int
) -> None:
    # A monster moved into any town hex enters it: 1 piece, a Legend 3 (never below 0).
    state = board(tile, town=town)
    for town_hex in [(9, 8), GRIMHEIM]:
        verdict = GAME.check(state, MoveMonster(OGRE, town_hex))
        name = "Brute" if not tile.is_legend else "Grendel (I)"
        assert whole(verdict) == (
            True,
            "A monster is moved.",
            ("grim.free.effects", "grim.monster.enters_grimheim"),
            (f"{name}: Ogre Valley I3 → Grimheim", f"it enters Grimheim: town → {left}"),
        )
        after = GAME.apply(state, MoveMonster(OGRE, town_hex))
        assert after.town == left and after.monsters == ()


KINDS = "goblin, brute, troll, sprite, elemental, jotunn, imp, skeleton, draugr"
NO_LAKE = "E1 is a lake: no monster may stand there (only Nailfare's lakes)."
EMPTY = board()
REFUSALS: dict[str, tuple[GrimheimState, Action, str, tuple[str, ...]]] = {
    "not a monster": (
        EMPTY,
        PlaceMonster("dragon", OGRE),
        f"'dragon' is not a monster; kinds: {KINDS}.",
        ("grim.supply.conservation",),
    ),
    "placed off the map": (
        EMPTY,
        PlaceMonster("goblin", (30, 9)),
        "Area 30,9 is not an area of the map.",
        ("grim.map.grid",),
    ),
    "placed in Grimheim": (
        EMPTY,
        PlaceMonster("goblin", (9, 8)),
        "Monsters are never placed in Grimheim.",
        ("grim.monster.enters_grimheim",),
    ),
    "placed in a lake": (EMPTY, PlaceMonster("goblin", LAKE), NO_LAKE, ("grim.map.lake",)),
    "placed on a monster": (
        board(MonsterTile("brute", OGRE)),
        PlaceMonster("goblin", OGRE),
        "Ogre Valley I3 is occupied.",
        ("grim.map.one_per_area",),
    ),
    "placed on a hero": (
        replace(EMPTY, heroes=(replace(EMPTY.heroes[0], at=OGRE), EMPTY.heroes[1])),
        PlaceMonster("goblin", OGRE),
        "Ogre Valley I3 is occupied.",
        ("grim.map.one_per_area",),
    ),
    "supply empty": (
        replace(EMPTY, supply={**EMPTY.supply, "goblin": 0}),
        PlaceMonster("goblin", OGRE),
        "The supply has no Goblin tiles left.",
        ("grim.supply.conservation",),
    ),
    "remove nothing": (
        EMPTY,
        RemoveMonster(OGRE),
        "There is no monster at Ogre Valley I3.",
        ("grim.free.effects",),
    ),
    "move nothing": (
        EMPTY,
        MoveMonster(OGRE, BELOW),
        "There is no monster at Ogre Valley I3.",
        ("grim.free.effects",),
    ),
    "moved off the map": (
        board(MonsterTile("brute", OGRE)),
        MoveMonster(OGRE, (3, 30)),
        "Area 3,30 is not an area of the map.",
        ("grim.map.grid",),
    ),
    "moved into a lake": (
        board(MonsterTile("brute", LAKESIDE)),
        MoveMonster(LAKESIDE, LAKE),
        NO_LAKE,
        ("grim.map.lake",),
    ),
    "moved onto a monster": (
        board(MonsterTile("brute", OGRE), MonsterTile("troll", BELOW)),
        MoveMonster(OGRE, BELOW),
        "Ogre Valley J3 is occupied.",
        ("grim.map.one_per_area",),
    ),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_grim_free_effects_refusals_read_whole(case: str) -> None:
    state, action, reason, rules = REFUSALS[case]
    assert whole(GAME.check(state, action)) == (False, reason, rules, ())


def test_grim_supply_conservation_the_last_tile_can_be_placed() -> None:
    last = replace(EMPTY, supply={**EMPTY.supply, "troll": 1}, untracked={"troll": 9})
    verdict = GAME.check(last, PlaceMonster("troll", OGRE))
    assert whole(verdict) == (
        True,
        "A Troll is placed at Ogre Valley I3.",
        ("grim.free.effects",),
        ("Troll supply → 0",),
    )
    after = GAME.apply(last, PlaceMonster("troll", OGRE))
    assert after.supply["troll"] == 0 and GAME.invariants(after) == []


def test_grim_supply_conservation_tiles_on_the_board_count_placed_and_untracked() -> None:
    # Two goblins placed, three the table reported without areas, a Legend not counted.
    state = board(
        MonsterTile("goblin", OGRE),
        MonsterTile("goblin", BELOW),
        MonsterTile("brute", (9, 3)),
        MonsterTile("grendel", (4, 9), level=1),
    )
    state = replace(state, untracked={"goblin": 3}, supply={**state.supply, "goblin": 15})
    assert state.on_board("goblin") == 5
    assert state.on_board("brute") == 1
    assert state.on_board("troll") == 0
    assert state.on_board("grendel") == 0
    assert GAME.invariants(state) == []
