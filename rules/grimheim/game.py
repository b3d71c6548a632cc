"""Fate: Defenders of Grimheim: the Game class, wiring each action to the module owning it.

The round is a phase machine kept in the state: opening reinforcements, then each hero's turn
in player order, then the monster turn step by step (time, die, move, attack), then
reinforcements when the Rune Stone stands on crossed axes. Dice are rolled at the table; the
actions carry their results and the app checks everything the rules constrain.

Each action's check and apply live in its topic module: ``hero_turn`` (action spaces, end of
turn), ``card_effects`` (free actions), ``monster_turn`` (time, die, attack, round end),
``monster_moves`` (the movement step), ``reinforcement_step`` (monster cards) and ``upkeep``
(hand moves of monster tiles); ``corrections`` holds counters and invariants, ``history`` the
action descriptions and ``enumeration`` the candidate actions.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
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

from . import (
    card_effects,
    consistency,
    corrections,
    data,
    enumeration,
    hero_turn,
    history,
    monster_moves,
    monster_turn,
    reinforcement_step,
    sites,
    upkeep,
)
from .actions import ACTION_TYPES, MonstersMove
from .guards import MAX_TOWN as MAX_TOWN  # re-exported: public before the split
from .guards import Handlers, current_step, track
from .hero_turn import STARTING_ABILITY as STARTING_ABILITY  # re-exported
from .hero_turn import UPGRADES as UPGRADES  # re-exported: public before the split
from .monster_turn import DIE_TEXT as DIE_TEXT  # re-exported: public before the split
from .monsters import monster_reach as monster_reach  # re-exported: public before the split
from .monsters import monster_stats as monster_stats  # re-exported: public before the split
from .monsters import monster_steps as monster_steps  # re-exported: public before the split
from .state import (
    GRIMHEIM,
    HERO_NAMES,
    TOWN_PIECES_BY_PLAYERS,
    GrimheimOptions,
    GrimheimState,
    HeroState,
)

_HERE = Path(__file__).resolve().parent


def build_rule_index() -> RuleIndex:
    """The game's rule index: this module's rules plus the combat and map rules."""
    rules = [r for r in RuleIndex.from_toml("grimheim", _HERE / "rule_index.toml")]
    other = _HERE / "rule_index_combat_map.toml"
    if other.exists():
        rules += list(RuleIndex.from_toml("grimheim", other))
    seen: set[str] = set()
    unique = []
    for r in rules:
        if r.id not in seen:
            seen.add(r.id)
            unique.append(r)
    return RuleIndex("grimheim", tuple(unique))


HANDLERS: Handlers = {
    **hero_turn.HANDLERS,
    **card_effects.HANDLERS,
    **monster_turn.HANDLERS,
    **monster_moves.HANDLERS,
    **reinforcement_step.HANDLERS,
    **sites.HANDLERS,
    **upkeep.HANDLERS,
}
"""Every action type's (check, apply) pair."""


