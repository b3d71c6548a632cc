"""Winds of Fate rules, named after the rule IDs they pin (worked examples included)."""

from __future__ import annotations

import pytest

from rules.core import IllegalAction
from rules.winds_of_fate import (
    GAME,
    BetDestiny,
    ClaimReward,
    Contribute,
    Destiny,
    Draw,
    Journey,
    MoveBet,
    Pass,
    PlaceBet,
    PlayCard,
    PlaySpecial,
    Resolve,
    RevealRewards,
    SetPath,
    Skip,
    TakeChip,
    Wander,
    WofOptions,
)
from rules.winds_of_fate.scoring import bet_payout

from .helpers import NAMES, adventure, claim_all, do, pass_all, sail, skip_all, started


def test_wof_setup_crew_by_player_count() -> None:
    for names, crew in ((NAMES, 25), ((*NAMES, "Di"), 30), ((*NAMES, "Di", "Ed"), 35)):
        s = GAME.setup(WofOptions(players=names))
        assert s.crew == crew
        assert s.held == (2,) * len(names)
        assert s.hand_help == s.hand_hinder == (3,) * len(names)
        assert s.supply == 50 - 2 * len(names)
    with pytest.raises(ValueError):
        GAME.setup(WofOptions(players=("A", "B")))


def test_wof_setup_destiny_first_chip_then_troy_bets() -> None:
    s = started()
    assert s.phase == "bets" and s.at == "troy" and s.round == 1
    assert s.held == (1, 1, 1)
    assert s.destiny_chips == ((1, 0, 0),) * 3
    assert s.queue == (0, 1, 2)


def test_wof_bet_place_worked_example_tom_bets_on_9_in_round_2() -> None:
    """Tom already has a bet on round 10; in round 2 he bets on 9 with 7 chips added."""
    s = started()
    s = do(s, PlaceBet(0, 10))  # Troy, round 1: 1 + 9 chips
    assert s.bets[0].chips == 10
    s = skip_all(s)
    s = adventure(s, won=True, claims={0: ClaimReward(0, 0, chips=1)})
    assert s.held[0] == 1
    s = sail(s, "1")  # calm path from Troy to space 1: Scylla, round 2
    assert s.round == 2 and s.tile == "scylla" and s.crew == 25 - 1 - 6
    while s.queue[0] != 0:
        s = do(s, Skip(s.queue[0]))
    refused = GAME.check(s, PlaceBet(0, 10))
    assert not refused.legal and "wof.bet.place" in refused.rules
    supply = s.supply
    s = do(s, PlaceBet(0, 9))
    assert next(b for b in s.bets if b.space == 9).chips == 8
    assert s.supply == supply - 7


def test_wof_end_payout_worked_example_8_chips_on_9_ending_in_7_pay_2() -> None:
    assert bet_payout(8, 9, 7) == 2
    assert bet_payout(8, 9, 9) == 8
    assert bet_payout(8, 9, 12) == 0
    assert bet_payout(8, 9, 8) == 5


def test_wof_assume_bet_ahead_and_chip_supply() -> None:
    s = started()
    s = do(s, Skip(0), Skip(1), Skip(2))
    s = adventure(s, won=True)
    s = sail(s, "4")  # Circe in round 2
    assert s.tile == "circe" and s.phase == "bets"
    first, second, third = s.queue
    assert "wof.assume.bet-ahead" in GAME.check(s, PlaceBet(first, 1)).rules
    s = do(s, PlaceBet(first, 3), TakeChip(second), BetDestiny(third, 1))
    assert s.held[first] == 0 and s.held[second] == 2 and s.held[third] == 0
    assert s.destiny_chips[third] == (1, 3, 0)


def test_wof_bet_move_only_at_circe_to_a_neighbour() -> None:
    s = started()
    s = do(s, PlaceBet(0, 5), Skip(1), Skip(2))
    s = adventure(s, won=True)
    s = sail(s, "4")
    while s.queue[0] != 0:
        s = do(s, Skip(s.queue[0]))
    assert not GAME.check(s, MoveBet(0, 5, 7)).legal
    s = do(s, MoveBet(0, 5, 6))
    assert s.bets[0].space == 6 and s.bets[0].chips == 5


