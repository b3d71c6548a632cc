"""``hexmap.die_proposal``: what each monster die face moves or places, and that the
``monster_die`` action built from it is legal (grim.monster.die_maneuver,
grim.monster.die_maneuver_once, grim.monster.die_push, grim.monster.die_ambush)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.grimheim import GAME, data, hexmap
from rules.grimheim.actions import MonsterDie
from rules.grimheim.state import GRIMHEIM, GrimheimOptions, GrimheimState, MonsterTile, sorted_tiles

Coord = tuple[int, int]
BJORN, ALVA = (9, 5), (9, 7)  # (9, 6) touches both; (9, 7) borders Grimheim


def die_step(heroes: dict[str, Coord], monsters: dict[Coord, str]) -> GrimheimState:
    """A table at the monster die step with heroes and monsters where given."""
    state = GAME.setup(GrimheimOptions(heroes=tuple(heroes), monster_die=True))  # type: ignore[arg-type]
    placed = tuple(replace(h, at=heroes[h.name]) for h in state.heroes)
    supply = dict(state.supply)
    for kind in monsters.values():
        supply[kind] -= 1
    tiles = sorted_tiles([MonsterTile(kind, at) for at, kind in monsters.items()])
    return replace(
        state, heroes=placed, monsters=tiles, supply=supply, phase="monsters", monster_step="die"
    )


def proposal(state: GrimheimState, face: str) -> MonsterDie:
    shifts, ambush = hexmap.die_proposal(
        face,
        [h.at for h in state.heroes],
        {t.at: t.kind for t in state.monsters},
        goblins=state.supply["goblin"],
    )
    return MonsterDie(face, shifts, ambush)


def test_grim_monster_die_maneuver_turns_around_each_hero() -> None:
    # Clockwise around Bjorn: north-west (9, 4) goes to north-east (10, 4).
    shifts, ambush = hexmap.die_proposal("maneuver_1", [BJORN], {(9, 4): "goblin"}, goblins=20)
    assert (shifts, ambush) == ((((9, 4), (10, 4)),), ())
    shifts, _ = hexmap.die_proposal("maneuver_2", [BJORN], {(9, 4): "goblin"}, goblins=20)
    assert shifts == (((9, 4), (8, 5)),)


def test_grim_monster_die_maneuver_once_for_a_monster_between_two_heroes() -> None:
    # (9, 6) is south-east of Bjorn and north-west of Alva: it turns around Bjorn only.
    shifts, _ = hexmap.die_proposal("maneuver_1", [BJORN, ALVA], {(9, 6): "troll"}, goblins=20)
    assert shifts == (((9, 6), (8, 6)),)
    # In the other player order it turns around Alva instead.
    shifts, _ = hexmap.die_proposal("maneuver_1", [ALVA, BJORN], {(9, 6): "troll"}, goblins=20)
    assert shifts == (((9, 6), hexmap.step(ALVA, 1)),)


def test_grim_monster_die_maneuver_into_grimheim_and_heroes_block() -> None:
    east = hexmap.step(ALVA, 3)
    shifts, _ = hexmap.die_proposal("maneuver_1", [ALVA], {east: "goblin"}, goblins=20)
    assert len(shifts) == 1 and hexmap.in_grimheim(shifts[0][1])
    # A hero on the next place around blocks the turn around Bjorn; the same goblin is
    # next to that hero too, so it turns around that hero instead (once in all).
    se, east = hexmap.step(BJORN, 5), hexmap.step(BJORN, 3)
    shifts, _ = hexmap.die_proposal("maneuver_1", [BJORN, se], {east: "goblin"}, goblins=20)
    assert shifts == ((east, hexmap.step(se, 3)),)
    shifts, _ = hexmap.die_proposal("maneuver_1", [BJORN], {east: "goblin"}, goblins=20)
    assert shifts == (((10, 5), (9, 6)),)
    shifts, _ = hexmap.die_proposal(
        "maneuver_1", [BJORN], {east: "goblin", se: "troll", (8, 6): "troll"}, goblins=20
    )
    # Three in a row turn together, each into the place the next one leaves.
    assert set(shifts) == {(east, se), (se, (8, 6)), ((8, 6), (8, 5))}


def test_grim_monster_die_push_moves_heroes_toward_grimheim() -> None:
    shifts, _ = hexmap.die_proposal("push", [BJORN], {(9, 4): "goblin"}, goblins=20)
    assert shifts == ((BJORN, hexmap.monster_next_step(BJORN)),)
    # Not next to a monster: no push; in Grimheim: never.
    assert hexmap.die_proposal("push", [BJORN], {(12, 5): "goblin"}, goblins=20) == ((), ())
    assert hexmap.die_proposal("push", [GRIMHEIM], {(9, 7): "goblin"}, goblins=20) == ((), ())


def test_grim_monster_die_ambush_places_next_to_different_heroes() -> None:
    _, spots = hexmap.die_proposal("ambush", [BJORN, ALVA, GRIMHEIM], {}, goblins=20)
    assert len(spots) == 2 and len(set(spots)) == 2
    assert hexmap.adjacent(BJORN, spots[0]) and hexmap.adjacent(ALVA, spots[1])
    # Only one goblin left: one goblin, by the first hero.
    _, spots = hexmap.die_proposal("ambush", [BJORN, ALVA], {}, goblins=1)
    assert len(spots) == 1 and hexmap.adjacent(BJORN, spots[0])
    assert hexmap.die_proposal("ambush", [BJORN], {}, goblins=0) == ((), ())


@pytest.mark.parametrize("face", data.load().monster_die)
def test_grim_mturn_die_every_proposal_is_legal(face: str) -> None:
    state = die_step(
        {"Bjorn": BJORN, "Alva": ALVA},
        {(9, 4): "goblin", (9, 6): "troll", hexmap.step(ALVA, 3): "sprite"},
    )
    action = proposal(state, face)
    verdict = GAME.check(state, action)
    assert verdict.legal, verdict.reason
    after = GAME.apply(state, action)
    assert after.monster_step == "move"
    if face in ("maneuver_1", "maneuver_2", "push"):
        assert action.shifts
    if face == "ambush":
        assert len(action.ambush) == 2
        assert after.supply["goblin"] == state.supply["goblin"] - 2
