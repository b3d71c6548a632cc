"""Fates and Favors: the Game class, wiring each action to the module that owns its rules.

``plays`` and ``movement`` decide what a card does to the board, ``enumeration`` lists every
distinct outcome of a card, ``turns`` handles whose turn it is, the hands, the series and
the "match your copy" edits, ``setup`` the five modes.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from rules.core import (
    Action,
    Game,
    LineItem,
    MalformedAction,
    Outcome,
    PlayerScore,
    RuleIndex,
    ScoreSheet,
    Verdict,
)
from rules.core.words import counted

from . import consistency, turns
from .actions import (
    ACTION_TYPES,
    Concede,
    EditBoard,
    EditFate,
    EndSeries,
    EnterHand,
    NextGame,
    Play,
    PlayFavor,
    Step,
    Stuck,
)
from .board import QUARRY
from .data import COLOURS, favor_names
from .enumeration import has_outcome, outcomes
from .movement import Refusal
from .plays import resolve, steps_text
from .seats import board_of
from .setup import deck_size, in_deck, seat_label, setup
from .state import FfOptions, FfState
from .zeus import (
    Column,
    ZeusColumn,
    column_key,
    every_outcome,
    first_parts,
    parse_column,
    split_outcomes,
)

RULES = RuleIndex.from_toml("fates-and-favors", Path(__file__).with_name("rule_index.toml"))

BOARD_FAVORS = ("apollo", "hestia", "ares", "athena")


class FatesAndFavors(Game[FfState, FfOptions]):
    """The rules of Fates and Favors for one to four heroes, in all five modes."""

    slug = "fates-and-favors"
    title = "Fates and Favors"
    min_players = 1
    max_players = 4
    state_type = FfState
    options_type = FfOptions
    action_types = ACTION_TYPES
    rules = RULES

    # ----- setup -------------------------------------------------------------------------

    def seat_options(self, options: FfOptions, names: Sequence[str]) -> FfOptions:
        """Seat names come from the table; setup refuses a count the mode cannot seat."""
        return replace(options, players=tuple(names))

    def setup(self, options: FfOptions) -> FfState:
        return setup(options)

    def seat_names(self, state: FfState) -> list[str]:
        return list(state.players)

    # ----- legality and transitions ------------------------------------------------------

    def _check(self, state: FfState, action: Action) -> Verdict:
        return self._transition(state, action)[0]

    def _apply(self, state: FfState, action: Action) -> FfState:
        after = self._transition(state, action)[1]
        assert after is not None
        return after

    def _transition(self, state: FfState, act: Action) -> tuple[Verdict, FfState | None]:
        # States and actions are immutable and hashable, so a verdict once worked out is
        # reused: the table asks check, describe and apply about the same action in a row.
        try:
            hash((state, act))
        except TypeError:  # a hand-built state holding a list: work it out every time
            return self._work_out(state, act)
        return _transition(self, state, act)

    def _work_out(self, state: FfState, act: Action) -> tuple[Verdict, FfState | None]:
        if isinstance(act, Play):
            return turns.check_play(state, act)
        simple: dict[type, tuple[Any, Any]] = {
            PlayFavor: (turns.check_favor, turns.do_favor),
            EnterHand: (turns.check_hand, turns.do_hand),
            EditFate: (turns.check_edit_fate, turns.do_edit_fate),
            EditBoard: (turns.check_edit_board, turns.do_edit_board),
            Concede: (turns.check_concede, turns.do_concede),
            NextGame: (turns.check_next, turns.do_next),
            EndSeries: (turns.check_end, turns.do_end),
        }
        if isinstance(act, Stuck):
            verdict = turns.check_stuck(state, act, self.playable(state, act.seat))
            return verdict, turns.do_stuck(state, act) if verdict.legal else None
        check, do = simple[type(act)]
        verdict = check(state, act)
        return verdict, do(state, act) if verdict.legal else None

    # ----- enumeration -------------------------------------------------------------------

    def outcomes(
        self, state: FfState, card: int, favor: str = "", seat: int | None = None
    ) -> list[Play]:
        """Every distinct outcome of Fate ``card`` (0: a Favor alone, or the Hero card with
        ``favor`` "hero") with ``favor`` for ``seat`` (default: whose turn it is), each a
        legal ``Play``. Empty when that seat may not play it now. Athena without a
        ``seat`` lists one play for every hero who may play it now (out of turn), each
        credited to that hero. For Zeus this is the full enumeration over every split (slow
        on a crowded board): a screen asks for one split's outcomes with ``zeus_outcomes``
        instead."""
        if favor == "athena" and card == 0 and seat is None:
            # played out of turn by any hero of the wronged team, each credited by name
            every = [self.outcomes(state, 0, "athena", s) for s in range(len(state.players))]
            return [p for plays in every for p in plays]
        seat = state.seat if seat is None else seat
        plays = outcomes(state, seat, card, favor)
        if favor == "athena" or (plays and not self.check(state, plays[0]).legal):
            plays = [p for p in plays if self.check(state, p).legal]
        return plays

    # ----- Zeus, columns first (ff.assume.zeus-split-first) ----------------------------------

    def zeus_first_parts(self, state: FfState, seat: int | None = None) -> list[ZeusColumn]:
        """The Zeus picker's building blocks for ``seat`` (default: whose turn it is): each
        column Zeus may move with the amounts it can take as a first part (see
        ``zeus.first_parts``)."""
        return first_parts(state, state.seat if seat is None else seat)

    def zeus_outcomes(
        self, state: FfState, split: Mapping[Column, int], seat: int | None = None
    ) -> list[Play]:
        """Every distinct outcome of the Zeus ``split`` ({(colour, start): spaces}) for
        ``seat``, each a legal ``Play``; empty when no order of its parts works or the seat
        may not play now. Raises ``MalformedAction`` naming what is wrong with the split."""
        seat = state.seat if seat is None else seat
        try:
            plays = split_outcomes(state, seat, split)
        except Refusal as exc:
            raise MalformedAction(f"{exc.reason} [{exc.rule}]") from None
        if plays and not self.check(state, plays[0]).legal:
            plays = [p for p in plays if self.check(state, p).legal]
        return plays

    def zeus_every_outcome(self, state: FfState, seat: int | None = None) -> Iterator[Play]:
        """Every distinct Zeus outcome over all splits, lazily (the full enumeration: slow
        on a crowded board; for tests and the command line, not for a screen)."""
        seat = state.seat if seat is None else seat
        for play in every_outcome(state, seat):
            if self.check(state, play).legal:
                yield play

    def legal_actions(
        self, state: FfState, card: int | None = None, favor: str = ""
    ) -> list[Action]:
        """With ``card`` (and ``favor``): every distinct outcome of that card (see
        ``outcomes``). Without: every outcome of every Fate number, the Hero card and the
        single-column Favors for the hero whose turn it is, the hand Favors' plain forms,
        a stuck hand, and the series actions. Zeus, Poseidon and Dionysus, whose outcomes
        multiply, are listed only when asked for by name."""
        if card is not None or favor:
            return list(self.outcomes(state, card or 0, favor))
        return list(_every_action(self, state))

    def _every_action(self, state: FfState) -> tuple[Action, ...]:
        if self.outcome(state) is not None:
            return ()
        found: list[Action] = []
        if state.phase in ("won", "lost"):
            return (NextGame(), EndSeries())
        seat = state.seat
        for number in range(1, len(state.fates) + 1):
            found += self.outcomes(state, number)
        if state.hero_cards[seat] > 0:
            found += self.outcomes(state, 0, "hero")
        for name in BOARD_FAVORS:
            found += self.outcomes(state, 0, name)
        for name in turns.HAND_FAVORS:
            for target in range(-1, len(state.players)):
                for draws in (0, len(state.players)):
                    cand = PlayFavor(seat, name, target, draws)
                    if turns.check_favor(state, cand).legal:
                        found.append(cand)
        for extra in (Stuck(seat), Concede(seat)):
            if self.check(state, extra).legal:
                found.append(extra)
        if state.series:
            found.append(EndSeries())
        return tuple(found)

    def playable(self, state: FfState, seat: int) -> list[str]:
        """Cards of ``seat``'s entered hand that have a legal outcome now (empty when no
        hand was entered or it is not that seat's turn). A card the mode's deck does not
        hold (co-op and solo: no lightning bolt) is never playable (ff.coop.deck)."""
        if state.phase != "play" or seat != state.seat:
            return []
        hand = [n for n in dict.fromkeys(state.hands[seat]) if in_deck(state.mode, state.fates, n)]
        fates = [int(n) for n in hand if n.isdigit()]
        out = []
        for name in hand:
            if name.isdigit():
                ok = has_outcome(state, seat, int(name))
            elif name in ("zeus", "apollo", "hestia", "ares"):
                ok = has_outcome(state, seat, 0, name)
            elif name in ("poseidon", "dionysus"):  # played together with a Fate in hand
                ok = any(has_outcome(state, seat, f, name) for f in fates)
            elif name == "athena":
                ok = False  # played out of turn, never as the turn's card
            else:
                ok = any(
                    turns.check_favor(state, PlayFavor(seat, name, t, d)).legal
                    for t in range(-1, len(state.players))
                    for d in range(0, len(state.players) + 1)
                )
            if ok:
                out.append(name)
        return out

    def sample_actions(self, state: FfState, rng: random.Random) -> list[Action]:
        """Plausible plays, legal or not: random steps of random cards."""
        seat = rng.randrange(len(state.players))
        out: list[Action] = []
        b = board_of(state)
        spaces = [QUARRY, *range(b.loop + 4 * b.temple_len)]
        for _ in range(3):
            steps = tuple(
                Step(
                    rng.randrange(4),
                    rng.choice([p for p in state.columns if rng.random() < 0.7] or spaces),
                    rng.randrange(0, 11),
                    rng.random() < 0.3,
                    rng.random() < 0.2,
                    rng.random() < 0.2,
                    rng.choice([-1, -1, -1, rng.choice(spaces)]),
                )
                for _ in range(rng.randint(0, 3))
            )
            favor = rng.choice(["", "", "", *favor_names()])
            out.append(
                Play(
                    rng.choice([seat, state.seat]),
                    rng.randrange(0, 12),
                    rng.randrange(3),
                    favor,
                    rng.random() < 0.1,
                    steps,
                )
            )
        out.append(
            PlayFavor(seat, rng.choice(turns.HAND_FAVORS), rng.randrange(-1, 5), rng.randrange(5))
        )
        out.append(Stuck(state.seat))
        out.append(
            EnterHand(seat, tuple(rng.choice(turns.card_names()) for _ in range(rng.randrange(7))))
        )
        if rng.random() < 0.1:
            out.append(EditBoard(rng.randrange(3, 14), rng.randrange(3, 10)))
        if rng.random() < 0.1:
            fate = state.fates[rng.randrange(10)]
            out.append(EditFate(fate.number, fate.actions[::-1], rng.randrange(0, fate.copies + 2)))
        out.append(rng.choice([NextGame(), EndSeries(), Concede(seat)]))
        return out

    # ----- outcome and scoring -----------------------------------------------------------

    def outcome(self, state: FfState) -> Outcome | None:
        if state.phase != "over":
            return None
        sheet = self.score(state)
        # the hero(s) with the most points win the series (ff.score.series)
        best = max((p.total for p in sheet.players), default=0)
        winners = tuple(p.name for p in sheet.players if p.total == best)
        if state.coop and not any(r.won for r in state.series):
            winners = ()
        return Outcome(winners, sheet.summary, "ff.score.series")

    def score(self, state: FfState) -> ScoreSheet:
        """The series score pad: one line per finished game per hero."""
        rule = "ff.coop.goal" if state.coop else "ff.score.versus"
        players = []
        for seat, name in enumerate(state.players):
            items = tuple(
                LineItem(
                    f"Game {n + 1}",
                    r.points[seat] if seat < len(r.points) else 0,
                    rule,
                    "won" if seat in r.winners else ("lost" if not r.won else ""),
                )
                for n, r in enumerate(state.series)
            )
            players.append(PlayerScore(name, items))
        totals = [p.total for p in players]
        best = max(totals, default=0)
        leaders = [p.name for p in players if p.total == best]
        winner = leaders[0] if len(leaders) == 1 and best > 0 else None
        if state.coop:
            wins = sum(r.won for r in state.series)
            summary = (
                f"{wins} of {counted(len(state.series), 'game')} won; {counted(best, 'point')}."
            )
            winner = None
        elif winner:
            summary = f"{winner} leads the series with {counted(best, 'point')}."
        else:
            summary = (
                f"{' and '.join(leaders)} share the lead with {counted(best, 'point')}."
                if state.series
                else "No game finished yet."
            )
        return ScoreSheet(tuple(players), winner, None, summary)

    # ----- corrections and invariants ----------------------------------------------------

    def counters(self, state: FfState) -> Mapping[str, tuple[int, int]]:
        out = {
            f"hero cards {name}": (0, len(state.seat_colours[s]) if state.coop else 1)
            for s, name in enumerate(state.players)
        }
        if state.coop:
            out["deck"] = (0, deck_size(state.mode, state.fates))
        return out

    def counter_values(self, state: FfState) -> Mapping[str, int]:
        out = {f"hero cards {name}": state.hero_cards[s] for s, name in enumerate(state.players)}
        if state.coop:
            out["deck"] = state.deck
        return out

    def set_counter(self, state: FfState, counter: str, value: int) -> FfState:
        if counter == "deck":
            return replace(state, deck=value)
        seat = [f"hero cards {n}" for n in state.players].index(counter)
        hero = list(state.hero_cards)
        hero[seat] = value
        return replace(state, hero_cards=tuple(hero))

    def invariants(self, state: FfState) -> list[str]:
        """16 columns, four per colour; each on its quarry, the main track or its own
        temple track; never two on one space; each colour's list sorted."""
        b = board_of(state)
        out = []
        if len(state.columns) != 16:
            return [f"{len(state.columns)} columns instead of 16"]
        seen: dict[int, int] = {}
        for slot, space in enumerate(state.columns):
            colour = slot // 4
            if space == QUARRY:
                continue
            where = b.temple_of(space)
            if not (b.on_track(space) or (where is not None and where[0] == colour)):
                out.append(
                    f"a {COLOURS[colour]} column stands on {space}, not a space it can reach"
                )
            if space in seen:
                out.append(f"two columns share {b.name(space)}")
            seen[space] = slot
        for c in range(4):
            part = state.columns[c * 4 : c * 4 + 4]
            if list(part) != sorted(part):
                out.append(f"{COLOURS[c]} columns are not in order")
        if state.deck < 0:
            out.append("the deck count is negative")
        return out

    def state_problems(self, state: FfState) -> list[str]:
        n = len(state.players)
        problems = []
        if not n or len(state.seat_colours) != n or len(state.hero_cards) != n:
            problems.append("seats, colours and Hero cards do not match")
        if len(state.hands) != n or len(state.held) != n or len(state.last_fate) != n:
            problems.append("hands do not match the seats")
        if not state.order or not 0 <= state.turn < len(state.order):
            problems.append("the turn points at no seat")
        if any(not 0 <= s < n for s in (*state.order, *state.skips)):
            problems.append("the turn order names a seat that does not exist")
        if len(state.teams) != 4 or len(state.fates) != 10:
            problems.append("teams or Fate cards are incomplete")
        try:
            board_of(state)
        except ValueError as exc:
            problems.append(str(exc))
        return problems or consistency.state_problems(state)

    # ----- history and secrecy -----------------------------------------------------------

    def describe(self, state: FfState, action: Action) -> str:
        if isinstance(action, Play):
            verdict = self.check(state, action)
            effects = [e for e in verdict.effects if e != "columns move"]
            line = verdict.reason
            return line + (f" ({'; '.join(effects)})" if effects else "")
        if isinstance(action, PlayFavor):
            return f"{state.players[action.seat]} plays {action.favor.capitalize()}."
        if isinstance(action, Stuck):
            return f"{state.players[action.seat]} cannot play and draws a new hand."
        if isinstance(action, EnterHand):
            return f"{state.players[action.seat]} notes their hand."
        if isinstance(action, EditFate):
            return f"Fate #{action.number} edited to match the table's copy."
        if isinstance(action, EditBoard):
            return f"Board edited: {action.arm} spaces per arm side."
        if isinstance(action, Concede):
            return "The heroes concede this game."
        if isinstance(action, NextGame):
            return f"Game {state.game_no + 1} begins."
        return "The series ends."

    def redact(self, state: FfState, seat: int | None) -> FfState:
        """Each seat's entered hand is seen only by that seat (ff.app.hand)."""
        hands = tuple(h if s == seat else () for s, h in enumerate(state.hands))
        return state if hands == state.hands else replace(state, hands=hands)

    # ----- script helpers ----------------------------------------------------------------

    def moves_json(self, state: FfState, data: dict[str, Any]) -> dict[str, Any]:
        """``python -m rules moves``: every outcome of ``data["card"]`` (``{"number": 7}``,
        ``{"number": 0}`` with a board Favor, or ``{"hero": true}``) with ``data["favor"]``
        for ``data["seat"]`` (default: whose turn it is). Zeus is asked columns first: with
        ``data["split"]`` ({"red:8": 4, ...}) the outcomes of that split; without one, each
        column's first-part amounts and whether Zeus can be played at all; with
        ``data["all"]`` true, every outcome of every split (slow). Raises
        ``MalformedAction``."""
        card = data.get("card", {"number": 0})
        if not isinstance(card, dict) or set(card) - {"number", "hero"}:
            raise MalformedAction('"card" is an object like {"number": 7} or {"hero": true}')
        number = card.get("number", 0)
        hero = card.get("hero", False)
        favor = data.get("favor", "") or ""
        seat = data.get("seat", state.seat)
        if type(number) is not int or not 0 <= number <= 10 or type(hero) is not bool:
            raise MalformedAction('"card.number" is 0..10 and "card.hero" true or false')
        if not isinstance(favor, str) or (favor and favor not in favor_names()):
            raise MalformedAction(f'"favor" is one of {", ".join(favor_names())}')
        if type(seat) is not int or not 0 <= seat < len(state.players):
            raise MalformedAction(f'"seat" is 0..{len(state.players) - 1}')
        if hero and (number or favor):
            raise MalformedAction("the Hero card is played alone")
        if number == 0 and not hero and not favor:
            raise MalformedAction('name a Fate number, a Favor or {"hero": true}')
        b = board_of(state)
        head = {"seat": seat, "card": {"number": number, "hero": hero}, "favor": favor}
        split, every = data.get("split"), data.get("all", False)
        if type(every) is not bool:
            raise MalformedAction('"all" is true or false')
        if (split is not None or every) and (favor != "zeus" or number or hero):
            raise MalformedAction('"split" and "all" go with "favor": "zeus" and no Fate card')
        if favor == "zeus" and not number and split is None and not every:
            columns = self.zeus_first_parts(state, seat)
            return {
                **head,
                "playable": self._zeus_playable(state, seat),
                "columns": [
                    {
                        "column": column_key(c.column),
                        "name": f"{COLOURS[c.colour]} on {b.name(c.start)}",
                        "amounts": list(c.amounts),
                        "later": list(c.later),
                    }
                    for c in columns
                ],
            }
        if split is not None:
            plays = self.zeus_outcomes(state, _split_from_json(split), seat)
            head["split"] = split
        elif every:
            plays = list(self.zeus_every_outcome(state, seat))
        else:
            plays = self.outcomes(state, number, "hero" if hero else favor, seat)
        found = [self._outcome_json(state, play) for play in plays]
        return {**head, "count": len(found), "outcomes": found}

    def _zeus_playable(self, state: FfState, seat: int) -> bool:
        """Whether ``seat`` may play Zeus now: on its turn, in a mode whose deck holds
        Zeus, with some split that works on this board."""
        return (
            state.phase == "play"
            and seat == state.seat
            and in_deck(state.mode, state.fates, "zeus")
            and has_outcome(state, seat, 0, "zeus")
        )

    def _outcome_json(self, state: FfState, play: Play) -> dict[str, Any]:
        b = board_of(state)
        verdict = self.check(state, play)
        done = resolve(state, play)
        return {
            "action": play.to_json(),
            "columns": {
                COLOURS[c]: [b.name(p) for p in done.sim.columns()[c * 4 : c * 4 + 4]]
                for c in range(4)
            },
            "hits": [
                {"colour": COLOURS[h.colour], "on": b.name(h.space), "to": b.name(h.to)}
                for h in done.sim.hits
            ],
            "bridges": [b.name(x) for x in done.sim.bridges],
            "temples": [COLOURS[c] for c in done.sim.temples],
            "reason": verdict.reason,
            "effects": list(verdict.effects),
            "rules": list(verdict.rules),
        }

    def seat_label(self, state: FfState, seat: int) -> str:
        return seat_label(state, seat)

    def steps_text(self, state: FfState, steps: tuple[Step, ...]) -> str:
        return steps_text(state, steps)


def _split_from_json(data: Any) -> dict[Column, int]:
    """``{"red:8": 4, "blue:22": 6}`` as a split; raises ``MalformedAction``."""
    if not isinstance(data, dict) or not data:
        raise MalformedAction('"split" is an object like {"red:8": 4, "blue:22": 6}')
    out: dict[Column, int] = {}
    for key, spaces in data.items():
        try:
            column = parse_column(key)
        except ValueError as exc:
            raise MalformedAction(f'"split": {exc}') from None
        if type(spaces) is not int:
            raise MalformedAction(f'"split": {key} moves a whole number of spaces')
        out[column] = spaces
    return out


@lru_cache(maxsize=2048)
def _transition(
    game: FatesAndFavors, state: FfState, act: Action
) -> tuple[Verdict, FfState | None]:
    return game._work_out(state, act)


@lru_cache(maxsize=64)
def _every_action(game: FatesAndFavors, state: FfState) -> tuple[Action, ...]:
    return game._every_action(state)


GAME = FatesAndFavors()
