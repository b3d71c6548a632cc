"""Placing demigods and the five tile actions."""

from __future__ import annotations

from dataclasses import replace

from rules.scales_of_fate import GAME, Pass, PlaceDemigod, Tile, TileSpec

from .helpers import at, playing, refused, run


def test_sof_action_place_puts_an_off_board_demigod_on_an_open_tile() -> None:
    state = run(playing(), PlaceDemigod(0, "Pentha", "v00"))
    assert state.where["Pentha"] == "v00"
    assert state.turn == 1


def test_sof_action_place_refuses_placed_demigods_occupied_and_missing_tiles() -> None:
    state = run(playing(), PlaceDemigod(0, "Pentha", "v00"))
    verdict = refused(state, PlaceDemigod(1, "Pentha", "v01"))
    assert verdict.rules == ("sof.action.place",)
    assert "already" in verdict.reason
    assert "Pentha already stands" in refused(state, PlaceDemigod(1, "Klar", "v00")).reason
    assert "no action tile" in refused(state, PlaceDemigod(1, "Klar", "v12")).reason
    assert "not a demigod" in refused(state, PlaceDemigod(1, "Zeus", "v01")).reason


def test_sof_action_adjacent_tile_touches_exactly_two_quests() -> None:
    from rules.scales_of_fate.components import TILE_POSITIONS

    assert len(TILE_POSITIONS) == 12
    assert "h02" not in TILE_POSITIONS and "v20" not in TILE_POSITIONS
    assert TILE_POSITIONS["h01"] == ((0, 1), (0, 2))
    assert TILE_POSITIONS["v12"] == ((1, 2), (2, 2))
    for a, b in TILE_POSITIONS.values():
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def test_sof_action_smite_sends_an_off_board_demigod_to_the_abyss() -> None:
    state = playing()
    verdict = GAME.check(state, PlaceDemigod(0, "Naka", "h00", target="Agamar"))
    assert verdict.legal and "sof.action.smite" in verdict.rules
    assert "Agamar is sent to the Abyss." in verdict.effects
    state = run(state, PlaceDemigod(0, "Naka", "h00", target="Agamar"))
    assert state.where["Agamar"] == "abyss"


def test_sof_action_smite_needs_an_off_board_target() -> None:
    state = at(playing(), Klar="v00")
    assert refused(state, PlaceDemigod(0, "Naka", "h00")).rules == ("sof.action.smite",)
    assert "still off the board" in refused(state, PlaceDemigod(0, "Naka", "h00", "Klar")).reason
    assert refused(state, PlaceDemigod(0, "Naka", "h00", "Naka")).rules == ("sof.action.smite",)
    assert refused(state, PlaceDemigod(0, "Naka", "v00", "Agamar")).rules == ("sof.action.place",)


def test_sof_assume_smite_no_target_last_demigod_may_still_fill_the_tile() -> None:
    state = playing()
    others = {d: "abyss" for d in state.where if d != "Isabel"}
    state = at(state, **others)
    refused(state, PlaceDemigod(0, "Isabel", "h00", target="Pentha"))
    verdict = GAME.check(state, PlaceDemigod(0, "Isabel", "h00"))
    assert verdict.legal and "sof.assume.smite-no-target" in verdict.rules
    state = run(state, PlaceDemigod(0, "Isabel", "h00"))
    assert state.where["Isabel"] == "h00"


def test_sof_action_abyss_fate_moves_the_marker() -> None:
    state = run(playing(), PlaceDemigod(0, "Klar", "h01", direction="left"))
    assert state.abyss_marker == -1
    state = run(state, PlaceDemigod(1, "Naka", "h21", direction="right"))
    assert state.abyss_marker == 0
    assert refused(playing(), PlaceDemigod(0, "Klar", "h01")).rules == ("sof.action.abyss-fate",)


def test_sof_assume_abyss_step_marker_cannot_leave_the_track() -> None:
    state = replace(playing(), abyss_marker=1)
    verdict = refused(state, PlaceDemigod(0, "Klar", "h01", direction="right"))
    assert "sof.assume.abyss-step" in verdict.rules
    assert GAME.is_legal(state, PlaceDemigod(0, "Klar", "h01", direction="left"))


def test_sof_action_servant_tiles_give_their_token() -> None:
    state = run(
        playing(),
        PlaceDemigod(0, "Pentha", "v00"),
        PlaceDemigod(1, "Naka", "v01"),
        PlaceDemigod(0, "Klar", "v02"),
        PlaceDemigod(1, "Belan", "h10"),
    )
    assert state.servants == {
        "penance": "held-0",
        "vesper": "held-1",
        "hadria-1": "held-0",
        "hadria-2": "held-1",
    }
    refused(playing(), PlaceDemigod(0, "Pentha", "v00", direction="left"))


def test_sof_assume_servant_unavailable_placement_takes_nothing() -> None:
    tiles = (TileSpec("v00", "penance"), TileSpec("v01", "penance"), TileSpec("h00", "smite"))
    state = run(playing(tiles), PlaceDemigod(0, "Pentha", "v00"))
    verdict = GAME.check(state, PlaceDemigod(1, "Naka", "v01"))
    assert verdict.legal and "sof.assume.servant-unavailable" in verdict.rules
    state = run(state, PlaceDemigod(1, "Naka", "v01"))
    assert state.held(1) == ()
    assert state.where["Naka"] == "v01"


def test_sof_assume_flipped_tile_takes_a_demigod_without_action() -> None:
    state = playing()
    tiles = tuple(replace(t, flipped=True) if t.position == "h00" else t for t in state.tiles)
    state = replace(state, tiles=tiles)
    assert state.tile("h00") == Tile("h00", "smite", True)
    assert refused(state, PlaceDemigod(0, "Naka", "h00", "Agamar")).rules == ("sof.god.smite",)
    state = run(state, PlaceDemigod(0, "Naka", "h00"))
    assert all(state.where[d] != "abyss" for d in state.where)
    # still an action tile that must be covered: passing is refused while it was open
    assert not GAME.is_legal(playing(), Pass(0))
