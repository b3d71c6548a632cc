"""Scales of Fate: the Game class, wiring each action to the module that owns its rules.

Each action type has a check and a transition, registered by its topic module:
``age_setup`` (dealing, laying out an Age), ``placement`` (demigods on action tiles),
``servants``, ``god_powers``, ``turns`` (passing, whose turn), ``end_of_age``
(announcements), ``final_guess`` and ``privacy`` (notes). A transition returns the new state
and the plain-language effects; ``check`` reports those effects and ``apply`` keeps the state,
so the two can never disagree.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from rules.core import (
    Action,
    Correct,
    Game,
    IllegalAction,
    Outcome,
    RuleIndex,
    ScoreSheet,
    Verdict,
)

from . import (
    age_setup,
    consistency,
    corrections,
    end_of_age,
    enumeration,
    final_guess,
    god_powers,
    history,
    placement,
    privacy,
    scoring,
    servants,
    turns,
)
from .actions import ACTION_TYPES
from .age_setup import random_setup as random_setup  # re-exported: imported from here
from .guards import Effects, Handlers
from .state import SofOptions, SofState

RULES = RuleIndex.from_toml("scales-of-fate", Path(__file__).with_name("rule_index.toml"))

HANDLERS: Handlers = {
    **age_setup.HANDLERS,
    **placement.HANDLERS,
    **servants.HANDLERS,
    **god_powers.HANDLERS,
    **turns.HANDLERS,
    **end_of_age.HANDLERS,
    **final_guess.HANDLERS,
    **privacy.HANDLERS,
}
"""Every action type's (check, transition) pair."""


