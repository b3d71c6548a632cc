"""Fate: Defenders of Grimheim: setup, turns, the monster turn checklist, legality and result.

The round is a phase machine kept in the state: opening reinforcements, then each hero's turn
in player order, then the monster turn step by step (time, die, move, attack), then
reinforcements when the Rune Stone stands on crossed axes. Dice are rolled at the table; the
actions carry their results and the app checks everything the rules constrain.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
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

from . import (
    card_effects,
    corrections,
    data,
    hero_turn,
    monster_moves,
    monster_turn,
    reinforcement_step,
    upkeep,
)
from . import heroes as hx
from . import state as geometry
from .actions import (
    ACTION_TYPES,
    AdvanceTime,
    Attack,
    DealDamage,
    EndTurn,
    Focus,
    Gain,
    HeroDamage,
    Mend,
    MonsterDie,
    MonstersAttack,
    MonstersMove,
    Move,
    MoveMonster,
    PlaceCard,
    PlaceHero,
    PlaceMonster,
    Practice,
    Prepare,
    RedrawCard,
    RemoveMonster,
    ShareGold,
    SpendAction,
)
from .guards import MAX_TOWN as MAX_TOWN  # re-exported: public before the split
from .guards import (
    current_step,
    spot,
    track,
)
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
STARTING_ABILITY = "starting ability"
UPGRADES = ("new_ability", "flip_hero", "flip_ability")


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


class GrimheimGame(Game[GrimheimState, GrimheimOptions]):
    slug = "grimheim"
    title = "Fate: Defenders of Grimheim"
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

    def track(self, state: GrimheimState) -> tuple[data.TimeStep, ...]:
        """The time track the table plays on."""
        return track(state)

    # ----- check ------------------------------------------------------------------------------

    def _check(self, state: GrimheimState, action: Action) -> Verdict:
        handler = self._checkers().get(type(action))
        if handler is None:  # pragma: no cover - every action type has a checker
            return Verdict.no(f"{action.kind!r} is not handled.", "core.action")
        return handler(state, action)

    def _apply(self, state: GrimheimState, action: Action) -> GrimheimState:
        handler = self._appliers()[type(action)]
        return handler(state, action)

    def _checkers(self) -> dict[type[Action], Callable[[GrimheimState, Any], Verdict]]:
        return {
            Move: hero_turn.check_move,
            Attack: hero_turn.check_attack,
            Prepare: hero_turn.check_prepare,
            Focus: hero_turn.check_focus,
            Mend: hero_turn.check_mend,
            Practice: hero_turn.check_practice,
            SpendAction: hero_turn.check_spend,
            EndTurn: hero_turn.check_end_turn,
            DealDamage: card_effects.check_deal_damage,
            HeroDamage: card_effects.check_hero_damage,
            Gain: card_effects.check_gain,
            ShareGold: card_effects.check_share_gold,
            PlaceHero: card_effects.check_place_hero,
            AdvanceTime: monster_turn.check_advance_time,
            MonsterDie: monster_turn.check_monster_die,
            MonstersMove: monster_moves.check_monsters_move,
            MonstersAttack: monster_turn.check_monsters_attack,
            PlaceCard: reinforcement_step.check_place_card,
            RedrawCard: reinforcement_step.check_redraw_card,
            PlaceMonster: upkeep.check_place_monster,
            RemoveMonster: upkeep.check_remove_monster,
            MoveMonster: upkeep.check_move_monster,
        }

    def _appliers(self) -> dict[type[Action], Callable[[GrimheimState, Any], GrimheimState]]:
        return {
            Move: hero_turn.apply_move,
            Attack: hero_turn.apply_attack,
            Prepare: hero_turn.apply_prepare,
            Focus: hero_turn.apply_focus,
            Mend: hero_turn.apply_mend,
            Practice: hero_turn.apply_practice,
            SpendAction: hero_turn.apply_spend,
            EndTurn: hero_turn.apply_end_turn,
            DealDamage: card_effects.apply_deal_damage,
            HeroDamage: card_effects.apply_hero_damage,
            Gain: card_effects.apply_gain,
            ShareGold: card_effects.apply_share_gold,
            PlaceHero: card_effects.apply_place_hero,
            AdvanceTime: monster_turn.apply_advance_time,
            MonsterDie: monster_turn.apply_monster_die,
            MonstersMove: monster_moves.apply_monsters_move,
            MonstersAttack: monster_turn.apply_monsters_attack,
            PlaceCard: reinforcement_step.apply_place_card,
            RedrawCard: reinforcement_step.apply_redraw_card,
            PlaceMonster: upkeep.apply_place_monster,
            RemoveMonster: upkeep.apply_remove_monster,
            MoveMonster: upkeep.apply_move_monster,
        }

    # ----- shared guards ----------------------------------------------------------------------

    # ----- hero actions -----------------------------------------------------------------------

    # ----- free actions and card effects ------------------------------------------------------

    # ----- monster turn -----------------------------------------------------------------------

    def expected_moves(self, state: GrimheimState) -> MonstersMove:
        """The movement step as the printed paths resolve it (see ``monster_moves``)."""
        return monster_moves.expected_moves(state)

    def current_step(self, state: GrimheimState) -> data.TimeStep:
        """The time-track step the Rune Stone stands on."""
        return current_step(state)

    # ----- reinforcements ---------------------------------------------------------------------

    # ----- table upkeep -----------------------------------------------------------------------

    # ----- outcome and result sheet -----------------------------------------------------------

    def outcome(self, state: GrimheimState) -> Outcome | None:
        if state.town <= 0:
            return Outcome((), "Freyja's Well has fallen: Grimheim is lost.", "grim.end.loss")
        if state.phase == "over":
            names = tuple(h.name for h in state.heroes)
            return Outcome(
                names,
                f"Freyja returns to find her Well standing with {state.town} town piece(s) "
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
            else (f"In progress: step {state.time} of {last}, {state.town} town piece(s) standing.")
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

    # ----- invariants, history, samples -------------------------------------------------------

    def describe(self, state: GrimheimState, action: Action) -> str:
        a: Any = action
        match action:
            case Move():
                return f"{a.hero} moves to {spot(geometry.normalise(a.path[-1]))}."
            case Attack():
                return f"{a.hero} attacks {spot(a.target)} for {a.damage} damage."
            case Prepare():
                return f"{a.hero} prepares (draws an event card)."
            case Focus():
                return f"{a.hero} focuses: one mana on {a.card}."
            case Mend():
                return f"{a.hero} mends {a.hero_damage + a.equipment_damage} damage."
            case Practice():
                return f"{a.hero} practises (+1 XP)."
            case SpendAction():
                return f"{a.hero} spends the {a.space} action on a quest."
            case EndTurn():
                up = "" if a.upgrade == "none" else f" and upgrades ({a.upgrade.replace('_', ' ')})"
                return f"{a.hero} ends the turn{up}."
            case DealDamage():
                return f"{a.hero}'s card deals {a.damage} damage at {spot(a.target)}."
            case HeroDamage():
                return f"{a.hero} takes {a.damage} damage."
            case Gain():
                return f"{a.hero}: card effect."
            case ShareGold():
                return f"{a.giver} gives {a.amount} gold to {a.taker}."
            case PlaceHero():
                return f"{a.hero} is moved to {spot(geometry.normalise(a.to))}."
            case AdvanceTime():
                return f"Monster turn: the Rune Stone moves to step {state.time + 1}."
            case MonsterDie():
                return f"Monster die: {a.face.replace('_', ' ')}."
            case MonstersMove():
                return f"Monsters move ({len(a.steps)} step(s))."
            case MonstersAttack():
                hurt = ", ".join(f"{n} {v}" for n, v in a.damage.items() if v) or "no damage"
                return f"Monsters attack: {hurt}."
            case PlaceCard():
                return f"Monster card {a.card} is placed."
            case RedrawCard():
                return f"Monster card {a.card} cannot be placed; it goes under its deck."
            case PlaceMonster():
                return f"A {a.monster} is placed at {spot(a.at)}."
            case RemoveMonster():
                return f"The monster at {spot(a.at)} leaves the map."
            case MoveMonster():
                return f"The monster at {spot(a.frm)} moves to {spot(a.to)}."
        return f"Correction: {action.to_json()}"

    def sample_actions(self, state: GrimheimState, rng: random.Random) -> list[Action]:
        samples = self.legal_actions(state)
        rng.shuffle(samples)
        out: list[Action] = samples[:4]
        names = [h.name for h in state.heroes]
        hero = rng.choice(names)
        spot = (rng.randrange(1, 18), rng.randrange(1, 18))
        out += [
            Practice(hero),
            Prepare(hero, discard=rng.randrange(0, 2)),
            Mend(hero, hero_damage=rng.randrange(0, 4)),
            Move(hero, (spot,)),
            Attack(hero, spot, damage=rng.randrange(0, 6)),
            PlaceCard(rng.randrange(0, 56)),
            AdvanceTime(),
            EndTurn(hero, upgrade=rng.choice(("none", *UPGRADES))),
            Gain(hero, xp=rng.randrange(-2, 3)),
            HeroDamage(hero, rng.randrange(0, 4)),
            MonstersMove(),
            MonstersAttack({hero: rng.randrange(0, 3)}),
        ]
        return out

    def legal_actions(self, state: GrimheimState) -> list[Action]:
        """The legal subset of the table's usual next steps (moves are single areas;
        attacks report the monster's remaining health as damage)."""
        if self.outcome(state) is not None:
            return []
        cands: list[Action] = []
        if state.phase == "reinforce":
            for n, card in data.load().cards.items():
                if card.deck == state.reinforce_deck:
                    cands += [PlaceCard(n), RedrawCard(n)]
        elif state.phase == "monsters":
            if state.monster_step == "move":
                cands.append(self.expected_moves(state))
            cands += [
                AdvanceTime(),
                *(MonsterDie(face) for face in data.load().monster_die if face != "ambush"),
                MonstersAttack({}),
            ]
        elif state.phase == "heroes":
            hero = state.heroes[state.turn]
            name = hero.name
            cands += [Prepare(name), Practice(name), Focus(name, STARTING_ABILITY)]
            cands += [Focus(name, card) for card in hero.mana if card != STARTING_ABILITY]
            heal = min(hero.damage, hx.mend_limit(hero))
            cands.append(Mend(name, hero_damage=heal))
            for h in geometry.neighbours(hero.at):
                cands.append(Move(name, (h,)))
            for t in state.monsters:
                left = monster_stats(t)[1] - t.damage
                cands.append(Attack(name, t.at, damage=left + monster_stats(t)[3]))
            cands += [EndTurn(name), *(EndTurn(name, upgrade=u) for u in UPGRADES)]
        return [c for c in cands if self.check(state, c).legal]

    def decode_options(self, data_in: Any) -> GrimheimOptions:
        options = super().decode_options(data_in)
        try:
            self.setup(options)
        except ValueError as exc:
            raise MalformedAction(f"$options: {exc}") from None
        return options


GAME = GrimheimGame()
