"""Whole verdicts of the table's own actions: the next game and the end of a series
(ff.app.series, ff.score.series), matching the box (ff.app.copy), a hand entered on a phone
(ff.app.hand) and conceding a co-op game (ff.assume.coop-end): legal or not, the sentence,
the rule IDs and the effects, and the table each legal one leaves."""

from __future__ import annotations

from dataclasses import replace

from rules.core.verdict import Verdict
from rules.fates_and_favors import (
    GAME,
    QUARRY,
    Concede,
    EditBoard,
    EditFate,
    EndSeries,
    EnterHand,
    FfOptions,
    NextGame,
    Play,
    PlayFavor,
    Step,
)
from rules.fates_and_favors.data import FateAction
from tests.rules.fates_and_favors.helpers import BLUE, GREEN, RED, starting_places, table

SERIES = ("ff.app.series", "ff.score.series")


def no(reason: str, *rules: str) -> Verdict:
    return Verdict(False, reason, rules, ())


def test_ff_app_series_next_game_refusals_in_full_words() -> None:
    ended = replace(table(), phase="won")
    assert GAME.check(table(), NextGame()) == no(
        "The next game starts once this one has ended.", "ff.app.series"
    )
    assert GAME.check(ended, NextGame(((0,), (1,), (2,)))) == no(
        "Each seat keeps as many colours as before ([1, 1, 1, 1]).", "ff.score.series"
    )
    assert GAME.check(ended, NextGame(((0,), (1,), (2,), (2,)))) == no(
        "Every colour goes to exactly one seat.", "ff.score.series"
    )
    duel = replace(GAME.setup(FfOptions(mode="1v1")), phase="lost")
    assert GAME.check(duel, NextGame(((0, 1), (2, 3)))) == no(
        "A hero's two colours are teammates (red and yellow, or blue and green).",
        "ff.score.series",
    )


def test_ff_score_series_the_next_game_with_new_colours() -> None:
    """ff.score.series: heroes may swap colours between games; the next game starts on a
    fresh board with the next hero in the turn order, the game number one up."""
    duel = replace(GAME.setup(FfOptions(mode="1v1")), phase="lost", game_no=2)
    swapped = ((1, 3), (0, 2))
    assert GAME.check(duel, NextGame(swapped)) == Verdict(
        True, "Game 3 of the series begins.", SERIES, ("new board", "scores carried over")
    )
    moved = replace(duel, columns=(5, *duel.columns[1:]), hands=(("1",), ()))
    after = GAME.apply(moved, NextGame(swapped))
    assert after.seat_colours == swapped and after.game_no == 3 and after.phase == "play"
    assert after.columns == GAME.setup(FfOptions(mode="1v1")).columns
    assert after.turn == 1 and after.hands == ((), ()) and after.hero_cards == (1, 1)
    same = GAME.apply(moved, NextGame())
    assert same.seat_colours == duel.seat_colours and same.game_no == 3
    assert same.deck == 0  # a versus deck is reshuffled, never counted


def test_ff_score_series_coop_heroes_keep_a_hero_card_per_colour() -> None:
    """ff.setup.colours in co-op: a hero playing two colours holds two Hero cards in every
    game of the series."""
    pair = replace(GAME.setup(FfOptions(mode="coop2")), phase="won", hero_cards=(0, 0))
    after = GAME.apply(pair, NextGame(((2, 0), (3, 1))))
    assert after.hero_cards == (2, 2) and after.seat_colours == ((2, 0), (3, 1))


def test_ff_app_series_end_in_full_words() -> None:
    assert GAME.check(table(), EndSeries()) == no(
        "No game of the series has ended yet.", "ff.app.series"
    )
    ended = replace(table(), phase="won")
    assert GAME.check(ended, EndSeries()) == Verdict(
        True, "The series ends: the score pad is final.", SERIES, ("series closed",)
    )
    assert GAME.apply(ended, EndSeries()).phase == "over"


