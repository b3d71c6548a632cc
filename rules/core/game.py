"""The one interface every game implements.

A game is setup + moves + end condition over immutable states (boardgame.io's shape) with
python-chess's habits: ``check`` answers legality with a reason, ``apply`` refuses illegal
moves with a typed error, and a move list replays to the same state.

Subclasses implement the ``_check``/``_apply`` pair for their own actions; the base class
handles the shared ``Correct`` action (bounds only), the finished-game guard, JSON encoding
and replay.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from .actions import MAX_ACTION_JSON_CHARS, Action, Correct, decode_action
from .codec import from_jsonable, to_jsonable
from .rule_index import RuleIndex
from .scoring import Outcome, ScoreSheet
from .verdict import IllegalAction, MalformedAction, Verdict

S = TypeVar("S")
Opt = TypeVar("Opt")


def counter_label(name: str) -> str:
    """A counter key as players read it: ``"Bjorn.equipment_damage"`` -> "Bjorn · equipment
    damage", ``"renown.Pentha"`` -> "Renown · Pentha", ``"time"`` -> "Time"."""
    parts = [_SHORT.get(p, p.replace("_", " ")) for p in name.split(".") if p]
    text = " · ".join(parts) or name
    return text[:1].upper() + text[1:]


_SHORT = {"xp": "XP"}
"""Abbreviations a counter key may use, as players write them."""


def describe_correction(action: Correct, was: int | None = None) -> str:
    """A correction as one history line in words, e.g. "Correction to match the box:
    Renown · Pentha set to 5 (was 3)." with the table's note, if any, after it."""
    text = f"Correction to match the box: {counter_label(action.counter)} set to {action.value}"
    if was is not None and was != action.value:
        text += f" (was {was})"
    text += "."
    note = " ".join(action.note.split())
    if note:
        text += f" Note: {note}"
    return text


