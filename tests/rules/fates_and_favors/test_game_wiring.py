"""How ``FatesAndFavors`` hands each action to the module that owns its rules: a verdict
is the same whether or not the state can be kept in the table of verdicts worked out,
and every kind of action reaches its own check and change."""

from __future__ import annotations

from dataclasses import replace

from rules.core import Action
from rules.fates_and_favors import (
    GAME,
    Concede,
    EndSeries,
    FfState,
    NextGame,
    Play,
    PlayFavor,
    Step,
    Stuck,
)
from rules.fates_and_favors.state import GameResult
from tests.rules.fates_and_favors.helpers import BLUE, GREEN, RED, YELLOW, B, sites, table


def test_ff_move_forward_a_hand_built_state_holding_a_list_is_judged_the_same() -> None:
    """A state built by hand may hold a list, which cannot be kept in the table of
    verdicts; it is worked out afresh, with the same verdict and the same move."""
    state = table()
    listed = replace(state, columns=list(state.columns))
    play = Play(RED, 1, 0, steps=(Step(RED, B.exits[RED], 1),))
    verdict = GAME.check(listed, play)
    assert verdict == GAME.check(state, play)
    assert verdict.legal and verdict.rules == ("ff.cards.fates", "ff.move.forward")
    assert tuple(GAME.apply(listed, play).columns) == GAME.apply(state, play).columns
    wrong = Play(RED, 1, 0, steps=(Step(RED, B.exits[RED], 2),))
    assert GAME.check(listed, wrong) == GAME.check(state, wrong)
    assert not GAME.check(listed, wrong).legal


def _plays_listed(state: FfState) -> list[Action]:
    """What the full list must hold as plays: every outcome of each Fate number, of the
    Hero card and of each board Favor played alone, in that order."""
    plays: list[Action] = []
    for number in range(1, 11):
        plays += GAME.outcomes(state, number)
    if state.hero_cards[state.seat]:
        plays += GAME.outcomes(state, 0, "hero")
    for name in ("apollo", "hestia", "ares", "athena"):
        plays += GAME.outcomes(state, 0, name)
    return plays


def test_ff_turn_phases_every_action_of_a_versus_turn_is_listed() -> None:
    state = table()
    found = GAME.legal_actions(state)
    assert all(GAME.check(state, a).legal for a in found)
    plays = [a for a in found if isinstance(a, Play)]
    assert plays == _plays_listed(state)
    # the first and the last Fate number, the Hero card and the board Favors all play here
    assert {p.card for p in plays} == set(range(11))
    assert {p.favor for p in plays} == {"", "apollo", "hestia", "ares"}
    # Zeus, Poseidon and Dionysus multiply their outcomes: listed only when asked for
    assert GAME.outcomes(state, 0, "zeus") and GAME.outcomes(state, 1, "poseidon")
    # the hand Favors in their plain forms, against every seat and none, then the stuck hand
    assert [a for a in found if not isinstance(a, Play)] == [
        PlayFavor(RED, "hera", BLUE, 0),
        PlayFavor(RED, "hera", GREEN, 0),
        PlayFavor(RED, "hades", BLUE, 0),
        PlayFavor(RED, "hades", GREEN, 0),
        PlayFavor(RED, "aphrodite", YELLOW, 0),
        PlayFavor(RED, "artemis", -1, 0),
        PlayFavor(RED, "demeter", -1, 4),
        PlayFavor(RED, "hermes", BLUE, 0),
        PlayFavor(RED, "hermes", YELLOW, 0),
        PlayFavor(RED, "hermes", GREEN, 0),
        Stuck(RED),
    ]
    # with its Hero card used, the hero's list holds no Hero card play
    used = replace(state, hero_cards=(0, 1, 1, 1))
    assert [a for a in GAME.legal_actions(used) if isinstance(a, Play)] == _plays_listed(used)
    assert len(_plays_listed(used)) == len(plays) - len(GAME.outcomes(state, 0, "hero"))


def test_ff_app_series_a_coop_table_may_also_concede_or_end_the_series() -> None:
    lost = replace(table("coop4"), game_no=2, series=(GameResult((0, 0, 0, 0), (), False),))
    assert GAME.validate_state(lost) == []
    found = GAME.legal_actions(lost)
    assert all(GAME.check(lost, a).legal for a in found)
    assert [a for a in found if isinstance(a, Play)] == _plays_listed(lost)
    assert found[-3:] == [Stuck(RED), Concede(RED), EndSeries()]
    # a versus table has nothing to concede; before any game is finished no series to end
    assert Concede(RED) not in GAME.legal_actions(table())
    assert EndSeries() not in GAME.legal_actions(table("coop4"))


def test_ff_app_series_a_finished_game_offers_only_the_next_game_or_the_end() -> None:
    state = table(red=[*sites(RED)[1:], B.temple(RED, 1)], yellow=sites(YELLOW))
    won = GAME.apply(state, Play(RED, 1, 0, steps=(Step(RED, B.temple(RED, 1), 1),)))
    assert won.phase == "won"
    assert GAME.legal_actions(won) == [NextGame(), EndSeries()]
    over = GAME.apply(won, EndSeries())
    assert GAME.legal_actions(over) == []
    lost = GAME.apply(table("coop4"), Concede(RED))
    assert lost.phase == "lost"
    assert GAME.legal_actions(lost) == [NextGame(), EndSeries()]


def test_ff_cards_fates_one_card_asked_for_lists_its_outcomes_only() -> None:
    state = table()
    assert GAME.legal_actions(state, 7) == GAME.outcomes(state, 7)
    assert GAME.legal_actions(state, 7) != []
    assert GAME.legal_actions(state, None, "apollo") == GAME.outcomes(state, 0, "apollo")
    assert GAME.legal_actions(state, 0, "hero") == GAME.outcomes(state, 0, "hero")
    assert GAME.legal_actions(state, 1, "poseidon") == GAME.outcomes(state, 1, "poseidon")
    assert GAME.legal_actions(state, 1, "poseidon") != []
