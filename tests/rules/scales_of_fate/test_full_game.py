"""A whole three-Age game, scripted move by move, with every renown checked."""

from __future__ import annotations

from rules.core import replay
from rules.scales_of_fate import (
    GAME,
    Announce,
    Criterion,
    DealDemigods,
    FinalGuess,
    GodSmite,
    GodSwitch,
    Pass,
    PlaceDemigod,
    PlacedQuest,
    PlaceServant,
    SetupAge,
    SofOptions,
    TileSpec,
)
from rules.scales_of_fate.deduction import opponent_pairs_for

from .helpers import ANA, BEN, age1_setup, refused, run

OPTIONS = SofOptions(players=("Ana", "Ben"), first_player=0)


def renown_of(state: object) -> dict[str, int]:
    return dict(state.renown)  # type: ignore[attr-defined]


AGE1 = [
    DealDemigods(0, ANA),
    DealDemigods(1, BEN),
    age1_setup(),
    PlaceDemigod(0, "Pentha", "v00"),  # Ana takes Penance
    PlaceDemigod(1, "Naka", "h00", target="Agamar"),  # Smite: Agamar to the Abyss
    PlaceDemigod(0, "Klar", "h01", direction="right"),
    PlaceDemigod(1, "Belan", "v01"),  # Ben takes Vesper
    PlaceDemigod(0, "Aponi", "v02"),  # Ana takes Hadria's
    PlaceDemigod(1, "Saghari", "h10"),  # Ben takes Hadria's
    PlaceDemigod(0, "Namari", "h21", direction="left"),  # marker back to the middle
    PlaceServant(1, "vesper", "L0"),  # (0,2) L+1: Klar, Aponi
    PlaceServant(0, "penance", "T0"),  # (0,0) D+3: Pentha, Naka
    PlaceServant(1, "hadria", "R0"),  # (0,2) L+1: Klar, Aponi
    PlaceServant(0, "hadria", "T1"),  # (0,1) D-1: Naka, Klar, Belan
]
AFTER_AGE1 = {
    "Pentha": 10, "Agamar": 7, "Klar": 8, "Aponi": 9, "Saghari": 7,
    "Namari": 7, "Naka": 9, "Belan": 6, "Isabel": 7,
}  # fmt: skip

AGE2 = [
    Announce(0, True),
    Announce(1, True),
    SetupAge(
        age=2,
        quests=(PlacedQuest(2, 2, False, True, 3),),
        tiles=(
            TileSpec("h00", "smite"),
            TileSpec("v00", "penance"),
            TileSpec("h11", "vesper"),
            TileSpec("h01", "abyss-fate"),
        ),
        abyss_left=-3,
        abyss_right=2,
        criterion=Criterion(place="abyss"),
    ),
    PlaceDemigod(1, "Isabel", "h00", target="Pentha"),
    PlaceDemigod(0, "Agamar", "v00"),  # Ana takes Penance
    GodSmite(1, "Agamar"),  # v00 flips
    PlaceDemigod(0, "Klar", "v00"),  # flipped: no action
    PlaceDemigod(1, "Naka", "h11"),  # Ben takes Vesper
    PlaceDemigod(0, "Saghari", "h01", direction="left"),
    GodSwitch(1, "Pentha", "Isabel"),
    PlaceServant(0, "penance", "L1"),  # (1,1) now D+2: Naka
    PlaceServant(1, "vesper", "R1"),  # (1,0) L-1: Klar; (1,2) L+2: Naka
]
AFTER_AGE2 = {
    "Pentha": 10, "Agamar": 4, "Klar": 7, "Aponi": 9, "Saghari": 7,
    "Namari": 7, "Naka": 13, "Belan": 6, "Isabel": 4,
}  # fmt: skip

AGE3 = [
    Announce(1, False),
    Announce(0, False),
    SetupAge(
        age=3,
        quests=(PlacedQuest(0, 0, True, True, -2),),
        tiles=(
            TileSpec("h00", "hadria"),
            TileSpec("h01", "smite"),
            TileSpec("v02", "hadria"),
            TileSpec("v12", "abyss-fate"),
        ),
        abyss_left=-1,
        abyss_right=4,
        criterion=Criterion(min_renown=5, max_renown=9),
    ),
    PlaceDemigod(0, "Belan", "h00"),
    PlaceDemigod(1, "Klar", "h01", target="Naka"),
    PlaceDemigod(0, "Aponi", "v02"),
    PlaceDemigod(1, "Pentha", "v12", direction="right"),
    PlaceServant(0, "hadria", "T0"),  # (0,0) D-2: Belan
    Pass(1),
    PlaceServant(0, "hadria", "R1"),  # (1,2) L+2: Aponi, Pentha
]
FINAL = {
    "Pentha": 12, "Agamar": 4, "Klar": 7, "Aponi": 11, "Saghari": 7,
    "Namari": 7, "Naka": 14, "Belan": 4, "Isabel": 4,
}  # fmt: skip