def test_wof_encounter_aeolia_unused_chips_score_and_destiny_any_order() -> None:
    s = started()
    s = skip_all(s)
    s = adventure(s, won=False)
    before = s.vp
    s = sail(s, "2")  # stormy to Aeolia
    assert s.tile == "aeolia" and s.vp == tuple(v + 2 for v in before)
    assert s.phase == "destiny"
    s = do(s, Destiny(2, 2), Skip(0))
    assert not GAME.check(s, Destiny(2, 1)).legal
    s = do(s, Destiny(1, 0))
    assert s.phase == "reveal" and s.destiny_chips[2] == (1, 0, 1)


def test_wof_journey_direct_aeolia_to_scheria_still_costs_crew_and_a_round() -> None:
    s = skip_all(started())
    s = adventure(s, won=True)
    s = sail(s, "2")
    s = skip_all(s)
    s = adventure(s, won=True)
    verdict = GAME.check(s, Journey("5"))
    assert not verdict.legal and "wof.journey.direct" in verdict.rules
    crew = s.crew
    s = sail(s)
    assert s.tile == "scheria" and s.round == 3 and s.crew == crew - 1
    assert "2" in s.face_down and "troy" in s.face_down


def test_wof_assume_paths_are_remembered_and_editable() -> None:
    s = skip_all(started())
    s = adventure(s, won=True)
    refused = GAME.check(s, Journey(""))
    assert not refused.legal and "wof.assume.paths" in refused.rules
    s = do(s, SetPath("troy", "calm", "7"))
    s = sail(s)
    assert s.tile == "lotophagi" and s.paths["troy:calm"] == "7"
    assert s.round == 3  # the journey, then Lotophagi's own step


def test_wof_adventure_play_one_kind_specials_pass_tiles_and_new_turn_order() -> None:
    s = skip_all(started())
    s = do(s, RevealRewards((2, 1, 3)))
    s = do(s, PlayCard(0, "hinder"))
    wrong = GAME.check(s, PlayCard(1, "help"))
    assert not wrong.legal and "wof.adventure.one-kind" in wrong.rules
    s = do(s, PlaySpecial(1, "vp", "help"))
    assert s.vp[1] == 2
    s = do(s, Pass(2, help=1))  # first to pass: tile 3, draws 2
    assert s.hand_help[2] == 4 and s.hand_hinder[2] == 4
    s = do(s, PlayCard(0, "hinder"), Pass(1, help=1))  # tile 2: 2 VP + 1 card
    assert s.vp[1] == 4 and s.hand_help[1] == 3
    s = do(s, Pass(0))  # tile 1: 4 VP
    assert s.vp[0] == 4
    assert s.order == (0, 1, 2) and s.phase == "claim"
    s = do(s, ClaimReward(0, 2, vp=1), ClaimReward(1, 0), ClaimReward(2, 1))
    assert s.phase == "resolve"
    # Tom's two Hinder cards total 9; Ann's special takes 2 off: Hinder 7 + Poseidon 2 = 9.
    verdict = GAME.check(s, Resolve("athena", 8, (9, 0, 0)))
    assert verdict.legal and "won" in verdict.reason
    after = do(s, Resolve("poseidon", 2, (9, 0, 0)))
    assert after.last is not None and not after.last.won
    assert after.last.hinder == 9 and after.crew == 25 - 6
    assert after.vp[0] == 4 + 1 + 2  # tile 1, reward, largest contribution


def test_wof_hidden_contribution_entered_privately_then_revealed() -> None:
    s = skip_all(started())
    s = do(s, RevealRewards((1, 1, 1)), PlayCard(0, "help"), PlayCard(1, "help"))
    s = do(s, Contribute(0, 4))
    assert GAME.redact(s, 1).contrib == (None, None, None)
    assert GAME.redact(s, 0).contrib[0] == 4
    s = do(s, Pass(2), Pass(0), Pass(1))
    s = do(s, *(ClaimReward(p, i) for i, p in enumerate(s.order)))
    waiting = GAME.check(s, Resolve("athena", 1))
    assert not waiting.legal and "wof.hidden.contribution" in waiting.rules
    s = do(s, Contribute(1, 6), Resolve("athena", 1))
    assert s.last is not None and s.last.help == 11 and s.last.top == (1,)
    assert s.contrib == (None, None, None)


