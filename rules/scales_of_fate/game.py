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
from dataclasses import replace
from itertools import combinations
from pathlib import Path
from typing import Any

from rules.core import Action, Correct, Game, Outcome, RuleIndex, ScoreSheet, Verdict

from . import (
    age_setup,
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
    ABYSS_LEFT,
    ABYSS_NAMES,
    ABYSS_RIGHT,
    AGES,
    DEMIGODS,
    GOD_POWERS,
    MAX_PRINTED_CHANGE,
    RENOWN_MAX,
    RENOWN_MIN,
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

    # ----- corrections -------------------------------------------------------------------

    def counters(self, state: SofState) -> Mapping[str, tuple[int, int]]:
        out: dict[str, tuple[int, int]] = {
            f"renown.{d}": (RENOWN_MIN, RENOWN_MAX) for d in DEMIGODS
        }
        out["abyss.marker"] = (ABYSS_LEFT, ABYSS_RIGHT)
        out["abyss.left"] = (-MAX_PRINTED_CHANGE, MAX_PRINTED_CHANGE)
        out["abyss.right"] = (-MAX_PRINTED_CHANGE, MAX_PRINTED_CHANGE)
        for key in sorted(state.quests):
            out[f"quest.{key}.change"] = (-MAX_PRINTED_CHANGE, MAX_PRINTED_CHANGE)
        return out

    def counter_values(self, state: SofState) -> Mapping[str, int]:
        out = {f"renown.{d}": state.renown[d] for d in DEMIGODS}
        out["abyss.marker"] = state.abyss_marker
        out["abyss.left"] = state.abyss_left
        out["abyss.right"] = state.abyss_right
        for key in sorted(state.quests):
            out[f"quest.{key}.change"] = state.quests[key].change
        return out

    def set_counter(self, state: SofState, counter: str, value: int) -> SofState:
        if counter.startswith("renown."):
            renown = dict(state.renown)
            renown[counter.removeprefix("renown.")] = value
            return replace(state, renown=renown)
        if counter == "abyss.marker":
            return replace(state, abyss_marker=value)
        if counter == "abyss.left":
            return replace(state, abyss_left=value)
        if counter == "abyss.right":
            return replace(state, abyss_right=value)
        key = counter.removeprefix("quest.").removesuffix(".change")
        quests = dict(state.quests)
        quests[key] = replace(quests[key], change=value)
        return replace(state, quests=quests)

    def redact(self, state: SofState, seat: int | None) -> SofState:
        """What ``seat`` may see (see ``privacy.redact``)."""
        return privacy.redact(state, seat)

    # ----- history, secrecy, invariants --------------------------------------------------

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

    def invariants(self, state: SofState) -> list[str]:
        problems: list[str] = []
        if set(state.renown) != set(DEMIGODS) or set(state.where) != set(DEMIGODS):
            problems.append("renown and places must list exactly the nine demigods")
            return problems
        for d in DEMIGODS:
            if not RENOWN_MIN <= state.renown[d] <= RENOWN_MAX:
                problems.append(f"{d} has renown {state.renown[d]}, outside 0-14")
        positions = {t.position for t in state.tiles}
        if len(positions) != len(state.tiles):
            problems.append("two action tiles share a position")
        on_tiles: dict[str, str] = {}
        for d in DEMIGODS:
            place = state.where[d]
            if place in ("off", "abyss"):
                continue
            if place not in positions:
                problems.append(f"{d} stands on {place!r}, which is no action tile this Age")
            elif place in on_tiles:
                problems.append(f"{d} and {on_tiles[place]} share a tile")
            on_tiles[place] = d
        if set(state.servants) != set(SERVANT_TOKENS):
            problems.append("the four servant tokens must each be somewhere")
        slots_used: set[str] = set()
        for token, place in state.servants.items():
            if place in SLOTS:
                if place in slots_used:
                    problems.append(f"two servants share slot {place}")
                slots_used.add(place)
            elif place not in ("supply", "held-0", "held-1"):
                problems.append(f"servant {token} is at unknown place {place!r}")
        between_ages = state.phase in ("deal", "setup")
        if between_ages and any(p != "supply" for p in state.servants.values()):
            problems.append("servants must be in the supply between Ages")
        if set(state.god_powers) != set(GOD_POWERS):
            problems.append("the three god power tokens must each be accounted for")
        for power, used in state.god_powers.items():
            if used not in (None, 0, 1):
                problems.append(f"god power {power} used by unknown seat {used}")
        for s in (0, 1):
            for label, pair in (("demigods", state.hands[s]), ("guess", state.guesses[s])):
                if pair and (
                    len(pair) != 2 or len(set(pair)) != 2 or not set(pair) <= set(DEMIGODS)
                ):
                    problems.append(f"seat {s}'s {label} must be two different demigods")
        if state.abyss_marker not in ABYSS_NAMES:
            problems.append(f"Abyss marker at {state.abyss_marker}, not left/middle/right")
        if not 1 <= state.age <= AGES:
            problems.append(f"Age {state.age} does not exist")
        if state.quests and (
            len(state.quests) != 9 or sum(q.special for q in state.quests.values()) != 1
        ):
            problems.append("the board needs nine quests with exactly one special")
        if state.phase == "play" and not state.tiles:
            problems.append("an Age in play has no action tiles")
        return problems

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