END = [
    Announce(0, True),
    Announce(1, False),
    FinalGuess(0, BEN),
    FinalGuess(1, ("Pentha", "Aponi")),
]


def test_full_three_age_game() -> None:
    state = run(GAME.setup(OPTIONS), *AGE1)
    assert renown_of(state) == AFTER_AGE1
    assert state.phase == "announce"
    record = state.history[0]
    assert record.fitting == ("Pentha", "Klar", "Aponi", "Naka")
    # sof.assume.abyss-middle: marker in the middle, Agamar in the Abyss keeps 7
    assert state.abyss_marker == 0 and state.where["Agamar"] == "abyss"

    state = run(state, Announce(0, True))
    assert refused(state, Announce(1, False)).rules == (
        "sof.age.announce",
        "sof.assume.honest-answers",
    )
    state = run(state, Announce(1, True))
    # sof.new-age.reset and sof.new-age.first-player
    assert state.phase == "setup" and state.age == 2
    assert state.first_player == 1 and state.turn == 1
    assert set(state.where.values()) == {"off"}
    assert set(state.servants.values()) == {"supply"}
    assert state.tiles == () and state.abyss_marker == 0

    state = run(state, *AGE2[2:3])
    # sof.new-age.special: the regular D+2 at (2,2) moved to the old special spot (1,1)
    assert state.quests["22"].special and state.quests["22"].change == 3
    assert not state.quests["11"].special and state.quests["11"].change == 2
    assert state.quests["11"].dark
    state = run(state, *AGE2[3:])
    assert renown_of(state) == AFTER_AGE2
    assert state.history[1].fitting == ("Agamar", "Isabel")

    state = run(state, *AGE3[:3])
    assert state.first_player == 0 and state.age == 3
    assert state.quests["00"].special and state.quests["22"].change == 3
    assert state.quests["22"].dark  # the D+3 from (0,0) moved to (2,2)
    state = run(state, *AGE3[3:7])
    assert refused(state, PlaceDemigod(0, "Isabel", "h00")).rules == ("sof.action.place",)
    state = run(state, *AGE3[7:])
    assert renown_of(state) == FINAL  # Naka: 13 + 4 in the Abyss, held at 14
    assert state.phase == "announce" and state.history[2].fitting == ("Klar", "Saghari", "Namari")

    state = run(state, *END)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ("Ana",)
    sheet = GAME.score(state)
    ana, ben = sheet.players
    assert [i.points for i in ana.items] == [5, 3, 0] and ana.total == 8
    assert [i.points for i in ben.items] == [10, 0, -2] and ben.total == 8
    assert sheet.tiebreak == "sof.score.tiebreak.guesses"
    assert outcome.rule == "sof.score.tiebreak.guesses"

    # sof.app.deduction on the real answers: Ben is among six pairs, his own included
    pairs = opponent_pairs_for(state.history, 1)
    assert ("Naka", "Belan") in pairs and len(pairs) == 6

    # the log replays to the same state
    assert replay(GAME, OPTIONS, [*AGE1, *AGE2, *AGE3, *END]) == state
    assert GAME.legal_actions(state) == []
    assert refused(state, Pass(0)).rules == ("core.finished",)


def test_sof_end_trigger_guesses_only_after_age_three() -> None:
    state = run(GAME.setup(OPTIONS), *AGE1)
    assert refused(state, FinalGuess(0, BEN)).rules == ("sof.end.guess",)
    state = run(state, *AGE2, *AGE3, Announce(0, True), Announce(1, False))
    assert state.phase == "guess"
    assert refused(state, PlaceDemigod(0, "Isabel", "h00")).rules == ("sof.end.guess",)
    state = run(state, FinalGuess(0, BEN))
    assert refused(state, FinalGuess(0, ANA)).rules == ("sof.end.guess",)
    assert GAME.outcome(state) is None
