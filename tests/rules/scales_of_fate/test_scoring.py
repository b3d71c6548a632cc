"""The score pad, tie-breaks, and ``python -m rules score scales-of-fate``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules.core import MalformedAction
from rules.scales_of_fate import GAME
from rules.scales_of_fate.scoring import (
    PadInput,
    guess_points,
    position_points,
    score_json,
    score_pads,
)

ROOT = Path(__file__).resolve().parents[3]
RENOWN = {
    "Pentha": 9, "Agamar": 7, "Klar": 11, "Aponi": 2, "Saghari": 8,
    "Namari": 6, "Naka": 6, "Belan": 0, "Isabel": 14,
}  # fmt: skip


def _data(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "renown": dict(RENOWN),
        "players": [
            {"name": "Ana", "demigods": ["Pentha", "Klar"], "guess": ["Naka", "Namari"],
             "god_powers": 0, "first_player": True},
            {"name": "Ben", "demigods": ["Naka", "Namari"], "guess": ["Pentha", "Agamar"],
             "god_powers": 2, "first_player": False},
        ],
    }  # fmt: skip
    data.update(changes)
    return data


def test_sof_score_position_difference_or_shared_renown() -> None:
    assert position_points(9, 11) == 2
    assert position_points(11, 9) == 2
    assert position_points(6, 6) == 6
    assert position_points(0, 0) == 0


def test_sof_score_guess_points() -> None:
    assert [guess_points(n) for n in (2, 1, 0)] == [3, 0, -1]


def test_sof_score_winner_rulebook_example() -> None:
    """The rulebook's pads: 2 + 3 + 0 = 5 beats 6 + 0 - 2 = 4."""
    result = score_json(_data())
    assert [p["total"] for p in result["players"]] == [5, 4]
    assert result["winner"] == "Ana" and result["tiebreak"] is None
    sheet = score_pads(
        RENOWN,
        [
            PadInput("Ana", ("Pentha", "Klar"), ("Naka", "Namari"), 0, True),
            PadInput("Ben", ("Naka", "Namari"), ("Pentha", "Agamar"), 2, False),
        ],
    )
    assert [[i.points for i in p.items] for p in sheet.players] == [[2, 3, 0], [6, 0, -2]]
    assert [i.label for i in sheet.players[0].items] == ["DEMI POSITION", "GUESS", "GOD POWERS"]
    assert sheet.players[0].items[2].rule == "sof.score.god-powers"


def _tie(a: PadInput, b: PadInput) -> tuple[str | None, str | None]:
    renown = dict.fromkeys(RENOWN, 7)
    sheet = score_pads(renown, [a, b])
    assert sheet.players[0].total == sheet.players[1].total
    return sheet.winner, sheet.tiebreak


def test_sof_score_tiebreak_guesses() -> None:
    # Ana: 7 + 3 - 3 = 7; Ben: 7 + 0 + 0 = 7; Ana guessed two, Ben one
    a = PadInput("Ana", ("Pentha", "Klar"), ("Naka", "Belan"), 3, False)
    b = PadInput("Ben", ("Naka", "Belan"), ("Pentha", "Isabel"), 0, True)
    assert _tie(a, b) == ("Ana", "sof.score.tiebreak.guesses")


def test_sof_score_tiebreak_god_powers() -> None:
    renown = dict.fromkeys(RENOWN, 7)
    renown["Klar"] = 5  # Ana: |7 - 5| = 2, one right guess (0), one god power: 1
    renown["Belan"] = 8  # Ben: |7 - 8| = 1, one right guess (0), no god power: 1
    sheet = score_pads(
        renown,
        [
            PadInput("Ana", ("Pentha", "Klar"), ("Naka", "Isabel"), 1, True),
            PadInput("Ben", ("Naka", "Belan"), ("Pentha", "Isabel"), 0, False),
        ],
    )
    assert [p.total for p in sheet.players] == [1, 1]
    assert sheet.winner == "Ben" and sheet.tiebreak == "sof.score.tiebreak.god-powers"


def test_sof_score_tiebreak_first_player() -> None:
    a = PadInput("Ana", ("Pentha", "Klar"), ("Naka", "Isabel"), 0, False)
    b = PadInput("Ben", ("Naka", "Belan"), ("Pentha", "Isabel"), 0, True)
    assert _tie(a, b) == ("Ben", "sof.score.tiebreak.first-player")
    a = PadInput("Ana", ("Pentha", "Klar"), ("Naka", "Isabel"), 0, False)
    b = PadInput("Ben", ("Naka", "Belan"), ("Pentha", "Isabel"), 0, False)
    assert _tie(a, b) == (None, None)


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"renown": {**RENOWN, "Zeus": 3}}, "unknown demigod(s) Zeus"),
        ({"renown": {**RENOWN, "Klar": 15}}, "renown of Klar must be 0-14"),
        ({"renown": {**RENOWN, "Klar": -1}}, "renown of Klar must be 0-14"),
        ({"renown": {**RENOWN, "Klar": "9"}}, "must be a whole number"),
        ({"renown": {**RENOWN, "Klar": True}}, "must be a whole number"),
        ({"renown": {k: v for k, v in RENOWN.items() if k != "Naka"}}, "missing Naka"),
        ({"players": []}, "exactly two players"),
        ({"players": "Ana"}, "exactly two players"),
        ({"extra": 1}, "unknown field(s) extra"),
    ],
)
def test_score_json_rejects_bad_input(change: dict[str, Any], fragment: str) -> None:
    with pytest.raises(MalformedAction) as info:
        score_json(_data(**change))
    assert fragment in str(info.value)


