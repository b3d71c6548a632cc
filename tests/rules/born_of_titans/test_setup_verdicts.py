"""Born of Titans: the steps before the first turn, whole verdicts (the sentence, the rules
cited and the effects): who picks first and the turn order (bot.setup.selection,
bot.setup.play-order), picking heroes (bot.setup.sheets, bot.values.entered), starting
sites (bot.setup.start-site) and quests laid by the player on the owner's left, at setup
(bot.setup.quests) and after a completed quest (bot.quest.next).

Three players: Ann (seat 0), Bea (seat 1) and Cat (seat 2); Bea rolls lowest.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.born_of_titans import GAME, BotOptions, Stats
from rules.born_of_titans.actions import FirstSelector, PickHero, PlaceQuest, StartSite
from rules.born_of_titans.state import BotState
from rules.core import Action

from .helpers import (
    ATALANTA,
    CYRENE,
    PHEACIANS,
    Want,
    edit_hero,
    play,
    three_picked,
    two_heroes,
    whole,
)

PICK = ("bot.setup.selection",)
START = ("bot.setup.start-site",)
QUESTS = ("bot.setup.quests",)
NEXT = ("bot.quest.next",)
CLOCKWISE = "bot.assume.seats-clockwise"


def rolled() -> BotState:
    return play(GAME.setup(BotOptions(players=("Ann", "Bea", "Cat"))), FirstSelector(1))


def due(owner: int) -> BotState:
    """In play, ``owner``'s next quest is to be placed."""
    return replace(two_heroes(), place_due=owner)


SITED = play(three_picked(), StartSite(0, 1), StartSite(1, 2), StartSite(2, 3))
"""Every hero on her starting site: the quest markers are handed left next (bot.setup.quests)."""

