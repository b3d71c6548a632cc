"""A deliberately tiny game for testing the core, the store and the live table.

Two seats take turns adding 1-3 to a shared pile; whoever makes it reach 10 exactly wins.
Seat 0 holds a secret word that only seat 0 may see.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace

from rules import registry
from rules.core import Action, Game, Outcome, Rule, RuleIndex, Verdict, action


@dataclass(frozen=True)
class TallyOptions:
    target: int = 10
    secret: str = "owl"


@dataclass(frozen=True)
class TallyState:
    target: int
    pile: int
    turn: int
    secret: str
    winner: int | None = None


@action("add")
class Add(Action):
    seat: int
    amount: int


class Tally(Game[TallyState, TallyOptions]):
    slug = "tally"
    title = "Tally"
    min_players = 2
    max_players = 2
    state_type = TallyState
    options_type = TallyOptions
    action_types = (Add,)
    rules = RuleIndex(
        "tally",
        (
            Rule("tally.turn", "Play", "Take turns", "Seats alternate, seat 0 first."),
            Rule("tally.amount", "Play", "Add 1 to 3", "Add 1, 2 or 3 without passing the target."),
            Rule("tally.win", "End", "Exact target wins", "Reaching the target exactly wins."),
        ),
    )

    def setup(self, options: TallyOptions) -> TallyState:
        if options.target < 1:
            raise ValueError("target must be at least 1")
        return TallyState(target=options.target, pile=0, turn=0, secret=options.secret)

    def _check(self, state: TallyState, action: Action) -> Verdict:
        assert isinstance(action, Add)
        if action.seat != state.turn:
            return Verdict.no(f"It is seat {state.turn}'s turn.", "tally.turn")
        if action.amount not in (1, 2, 3):
            return Verdict.no("You may add 1, 2 or 3.", "tally.amount")
        if state.pile + action.amount > state.target:
            return Verdict.no("That would pass the target.", "tally.amount")
        return Verdict.ok(
            f"Add {action.amount}.",
            "tally.amount",
            effects=[f"pile → {state.pile + action.amount}"],
        )

    def _apply(self, state: TallyState, action: Action) -> TallyState:
        assert isinstance(action, Add)
        pile = state.pile + action.amount
        return replace(
            state,
            pile=pile,
            turn=1 - state.turn,
            winner=action.seat if pile == state.target else None,
        )

    def outcome(self, state: TallyState) -> Outcome | None:
        if state.winner is None:
            return None
        winner = f"Seat {state.winner}"
        return Outcome((winner,), f"{winner} reached the target.", "tally.win")

    def counters(self, state: TallyState) -> Mapping[str, tuple[int, int]]:
        return {"pile": (0, state.target)}

    def counter_values(self, state: TallyState) -> Mapping[str, int]:
        return {"pile": state.pile}

    def set_counter(self, state: TallyState, counter: str, value: int) -> TallyState:
        return replace(state, pile=value)

    def describe(self, state: TallyState, action: Action) -> str:
        if isinstance(action, Add):
            return f"Seat {action.seat} adds {action.amount}."
        return f"Correction: {action.to_json()}"

    def invariants(self, state: TallyState) -> list[str]:
        return [] if 0 <= state.pile <= state.target else [f"pile {state.pile} out of bounds"]

    def sample_actions(self, state: TallyState, rng: random.Random) -> list[Action]:
        return [Add(seat=rng.randrange(2), amount=rng.randrange(0, 5)) for _ in range(3)]

    def legal_actions(self, state: TallyState) -> list[Action]:
        return [a for a in (Add(state.turn, n) for n in (1, 2, 3)) if self.is_legal(state, a)]

    def redact(self, state: TallyState, seat: int | None) -> TallyState:
        return state if seat == 0 else replace(state, secret="")


TALLY = Tally()


@contextmanager
def tally_registered() -> Iterator[None]:
    """``tally`` in the game registry while the block runs, and gone after it unless it was
    there before. A registration left behind would reach every test collected later: those
    parametrized over ``registry.available()`` would each get a ``tally`` case."""
    had = TALLY.slug in registry._EXTRA
    registry.register(TALLY)
    try:
        yield
    finally:
        if not had:
            registry._EXTRA.pop(TALLY.slug, None)
