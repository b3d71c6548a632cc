"""The Fates and Favors score pad and the end of a series, read in full: one line per
finished game per hero with its points, the rule they come from and whether that hero won
or lost it; the leader and the sentence under the pad; who wins the series
(ff.score.versus, ff.score.series, ff.coop.goal)."""

from __future__ import annotations

from dataclasses import replace

from rules.core import LineItem, Outcome, PlayerScore, ScoreSheet
from rules.fates_and_favors import GAME, EndSeries
from rules.fates_and_favors.state import GameResult
from tests.rules.fates_and_favors.helpers import table

VERSUS = "ff.score.versus"
COOP = "ff.coop.goal"


def test_ff_score_series_no_game_finished_yet() -> None:
    sheet = GAME.score(table())
    assert sheet == ScoreSheet(
        tuple(PlayerScore(name, ()) for name in ("Red", "Blue", "Yellow", "Green")),
        None,
        None,
        "No game finished yet.",
    )
    assert GAME.outcome(table()) is None


def test_ff_score_series_the_hero_with_most_points_wins_a_versus_series() -> None:
    # 1v1: red and yellow win game 1 with 5 points, blue and green game 2 with 4
    state = replace(
        table("1v1"),
        phase="over",
        game_no=3,
        series=(GameResult((5, 0), (0,), True), GameResult((0, 4), (1,), True)),
    )
    assert GAME.validate_state(state) == []
    ry, bg = "Red & Yellow", "Blue & Green"
    summary = f"{ry} leads the series with 5 points."
    assert GAME.score(state) == ScoreSheet(
        (
            PlayerScore(
                ry, (LineItem("Game 1", 5, VERSUS, "won"), LineItem("Game 2", 0, VERSUS, ""))
            ),
            PlayerScore(
                bg, (LineItem("Game 1", 0, VERSUS, ""), LineItem("Game 2", 4, VERSUS, "won"))
            ),
        ),
        ry,
        None,
        summary,
    )
    assert GAME.outcome(state) == Outcome((ry,), summary, "ff.score.series")
    # the series goes on: the same pad, no outcome yet
    assert GAME.score(replace(state, phase="play")).winner == ry
    assert GAME.outcome(replace(state, phase="play")) is None


def test_ff_score_series_heroes_level_on_points_share_the_win() -> None:
    state = replace(
        table(),
        phase="over",
        game_no=2,
        series=(GameResult((10, 0, 10, 0), (0, 2), True),),
    )
    assert GAME.validate_state(state) == []
    sheet = GAME.score(state)
    summary = "Red and Yellow share the lead with 10 points."
    assert sheet.winner is None and sheet.summary == summary
    assert [p.items for p in sheet.players] == [
        (LineItem("Game 1", 10, VERSUS, "won"),),
        (LineItem("Game 1", 0, VERSUS, ""),),
        (LineItem("Game 1", 10, VERSUS, "won"),),
        (LineItem("Game 1", 0, VERSUS, ""),),
    ]
    assert GAME.outcome(state) == Outcome(("Red", "Yellow"), summary, "ff.score.series")


def test_ff_coop_goal_a_series_with_a_win_is_won_by_every_hero() -> None:
    state = replace(
        table("coop2"),
        phase="over",
        game_no=3,
        series=(GameResult((0, 0), (), False), GameResult((6, 6), (0, 1), True)),
    )
    assert GAME.validate_state(state) == []
    ry, bg = "Red & Yellow", "Blue & Green"
    pad = (LineItem("Game 1", 0, COOP, "lost"), LineItem("Game 2", 6, COOP, "won"))
    summary = "1 of 2 games won; 6 points."
    assert GAME.score(state) == ScoreSheet(
        (PlayerScore(ry, pad), PlayerScore(bg, pad)), None, None, summary
    )
    assert GAME.outcome(state) == Outcome((ry, bg), summary, "ff.score.series")


def test_ff_coop_goal_a_series_of_losses_has_no_winner() -> None:
    state = replace(
        table("coop2"), phase="over", game_no=2, series=(GameResult((0, 0), (), False),)
    )
    assert GAME.validate_state(state) == []
    summary = "0 of 1 game won; 0 points."
    sheet = GAME.score(state)
    assert sheet.winner is None and sheet.summary == summary
    assert [p.items for p in sheet.players] == [(LineItem("Game 1", 0, COOP, "lost"),)] * 2
    assert GAME.outcome(state) == Outcome((), summary, "ff.score.series")


def test_ff_app_series_a_series_closed_before_any_game_ended_is_refused() -> None:
    """Ending a series needs a finished game, so a supplied state whose series is over
    with an empty score pad is one play never reaches: it is named, not read as a series
    every hero won."""
    assert not GAME.check(table(), EndSeries()).legal
    for mode in ("2v2", "1v1", "coop4", "solo"):
        state = replace(table(mode), phase="over")
        assert GAME.validate_state(state) == [
            "the series is marked over, yet no game of it has ended"
        ], mode