class GrimheimGame(Game[GrimheimState, GrimheimOptions]):
    slug = "grimheim"
    title = "Fate: Defenders of Grimheim"
    short_title = "Grimheim"
    min_players = 1
    max_players = 4
    state_type = GrimheimState
    options_type = GrimheimOptions
    action_types = ACTION_TYPES
    rules = build_rule_index()

    # ----- setup -----------------------------------------------------------------------------

    def setup(self, options: GrimheimOptions) -> GrimheimState:
        """The table after setup steps 1-13, waiting for the opening monster cards.

        Raises ``ValueError`` for an impossible choice of heroes, track or town pieces.
        """
        d = data.load()
        names = options.heroes
        if not 1 <= len(names) <= 4:
            raise ValueError(f"choose 1 to 4 heroes, not {len(names)}")
        unknown = [n for n in names if n not in HERO_NAMES]
        if unknown:
            raise ValueError(f"unknown hero {unknown[0]!r}; heroes: {', '.join(HERO_NAMES)}")
        if len(set(names)) != len(names):
            raise ValueError("each hero can be chosen only once")
        if options.track not in d.time_tracks:
            raise ValueError(f"unknown time track {options.track!r}; use short or long")
        if not 0 <= options.town_pieces <= MAX_TOWN:
            raise ValueError(f"town pieces must be 1-{MAX_TOWN} (0: by player count)")
        town = options.town_pieces or TOWN_PIECES_BY_PLAYERS[len(names)]
        start = options.starting_resources
        heroes = tuple(
            HeroState(
                name=n,
                number=d.heroes[n].number,
                at=GRIMHEIM,
                xp=2 if start else 0,
                hand=1 if start else 0,
                mana={STARTING_ABILITY: 1} if start else {},
            )
            for n in names
        )
        return GrimheimState(
            options=options,
            heroes=heroes,
            town=town,
            town_start=town,
            time=1,
            phase="reinforce",
            reinforcements_left=len(names),
            reinforce_deck="yellow",
            supply={k: m.tiles for k, m in d.monsters.items()},
            untracked={},
        )

    def seat_names(self, state: GrimheimState) -> list[str]:
        return [h.name for h in state.heroes]

    def acting_seat(self, state: GrimheimState, action: Action) -> int | None:
        """Seat ``i`` plays ``state.heroes[i]`` (chosen at table creation): an action for a
        hero (``hero``, or the giver of shared gold) may come only from that hero's seat
        or the shared phone. Monster-turn and reinforcement actions belong to anyone."""
        name = getattr(action, "hero", None) or getattr(action, "giver", None)
        if not isinstance(name, str):
            return None
        try:
            return state.hero_index(name)
        except KeyError:
            return None

    def track(self, state: GrimheimState) -> tuple[data.TimeStep, ...]:
        """The time track the table plays on."""
        return track(state)

    # ----- check and apply --------------------------------------------------------------------

    def _check(self, state: GrimheimState, action: Action) -> Verdict:
        handler = HANDLERS.get(type(action))
        if handler is None:  # pragma: no cover - every action type has a checker
            return Verdict.no(f"{action.kind!r} is not handled.", "core.action")
        return handler[0](state, action)

    def _apply(self, state: GrimheimState, action: Action) -> GrimheimState:
        return HANDLERS[type(action)][1](state, action)

    # ----- monster turn -----------------------------------------------------------------------

    def expected_moves(self, state: GrimheimState) -> MonstersMove:
        """The movement step as the printed paths resolve it (see ``monster_moves``)."""
        return monster_moves.expected_moves(state)

    def current_step(self, state: GrimheimState) -> data.TimeStep:
        """The time-track step the Rune Stone stands on."""
        return current_step(state)

    # ----- outcome and result sheet -----------------------------------------------------------

    def outcome(self, state: GrimheimState) -> Outcome | None:
        if state.town <= 0:
            return Outcome((), "Freyja's Well has fallen: Grimheim is lost.", "grim.end.loss")
        if state.phase == "over":
            names = tuple(h.name for h in state.heroes)
            return Outcome(
                names,
                f"Freyja returns to find her Well standing with "
                f"{counted(state.town, 'town piece')} "
                "left: the heroes win.",
                "grim.end.win",
            )
        return None

    def score(self, state: GrimheimState) -> ScoreSheet:
        """The co-op result sheet: town pieces left and steps survived for Grimheim, then each
        hero's gold/XP, upgrades, kills and knockouts. There are no points to compare."""
        last = len(track(state))
        town = PlayerScore(
            "Grimheim",
            (
                LineItem(
                    "Town pieces standing", state.town, "grim.end.sheet", f"of {state.town_start}"
                ),
                LineItem("Time steps reached", state.time, "grim.end.sheet", f"of {last}"),
            ),
        )
        players = [town]
        for h in state.heroes:
            players.append(
                PlayerScore(
                    h.name,
                    (
                        LineItem("Gold/XP held", h.xp, "grim.xp.one_resource"),
                        LineItem("Upgrades", h.upgrades, "grim.upgrade.cost"),
                        LineItem("Monsters killed", h.kills, "grim.xp.kill"),
                        LineItem("Knocked out", h.knockouts, "grim.hero.knockout"),
                    ),
                )
            )
        result = self.outcome(state)
        summary = (
            result.summary
            if result
            else (
                f"In progress: step {state.time} of {last}, "
                f"{counted(state.town, 'town piece')} standing."
            )
        )
        return ScoreSheet(tuple(players), None, None, summary)

    def odds_json(self, data_in: Any) -> dict[str, Any]:
        from .odds import odds_json

        return odds_json(data_in)

    # ----- counters and corrections -----------------------------------------------------------

    def counters(self, state: GrimheimState) -> Mapping[str, tuple[int, int]]:
        return corrections.counters(state)

    def counter_values(self, state: GrimheimState) -> Mapping[str, int]:
        return corrections.counter_values(state)

    def set_counter(self, state: GrimheimState, counter: str, value: int) -> GrimheimState:
        return corrections.set_counter(state, counter, value)

    def invariants(self, state: GrimheimState) -> list[str]:
        return corrections.invariants(state)

    def state_problems(self, state: GrimheimState) -> list[str]:
        return consistency.state_problems(state)

    # ----- history and enumeration ------------------------------------------------------------

    def describe(self, state: GrimheimState, action: Action) -> str:
        return history.describe(state, action)

    def chapter(self, state: GrimheimState) -> str:
        """The turn on the time track and whose part of it: "Turn 3 · heroes". A turn
        starts when the Rune Stone moves onto its step, so the monster turn's first step
        (moving the stone from step 2 to 3) already belongs to turn 3."""
        if state.phase == "over":
            return "After the game"
        if state.phase == "monsters" and state.monster_step == "time":
            # On the last step (after a correction) the stone stays: no turn after it.
            return f"Turn {min(state.time + 1, len(track(state)))} · monsters"
        part = {"reinforce": "new monsters", "heroes": "heroes", "monsters": "monsters"}
        return f"Turn {state.time} · {part.get(state.phase, state.phase)}"

    def sample_actions(self, state: GrimheimState, rng: random.Random) -> list[Action]:
        """Up to four legal actions plus a dozen random (often illegal) ones."""
        samples = self.legal_actions(state)
        rng.shuffle(samples)
        out: list[Action] = samples[:4]
        return out + enumeration.random_picks(state, rng)

    def legal_actions(self, state: GrimheimState) -> list[Action]:
        """The legal subset of the table's usual next steps (moves are single areas;
        attacks report the monster's remaining health as damage)."""
        if self.outcome(state) is not None:
            return []
        return [c for c in enumeration.candidates(state) if self.check(state, c).legal]

    def decode_options(self, data_in: Any) -> GrimheimOptions:
        options = super().decode_options(data_in)
        try:
            self.setup(options)
        except ValueError as exc:
            raise MalformedAction(f"$options: {exc}") from None
        return options


GAME = GrimheimGame()
