"""The checks every step of random play must pass, for any registered game.

``Conformance`` wraps one game and one options value and walks a sequence of actions. For
each action it asserts that ``check`` and ``apply`` agree, that verdicts cite rules from the
game's index, that actions and states round-trip through JSON, that invariants hold, that
redaction is stable and never shows one seat another seat's secrets, and (at the end) that
replaying the log from setup reproduces the state.

A failure raises ``ConformanceFailure`` whose message ends with a ready-to-paste entry for
``tests/conformance/regressions.py``.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import random
import time
import types
import typing
from typing import Any, Literal, get_args, get_origin

from rules import registry
from rules.core import (
    Action,
    Correct,
    Game,
    IllegalAction,
    ScoreSheet,
    Verdict,
    action,
    to_jsonable,
)
from tests.support.tally import TALLY


@action("conformance-probe")
class ForeignProbe(Action):
    """An action no game knows: every game must refuse it citing ``core.action``."""

    seat: int = 0


class ConformanceFailure(AssertionError):
    """A broken contract, with the sequence that reached it (``actions`` ends with the
    action being checked when it broke, if any)."""

    def __init__(self, text: str, summary: str, actions: list[Action]) -> None:
        super().__init__(text)
        self.summary = summary
        self.actions = actions


def game_slugs() -> list[str]:
    """Every game this build can play plus the tally fixture, so new games join by default."""
    slugs = registry.available()
    return slugs if TALLY.slug in slugs else [*slugs, TALLY.slug]


def real_game_slugs() -> list[str]:
    """The games ``python -m rules`` serves in a fresh process (no fixture games)."""
    return [slug for slug in registry.available() if slug in registry.SLUGS]


def get_game(slug: str) -> Game[Any, Any]:
    return TALLY if slug == TALLY.slug else registry.get(slug)


def roundtrip_json(data: Any) -> Any:
    """``data`` after a trip through JSON text, as a phone or the event log would see it."""
    return json.loads(json.dumps(data, ensure_ascii=False))


# ----- options --------------------------------------------------------------------------

_SEAT_WORDS = ("player", "seat", "name")


def _candidate_values(name: str, tp: Any, game: Game[Any, Any]) -> list[Any]:
    """Values worth trying for one options field: every choice of a Literal/Enum/bool, every
    player count for a count-like int, and seat name lists of every allowed length."""
    origin = get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        values: list[Any] = []
        for arg in get_args(tp):
            values += [None] if arg is type(None) else _candidate_values(name, arg, game)
        return values
    if origin is Literal:
        return list(get_args(tp))
    if tp is bool:
        return [False, True]
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return list(tp)
    lowered = name.lower()
    if tp is int and any(w in lowered for w in _SEAT_WORDS):
        return list(range(game.min_players, game.max_players + 1))
    if origin is tuple and get_args(tp)[:1] == (str,) and any(w in lowered for w in _SEAT_WORDS):
        names = ("Ada", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal")
        return [names[:n] for n in range(game.min_players, game.max_players + 1)]
    return []


def option_variants(game: Game[Any, Any]) -> tuple[list[Any], list[str]]:
    """The default options plus one-field variations that ``setup`` accepts.

    Returns (variants, problems): a variation whose ``setup`` raises anything but
    ``ValueError`` is a problem (impossible options must be refused with a ValueError).
    """
    base = game.decode_options(None)
    variants = [base]
    problems: list[str] = []
    if not dataclasses.is_dataclass(base) or isinstance(base, type):
        return variants, problems
    hints = typing.get_type_hints(type(base))
    for f in dataclasses.fields(base):
        if not f.init:
            continue
        for value in _candidate_values(f.name, hints[f.name], game):
            if value == getattr(base, f.name):
                continue
            try:
                opt = dataclasses.replace(base, **{f.name: value})
                game.setup(opt)
            except ValueError:
                continue
            except Exception as exc:
                problems.append(f"setup with {f.name}={value!r} raised {exc!r}")
                continue
            if opt not in variants:
                variants.append(opt)
    return variants, problems


# ----- JSON diffs, for what redaction hides ----------------------------------------------


def diff_paths(a: Any, b: Any, path: str = "$") -> set[str]:
    """JSON paths where ``a`` and ``b`` differ (a whole subtree when shapes differ)."""
    if isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys():
        out: set[str] = set()
        for key in a:
            out |= diff_paths(a[key], b[key], f"{path}.{key}")
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        out = set()
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            out |= diff_paths(x, y, f"{path}[{i}]")
        return out
    return set() if a == b and type(a) is type(b) else {path}


def covered(path: str, paths: set[str]) -> bool:
    """Whether ``path`` lies inside (or equals) one of ``paths``."""
    return any(path == q or path.startswith(q + ".") or path.startswith(q + "[") for q in paths)


# ----- the step checker -------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class StepRecord:
    action: Action
    legal: bool


class Conformance:
    """Walks one game from setup through actions, checking every contract at every step.

    Every step checks the action's round trip, check/apply agreement, the verdict's rule
    IDs, and (for each new state) invariants, counters and the state's JSON round trip.
    The costlier checks run on a regular sample so that thousands of actions per game fit
    the CI budget: redaction of every seat (every ``deep_every``-th new state, the first
    and every finished one), re-checking the whole legal enumeration and proving that a
    refused action left its state untouched (every ``deep_every``-th step).
    """

    def __init__(self, game: Game[Any, Any], options: Any, deep_every: int = 4) -> None:
        self.game = game
        self.options = options
        self.deep_every = deep_every
        self.state = game.setup(options)
        self.log: list[Action] = []
        self.tried: list[StepRecord] = []
        self.actions_checked = 0
        self.states_checked = 0
        self.seats = self._seats()
        self.state_json = self.check_state(self.state, "setup")

    # -- reporting ----------------------------------------------------------------------

    def fail(self, message: str, pending: Action | None = None) -> typing.NoReturn:
        sequence = [*self.log, *([pending] if pending is not None else [])]
        actions = [
            self.game.encode_action(a) if a.kind in self.game.all_action_types else {"type": a.kind}
            for a in sequence
        ]
        entry = (
            "Regression(\n"
            f"    {self.game.slug!r},\n"
            f"    options={to_jsonable(self.options)!r},\n"
            f"    actions={actions!r},\n"
            f"    note={message[:120]!r},\n"
            ")"
        )
        raise ConformanceFailure(
            f"[{self.game.slug}] {message}\n"
            f"after {len(self.log)} applied actions; record it in regressions.py as:\n{entry}",
            message,
            sequence,
        )

    def expect(self, ok: bool, message: str, pending: Action | None = None) -> None:
        if not ok:
            self.fail(message, pending)

    # -- helpers ------------------------------------------------------------------------

    def _seats(self) -> list[int]:
        names = self.game.seat_names(self.state)
        return list(range(len(names) if names else self.game.min_players))

    def legal_actions(self) -> list[Action] | None:
        """The game's enumeration for the current state, or ``None`` where it has none."""
        try:
            return self.game.legal_actions(self.state)
        except NotImplementedError:
            return None

    def _verdict_cites_index(self, verdict: Verdict, act: Action) -> None:
        self.expect(isinstance(verdict, Verdict), f"check returned {verdict!r}", act)
        self.expect(bool(verdict.reason.strip()), "verdict has an empty reason", act)
        unknown = [r for r in verdict.rules if r not in self.game.rules]
        self.expect(not unknown, f"verdict cites rule IDs missing from the index: {unknown}", act)
        if not verdict.legal:
            self.expect(bool(verdict.rules), "illegal verdict cites no rule", act)
            self.expect(not verdict.effects, "illegal verdict lists effects", act)

    def _state_json(self, state: Any) -> Any:
        return roundtrip_json(self.game.state_to_json(state))

    # -- the checks ---------------------------------------------------------------------

    def check_state(self, state: Any, where: str, deep: bool = True) -> Any:
        """Invariants, JSON round trip, counters, scoring, and (when ``deep``) redaction of
        one state. Returns the state's JSON."""
        game = self.game
        self.states_checked += 1
        broken = game.invariants(state)
        self.expect(broken == [], f"invariants broken {where}: {broken}")
        data = self._state_json(state)
        self.expect(
            game.state_from_json(data) == state, f"state does not round-trip through JSON {where}"
        )
        bounds = game.counters(state)
        try:
            values = game.counter_values(state)
        except NotImplementedError:
            values = None
        if values is not None:
            self.expect(
                set(values) == set(bounds),
                f"counter_values names {sorted(values)} but counters names {sorted(bounds)}",
            )
            for name, value in values.items():
                low, high = bounds[name]
                self.expect(
                    low <= value <= high, f"counter {name}={value} outside {low}..{high} {where}"
                )
        finished = game.outcome(state) is not None
        if deep or finished:
            self.check_redaction(state, data, where)
        if finished:
            try:
                sheet = game.score(state)
            except NotImplementedError:
                return data
            self.expect(isinstance(sheet, ScoreSheet), f"score returned {sheet!r}")
            cited = [i.rule for p in sheet.players for i in p.items if i.rule]
            unknown = [r for r in cited if r not in game.rules]
            self.expect(not unknown, f"score pad cites rule IDs missing from the index: {unknown}")
            json.dumps(sheet.to_json())
        return data

    def check_redaction(self, state: Any, full: Any, where: str) -> None:
        """Redaction is idempotent, JSON-safe, of the same type, and seat-private.

        Writing D(x) for the JSON paths where ``redact(state, x)`` differs from ``state``:
        a seat never knows less than a spectator (D(seat) within D(None)), and a secret one
        seat sees (in D(None) but not in D(seat)) is hidden from every other seat.
        """
        game = self.game
        views: dict[int | None, Any] = {}
        for seat in [None, *self.seats]:
            red = game.redact(state, seat)
            self.expect(type(red) is type(state), f"redact({seat}) changed the state type")
            self.expect(game.redact(red, seat) == red, f"redact({seat}) is not idempotent {where}")
            data = self._state_json(red)
            self.expect(
                game.state_from_json(data) == red, f"redact({seat}) does not round-trip {where}"
            )
            views[seat] = data
        hidden = diff_paths(full, views[None])
        denied: dict[int, set[str]] = {}
        visible_to: dict[int, set[str]] = {}
        for seat in self.seats:
            denied[seat] = diff_paths(full, views[seat])
            extra = [p for p in denied[seat] if not covered(p, hidden)]
            self.expect(
                not extra, f"seat {seat} is denied {extra}, which even a spectator sees {where}"
            )
            visible_to[seat] = {p for p in hidden if not covered(p, denied[seat])}
        for s in self.seats:
            for t in self.seats:
                if s == t:
                    continue
                for p in visible_to[t]:
                    self.expect(
                        covered(p, denied[s]),
                        f"seat {s} receives seat {t}'s secret at {p} {where}",
                    )

    def step(self, act: Action) -> bool:
        """Check ``act`` against the current state and apply it if legal; returns legality.
        An exception from the game (check must never raise) is a failure too."""
        try:
            return self._step(act)
        except ConformanceFailure:
            raise
        except Exception as exc:
            self.fail(f"the game raised {exc!r}{_where(exc)}", act)

    def _step(self, act: Action) -> bool:
        game = self.game
        self.actions_checked += 1
        sampled = self.actions_checked % self.deep_every == 0
        known = act.kind in game.all_action_types
        if known:
            encoded = roundtrip_json(game.encode_action(act))
            self.expect(
                game.decode_action(encoded) == act, f"action does not round-trip: {encoded}", act
            )
            self.expect(
                game.decode_action(json.dumps(encoded)) == act,
                f"action does not round-trip from JSON text: {encoded}",
                act,
            )
        before = self.state
        verdict = game.check(before, act)
        self._verdict_cites_index(verdict, act)
        if not known:
            self.expect(not verdict.legal, "an action of no game was accepted", act)
            self.expect("core.action" in verdict.rules, "foreign action not refused by core.action")
        if verdict.legal:
            try:
                line = game.describe(before, act)
                after = game.apply(before, act)
            except IllegalAction as exc:
                self.fail(f"check said legal but apply refused: {exc.verdict.reason}", act)
            self.expect(isinstance(line, str) and bool(line.strip()), "empty history line", act)
            self.expect(
                self._state_json(before) == self.state_json,
                "apply mutated the state it was given",
                act,
            )
            self.log.append(act)
            self.state = after
            deep = self.states_checked % self.deep_every == 0
            self.state_json = self.check_state(after, f"after {act.to_json()}", deep)
        else:
            try:
                game.apply(before, act)
            except IllegalAction as exc:
                self.expect(
                    exc.verdict == verdict, f"apply's verdict {exc.verdict} != {verdict}", act
                )
            else:
                self.fail(f"check said illegal ({verdict.reason}) but apply accepted", act)
            if sampled:
                self.expect(
                    self._state_json(before) == self.state_json,
                    "an illegal action changed the state",
                    act,
                )
        self.tried.append(StepRecord(act, verdict.legal))
        return verdict.legal

    def check_legal_enumeration(self, legal: list[Action]) -> None:
        """Every enumerated action is legal, cites indexed rules, and appears once."""
        game = self.game
        seen = set()
        for act in legal:
            verdict = game.check(self.state, act)
            self._verdict_cites_index(verdict, act)
            self.expect(verdict.legal, f"legal_actions lists an illegal action: {verdict}", act)
            encoded = json.dumps(game.encode_action(act), sort_keys=True)
            self.expect(encoded not in seen, "legal_actions lists an action twice", act)
            seen.add(encoded)

    def check_replay(self) -> None:
        """Replaying the log (through JSON, as the store does) reproduces the state."""
        game = self.game
        options = game.decode_options(roundtrip_json(to_jsonable(self.options)))
        self.expect(options == self.options, "options do not round-trip through JSON")
        decoded = [game.decode_action(roundtrip_json(game.encode_action(a))) for a in self.log]
        try:
            replayed = game.replay(options, decoded)
        except IllegalAction as exc:
            self.fail(f"replaying the log fails: {exc.verdict.reason}")
        self.expect(replayed == self.state, "replaying the log gives a different state")

    # -- random choice -------------------------------------------------------------------

    def choose(self, rng: random.Random) -> Action:
        """One action for the current state: legal (from the enumeration), sampled, a
        correction in or out of bounds, or an action of no game."""
        try:
            return self._choose(rng)
        except ConformanceFailure:
            raise
        except Exception as exc:
            self.fail(f"enumerating or sampling actions raised {exc!r}{_where(exc)}")

    def probe(self) -> None:
        """Enumerate and sample actions in the current state: neither may raise."""
        try:
            legal = self.legal_actions()
            if legal is not None:
                self.check_legal_enumeration(legal)
            self.game.sample_actions(self.state, random.Random(0))
        except ConformanceFailure:
            raise
        except Exception as exc:
            self.fail(f"enumerating or sampling actions raised {exc!r}{_where(exc)}")

    def _choose(self, rng: random.Random) -> Action:
        game = self.game
        r = rng.random()
        if r < 0.45:
            legal = self.legal_actions()
            if legal is not None and (self.actions_checked + 1) % self.deep_every == 0:
                self.check_legal_enumeration(legal)
            if legal:
                return rng.choice(legal)
        if r < 0.82:
            sampled = game.sample_actions(self.state, rng)
            if sampled:
                return rng.choice(sampled)
        bounds = dict(game.counters(self.state))
        if bounds and r < 0.92:
            name = rng.choice(sorted(bounds))
            low, high = bounds[name]
            return Correct(counter=name, value=rng.randint(low, high), note="conformance")
        if r < 0.97:
            if bounds and rng.random() < 0.7:
                name = rng.choice(sorted(bounds))
                low, high = bounds[name]
                value = rng.choice([low - 1 - rng.randrange(5), high + 1 + rng.randrange(5)])
                return Correct(counter=name, value=value)
            return Correct(counter="no-such-counter", value=rng.randrange(-3, 20))
        return ForeignProbe(seat=rng.randrange(4))