CASES: list[tuple[str, BotState, Action, Want]] = [
    (
        "Bea rolled lowest",
        GAME.setup(BotOptions(players=("Ann", "Bea", "Cat"))),
        FirstSelector(1),
        (
            True,
            "Bea rolled lowest and picks first; picking goes Bea → Ann → Cat.",
            (*PICK, "bot.setup.play-order", CLOCKWISE),
            ("turn order once play starts: Cat → Ann → Bea",),
        ),
    ),
    (
        "no seat 3",
        GAME.setup(BotOptions(players=("Ann", "Bea", "Cat"))),
        FirstSelector(3),
        (False, "There is no seat 3 at this table.", PICK, ()),
    ),
    (
        "a second roll",
        rolled(),
        FirstSelector(0),
        (False, "The selection order is already settled.", PICK, ()),
    ),
    (
        "a pick before the roll",
        GAME.setup(BotOptions(players=("Ann", "Bea"))),
        PickHero(0, ATALANTA, PHEACIANS),
        (False, "First say who rolled lowest.", PICK, ()),
    ),
    (
        "a pick out of turn",
        rolled(),
        PickHero(2, ATALANTA, PHEACIANS),
        (False, "It is Bea's pick.", PICK, ()),
    ),
    (
        "a pick typed with spaces",
        rolled(),
        PickHero(1, Stats(" Cyrene ", 6, 5, 4), Stats(" Argonauts ", 1, 1, 1)),
        (
            True,
            "Bea takes Cyrene with the Argonauts.",
            (*PICK, "bot.setup.sheets", "bot.values.entered"),
            ("Cyrene: crew on shield 6, prophecy on shield 2",),
        ),
    ),
    (
        "a hero picked twice",
        play(rolled(), PickHero(1, CYRENE, PHEACIANS)),
        PickHero(0, Stats(" cyrene ", 1, 1, 1), PHEACIANS),
        (False, "cyrene has already been picked.", PICK, ()),
    ),
    (
        "a pick after all are picked",
        three_picked(),
        PickHero(0, ATALANTA, PHEACIANS),
        (False, "Every hero has been picked.", PICK, ()),
    ),
    (
        "a starting site",
        three_picked(),
        StartSite(0, 1),
        (True, "Ann starts on quest site 1.", (*START, "bot.assume.start-site-order"), ()),
    ),
    (
        "two heroes on one site",
        play(three_picked(), StartSite(0, 1)),
        StartSite(1, 1),
        (True, "Bea starts on quest site 1.", (*START, "bot.assume.start-site-order"), ()),
    ),
    (
        "site 7",
        three_picked(),
        StartSite(0, 7),
        (False, "Quest sites are numbered 1 to 6, not 7.", START, ()),
    ),
    (
        "a second starting site",
        play(three_picked(), StartSite(0, 1)),
        StartSite(0, 2),
        (False, "Ann has already chosen a site.", START, ()),
    ),
    (
        "a site before the picks",
        rolled(),
        StartSite(0, 1),
        (False, "Starting sites are chosen after every hero is picked.", START, ()),
    ),
    # Bea, on Ann's left, lays Ann's quest once every hero stands on her site.
    (
        "a first quest before every hero stands on her site",
        play(three_picked(), StartSite(0, 1), StartSite(1, 2)),
        PlaceQuest(1, 3),
        (
            False,
            "Quest markers are handed left once every hero stands on her starting site; "
            "Cat has not chosen hers yet.",
            (*QUESTS, "bot.setup.start-site"),
            (),
        ),
    ),
    (
        "a first quest",
        SITED,
        PlaceQuest(1, 3),
        (
            True,
            "Bea lays Ann's quest face down on site 3.",
            (*QUESTS, CLOCKWISE),
            ("Ann's quest: site 3 (face down)",),
        ),
    ),
    (
        "a first quest twice",
        play(SITED, PlaceQuest(1, 3)),
        PlaceQuest(1, 4),
        (False, "Ann's first quest is already placed.", QUESTS, ()),
    ),
    (
        "two quests on one site",
        play(SITED, PlaceQuest(1, 3)),
        PlaceQuest(2, 3),
        (False, "Quest site 3 already holds Ann's quest.", QUESTS, ()),
    ),
    (
        "quest site 0",
        SITED,
        PlaceQuest(1, 0),
        (False, "Quest sites are numbered 1 to 6, not 0.", QUESTS, ()),
    ),
    (
        "a quest before the picks",
        rolled(),
        PlaceQuest(1, 3),
        (False, "Bea has no quest of Ann's to place.", NEXT, ()),
    ),
    # In play (two players), a completed quest's owner gets her next from her left neighbour.
    (
        "no quest owed",
        two_heroes(),
        PlaceQuest(0, 5),
        (False, "Ann has no quest of Bea's to place.", NEXT, ()),
    ),
    (
        "the next quest",
        due(1),
        PlaceQuest(0, 5),
        (
            True,
            "Ann lays Bea's quest face down on site 5.",
            (*NEXT, CLOCKWISE),
            ("Bea's quest: site 5 (face down)",),
        ),
    ),
    (
        "the next quest from the wrong player",
        due(1),
        PlaceQuest(1, 5),
        (False, "Bea has no quest of Ann's to place (now Ann places Bea's).", NEXT, ()),
    ),
    (
        "on a shield already won",
        edit_hero(due(1), 1, shields={5: "Sirens"}, quest_site=0),
        PlaceQuest(0, 5),
        (False, "Bea already has a completed quest on shield 5.", NEXT, ()),
    ),
]


@pytest.mark.parametrize(
    ("state", "act", "want"), [case[1:] for case in CASES], ids=[case[0] for case in CASES]
)
def test_bot_setup_verdicts(state: BotState, act: Action, want: Want) -> None:
    assert whole(GAME.check(state, act)) == want


def test_bot_the_game_begins_once_every_hero_stands_with_a_quest_laid() -> None:
    state = play(
        three_picked(), StartSite(0, 1), StartSite(1, 2), StartSite(2, 3), PlaceQuest(0, 4)
    )
    state = play(state, PlaceQuest(1, 5))
    assert state.phase == "sites"
    assert GAME.check(state, PlaceQuest(2, 6)).effects == (
        "Bea's quest: site 6 (face down)",
        "the game begins: Cat's turn",
    )
    state = play(state, PlaceQuest(2, 6))
    assert (state.phase, state.turn, state.actions_used) == ("play", 2, 0)
    assert [h.hero.name for h in state.heroes if h.hero] == ["Atalanta", "Cyrene", "Jason"]


def test_bot_a_quest_placed_in_play_settles_what_was_owed() -> None:
    state = play(due(1), PlaceQuest(0, 5))
    assert state.place_due == -1 and state.heroes[1].quest_site == 5
    assert state.heroes[1].quest is None  # face down until she reaches it