def test_ff_app_copy_board_edits_in_full_words() -> None:
    assert GAME.check(replace(table(), phase="won"), EditBoard(5, 4)) == no(
        "The board is set before a game starts.", "ff.app.copy"
    )
    assert GAME.check(table(), EditBoard(5, 6)) == no(
        "That board cannot be: the arm bridges sit 4..5 spaces out from the centre, not 6.",
        "ff.app.copy",
    )
    assert GAME.check(table(red=[10]), EditBoard(5, 4)) == no(
        "The board can only change while every column is where it started.", "ff.app.copy"
    )
    assert GAME.check(table(), EditBoard(5, 4)) == Verdict(
        True,
        "The board now has 5 spaces per arm side, arm bridges 4 out.",
        ("ff.app.copy", "ff.assume.board-shape"),
        ("arm 5, bridges at 4",),
    )
    after = GAME.apply(table(), EditBoard(5, 4))
    assert (after.arm, after.arm_bridge) == (5, 4)
    assert after.columns == GAME.setup(FfOptions(arm=5, arm_bridge=4)).columns
    assert after.columns[:4] == (QUARRY, QUARRY, QUARRY, 7)  # red's exit on the smaller board


def test_ff_app_copy_fate_edits_in_full_words() -> None:
    state = table()
    printed = state.fates[2].actions
    assert GAME.check(state, EditFate(11, printed, 1)) == no(
        "Fate cards are numbered 1 to 10.", "ff.app.copy"
    )
    assert GAME.check(state, EditFate(0, printed, 1)) == no(
        "Fate cards are numbered 1 to 10.", "ff.app.copy"
    )
    for actions in ((), printed * 2):
        assert GAME.check(state, EditFate(3, actions, 1)) == no(
            "A Fate card shows one to three actions.", "ff.app.copy"
        )
    odd = (printed[0], FateAction(2, "up", 1, "own"))
    assert GAME.check(state, EditFate(3, odd, 1)) == no(
        "Action 2: direction must be one of forward, backward, either.", "ff.app.copy"
    )
    for lightning in (9, -1):
        assert GAME.check(state, EditFate(3, printed, lightning)) == no(
            "Lightning copies are 0..8.", "ff.app.copy"
        )
    assert GAME.check(state, EditFate(3, printed[:1] * 3, 8)) == Verdict(
        True,
        "Fate #3 now reads: 3 forward, own; 3 forward, own; 3 forward, own.",
        ("ff.app.copy", "ff.assume.fate-actions"),
        ("Fate #3: 3 forward, own; 3 forward, own; 3 forward, own",),
    )
    edited = GAME.apply(state, EditFate(3, printed[:1], 0))
    assert edited.fates[2].actions == printed[:1] and edited.fates[2].lightning == 0
    assert [f.number for f in edited.edits] == [3]
    assert GAME.apply(edited, EditFate(3, printed, 4)).edits == ()  # back to the print
    fifth = state.fates[4].actions
    both = GAME.apply(GAME.apply(state, EditFate(5, fifth, 1)), EditFate(3, printed, 2))
    assert [(f.number, f.lightning) for f in both.edits] == [(3, 2), (5, 1)]


def test_ff_app_hand_refusals_in_full_words() -> None:
    assert GAME.check(table(), EnterHand(RED, ("1",) * 13)) == no(
        "A hand holds at most 12 cards here.", "ff.app.hand"
    )
    assert GAME.check(table(), EnterHand(RED, ("1", "x", "zeus", "y"))) == no(
        "Unknown cards: x, y.", "ff.app.hand"
    )
    assert GAME.check(table(), EnterHand(RED, ("10",) * 12)) == Verdict(
        True, "Your hand is noted on your phone only.", ("ff.app.hand",), ("hand noted",)
    )


def test_ff_assume_coop_end_conceding_in_full_words() -> None:
    coop = table("coop4")
    assert GAME.check(table(), Concede(RED)) == no(
        "Only co-op and solo games end by conceding.", "ff.assume.coop-end"
    )
    assert GAME.check(replace(coop, phase="lost"), Concede(RED)) == no(
        "This game has already ended.", "ff.app.series"
    )
    assert GAME.check(coop, Concede(7)) == no("There is no seat 7 at this table.", "ff.turn.order")
    assert GAME.check(coop, Concede(RED)) == Verdict(
        True,
        "The heroes see no way to finish: the game is lost.",
        ("ff.assume.coop-end",),
        ("game lost",),
    )
    assert GAME.apply(coop, Concede(RED)).phase == "lost"