def _where(exc: BaseException) -> str:
    """`` at file:line`` of the innermost frame that raised ``exc``."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None:
        return ""
    code = tb.tb_frame.f_code
    return f" at {code.co_filename.rsplit('/rules/', 1)[-1]}:{tb.tb_lineno} ({code.co_name})"


def walk(game: Game[Any, Any], options: Any, step_seeds: list[int]) -> Conformance:
    """Random play: one action per seed, every contract checked, replay checked at the end.

    A failure is first cut down to a short sequence that still breaks a contract.
    """
    run = Conformance(game, options)
    try:
        for seed in step_seeds:
            run.step(run.choose(random.Random(seed)))
        run.check_replay()
    except ConformanceFailure as exc:
        raise minimize(game, options, exc) from None
    return run


def play_sequence(game: Game[Any, Any], options: Any, actions: list[Action]) -> Conformance:
    """Every contract, with no sampling, over a fixed sequence (legal or not)."""
    run = Conformance(game, options, deep_every=1)
    run.probe()
    for act in actions:
        run.step(act)
        run.probe()
    run.check_replay()
    return run


def minimize(
    game: Game[Any, Any], options: Any, failure: ConformanceFailure, seconds: float = 20.0
) -> ConformanceFailure:
    """A failure whose sequence is as short as greedy deletion finds within ``seconds``
    (chunks of halving size, then single actions); any broken contract counts."""
    deadline = time.monotonic() + seconds

    def fails(seq: list[Action]) -> ConformanceFailure | None:
        try:
            play_sequence(game, options, seq)
        except ConformanceFailure as exc:
            return exc
        return None

    best = fails(failure.actions) or failure
    seq = list(best.actions)
    chunk = max(1, len(seq) // 2)
    while chunk >= 1 and time.monotonic() < deadline:
        i = 0
        shrunk = False
        while i < len(seq) and time.monotonic() < deadline:
            candidate = seq[:i] + seq[i + chunk :]
            found = fails(candidate)
            if found is not None:
                best, seq, shrunk = found, list(found.actions), True
            else:
                i += chunk
        if not shrunk:
            chunk //= 2
    return best
