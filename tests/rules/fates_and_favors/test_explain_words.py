"""The answer a player reads after picking a card and a column (``explain``), word for word:
every kind of refusal the Hero card, a board Favor and a Fate card can meet for one column,
the refusals that hold for every column, and the allowed answers. Each test is named after
the rule its refusal cites."""

from __future__ import annotations

from dataclasses import replace

from rules.fates_and_favors import GAME, QUARRY, FfOptions, FfState, Play, Step
from rules.fates_and_favors.explain import Answer, card_verdict, column_verdict

from .helpers import BLUE, GREEN, RED, YELLOW, B, table

NAMES = ("Ann", "Bo", "Cy", "Di")


def _start() -> FfState:
    return GAME.setup(FfOptions(mode="2v2", players=NAMES))


def _at(**columns: list[int]) -> FfState:
    return replace(table("2v2", **columns), players=NAMES)


def _no(answer: Answer, reason: str, *rules: str) -> None:
    assert not answer.verdict.legal and answer.plays == ()
    assert answer.verdict.reason == reason
    assert answer.verdict.rules == rules


def test_ff_hero_card_allowed_answers_are_sentences() -> None:
    """An allowed answer starts with a capital even when the card's name does not."""
    state = _start()
    answer = column_verdict(state, 0, 0, "hero", RED, B.exits[RED])
    assert answer.verdict.legal and len(answer.plays) == 3
    assert answer.verdict.reason == "The Hero card can move red on red quarry exit: 3 outcomes."
    assert answer.verdict.rules == ("ff.hero.card",)
    whole = card_verdict(state, 0, 0, "hero")
    assert whole.verdict.reason == "The Hero card has 6 outcomes."
    assert whole.verdict.rules == ("ff.hero.card",) and len(whole.plays) == 6
    fate = card_verdict(state, 0, 1, "")
    assert fate.verdict.reason == "Fate #1 has 3 outcomes."
    assert fate.verdict.rules == ("ff.cards.fates",)
    one = column_verdict(state, 0, 0, "hestia", RED, B.exits[RED])
    assert one.verdict.reason == "Hestia can move red on red quarry exit: 1 outcome."
    assert one.verdict.rules == ("ff.favor.hestia",) and len(one.plays) == 1
    both = column_verdict(state, 0, 10, "poseidon", RED, B.exits[RED])
    assert (
        both.verdict.reason == "Fate #10 with Poseidon can move red on red quarry exit: 1 outcome."
    )
    assert both.verdict.rules == ("ff.cards.fates", "ff.favor.poseidon")
    assert card_verdict(state, 0, 0, "zeus").verdict.reason == "Zeus has 286 outcomes."


def test_ff_favor_one_a_favor_no_fate_card_goes_with_is_named_once() -> None:
    """The same refusal for both actions of a #3 is said once, not once per action."""
    _no(
        column_verdict(_start(), 0, 3, "hera", RED, B.exits[RED]),
        "Fate #3 with Hera cannot move red on red quarry exit: Only Poseidon or Dionysus is "
        "played together with a Fate card.",
        "ff.favor.one",
    )


def test_ff_favor_poseidon_a_start_is_no_movement_to_change() -> None:
    _no(
        column_verdict(_start(), 0, 10, "poseidon", RED, QUARRY),
        "Fate #10 with Poseidon cannot move a red column in its quarry: Poseidon changes a "
        "movement; starting a column is not one; its action 2 (10 forward, own, share 2): a "
        "column in its quarry comes out only by being started (a #10).",
        "ff.favor.poseidon",
        "ff.start.new-column",
    )


def test_ff_cards_fates_a_card_number_outside_the_deck() -> None:
    _no(
        column_verdict(_start(), 0, 11, "", RED, B.exits[RED]),
        "Fate #11 cannot move red on red quarry exit: Fate cards are numbered 1 to 10.",
        "ff.cards.fates",
    )


def test_ff_cards_whose_fate_1_names_both_actions() -> None:
    _no(
        column_verdict(_at(red=[10]), 0, 1, "", BLUE, QUARRY),
        "Fate #1 cannot move a blue column in its quarry: its action 1 (1 forward or back, "
        "own): it moves Ann's OWN columns (red), and blue is not one of them; its action 2 "
        "(1 forward, own, again): it moves Ann's OWN columns (red), and blue is not one of them.",
        "ff.cards.whose",
    )