@pytest.mark.parametrize(
    ("player", "fragment"),
    [
        ({"demigods": ["Pentha"]}, "players[0].demigods must be a list of two"),
        ({"demigods": ["Pentha", "Hermes"]}, "unknown demigod 'Hermes'"),
        ({"demigods": ["Pentha", "Pentha"]}, "names Pentha twice"),
        ({"guess": ["Naka", 3]}, "as text"),
        ({"god_powers": 4}, "must be 0-3"),
        ({"god_powers": "1"}, "whole number"),
        ({"first_player": "yes"}, "true or false"),
        ({"name": ""}, "non-empty text"),
        ({"colour": "red"}, "unknown field(s) colour"),
    ],
)
def test_score_json_names_the_bad_player_field(player: dict[str, Any], fragment: str) -> None:
    data = _data()
    data["players"][0].update(player)
    with pytest.raises(MalformedAction) as info:
        score_json(data)
    assert fragment in str(info.value)


def test_score_json_rejects_impossible_tables() -> None:
    data = _data()
    data["players"][1]["first_player"] = True
    with pytest.raises(MalformedAction, match="exactly one player"):
        score_json(data)
    data = _data()
    data["players"][0]["god_powers"] = 2
    with pytest.raises(MalformedAction, match="only 3 god power"):
        score_json(data)
    with pytest.raises(MalformedAction):
        score_json([1, 2])
    assert GAME.score_json(_data())["winner"] == "Ana"


def _cli(payload: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules", "score", "scales-of-fate"],
        input=payload,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def test_cli_score_prints_totals_and_winner() -> None:
    done = _cli(json.dumps(_data()))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["winner"] == "Ana"
    # The input is echoed beside the score pad's lines (the rulebook's example pads).
    assert result["players"][1] == {
        "name": "Ben",
        "demigods": ["Naka", "Namari"],
        "guess": ["Pentha", "Agamar"],
        "god_powers": 2,
        "first_player": False,
        "position": 6,
        "guess_points": 0,
        "god_power_points": -2,
        "total": 4,
        "items": [
            {
                "label": "DEMI POSITION",
                "points": 6,
                "rule": "sof.score.position",
                "detail": "Naka 6, Namari 6",
            },
            {
                "label": "GUESS",
                "points": 0,
                "rule": "sof.score.guess",
                "detail": "1 of 2 guessed right",
            },
            {
                "label": "GOD POWERS",
                "points": -2,
                "rule": "sof.score.god-powers",
                "detail": "2 used",
            },
        ],
    }
    first = result["players"][0]
    assert (first["position"], first["guess_points"], first["god_power_points"]) == (2, 3, 0)
    assert first["total"] == 5 and first["first_player"] is True
    assert result["summary"] == "Ana wins on points."


@pytest.mark.parametrize("markers", [(False, False), (True, True)])
def test_cli_score_needs_exactly_one_first_player_marker(markers: tuple[bool, bool]) -> None:
    data = _data()
    for player, held in zip(data["players"], markers, strict=True):
        player["first_player"] = held
    done = _cli(json.dumps(data))
    assert done.returncode == 2
    error = json.loads(done.stdout)["error"]
    assert "exactly one player holds the first player marker" in error
    assert f"true for {sum(markers)} players" in error


def test_cli_score_needs_the_first_player_field() -> None:
    data = _data()
    del data["players"][1]["first_player"]
    done = _cli(json.dumps(data))
    assert done.returncode == 2
    assert "players[1]: missing 'first_player'" in json.loads(done.stdout)["error"]


def test_cli_score_compares_names_without_surrounding_spaces() -> None:
    data = _data()
    data["players"][0]["name"] = "  Ana "
    done = _cli(json.dumps(data))
    assert done.returncode == 0, done.stdout
    result = json.loads(done.stdout)
    assert result["players"][0]["name"] == "Ana" and result["winner"] == "Ana"
    data["players"][1]["name"] = "Ana\t"
    done = _cli(json.dumps(data))
    assert done.returncode == 2
    assert "different names" in json.loads(done.stdout)["error"]


def test_cli_score_bad_input_exits_2_with_a_message() -> None:
    data = _data()
    data["renown"]["Klar"] = 20
    done = _cli(json.dumps(data))
    assert done.returncode == 2
    assert "renown of Klar must be 0-14" in json.loads(done.stdout)["error"]
    done = _cli("{oops")
    assert done.returncode == 2 and "not valid JSON" in json.loads(done.stdout)["error"]
