"""The three god powers."""

from __future__ import annotations

from rules.scales_of_fate import GAME, GodSmite, GodSteal, GodSwitch, PlaceDemigod

from .helpers import at, playing, refused, run


def test_sof_god_smite_reaches_a_tile_and_flips_it() -> None:
    state = run(playing(), PlaceDemigod(0, "Pentha", "v00"))
    verdict = GAME.check(state, GodSmite(1, "Pentha"))
    assert verdict.legal and "flipped" in verdict.reason
    state = run(state, GodSmite(1, "Pentha"))
    assert state.where["Pentha"] == "abyss"
    tile = state.tile("v00")
    assert tile is not None and tile.flipped
    assert state.god_powers["smite"] == 1
    # the tile is open again, but gives no action
    state = run(state, PlaceDemigod(0, "Klar", "v00"))
    assert state.held(0) == ("penance",)  # only the token Ana gained before


def test_sof_god_smite_off_board_demigod() -> None:
    state = run(playing(), GodSmite(0, "Isabel"))
    assert state.where["Isabel"] == "abyss"
    assert all(not t.flipped for t in state.tiles)


def test_sof_assume_god_smite_target_not_already_in_the_abyss() -> None:
    state = at(playing(), Isabel="abyss")
    assert "sof.assume.god-smite-target" in refused(state, GodSmite(0, "Isabel")).rules


def test_sof_god_switch_trades_any_two_places() -> None:
    state = at(playing(), Pentha="v00", Klar="abyss")
    state = run(state, GodSwitch(0, "Pentha", "Klar"))
    assert state.where["Pentha"] == "abyss" and state.where["Klar"] == "v00"
    state = run(state, PlaceDemigod(1, "Naka", "v01"))
    state = run(state, PlaceDemigod(0, "Belan", "h10"))
    assert state.god_powers["switch"] == 0


def test_sof_assume_switch_different_places() -> None:
    state = playing()
    verdict = refused(state, GodSwitch(0, "Pentha", "Klar"))
    assert "sof.assume.switch-different-places" in verdict.rules
    assert refused(state, GodSwitch(0, "Pentha", "Pentha")).rules == ("sof.god.switch",)


def test_sof_god_steal_takes_an_unused_servant() -> None:
    state = run(playing(), PlaceDemigod(0, "Pentha", "v00"))
    assert refused(state, GodSteal(1, "vesper")).rules == ("sof.god.steal",)
    state = run(state, GodSteal(1, "penance"))
    assert state.servants["penance"] == "held-1"
    assert state.powers_used_by(1) == 1


def test_sof_god_once_per_game_and_uses_the_turn() -> None:
    state = run(playing(), GodSmite(0, "Isabel"))
    assert state.turn == 1
    verdict = refused(state, GodSmite(1, "Agamar"))
    assert verdict.rules == ("sof.god.once",) and "Ana" in verdict.reason
    refused(state, GodSwitch(0, "Pentha", "Isabel"))  # not Ana's turn