def test_wof_encounter_charybdis_doubles_and_cyclops_adds_hinder() -> None:
    s = skip_all(started())
    s = adventure(s, won=True)
    s = sail(s, "6")
    s = skip_all(s)
    assert s.tile == "charybdis"
    s = do(s, RevealRewards((1, 1, 1)))
    s = claim_all(pass_all(s))
    s = do(s, Resolve("poseidon", 3, (0, 0, 0)))
    assert s.last is not None and s.last.hinder == 6 and not s.last.won
    s = sail(s, "5")
    assert s.tile == "cyclops"
    s = do(s, RevealRewards((0, 0, 0)))
    s = claim_all(pass_all(s))
    s = do(s, Resolve("athena", 3, (0, 0, 0)))
    assert s.last is not None and s.last.hinder == 3 and s.last.help == 3 and s.last.won


def test_wof_end_dead_the_moment_crew_runs_out() -> None:
    s = skip_all(started())
    s = do(s, RevealRewards((9, 9, 9)))
    s = claim_all(pass_all(s))
    verdict = GAME.check(s, Resolve("poseidon", 1, (0, 0, 0)))
    assert "wof.end.dead" in verdict.rules
    s = do(s, Resolve("poseidon", 1, (0, 0, 0)))
    assert s.phase == "over" and s.ending == "dead" and s.crew == 0
    outcome = GAME.outcome(s)
    assert outcome is not None and "Dead in round 1" in outcome.summary


def test_wof_facedown_wandering_takes_one_round() -> None:
    s = skip_all(started())
    s = adventure(s, won=True)
    s = sail(s, "7")  # Lotophagi: journey to round 2, Lotophagi to round 3
    s = adventure(s, won=False)
    crew = s.crew
    s = sail(s, "troy")  # stormy back to the face-down Troy: round 4, 1 crew more
    assert s.phase == "wander" and s.round == 4 and s.crew == crew - 2
    s = do(s, Wander("athena", "7"))  # calm to face-down Lotophagi: draw 1 each
    assert s.phase == "draws" and s.round == 4
    s = do(s, Draw(0, 1), Draw(1, 0), Draw(2, 1))
    s = do(s, Wander("athena", "9"))  # Calypso, face up: +1 for wandering, +2 for Calypso
    assert s.tile == "calypso" and s.round == 7 and s.phase == "destiny"


def test_wof_end_stranded_after_round_12_and_safe_return_at_ithaca() -> None:
    s = skip_all(started())
    s = adventure(s, won=True)
    s = sail(s, "2")
    s = skip_all(s)
    s = adventure(s, won=True)
    s = sail(s)  # Scheria, round 3
    s = skip_all(s)
    s = adventure(s, won=True)
    s = sail(s)  # Ithaca, round 4
    assert s.at == "ithaca"
    s = do(s, RevealRewards((1,) * 6))
    s = claim_all(pass_all(s))
    s = do(s, Resolve("poseidon", 5, (0, 0, 0)))  # 5 against 3: lost, 6 crew
    assert s.adventure == 2 and s.phase == "play" and s.crew == 25 - 3 - 6
    s = claim_all(pass_all(s))
    s = do(s, Resolve("athena", 1, (0, 0, 0)))
    assert s.ending == "safe" and s.round == 4
    sheet = GAME.score(s)
    # Every player ends with 1 unused chip and 1 chip on Safe Return: 4 VP on top of the track.
    assert [p.total for p in sheet.players] == [v + 4 for v in s.vp]
    assert all("Destiny: Safe Return (1)" in [i.label for i in p.items] for p in sheet.players)


def test_wof_end_stranded_when_round_12_adventure_ends_away_from_ithaca() -> None:
    s = started()
    s = do(s, GAME.decode_action({"type": "correct", "counter": "round", "value": 12}))
    s = do(s, PlaceBet(0, 12), Skip(1), Skip(2))
    s = adventure(s, won=True)
    assert s.ending == "stranded" and s.phase == "over"
    pad = GAME.score(s)
    tom = pad.players[0]
    assert ("Bet on round 12", 2) in [(i.label, i.points) for i in tom.items]
    assert ("Destiny: Stranded at Sea (0)", 0) in [(i.label, i.points) for i in tom.items]


