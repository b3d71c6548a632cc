"""Setting up each mode (ff.setup.*, ff.mode.*, ff.coop.*): the versus mode picked by the
number of heroes, default names, the size of each deck, and which cards a mode's deck
holds."""

from __future__ import annotations

import pytest

from rules.fates_and_favors import GAME, EditFate, EnterHand, FfOptions
from rules.fates_and_favors.data import FateAction
from rules.fates_and_favors.setup import deck_size, in_deck
from tests.rules.fates_and_favors.helpers import RED, starting_places, table


def test_ff_mode_versus_is_picked_by_the_number_of_heroes() -> None:
    modes = {n: GAME.setup(FfOptions(players=tuple("ABCD"[:n]))).mode for n in (1, 2, 3, 4)}
    assert modes == {1: "solo", 2: "1v1", 3: "2v1", 4: "2v2"}
    assert GAME.setup(FfOptions()).mode == "2v2"


def test_ff_mode_1v1_default_names_join_both_colours() -> None:
    assert GAME.setup(FfOptions(mode="1v1")).players == ("Red & Yellow", "Blue & Green")


def test_ff_coop_deck_sizes() -> None:
    fates = table().fates
    # 104 Fates and 14 Favors; the lightning deck: half of each Fate number and 10 Favors
    assert deck_size("2v2", fates) == 118
    assert deck_size("coop4", fates) == 52 + 10
    assert table("coop4").deck == 62 - 20


def test_ff_coop_deck_holds_only_lightning_cards() -> None:
    fates = table().fates
    assert in_deck("coop4", fates, "1") and in_deck("coop4", fates, "10")
    assert not in_deck("coop4", fates, "0") and not in_deck("coop4", fates, "11")
    assert in_deck("2v2", fates, "hera") and not in_deck("coop4", fates, "hera")
    assert in_deck("coop4", fates, "zeus") and not in_deck("coop4", fates, "loki")
    state = GAME.apply(table("coop4"), EditFate(3, (FateAction(3, "forward", 1, "own"),), 0))
    assert not in_deck("coop4", state.fates, "3") and in_deck("2v2", state.fates, "3")
    state = GAME.apply(state, EnterHand(RED, ("3", "2")))
    assert GAME.playable(state, RED) == ["2"]


def test_ff_turn_order_the_table_picks_the_first_player() -> None:
    assert GAME.setup(FfOptions(first_player=2)).seat == 2
    with pytest.raises(ValueError) as caught:
        GAME.setup(FfOptions(first_player=4))
    assert str(caught.value) == "the first player is seat 0..3"


def test_ff_setup_deal_names_and_the_uncounted_versus_deck() -> None:
    """Every hero needs a name of its own; a versus deck reshuffles, so it is not counted."""
    for names in (("A", "A", "B", "C"), ("A", "", "B", "C")):
        with pytest.raises(ValueError) as caught:
            GAME.setup(FfOptions(players=names))
        assert str(caught.value) == "every hero needs a different, non-empty name"
    assert table().deck == 0 and table("1v1").deck == 0


def test_ff_setup_deal_a_wrong_number_of_heroes_or_an_unknown_mode_in_words() -> None:
    """ff.setup.deal, ff.mode.1v1, ff.mode.2v1: one to four heroes play, in a mode the
    game has; anything else is refused with a sentence naming what is wrong."""
    with pytest.raises(ValueError) as caught:
        GAME.setup(FfOptions(players=tuple("ABCDE")))
    assert str(caught.value) == "1 to 4 heroes play, not 5"
    with pytest.raises(ValueError) as caught:
        GAME.setup(FfOptions(mode="3v3"))  # type: ignore[arg-type]
    assert str(caught.value) == (
        "unknown mode '3v3'; modes: versus, 2v2, 1v1, 2v1, coop2, coop3, coop4, solo"
    )


def test_ff_app_copy_a_table_set_up_on_a_matched_board() -> None:
    """ff.app.copy, ff.setup.columns: a table may start on the board of its own box; each
    starting column stands on that board's quarry exits, and only a board the numbers
    cannot make is refused."""
    for arm, arm_bridge in ((4, 4), (5, 4), (8, 7), (12, 12)):
        state = GAME.setup(FfOptions(arm=arm, arm_bridge=arm_bridge))
        assert (state.arm, state.arm_bridge) == (arm, arm_bridge)
        assert state.columns == starting_places(arm)
    assert starting_places(6) == GAME.setup(FfOptions()).columns  # the printed default
    for arm, arm_bridge, problem in (
        (4, 5, "the arm bridges sit 4..4 spaces out from the centre, not 5"),
        (13, 5, "an arm has 4..12 spaces per side, not 13"),
    ):
        with pytest.raises(ValueError) as caught:
            GAME.setup(FfOptions(arm=arm, arm_bridge=arm_bridge))
        assert str(caught.value) == problem


def test_ff_coop_deck_a_fate_with_one_lightning_copy_is_in_it() -> None:
    """ff.coop.deck, ff.app.copy: a Fate number whose copy of the box shows a single
    lightning bolt is in the lightning deck."""
    state = table("coop4")
    assert state.fates[2].lightning == 4  # the printed count
    state = GAME.apply(state, EditFate(3, state.fates[2].actions, 1))
    assert in_deck("coop4", state.fates, "3")
    assert deck_size("coop4", state.fates) == 62 - 4 + 1


def test_ff_setup_colours_a_seat_is_named_with_its_colours() -> None:
    """ff.setup.colours: a seat is shown as its hero's name and the colours it plays."""
    state = GAME.setup(FfOptions(mode="1v1", players=("Ann", "Bo")))
    assert [GAME.seat_label(state, s) for s in (0, 1)] == ["Ann (red/yellow)", "Bo (blue/green)"]
