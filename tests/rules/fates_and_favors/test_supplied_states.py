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
    (
        "mode",
        lambda s: replace(s, mode="3v3"),
        "'3v3' is not a mode (2v2, 1v1, 2v1, coop2, coop3, coop4, solo)",
    ),
    ("players", lambda s: replace(s, players=s.players[:3]), "hands do not match the seats"),
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
        "mode 2v2 seats 4 heroes, not 3",
    ),
    (
        "seat colours",
        lambda s: replace(s, seat_colours=((0,), (1,), (2,), (2,))),
        "the seats' colours do not fit mode 2v2",
    ),
    (
        "seat shape",
        lambda s: replace(s, seat_colours=((0, 1), (2,), (3,), ())),
        "the seats' colours do not fit mode 2v2",
    ),
    (
        "teams",
        lambda s: replace(s, teams=(0, 0, 1, 1)),
        "the teams are not red with yellow against blue with green",
    ),
    (
        "order",
        lambda s: replace(s, order=(0, 2, 1, 3)),
        "the turn order of mode 2v2 is [0, 1, 2, 3]",
    ),
    (
        "hands",
        lambda s: replace(s, hand_sizes=(5, 5, 5, 4)),
        "the hand sizes of mode 2v2 are [5, 5, 5, 5]",
    ),
    (
        "won",
        lambda s: replace(s, phase="won"),
        "the game is marked won, yet no team has built its temples",
    ),
    (
        "lost",
        lambda s: replace(s, phase="lost", series=(GameResult((0,) * 4, (), False),)),
        "only co-op and solo games are lost",
    ),
    ("game no", lambda s: replace(s, game_no=0), "game number 0 is not a game of the series"),
    ("pad", lambda s: replace(s, game_no=2), "0 finished games on the score pad in game 2"),
    (
        "pad seats",
        lambda s: replace(s, game_no=2, series=(GameResult((3, 0, 3), (0, 2), True),)),
        "game 1 on the score pad does not match the seats",
    ),
    (
        "pad winners",
        lambda s: replace(s, game_no=2, series=(GameResult((3, 0, 3, 0), (0, 4), True),)),
        "game 1 on the score pad does not match the seats",
    ),
    (
        "pad won",
        lambda s: replace(s, game_no=2, series=(GameResult((0,) * 4, (), True),)),
        "game 1 on the score pad is won with no winner",
    ),
    (
        "fate",
        lambda s: replace(s, last_fate=(11, 0, 0, 0)),
        "a last discarded Fate is not a Fate number",
    ),
    (
        "fate low",
        lambda s: replace(s, last_fate=(-1, 0, 0, 0)),
        "a last discarded Fate is not a Fate number",
    ),
    (
        "two fates",
        lambda s: replace(s, last_fate=(3, 4, 0, 0)),
        "only one card lies on top of the discard pile",
    ),
    (
        "last seat",
        lambda s: replace(s, last_seat=4, before=s.columns),
        "the last turn names seat 4, not a seat",
    ),
    (
        "last seat low",
        lambda s: replace(s, last_seat=-2, before=s.columns),
        "the last turn names seat -2, not a seat",
    ),
    (
        "before",
        lambda s: replace(s, last_seat=0, before=s.columns[:15]),
        "the board before the last turn is incomplete",
    ),
    (
        "before seat",
        lambda s: replace(s, before=s.columns),
        "the board before the last turn is incomplete",
    ),
    (
        "before unseated",
        lambda s: replace(s, last_seat=1),
        "the board before the last turn is incomplete",
    ),
    (
        "before space",
        lambda s: replace(s, last_seat=1, before=(*s.columns[:15], B.loop + 4 * B.temple_len)),
        "the board before the last turn holds a space that does not exist",
    ),
    (
        "again",
        lambda s: replace(s, again=True),
        "another turn is under way for a hero whose turn it is not",
    ),
    (
        "swap",
        lambda s: replace(s, swaps=((3, B.temple(RED, 0)),)),
        "Apollo swapped a column off the main track",
    ),
    (
        "swap first",
        lambda s: replace(s, swaps=((B.temple(RED, 0), 3),)),
        "Apollo swapped a column off the main track",
    ),
]


@pytest.mark.parametrize(("name", "change", "problem"), CASES, ids=[c[0] for c in CASES])
def test_ff_impossible_supplied_state_is_named(name: str, change: Any, problem: str) -> None:
    problems = GAME.validate_state(change(table()))
    assert problem in problems, problems


def test_ff_possible_bookkeeping_at_its_bounds() -> None:
    """The edges of what play produces: a #10 on the pile, a column on space 0 before the
    turn, a co-op hand played down to nothing."""
    state = table()
    assert GAME.validate_state(replace(state, last_fate=(10, 0, 0, 0))) == []
    before = (*state.columns[:3], 0, *state.columns[4:])
    assert GAME.validate_state(replace(state, last_seat=3, before=before)) == []
    coop = table("coop4")
    assert GAME.validate_state(replace(coop, held=(0, 5, 5, 5))) == []


def test_ff_end_win_a_won_flag_must_match_the_pad() -> None:
    won = _won()
    assert GAME.validate_state(won) == []
    lost_pad = replace(won, series=(replace(won.series[-1], won=False, winners=()),))
    assert GAME.validate_state(lost_pad) == ["the game is marked won, the score pad says otherwise"]
    going_on = replace(won, phase="play", series=())
    assert GAME.validate_state(going_on) == ["a team has built both temples, yet the game goes on"]
    no_pad = replace(won, series=())
    assert GAME.validate_state(no_pad) == ["0 finished games on the score pad in game 1"]
    over = GAME.apply(won, EndSeries())
    assert GAME.validate_state(over) == []
    # the series may also end while the next game is still being played
    assert GAME.validate_state(replace(over, game_no=2)) == []
    assert GAME.validate_state(replace(over, game_no=3)) == [
        "1 finished game on the score pad in game 3"
    ]


def test_ff_coop_goal_a_supplied_card_count_must_fit_the_deck() -> None:
    state = table("coop4")
    assert GAME.validate_state(state) == []
    total = state.deck + sum(state.held)
    extra = replace(state, deck=state.deck + 1)
    deck = f"the lightning deck has {total}"
    assert GAME.validate_state(extra) == [f"the pile and hands hold {total + 1} cards; {deck}"]
    negative = replace(state, held=(5, 5, 5, -1))
    assert GAME.validate_state(negative) == [f"the pile and hands hold {total - 6} cards; {deck}"]
    huge = replace(state, deck=0, held=(10, 5, 5, 5))
    assert GAME.validate_state(huge) == ["a hand holds more cards than play can give it"]
    assert GAME.validate_state(replace(state, deck=0, held=(9, 5, 5, 5))) == []
    lost = replace(state, phase="lost", series=(GameResult((0,) * 4, (), False),))
    assert GAME.validate_state(lost) == []
    pad_won = replace(lost, series=(GameResult((1,) * 4, (0, 1, 2, 3), True),))
    assert GAME.validate_state(pad_won) == ["the game is marked lost, the score pad says otherwise"]
    everything = replace(
        table("coop4", red=sites(RED), blue=sites(BLUE), yellow=sites(YELLOW), green=sites(GREEN)),
        phase="lost",
        series=(GameResult((0,) * 4, (), False),),
    )
    assert "the game is marked lost, yet every temple is built" in GAME.validate_state(everything)


def test_ff_move_column_a_mid_turn_position_is_possible() -> None:
    state = _mid_turn()
    assert state.again and state.seat == RED
    assert GAME.validate_state(state) == []
    assert GAME.validate_state(replace(state, turn=1)) != []
