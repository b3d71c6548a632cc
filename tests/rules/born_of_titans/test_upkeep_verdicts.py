"""Born of Titans: the verdicts of what is not an action — prophecy spent to look
(bot.prophecy.look), the Argo (bot.gear.argo, bot.assume.argo), the Dragon's Teeth
(bot.gear.dragons-teeth), the steps after a quest (bot.quest.after), Lose Turn
(bot.turn.lose-turn), ending a turn (bot.turn.actions) and fixing a typed value
(bot.values.edit) — whole: the sentence, the rules cited and the effects.

The table is the helpers' ``two_heroes``: Ann (seat 0, Atalanta with the Pheacians, six
crew, two prophecy) to play, Bea (seat 1, Cyrene) waiting.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.born_of_titans import GAME, Stats
from rules.born_of_titans.actions import (
    DragonsTeeth,
    DrawGear,
    EditCounter,
    EndTurn,
    Look,
    LoseTurn,
    RefillCities,
    UseArgo,
)
from rules.born_of_titans.state import BotState
from rules.core import Action

from .helpers import AXE, CASTOR, Want, ann, edit_hero, picking, play, two_heroes, whole

ARGO = Stats("Argo", 0, 2, 0)
TEETH = Stats("Dragon's Teeth", 0, 0, 0)
LOOK = ("bot.prophecy.look",)
ARGO_RULES = ("bot.gear.argo", "bot.assume.argo")
TEETH_RULES = ("bot.gear.dragons-teeth",)
AFTER = ("bot.quest.after",)
LOSE = ("bot.turn.lose-turn",)
EDIT = ("bot.values.edit",)


def refill_due(**cities: str) -> BotState:
    """Ann owes the refill of the cities emptied by a quest."""
    return replace(two_heroes(), refill_due=0, cities=cities)


CASES: list[tuple[str, BotState, Action, Want]] = [
    # Looking at a site: one prophecy, on one's own turn, no action spent.
    (
        "look",
        two_heroes(),
        Look(0, " Delphi "),
        (True, "Ann pays one prophecy to look at Delphi.", LOOK, ("prophecy 2 → 1",)),
    ),
    (
        "look out of turn",
        two_heroes(),
        Look(1, "Delphi"),
        (False, "Only during Bea's own turn.", LOOK, ()),
    ),
    (
        "look during setup",
        picking(),
        Look(0, "Delphi"),
        (False, "Only during Ann's own turn.", LOOK, ()),
    ),
    (
        "look from no seat",
        two_heroes(),
        Look(5, "Delphi"),
        (False, "There is no seat 5 at this table.", LOOK, ()),
    ),
    ("look at nothing", two_heroes(), Look(0, "  "), (False, "Name the site looked at.", LOOK, ())),
    (
        "look at a name too long",
        two_heroes(),
        Look(0, "x" * 41),
        (False, "Name the site looked at.", LOOK, ()),
    ),
    (
        "look without prophecy",
        ann(prophecy=0),
        Look(0, "Delphi"),
        (False, "Ann has no prophecy left.", LOOK, ()),
    ),
    # The Argo: one prophecy a turn, never past six.
    (
        "the Argo",
        ann(gear=ARGO),
        UseArgo(0),
        (True, "The Argo adds one prophecy.", ARGO_RULES, ("prophecy → 3",)),
    ),
    (
        "no Argo",
        ann(gear=AXE),
        UseArgo(0),
        (False, "Ann does not have the Argo.", ("bot.gear.argo",), ()),
    ),
    (
        "the Argo twice",
        ann(gear=ARGO, argo_used=True),
        UseArgo(0),
        (False, "The Argo gives one prophecy per turn.", ARGO_RULES, ()),
    ),
    (
        "the Argo at six",
        ann(gear=ARGO, prophecy=6),
        UseArgo(0),
        (False, "Prophecy is already at six.", ("bot.prophecy.max",), ()),
    ),
    (
        "the Argo out of turn",
        edit_hero(two_heroes(), 1, gear=ARGO),
        UseArgo(1),
        (False, "Only during Bea's own turn.", ("bot.gear.argo",), ()),
    ),
    # The Dragon's Teeth: one die of crew, up to six, at any time in play.
    (
        "the Teeth",
        ann(gear=TEETH, crew=2),
        DragonsTeeth(0, 6),
        (
            True,
            "The Dragon's Teeth bring up to 6 crew (at most six).",
            TEETH_RULES,
            ("Ann throws the Dragon's Teeth", "Ann's crew 2 → 6"),
        ),
    ),
    (
        "the Teeth past six",
        ann(gear=TEETH, crew=4),
        DragonsTeeth(0, 5),
        (
            True,
            "The Dragon's Teeth bring up to 5 crew (at most six).",
            TEETH_RULES,
            ("Ann throws the Dragon's Teeth", "Ann's crew 4 → 6"),
        ),
    ),
    (
        "the Teeth out of turn",
        edit_hero(two_heroes(), 1, gear=TEETH, crew=1),
        DragonsTeeth(1, 1),
        (
            True,
            "The Dragon's Teeth bring up to 1 crew (at most six).",
            TEETH_RULES,
            ("Bea throws the Dragon's Teeth", "Bea's crew 1 → 2"),
        ),
    ),
    (
        "a die of 0",
        ann(gear=TEETH),
        DragonsTeeth(0, 0),
        (False, "Enter the die rolled (1 to 6).", TEETH_RULES, ()),
    ),
    (
        "a die of 7",
        ann(gear=TEETH),
        DragonsTeeth(0, 7),
        (False, "Enter the die rolled (1 to 6).", TEETH_RULES, ()),
    ),
    (
        "no Teeth",
        two_heroes(),
        DragonsTeeth(0, 3),
        (False, "Ann does not have the Dragon's Teeth.", TEETH_RULES, ()),
    ),
    (
        "the Teeth in setup",
        picking(),
        DragonsTeeth(0, 3),
        (False, "Gear is used once play has begun.", TEETH_RULES, ()),
    ),
    # Gear drawn after a quest.
    (
        "gear drawn",
        ann(gear_due=True),
        DrawGear(0, Stats(" Axe ", 1, 0, 0)),
        (True, "Ann draws Axe.", (*AFTER, "bot.gear.one"), ("Ann carries Axe",)),
    ),
    (
        "no gear owed",
        two_heroes(),
        DrawGear(0, AXE),
        (False, "Ann has no gear to draw.", AFTER, ()),
    ),
    (
        "gear out of bounds",
        ann(gear_due=True),
        DrawGear(0, Stats("Axe", 13, 0, 0)),
        (False, "The gear's Battle must be 0 to 12, not 13.", ("bot.assume.value-bounds",), ()),
    ),
    # Empty cities refilled after a quest.
    (
        "one city refilled",
        refill_due(Thebes="empty", Sparta="empty", Troy="monster"),
        RefillCities(0, ("Thebes",)),
        (
            True,
            "New face-down encounters on: Thebes.",
            AFTER,
            ("Thebes gets a face-down encounter",),
        ),
    ),
    (
        "none refilled",
        refill_due(Thebes="empty"),
        RefillCities(0, ()),
        (True, "New face-down encounters on: none.", AFTER, ("no city refilled",)),
    ),
    (
        "a city named twice",
        refill_due(Thebes="empty"),
        RefillCities(0, ("Thebes", "Thebes")),
        (False, "Each city is named once.", AFTER, ()),
    ),
    (
        "a city not empty",
        refill_due(Thebes="empty", Troy="monster"),
        RefillCities(0, ("Troy",)),
        (False, "Troy is not an empty city.", AFTER, ()),
    ),
    (
        "not the one who owes it",
        refill_due(Thebes="empty"),
        RefillCities(1, ("Thebes",)),
        (False, "Bea has no cities to refill.", AFTER, ()),
    ),
    (
        "nothing owed",
        two_heroes(),
        RefillCities(0, ()),
        (False, "Ann has no cities to refill.", AFTER, ()),
    ),
    # Lose Turn.
    (
        "Bea loses a turn",
        two_heroes(),
        LoseTurn(0, 1),
        (
            True,
            "Bea gets a Lose Turn counter.",
            (*LOSE, "bot.assume.lose-turn"),
            ("Bea has a Lose Turn counter",),
        ),
    ),
    (
        "Ann loses the turn she is playing",
        two_heroes(),
        LoseTurn(1, 0),
        (
            True,
            "Ann gets a Lose Turn counter.",
            (*LOSE, "bot.assume.lose-turn", "bot.turn.actions"),
            ("Ann has a Lose Turn counter", "Ann's turn ends now", "Bea's turn"),
        ),
    ),
    (
        "a second counter",
        edit_hero(two_heroes(), 1, lose_turn=True),
        LoseTurn(0, 1),
        (False, "Bea already has a Lose Turn counter.", LOSE, ()),
    ),
    (
        "during setup",
        picking(),
        LoseTurn(0, 1),
        (False, "Only a hero still questing can lose a turn.", LOSE, ()),
    ),
    (
        "a finished hero",
        replace(two_heroes(), finished=(1,)),
        LoseTurn(0, 1),
        (False, "Only a hero still questing can lose a turn.", LOSE, ()),
    ),
    (
        "no such hero",
        two_heroes(),
        LoseTurn(0, 2),
        (False, "There is no seat 2 at this table.", LOSE, ()),
    ),
    (
        "the hero to play owes a step",
        replace(two_heroes(), refill_due=1),
        LoseTurn(1, 0),
        (
            False,
            "First Bea refills the empty cities (or leaves them).",
            ("bot.quest.after", "bot.assume.quest-steps"),
            (),
        ),
    ),
    # Ending a turn.
    (
        "end the turn",
        two_heroes(),
        EndTurn(0),
        (
            True,
            "Ann ends her turn; unused actions are lost.",
            ("bot.turn.actions",),
            ("Bea's turn",),
        ),
    ),
    (
        "end the turn owing a step",
        refill_due(Thebes="empty"),
        EndTurn(0),
        (
            False,
            "First Ann refills the empty cities (or leaves them).",
            ("bot.quest.after", "bot.assume.quest-steps"),
            (),
        ),
    ),
    # Fixing a typed value: any time, by its owner, within the same bounds.
    (
        "fix the hero",
        two_heroes(),
        EditCounter(0, "hero", Stats(" Atalanta ", 5, 6, 2)),
        (
            True,
            "Atalanta now matches the counter.",
            EDIT,
            ("Atalanta: Battle 5, Navigation 6, Wits 2",),
        ),
    ),
    (
        "fix out of turn",
        two_heroes(),
        EditCounter(1, "hero", Stats("Cyrene", 6, 5, 5)),
        (
            True,
            "Cyrene now matches the counter.",
            EDIT,
            ("Cyrene: Battle 6, Navigation 5, Wits 5",),
        ),
    ),
    (
        "take another's hero",
        two_heroes(),
        EditCounter(0, "hero", Stats(" cyrene", 5, 6, 2)),
        (False, "cyrene is another player's hero.", ("bot.setup.selection",), ()),
    ),
    (
        "fix a missing ally",
        two_heroes(),
        EditCounter(0, "ally", CASTOR),
        (False, "Ann has no ally counter.", EDIT, ()),
    ),
    (
        "fix the crew counter",
        two_heroes(),
        EditCounter(0, "crew", Stats("Pheacians", 2, 3, 1)),
        (
            True,
            "Pheacians now matches the counter.",
            EDIT,
            ("Pheacians: Battle 2, Navigation 3, Wits 1",),
        ),
    ),
    (
        "fix out of bounds",
        two_heroes(),
        EditCounter(0, "crew", Stats("Pheacians", 2, 13, 1)),
        (False, "The crew's Navigation must be 0 to 12, not 13.", ("bot.assume.value-bounds",), ()),
    ),
    (
        "fix for no seat",
        two_heroes(),
        EditCounter(3, "crew", CASTOR),
        (False, "There is no seat 3 at this table.", EDIT, ()),
    ),
]


@pytest.mark.parametrize(
    ("state", "act", "want"), [case[1:] for case in CASES], ids=[case[0] for case in CASES]
)
def test_bot_upkeep_verdicts(state: BotState, act: Action, want: Want) -> None:
    assert whole(GAME.check(state, act)) == want


def test_bot_what_upkeep_leaves_on_the_table() -> None:
    looked = play(two_heroes(), Look(0, "Delphi"))
    assert looked.heroes[0].prophecy == 1 and looked.actions_used == 0  # not an action
    argo = play(ann(gear=ARGO), UseArgo(0))
    assert argo.heroes[0].prophecy == 3 and argo.heroes[0].argo_used
    teeth = play(ann(gear=TEETH, crew=2), DragonsTeeth(0, 6))
    assert teeth.heroes[0].crew == 6 and teeth.heroes[0].gear is None  # discarded
    geared = play(ann(gear_due=True), DrawGear(0, Stats(" Axe ", 1, 0, 0)))
    assert geared.heroes[0].gear == AXE and not geared.heroes[0].gear_due
    refilled = play(refill_due(Thebes="empty", Sparta="empty"), RefillCities(0, ("Thebes",)))
    assert refilled.cities == {"Thebes": "unknown", "Sparta": "empty"}
    assert refilled.refill_due == -1
    fixed = play(
        ann(ally=CASTOR, gear=AXE),
        EditCounter(0, "ally", Stats("Castor", 2, 1, 1)),
        EditCounter(0, "gear", Stats("Axe", 3, 0, 0)),
        EditCounter(0, "crew", Stats("Pheacians", 2, 3, 1)),
        EditCounter(0, "hero", Stats(" Atalanta ", 5, 6, 2)),
    )
    hero = fixed.heroes[0]
    assert (hero.ally, hero.gear) == (Stats("Castor", 2, 1, 1), Stats("Axe", 3, 0, 0))
    assert (hero.crew_counter, hero.hero) == (
        Stats("Pheacians", 2, 3, 1),
        Stats("Atalanta", 5, 6, 2),
    )
    assert (fixed.turn, fixed.actions_used) == (0, 0)  # fixing a value is not an action


def test_bot_a_lost_turn_ends_this_turn_and_skips_the_next() -> None:
    state = play(two_heroes(), LoseTurn(1, 0))
    assert state.turn == 1 and state.heroes[0].lose_turn
    state = play(state, EndTurn(1))
    # Ann's turn comes up: the counter is discarded and the turn passes back to Bea.
    assert state.turn == 1 and not state.heroes[0].lose_turn
