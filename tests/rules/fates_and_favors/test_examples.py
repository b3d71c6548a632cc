"""The rulebook's worked examples and each movement rule, named after the rule IDs."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.core import IllegalAction
from rules.fates_and_favors import GAME, QUARRY, Play, PlayFavor, Step
from tests.rules.fates_and_favors.helpers import BLUE, GREEN, RED, YELLOW, B, at, sites, table


def test_ff_assume_bridge_step_the_tip_from_the_quarry_exit_to_the_teammates_exit() -> None:
    """Tips & tricks: from your quarry exit 2 back (#2), then over the centre bridge and 3
    forward (#3) lands on your teammate's quarry exit; when they start a column there, your
    column is hit to your own temple gate."""
    state = table(yellow=[])  # yellow's exit is empty, so red can land there
    back = Play(RED, 2, 0, steps=(Step(RED, B.exits[RED], 2, backward=True),))
    state = GAME.apply(state, back)
    assert at(state, RED) == [B.corners[RED]]
    state = replace(state, turn=0)  # red's turn again, to keep the example short
    over = Play(RED, 3, 0, steps=(Step(RED, B.corners[RED], 3, bridge=True),))
    verdict = GAME.check(state, over)
    assert verdict.legal and "ff.bridge.use" in verdict.rules
    state = GAME.apply(state, over)
    assert at(state, RED) == [B.exits[YELLOW]]
    state = replace(state, turn=2)  # yellow starts a column with a #10
    start = Play(YELLOW, 10, 0, steps=(Step(YELLOW, QUARRY),))
    verdict = GAME.check(state, start)
    assert "ff.hit.teammate" in verdict.rules
    state = GAME.apply(state, start)
    assert at(state, RED) == [B.gates[RED]]
    assert at(state, YELLOW) == [B.exits[YELLOW]]


def test_ff_hit_chain_gate_to_gate() -> None:
    """Hitting a teammate standing on its own gate sends the hitter to the hitter's gate."""
    state = table(red=[B.gates[YELLOW] - 4], yellow=[B.gates[YELLOW]])
    play = Play(RED, 4, 1, steps=(Step(RED, B.gates[YELLOW] - 4, 4),))
    verdict = GAME.check(state, play)
    assert verdict.legal and "ff.hit.chain" in verdict.rules, verdict
    after = GAME.apply(state, play)
    assert at(after, YELLOW) == [B.gates[YELLOW]]
    assert at(after, RED) == [B.gates[RED]]


def test_ff_hit_rival_goes_home() -> None:
    state = table(red=[10], blue=[13])
    after = GAME.apply(state, Play(RED, 3, 0, steps=(Step(RED, 10, 3),)))
    assert at(after, RED) == [13] and at(after, BLUE) == []
    assert "ff.hit.rival" in GAME.check(state, Play(RED, 3, 0, steps=(Step(RED, 10, 3),))).rules


def test_ff_move_same_colour_never_passes_or_hits() -> None:
    state = table(red=[10, 12])
    past = GAME.check(state, Play(RED, 3, 0, steps=(Step(RED, 10, 3),)))
    assert not past.legal and past.rules == ("ff.move.same-colour",)
    onto = GAME.check(state, Play(RED, 2, 0, steps=(Step(RED, 10, 2),)))
    assert not onto.legal and onto.rules == ("ff.move.same-colour",)
    # a different colour passes freely
    state = table(red=[10], blue=[11])
    assert GAME.check(state, Play(RED, 3, 0, steps=(Step(RED, 10, 3),))).legal


def test_ff_temple_enter_only_forward_and_by_choice() -> None:
    gate = B.gates[RED]
    state = table(red=[gate - 1])
    into = Play(RED, 3, 0, steps=(Step(RED, gate - 1, 3, temple=True),))
    assert at(GAME.apply(state, into), RED) == [B.temple(RED, 1)]
    past = Play(RED, 3, 0, steps=(Step(RED, gate - 1, 3),))
    assert at(GAME.apply(state, past), RED) == [gate + 2]
    back = GAME.check(
        state, Play(RED, 2, 0, steps=(Step(RED, gate - 1, 2, backward=True, temple=True),))
    )
    assert not back.legal and back.rules == ("ff.temple.enter",)


def test_ff_temple_forward_only_and_no_overshoot() -> None:
    state = table(red=[B.temple(RED, 3)])
    back = GAME.check(
        state, Play(RED, 1, 0, steps=(Step(RED, B.temple(RED, 3), 1, backward=True),))
    )
    assert not back.legal and back.rules == ("ff.temple.forward-only",)
    over = GAME.check(state, Play(RED, 3, 0, steps=(Step(RED, B.temple(RED, 3), 3),)))
    assert not over.legal and over.rules == ("ff.move.in-full",)
    assert GAME.check(state, Play(RED, 2, 0, steps=(Step(RED, B.temple(RED, 3), 2),))).legal


def test_ff_temple_safe_from_rivals_but_teammates_may_move() -> None:
    state = table(red=[20], blue=[B.temple(BLUE, 0)])
    rival = GAME.check(state, Play(RED, 5, 1, steps=(Step(BLUE, B.temple(BLUE, 0), 5),)))
    assert not rival.legal and rival.rules == ("ff.temple.safe",)
    state = table(red=[20], yellow=[B.temple(YELLOW, 0)])
    # the #9 is the team share (ff.assume.fate-actions): red may move yellow's column there
    share = (Step(YELLOW, B.temple(YELLOW, 0), 2), Step(RED, 20, 7))
    team = GAME.check(state, Play(RED, 9, 0, steps=share))
    assert team.legal


def test_ff_move_share_nine_as_seven_and_two() -> None:
    state = table(red=[10], yellow=[30])
    play = Play(RED, 9, 0, steps=(Step(RED, 10, 7), Step(YELLOW, 30, 2)))
    after = GAME.apply(state, play)
    assert at(after, RED) == [17] and at(after, YELLOW) == [32]
    short = GAME.check(state, Play(RED, 9, 0, steps=(Step(RED, 10, 7), Step(YELLOW, 30, 1))))
    assert not short.legal and short.rules == ("ff.move.in-full",)
    twice = GAME.check(state, Play(RED, 9, 0, steps=(Step(RED, 10, 7), Step(RED, 17, 2))))
    assert not twice.legal and twice.rules == ("ff.move.share",)


def test_ff_bridge_only_from_the_starting_space() -> None:
    state = table(red=[9])
    verdict = GAME.check(state, Play(RED, 3, 0, steps=(Step(RED, 9, 3, bridge=True),)))
    assert not verdict.legal and verdict.rules == ("ff.bridge.start",)


def test_ff_cards_whose_rival_action_moves_only_rivals() -> None:
    state = table(red=[10], blue=[25])
    assert GAME.check(state, Play(RED, 3, 1, steps=(Step(BLUE, 25, 3, backward=True),))).legal
    own = GAME.check(state, Play(RED, 3, 1, steps=(Step(RED, 10, 3, backward=True),)))
    assert not own.legal and own.rules == ("ff.cards.whose",)


def test_ff_coop_rival_any() -> None:
    state = table("coop4", red=[10])
    assert GAME.check(state, Play(RED, 3, 1, steps=(Step(RED, 10, 3, backward=True),))).legal


def test_ff_assume_coop_hits_advance_to_the_gate() -> None:
    state = table("coop4", red=[10], blue=[13])
    after = GAME.apply(state, Play(RED, 3, 0, steps=(Step(RED, 10, 3),)))
    assert at(after, BLUE) == [B.gates[BLUE]]


def test_ff_turn_order_and_again() -> None:
    state = table()
    wrong = GAME.check(state, Play(BLUE, 10, 0, steps=(Step(BLUE, QUARRY),)))
    assert not wrong.legal and wrong.rules == ("ff.turn.order",)
    again = GAME.apply(state, Play(RED, 1, 1, steps=(Step(RED, B.exits[RED], 1),)))
    assert again.seat == RED
    normal = GAME.apply(state, Play(RED, 1, 0, steps=(Step(RED, B.exits[RED], 1),)))
    assert normal.seat == BLUE


def test_ff_favor_zeus_poseidon_dionysus() -> None:
    state = table(red=[10], yellow=[30], blue=[40])
    zeus = Play(
        RED, 0, favor="zeus", steps=(Step(RED, 10, 4), Step(BLUE, 40, 3), Step(YELLOW, 30, 3))
    )
    after = GAME.apply(state, zeus)
    assert at(after, RED) == [14] and at(after, BLUE) == [43] and at(after, YELLOW) == [33]
    # Poseidon shares a Fate over two of the columns it may move: a #5 moves red's own
    state = table(red=[10, 30], yellow=[50], blue=[40])
    poseidon = Play(RED, 5, 0, favor="poseidon", steps=(Step(RED, 10, 2), Step(RED, 30, 3)))
    assert GAME.check(state, poseidon).legal
    assert not GAME.check(state, replace(poseidon, favor="")).legal
    state = table(red=[10], yellow=[30], blue=[40])
    dionysus = Play(
        RED,
        9,
        0,
        favor="dionysus",
        steps=(Step(RED, 10, 5, backward=True), Step(YELLOW, 30, 4, backward=True)),
    )
    assert GAME.check(state, dionysus).legal
    half = replace(dionysus, steps=(Step(RED, 10, 5, backward=True), Step(YELLOW, 30, 4)))
    assert not GAME.check(state, half).legal


def test_ff_favor_apollo_hestia_ares() -> None:
    state = table(red=[10], blue=[40, B.temple(BLUE, 1)])
    swap = GAME.apply(state, Play(RED, 0, favor="apollo", steps=(Step(RED, 10), Step(BLUE, 40))))
    assert at(swap, RED) == [40] and 10 in at(swap, BLUE)
    hestia = GAME.apply(state, Play(RED, 0, favor="hestia", steps=(Step(RED, 10),)))
    assert at(hestia, RED) == [B.gates[RED]]
    ares = GAME.apply(state, Play(RED, 0, favor="ares", steps=(Step(BLUE, 40),)))
    assert at(ares, BLUE) == [B.temple(BLUE, 1)]
    safe = GAME.check(state, Play(RED, 0, favor="ares", steps=(Step(BLUE, B.temple(BLUE, 1)),)))
    assert not safe.legal and safe.rules == ("ff.favor.ares",)


def test_ff_favor_athena_undoes_a_rival_hit() -> None:
    state = table(red=[10], blue=[7])
    hit = GAME.apply(replace(state, turn=1), Play(BLUE, 3, 0, steps=(Step(BLUE, 7, 3),)))
    assert at(hit, RED) == []
    undone = GAME.apply(hit, Play(RED, 0, favor="athena"))
    assert at(undone, RED) == [10] and at(undone, BLUE) == [11]


def test_ff_favor_hera_skips_a_turn() -> None:
    state = GAME.apply(table(), PlayFavor(RED, "hera", BLUE))
    assert state.seat == YELLOW


def test_ff_hero_card_once_per_game() -> None:
    state = table(red=[10], blue=[20])
    strike = Play(RED, 0, 1, hero=True, steps=(Step(RED, 10, to=20),))
    after = GAME.apply(state, strike)
    assert at(after, RED) == [20] and at(after, BLUE) == []
    again = GAME.check(
        replace(after, turn=0), replace(strike, steps=(Step(RED, 20, to=B.exits[GREEN]),))
    )
    assert not again.legal and again.rules == ("ff.hero.card",)


def test_ff_end_win_and_versus_score_over_a_series() -> None:
    state = table(
        red=[*sites(RED)[1:], B.temple(RED, 1)],
        yellow=sites(YELLOW),
        blue=[12, 14],
        green=[B.temple(GREEN, 3)],
    )
    play = Play(RED, 1, 0, steps=(Step(RED, B.temple(RED, 1), 1),))
    assert GAME.check(state, play).rules == ("ff.cards.fates", "ff.move.forward", "ff.end.win")
    after = GAME.apply(state, play)
    assert after.phase == "won"
    result = after.series[-1]
    # blue: 2 on the track + 2 in the quarry; green: 3 in the quarry (1 on its temple track)
    assert result.points == (3 + 7, 0, 3 + 7, 0)
    nxt = GAME.apply(after, GAME.decode_action({"type": "ff.next-game"}))
    assert nxt.phase == "play" and nxt.game_no == 2 and len(nxt.series) == 1
    end = GAME.apply(after, GAME.decode_action({"type": "ff.end-series"}))
    sheet = GAME.score(end)
    assert [p.total for p in sheet.players] == [10, 0, 10, 0]
    assert GAME.outcome(end) is not None


def test_ff_coop_goal_scores_cards_left() -> None:
    cols = {n: sites(c) for c, n in enumerate(("red", "blue", "yellow", "green"))}
    cols["red"] = [*sites(RED)[1:], B.temple(RED, 1)]
    state = table("coop4", **cols)
    play = Play(RED, 1, 0, steps=(Step(RED, B.temple(RED, 1), 1),))
    assert GAME.check(state, play).rules == ("ff.cards.fates", "ff.move.forward", "ff.coop.goal")
    after = GAME.apply(state, play)
    assert after.phase == "won"
    assert after.series[-1].points[0] == 1 + after.deck + sum(after.held)
    assert after.series[-1].winners == (0, 1, 2, 3) and after.series[-1].won


@pytest.mark.parametrize(
    ("mode", "seats", "order", "hero"),
    [
        ("2v2", 4, (0, 1, 2, 3), (1, 1, 1, 1)),
        ("1v1", 2, (0, 1), (1, 1)),
        ("2v1", 3, (0, 1, 0, 2), (1, 1, 1)),
        ("coop2", 2, (0, 1), (2, 2)),
        ("coop3", 3, (0, 1, 0, 2), (2, 1, 1)),
        ("coop4", 4, (0, 1, 2, 3), (1, 1, 1, 1)),
        ("solo", 1, (0,), (4,)),
    ],
)
def test_ff_modes_at_setup(
    mode: str, seats: int, order: tuple[int, ...], hero: tuple[int, ...]
) -> None:
    state = table(mode)
    assert len(state.players) == seats and state.order == order and state.hero_cards == hero
    assert sorted(c for cs in state.seat_colours for c in cs) == [0, 1, 2, 3]
    if state.coop:
        assert state.deck > 0 and set(state.teams) == {0}
    if mode in ("2v1", "coop3"):
        assert state.hand_sizes[0] == 4


def test_setup_refuses_the_wrong_number_of_names() -> None:
    from rules.fates_and_favors import FfOptions

    with pytest.raises(ValueError, match="needs 2 player names"):
        GAME.setup(FfOptions(mode="1v1", players=("A", "B", "C")))


def test_illegal_play_raises_with_the_verdict() -> None:
    with pytest.raises(IllegalAction):
        GAME.apply(table(), Play(RED, 11))


def test_ff_cards_whose_plain_moves_are_the_heros_own() -> None:
    """Heroes act only on their own columns unless a card says otherwise: a #3 forward
    moves red's column, never yellow's (ff.assume.fate-actions)."""
    state = table(red=[10], yellow=[30])
    mine = GAME.check(state, Play(RED, 3, 0, steps=(Step(RED, 10, 3),)))
    assert mine.legal
    theirs = GAME.check(state, Play(RED, 3, 0, steps=(Step(YELLOW, 30, 3),)))
    assert not theirs.legal and theirs.rules == ("ff.cards.whose",)
    assert "OWN" in theirs.reason
    # the #10 places "a team column" on its quarry exit, so it may start yellow's
    starts = {p.steps[0].colour for p in GAME.outcomes(state, 10) if p.steps[0].start == QUARRY}
    assert starts == {RED, YELLOW}


def test_ff_end_finished_hero_plays_the_teammates_columns_as_own() -> None:
    """Once red's four columns stand on red's temple sites, red's own-column cards move
    yellow's columns."""
    state = table(red=sites(RED), yellow=[30])
    verdict = GAME.check(state, Play(RED, 3, 0, steps=(Step(YELLOW, 30, 3),)))
    assert verdict.legal, verdict
    assert at(GAME.apply(state, Play(RED, 3, 0, steps=(Step(YELLOW, 30, 3),))), YELLOW) == [33]
