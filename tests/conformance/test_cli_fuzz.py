"""Fuzzing ``python -m rules check|score|odds`` for every game: bad input of every kind gets
exit code 2 and exactly ``{"error": "<what is wrong>"}`` on standard output, never a
traceback (standard error stays empty), both in-process (``rules.cli.run``) and as a real
subprocess reading standard input.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import cli
from rules.core import to_jsonable
from tests.conformance.budget import PROFILE
from tests.conformance.harness import game_slugs, get_game, real_game_slugs

SLUGS = game_slugs()
REAL_SLUGS = real_game_slugs()
COMMANDS = ("check", "score", "odds")
KINDS = (
    "truncated",
    "wrong-typed",
    "oversized",
    "deeply-nested",
    "non-utf8",
    "unknown-field",
)
ROOT = Path(__file__).resolve().parents[2]
# The interpreter exactly as this test runs (keeps -S when site packages were set by hand).
PYTHON = [sys.executable, *(["-S"] if sys.flags.no_site else [])]
FUZZ_EXAMPLES = {"quick": 40, "ci": 250, "deep": 3000}[PROFILE]


# ----- building bad input -------------------------------------------------------------


def _sample_actions(slug: str, rng: random.Random) -> list[dict[str, Any]]:
    game = get_game(slug)
    state = game.setup(game.decode_options(None))
    actions = list(game.sample_actions(state, rng))
    with contextlib.suppress(NotImplementedError):
        actions += game.legal_actions(state)
    return [game.encode_action(a) for a in actions] or [
        {"type": "correct", "counter": "x", "value": 0}
    ]


def valid_check_doc(slug: str, rng: random.Random) -> dict[str, Any]:
    """A well-formed ``check`` request (it may be legal or not, but it is not an error)."""
    game = get_game(slug)
    return {
        "options": to_jsonable(game.decode_options(None)),
        "actions": [],
        "action": rng.choice(_sample_actions(slug, rng)),
    }


def _wrong_for(value: Any) -> Any:
    """A JSON value of a type no field holding ``value`` would accept."""
    return [1, 2] if isinstance(value, dict) else {"not": "this"}


def _nested(depth: int, rng: random.Random) -> str:
    if rng.random() < 0.5:
        return "[" * depth + "]" * depth
    return '{"a":' * depth + "1" + "}" * depth


def bad_input(kind: str, command: str, slug: str, rng: random.Random) -> bytes:
    """Input of the given ``kind`` that every command must refuse with exit code 2."""
    doc = valid_check_doc(slug, rng)
    if kind == "truncated":
        # Any proper prefix of an object's text is invalid JSON.
        text = json.dumps(doc)
        return text[: rng.randrange(0, len(text))].encode()
    if kind == "wrong-typed":
        scalar = rng.choice(["5", "-1.5", '"text"', "true", "null"])
        if command != "check" or rng.random() < 0.2:
            return scalar.encode()
        where = rng.choice(["options", "actions", "action", "field", "list"])
        if where == "options":
            doc["options"] = rng.choice([5, "x", [1], True])
        elif where == "actions":
            doc["actions"] = rng.choice([5, "x", {"a": 1}, True])
        elif where == "action":
            doc["action"] = rng.choice([5, "x", [1], True, None])
        elif where == "list":
            return json.dumps([doc]).encode()
        else:
            act = dict(doc["action"])
            name = rng.choice(sorted(act))
            act[name] = 5 if name == "type" else _wrong_for(act[name])
            doc["action"] = act
        return json.dumps(doc).encode()
    if kind == "oversized":
        pad = "x" * (cli.MAX_INPUT_CHARS + 1 + rng.randrange(100_000))
        doc["action"] = {**doc["action"], "note": pad} if rng.random() < 0.5 else pad
        return json.dumps(doc).encode()
    if kind == "deeply-nested":
        depth = rng.choice([60, 1_000, 100_000])
        nested = _nested(depth, rng)
        where = rng.choice(["top", "action", "options", "field"])
        if command != "check" or where == "top":
            if command != "check" and nested.startswith("{"):
                return ('{"zz_unknown":' + nested + "}").encode()
            return nested.encode()
        if where == "field":
            act = dict(doc["action"])
            act.pop("type")
            name = rng.choice(sorted(act)) if act else "type"
            placeholder = "@@NEST@@"
            doc["action"][name] = placeholder
            return json.dumps(doc).replace(f'"{placeholder}"', nested).encode()
        placeholder = "@@NEST@@"
        doc[where] = placeholder
        return json.dumps(doc).replace(f'"{placeholder}"', nested).encode()
    if kind == "non-utf8":
        raw = json.dumps(doc).encode()
        bad = rng.choice([b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\x80", b"\xfe\xfe", b"\xe2\x82"])
        # Inside a string value (where a lenient decoder would let it through) or anywhere.
        quotes = [i for i, b in enumerate(raw) if b == ord('"')]
        at = rng.choice(quotes) + 1 if quotes and rng.random() < 0.7 else rng.randrange(len(raw))
        return raw[:at] + bad + raw[at:]
    if kind == "unknown-field":
        name = rng.choice(["zz_unknown", "Action", "extra", "\u00e9t\u00e9", "\ud800"])
        if command != "check":
            return json.dumps({name: rng.choice([1, "x", None, [1]])}).encode()
        where = rng.choice(["top", "action", "options"])
        if where == "top":
            doc[name] = 1
        elif where == "action":
            doc["action"] = {**doc["action"], name: 1}
        else:
            doc["options"] = {**(doc["options"] or {}), name: 1}
        return json.dumps(doc).encode()
    raise AssertionError(kind)


# ----- running the CLI ----------------------------------------------------------------


def run_in_process(argv: list[str], data: bytes) -> tuple[int, Any]:
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="strict")
    code, result = cli.run(argv, stdin)
    json.dumps(result)  # what main() prints must be JSON
    return code, result


def run_subprocess(
    argv: list[str], data: bytes, env: dict[str, str] | None = None
) -> tuple[int, bytes, bytes]:
    proc = subprocess.run(
        [*PYTHON, "-m", "rules", *argv],
        input=data,
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        timeout=60,
    )
    return proc.returncode, proc.stdout, proc.stderr


def assert_clean_error(code: int, result: Any, what: str) -> None:
    assert code == 2, f"{what}: exit {code}, printed {str(result)[:300]}"
    assert isinstance(result, dict) and set(result) == {"error"}, f"{what}: {str(result)[:300]}"
    assert isinstance(result["error"], str) and result["error"].strip(), what


def assert_clean_subprocess_error(code: int, out: bytes, err: bytes, what: str) -> None:
    assert err == b"", f"{what}: wrote to stderr: {err[-2000:].decode(errors='replace')}"
    text = out.decode("utf-8")  # must be UTF-8
    assert_clean_error(code, json.loads(text), what)


# ----- in-process, many examples ------------------------------------------------------


@settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    derandomize=PROFILE != "deep",
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    slug=st.sampled_from(SLUGS),
    command=st.sampled_from(COMMANDS),
    kind=st.sampled_from(KINDS),
    seed=st.integers(0, 2**32 - 1),
)
def test_bad_input_gets_exit_2_and_one_error_in_process(
    slug: str, command: str, kind: str, seed: int
) -> None:
    data = bad_input(kind, command, slug, random.Random(seed))
    code, result = run_in_process([command, slug], data)
    assert_clean_error(code, result, f"{command} {slug} {kind} seed={seed}")


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("game", ["no-such-game", "", "SCALES-OF-FATE", "../rules", "x" * 500])
def test_unknown_game_is_refused(command: str, game: str) -> None:
    data = json.dumps(valid_check_doc(SLUGS[0], random.Random(0))).encode()
    code, result = run_in_process([command, game], data)
    assert_clean_error(code, result, f"{command} {game[:20]}")


def test_bad_arguments_are_refused() -> None:
    for argv in ([], ["fly"], ["check"], ["check", "tally", "a", "b"], ["--nope"]):
        code, result = run_in_process(argv, b"{}")
        assert_clean_error(code, result, repr(argv))


def test_missing_input_file_is_refused(tmp_path: Path) -> None:
    code, result = run_in_process(["check", SLUGS[0], str(tmp_path / "absent.json")], b"")
    assert_clean_error(code, result, "absent file")
    (tmp_path / "bad.json").write_bytes(b'{"action": "\xff"}')
    code, result = run_in_process(["check", SLUGS[0], str(tmp_path / "bad.json")], b"")
    assert_clean_error(code, result, "non-UTF-8 file")


_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(st.characters(exclude_categories=()), max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.text(st.characters(exclude_categories=()), max_size=8), inner, max_size=4
        )
    ),
    max_leaves=20,
)


@st.composite
def _check_requests(draw: st.DrawFn) -> tuple[str, Any]:
    """A check request around a real action with one part replaced by arbitrary JSON."""
    slug = draw(st.sampled_from(SLUGS))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    doc: dict[str, Any] = valid_check_doc(slug, rng)
    part = draw(st.sampled_from(["options", "actions", "action", "field", "drop", "add"]))
    if part == "field":
        name = draw(st.sampled_from(sorted(doc["action"])))
        doc["action"] = {**doc["action"], name: draw(_json)}
    elif part == "drop":
        name = draw(st.sampled_from(sorted(doc["action"])))
        doc["action"] = {k: v for k, v in doc["action"].items() if k != name}
    elif part == "add":
        doc[draw(st.text(max_size=8))] = draw(_json)
    else:
        doc[part] = draw(_json)
    return slug, doc


@settings(max_examples=FUZZ_EXAMPLES, deadline=None, derandomize=PROFILE != "deep", database=None)
@given(request=_check_requests())
def test_check_answers_a_verdict_or_one_clean_error(request: tuple[str, Any]) -> None:
    slug, doc = request
    code, result = run_in_process(["check", slug], json.dumps(doc).encode())
    if code == 0:
        game = get_game(slug)
        assert set(result) == {"legal", "reason", "rules", "effects"}
        assert all(rule in game.rules for rule in result["rules"])
    else:
        assert_clean_error(code, result, f"check {slug} {str(doc)[:200]}")


@settings(max_examples=FUZZ_EXAMPLES, deadline=None, derandomize=PROFILE != "deep", database=None)
@given(slug=st.sampled_from(SLUGS), command=st.sampled_from(("score", "odds")), data=_json)
def test_score_and_odds_never_crash(slug: str, command: str, data: Any) -> None:
    code, result = run_in_process([command, slug], json.dumps(data).encode())
    if code != 0:
        assert_clean_error(code, result, f"{command} {slug} {str(data)[:200]}")


# ----- real subprocesses: a few of each kind ------------------------------------------


@pytest.mark.parametrize("slug", REAL_SLUGS)
@pytest.mark.parametrize("command", COMMANDS)
def test_bad_input_gets_exit_2_and_one_error_in_a_subprocess(command: str, slug: str) -> None:
    rng = random.Random(f"{command}/{slug}")
    # One process per kind would cost a second per game and command; a batch keeps it fast.
    cases = [(kind, bad_input(kind, command, slug, rng)) for kind in KINDS]
    procs = [
        (
            kind,
            subprocess.Popen(
                [*PYTHON, "-m", "rules", command, slug],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=ROOT,
            ),
            data,
        )
        for kind, data in cases
    ]
    for kind, proc, data in procs:
        out, err = proc.communicate(data, timeout=60)
        assert_clean_subprocess_error(proc.returncode, out, err, f"{command} {slug} {kind}")


@pytest.mark.parametrize("locale", ["C.UTF-8", "C"])
def test_subprocess_refuses_non_utf8_whatever_the_locale(locale: str) -> None:
    """In the C locale Python reads standard input leniently; the CLI must still refuse
    bytes that are not UTF-8 rather than act on a mangled action."""
    if not REAL_SLUGS:
        pytest.skip("no game is part of this build yet")
    env = {"LC_ALL": locale, "LANG": locale, "PYTHONUTF8": "", "PYTHONIOENCODING": ""}
    for slug in REAL_SLUGS:
        raw = json.dumps(valid_check_doc(slug, random.Random(1))).encode()
        data = raw.replace(b'"type": "', b'"type": "\xff', 1)
        code, out, err = run_subprocess(["check", slug], data, env)
        assert_clean_subprocess_error(code, out, err, f"check {slug} non-UTF-8 in {locale}")
        key = raw[:-1] + b', "zz\xff": 1}'
        code, out, err = run_subprocess(["check", slug], key, env)
        assert_clean_subprocess_error(code, out, err, f"check {slug} non-UTF-8 key in {locale}")


def test_subprocess_unknown_game_and_lone_surrogate_field() -> None:
    doc = valid_check_doc(SLUGS[0], random.Random(2))
    code, out, err = run_subprocess(["check", "no-such-game"], json.dumps(doc).encode())
    assert_clean_subprocess_error(code, out, err, "unknown game")
    if not REAL_SLUGS:
        return
    # JSON may spell a lone surrogate as an escape; echoing it back must not crash printing.
    doc = valid_check_doc(REAL_SLUGS[0], random.Random(2))
    data = json.dumps({**doc, "\ud800bad": 1}).encode()
    code, out, err = run_subprocess(["check", REAL_SLUGS[0]], data)
    assert_clean_subprocess_error(code, out, err, "lone surrogate field name")


# ----- a supplied "state" must be a position that could arise in play -------------------


def _reachable_states(slug: str, seed: int, steps: int = 60) -> list[Any]:
    """States met on one seeded random walk from the default setup (all possible)."""
    game = get_game(slug)
    rng = random.Random(seed)
    state = game.setup(game.decode_options(None))
    states = [state]
    for _ in range(steps):
        try:
            legal = game.legal_actions(state)
        except NotImplementedError:
            legal = [a for a in game.sample_actions(state, rng) if game.is_legal(state, a)]
        if not legal or game.outcome(state) is not None:
            break
        state = game.apply(state, rng.choice(legal))
        states.append(state)
    return states


def _check_with_state(slug: str, state_json: Any, rng: random.Random) -> tuple[int, Any]:
    game = get_game(slug)
    start = game.setup(game.decode_options(None))
    action = game.encode_action(rng.choice(list(game.sample_actions(start, rng))))
    doc = {"state": state_json, "action": action}
    return run_in_process(["check", slug], json.dumps(doc).encode())


@pytest.mark.parametrize("slug", SLUGS)
def test_reachable_states_are_accepted(slug: str) -> None:
    game = get_game(slug)
    rng = random.Random(5)
    for state in _reachable_states(slug, 5)[::7]:
        assert game.validate_state(state) == []
        code, result = _check_with_state(slug, game.state_to_json(state), rng)
        assert code == 0 and set(result) == {"legal", "reason", "rules", "effects"}, result


@pytest.mark.parametrize("slug", SLUGS)
def test_counter_out_of_bounds_is_an_error_not_a_verdict(slug: str) -> None:
    """For every game, whatever its fields: each counter pushed past its printed bounds."""
    game = get_game(slug)
    rng = random.Random(6)
    state = _reachable_states(slug, 6)[-1]
    refused = 0
    for name, (low, high) in game.counters(state).items():
        for value in (low - 1, high + 1, high + 1000):
            try:
                broken = game.set_counter(state, name, value)
            except (ValueError, KeyError):
                continue  # the game refuses to even build it
            code, result = _check_with_state(slug, game.state_to_json(broken), rng)
            assert_clean_error(code, result, f"{slug} {name}={value}")
            refused += 1
    assert refused, f"{slug}: no counter could be pushed out of bounds; nothing was tested"


IMPOSSIBLE: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "scales-of-fate": [
        ("turn past the last seat", {"turn": 2}),
        ("negative turn", {"turn": -1}),
        ("first player past the last seat", {"first_player": 7}),
        ("game over in the middle of Age 1", {"phase": "over"}),
        ("back to the deal with a board entered", {"phase": "deal"}),
        ("final guess in Age 1", {"phase": "guess"}),
        ("Age 9", {"age": 9}),
    ],
    "grimheim": [
        ("turn past the last hero", {"turn": 9}),
        ("negative turn", {"turn": -1}),
        ("no heroes", {"heroes": []}),
        ("time before the track", {"time": 0}),
        ("town past its pieces", {"town": 99}),
    ],
}


@pytest.mark.parametrize(
    ("slug", "what", "patch"),
    [(slug, what, patch) for slug, cases in IMPOSSIBLE.items() for what, patch in cases],
)
def test_impossible_state_is_exit_2_never_a_verdict(
    slug: str, what: str, patch: dict[str, Any]
) -> None:
    if slug not in SLUGS:
        pytest.skip(f"{slug} is not in this build")
    game = get_game(slug)
    # A position in play (the board entered, some moves made), then one impossible change.
    states = _reachable_states(slug, 11, steps=12)
    state_json = {**game.state_to_json(states[-1]), **patch}
    code, result = _check_with_state(slug, state_json, random.Random(11))
    assert_clean_error(code, result, f"{slug}: {what}")
    assert "$state" in result["error"], result


def _mutated(data: Any, rng: random.Random) -> Any:
    """``data`` with one to three numbers or strings anywhere inside replaced by values
    a real position rarely or never holds."""
    data = json.loads(json.dumps(data))
    leaves: list[list[Any]] = []

    def walk(node: Any, path: list[Any]) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in items:
            if isinstance(value, (dict, list)):
                walk(value, [*path, key])
            elif isinstance(value, (int, str)) and not isinstance(value, bool):
                leaves.append([*path, key])

    walk(data, [])
    for _ in range(rng.randint(1, 3)):
        if not leaves:
            break
        path = rng.choice(leaves)
        node = data
        for key in path[:-1]:
            node = node[key]
        old = node[path[-1]]
        if isinstance(old, int):
            node[path[-1]] = rng.choice([-1, -50, old + 1, old - 1, 9, 99, 10**6])
        else:
            node[path[-1]] = rng.choice(["", "zzz", "over", "deal", "monsters", "heroes", old])
    return data


@pytest.mark.parametrize("slug", SLUGS)
def test_mutated_states_never_crash_and_never_get_a_verdict_when_impossible(slug: str) -> None:
    """Reachable states with a few values changed at random: the CLI answers a verdict
    only for a state the game's own validation accepts, and otherwise one clean error."""
    game = get_game(slug)
    rng = random.Random(f"mutate/{slug}")
    states = _reachable_states(slug, 3) + _reachable_states(slug, 4)
    verdicts = errors = 0
    for n in range({"quick": 150, "ci": 600, "deep": 5000}[PROFILE]):
        state_json = _mutated(game.state_to_json(rng.choice(states)), rng)
        code, result = _check_with_state(slug, state_json, rng)
        if code == 0:
            assert game.validate_state(game.state_from_json(state_json)) == [], n
            assert set(result) == {"legal", "reason", "rules", "effects"}
            verdicts += 1
        else:
            assert_clean_error(code, result, f"{slug} mutation {n}")
            errors += 1
    assert errors > 0, "no mutation was ever refused; the test proves nothing"
