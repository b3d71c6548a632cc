"""Turn order, passing, and what a passed player may still do."""

from __future__ import annotations

from dataclasses import replace

from rules.scales_of_fate import (
    GAME,
    GodSmite,
    GodSteal,
    Pass,
    PlaceDemigod,
    PlaceServant,
    SofState,
    TileSpec,
)

from .helpers import playing, refused, run

TWO = (TileSpec("v00", "penance"), TileSpec("v01", "vesper"), TileSpec("h00", "hadria"))


def test_sof_turn_order_alternates_from_the_first_player() -> None:
    state = playing()
    assert state.turn == 0
    assert refused(state, PlaceDemigod(1, "Naka", "v00")).rules == ("sof.turn.order",)
    state = run(state, PlaceDemigod(0, "Pentha", "v00"))
    assert state.turn == 1
    assert "not one of them" in refused(state, Pass(3)).reason


def test_sof_pass_only_when_tiles_covered_and_no_servant_held() -> None:
    state = playing(TWO)
    assert refused(state, Pass(0)).rules == ("sof.pass",)
    state = run(
        state,
        PlaceDemigod(0, "Pentha", "v00"),
        PlaceDemigod(1, "Naka", "v01"),
        PlaceDemigod(0, "Klar", "h00"),
    )
    # all tiles covered; Ben holds Vesper, so he may not pass
    assert "still holds" in refused(state, Pass(1)).reason
    state = run(state, PlaceServant(1, "vesper", "T1"))
    assert "still holds" in refused(state, Pass(0)).reason
    state = run(state, PlaceServant(0, "penance", "L0"))
    state = run(state, Pass(1))
    assert state.passed == (False, True)


def test_sof_turn_passed_player_may_use_god_powers_between_actions() -> None:
    state = run(
        playing(TWO),
        PlaceDemigod(0, "Pentha", "v00"),  # Ana: Penance
        PlaceDemigod(1, "Naka", "v01"),  # Ben: Vesper
        PlaceDemigod(0, "Klar", "h00"),  # Ana: Hadria's
        PlaceServant(1, "vesper", "T1"),
        PlaceServant(0, "penance", "L0"),
        Pass(1),
    )
    assert state.turn == 0
    state = run(state, GodSmite(0, "Isabel"))  # Ana uses a god power; still holds Hadria's
    assert state.turn == 1
    # Ben has passed: no placements, but god powers (or passing again) remain
    assert refused(state, PlaceDemigod(1, "Agamar", "v00")).rules == ("sof.pass",)
    legal = GAME.legal_actions(state)
    assert Pass(1) in legal and GodSteal(1, "hadria") in legal
    assert all(isinstance(a, Pass) or a.kind.startswith("sof.god-") for a in legal)
    state = run(state, Pass(1))
    assert state.turn == 0 and state.phase == "play"


def _ben_passed() -> SofState:
    """Tiles covered, Ben has passed, Ana (to act) still holds Hadria's Servant."""
    return run(
        playing(TWO),
        PlaceDemigod(0, "Pentha", "v00"),
        PlaceDemigod(1, "Naka", "v01"),
        PlaceDemigod(0, "Klar", "h00"),
        PlaceServant(1, "vesper", "T1"),
        PlaceServant(0, "penance", "L0"),
        Pass(1),
    )


def test_sof_assume_passed_skip_when_no_god_power_is_left() -> None:
    state = _ben_passed()
    servants = dict(state.servants)
    servants["hadria-2"] = "held-0"
    state = replace(state, servants=servants, god_powers={"smite": 1, "switch": 1, "steal": 0})
    verdict = GAME.check(state, PlaceServant(0, "hadria", "L1"))
    assert any("acts again" in e for e in verdict.effects)
    state = run(state, PlaceServant(0, "hadria", "L1"))
    assert state.turn == 0, "Ben could only pass, so Ana acts again"
    state = run(state, PlaceServant(0, "hadria", "L2"))
    assert state.phase == "announce"


def test_sof_assume_both_passed_ends_the_age() -> None:
    state = run(_ben_passed(), GodSmite(0, "Isabel"), GodSteal(1, "hadria"))
    assert state.held(1) == ("hadria-1",) and state.passed == (False, True)
    # Ben may not place the stolen servant; Ana holds nothing and may pass
    assert refused(state, PlaceServant(1, "hadria", "L1")).rules == ("sof.turn.order",)
    state = run(state, Pass(0))
    assert state.phase == "announce"


def test_sof_age_end_when_tiles_filled_and_servants_placed() -> None:
    state = _ben_passed()
    verdict = GAME.check(state, PlaceServant(0, "hadria", "R2"))
    assert "Age 1 ends." in verdict.effects
    state = run(state, PlaceServant(0, "hadria", "R2"))
    assert state.phase == "announce"
    assert len(state.history) == 1


def test_sof_assume_age_end_no_demigods_left_to_fill_tiles() -> None:
    state = playing(TWO)
    others = {d: "abyss" for d in state.where if d not in ("Pentha", "Klar")}
    state = replace(state, where={**state.where, **others})
    state = run(state, PlaceDemigod(0, "Pentha", "v00"))
    state = run(state, PlaceDemigod(1, "Klar", "v01"))
    # h00 stays open with nobody left to place; the servants decide the end
    assert state.phase == "play"
    assert GAME.is_legal(state, Pass(0)) is False  # Ana holds Penance
    state = run(state, PlaceServant(0, "penance", "L0"))
    state = run(state, PlaceServant(1, "vesper", "L1"))
    assert state.phase == "announce"
