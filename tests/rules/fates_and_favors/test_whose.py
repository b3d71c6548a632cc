"""Whose columns a card may move (ff.cards.whose), with the turns that change it: a
finished hero (ff.end.finished-hero), co-op's RIVAL (ff.coop.rival-any), an ANY action, and
who a hero's teammate is for Aphrodite."""

from __future__ import annotations

from dataclasses import replace

from rules.fates_and_favors import GAME, Board, EditFate, FfState, Play, PlayFavor, Step
from rules.fates_and_favors.data import FateAction
from tests.rules.fates_and_favors.helpers import BLUE, GREEN, RED, YELLOW, B, at, sites, table


def test_ff_end_finished_hero_needs_all_four_columns_home() -> None:
    """Blue with three columns on its sites and one on the track is not finished: its
    own-column cards still cannot move green."""
    state = table(blue=[*sites(BLUE)[:3], 26], green=[30])
    state = GAME.apply(state, Play(RED, 10, 1, steps=(Step(RED, B.exits[RED], 10),)))
    assert state.seat == BLUE
    verdict = GAME.check(state, Play(BLUE, 3, 0, steps=(Step(GREEN, 30, 3),)))
    assert not verdict.legal and verdict.rules == ("ff.cards.whose",)
    assert GAME.check(state, Play(BLUE, 3, 0, steps=(Step(BLUE, 26, 3),))).legal


def test_ff_cards_whose_team_share_refuses_a_rival_column() -> None:
    state = table(red=[10], blue=[40])
    verdict = GAME.check(state, Play(RED, 9, 0, steps=(Step(RED, 10, 5), Step(BLUE, 40, 4))))
    assert not verdict.legal and verdict.rules == ("ff.cards.whose",)
    assert "TEAM" in verdict.reason and "blue" in verdict.reason


def test_ff_coop_rival_any_a_rival_action_moves_any_colour() -> None:
    state = table("coop4", red=[10], blue=[40])
    for colour, start in ((BLUE, 40), (RED, 10), (YELLOW, B.exits[YELLOW])):
        play = Play(RED, 3, 1, steps=(Step(colour, start, 3, backward=True),))
        assert GAME.check(state, play).legal, colour
    moved = {p.steps[0].colour for p in GAME.outcomes(state, 3) if p.option == 1}
    assert moved == {RED, BLUE, YELLOW, GREEN}


def test_ff_cards_whose_an_any_action_moves_every_colour() -> None:
    state = table(red=[10], blue=[40])
    edit = EditFate(4, (FateAction(4, "forward", 1, "any"),), 4)
    state = GAME.apply(state, edit)
    for colour, start in ((RED, 10), (BLUE, 40), (YELLOW, B.exits[YELLOW])):
        assert GAME.check(state, Play(RED, 4, 0, steps=(Step(colour, start, 4),))).legal
    moved = {p.steps[0].colour for p in GAME.outcomes(state, 4)}
    assert moved == {RED, BLUE, YELLOW, GREEN}


def test_ff_favor_aphrodite_trades_only_with_the_teammate() -> None:
    state = table()
    assert GAME.check(state, PlayFavor(RED, "aphrodite", YELLOW)).legal
    for other in (BLUE, GREEN, RED):
        verdict = GAME.check(state, PlayFavor(RED, "aphrodite", other))
        assert not verdict.legal and verdict.rules == ("ff.favor.aphrodite",), other
    # one against one: each hero plays both colours of a team, so nobody to trade with
    duel = table("1v1")
    assert not GAME.check(duel, PlayFavor(0, "aphrodite", 1)).legal
    assert at(state, RED) == [B.exits[RED]]


def test_ff_app_copy_an_edited_board_is_the_board_played() -> None:
    """After "match your board" every verdict uses the edited board: a #2 back from red's
    quarry exit ends on the edited board's red corner."""
    from rules.fates_and_favors import EditBoard, board

    state = GAME.apply(table(), EditBoard(7, 4))
    small = board(7, 4)
    assert small.exits[RED] != B.exits[RED]
    play = Play(RED, 2, 0, steps=(Step(RED, small.exits[RED], 2, backward=True),))
    assert GAME.check(state, play).legal
    assert at(GAME.apply(state, play), RED) == [small.corners[RED]]
    # an arm bridge sits where the edit put it
    end = small.bridges[2][0]
    on_bridge = replace(state, columns=(-1, -1, -1, end, *state.columns[4:]))
    cross = Play(RED, 1, 0, steps=(Step(RED, end, 1, bridge=True),))
    assert at(GAME.apply(on_bridge, cross), RED) == [small.bridge_of[end]]
    finished = replace(state, columns=_home(state, small))
    assert GAME.check(
        finished, Play(RED, 3, 0, steps=(Step(YELLOW, small.exits[YELLOW], 3),))
    ).legal


def _home(state: FfState, b: Board) -> tuple[int, ...]:
    """``state``'s columns with red's four on the temple sites of board ``b``."""
    return (*(b.temple(RED, k) for k in range(2, 6)), *state.columns[4:])
