"""The shared vocabulary: codec, actions, verdicts, corrections, replay, CLI."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from rules import cli, registry
from rules.core import (
    Correct,
    IllegalAction,
    MalformedAction,
    Verdict,
    from_jsonable,
    replay,
    to_jsonable,
)
from tests.support.tally import TALLY, Add, TallyOptions, TallyState, tally_registered


@pytest.fixture(autouse=True)
def _tally_game() -> Iterator[None]:
    """The fixture game in the registry for each test of this file, and only then."""
    with tally_registered():
        yield


def test_illegal_verdict_must_cite_a_rule() -> None:
    with pytest.raises(ValueError):
        Verdict(False, "no")


def test_action_round_trips_through_json() -> None:
    act = Add(seat=1, amount=3)
    assert act.to_json() == {"type": "add", "seat": 1, "amount": 3}
    assert TALLY.decode_action(act.to_json()) == act
    assert TALLY.decode_action(json.dumps(act.to_json())) == act


@pytest.mark.parametrize(
    ("raw", "fragment"),
    [
        ([], "JSON object"),
        ({"seat": 1}, '"type"'),
        ({"type": "fly"}, "unknown action type"),
        ({"type": "add", "seat": 1}, "missing field 'amount'"),
        ({"type": "add", "seat": "1", "amount": 2}, "$add.seat: expected a whole number"),
        ({"type": "add", "seat": True, "amount": 2}, "expected a whole number"),
        ({"type": "add", "seat": 1, "amount": 2, "extra": 0}, "unknown field(s) extra"),
        ("{not json", "not valid JSON"),
    ],
)
def test_malformed_actions_name_the_problem(raw: object, fragment: str) -> None:
    with pytest.raises(MalformedAction) as info:
        TALLY.decode_action(raw)
    assert fragment in str(info.value)


def test_state_round_trips_through_codec() -> None:
    state = TALLY.setup(TallyOptions())
    assert from_jsonable(TallyState, to_jsonable(state)) == state


@dataclass(frozen=True)
class Nested:
    pairs: tuple[tuple[str, int], ...]
    table: dict[int, str]
    maybe: int | None = None


def test_codec_nested_types() -> None:
    value = Nested(pairs=(("a", 1), ("b", 2)), table={3: "x"}, maybe=None)
    assert from_jsonable(Nested, json.loads(json.dumps(to_jsonable(value)))) == value


def test_apply_refuses_illegal_with_verdict_and_leaves_state() -> None:
    state = TALLY.setup(TallyOptions())
    with pytest.raises(IllegalAction) as info:
        TALLY.apply(state, Add(seat=1, amount=1))
    assert info.value.verdict.rules == ("tally.turn",)
    assert isinstance(info.value, ValueError)
    assert state.pile == 0


def test_correction_checked_only_against_bounds() -> None:
    state = TALLY.setup(TallyOptions())
    assert TALLY.check(state, Correct("pile", 7)).legal
    assert TALLY.apply(state, Correct("pile", 7)).pile == 7
    bad = TALLY.check(state, Correct("pile", 11))
    assert not bad.legal and bad.rules == ("core.correction",)
    assert not TALLY.check(state, Correct("nope", 1)).legal


def test_core_correction_same() -> None:
    """A correction to the value the counter already has changes nothing: refused."""
    state = TALLY.setup(TallyOptions())
    verdict = TALLY.check(state, Correct("pile", 0))
    assert not verdict.legal and verdict.rules == ("core.correction.same",)
    assert "already 0" in verdict.reason
    with pytest.raises(IllegalAction):
        TALLY.apply(state, Correct("pile", 0))
    assert TALLY.check(state, Correct("pile", 1)).legal


def test_finished_game_takes_no_more_moves() -> None:
    state = replay(TALLY, TallyOptions(target=3), [Add(0, 3)])
    assert TALLY.outcome(state) is not None
    verdict = TALLY.check(state, Add(1, 1))
    assert not verdict.legal and "core.finished" in verdict.rules


def run_cli(*argv: str, stdin: str = "") -> tuple[int, object]:
    return cli.run(list(argv), io.StringIO(stdin))


def test_cli_check_replays_history() -> None:
    payload = {
        "options": {"target": 5},
        "actions": [{"type": "add", "seat": 0, "amount": 2}],
        "action": {"type": "add", "seat": 0, "amount": 1},
    }
    code, out = run_cli("check", "tally", stdin=json.dumps(payload))
    assert code == 0
    assert isinstance(out, dict) and out["legal"] is False and out["rules"] == ["tally.turn"]


@pytest.mark.parametrize(
    ("argv", "stdin"),
    [
        (("check", "no-such-game"), "{}"),
        (("check", "tally"), ""),
        (("check", "tally"), "[1, 2"),
        (("check", "tally"), '{"action": 5}'),
        (("check", "tally"), '{"action": {"type": "add"}}'),
        (("odds", "tally"), "{}"),
        (("bogus",), ""),
    ],
)
def test_cli_bad_input_exits_2_with_error(argv: tuple[str, ...], stdin: str) -> None:
    code, out = run_cli(*argv, stdin=stdin)
    assert code == 2
    assert isinstance(out, dict) and set(out) == {"error"} and out["error"]


def test_registry_knows_fixed_slugs() -> None:
    assert registry.SLUGS == (
        "fates-and-favors",
        "scales-of-fate",
        "born-of-titans",
        "winds-of-fate",
        "grimheim",
    )
    with pytest.raises(registry.UnknownGame):
        registry.get("chess")


def test_action_fields_may_not_shadow_the_wire_type() -> None:
    from rules.core import Action, action

    with pytest.raises(TypeError, match="kind"):

        @action("clash")
        class Clash(Action):
            kind: str  # type: ignore[misc]


def test_counts_in_words_agree_with_their_number() -> None:
    from rules.core.words import counted

    assert [counted(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert [counted(n, "success") for n in (1, 7)] == ["1 success", "7 successes"]
    assert counted(2, "life", "lives") == "2 lives"