def test_ff_hero_card_refusals_for_one_column_in_full_words() -> None:
    _no(
        column_verdict(_start(), 0, 0, "hero", BLUE, B.exits[BLUE]),
        "The Hero card cannot move blue on blue quarry exit: the Hero card moves TEAM columns "
        "(red, yellow), not blue.",
        "ff.hero.card",
    )
    _no(
        column_verdict(_start(), 0, 0, "hero", RED, QUARRY),
        "The Hero card cannot move a red column in its quarry: red quarry exit already holds a "
        "red column; a colour never hits itself.",
        "ff.start.blocked",
    )
    temple = B.temple(RED, 2)
    _no(
        column_verdict(_at(red=[temple], blue=[], yellow=[], green=[]), 0, 0, "hero", RED, temple),
        "The Hero card cannot move red on red temple site 3: a strike moves a column on the "
        "main track; this one is on its temple track.",
        "ff.hero.card",
    )
    # yellow fills its temple track, blue and green wait in their quarries: nothing to strike
    alone = _at(
        red=[8, 10, 12, 14], blue=[], yellow=[B.temple(YELLOW, k) for k in (2, 3, 4, 5)], green=[]
    )
    _no(
        column_verdict(alone, 0, 0, "hero", RED, 10),
        "The Hero card cannot move red on space 10: there is no column of another colour on "
        "the main track to strike.",
        "ff.hero.card",
    )
    _no(
        card_verdict(alone, 0, 0, "hero"),
        "No column can carry out the Hero card. Red on red quarry exit: there is no column of "
        "another colour on the main track to strike; red on space 10: there is no column of "
        "another colour on the main track to strike; red on space 12: there is no column of "
        "another colour on the main track to strike; red on space 14: there is no column of "
        "another colour on the main track to strike; and 6 more.",
        "ff.hero.card",
    )


def test_ff_favor_ares_hestia_apollo_refusals_for_one_column_in_full_words() -> None:
    start = _start()
    temple = B.temple(BLUE, 2)
    on_temple = _at(red=[B.temple(RED, 2)], blue=[temple])
    _no(
        column_verdict(start, 0, 0, "ares", YELLOW, B.exits[YELLOW]),
        "Ares cannot move yellow on yellow quarry exit: Ares sends back a RIVAL column, and "
        "yellow is not one.",
        "ff.favor.ares",
    )
    _no(
        column_verdict(on_temple, 0, 0, "ares", BLUE, temple),
        "Ares cannot move blue on blue temple site 3: Ares sends back only a column on the main "
        "track.",
        "ff.favor.ares",
    )
    _no(
        column_verdict(start, 0, 0, "ares", BLUE, QUARRY),
        "Ares cannot move a blue column in its quarry: Ares sends back only a column on the "
        "main track.",
        "ff.favor.ares",
    )
    _no(
        column_verdict(start, 0, 0, "hestia", BLUE, B.exits[BLUE]),
        "Hestia cannot move blue on blue quarry exit: Hestia sends a TEAM column to its gate, "
        "and blue is not one.",
        "ff.favor.hestia",
    )
    _no(
        column_verdict(on_temple, 0, 0, "hestia", RED, B.temple(RED, 2)),
        "Hestia cannot move red on red temple site 3: Hestia moves a column from the quarry or "
        "the main track.",
        "ff.favor.hestia",
    )
    gate_held = _at(red=[B.gates[RED], 10])
    _no(
        column_verdict(gate_held, 0, 0, "hestia", RED, 10),
        "Hestia cannot move red on space 10: red temple gate already holds a red column; a "
        "colour never hits itself.",
        "ff.favor.hestia",
    )
    _no(
        column_verdict(gate_held, 0, 0, "hestia", RED, QUARRY),
        "Hestia cannot move a red column in its quarry: red temple gate already holds a red "
        "column; a colour never hits itself.",
        "ff.favor.hestia",
    )
    _no(
        column_verdict(on_temple, 0, 0, "apollo", RED, B.temple(RED, 2)),
        "Apollo cannot move red on red temple site 3: Apollo swaps two columns standing on the "
        "main track.",
        "ff.favor.apollo",
    )
    _no(
        column_verdict(start, 0, 0, "apollo", RED, QUARRY),
        "Apollo cannot move a red column in its quarry: Apollo swaps two columns standing on "
        "the main track.",
        "ff.favor.apollo",
    )
    only_red = _at(red=[10], blue=[], yellow=[], green=[])
    _no(
        column_verdict(only_red, 0, 0, "apollo", RED, 10),
        "Apollo cannot move red on space 10: there is no column of another colour on the main "
        "track to swap with.",
        "ff.favor.apollo",
    )


