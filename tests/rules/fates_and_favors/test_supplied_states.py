"""A supplied Fates and Favors state must be one play could reach (``Game.validate_state``,
used by ``python -m rules check`` with a ``"state"``): each impossible change to a real
position is named in plain words; every position play reaches passes."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.fates_and_favors import GAME, EndSeries, FfOptions, FfState, Play, PlayFavor, Step
from rules.fates_and_favors.state import GameResult
from tests.rules.fates_and_favors.helpers import BLUE, GREEN, RED, YELLOW, B, sites, table


def _won() -> FfState:
    """A 2v2 game red and yellow have just won (red's last column walks into its temple)."""
    state = table(red=[*sites(RED)[1:], B.temple(RED, 1)], yellow=sites(YELLOW))
    return GAME.apply(state, Play(RED, 1, 0, steps=(Step(RED, B.temple(RED, 1), 1),)))


def _mid_turn() -> FfState:
    """Red has played #1 "1 forward, then take another turn": the turn goes on."""
    return GAME.apply(table(), Play(RED, 1, 1, steps=(Step(RED, B.exits[RED], 1),)))


def test_positions_play_reaches_pass() -> None:
    for state in (
        table(),
        _won(),
        _mid_turn(),
        GAME.apply(_won(), EndSeries()),
        GAME.apply(table("coop4"), PlayFavor(RED, "demeter", -1, 4)),
        *(GAME.setup(FfOptions(mode=m)) for m in ("1v1", "2v1", "coop2", "coop3", "solo")),
    ):
        assert GAME.validate_state(state) == [], state.mode


CASES: list[tuple[str, Any, str]] = [
    ("mode", lambda s: replace(s, mode="3v3"), "is not a mode"),
    ("players", lambda s: replace(s, players=s.players[:3]), "do not match"),
    (
        "players and seats",
        lambda s: replace(
            s,
            players=s.players[:3],
            seat_colours=s.seat_colours[:3],
            hero_cards=s.hero_cards[:3],
            hands=s.hands[:3],
            held=s.held[:3],
            last_fate=s.last_fate[:3],
            order=(0, 1, 2),
        ),
        "seats 4 heroes, not 3",
    ),
    (
        "seat colours",
        lambda s: replace(s, seat_colours=((0,), (1,), (2,), (2,))),
        "colours do not fit",
    ),
    ("seat shape", lambda s: replace(s, seat_colours=((0, 1), (2,), (3,), ())), "do not fit"),
    ("teams", lambda s: replace(s, teams=(0, 0, 1, 1)), "red with yellow"),
    ("order", lambda s: replace(s, order=(0, 2, 1, 3)), "turn order of mode 2v2"),
    ("hands", lambda s: replace(s, hand_sizes=(5, 5, 5, 4)), "hand sizes of mode 2v2"),
    ("won", lambda s: replace(s, phase="won"), "no team has built its temples"),
    (
        "lost",
        lambda s: replace(s, phase="lost", series=(GameResult((0,) * 4, (), False),)),
        "only co-op",
    ),
    ("game no", lambda s: replace(s, game_no=0), "not a game of the series"),
    ("pad", lambda s: replace(s, game_no=2), "0 finished game(s) on the score pad in game 2"),
    (
        "pad seats",
        lambda s: replace(s, game_no=2, series=(GameResult((3, 0, 3), (0, 2), True),)),
        "does not match the seats",
    ),
    (
        "pad winners",
        lambda s: replace(s, game_no=2, series=(GameResult((3, 0, 3, 0), (0, 4), True),)),
        "does not match the seats",
    ),
    (
        "pad won",
        lambda s: replace(s, game_no=2, series=(GameResult((0,) * 4, (), True),)),
        "won with no winner",
    ),
    ("fate", lambda s: replace(s, last_fate=(11, 0, 0, 0)), "not a Fate number"),
    ("fate low", lambda s: replace(s, last_fate=(-1, 0, 0, 0)), "not a Fate number"),
    ("two fates", lambda s: replace(s, last_fate=(3, 4, 0, 0)), "only one card"),
    ("last seat", lambda s: replace(s, last_seat=4, before=s.columns), "names seat 4"),
    ("last seat low", lambda s: replace(s, last_seat=-2, before=s.columns), "names seat -2"),
    ("before", lambda s: replace(s, last_seat=0, before=s.columns[:15]), "incomplete"),
    ("before seat", lambda s: replace(s, before=s.columns), "incomplete"),
    ("before unseated", lambda s: replace(s, last_seat=1), "incomplete"),
    (
        "before space",
        lambda s: replace(s, last_seat=1, before=(*s.columns[:15], 500)),
        "space that does not exist",
    ),
    ("again", lambda s: replace(s, again=True), "whose turn it is not"),
    ("swap", lambda s: replace(s, swaps=((3, B.temple(RED, 0)),)), "off the main track"),
    ("swap first", lambda s: replace(s, swaps=((B.temple(RED, 0), 3),)), "off the main track"),
]


@pytest.mark.parametrize(("name", "change", "problem"), CASES, ids=[c[0] for c in CASES])
def test_ff_impossible_supplied_state_is_named(name: str, change: Any, problem: str) -> None:
    problems = GAME.validate_state(change(table()))
    assert any(problem in p for p in problems), problems


def test_ff_end_win_a_won_flag_must_match_the_pad() -> None:
    won = _won()
    assert GAME.validate_state(won) == []
    lost_pad = replace(won, series=(replace(won.series[-1], won=False, winners=()),))
    assert any("the score pad says otherwise" in p for p in GAME.validate_state(lost_pad))
    going_on = replace(won, phase="play", series=())
    assert any("yet the game goes on" in p for p in GAME.validate_state(going_on))
    over = GAME.apply(won, EndSeries())
    assert GAME.validate_state(replace(over, game_no=1)) == []
    assert GAME.validate_state(replace(over, game_no=3)) != []


def test_ff_coop_goal_a_supplied_card_count_must_fit_the_deck() -> None:
    state = table("coop4")
    assert GAME.validate_state(state) == []
    total = state.deck + sum(state.held)
    extra = replace(state, deck=state.deck + 1)
    assert any(f"hold {total + 1} cards" in p for p in GAME.validate_state(extra))
    negative = replace(state, held=(5, 5, 5, -1))
    assert any("lightning deck has" in p for p in GAME.validate_state(negative))
    huge = replace(state, deck=0, held=(10, 5, 5, 5))
    assert any("more cards than play" in p for p in GAME.validate_state(huge))
    assert GAME.validate_state(replace(state, deck=0, held=(9, 5, 5, 5))) == []
    lost = replace(state, phase="lost", series=(GameResult((0,) * 4, (), False),))
    assert GAME.validate_state(lost) == []
    everything = replace(
        table("coop4", red=sites(RED), blue=sites(BLUE), yellow=sites(YELLOW), green=sites(GREEN)),
        phase="lost",
        series=(GameResult((0,) * 4, (), False),),
    )
    assert any("every temple is built" in p for p in GAME.validate_state(everything))


def test_ff_move_column_a_mid_turn_position_is_possible() -> None:
    state = _mid_turn()
    assert state.again and state.seat == RED
    assert GAME.validate_state(state) == []
    assert GAME.validate_state(replace(state, turn=1)) != []
