"""What a Fates and Favors table may correct to match the box (the Hero cards left per
hero, and in co-op the lightning pile), each action's history line in words, and the
entered hands each device is shown (ff.hero.card, ff.coop.deck, ff.coop.modes,
ff.app.hand)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.core import Correct, IllegalAction
from rules.fates_and_favors import (
    GAME,
    Concede,
    EditBoard,
    EditFate,
    EndSeries,
    EnterHand,
    NextGame,
    Play,
    PlayFavor,
    Step,
    Stuck,
)
from tests.rules.fates_and_favors.helpers import BLUE, RED, YELLOW, B, table


def test_ff_hero_card_versus_each_hero_may_correct_one_hero_card() -> None:
    state = table()
    names = ("Red", "Blue", "Yellow", "Green")
    assert dict(GAME.counters(state)) == {f"hero cards {n}": (0, 1) for n in names}
    assert dict(GAME.counter_values(state)) == {f"hero cards {n}": 1 for n in names}
    used = GAME.apply(state, Correct("hero cards Yellow", 0))
    assert used.hero_cards == (1, 1, 0, 1) and used.deck == state.deck
    assert GAME.counter_values(used)["hero cards Yellow"] == 0
    with pytest.raises(IllegalAction):
        GAME.apply(state, Correct("hero cards Red", 2))
    assert not GAME.check(state, Correct("deck", 3)).legal  # no pile in versus
    # a 1v1 hero plays two colours with one Hero card (ff.mode.1v1)
    duel = table("1v1")
    assert dict(GAME.counters(duel)) == {
        "hero cards Red & Yellow": (0, 1),
        "hero cards Blue & Green": (0, 1),
    }


def test_ff_coop_modes_a_hero_of_two_colours_holds_two_hero_cards_and_the_pile() -> None:
    state = table("coop3")
    assert dict(GAME.counters(state)) == {
        "hero cards Red & Yellow": (0, 2),
        "hero cards Blue": (0, 1),
        "hero cards Green": (0, 1),
        "deck": (0, 62),
    }
    assert dict(GAME.counter_values(state)) == {
        "hero cards Red & Yellow": 2,
        "hero cards Blue": 1,
        "hero cards Green": 1,
        "deck": state.deck,
    }
    pile = GAME.apply(state, Correct("deck", 3))
    assert pile.deck == 3 and pile.hero_cards == state.hero_cards
    assert GAME.history_line(state, Correct("deck", 3)) == (
        f"Correction to match the box: Deck set to 3 (was {state.deck})."
    )
    blue = GAME.apply(state, Correct("hero cards Blue", 0))
    assert blue.hero_cards == (2, 0, 1) and blue.deck == state.deck
    one = GAME.apply(state, Correct("hero cards Red & Yellow", 1))
    assert one.hero_cards == (1, 1, 1)
    assert not GAME.check(state, Correct("hero cards Blue", 2)).legal
    assert not GAME.check(state, Correct("deck", 63)).legal


def test_ff_app_hand_each_action_has_its_history_line() -> None:
    state = table()
    exit_ = B.exits[RED]
    lines = {
        Play(RED, 1, 1, steps=(Step(RED, exit_, 1),)): (
            "Red plays Fate #1: red from red quarry exit 1 forward. (take another turn)"
        ),
        Play(RED, 1, 0, steps=(Step(RED, exit_, 1),)): (
            "Red plays Fate #1: red from red quarry exit 1 forward."
        ),
        PlayFavor(BLUE, "hera", RED, 0): "Blue plays Hera.",
        Stuck(YELLOW): "Yellow cannot play and draws a new hand.",
        EnterHand(BLUE, ("3", "zeus")): "Blue notes their hand.",
        EditFate(4, state.fates[3].actions, 2): "Fate #4 edited to match the table's copy.",
        EditBoard(7, 5): "Board edited: 7 spaces per arm side.",
        Concede(RED): "The heroes concede this game.",
        NextGame(): "Game 2 begins.",
        EndSeries(): "The series ends.",
    }
    for action, line in lines.items():
        assert GAME.history_line(state, action) == line, action
    assert GAME.describe(replace(state, game_no=3), NextGame()) == "Game 4 begins."
    # every effect but the move itself, in order
    blue_ahead = table(blue=[exit_ + 1])
    hit = Play(RED, 1, 1, steps=(Step(RED, exit_, 1),))
    assert GAME.history_line(blue_ahead, hit) == (
        "Red plays Fate #1: red from red quarry exit 1 forward. "
        f"(blue column hit on space {exit_ + 1}: back to its quarry; take another turn)"
    )


def test_ff_app_hand_each_device_sees_only_its_own_hand() -> None:
    state = replace(table(), hands=(("1", "2"), (), ("zeus",), ()))
    assert GAME.redact(state, RED).hands == (("1", "2"), (), (), ())
    assert GAME.redact(state, YELLOW).hands == ((), (), ("zeus",), ())
    assert GAME.redact(state, None).hands == ((), (), (), ())
    assert GAME.redact(state, BLUE).columns == state.columns
    # nothing hidden: the state itself
    assert GAME.redact(table(), BLUE) is not None
    assert GAME.redact(table(), BLUE) == table()