def test_ff_favor_one_favors_not_played_on_a_picked_column() -> None:
    _no(
        column_verdict(_start(), 0, 0, "", RED, B.exits[RED]),
        "No card cannot move red on red quarry exit: No card is not played on one picked column.",
        "ff.favor.one",
    )
    _no(
        column_verdict(_start(), 0, 0, "athena", RED, B.exits[RED]),
        "Athena cannot move red on red quarry exit: Athena is not played on one picked column.",
        "ff.favor.one",
    )


def test_ff_coop_deck_a_favor_without_a_lightning_bolt_for_any_column() -> None:
    coop = GAME.setup(FfOptions(mode="coop2", players=NAMES[:2]))
    reason = "Ares has no lightning bolt, so it is not in the co-op deck."
    _no(column_verdict(coop, 0, 0, "ares", BLUE, B.exits[BLUE]), reason, "ff.coop.deck")
    _no(card_verdict(coop, 0, 0, "ares"), reason, "ff.coop.deck")
    # a Favor with a lightning bolt, a Fate card and the Hero card still play in co-op
    hestia = column_verdict(coop, 0, 0, "hestia", RED, B.exits[RED])
    assert hestia.verdict.reason == "Hestia can move red on red quarry exit: 1 outcome."
    fate = column_verdict(coop, 0, 1, "", RED, B.exits[RED])
    assert fate.verdict.reason == "Fate #1 can move red on red quarry exit: 3 outcomes."


def test_ff_hero_card_a_used_hero_card_leaves_the_other_cards() -> None:
    state = replace(_start(), hero_cards=(0, 1, 1, 1))
    _no(card_verdict(state, 0, 0, "hero"), "Ann's Hero card is already used.", "ff.hero.card")
    _no(
        column_verdict(state, 0, 0, "hero", RED, B.exits[RED]),
        "Ann's Hero card is already used.",
        "ff.hero.card",
    )
    assert column_verdict(state, 0, 1, "", RED, B.exits[RED]).verdict.legal
    assert column_verdict(state, 0, 0, "hestia", RED, B.exits[RED]).verdict.legal


def test_ff_move_same_colour_each_way_of_an_action_names_its_own_block() -> None:
    """A column between two of its own colour: a #4 backward and forward, a #2 either way
    (forward is tried first), and the #3's backward RIVAL action."""
    _no(
        column_verdict(_at(red=[47, 51, 55]), 0, 4, "", RED, 51),
        "Fate #4 cannot move red on space 51: its action 1 (4 back, own): space 47 already "
        "holds a red column; a colour never hits itself; its action 2 (4 forward, own): space "
        "55 already holds a red column; a colour never hits itself.",
        "ff.move.same-colour",
    )
    _no(
        column_verdict(_at(red=[49, 51, 53]), 0, 2, "", RED, 51),
        "Fate #2 cannot move red on space 51: space 53 already holds a red column; a colour "
        "never hits itself.",
        "ff.move.same-colour",
    )
    _no(
        column_verdict(_at(blue=[40, 43, 46]), 0, 3, "", BLUE, 43),
        "Fate #3 cannot move blue on space 43: its action 1 (3 forward, own): it moves Ann's OWN "
        "columns (red), and blue is not one of them; its action 2 (3 back, rival): space 40 "
        "already holds a blue column; a colour never hits itself.",
        "ff.cards.whose",
        "ff.move.same-colour",
    )


def test_ff_move_in_full_a_share_no_other_column_can_finish() -> None:
    """Red's only column on the board stands on its fifth temple space: a #6 (6 forward, share
    2) can take it one space, and no other red column can take the other five."""
    site5 = B.temple(RED, 4)
    _no(
        column_verdict(_at(red=[site5]), 0, 6, "", RED, site5),
        "Fate #6 cannot move red on red temple site 5: the move would run past the end of the "
        "temple track; a card's action is carried out in full or not at all, and no other "
        "column can take the rest of the 6 spaces.",
        "ff.move.in-full",
    )
    # with the last space held it cannot move part of the way either: the first reason alone
    _no(
        column_verdict(_at(red=[site5, B.temple(RED, 5)]), 0, 6, "", RED, site5),
        "Fate #6 cannot move red on red temple site 5: the move would run past the end of the "
        "temple track; a card's action is carried out in full or not at all.",
        "ff.move.in-full",
    )
    # a one-column action moved part of the way is still only the first reason
    _no(
        column_verdict(_at(red=[site5]), 0, 5, "", RED, site5),
        "Fate #5 cannot move red on red temple site 5: its action 1 (5 forward, own): the move "
        "would run past the end of the temple track; a card's action is carried out in full or "
        "not at all; its action 2 (5 forward, rival): it moves Ann's RIVAL columns (blue, "
        "green), and red is not one of them.",
        "ff.move.in-full",
        "ff.cards.whose",
    )


