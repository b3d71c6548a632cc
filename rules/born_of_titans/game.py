"""Born of Titans: the Game class, wiring each action to the module that owns its rules:
``setup_steps`` (selection, sites, quest placement), ``turns`` (moves, city and oracle
actions, gear, typed values), ``challenge`` (encounters and fights), ``divine`` and
``quests`` (completion, hubris, the end). A transition returns the new state and its
effects in words; ``check`` reports those effects and ``apply`` keeps the state.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from rules.core import Action, Game, Outcome, RuleIndex, ScoreSheet, Verdict

from . import challenge, corrections, divine, enumeration, history, scoring, setup_steps, turns
from .actions import ACTION_TYPES, EndTurn, LoseTurn
from .guards import Effects, Handlers, recount_dice
from .state import BotOptions, BotState, Hero

RULES = RuleIndex.from_toml("born-of-titans", Path(__file__).with_name("rule_index.toml"))

HANDLERS: Handlers = {
    **setup_steps.HANDLERS,
    **turns.HANDLERS,
    **challenge.HANDLERS,
    **divine.HANDLERS,
}


class BornOfTitans(Game[BotState, BotOptions]):
    """The rules of Born of Titans for 2 to 4 heroes."""

    slug = "born-of-titans"
    title = "Born of Titans"
    min_players = 2
    max_players = 4
    state_type = BotState
    options_type = BotOptions
    action_types = ACTION_TYPES
    rules = RULES

    def seat_options(self, options: BotOptions, names: Sequence[str]) -> BotOptions:
        if not 2 <= len(names) <= 4:
            return options
        return replace(options, players=tuple(names))

    def setup(self, options: BotOptions) -> BotState:
        """Empty crew sheets (crew 6, prophecy 2) before the selection roll. Raises
        ``ValueError`` for a player count outside 2-4, or blank or repeated names."""
        names = tuple(n.strip() for n in options.players)
        if not 2 <= len(names) <= 4:
            raise ValueError("Born of Titans is for 2 to 4 players")
        if not all(names) or any(len(n) > 40 for n in names):
            raise ValueError("every player needs a name of 1 to 40 characters")
        if len({n.casefold() for n in names}) != len(names):
            raise ValueError("the players need different names")
        return BotState(
            players=names,
            heroes=tuple(Hero() for _ in names),
            placings_on=options.placings,
        )

    def seat_names(self, state: BotState) -> list[str]:
        return list(state.players)

    def _check(self, state: BotState, action: Action) -> Verdict:
        verdict = HANDLERS[type(action)][0](state, action)
        if not verdict.legal:
            return verdict
        after, effects = self._transition(state, action)
        rules = list(verdict.rules)
        if after.phase == "over" and state.phase != "over":
            rules += ["bot.end.win", *(["bot.end.placings"] if state.finished else [])]
        # A Lose Turn counter discarded in place of a turn: the turn may come back round to
        # the same hero, so a discarded counter shows the turn passed as well.
        discarded = any(
            b.lose_turn and not a.lose_turn for a, b in zip(after.heroes, state.heroes, strict=True)
        )
        if (after.turn != state.turn or discarded) and state.phase == "play":
            rules.append("bot.turn.actions")
            if state.crewless_turn and not isinstance(action, (EndTurn, LoseTurn)):
                rules.append("bot.turn.no-crew")  # one action only: that one ended the turn
            if discarded:
                rules.append("bot.turn.lose-turn")
        if len(after.finished) == len(state.finished) and any(
            len(a.shields) > len(b.shields) for a, b in zip(after.heroes, state.heroes, strict=True)
        ):
            rules += ["bot.quest.complete", "bot.quest.after", "bot.quest.next"]
        # Hubris taken by a hero; Hubris thrown away (Hera) cites its own rules.
        if after.hubris != state.hubris and after.hubris >= 0:
            rules.append("bot.hubris.first" if not state.hubris_first else "bot.hubris.second")
        if any(b.crew > 0 and a.crew == 0 for a, b in zip(after.heroes, state.heroes, strict=True)):
            rules.append("bot.turn.no-crew")
            if state.challenge is not None and after.challenge is None:
                rules.append("bot.challenge.defeat")
        was, now = state.challenge, after.challenge
        if was is not None and now is not None and was.dice != now.dice:
            rules.append("bot.challenge.dice")  # counted again from what she has now
        seen: dict[str, None] = dict.fromkeys(rules)
        return Verdict.ok(verdict.reason, *seen, effects=effects)

    def _apply(self, state: BotState, action: Action) -> BotState:
        return self._transition(state, action)[0]

    def _transition(self, state: BotState, action: Action) -> tuple[BotState, Effects]:
        after, effects = HANDLERS[type(action)][1](state, action)
        # Whatever changed what the fighting hero has (the Lion Skin or the Dragon's Teeth
        # discarded, crew lost to the Furies), the next roll counts what she has now.
        return recount_dice(after, effects), effects

    def outcome(self, state: BotState) -> Outcome | None:
        if state.phase != "over" or not state.finished:
            return None
        winner = state.players[state.finished[0]]
        return Outcome((winner,), f"{winner} completes three quests and wins.", "bot.end.win")

    def score(self, state: BotState) -> ScoreSheet:
        return scoring.score_sheet(state)

    def odds_json(self, data: Any) -> dict[str, Any]:
        from .odds import odds_json

        return odds_json(data)

    def counters(self, state: BotState) -> Mapping[str, tuple[int, int]]:
        return corrections.counters(state)

    def counter_values(self, state: BotState) -> Mapping[str, int]:
        return corrections.counter_values(state)

    def set_counter(self, state: BotState, counter: str, value: int) -> BotState:
        return corrections.set_counter(state, counter, value)

    def invariants(self, state: BotState) -> list[str]:
        return corrections.invariants(state)

    def state_problems(self, state: BotState) -> list[str]:
        return corrections.state_problems(state)

    def describe(self, state: BotState, action: Action) -> str:
        return history.describe(state, action)

    def redact(self, state: BotState, seat: int | None) -> BotState:
        """Other seats' divine counters hidden; their number stays visible."""
        return corrections.redact(state, seat)

    def legal_actions(self, state: BotState) -> list[Action]:
        """The legal subset of a broad candidate list (moves and typed values cannot be
        listed in full without the map and counters)."""
        seen: set[Action] = set()
        out: list[Action] = []
        for act in enumeration.candidates(state):
            if act in seen:
                continue
            seen.add(act)
            if self.check(state, act).legal:
                out.append(act)
        return out

    def sample_actions(self, state: BotState, rng: random.Random) -> list[Action]:
        legal = self.legal_actions(state)
        picks: list[Action] = rng.sample(legal, min(4, len(legal)))
        return picks + enumeration.random_picks(state, rng)


GAME = BornOfTitans()
