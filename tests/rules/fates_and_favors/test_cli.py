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
    assert code == 0 and result["count"] == len(result["outcomes"]) == 4  # type: ignore[arg-type]
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
            "card": 7,
            "steps": [
                {"colour": 2, "start": 36, "spaces": 3},
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