def test_ff_move_same_colour_a_poseidon_share_of_one_space_blocked() -> None:
    first, second = B.temple(RED, 0), B.temple(RED, 1)
    _no(
        column_verdict(_at(red=[first, second]), 0, 1, "poseidon", RED, first),
        "Fate #1 with Poseidon cannot move red on red temple track 1: its action 1 (1 forward "
        "or back, own, share 2): red temple track 2 already holds a red column; a colour never "
        "hits itself; its action 2 (1 forward, own, share 2, again): red temple track 2 already "
        "holds a red column; a colour never hits itself.",
        "ff.move.same-colour",
    )


def test_ff_temple_forward_only_refusals_in_full_words() -> None:
    last = B.temple(RED, 5)
    _no(
        column_verdict(_at(red=[last]), 0, 6, "", RED, last),
        "Fate #6 cannot move red on red temple site 6: it stands on the last space of its "
        "temple track and can move no further.",
        "ff.temple.forward-only",
    )
    site3 = B.temple(RED, 2)
    _no(
        column_verdict(_at(red=[site3]), 0, 3, "dionysus", RED, site3),
        "Fate #3 with Dionysus cannot move red on red temple site 3: its action 1 (3 back, "
        "own): on a temple track columns only move forward; its action 2 (3 forward, rival): it "
        "moves Ann's RIVAL columns (blue, green), and red is not one of them.",
        "ff.temple.forward-only",
        "ff.cards.whose",
    )


def test_ff_start_new_column_a_quarry_column_in_full_words() -> None:
    _no(
        column_verdict(_start(), 0, 2, "", RED, QUARRY),
        "Fate #2 cannot move a red column in its quarry: a column in its quarry comes out only "
        "by being started (a #10).",
        "ff.start.new-column",
    )


def test_ff_favor_apollo_a_colour_alone_on_the_main_track_has_no_partner() -> None:
    """All four blue columns on the main track and no other colour there: Apollo has nothing
    to swap any of them with, whichever hero plays it."""
    blue = _at(red=[], blue=[24, 26, 28, 30], yellow=[], green=[])
    _no(
        column_verdict(blue, 0, 0, "apollo", BLUE, 24),
        "Apollo cannot move blue on space 24: there is no column of another colour on the main "
        "track to swap with.",
        "ff.favor.apollo",
    )


def test_ff_cards_fates_counts_of_outcomes_in_words() -> None:
    """One, two and more outcomes, for one column and for the whole card."""
    state = _at(red=[10])
    two = column_verdict(state, 0, 10, "", RED, 10)
    assert two.verdict.reason == "Fate #10 can move red on space 10: 2 outcomes."
    assert two.verdict.rules == ("ff.cards.fates",) and len(two.plays) == 2
    whole = card_verdict(state, 0, 6, "")
    assert whole.verdict.reason == "Fate #6 has 2 outcomes." and len(whole.plays) == 2
    assert card_verdict(state, 0, 10, "").verdict.reason == "Fate #10 has 3 outcomes."


def test_ff_move_in_full_no_column_can_carry_out_a_card_four_named() -> None:
    """Red has three columns on its temple track and one in its quarry: a #6 stops each of
    them, and rivals' and the teammate's columns, which an OWN action never moves, are not
    listed."""
    state = _at(red=[B.temple(RED, k) for k in (3, 4, 5)])
    _no(
        card_verdict(state, 0, 6, ""),
        "No column can carry out Fate #6. Red on red temple site 4: the move would run past the "
        "end of the temple track; a card's action is carried out in full or not at all; red on "
        "red temple site 5: the move would run past the end of the temple track; a card's "
        "action is carried out in full or not at all; red on red temple site 6: it stands on "
        "the last space of its temple track and can move no further; red in the quarry: a "
        "column in its quarry comes out only by being started (a #10).",
        "ff.move.in-full",
        "ff.temple.forward-only",
        "ff.start.new-column",
    )


def test_ff_end_finished_hero_no_column_can_carry_out_a_card_the_rest_counted() -> None:
    """Red's four columns are home, so its OWN actions move yellow's: a #6 stops all eight
    columns of the team; four are named, the other four counted."""
    red = [B.temple(RED, k) for k in (2, 3, 4, 5)]
    yellow = [B.temple(YELLOW, k) for k in (3, 4, 5)]
    _no(
        card_verdict(_at(red=red, yellow=yellow), 0, 6, ""),
        "No column can carry out Fate #6. Red on red temple site 3: the move would run past the "
        "end of the temple track; a card's action is carried out in full or not at all; red on "
        "red temple site 4: the move would run past the end of the temple track; a card's "
        "action is carried out in full or not at all; red on red temple site 5: the move would "
        "run past the end of the temple track; a card's action is carried out in full or not "
        "at all; red on red temple site 6: it stands on the last space of its temple track and "
        "can move no further; and 4 more.",
        "ff.move.in-full",
        "ff.temple.forward-only",
        "ff.start.new-column",
    )