def test_ff_score_series_a_coop_game_after_a_loss_starts_afresh() -> None:
    """ff.score.series, ff.coop.deck: the next co-op game has a full lightning deck, full
    hands, all Hero cards, no skipped turns and nothing on the discard pile, no turn to
    undo; on a matched board its columns start on that board's exits."""
    played = replace(
        GAME.setup(FfOptions(mode="coop4", arm=4, arm_bridge=4)),
        phase="lost",
        deck=0,
        held=(0, 0, 1, 0),
        hero_cards=(0, 1, 0, 1),
        skips=(BLUE,),
        last_fate=(0, 0, 0, 7),
        before=GAME.setup(FfOptions(mode="coop4", arm=4, arm_bridge=4)).columns,
        last_seat=GREEN,
        again=True,
        swaps=((3, 5),),
    )
    after = GAME.apply(played, NextGame())
    assert after.deck == 62 - 20 and after.held == (5, 5, 5, 5)
    assert after.hero_cards == (1, 1, 1, 1) and after.skips == () and after.swaps == ()
    assert after.last_fate == (0, 0, 0, 0) and after.before == () and after.last_seat == -1
    assert after.again is False and after.turn == 1
    assert after.columns == starting_places(4)
    assert GAME.state_from_json(GAME.state_to_json(after)) == after


def test_ff_app_copy_a_board_edit_clears_the_turn_to_undo() -> None:
    """ff.app.copy: the board changes only before any column has moved, and then there is
    no turn left for Athena to undo; a table already on its own board may change again."""
    small = GAME.setup(FfOptions(arm=4, arm_bridge=4))
    state = replace(small, before=small.columns, last_seat=RED, swaps=((3, 5),))
    after = GAME.apply(state, EditBoard(5, 4))
    assert after.before == () and after.last_seat == -1 and after.swaps == ()
    assert after.columns == starting_places(5)
    assert GAME.apply(small, EditBoard(4, 4)).columns == starting_places(4)


def test_ff_app_copy_the_first_and_last_fate_numbers_are_editable() -> None:
    state = table()
    for number, copies in ((1, 8), (10, 32)):
        printed = state.fates[number - 1].actions
        assert GAME.check(state, EditFate(number, printed, copies)).legal
        assert GAME.check(state, EditFate(number, printed, copies + 1)) == no(
            f"Lightning copies are 0..{copies}.", "ff.app.copy"
        )
    ninth = state.fates[8].actions
    assert GAME.check(state, EditFate(9, ninth, 8)).legal


def test_ff_app_hand_names_only_cards_of_the_game() -> None:
    for card in ("0", "11"):
        assert GAME.check(table(), EnterHand(RED, (card,))) == no(
            f"Unknown card: {card}.", "ff.app.hand"
        )
    long = tuple(f"card{n:02}" for n in range(12))
    listed = ", ".join(long)[:80]
    assert GAME.check(table(), EnterHand(RED, long)) == no(
        f"Unknown cards: {listed}.", "ff.app.hand"
    )
    assert GAME.check(table(), EnterHand(7, ("1",))) == no(
        "There is no seat 7 at this table.", "ff.turn.order"
    )


def test_ff_turn_again_an_extra_turn_goes_on_after_a_board_edit() -> None:
    """Red opens with Demeter (another turn) and the table then matches its board: red's
    extra turn is still owed, the state saves and loads back, and the turn red finishes on
    the new board is the one Athena answers (it moved only red, so she has nothing to undo,
    rather than no turn at all)."""
    demeter = GAME.apply(table(), PlayFavor(RED, "demeter", draws=4))
    assert demeter.again and demeter.seat == RED
    edited = GAME.apply(demeter, EditBoard(5, 4))
    assert edited.columns == starting_places(5) and edited.again and edited.seat == RED
    assert GAME.state_problems(edited) == []
    assert GAME.state_from_json(GAME.state_to_json(edited)) == edited
    done = GAME.apply(edited, Play(RED, 1, 0, steps=(Step(RED, 7, 1),)))
    assert done.seat == BLUE and not done.again
    assert GAME.check(done, Play(BLUE, 0, 0, "athena")) == no(
        "That turn did not move or hit any of your team's columns.", "ff.favor.athena"
    )


def test_ff_app_hand_the_cards_a_play_uses_leave_the_hand_entered() -> None:
    """Red's phone holds 1, 3, Poseidon, 3 and Zeus; Fate #3 shared by Poseidon takes one 3
    and Poseidon out of it, and leaves the rest as entered."""
    state = GAME.apply(table(red=[10, 30]), EnterHand(RED, ("1", "3", "poseidon", "3", "zeus")))
    play = Play(RED, 3, 0, "poseidon", steps=(Step(RED, 10, 1), Step(RED, 30, 2)))
    after = GAME.apply(state, play)
    assert after.hands == (("1", "3", "zeus"), (), (), ())