class ScalesOfFate(Game[SofState, SofOptions]):
    """The rules of Scales of Fate for two players."""

    slug = "scales-of-fate"
    title = "Scales of Fate"
    min_players = 2
    max_players = 2
    state_type = SofState
    options_type = SofOptions
    action_types = ACTION_TYPES
    rules = RULES

    # ----- setup -------------------------------------------------------------------------

    def seat_options(self, options: SofOptions, names: Sequence[str]) -> SofOptions:
        """The players' names come from the table's seats, so verdicts name real people."""
        if len(names) != 2:
            return options  # setup's own check reports the wrong player count
        return replace(options, players=(names[0], names[1]))

    def setup(self, options: SofOptions) -> SofState:
        """A fresh table: renown 7 everywhere, Abyss marker in the middle, every token in
        the supply. Raises ``ValueError`` for blank or repeated names or a bad first seat."""
        names = tuple(n.strip() for n in options.players)
        if len(names) != 2 or not all(names):
            raise ValueError("Scales of Fate needs two non-empty player names")
        if names[0] == names[1]:
            raise ValueError("the two players need different names")
        if options.first_player not in (0, 1):
            raise ValueError("the first player must be seat 0 or 1")
        return SofState(
            players=(names[0], names[1]),
            first_player=options.first_player,
            turn=options.first_player,
        )

    def seat_names(self, state: SofState) -> list[str]:
        return list(state.players)

    # kept on the class for callers that reach it here
    _swap_special = staticmethod(age_setup.swap_special)

    # ----- legality and transitions ------------------------------------------------------

    def _check(self, state: SofState, action: Action) -> Verdict:
        verdict = HANDLERS[type(action)][0](state, action)
        if not verdict.legal:
            return verdict
        after, effects = self._transition(state, action)
        rules = list(verdict.rules)
        if state.phase == "play" and after.phase == "announce":
            rules += ["sof.age.end", "sof.age.abyss"]
            if all(after.passed):
                rules.append("sof.assume.both-passed")
        if state.phase == "announce" and after.phase == "setup":
            rules += ["sof.new-age.reset", "sof.assume.servants-return"]
        if state.phase == "guess" and after.phase == "over":
            rules += ["sof.end.reveal", "sof.score.winner"]
        return Verdict.ok(verdict.reason, *rules, effects=effects)

    def _apply(self, state: SofState, action: Action) -> SofState:
        return self._transition(state, action)[0]

    def _transition(self, state: SofState, action: Action) -> tuple[SofState, Effects]:
        handler = HANDLERS.get(type(action))
        if handler is None:
            raise TypeError(f"unhandled action {action!r}")
        return handler[1](state, action)

    def age_is_over(self, state: SofState) -> bool:
        """Has the Age in ``state`` run its course? (see ``turns.age_is_over``)"""
        return turns.age_is_over(state)

    # ----- outcome and scoring -----------------------------------------------------------

    def outcome(self, state: SofState) -> Outcome | None:
        if state.phase != "over":
            return None
        sheet = self.score(state)
        winners = (sheet.winner,) if sheet.winner is not None else state.players
        return Outcome(winners, sheet.summary, sheet.tiebreak or "sof.score.winner")

    def score(self, state: SofState) -> ScoreSheet:
        """The score pad for ``state``. Raises ``ValueError`` when a hand is unknown (not
        dealt yet, or hidden from this copy of the state)."""
        return final_guess.score_sheet(state)

    def score_json(self, data: Any) -> dict[str, Any]:
        return scoring.score_json(data)

    # ----- corrections and invariants ----------------------------------------------------

    def counters(self, state: SofState) -> Mapping[str, tuple[int, int]]:
        return corrections.counters(state)

    def counter_values(self, state: SofState) -> Mapping[str, int]:
        return corrections.counter_values(state)

    def set_counter(self, state: SofState, counter: str, value: int) -> SofState:
        return corrections.set_counter(state, counter, value)

    def invariants(self, state: SofState) -> list[str]:
        return corrections.invariants(state)

    def state_problems(self, state: SofState) -> list[str]:
        return consistency.state_problems(state)

    # ----- history and secrecy -----------------------------------------------------------

    def history_line(self, state: SofState, action: Action) -> str:
        """The shared line, plus any yes/no answer (and final guess) a renown fix took back
        (``corrections.recheck_age_record``), so the table sees why it is asked again."""
        line = super().history_line(state, action)
        if not (isinstance(action, Correct) and state.phase in ("announce", "guess")):
            return line
        try:
            after = self.apply(state, action)
        except IllegalAction:
            return line
        before, now = state.history[-1].answers, after.history[-1].answers
        for seat in (0, 1):
            if before[seat] is not None and now[seat] is None:
                line += f" {state.players[seat]}'s answer no longer fits the board: "
                line += f"{state.players[seat]} answers again."
        if state.phase == "guess" and after.phase == "announce" and any(state.guesses):
            line += " The final guesses already made are taken back, to be made again."
        return line

    def describe(self, state: SofState, action: Action) -> str:
        return history.describe(state, action)

    def chapter(self, state: SofState) -> str:
        """The Age being played ("Age 2"), or the deal before it and the guesses after."""
        if state.phase == "deal":
            return "Dealing the demigods"
        if state.phase == "guess":
            return "Final guesses"
        if state.phase == "over":
            return "After the game"
        return f"Age {state.age}"

    def redact(self, state: SofState, seat: int | None) -> SofState:
        """What ``seat`` may see (see ``privacy.redact``)."""
        return privacy.redact(state, seat)

    # ----- enumeration -------------------------------------------------------------------

    def legal_actions(self, state: SofState) -> list[Action]:
        """Every legal action except free-form ones: an Age's setup (entered from the box)
        and private notes (free text) are not enumerated."""
        # the checks alone decide legality; effects are not needed for a list
        return [a for a in enumeration.candidates(state) if HANDLERS[type(a)][0](state, a).legal]

    def sample_actions(self, state: SofState, rng: random.Random) -> list[Action]:
        """A few legal actions plus a few random (often illegal) ones."""
        legal = self.legal_actions(state)
        picks: list[Action] = rng.sample(legal, min(3, len(legal)))
        return picks + enumeration.random_picks(state, rng)


GAME = ScalesOfFate()
