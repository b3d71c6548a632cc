"""Placing servants and scoring them."""

from __future__ import annotations

from dataclasses import replace

from rules.scales_of_fate import GAME, PlaceDemigod, PlaceServant, SofState, TileSpec
from rules.scales_of_fate.board import servant_targets

from .helpers import TILES, at, playing, refused, run, with_renown


def _with_servant(seat: int, token: str, tiles: tuple[str, ...] = ()) -> SofState:
    """Age 1 in play with ``seat`` to act, holding ``token``; extra abyss-fate tiles at
    ``tiles`` so demigods can stand there."""
    base = playing(TILES[:2] + tuple(TileSpec(p, "abyss-fate") for p in tiles) if tiles else TILES)
    servants = dict(base.servants)
    servants[token] = f"held-{seat}"
    return replace(base, servants=servants, turn=seat)


def test_sof_servant_penance_hits_dark_quests_of_the_row() -> None:
    # row 0: D+3, D-1, L+1 -> Penance hits (0,0) and (0,1)
    state = _with_servant(0, "penance", ("v02", "v10"))
    state = at(state, Pentha="h00", Klar="h01", Aponi="v02", Naka="v10")
    verdict = GAME.check(state, PlaceServant(0, "penance", "L0"))
    assert verdict.legal and "sof.servant.penance" in verdict.rules
    state = run(state, PlaceServant(0, "penance", "L0"))
    # Pentha touches (0,0)+3 and (0,1)-1; Klar touches (0,1)-1 and (0,2) (light, not hit)
    assert state.renown["Pentha"] == 9
    assert state.renown["Klar"] == 6
    assert state.renown["Aponi"] == 7
    assert state.renown["Naka"] == 7
    assert state.servants["penance"] == "L0"


def test_sof_servant_vesper_hits_light_quests_of_the_column() -> None:
    # column 2: L+1, L+2, D+2 -> Vesper from the top hits (0,2) and (1,2)
    state = _with_servant(1, "vesper", ("v02", "v12", "h11"))
    state = at(state, Aponi="v02", Belan="v12", Isabel="h11")
    state = run(state, PlaceServant(1, "vesper", "T2"))
    assert state.renown["Aponi"] == 7 + 1 + 2  # next to (0,2) and (1,2)
    assert state.renown["Belan"] == 7 + 2  # next to (1,2); (2,2) is dark
    assert state.renown["Isabel"] == 9  # h11 touches (1,2)


def test_sof_servant_hadria_hits_only_the_quest_it_touches() -> None:
    state = at(_with_servant(0, "hadria-1"), Pentha="h00", Klar="v00", Naka="h01")
    assert [cell for cell, _ in servant_targets(state, "hadria", "T0")] == [(0, 0)]
    assert [cell for cell, _ in servant_targets(state, "hadria", "B2")] == [(2, 2)]
    assert [cell for cell, _ in servant_targets(state, "hadria", "R1")] == [(1, 2)]
    state = run(state, PlaceServant(0, "hadria", "L0"))
    assert state.renown["Pentha"] == 10 and state.renown["Klar"] == 10
    assert state.renown["Naka"] == 7


def test_sof_servant_stacking_one_demigod_gets_every_hit_quest() -> None:
    state = at(_with_servant(0, "penance"), Pentha="h00")
    verdict = GAME.check(state, PlaceServant(0, "penance", "L0"))
    assert "sof.servant.stacking" in verdict.rules
    assert any("Pentha: renown 7 → 9 (+2)" in e for e in verdict.effects)


def test_sof_servant_limits_sum_first_then_clamp() -> None:
    """The rulebook's example: at 14, gaining 3 and losing 1 stays at 14."""
    state = with_renown(at(_with_servant(0, "penance"), Pentha="h00"), Pentha=14)
    verdict = GAME.check(state, PlaceServant(0, "penance", "L0"))
    assert "sof.servant.limits" in verdict.rules
    state = run(state, PlaceServant(0, "penance", "L0"))
    assert state.renown["Pentha"] == 14


def test_sof_servant_limits_floor_at_zero() -> None:
    state = with_renown(at(_with_servant(0, "hadria-1"), Klar="h01"), Klar=0)
    state = run(state, PlaceServant(0, "hadria", "T1"))  # (0,1) D-1
    assert state.renown["Klar"] == 0


def test_sof_servant_place_needs_a_held_servant_and_an_open_slot() -> None:
    state = _with_servant(0, "hadria-1")
    assert "holds no Penance" in refused(state, PlaceServant(0, "penance", "L0")).reason
    assert "not an edge slot" in refused(state, PlaceServant(0, "hadria", "X9")).reason
    state = run(state, PlaceServant(0, "hadria", "L0"))
    state = run(state, PlaceDemigod(1, "Naka", "v00"))  # Ben takes Penance
    state = run(state, PlaceDemigod(0, "Klar", "v02"))  # Ana takes the second Hadria's
    state = run(state, PlaceServant(1, "penance", "R0"))
    verdict = refused(state, PlaceServant(0, "hadria", "L0"))
    assert "sof.assume.one-servant-per-slot" in verdict.rules
