"""Scales of Fate: legality, transitions, turn order, the end of an Age and the end of the game.

Every action goes through ``_transition``, which returns the new state and the plain-language
effects; ``check`` reports those effects and ``apply`` keeps the state, so the two can never
disagree.

Turn order (rules ``sof.turn.order`` and ``sof.turn.passed``): seats alternate one action at a
time, the first player marker holder opening each Age. A seat that has passed keeps receiving
turns, but on them it may only use a god power or pass again. When the passed seat has nothing
but passing left (no god power token remains), its turns are skipped, so the other seat acts
several times in a row. Notes are private jottings and never use a turn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from itertools import combinations
from pathlib import Path
from typing import Any

from rules.core import Action, Correct, Game, Outcome, RuleIndex, ScoreSheet, Verdict

from . import (
    age_setup,
    corrections,
    deduction,
    end_of_age,
    final_guess,
    god_powers,
    placement,
    privacy,
    scoring,
    servants,
    turns,
)
from .actions import (
    ACTION_TYPES,
    Announce,
    DealDemigods,
    FinalGuess,
    GodSmite,
    GodSteal,
    GodSwitch,
    Note,
    Pass,
    PlaceDemigod,
    PlaceServant,
    SetupAge,
)
from .age_setup import random_setup as random_setup  # re-exported: imported from here
from .components import (
    DEMIGODS,
    SERVANT_KINDS,
    SERVANT_NAMES,
    SERVANT_TOKENS,
    SLOTS,
    TILE_POSITIONS,
)
from .guards import (
    Effects,
)
from .state import SofOptions, SofState

RULES = RuleIndex.from_toml("scales-of-fate", Path(__file__).with_name("rule_index.toml"))


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

    # ----- legality ----------------------------------------------------------------------

    def _check(self, state: SofState, action: Action) -> Verdict:
        checker = self._checkers()[type(action)]
        verdict = checker(state, action)
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

    def _checkers(self) -> dict[type[Action], Callable[[SofState, Any], Verdict]]:
        return {
            DealDemigods: age_setup.check_deal,
            SetupAge: age_setup.check_setup,
            PlaceDemigod: placement.check_place,
            PlaceServant: servants.check_servant,
            GodSmite: god_powers.check_smite,
            GodSwitch: god_powers.check_switch,
            GodSteal: god_powers.check_steal,
            Pass: turns.check_pass,
            Announce: end_of_age.check_announce,
            FinalGuess: final_guess.check_guess,
            Note: privacy.check_note,
        }

    # ----- transitions -------------------------------------------------------------------

    def _transition(self, state: SofState, action: Action) -> tuple[SofState, Effects]:
        if isinstance(action, DealDemigods):
            return age_setup.do_deal(state, action)
        if isinstance(action, SetupAge):
            return age_setup.do_setup(state, action)
        if isinstance(action, PlaceDemigod):
            return placement.do_place(state, action)
        if isinstance(action, PlaceServant):
            return servants.do_servant(state, action)
        if isinstance(action, GodSmite):
            return god_powers.do_smite(state, action)
        if isinstance(action, GodSwitch):
            return god_powers.do_switch(state, action)
        if isinstance(action, GodSteal):
            return god_powers.do_steal(state, action)
        if isinstance(action, Pass):
            return turns.do_pass(state, action)
        if isinstance(action, Announce):
            return end_of_age.do_announce(state, action)
        if isinstance(action, FinalGuess):
            return final_guess.do_guess(state, action)
        if isinstance(action, Note):
            return privacy.do_note(state, action)
        raise TypeError(f"unhandled action {action!r}")

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

    def redact(self, state: SofState, seat: int | None) -> SofState:
        """What ``seat`` may see (see ``privacy.redact``)."""
        return privacy.redact(state, seat)

    # ----- history and secrecy -----------------------------------------------------------

    def describe(self, state: SofState, action: Action) -> str:
        def who(seat: int) -> str:
            return state.players[seat] if seat in (0, 1) else f"seat {seat}"

        if isinstance(action, DealDemigods):
            return f"{who(action.seat)} is dealt two secret demigods."
        if isinstance(action, SetupAge):
            return f"Age {action.age} is laid out ({len(action.tiles)} action tiles)."
        if isinstance(action, PlaceDemigod):
            text = f"{who(action.seat)} places {action.demigod} on tile {action.tile}"
            if action.target:
                text += f", smiting {action.target}"
            if action.direction:
                text += f", moving the Abyss marker {action.direction}"
            return text + "."
        if isinstance(action, PlaceServant):
            return f"{who(action.seat)} places {SERVANT_NAMES[action.servant]} at {action.slot}."
        if isinstance(action, GodSmite):
            return f"{who(action.seat)} uses the Smite god power on {action.demigod}."
        if isinstance(action, GodSwitch):
            return f"{who(action.seat)} switches {action.first} and {action.second}."
        if isinstance(action, GodSteal):
            return f"{who(action.seat)} steals {SERVANT_NAMES[action.servant]}."
        if isinstance(action, Pass):
            return f"{who(action.seat)} passes."
        if isinstance(action, Announce):
            return f"{who(action.seat)} announces {'yes' if action.fits else 'no'}."
        if isinstance(action, FinalGuess):
            return f"{who(action.seat)} makes a final guess."
        if isinstance(action, Note):
            return f"{who(action.seat)} writes a private note."
        if isinstance(action, Correct):
            return f"Correction: {action.counter} set to {action.value}."
        return f"{type(action).kind}"

    # ----- enumeration -------------------------------------------------------------------

    def legal_actions(self, state: SofState) -> list[Action]:
        """Every legal action except free-form ones: an Age's setup (entered from the box)
        and private notes (free text) are not enumerated."""
        if state.phase == "over":
            return []
        candidates: list[Action] = []
        if state.phase == "deal":
            for seat in (0, 1):
                candidates += [DealDemigods(seat, p) for p in deduction.all_pairs()]
        elif state.phase == "announce":
            candidates += [Announce(seat, fits) for seat in (0, 1) for fits in (True, False)]
        elif state.phase == "guess":
            for seat in (0, 1):
                candidates += [FinalGuess(seat, p) for p in deduction.all_pairs()]
        elif state.phase == "play":
            candidates = self._play_candidates(state)
        checkers = self._checkers()
        # the checkers alone decide legality; effects are not needed for a list
        return [a for a in candidates if checkers[type(a)](state, a).legal]

    def _play_candidates(self, state: SofState) -> list[Action]:
        seat = state.turn
        out: list[Action] = [Pass(seat)]
        for power in state.powers_left():
            if power == "smite":
                out += [GodSmite(seat, d) for d in DEMIGODS]
            elif power == "switch":
                out += [GodSwitch(seat, a, b) for a, b in combinations(DEMIGODS, 2)]
            else:
                out += [GodSteal(seat, k) for k in SERVANT_KINDS]
        if state.passed[seat]:
            return out
        # two held Hadria's tokens place the same way: list each slot once
        for kind in sorted({SERVANT_TOKENS[token] for token in state.held(seat)}):
            out += [PlaceServant(seat, kind, slot) for slot in SLOTS]
        off = state.off_board()
        for tile in state.open_tiles():
            for d in off:
                if tile.flipped or tile.action in SERVANT_KINDS:
                    out.append(PlaceDemigod(seat, d, tile.position))
                elif tile.action == "abyss-fate":
                    out += [
                        PlaceDemigod(seat, d, tile.position, direction=x) for x in ("left", "right")
                    ]
                else:
                    targets = [t for t in off if t != d]
                    if targets:
                        out += [PlaceDemigod(seat, d, tile.position, target=t) for t in targets]
                    else:
                        out.append(PlaceDemigod(seat, d, tile.position))
        return out

    def sample_actions(self, state: SofState, rng: random.Random) -> list[Action]:
        """A few legal actions plus a few random (often illegal) ones."""
        legal = self.legal_actions(state)
        picks: list[Action] = rng.sample(legal, min(3, len(legal)))
        seat = rng.randrange(2)
        demigod = rng.choice(DEMIGODS)
        picks += [
            PlaceDemigod(
                seat,
                demigod,
                rng.choice(list(TILE_POSITIONS)),
                target=rng.choice((None, *DEMIGODS)),
            ),
            PlaceServant(seat, rng.choice(SERVANT_KINDS), rng.choice(list(SLOTS))),
            GodSwitch(seat, demigod, rng.choice(DEMIGODS)),
            Pass(seat),
            Note(seat, demigod, rng.choice(("", "bluffing?", "likely"))),
        ]
        if state.phase == "setup":
            picks.append(random_setup(state, rng))
        return picks


GAME = ScalesOfFate()
