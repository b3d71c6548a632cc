"""Tables of Born of Titans set up for tests, through the real actions."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.born_of_titans import GAME, BotOptions, BotState, Place, Reveal, Stats
from rules.born_of_titans.actions import (
    Encounter,
    FirstSelector,
    Move,
    PickHero,
    PlaceQuest,
    StartSite,
)
from rules.core import Action, Verdict

ATALANTA = Stats("Atalanta", 5, 5, 2)
PHEACIANS = Stats("Pheacians", 2, 2, 1)
BELLEROPHON = Stats("Bellerophon", 1, 2, 1)
CYRENE = Stats("Cyrene", 6, 5, 4)
JASON = Stats("Jason", 4, 4, 4)
AXE = Stats("Axe", 1, 0, 0)
CASTOR = Stats("Castor", 1, 1, 1)
THEBES = Place("city", "Thebes")
HYDRA = Reveal("monster", "Hydra", 9, 0, 0)
MEDUSA = Reveal("monster", "Medusa", 0, 7, 7)

Want = tuple[bool, str, tuple[str, ...], tuple[str, ...]]
"""A verdict whole: legal or not, the sentence, the rules cited, the effects."""


def whole(verdict: Verdict) -> Want:
    return verdict.legal, verdict.reason, verdict.rules, verdict.effects


def play(state: BotState, *actions: Action) -> BotState:
    """Apply ``actions`` in order, failing loudly with the verdict of an illegal one."""
    for act in actions:
        verdict = GAME.check(state, act)
        assert verdict.legal, f"{act}: {verdict.reason}"
        state = GAME.apply(state, act)
    return state


def refused(state: BotState, act: Action) -> Any:
    verdict = GAME.check(state, act)
    assert not verdict.legal, f"{act} was allowed: {verdict.reason}"
    return verdict


def two_heroes(placings: bool = False) -> BotState:
    """Ann (seat 0, Atalanta) and Bea (seat 1, Cyrene). Bea rolled lowest, so Ann moves
    first. Ann starts on site 1, Bea on site 2; Bea placed Ann's quest on site 3, Ann
    placed Bea's on site 4."""
    state = GAME.setup(BotOptions(players=("Ann", "Bea"), placings=placings))
    return play(
        state,
        FirstSelector(1),
        PickHero(1, CYRENE, Stats("Argonauts", 1, 1, 1)),
        PickHero(0, ATALANTA, PHEACIANS),
        StartSite(0, 1),
        StartSite(1, 2),
        PlaceQuest(1, 3),
        PlaceQuest(0, 4),
    )


def edit_hero(state: BotState, seat: int, **changes: Any) -> BotState:
    heroes = list(state.heroes)
    heroes[seat] = replace(heroes[seat], **changes)
    return replace(state, heroes=tuple(heroes))


def ann(**changes: Any) -> BotState:
    """``two_heroes`` with Ann's hero changed (crew, place, gear...)."""
    return edit_hero(two_heroes(), 0, **changes)


def picking() -> BotState:
    """Two players in setup: Bea rolled lowest and picks first."""
    return play(GAME.setup(BotOptions(players=("Ann", "Bea"))), FirstSelector(1))


def fighting(**changes: Any) -> BotState:
    """``two_heroes`` with Ann moved to Thebes and fighting a Hydra that needs 9 Battle
    successes (her second action); ``changes`` then edit Ann's hero."""
    state = play(two_heroes(), Move(0, 4, 2, 1, THEBES))
    state = play(state, Encounter(0, attribute="battle", reveal=HYDRA))
    return edit_hero(state, 0, **changes) if changes else state


def three_picked(placings: bool = False) -> BotState:
    """Ann, Bea and Cat in setup: Bea rolled lowest; Bea took Cyrene, Ann Atalanta and Cat
    Jason, each with the Pheacians."""
    state = GAME.setup(BotOptions(players=("Ann", "Bea", "Cat"), placings=placings))
    return play(
        state,
        FirstSelector(1),
        PickHero(1, CYRENE, PHEACIANS),
        PickHero(0, ATALANTA, PHEACIANS),
        PickHero(2, JASON, PHEACIANS),
    )
