"""``python -m rules score winds-of-fate`` and the payoff table."""

from __future__ import annotations

import io
import json
import subprocess
import sys

from rules import cli
from rules.winds_of_fate import GAME
from rules.winds_of_fate.payoffs import bet_rows, destiny_rows, round_totals, totals_now

from .helpers import do, started

EXAMPLE = {
    "players": ["Tom", "Ann", "Bo"],
    "round": 7,
    "ending": "dead",
    "vp": [10, 12, 0],
    "held": [0, 1, 0],
    "bets": [{"player": "Tom", "space": 9, "chips": 8}],
    "destiny": [{"safe": 1, "dead": 0}, {}, {"dead": 3}],
}


def run(data: object) -> tuple[int, dict]:
    code, out = cli.run(["score", "winds-of-fate"], io.StringIO(json.dumps(data)))
    assert isinstance(out, dict)
    return code, out


def test_wof_end_payout_score_command_prints_lines_and_the_tiebreak() -> None:
    code, out = run(EXAMPLE)
    assert code == 0
    tom, ann, bo = out["players"]
    bet = next(i for i in tom["items"] if i["label"] == "Bet on round 9")
    assert bet["points"] == 4 and "8 − 6 → 2" in bet["detail"] and bet["rule"] == "wof.end.payout"
    assert (tom["total"], ann["total"], bo["total"]) == (14, 14, 6)
    assert out["winner"] == "Tom" and out["tiebreak"] == "wof.end.tiebreak"


def test_wof_score_command_refuses_bad_input_with_a_message() -> None:
    for bad, words in (
        ({**EXAMPLE, "round": 13}, '"round" must be between 1 and 12'),
        ({**EXAMPLE, "ending": "eaten"}, '"ending" must be one of'),
        ({**EXAMPLE, "bets": [{"player": "Zed", "space": 9, "chips": 8}]}, "bets[0].player"),
        ({**EXAMPLE, "vp": [1]}, '"vp" must be a list'),
    ):
        code, out = run(bad)
        assert code == 2 and words in out["error"], out


def test_score_command_in_a_subprocess() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "rules", "score", "winds-of-fate"],
        input=json.dumps(EXAMPLE),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["winner"] == "Tom"


def test_check_command_gives_a_verdict() -> None:
    doc = {
        "options": {"players": ["Tom", "Ann", "Bo"]},
        "actions": [],
        "action": {"type": "wof.place-bet", "seat": 0, "space": 4},
    }
    code, out = cli.run(["check", "winds-of-fate"], io.StringIO(json.dumps(doc)))
    assert code == 0 and out["legal"] is False and "wof.setup.board" in out["rules"]


def test_payoff_rows() -> None:
    from rules.winds_of_fate import PlaceBet

    s = do(started(), PlaceBet(0, 9))
    rows = bet_rows(s, 0)
    assert len(rows) == 1 and rows[0].chips == 9
    pays = dict(rows[0].pays)
    assert list(pays) == list(range(1, 13))
    assert pays[9] == 9 and pays[7] == 3 and pays[12] == 0 and pays[1] == 0
    assert round_totals(s, 0)[8] == 6
    assert destiny_rows(s, 0) == [("safe", 1), ("dead", 0), ("stranded", 0)]
    assert destiny_rows(GAME.redact(s, 1), 0) == []
    assert totals_now(s)[0] == ("Tom", 0, 0)  # round 1: 9 chips, 8 spaces away
    assert totals_now(s)[1] == ("Ann", 1, 2)