def test_ff_favor_athena_the_whole_card_answers_without_a_column() -> None:
    fresh = _at(red=[10], blue=[11])
    _no(
        card_verdict(fresh, GREEN, 0, "athena"),
        "Athena answers a rival's turn; there is none to undo.",
        "ff.favor.athena",
    )
    hit = GAME.apply(fresh, Play(RED, 1, 0, steps=(Step(RED, 10, 1),)))
    _no(
        card_verdict(hit, YELLOW, 0, "athena"),
        "Athena answers a rival's turn, not a teammate's.",
        "ff.favor.athena",
    )
    answer = card_verdict(hit, BLUE, 0, "athena")
    assert answer.plays == (Play(BLUE, 0, 0, "athena"),)
    assert answer.verdict == GAME.check(hit, Play(BLUE, 0, 0, "athena"))
    assert answer.verdict.legal and answer.verdict.reason == "Bo plays Athena."


def test_ff_start_new_column_a_column_already_out_is_not_started_again() -> None:
    last = B.temple(RED, 5)
    _no(
        column_verdict(_at(red=[last]), 0, 10, "", RED, last),
        "Fate #10 cannot move red on red temple site 6: its action 1 (start a team column): it "
        "starts a column from its quarry, and this one is already out; its action 2 (10 "
        "forward, own): it stands on the last space of its temple track and can move no "
        "further.",
        "ff.start.new-column",
        "ff.temple.forward-only",
    )


def test_ff_cards_fates_a_card_with_one_outcome() -> None:
    answer = card_verdict(_start(), 0, 6, "")
    assert answer.verdict.legal and len(answer.plays) == 1
    assert answer.verdict.reason == "Fate #6 has 1 outcome."


def test_ff_hero_card_blue_alone_on_the_main_track_has_nothing_to_strike() -> None:
    """Blue's hero: blue's four columns on the main track, green's home, red and yellow in
    their quarries. No column of another colour stands on the main track."""
    state = replace(
        _at(
            red=[],
            blue=[24, 26, 28, 30],
            yellow=[],
            green=[B.temple(GREEN, k) for k in (2, 3, 4, 5)],
        ),
        turn=1,
    )
    _no(
        column_verdict(state, BLUE, 0, "hero", BLUE, 24),
        "The Hero card cannot move blue on space 24: there is no column of another colour on "
        "the main track to strike.",
        "ff.hero.card",
    )


def test_ff_favor_hestia_a_column_whose_outcome_another_play_also_reaches() -> None:
    """Blue's hero plays Hestia. Green stands on blue's temple gate and blue on green's:
    sending green to its gate hits blue (a teammate), which goes to its own gate, where
    green stood. That ends as sending the blue column to its gate does, and the card's list
    of outcomes keeps that play; the green column can still be moved, as ``check`` says."""
    state = replace(_at(blue=[B.gates[GREEN]], green=[B.gates[BLUE]]), turn=1)
    play = Play(BLUE, 0, 0, "hestia", steps=(Step(GREEN, B.gates[BLUE]),))
    assert GAME.check(state, play).legal
    answer = column_verdict(state, BLUE, 0, "hestia", GREEN, B.gates[BLUE])
    assert answer.plays == (play,)
    assert answer.verdict.legal
    assert answer.verdict.reason == "Hestia can move green on blue temple gate: 1 outcome."
    assert answer.verdict.rules == ("ff.favor.hestia",)


def test_ff_move_round_trip_a_second_column_round_a_bridge_loop_keeps_its_own_outcome() -> None:
    """Red has columns on spaces 16 and 30, and Fate #7 (seven forward) takes either one
    round its bridge loop back to where it began. Both plays end on the same board, so the
    card's list of outcomes keeps one of them; the answer for each column still lists the
    play that moves that column."""
    state = _at(red=[16, 30])
    for start in (16, 30):
        loop = Play(RED, 7, 0, "", steps=(Step(RED, start, 7, bridge=True),))
        assert GAME.check(state, loop).legal
        answer = column_verdict(state, RED, 7, "", RED, start)
        assert loop in answer.plays, start
        assert answer.verdict.reason == f"Fate #7 can move red on space {start}: 26 outcomes."