class Game(ABC, Generic[S, Opt]):
    """Base class of a game's rules. Instances are stateless and shared."""

    slug: ClassVar[str]
    title: ClassVar[str]
    short_title: ClassVar[str] = ""
    """The name players call the game by, for a line with little room on a phone (the
    table's header beside who the device is); empty when it is ``title`` itself."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    state_type: ClassVar[type]
    options_type: ClassVar[type]
    action_types: ClassVar[tuple[type[Action], ...]]
    rules: RuleIndex

    # ----- what each game provides -------------------------------------------------------

    @abstractmethod
    def setup(self, options: Opt) -> S:
        """The starting state for ``options``; raises ``ValueError`` for impossible options."""

    @abstractmethod
    def _check(self, state: S, action: Action) -> Verdict:
        """Legality of a game-specific action (never ``Correct``), without side effects."""

    @abstractmethod
    def _apply(self, state: S, action: Action) -> S:
        """The state after a legal game-specific action. Only called after ``_check`` said yes."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """``None`` while the game goes on; how it ended otherwise."""

    @abstractmethod
    def counters(self, state: S) -> Mapping[str, tuple[int, int]]:
        """Every counter a ``Correct`` action may set, with its printed (low, high) bounds."""

    def counter_values(self, state: S) -> Mapping[str, int]:
        """The current value of every counter named by ``counters(state)`` (what the
        "match the box" screen shows next to each bound)."""
        raise NotImplementedError(f"{self.slug} does not report its counter values")

    @abstractmethod
    def set_counter(self, state: S, counter: str, value: int) -> S:
        """``state`` with ``counter`` set to ``value`` (already known to be within bounds)."""

    @abstractmethod
    def describe(self, state: S, action: Action) -> str:
        """One plain-language history line for ``action`` taken in ``state`` (before it)."""

    @abstractmethod
    def invariants(self, state: S) -> list[str]:
        """Broken invariants of ``state`` in plain words (pieces conserved, counters in
        bounds...). Empty when all hold. This is the one place each game states them."""

    @abstractmethod
    def sample_actions(self, state: S, rng: random.Random) -> list[Action]:
        """A handful of plausible actions for ``state``, legal or not, for randomized tests."""

    def legal_actions(self, state: S) -> list[Action]:
        """Every legal action where the space is enumerable; games that cannot enumerate
        return the legal subset of a broad candidate list."""
        raise NotImplementedError(f"{self.slug} does not enumerate its actions")

    def score(self, state: S) -> ScoreSheet:
        """The score pad for ``state`` (usually a finished game)."""
        raise NotImplementedError(f"{self.slug} has no score pad")

    def redact(self, state: S, seat: int | None) -> S:
        """``state`` as ``seat`` may know it (``None``: a spectator, or the shared phone
        before any hand-over). Games with hidden information return a copy of the same type
        with other seats' secrets blanked; screens render only redacted states, so a
        device never receives what its seat may not see."""
        return state

    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """The redacted state for ``seat`` as JSON."""
        data = self.state_to_json(self.redact(state, seat))
        assert isinstance(data, dict)
        return data

    def seat_options(self, options: Opt, names: Sequence[str]) -> Opt:
        """``options`` adjusted to the people at the table (``names`` in seat order), called
        when a table is created. Games that name players in their verdicts take the names
        here; the default keeps ``options`` as they are."""
        return options

    def seat_names(self, state: S) -> list[str]:
        """Display names of the seats in ``state``, in seat order."""
        return []

    def acting_seat(self, state: S, action: Action) -> int | None:
        """The seat whose player alone may take ``action`` in ``state`` (``None``: anyone at
        the table). The table refuses it from a device seated elsewhere. Default: none;
        games whose actions name a seat's piece (a hero...) override it."""
        return None

    # Script entry points used by ``python -m rules``; they validate raw JSON themselves.
    def score_json(self, data: Any) -> dict[str, Any]:
        raise MalformedAction(f"{self.slug} has no standalone score calculator")

    def odds_json(self, data: Any) -> dict[str, Any]:
        raise MalformedAction(f"{self.slug} has no odds calculator")

    def chapter(self, state: S) -> str:
        """The part of the game ``state`` is in, as a short heading for the history
        ("Age 2", "Turn 5 · heroes"), so the history reads as a timeline. Empty (the
        default) for games without such a division; the history is then one list."""
        return ""

    def state_problems(self, state: S) -> list[str]:
        """Structural problems of a decoded ``state`` that ``invariants`` does not name
        (an index out of range, a phase that contradicts the rest...). Empty by default;
        games extend it. Called by ``validate_state`` before the invariants, so it may
        assume nothing about ``state`` beyond its types; it may raise, which
        ``validate_state`` reports as a problem."""
        return []

    # ----- shared behaviour --------------------------------------------------------------

    def check(self, state: S, action: Action) -> Verdict:
        """Is ``action`` legal in ``state``? Never raises for a well-formed action."""
        if isinstance(action, Correct):
            return self._check_correction(state, action)
        if type(action) not in self.action_types:
            kind = type(action).kind
            return Verdict.no(f"{kind!r} is not an action of {self.title}.", "core.action")
        if self.outcome(state) is not None:
            return Verdict.no(
                "The game is over: only corrections and undo remain.", "core.finished"
            )
        return self._check(state, action)

    def apply(self, state: S, action: Action) -> S:
        """The new state; raises ``IllegalAction`` (with the verdict) if ``check`` says no."""
        verdict = self.check(state, action)
        if not verdict.legal:
            raise IllegalAction(verdict)
        if isinstance(action, Correct):
            return self.set_counter(state, action.counter, action.value)
        return self._apply(state, action)

    def history_line(self, state: S, action: Action) -> str:
        """The history line for ``action`` taken in ``state`` (before it): the shared
        correction in words (``describe_correction``), any other action by ``describe``."""
        if isinstance(action, Correct):
            try:
                was = self.counter_values(state).get(action.counter)
            except NotImplementedError:
                was = None
            return describe_correction(action, was)
        return self.describe(state, action)

    def is_legal(self, state: S, action: Action) -> bool:
        return self.check(state, action).legal

    def _check_correction(self, state: S, action: Correct) -> Verdict:
        bounds = self.counters(state)
        if action.counter not in bounds:
            return Verdict.no(f"There is no counter called {action.counter!r}.", "core.correction")
        low, high = bounds[action.counter]
        if not low <= action.value <= high:
            return Verdict.no(
                f"{action.counter} must stay between {low} and {high}; {action.value} is outside.",
                "core.correction",
            )
        try:
            shown = self.counter_values(state).get(action.counter)
        except NotImplementedError:  # a game that cannot read its counters back
            shown = None
        if shown == action.value:
            # Setting a counter to what it already shows would log a move that changes
            # nothing: one more line in the history and one more step for Undo.
            return Verdict.no(
                f"{action.counter} is already {action.value}: nothing to correct.",
                "core.correction.same",
            )
        return Verdict.ok(
            f"Set {action.counter} to {action.value} to match the table.",
            "core.correction",
            effects=[f"{action.counter} → {action.value}"],
        )

    @property
    def all_action_types(self) -> dict[str, type[Action]]:
        """Wire name → action class, including the shared ``Correct``."""
        types: list[type[Action]] = [*self.action_types, Correct]
        return {cls.kind: cls for cls in types}

    def decode_action(self, data: Any) -> Action:
        """Action from JSON; raises ``MalformedAction`` naming what is wrong."""
        if isinstance(data, (str, bytes)):
            import json

            if len(data) > MAX_ACTION_JSON_CHARS:
                raise MalformedAction(f"action is too large ({len(data)} characters)")
            try:
                data = json.loads(data)
            except ValueError as exc:
                raise MalformedAction(f"action is not valid JSON: {exc}") from None
        return decode_action(self.all_action_types, data)

    def encode_action(self, action: Action) -> dict[str, Any]:
        return action.to_json()

    def decode_options(self, data: Any) -> Opt:
        """Options from JSON (missing fields take their defaults); raises ``MalformedAction``."""
        result: Opt = from_jsonable(self.options_type, {} if data is None else data, "$options")
        return result

    def state_to_json(self, state: S) -> Any:
        return to_jsonable(state)

    def state_from_json(self, data: Any) -> S:
        result: S = from_jsonable(self.state_type, data, "$state")
        return result

    def validate_state(self, state: S) -> list[str]:
        """Why ``state`` could never arise in play, in plain words; empty when it could.

        Runs, in order, the game's ``state_problems``, the shared checks (every counter of
        ``counters`` within its printed bounds, and the state readable by ``outcome`` and
        ``redact`` for every seat) and ``invariants``, stopping at the first step that
        finds something. Game code that raises on the state (an ``IndexError`` on a seat
        number out of range, say) is a problem of the state, never a crash."""
        steps = (self.state_problems, self._shared_state_problems, self.invariants)
        for step in steps:
            try:
                problems = list(step(state))
            except (RecursionError, MemoryError):
                raise
            except Exception as exc:  # any failure on this state means it is impossible
                detail = f": {exc}" if str(exc) else ""
                return [f"the game cannot read it ({type(exc).__name__}{detail})"]
            if problems:
                return problems
        return []

    def _shared_state_problems(self, state: S) -> list[str]:
        problems: list[str] = []
        bounds = self.counters(state)
        try:
            values = self.counter_values(state)
        except NotImplementedError:
            values = {}
        for name, (low, high) in bounds.items():
            value = values.get(name)
            if value is not None and not low <= value <= high:
                problems.append(f"{name} is {value}, outside {low}..{high}")
        self.outcome(state)
        for seat in [None, *range(len(self.seat_names(state)))]:
            self.redact(state, seat)
        return problems

    def load_state(self, data: Any) -> S:
        """A state from JSON that could arise in play. Raises ``MalformedAction`` naming
        what is wrong when the JSON does not fit the state's fields or describes an
        impossible position (see ``validate_state``)."""
        state = self.state_from_json(data)
        problems = self.validate_state(state)
        if problems:
            more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
            raise MalformedAction(
                f"$state is not a possible {self.title} position: " + "; ".join(problems[:3]) + more
            )
        return state

    def replay(self, options: Opt, actions: Iterable[Action], start: S | None = None) -> S:
        """Apply ``actions`` in order from ``start`` (or a fresh setup). Raises
        ``IllegalAction`` at the first action that is not legal."""
        state = self.setup(options) if start is None else start
        for act in actions:
            state = self.apply(state, act)
        return state


def replay(game: Game[S, Opt], options: Opt, actions: Sequence[Action]) -> S:
    """Module-level convenience for ``game.replay``."""
    return game.replay(options, actions)
