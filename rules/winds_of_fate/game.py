"""Odysseus: Winds of Fate: the Game class, wiring each action to the module that owns it.

``encounter`` (setup, board paths, bets, destiny actions, draws), ``adventure`` (reveal,
play/pass, claim, resolve) and ``voyage`` (crew, round, arrivals, journeys) each register a
(check, transition) pair per action. A transition returns the new state with its effects in
plain words; ``check`` reports those effects and ``apply`` keeps the state.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from rules.core import Action, Game, Outcome, RuleIndex, ScoreSheet, Verdict

from . import adventure, corrections, encounter, enumeration, history, privacy, scoring, voyage
from .actions import ACTION_TYPES
from .components import (
    CREW_BY_PLAYERS,
    ENDING_NAMES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    START_CHIPS,
    START_HELP,
    START_HINDER,
)
from .guards import Effects, Handlers
from .state import WofOptions, WofState

RULES = RuleIndex.from_toml("winds-of-fate", Path(__file__).with_name("rule_index.toml"))

HANDLERS: Handlers = {**encounter.HANDLERS, **adventure.HANDLERS, **voyage.HANDLERS}


class WindsOfFate(Game[WofState, WofOptions]):
    """The rules of Odysseus: Winds of Fate for 3 to 5 players."""

    slug = "winds-of-fate"
    title = "Odysseus: Winds of Fate"
    short_title = "Winds of Fate"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    state_type = WofState
    options_type = WofOptions
    action_types = ACTION_TYPES
    rules = RULES

    def seat_options(self, options: WofOptions, names: Sequence[str]) -> WofOptions:
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            return options
        return replace(options, players=tuple(names))

    def setup(self, options: WofOptions) -> WofState:
        """The box as dealt: crew by player count, 2 chips each (one goes on a destiny card
        when it is recorded), 3 Help and 3 Hinder cards each. Raises ``ValueError`` for a
        wrong player count, blank or repeated names, or too few chips in the box."""
        names = tuple(n.strip() for n in options.players)
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise ValueError(f"Winds of Fate takes {MIN_PLAYERS} to {MAX_PLAYERS} players")
        if not all(names) or len(set(names)) != len(names):
            raise ValueError("every player needs a different, non-empty name")
        n = len(names)
        if not START_CHIPS * n <= options.chips_total <= 1000:
            raise ValueError(f"the box needs between {START_CHIPS * n} and 1000 bet chips")
        return WofState(
            players=names,
            chips_total=options.chips_total,
            crew=CREW_BY_PLAYERS[n],
            supply=options.chips_total - START_CHIPS * n,
            held=(START_CHIPS,) * n,
            vp=(0,) * n,
            hand_help=(START_HELP,) * n,
            hand_hinder=(START_HINDER,) * n,
            destiny_chips=((0, 0, 0),) * n,
            destiny_cards=((),) * n,
            order=tuple(range(n)),
        )

    def seat_names(self, state: WofState) -> list[str]:
        return list(state.players)

    # ----- legality and transitions ------------------------------------------------------

    def _check(self, state: WofState, action: Action) -> Verdict:
        verdict = HANDLERS[type(action)][0](state, action)
        if not verdict.legal:
            return verdict
        after, effects = self._transition(state, action)
        beyond = self._count_out_of_range(after)
        if beyond is not None:
            return Verdict.no(beyond, "wof.assume.counter-bounds")
        rules = list(verdict.rules) + voyage.arrival_rules(state, after)
        if after.phase == "over":
            rules += ["wof.end.trigger", f"wof.end.{after.ending}"]
            if state.phase != "over" and voyage.cut_short_of_home(after):
                rules.append("wof.assume.stranded-round-12")
        return Verdict.ok(verdict.reason, *dict.fromkeys(rules), effects=effects)

    def _count_out_of_range(self, after: WofState) -> str | None:
        """Why ``after`` holds a count no correction could set (``None``: every count fits).
        A correction may set a count to its limit, and a later move must not pass it."""
        values = self.counter_values(after)
        for name, (low, high) in self.counters(after).items():
            value = values.get(name)
            if value is not None and not low <= value <= high:
                return f"{name} would become {value}, beyond the {low}..{high} the app records."
        return None

    def _apply(self, state: WofState, action: Action) -> WofState:
        return self._transition(state, action)[0]

    def _transition(self, state: WofState, action: Action) -> tuple[WofState, Effects]:
        return HANDLERS[type(action)][1](state, action)

    # ----- outcome and scoring -----------------------------------------------------------

    def outcome(self, state: WofState) -> Outcome | None:
        if state.phase != "over":
            return None
        try:
            sheet, winners = scoring.score_and_winners(state)
        except ValueError:
            # A copy without everyone's destiny cards cannot be scored; the ending is known.
            return Outcome(
                (),
                f"{ENDING_NAMES[state.ending]} in round {state.round}",
                f"wof.end.{state.ending}",
            )
        return Outcome(winners, sheet.summary, sheet.tiebreak or "wof.end.winner")

    def score(self, state: WofState) -> ScoreSheet:
        """The score pad of a finished voyage; raises ``ValueError`` before the end."""
        return scoring.score_sheet(state)

    def score_json(self, data: Any) -> dict[str, Any]:
        return scoring.score_json(data)

    # ----- corrections and invariants ----------------------------------------------------

    def counters(self, state: WofState) -> Mapping[str, tuple[int, int]]:
        return corrections.counters(state)

    def counter_values(self, state: WofState) -> Mapping[str, int]:
        return corrections.counter_values(state)

    def set_counter(self, state: WofState, counter: str, value: int) -> WofState:
        return corrections.set_counter(state, counter, value)

    def invariants(self, state: WofState) -> list[str]:
        return corrections.invariants(state)

    def state_problems(self, state: WofState) -> list[str]:
        return corrections.state_problems(state)

    # ----- history and secrecy -----------------------------------------------------------

    def describe(self, state: WofState, action: Action) -> str:
        return history.describe(state, action)

    def redact(self, state: WofState, seat: int | None) -> WofState:
        return privacy.redact(state, seat)

    # ----- enumeration -------------------------------------------------------------------

    def legal_actions(self, state: WofState) -> list[Action]:
        """The legal subset of a broad candidate list (numbers read off the box take a few
        representative values; board paths are data entry and not listed)."""
        if state.phase == "over":
            return []
        return [
            a
            for a in enumeration.candidates(state)
            if HANDLERS[type(a)][0](state, a).legal
            and self._count_out_of_range(self._transition(state, a)[0]) is None
        ]

    def sample_actions(self, state: WofState, rng: random.Random) -> list[Action]:
        legal = self.legal_actions(state)
        picks: list[Action] = rng.sample(legal, min(3, len(legal)))
        return picks + enumeration.random_picks(state, rng)


GAME = WindsOfFate()
