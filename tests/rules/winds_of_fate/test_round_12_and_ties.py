"""Winds of Fate corners: who is named when the chips break a tie, how round 12 strands
Odysseus (wof.assume.stranded-round-12), and names in the score command."""

from __future__ import annotations

import io
import json

from rules import cli
from rules.core import Correct
from rules.winds_of_fate import GAME, PlaceBet, Resolve, RevealRewards, Skip, Wander, WofState

from .helpers import adventure, claim_all, do, pass_all, sail, skip_all, started


def _stranded(*fixes: tuple[str, int]) -> WofState:
    """Round 12 ends away from Ithaca, Tom with 1 chip on round 12 (2 VP, 1 chip), Ann and
    Bo with 1 unused chip each (2 VP, 1 chip); then the score track and chips are set to
    ``fixes`` as the box shows them."""
    s = do(started(), Correct("round", 12))
    s = adventure(do(s, PlaceBet(0, 12), Skip(1), Skip(2)), won=False)
    assert s.ending == "stranded"
    # A counter already showing its value takes no correction (core.correction.same).
    values = GAME.counter_values(s)
    return do(s, *(Correct(name, value) for name, value in fixes if values[name] != value))


def test_wof_end_tiebreak_outcome_names_only_those_the_chips_leave_tied() -> None:
    # All three on 2 VP; Ann's come from the track and she has no chip left.
    s = _stranded(("Tom VP", 0), ("Ann VP", 2), ("Ann chips", 0), ("Bo VP", 0))
    assert [p.total for p in GAME.score(s).players] == [2, 2, 2]
    outcome = GAME.outcome(s)
    assert outcome is not None
    assert outcome.winners == ("Tom", "Bo")
    assert outcome.rule == "wof.end.tiebreak"
    assert "Tom, Bo share the win" in outcome.summary and "Ann" not in outcome.summary


def test_wof_end_tiebreak_broken_by_chips_names_one_winner() -> None:
    s = _stranded(("Tom VP", 0), ("Ann VP", 2), ("Ann chips", 0), ("Bo VP", 2), ("Bo chips", 0))
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.winners == ("Tom",)
    assert outcome.rule == "wof.end.tiebreak"
    s = _stranded(("Tom VP", 0), ("Ann VP", 0), ("Bo VP", 0))
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.winners == ("Tom", "Ann", "Bo")  # chips tie too


def _at_scheria() -> WofState:
    s = skip_all(started())
    s = adventure(s, won=True)
    s = sail(s, "2")  # Aeolia
    s = skip_all(s)
    s = adventure(s, won=True)
    s = sail(s)  # straight on to Scheria
    assert s.tile == "scheria"
    return skip_all(s)


def test_wof_assume_stranded_round_12_a_win_at_scheria_comes_too_late() -> None:
    s = do(_at_scheria(), Correct("round", 12))
    s = claim_all(pass_all(do(s, RevealRewards((1, 1, 1)))))
    verdict = GAME.check(s, Resolve("athena", 5, (0, 0, 0)))
    assert verdict.legal
    assert "wof.assume.stranded-round-12" in verdict.rules and "wof.end.stranded" in verdict.rules
    assert "Round 12 is over before the move to Ithaca: Odysseus is Stranded at Sea" in (
        verdict.effects
    )
    after = do(s, Resolve("athena", 5, (0, 0, 0)))
    assert after.ending == "stranded" and after.at != "ithaca"
    # Won at Scheria earlier, the same adventure carries him home: no assumption decides.
    s = claim_all(pass_all(do(_at_scheria(), RevealRewards((1, 1, 1)))))
    verdict = GAME.check(s, Resolve("athena", 5, (0, 0, 0)))
    assert "wof.assume.stranded-round-12" not in verdict.rules


def _wandering() -> WofState:
    s = skip_all(started())
    s = adventure(s, won=True)
    s = sail(s, "7")  # Lotophagi
    s = adventure(s, won=False)
    s = sail(s, "troy")  # stormy, back to the face-down Troy
    assert s.phase == "wander"
    return s


def test_wof_assume_stranded_round_12_wandering_towards_ithaca_reads_one_way() -> None:
    s = do(_wandering(), Correct("round", 12))
    verdict = GAME.check(s, Wander("poseidon", "ithaca"))
    assert verdict.legal
    assert "wof.assume.stranded-round-12" in verdict.rules
    assert "Stranded at Sea" in verdict.reason
    said = " ".join((verdict.reason, *verdict.effects))
    assert "without reaching Ithaca" not in said and "path to Ithaca." not in said
    after = do(s, Wander("poseidon", "ithaca"))
    assert after.ending == "stranded" and after.at == "troy" and "ithaca" not in after.voyage
    # Before round 12 the same path simply leads home.
    verdict = GAME.check(_wandering(), Wander("poseidon", "ithaca"))
    assert verdict.reason == "Poseidon: the stormy path to Ithaca."


def _score(data: object) -> tuple[int, dict[str, object]]:
    code, out = cli.run(["score", "winds-of-fate"], io.StringIO(json.dumps(data)))
    assert isinstance(out, dict)
    return code, out


def test_wof_end_payout_score_reads_names_as_setup_does() -> None:
    code, out = _score({"players": ["Tom", "Tom ", "Bo"], "round": 7, "ending": "dead"})
    assert code == 2 and "player names must differ" in str(out["error"])
    code, out = _score(
        {
            "players": [" Tom", "Ann", "Bo"],
            "round": 7,
            "ending": "dead",
            "bets": [{"player": "Tom ", "space": 7, "chips": 2}],
        }
    )
    assert code == 0 and out["winner"] == "Tom"
    assert [p["name"] for p in out["players"]] == ["Tom", "Ann", "Bo"]  # type: ignore[union-attr]