def test_wof_end_tiebreak_most_chips_then_shared() -> None:
    from rules.winds_of_fate.scoring import Holding, sheet
    from rules.winds_of_fate.state import Bet

    stakes = [
        Holding("Tom", 10, 0, (Bet(0, 9, 8),), {"dead": 0}),  # 10 + 2*2 = 14, 2 chips
        Holding("Ann", 12, 1, (), {}),  # 12 + 2 = 14, 1 chip
        Holding("Bo", 0, 0, (), {"dead": 3}),  # 6
    ]
    pad = sheet(stakes, 7, "dead")
    assert [p.total for p in pad.players] == [14, 14, 6]
    assert pad.winner == "Tom" and pad.tiebreak == "wof.end.tiebreak"
    shared = sheet(
        [Holding("A", 4, 1, (), {}), Holding("B", 4, 1, (), {}), Holding("C", 0, 0, (), {})],
        3,
        "safe",
    )
    assert shared.winner is None and "share" in shared.summary


def test_wof_hidden_destiny_only_the_owner_knows_until_the_end() -> None:
    s = started()
    assert GAME.redact(s, 1).destiny_cards == ((), ("safe", "dead", "stranded"), ())
    assert GAME.redact(s, None).destiny_cards == ((), (), ())
    assert GAME.redact(s, 1).destiny_chips == s.destiny_chips
    dead = GAME.apply(s, GAME.decode_action({"type": "correct", "counter": "crew", "value": 0}))
    assert dead.ending == "dead"
    assert GAME.redact(dead, None).destiny_cards == s.destiny_cards


def test_wof_illegal_actions_cite_rules_and_change_nothing() -> None:
    s = started()
    for act in (PlaceBet(1, 3), Destiny(0, 1), Journey("3"), SetPath("ithaca", "calm", "1")):
        verdict = GAME.check(s, act)
        assert not verdict.legal and all(r in GAME.rules for r in verdict.rules)
        with pytest.raises(IllegalAction):
            GAME.apply(s, act)


def test_wof_hidden_destiny_history_lines_never_name_a_card() -> None:
    from rules.winds_of_fate import RecordDestiny

    s = GAME.setup(WofOptions(players=NAMES))
    line = GAME.describe(s, RecordDestiny(0, ("dead", "safe", "stranded"), 2))
    assert "card 3" in line
    assert not any(word in line for word in ("Dead", "Safe", "Stranded"))
    s = started()
    s = skip_all(s)
    s = adventure(s, won=False)
    s = sail(s, "2")
    line = GAME.describe(s, Destiny(1, 1))
    assert "card 2" in line and "Safe" not in line
    verdict = GAME.check(s, Destiny(1, 1))
    assert not any("Safe" in e or "Dead" in e for e in verdict.effects)


def test_wof_view_is_the_redacted_state_as_json() -> None:
    s = started()
    view = GAME.view(s, 2)
    assert view["destiny_cards"] == [[], [], ["safe", "dead", "stranded"]]
    assert view["destiny_chips"] == [[1, 0, 0]] * 3


def test_wof_encounter_troy_is_cited_when_the_voyage_starts() -> None:
    from rules.winds_of_fate import LayBoard, RecordDestiny

    s = GAME.setup(WofOptions(players=NAMES))
    s = do(
        s,
        RecordDestiny(0, ("safe", "dead", "stranded"), 0),
        RecordDestiny(1, ("safe", "dead", "stranded"), 0),
    )
    assert (
        "wof.encounter.troy"
        not in GAME.check(s, RecordDestiny(2, ("safe", "dead", "stranded"), 0)).rules
    )
    from .helpers import TILES

    s = do(s, LayBoard(TILES, (0, 1, 2)))
    verdict = GAME.check(s, RecordDestiny(2, ("safe", "dead", "stranded"), 0))
    assert "wof.encounter.troy" in verdict.rules


def test_wof_bet_place_one_chip_reads_in_the_singular() -> None:
    from rules.winds_of_fate import PlaceBet
    from tests.rules.winds_of_fate.helpers import started

    s = started()
    verdict = GAME.check(s, PlaceBet(s.queue[0], 1))
    assert verdict.effects == ("Tom bets 1 chip on round 1",)
