"""Deduction aids: evaluating Age card questions and narrowing the opponent's pair."""

from __future__ import annotations

import pytest

from rules.scales_of_fate import GAME, Criterion, SetupAge
from rules.scales_of_fate.deduction import (
    all_pairs,
    candidates,
    criterion_problem,
    describe_criterion,
    fits,
    fitting,
    opponent_pairs,
    true_answer,
)

from .helpers import age1_setup, at, dealt, playing, refused, with_renown


def test_sof_deduction_criterion_renown_range() -> None:
    state = with_renown(playing(), Pentha=4, Klar=6, Naka=3)
    crit = Criterion(min_renown=4, max_renown=6)
    assert fits(state, "Pentha", crit) and fits(state, "Klar", crit)
    assert not fits(state, "Naka", crit) and not fits(state, "Agamar", crit)
    assert describe_criterion(crit) == "demigods renown 4 to 6"


def test_sof_deduction_criterion_places_and_neighbours() -> None:
    # Pentha on the Penance tile v00 (next to (0,0) dark, (1,0) light);
    # Klar on Vesper tile v01 (next to (0,1) dark and the special (1,1))
    state = at(playing(), Pentha="v00", Klar="v01", Naka="abyss")
    assert fitting(state, Criterion(place="abyss")) == ("Naka",)
    off = fitting(state, Criterion(place="off-board"))
    assert off is not None and "Pentha" not in off and "Naka" not in off and len(off) == 6
    assert fitting(state, Criterion(place="tile")) == ("Pentha", "Klar")
    assert fitting(state, Criterion(place="tile", tile_action="penance")) == ("Pentha",)
    assert fitting(state, Criterion(next_to="special")) == ("Klar",)
    assert fitting(state, Criterion(next_to="light")) == ("Pentha",)
    assert fitting(state, Criterion(next_to="dark")) == ("Pentha", "Klar")
    assert fitting(state, Criterion(min_renown=8, place="tile")) == ()
    manual = Criterion(text="Demigods who once fell", manual=True)
    assert fitting(state, manual) is None and fits(state, "Klar", manual) is None
    assert describe_criterion(manual) == "Demigods who once fell"


def test_sof_deduction_criterion_flipped_tile_has_no_action() -> None:
    from dataclasses import replace

    state = at(playing(), Pentha="v00")
    tiles = tuple(replace(t, flipped=t.position == "v00") for t in state.tiles)
    state = replace(state, tiles=tiles)
    assert fitting(state, Criterion(place="tile", tile_action="penance")) == ()


@pytest.mark.parametrize(
    ("crit", "fragment"),
    [
        (Criterion(min_renown=15), "0-14"),
        (Criterion(min_renown=6, max_renown=4), "empty"),
        (Criterion(tile_action="smite"), "place 'tile'"),
        (Criterion(place="abyss", next_to="dark"), "only demigods on tiles"),
    ],
)
def test_sof_deduction_criterion_problems_refuse_the_setup(crit: Criterion, fragment: str) -> None:
    problem = criterion_problem(crit)
    assert problem is not None and fragment in problem
    verdict = refused(dealt(), age1_setup(criterion=crit))
    assert verdict.rules == ("sof.deduction.criterion",)


def test_sof_app_deduction_pairs() -> None:
    assert len(all_pairs()) == 36
    everyone = opponent_pairs([])
    assert len(everyone) == 36
    yes = opponent_pairs([(("Pentha", "Klar"), True)])
    assert len(yes) == 36 - 21  # pairs drawn only from the other seven are out
    assert all("Pentha" in p or "Klar" in p for p in yes)
    no = opponent_pairs([(("Pentha", "Klar"), False)])
    assert len(no) == 21 and all("Pentha" not in p and "Klar" not in p for p in no)
    both = opponent_pairs([(("Pentha", "Klar"), True), (("Klar",), False), ((), False)])
    assert both == tuple(p for p in all_pairs() if "Pentha" in p and "Klar" not in p)
    assert opponent_pairs([(None, True)]) == all_pairs()
    counts = candidates(both)
    assert counts["Pentha"] == 7 and counts["Klar"] == 0


def test_sof_age_announce_true_answer_from_the_board() -> None:
    state = with_renown(playing(), Klar=9, Naka=3, Belan=2)
    assert true_answer(state, 0) is True  # Klar 9 fits renown 8+
    assert true_answer(state, 1) is False
    assert true_answer(GAME.redact(state, 0), 1) is None  # Ben's hand is hidden from Ana


def test_setup_accepts_a_manual_question() -> None:
    act = age1_setup(criterion=Criterion(text="Who feels lucky?", manual=True))
    assert isinstance(act, SetupAge)
    assert GAME.is_legal(dealt(), act)
