"""Behaviours that are easy to break without any other test noticing: each is pinned here by
the rule it rests on."""

from __future__ import annotations

from dataclasses import replace

from rules.scales_of_fate import (
    Announce,
    Criterion,
    GodSmite,
    GodSwitch,
    Pass,
    PlaceDemigod,
    PlaceServant,
    TileSpec,
)
from rules.scales_of_fate.components import SLOTS, TILE_POSITIONS

from .helpers import playing, refused, run


def test_sof_assume_flipped_tile_must_still_be_filled() -> None:
    # Ana takes the only tile; Ben smites her demigod off it: the tile is flipped and open.
    state = run(playing((TileSpec("v00", "hadria"),)), PlaceDemigod(0, "Pentha", "v00"))
    state = run(state, GodSmite(1, "Pentha"))
    tile = state.tile("v00")
    assert tile is not None and tile.flipped
    assert state.phase == "play", "the Age ended with a flipped tile still open"
    assert [t.position for t in state.open_tiles()] == ["v00"]
    # Ana still holds her servant; Ben may not pass while a (flipped) tile is open.
    state = run(state, PlaceServant(0, "hadria", "L0"))
    verdict = refused(state, Pass(1))
    assert verdict.rules == ("sof.pass",) and "tile" in verdict.reason
    # Filling it ends the Age: a flipped tile gives no action, so nothing is left to place.
    state = run(state, PlaceDemigod(1, "Naka", "v00"))
    assert state.held(1) == ()
    assert state.phase == "announce"


def test_sof_age_announce_question_is_judged_after_the_abyss_scores() -> None:
    # Agamar sits in the Abyss at 7; the marker on the right side gives +3 at the end of
    # the Age. The question (renown 8 or more) must see Agamar at 10, not at 7.
    state = run(
        playing((TileSpec("v00", "penance"),), criterion=Criterion(min_renown=8), abyss=(-2, 3)),
        PlaceDemigod(0, "Pentha", "v00"),
    )
    state = replace(
        state,
        where={**state.where, "Agamar": "abyss"},
        abyss_marker=1,
        turn=0,
    )
    after = run(state, PlaceServant(0, "penance", "B2"))
    assert after.phase == "announce"
    assert after.renown["Agamar"] == 10
    fitting = after.history[-1].fitting
    assert fitting is not None and "Agamar" in fitting
    assert "Pentha" not in fitting  # still at 7


def test_sof_pass_a_passed_player_cannot_place_a_servant() -> None:
    # Ben passed and then stole Ana's Penance token with the Steal god power.
    state = run(playing((TileSpec("v00", "penance"),)), PlaceDemigod(0, "Pentha", "v00"))
    state = replace(
        state,
        passed=(False, True),
        servants={**state.servants, "penance": "held-1"},
        turn=1,
    )
    verdict = refused(state, PlaceServant(1, "penance", "L0"))
    assert verdict.rules == ("sof.pass",)
    assert "passed" in verdict.reason


def test_sof_new_age_reset_clears_the_passed_flags() -> None:
    state = run(playing((TileSpec("v00", "penance"),)), PlaceDemigod(0, "Pentha", "v00"))
    state = replace(state, passed=(False, True), turn=0)
    state = run(state, PlaceServant(0, "penance", "B2"), Announce(0, False), Announce(1, False))
    assert state.phase == "setup" and state.age == 2
    assert state.passed == (False, False)
    assert state.turn == state.first_player == 1
    # The Age card and its Abyss outcomes leave with the old Age; its record stays.
    assert (state.abyss_left, state.abyss_right, state.abyss_marker) == (0, 0, 0)
    assert state.criterion == Criterion()
    assert [(r.age, r.criterion) for r in state.history] == [(1, Criterion(min_renown=8))]


def test_sof_assume_both_passed_unplaced_servants_return_at_the_end_of_the_age() -> None:
    # Every tile is covered; Ben passed and then stole the Vesper token he may not place.
    tiles = (TileSpec("v00", "penance"), TileSpec("v01", "vesper"))
    state = run(playing(tiles), PlaceDemigod(0, "Pentha", "v00"), PlaceDemigod(1, "Naka", "v01"))
    state = run(state, PlaceServant(0, "penance", "B2"))
    state = replace(
        state, passed=(False, True), servants={**state.servants, "vesper": "held-1"}, turn=0
    )
    assert state.held(1) == ("vesper",)
    state = run(state, Pass(0))
    assert state.phase == "announce", "both players passed but the Age went on"
    state = run(state, Announce(0, False), Announce(1, False))
    assert state.phase == "setup"
    assert set(state.servants.values()) == {"supply"}
    assert state.held(0) == state.held(1) == ()


def test_sof_god_switch_does_not_flip_a_tile() -> None:
    tiles = (TileSpec("v00", "penance"), TileSpec("v01", "vesper"))
    state = run(playing(tiles), PlaceDemigod(0, "Pentha", "v00"))
    state = run(state, GodSwitch(1, "Pentha", "Klar"))
    assert state.where["Klar"] == "v00" and state.where["Pentha"] == "off"
    tile = state.tile("v00")
    assert tile is not None and not tile.flipped
    assert all(not t.flipped for t in state.tiles)


def test_sof_assume_servant_slots_are_twelve_around_the_grid() -> None:
    assert sorted(SLOTS) == sorted(f"{side}{i}" for side in "LRTB" for i in range(3))
    for i in range(3):
        assert SLOTS[f"L{i}"] == ((i, 0), ((i, 0), (i, 1), (i, 2)))
        assert SLOTS[f"R{i}"] == ((i, 2), ((i, 0), (i, 1), (i, 2)))
        assert SLOTS[f"T{i}"] == ((0, i), ((0, i), (1, i), (2, i)))
        assert SLOTS[f"B{i}"] == ((2, i), ((0, i), (1, i), (2, i)))
    assert len(TILE_POSITIONS) == 12
    state = run(playing((TileSpec("v00", "penance"),)), PlaceDemigod(0, "Pentha", "v00"))
    state = replace(state, turn=0)
    verdict = refused(state, PlaceServant(0, "penance", "X9"))
    assert "sof.assume.servant-slots" in verdict.rules
