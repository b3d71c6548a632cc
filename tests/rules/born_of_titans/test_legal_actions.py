"""Born of Titans: ``legal_actions`` offers each step of the game, and only legal actions.

Moves and typed values cannot be listed in full (the map and the counters are on the
table), so the list holds representative ones; what it must never do is offer an action the
rules refuse, or leave a step with nothing to offer.
"""

from __future__ import annotations

from rules.born_of_titans import GAME, BotOptions, Reveal
from rules.born_of_titans.actions import (
    Encounter,
    EndTurn,
    FirstSelector,
    LoseTurn,
    Move,
    PickHero,
    PlaceQuest,
    Roll,
    StartSite,
)
from rules.born_of_titans.state import BotState
from rules.core import Action

from .helpers import ATALANTA, CYRENE, PHEACIANS, THEBES, play, two_heroes


def offered(state: BotState) -> list[Action]:
    actions = GAME.legal_actions(state)
    refused = [a for a in actions if not GAME.check(state, a).legal]
    assert not refused, refused
    return actions


def test_bot_setup_offers_the_roll_the_picks_and_the_sites() -> None:
    state = GAME.setup(BotOptions(players=("Ann", "Bea")))
    assert offered(state) == [FirstSelector(0), FirstSelector(1)]
    state = play(state, FirstSelector(1))
    picks = offered(state)
    assert [(a.seat, a.hero.name) for a in picks if isinstance(a, PickHero)] == [
        (1, "Cyrene"),
        (1, "Atalanta"),
        (1, "Jason"),
        (1, "Theseus"),
    ]
    assert len(picks) == 4
    state = play(state, PickHero(1, CYRENE, PHEACIANS), PickHero(0, ATALANTA, PHEACIANS))
    sites = offered(state)
    assert {StartSite(0, 1), StartSite(1, 6)} <= set(sites)
    assert {type(a) for a in sites} == {StartSite}  # quests come once every hero stands
    state = play(state, StartSite(0, 1), StartSite(1, 6))
    quests = offered(state)
    assert {PlaceQuest(0, 2), PlaceQuest(1, 5)} <= set(quests)
    assert {type(a) for a in quests} == {PlaceQuest}


def test_bot_a_turn_offers_moves_and_the_end_of_the_turn() -> None:
    actions = offered(two_heroes())
    assert EndTurn(0) in actions and LoseTurn(0, 1) in actions
    moves = [a for a in actions if isinstance(a, Move)]
    assert Move(0, 1, 1, 0, THEBES) in moves and Move(0, 2, 0, 1, THEBES) in moves
    assert all(a.seat == 0 for a in moves)  # only the hero to play moves


def test_bot_a_challenge_offers_every_roll_and_nothing_else_of_the_hero() -> None:
    state = play(two_heroes(), Move(0, 4, 2, 1, THEBES))
    encounters = [a for a in offered(state) if isinstance(a, Encounter)]
    assert encounters  # Thebes' face-down counter can be turned up
    state = play(state, encounters[0])
    assert state.challenge is not None
    actions = offered(state)
    rolls = [a for a in actions if isinstance(a, Roll)]
    assert rolls == [Roll(0, k) for k in range(state.challenge.dice + 1)]
    assert not any(isinstance(a, (Move, EndTurn)) for a in actions)


def test_bot_after_the_fight_the_next_hero_is_offered_her_turn() -> None:
    state = play(two_heroes(), Move(0, 4, 2, 1, THEBES))
    hydra = Reveal("monster", "Hydra", 2, 0, 0)
    state = play(state, Encounter(0, attribute="battle", reveal=hydra), Roll(0, 2))
    assert state.turn == 1  # the fight was Ann's second action
    assert EndTurn(1) in offered(state)
