"""The names a table gives its seats, and a play's steps in words as screens show them
(ff.setup.deal, ff.mode.1v1, ff.move.forward, ff.move.backward)."""

from __future__ import annotations

from rules.fates_and_favors import GAME, FfOptions, Step
from tests.rules.fates_and_favors.helpers import BLUE, RED, B, table


def test_ff_setup_deal_the_tables_names_seat_the_heroes() -> None:
    options = GAME.seat_options(FfOptions(mode="1v1", first_player=1), ["Ann", "Bo"])
    assert options == FfOptions(mode="1v1", players=("Ann", "Bo"), first_player=1)
    state = GAME.setup(options)
    assert GAME.seat_names(state) == ["Ann", "Bo"]
    assert GAME.seat_label(table("1v1"), RED) == "Red & Yellow (red/yellow)"


def test_ff_move_forward_and_backward_steps_in_words() -> None:
    steps = (Step(RED, B.exits[RED], 3), Step(BLUE, B.exits[BLUE], 2, True))
    assert GAME.steps_text(table(), steps) == (
        "red from red quarry exit 3 forward; blue from blue quarry exit 2 back"
    )
