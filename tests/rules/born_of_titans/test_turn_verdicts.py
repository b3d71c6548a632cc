"""Born of Titans: the verdicts of a hero's turn, whole — the sentence, the rules cited and
the effects — for the checks every action shares (whose turn, what is still owed after a
quest, the actions left: bot.turn.order, bot.turn.actions, bot.assume.quest-steps), the
typed values' bounds (bot.values.entered, bot.assume.value-bounds), movement
(bot.move.roll, bot.move.cost, bot.turn.no-crew) and the city and oracle actions
(bot.recruit, bot.prophecy.oracle, bot.encounter.city-first).

The table is the helpers' ``two_heroes``: Ann (seat 0) plays Atalanta (Navigation 5) with
the Pheacians (Navigation 2), six crew and two prophecy, on quest site 1; it is her turn.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.born_of_titans import GAME, Place, Stats
from rules.born_of_titans.actions import (
    EndTurn,
    Move,
    Oracle,
    PickHero,
    PlaceQuest,
    Recruit,
    StartSite,
)
from rules.born_of_titans.state import BotState
from rules.core import Action

from .helpers import (
    AXE,
    CASTOR,
    CYRENE,
    PHEACIANS,
    THEBES,
    ann,
    edit_hero,
    picking,
    play,
    three_picked,
    two_heroes,
    whole,
)

STRAIT = Place("sea", "Strait")
ORDER = ("bot.turn.order",)
STEPS = "bot.assume.quest-steps"
ORACLE = ("bot.prophecy.oracle", "bot.prophecy.max", "bot.turn.actions")
MOVED = ("bot.move.roll", "bot.move.cost", "bot.move.site-stops", "bot.assume.no-map")


# ----- whose turn, and what comes first ------------------------------------------------------

TURN_CASES: list[tuple[str, BotState, Action, tuple[bool, str, tuple[str, ...]]]] = [
    (
        "no seat 2",
        two_heroes(),
        Move(2, 1, 1, 0, STRAIT),
        (False, "There is no seat 2 at this table.", ORDER),
    ),
    (
        "no seat -1",
        two_heroes(),
        Move(-1, 1, 1, 0, STRAIT),
        (False, "There is no seat -1 at this table.", ORDER),
    ),
    (
        "Bea out of turn",
        two_heroes(),
        Move(1, 1, 1, 0, STRAIT),
        (False, "It is Ann's turn.", ORDER),
    ),
    (
        "still picking heroes",
        picking(),
        Move(0, 1, 1, 0, STRAIT),
        (False, "The game has not started its turns yet.", ORDER),
    ),
    (
        "a quest to place first",
        replace(two_heroes(), place_due=1),
        Move(0, 1, 1, 0, STRAIT),
        # Bea's next quest is placed by the player on her left: seat 0, Ann.
        (False, "First Ann places Bea's next quest.", ("bot.quest.next", STEPS)),
    ),
    (
        "gear to draw first",
        edit_hero(two_heroes(), 1, gear_due=True),
        Move(0, 1, 1, 0, STRAIT),
        (False, "First Bea draws her gear for the completed quest.", ("bot.quest.after", STEPS)),
    ),
    (
        "cities to refill first (seat 0 owes it)",
        replace(two_heroes(), refill_due=0),
        Move(0, 1, 1, 0, STRAIT),
        (False, "First Ann refills the empty cities (or leaves them).", ("bot.quest.after", STEPS)),
    ),
    (
        "both actions spent",
        replace(two_heroes(), actions_used=2),
        Move(0, 1, 1, 0, STRAIT),
        (False, "Ann has used every action of this turn.", ("bot.turn.actions", "bot.move.roll")),
    ),
    (
        "one action left without crew",
        replace(ann(crew=0), actions_used=1),
        Oracle(0),
        (
            False,
            "Ann has used every action of this turn.",
            ("bot.turn.actions", "bot.prophecy.oracle"),
        ),
    ),
    (
        "a Fair Weather action beyond the two",
        replace(ann(place=Place("oracle", "Delphi")), actions_used=2, bonus_actions=1),
        Oracle(0),
        (True, "Prophecy 2 → 4.", ORACLE),  # the last action: the turn passes
    ),
]


@pytest.mark.parametrize(
    ("state", "act", "want"),
    [case[1:] for case in TURN_CASES],
    ids=[case[0] for case in TURN_CASES],
)
def test_bot_turn_checks_come_first(
    state: BotState, act: Action, want: tuple[bool, str, tuple[str, ...]]
) -> None:
    verdict = GAME.check(state, act)
    assert whole(verdict)[:3] == want


def test_bot_end_turn_out_of_turn_names_the_player() -> None:
    assert whole(GAME.check(two_heroes(), EndTurn(2)))[:3] == (
        False,
        "There is no seat 2 at this table.",
        ORDER,
    )
    assert whole(GAME.check(two_heroes(), EndTurn(1)))[:3] == (
        False,
        "It is not Bea's turn.",
        ORDER,
    )


# ----- typed values --------------------------------------------------------------------------

LONG = "x" * 40  # data.MAX_NAME


@pytest.mark.parametrize(
    ("hero", "crew", "want"),
    [
        (Stats("", 1, 1, 1), PHEACIANS, (False, "The hero needs a name.", ("bot.values.entered",))),
        (
            Stats("   ", 1, 1, 1),
            PHEACIANS,
            (False, "The hero needs a name.", ("bot.values.entered",)),
        ),
        (
            Stats(LONG + "x", 1, 1, 1),
            PHEACIANS,
            (False, "The hero's name is longer than 40 characters.", ("bot.values.entered",)),
        ),
        (
            Stats("Orion", 13, 0, 0),
            PHEACIANS,
            (False, "The hero's Battle must be 0 to 12, not 13.", ("bot.assume.value-bounds",)),
        ),
        (
            Stats("Orion", 0, -1, 0),
            PHEACIANS,
            (False, "The hero's Navigation must be 0 to 12, not -1.", ("bot.assume.value-bounds",)),
        ),
        (
            CYRENE,
            Stats("", 1, 1, 1),
            (False, "The crew counter needs a name.", ("bot.values.entered",)),
        ),
        (
            CYRENE,
            Stats("Argonauts", 0, 0, 13),
            (
                False,
                "The crew counter's Wits must be 0 to 12, not 13.",
                ("bot.assume.value-bounds",),
            ),
        ),
    ],
)
def test_bot_typed_values_out_of_bounds_are_refused(
    hero: Stats, crew: Stats, want: tuple[bool, str, tuple[str, ...]]
) -> None:
    assert whole(GAME.check(picking(), PickHero(1, hero, crew)))[:3] == want


def test_bot_typed_values_at_their_bounds_are_taken() -> None:
    verdict = GAME.check(picking(), PickHero(1, Stats(LONG, 12, 0, 12), Stats("Crew", 0, 12, 0)))
    assert whole(verdict) == (
        True,
        f"Bea takes {LONG} with the Crew.",
        ("bot.setup.selection", "bot.setup.sheets", "bot.values.entered"),
        (f"{LONG}: crew on shield 6, prophecy on shield 2",),
    )


# ----- movement ------------------------------------------------------------------------------

MOVE_CASES: list[tuple[str, BotState, Move, tuple[bool, str, tuple[str, ...]]]] = [
    (
        "more courses than dice",
        two_heroes(),
        Move(0, 8, 1, 0, STRAIT),
        (False, "7 Navigation dice give 0 to 7 courses, not 8.", ("bot.move.roll",)),
    ),
    (
        "fewer than no courses",
        two_heroes(),
        Move(0, -1, 1, 0, STRAIT),
        (False, "7 Navigation dice give 0 to 7 courses, not -1.", ("bot.move.roll",)),
    ),
    (
        "the crew counter rows while one crew is left",
        ann(crew=1),
        Move(0, 7, 1, 0, STRAIT),
        (
            True,
            "7 courses reach 7 sea or 3 land segments; the trip costs 1. "
            "Ann stops at the sea monster site Strait.",
            MOVED,
        ),
    ),
    (
        "without crew, the crew counter's Navigation is gone",
        ann(crew=0),
        Move(0, 6, 1, 0, STRAIT),
        (False, "5 Navigation dice give 0 to 5 courses, not 6.", ("bot.move.roll",)),
    ),
    (
        "no segment",
        two_heroes(),
        Move(0, 3, 0, 0, STRAIT),
        (False, "Enter at least one segment travelled.", ("bot.move.cost",)),
    ),
    (
        "a negative segment",
        two_heroes(),
        Move(0, 3, -1, 2, STRAIT),
        (False, "Enter at least one segment travelled.", ("bot.move.cost",)),
    ),
    (
        "land costs two courses",
        two_heroes(),
        Move(0, 3, 2, 1, THEBES),
        (
            False,
            "2 sea and 1 land segments cost 4 courses; 3 courses reach 3 sea or 1 land segments.",
            ("bot.move.cost",),
        ),
    ),
    (
        "exactly enough courses",
        two_heroes(),
        Move(0, 4, 2, 1, THEBES),
        (
            True,
            "4 courses reach 4 sea or 2 land segments; the trip costs 4. "
            "Ann stops at the city Thebes.",
            MOVED,
        ),
    ),
    (
        "without crew, sea costs as land",
        ann(crew=0),
        Move(0, 3, 2, 0, STRAIT),
        (
            False,
            "2 sea and 0 land segments cost 4 courses; 3 courses reach 1 sea or 1 land segments.",
            ("bot.move.cost", "bot.turn.no-crew"),
        ),
    ),
    (
        "quest site 7",
        two_heroes(),
        Move(0, 2, 0, 1, Place("quest", site=7)),
        (False, "Quest sites are numbered 1 to 6, not 7.", ("bot.move.cost",)),
    ),
    (
        "quest site 0",
        two_heroes(),
        Move(0, 2, 0, 1, Place("quest", site=0)),
        (False, "Quest sites are numbered 1 to 6, not 0.", ("bot.move.cost",)),
    ),
    (
        "a named quest site",
        two_heroes(),
        Move(0, 2, 0, 1, Place("quest", "Troy", 3)),
        (False, "A quest site is named by its number only.", ("bot.move.cost",)),
    ),
    (
        "a numbered city",
        two_heroes(),
        Move(0, 2, 0, 1, Place("city", "Thebes", 3)),
        (False, "Only quest sites carry a number.", ("bot.move.cost",)),
    ),
    (
        "a name too long",
        two_heroes(),
        Move(0, 2, 0, 1, Place("city", LONG + "x")),
        (
            False,
            "Names of places are at most 40 characters, without spaces at the ends.",
            ("bot.move.cost",),
        ),
    ),
    (
        "a name with a space at the end",
        two_heroes(),
        Move(0, 2, 0, 1, Place("city", "Thebes ")),
        (
            False,
            "Names of places are at most 40 characters, without spaces at the ends.",
            ("bot.move.cost",),
        ),
    ),
    (
        "an unnamed city",
        two_heroes(),
        Move(0, 2, 0, 1, Place("city")),
        (False, "Name the city the hero stops at.", ("bot.move.cost",)),
    ),
    (
        "an unnamed point",
        two_heroes(),
        Move(0, 2, 0, 1, Place("point")),
        (
            True,
            "2 courses reach 2 sea or 1 land segments; the trip costs 2. Ann stops at a point.",
            MOVED,
        ),
    ),
]


@pytest.mark.parametrize(
    ("state", "act", "want"),
    [case[1:] for case in MOVE_CASES],
    ids=[case[0] for case in MOVE_CASES],
)
def test_bot_move_verdicts(
    state: BotState, act: Move, want: tuple[bool, str, tuple[str, ...]]
) -> None:
    assert whole(GAME.check(state, act))[:3] == want


def test_bot_a_move_spends_one_action_and_the_second_ends_the_turn() -> None:
    state = play(two_heroes(), Move(0, 4, 2, 1, THEBES))
    assert (state.turn, state.actions_used) == (0, 1)
    assert state.heroes[0].place == THEBES and not state.heroes[0].inside  # encounter first
    # A retreat would go back one segment, to the point before Thebes
    # (bot.assume.retreat-last-point): the move had three segments.
    assert state.heroes[0].came_from == Place("point")
    state = play(state, Move(0, 1, 1, 0, STRAIT))
    assert (state.turn, state.actions_used) == (1, 0)  # bot.turn.actions: Bea's turn


# ----- in a city, at an oracle ---------------------------------------------------------------

IN_THEBES = {"place": THEBES, "inside": True}

CITY_CASES: list[tuple[str, BotState, Action, tuple[bool, str, tuple[str, ...]]]] = [
    (
        "recruit two",
        ann(crew=4, **IN_THEBES),
        Recruit(0, 2),
        (True, "Crew 4 → 6.", ("bot.recruit", "bot.turn.actions")),
    ),
    (
        "recruit one",
        ann(crew=5, **IN_THEBES),
        Recruit(0, 1),
        (True, "Crew 5 → 6.", ("bot.recruit", "bot.turn.actions")),
    ),
    (
        "recruit three",
        ann(crew=3, **IN_THEBES),
        Recruit(0, 3),
        (False, "Recruiting hires one or two crew.", ("bot.recruit",)),
    ),
    (
        "recruit none",
        ann(crew=3, **IN_THEBES),
        Recruit(0, 0),
        (False, "Recruiting hires one or two crew.", ("bot.recruit",)),
    ),
    (
        "past six",
        ann(crew=5, **IN_THEBES),
        Recruit(0, 2),
        (False, "Ann has 5 crew; 2 more would pass six.", ("bot.recruit",)),
    ),
    (
        "not in a city",
        two_heroes(),
        Recruit(0, 1),
        (False, "Ann is not in a city.", ("bot.recruit",)),
    ),
    (
        "the city's encounter first",
        ann(place=THEBES, inside=False),
        Recruit(0, 1),
        (False, "Thebes's encounter comes first.", ("bot.encounter.city-first", "bot.recruit")),
    ),
    (
        "not at an oracle",
        two_heroes(),
        Oracle(0),
        (False, "Ann is not at an oracle.", ("bot.prophecy.oracle",)),
    ),
    (
        "prophecy already six",
        ann(place=Place("oracle", "Delphi"), prophecy=6),
        Oracle(0),
        (False, "Prophecy is already at six.", ("bot.prophecy.max",)),
    ),
    (
        "prophecy capped at six",
        ann(place=Place("oracle", "Delphi"), prophecy=5),
        Oracle(0),
        (True, "Prophecy 5 → 6.", ORACLE[:2]),  # the first action: the turn goes on
    ),
]


@pytest.mark.parametrize(
    ("state", "act", "want"),
    [case[1:] for case in CITY_CASES],
    ids=[case[0] for case in CITY_CASES],
)
def test_bot_city_and_oracle_verdicts(
    state: BotState, act: Action, want: tuple[bool, str, tuple[str, ...]]
) -> None:
    assert whole(GAME.check(state, act))[:3] == want


def test_bot_recruiting_moves_the_crew_counter() -> None:
    state = play(ann(crew=4, **IN_THEBES), Recruit(0, 2))
    assert state.heroes[0].crew == 6 and state.actions_used == 1
    assert GAME.check(ann(crew=4, **IN_THEBES), Recruit(0, 2)).effects == ("Ann's crew 4 → 6",)


# ----- no crew left (bot.turn.no-crew) -------------------------------------------------------


@pytest.mark.parametrize(
    ("gear", "ally"),
    [(AXE, None), (None, CASTOR), (AXE, CASTOR)],
    ids=["gear only", "ally only", "both"],
)
def test_bot_crew_set_to_zero_loses_gear_and_ally(gear: Stats | None, ally: Stats | None) -> None:
    state = GAME.set_counter(ann(gear=gear, ally=ally), "Ann crew", 0)
    assert (state.heroes[0].crew, state.heroes[0].gear, state.heroes[0].ally) == (0, None, None)
    kept = GAME.set_counter(ann(gear=gear, ally=ally), "Ann crew", 1)
    assert (kept.heroes[0].crew, kept.heroes[0].gear, kept.heroes[0].ally) == (1, gear, ally)


def test_bot_the_turn_passes_over_finished_heroes_and_lost_turns() -> None:
    """Three heroes playing on for places: Bea has finished, Cat holds a Lose Turn counter;
    when Ann ends her turn, Bea is passed over, Cat's counter is discarded in place of her
    turn, and it is Ann's turn again (bot.turn.order, bot.turn.lose-turn, bot.end.placings)."""
    state = play(
        three_picked(placings=True),
        StartSite(0, 1),
        StartSite(1, 2),
        StartSite(2, 3),
        PlaceQuest(0, 4),
        PlaceQuest(1, 5),
        PlaceQuest(2, 6),
    )
    state = edit_hero(replace(state, turn=0, finished=(1,)), 2, lose_turn=True)
    verdict = GAME.check(state, EndTurn(0))
    assert verdict.effects == (
        "Cat loses this turn (Lose Turn counter discarded)",
        "Ann's turn",
    )
    assert verdict.rules == ("bot.turn.actions", "bot.turn.lose-turn")
    after = play(state, EndTurn(0))
    assert after.turn == 0 and not after.heroes[2].lose_turn
    state = replace(state, heroes=tuple(replace(h, lose_turn=False) for h in state.heroes))
    assert play(state, EndTurn(0)).turn == 2  # Bea, finished, is passed over
