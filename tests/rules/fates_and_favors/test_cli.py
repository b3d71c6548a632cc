"""``python -m rules moves fates-and-favors``: every outcome of a card as JSON, each one a
legal action for ``check``; bad input is one clean error."""

from __future__ import annotations

import io
import json

from rules import cli


def run(command: str, doc: object) -> tuple[int, dict[str, object]]:
    code, result = cli.run([command, "fates-and-favors"], io.StringIO(json.dumps(doc)))
    assert isinstance(result, dict)
    return code, result


def test_moves_lists_the_tip_move_and_check_accepts_each_outcome() -> None:
    code, result = run("moves", {"options": {"mode": "2v2"}, "card": {"number": 2}})
    # a #2 moves only the hero's own column (ff.cards.whose): 2 forward or 2 back
    assert code == 0 and result["count"] == len(result["outcomes"]) == 2  # type: ignore[arg-type]
    outcomes = result["outcomes"]
    assert isinstance(outcomes, list)
    back = [o for o in outcomes if o["columns"]["red"][-1] == "red corner"]
    assert len(back) == 1 and "ff.move.backward" in back[0]["rules"]
    for outcome in outcomes:
        code, verdict = run("check", {"options": {"mode": "2v2"}, "action": outcome["action"]})
        assert code == 0 and verdict["legal"] is True


def test_moves_reports_a_hit_with_its_rule() -> None:
    history = [
        {
            "type": "ff.play",
            "seat": 0,
            "card": 2,
            "steps": [{"colour": 0, "start": 8, "spaces": 2, "backward": True}],
        },
        {
            "type": "ff.play",
            "seat": 1,
            "card": 2,
            "steps": [{"colour": 1, "start": 22, "spaces": 2, "backward": True}],
        },
        {
            "type": "ff.play",
            "seat": 2,
            "card": 9,  # the team share: yellow moves its own column and red's
            "steps": [
                {"colour": 2, "start": 36, "spaces": 5},
                {"colour": 0, "start": 6, "spaces": 4},
            ],
        },
        {
            "type": "ff.play",
            "seat": 3,
            "card": 1,
            "steps": [{"colour": 3, "start": 50, "spaces": 1}],
        },
    ]
    code, result = run(
        "moves", {"options": {"mode": "2v2"}, "actions": history, "card": {"number": 5}}
    )
    assert code == 0
    hits = [o for o in result["outcomes"] if o["hits"]]  # type: ignore[union-attr]
    assert any(
        h["hits"] == [{"colour": "blue", "on": "blue corner", "to": "quarry"}]
        and h["bridges"] == ["space 16"]
        and "ff.hit.rival" in h["rules"]
        for h in hits
    )


def test_bad_moves_input_is_one_clean_error() -> None:
    for doc in (
        {"card": {"number": 11}},
        {"card": {"number": 2}, "favor": "loki"},
        {"card": {"colour": 1}},
        {"card": {"number": 0}},
        {"card": {"number": 2}, "seat": 9},
        {"card": {"number": 2}, "extra": 1},
        [],
    ):
        code, result = run("moves", doc)
        assert code == 2 and isinstance(result.get("error"), str), doc


ZEUS_BOARD = {
    "type": "ff.play",
    "seat": 0,
    "card": 2,
    "steps": [{"colour": 0, "start": 8, "spaces": 2, "backward": True}],
}


def test_zeus_without_a_split_lists_each_columns_first_parts() -> None:
    code, result = run("moves", {"options": {"mode": "2v2"}, "favor": "zeus"})
    assert code == 0 and result["playable"] is True and "outcomes" not in result
    columns = {c["column"]: c for c in result["columns"]}  # type: ignore[union-attr]
    assert set(columns) == {"red:8", "blue:22", "yellow:36", "green:50"}
    assert columns["red:8"]["amounts"] == list(range(1, 11))
    assert columns["red:8"]["name"] == "red on red quarry exit"


def test_zeus_with_a_split_prints_that_splits_outcomes_each_accepted_by_check() -> None:
    doc = {"options": {"mode": "2v2"}, "favor": "zeus", "split": {"red:8": 4, "blue:22": 6}}
    code, result = run("moves", doc)
    assert code == 0 and result["count"] == len(result["outcomes"]) >= 1  # type: ignore[arg-type]
    for outcome in result["outcomes"]:  # type: ignore[union-attr]
        parts = {(s["colour"], s["spaces"]) for s in outcome["action"]["steps"]}
        assert parts == {(0, 4), (1, 6)}
        assert "ff.favor.zeus" in outcome["rules"]
        code, verdict = run("check", {"options": {"mode": "2v2"}, "action": outcome["action"]})
        assert code == 0 and verdict["legal"] is True


def test_zeus_all_is_the_full_enumeration_and_agrees_with_the_splits() -> None:
    base = {"options": {"mode": "2v2"}, "actions": [ZEUS_BOARD], "seat": 1, "favor": "zeus"}
    code, every = run("moves", {**base, "all": True})
    assert code == 0 and every["count"] > 0
    _, choices = run("moves", base)
    ends = set()
    keys = [c["column"] for c in choices["columns"]]  # type: ignore[union-attr]
    for a in keys:
        for b in keys:
            for n in range(1, 10) if a < b else ():
                code, result = run("moves", {**base, "split": {a: n, b: 10 - n}})
                assert code == 0
                ends |= {str(o["columns"]) for o in result["outcomes"]}  # type: ignore[union-attr]
    two_part = {
        str(o["columns"])
        for o in every["outcomes"]  # type: ignore[union-attr]
        if len(o["action"]["steps"]) == 2
    }
    assert two_part <= ends


def test_bad_zeus_splits_are_clean_errors() -> None:
    for extra in (
        {"split": {"red:8": 4}},
        {"split": {"red:9": 10}},
        {"split": {"pink:8": 10}},
        {"split": {"red:8": "ten"}},
        {"split": []},
        {"all": "yes"},
    ):
        code, result = run("moves", {"options": {"mode": "2v2"}, "favor": "zeus", **extra})
        assert code == 2 and isinstance(result.get("error"), str), extra
    code, result = run("moves", {"card": {"number": 3}, "split": {"red:8": 10}})
    assert code == 2 and "zeus" in result["error"]  # type: ignore[operator]
