"""Setup, secrecy, corrections, invariants, notes, JSON round trips."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rules import registry
from rules.core import Correct, MalformedAction
from rules.scales_of_fate import (
    GAME,
    DealDemigods,
    FinalGuess,
    Note,
    PlaceDemigod,
    PlacedQuest,
    SetupAge,
    SofOptions,
    TileSpec,
)

from .helpers import TILES, age1_setup, board_quests, dealt, playing, refused, run


def test_registry_exposes_the_game() -> None:
    assert registry.get("scales-of-fate") is GAME
    assert GAME.seat_names(playing()) == ["Ana", "Ben"]


def test_sof_setup_board_starting_table() -> None:
    state = GAME.setup(SofOptions())
    assert set(state.renown.values()) == {7} and len(state.renown) == 9
    assert set(state.where.values()) == {"off"}
    assert state.abyss_marker == 0
    assert set(state.servants.values()) == {"supply"} and len(state.servants) == 4
    assert state.powers_left() == ("smite", "switch", "steal")
    assert state.phase == "deal"


def test_sof_setup_first_player_and_bad_options() -> None:
    assert GAME.setup(SofOptions(first_player=1)).turn == 1
    with pytest.raises(ValueError):
        GAME.setup(SofOptions(first_player=2))
    with pytest.raises(ValueError):
        GAME.setup(SofOptions(players=("Ana", "Ana")))
    with pytest.raises(ValueError):
        GAME.setup(SofOptions(players=("Ana", " ")))


def test_sof_setup_deal_separate_decks_allow_the_same_demigod() -> None:
    state = GAME.setup(SofOptions())
    refused(state, DealDemigods(0, ("Pentha", "Pentha")))
    refused(state, DealDemigods(0, ("Pentha", "Odin")))
    state = run(state, DealDemigods(0, ("Pentha", "Klar")))
    assert refused(state, DealDemigods(0, ("Naka", "Klar"))).rules == ("sof.setup.deal",)
    assert refused(state, age1_setup()).rules == ("sof.setup.deal",)
    state = run(state, DealDemigods(1, ("Pentha", "Naka")))
    assert state.phase == "setup"


def test_sof_setup_quests_need_nine_with_one_special() -> None:
    state = dealt()
    quests = board_quests()
    assert "nine quests" in refused(state, replace(age1_setup(), quests=quests[:8])).reason
    plain = tuple(replace(q, special=False) for q in quests)
    assert "Exactly one" in refused(state, replace(age1_setup(), quests=plain)).reason
    twice = (*quests[:8], replace(quests[0], special=False))
    assert "same spot" in refused(state, replace(age1_setup(), quests=twice)).reason
    wild = (*quests[:8], replace(quests[8], change=20))
    assert "beyond" in refused(state, replace(age1_setup(), quests=wild)).reason
    off = (*quests[:8], replace(quests[8], row=3))
    assert "off the 3×3" in refused(state, replace(age1_setup(), quests=off)).reason
    one = (PlacedQuest(0, 0, True, True, 2),)
    assert refused(state, replace(age1_setup(), quests=one)).rules == ("sof.setup.quests",)


def test_sof_setup_tiles_positions() -> None:
    state = dealt()
    assert (
        "not a tile position"
        in refused(state, age1_setup(tiles=(TileSpec("h22", "smite"),))).reason
    )
    assert (
        "Two tiles"
        in refused(
            state, age1_setup(tiles=(TileSpec("h00", "smite"), TileSpec("h00", "vesper")))
        ).reason
    )
    eight = (*TILES, TileSpec("v12", "smite"))
    assert "1 to 7" in refused(state, age1_setup(tiles=eight)).reason
    assert "1 to 7" in refused(state, age1_setup(tiles=())).reason


def test_sof_setup_age_card_values() -> None:
    state = dealt()
    assert refused(state, age1_setup(abyss=(-20, 2))).rules == ("sof.setup.age",)
    assert refused(state, replace(age1_setup(), age=2)).rules == ("sof.setup.age",)
    state = run(state, age1_setup(abyss=(-4, 5)))
    assert (state.abyss_left, state.abyss_right) == (-4, 5)
    assert refused(state, age1_setup()).rules == ("sof.turn.order",)


def test_sof_assume_new_age_quests_full_grid_also_accepted() -> None:
    from rules.scales_of_fate.game import ScalesOfFate

    quests = {f"{q.row}{q.col}": q.quest() for q in board_quests()}
    swapped, effects = ScalesOfFate._swap_special(quests, PlacedQuest(1, 1, False, True, -3))
    assert swapped["11"].change == -3 and len(swapped) == 9 and len(effects) == 1
    state = replace(dealt(), age=2, quests=quests)
    assert GAME.is_legal(state, replace(age1_setup(), age=2))
    assert GAME.is_legal(
        state, replace(age1_setup(), age=2, quests=(PlacedQuest(0, 0, True, True, 1),))
    )
    regular = SetupAge(
        2, (PlacedQuest(0, 0, True, False, 1),), TILES, -1, 1, age1_setup().criterion
    )
    assert refused(state, regular).rules == ("sof.new-age.special",)


def test_sof_assume_reveal_redaction() -> None:
    state = run(playing(), Note(0, "Naka", "bluffing?"), Note(1, "Pentha", "surely"))
    for seat in (0, 1):
        seen = GAME.redact(state, seat)
        assert seen.hands[seat] == state.hands[seat] and seen.hands[1 - seat] == ()
        assert seen.notes[seat] == state.notes[seat] and seen.notes[1 - seat] == {}
    blind = GAME.redact(state, None)
    assert blind.hands == ((), ()) and blind.notes == ({}, {})
    view = GAME.view(state, 1)
    assert "Klar" not in json.dumps(view["hands"]) and "bluffing" not in json.dumps(view)
    guessing = replace(state, phase="guess", guesses=(("Naka", "Belan"), ()))
    assert GAME.redact(guessing, 1).guesses == ((), ())
    over = replace(guessing, phase="over", guesses=(("Naka", "Belan"), ("Pentha", "Klar")))
    revealed = GAME.redact(over, 1)
    assert revealed.hands == over.hands and revealed.guesses == over.guesses
    assert revealed.notes[0] == {}


def test_sof_app_notes_private_and_free_of_turns() -> None:
    state = playing()
    state = run(state, Note(1, "Pentha", "took the Penance tile twice"))
    assert state.turn == 0 and state.notes[1] == {"Pentha": "took the Penance tile twice"}
    state = run(state, Note(1, "Pentha", ""))
    assert state.notes[1] == {}
    assert refused(state, Note(1, "Pentha", "x" * 201)).rules == ("sof.app.notes",)
    assert refused(state, Note(1, "Thor", "x")).rules == ("sof.app.notes",)


def test_core_correction_counters() -> None:
    state = playing()
    values = GAME.counter_values(state)
    bounds = GAME.counters(state)
    assert set(values) == set(bounds)
    assert values["renown.Klar"] == 7 and bounds["renown.Klar"] == (0, 14)
    assert values["quest.11.change"] == 2
    state = run(state, Correct("renown.Klar", 12), Correct("abyss.marker", 1))
    state = run(state, Correct("quest.11.change", -1), Correct("abyss.left", -5))
    assert state.renown["Klar"] == 12 and state.abyss_marker == 1
    assert state.quests["11"].change == -1 and state.abyss_left == -5
    assert refused(state, Correct("renown.Klar", 15)).rules == ("core.correction",)
    assert refused(state, Correct("abyss.marker", 2)).rules == ("core.correction",)


def test_invariants_catch_broken_states() -> None:
    state = playing()
    assert GAME.invariants(state) == []
    assert GAME.invariants(replace(state, renown={**state.renown, "Klar": 15}))
    assert GAME.invariants(replace(state, where={**state.where, "Klar": "v12"}))
    assert GAME.invariants(replace(state, where={**state.where, "Klar": "v00", "Naka": "v00"}))
    assert GAME.invariants(replace(state, servants={"penance": "supply"}))
    assert GAME.invariants(
        replace(state, servants={**state.servants, "vesper": "L0", "penance": "L0"})
    )
    assert GAME.invariants(replace(state, god_powers={"smite": None}))
    assert GAME.invariants(replace(state, abyss_marker=2))
    assert GAME.invariants(replace(state, hands=(("Klar", "Klar"), ())))


def test_state_and_actions_round_trip_through_json() -> None:
    state = run(playing(), PlaceDemigod(0, "Naka", "h00", target="Agamar"))
    data = json.loads(json.dumps(GAME.state_to_json(state)))
    assert GAME.state_from_json(data) == state
    for act in (
        age1_setup(),
        PlaceDemigod(0, "Naka", "h01", direction="left"),
        FinalGuess(1, ("Naka", "Klar")),
    ):
        assert GAME.decode_action(json.dumps(act.to_json())) == act
    with pytest.raises(MalformedAction):
        GAME.decode_action(
            {
                "type": "sof.place-demigod",
                "seat": 0,
                "demigod": "Naka",
                "tile": "h01",
                "direction": "up",
            }
        )


def test_describe_every_action() -> None:
    state = playing()
    assert GAME.describe(state, PlaceDemigod(0, "Naka", "h00", target="Agamar")) == (
        "Ana places Naka on the tile between row 1, column 1 and row 1, column 2, smiting Agamar."
    )
    assert "Correction" in GAME.describe(state, Correct("renown.Klar", 3))
