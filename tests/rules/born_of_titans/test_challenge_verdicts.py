"""Born of Titans: a challenge's rolls, whole (the sentence, the rules cited and the effects)
and the table after them: successes add up over rolls (bot.challenge.accumulate) and
reaching the number exactly wins (bot.challenge.won); each short roll lets the foe kill one
crew (bot.challenge.attack), three under Ares (bot.divine.ares), none with the Lion Skin
(bot.gear.lion-skin); a hero out of crew is defeated and goes back (bot.challenge.defeat,
bot.turn.no-crew); a beaten city monster leaves the city open (bot.encounter.city-first).
Then the score sheet, whole (bot.score.sheet, bot.end.placings).

Ann (Battle 5 + the Pheacians' 2 = 7 dice, six crew) moves to Thebes and meets a Hydra that
needs 9 Battle successes; the move was her first action, the fight is her second.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.born_of_titans import GAME, BotOptions, Place, Reveal, Stats
from rules.born_of_titans.actions import (
    Encounter,
    EndTurn,
    FirstSelector,
    Move,
    PickHero,
    Retreat,
    Roll,
)
from rules.born_of_titans.state import BotState
from rules.core import LineItem, PlayerScore, ScoreSheet

from .helpers import (
    ATALANTA,
    CYRENE,
    HYDRA,
    JASON,
    PHEACIANS,
    THEBES,
    edit_hero,
    fighting,
    play,
    two_heroes,
    whole,
)

SHORT = ("bot.challenge.accumulate", "bot.challenge.attack")
OPENED = ("bot.challenge.dice", "bot.challenge.attribute", "bot.encounter.action")
BEATEN = ("bot.challenge.accumulate", "bot.challenge.won")


def test_bot_the_hydra_fight_opens_with_seven_dice_against_nine() -> None:
    state = play(two_heroes(), Move(0, 4, 2, 1, THEBES))
    assert whole(GAME.check(state, Encounter(0, attribute="battle", reveal=HYDRA))) == (
        True,
        "Hydra needs 9 successes; Ann rolls 7 dice.",
        ("bot.challenge.dice", "bot.challenge.attribute", "bot.encounter.action"),
        ("revealed: Hydra", "Ann fights Hydra: 7 dice of Battle against 9"),
    )
    ch = fighting().challenge
    assert ch is not None
    assert (ch.dice, ch.successes, ch.need, ch.rolls, ch.losses) == (7, 0, 9, (), ())


@pytest.mark.parametrize("successes", [8, -1])
def test_bot_a_roll_cannot_show_more_successes_than_dice(successes: int) -> None:
    assert whole(GAME.check(fighting(), Roll(0, successes))) == (
        False,
        f"7 dice give 0 to 7 successes, not {successes}.",
        ("bot.dice.success",),
        (),
    )


def test_bot_only_the_fighting_hero_rolls_and_retreats_after_a_strike() -> None:
    assert whole(GAME.check(fighting(), Roll(1, 3)))[:3] == (
        False,
        "Bea is not in a challenge.",
        ("bot.challenge.accumulate",),
    )
    assert whole(GAME.check(fighting(), Retreat(0)))[:3] == (
        False,
        "A hero may retreat only after the foe has struck.",
        ("bot.challenge.retreat",),
    )


def test_bot_successes_add_up_and_reaching_the_number_exactly_wins_the_city() -> None:
    state = fighting()
    assert whole(GAME.check(state, Roll(0, 7))) == (
        True,
        "7 of 9 successes: Hydra strikes.",
        SHORT,
        ("7 successes (7 of 9)", "Ann's crew 6 → 5"),
    )
    state = play(state, Roll(0, 3))
    ch = state.challenge
    assert ch is not None and state.heroes[0].crew == 5
    assert (ch.successes, ch.losses, ch.crew_lost) == (3, (1,), 1)
    assert whole(GAME.check(state, Roll(0, 5))) == (
        True,
        "8 of 9 successes: Hydra strikes.",
        SHORT,
        ("5 successes (8 of 9)", "Ann's crew 5 → 4"),
    )
    assert whole(GAME.check(state, Roll(0, 6))) == (
        True,
        "9 successes of 9: Hydra is beaten.",
        (*BEATEN, "bot.turn.actions"),
        (
            "6 successes (9 of 9)",
            "Hydra is beaten and goes back to the encounter pool",
            "Bea's turn",
        ),
    )
    won = play(state, Roll(0, 6))
    assert won.challenge is None
    assert won.cities == {"Thebes": "empty"} and won.city_monsters == {}
    assert won.heroes[0].place == THEBES and won.heroes[0].inside  # in the city now
    assert won.heroes[0].crew == 5  # a winning roll costs no crew
    assert (won.turn, won.actions_used) == (1, 0)


def test_bot_ares_kills_three_a_strike_and_the_lion_skin_none() -> None:
    state = fighting()
    assert state.challenge is not None
    ares = replace(state, challenge=replace(state.challenge, ares=True))
    assert whole(GAME.check(ares, Roll(0, 1))) == (
        True,
        "1 of 9 successes: Hydra strikes.",
        (*SHORT, "bot.divine.ares"),
        ("1 success (1 of 9)", "Ann's crew 6 → 3"),
    )
    after = play(ares, Roll(0, 1))
    assert after.challenge is not None and after.challenge.losses == (3,)
    skin = replace(state, challenge=replace(state.challenge, invincible=True))
    assert whole(GAME.check(skin, Roll(0, 1))) == (
        True,
        "1 of 9 successes: Hydra strikes.",
        (*SHORT, "bot.gear.lion-skin"),
        ("1 success (1 of 9)",),
    )
    after = play(skin, Roll(0, 1))
    assert after.heroes[0].crew == 6
    assert after.challenge is not None and after.challenge.losses == (0,)


def test_bot_the_last_crew_lost_defeats_the_hero() -> None:
    state = fighting(crew=1)
    assert whole(GAME.check(state, Roll(0, 2))) == (
        True,
        "2 of 9 successes: Hydra strikes.",
        (*SHORT, "bot.turn.actions", "bot.turn.no-crew", "bot.challenge.defeat"),
        (
            "2 successes (2 of 9)",
            "Ann's crew 1 → 0",
            "Ann is defeated and retreats",
            "Ann goes back to the point one segment before the city Thebes",
            "Bea's turn",
        ),
    )
    lost = play(state, Roll(0, 2))
    ann = lost.heroes[0]
    assert lost.challenge is None and ann.crew == 0
    assert ann.place == Place("point") and ann.inside  # one segment back from Thebes
    assert lost.cities == {"Thebes": "monster"}  # the Hydra still guards Thebes
    assert lost.city_monsters["Thebes"].name == "Hydra"


def test_bot_a_hero_fighting_without_crew_is_defeated_at_the_first_strike() -> None:
    state = fighting(crew=0)
    assert whole(GAME.check(state, Roll(0, 2)))[3] == (
        "2 successes (2 of 9)",
        "Ann has no crew left to lose",
        "Ann is defeated and retreats",
        "Ann goes back to the point one segment before the city Thebes",
        "Bea's turn",
    )
    assert play(state, Roll(0, 2)).challenge is None


# ----- the score sheet (bot.score.sheet, bot.end.placings) -----------------------------------


def _items(*row: tuple[str, int, str, str]) -> tuple[LineItem, ...]:
    return tuple(LineItem(*item) for item in row)


def _row(place: str, quests: int, shields: str, crew: int, prophecy: int) -> tuple[LineItem, ...]:
    return _items(
        ("Place", 0, "bot.end.placings", place),
        ("Quests", quests, "bot.quest.complete", f"shields {shields}"),
        ("Crew left", 0, "bot.score.sheet", str(crew)),
        ("Prophecy left", 0, "bot.score.sheet", str(prophecy)),
    )


def test_bot_score_sheet_whole_with_shared_places() -> None:
    """Ann finished first; the table stopped playing on with Bea and Cat on two quests each
    (sharing 2nd) and Dan on one (4th, not 3rd)."""
    state = GAME.setup(BotOptions(players=("Ann", "Bea", "Cat", "Dan"), placings=True))
    state = play(
        state,
        FirstSelector(3),
        PickHero(3, JASON, PHEACIANS),
        PickHero(2, Stats("Theseus", 5, 3, 3), PHEACIANS),
        PickHero(1, CYRENE, PHEACIANS),
        PickHero(0, ATALANTA, PHEACIANS),
    )
    state = edit_hero(state, 0, shields={1: "Hydra", 2: "Medusa", 3: "Cerberus"})
    state = edit_hero(state, 1, shields={5: "Minotaur", 4: "Sirens"}, crew=3, prophecy=0)
    state = edit_hero(state, 2, shields={1: "Chimera", 6: "Harpies"})
    state = edit_hero(state, 3, shields={2: "Cyclops"}, crew=0)
    sheet = GAME.score(replace(state, finished=(0,)))
    assert sheet == ScoreSheet(
        (
            PlayerScore("Ann (Atalanta)", _row("1st", 3, "1: Hydra, 2: Medusa, 3: Cerberus", 6, 2)),
            PlayerScore("Bea (Cyrene)", _row("2nd", 2, "4: Sirens, 5: Minotaur", 3, 0)),
            PlayerScore("Cat (Theseus)", _row("2nd", 2, "1: Chimera, 6: Harpies", 6, 2)),
            PlayerScore("Dan (Jason)", _row("4th", 1, "2: Cyclops", 0, 2)),
        ),
        "Ann",
        None,
        "Ann wins with three quests.",
    )


def test_bot_score_sheet_before_anyone_finishes() -> None:
    sheet = GAME.score(GAME.setup(BotOptions(players=("Ann", "Bea"))))
    assert sheet == ScoreSheet(
        (
            PlayerScore("Ann", _row("1st", 0, "none", 6, 2)),
            PlayerScore("Bea", _row("1st", 0, "none", 6, 2)),
        ),
        None,
        None,
        "No hero has three quests yet.",
    )


# ----- a foe's typed numbers (bot.values.entered, bot.assume.value-bounds) --------------------

BOUNDS = ("bot.assume.value-bounds",)
ENTERED = ("bot.values.entered",)


@pytest.mark.parametrize(
    ("foe", "want"),
    [
        (
            Reveal("monster", "Hydra", 21, 0, 0),
            (False, "The foe's Battle number must be 0 to 20, not 21.", BOUNDS),
        ),
        (
            Reveal("monster", "Hydra", 0, -1, 3),
            (False, "The foe's Navigation number must be 0 to 20, not -1.", BOUNDS),
        ),
        (
            Reveal("monster", "Hydra", 0, 0, 0),
            (False, "The foe needs a number in at least one attribute.", BOUNDS),
        ),
        (Reveal("monster", " ", 1, 0, 0), (False, "The foe needs a name.", ENTERED)),
        (
            Reveal("monster", "x" * 41, 1, 0, 0),
            (False, "The foe's name is longer than 40 characters.", ENTERED),
        ),
        (
            Reveal("monster", "Hydra", 20, 0, 0),
            (True, "Hydra needs 20 successes; Ann rolls 7 dice.", OPENED),
        ),
        (
            Reveal("monster", "x" * 40, 1, 0, 0),
            (True, f"{'x' * 40} needs 1 success; Ann rolls 7 dice.", OPENED),
        ),
    ],
)
def test_bot_a_revealed_foe_is_typed_within_bounds(
    foe: Reveal, want: tuple[bool, str, tuple[str, ...]]
) -> None:
    state = play(two_heroes(), Move(0, 4, 2, 1, THEBES))
    assert whole(GAME.check(state, Encounter(0, attribute="battle", reveal=foe)))[:3] == want


def test_bot_nothing_else_of_the_hero_until_the_challenge_ends() -> None:
    state = fighting()
    finish = (
        False,
        "Finish the challenge first: roll again or retreat.",
        ("bot.challenge.retreat",),
    )
    assert whole(GAME.check(state, Move(0, 1, 1, 0, Place("sea", "Strait"))))[:3] == finish
    assert whole(GAME.check(state, EndTurn(0)))[:3] == finish


# ----- a city's face-down encounter, and how a fight is chosen ---------------------------------

HIRE = Reveal("crew-for-hire", "Crew for Hire")
HIRED = ("bot.encounter.crew-for-hire", "bot.encounter.action", "bot.turn.actions")
CREW_FOR_HIRE = ("bot.encounter.crew-for-hire",)


def in_thebes(**ann: object) -> BotState:
    """Ann (three crew unless told) has moved to Thebes: the encounter is her second action."""
    return play(edit_hero(two_heroes(), 0, **({"crew": 3} | ann)), Move(0, 4, 2, 1, THEBES))


@pytest.mark.parametrize(
    ("act", "want"),
    [
        (
            Encounter(0, reveal=HIRE, roll=0),
            (False, "Enter the die rolled for Crew for Hire (1 to 6).", CREW_FOR_HIRE, ()),
        ),
        (
            Encounter(0, reveal=HIRE, roll=7),
            (False, "Enter the die rolled for Crew for Hire (1 to 6).", CREW_FOR_HIRE, ()),
        ),
        (
            Encounter(0, reveal=HIRE, roll=4, hired=5),
            (False, "Crew for Hire gives at most the die roll (4).", CREW_FOR_HIRE, ()),
        ),
        (
            Encounter(0, reveal=HIRE, roll=4, hired=-1),
            (False, "Crew for Hire gives at most the die roll (4).", CREW_FOR_HIRE, ()),
        ),
        (
            Encounter(0, reveal=HIRE, roll=4, hired=4),
            (False, "Ann has 3 crew; more than 3 would pass six.", CREW_FOR_HIRE, ()),
        ),
        (
            Encounter(0, reveal=HIRE, roll=6, hired=3),
            (
                True,
                "Crew for Hire.",
                HIRED,
                (
                    "Crew for Hire: rolled 6, hires 3",
                    "Ann's crew 3 → 6",
                    "Ann enters Thebes",
                    "Bea's turn",
                ),
            ),
        ),
        (
            Encounter(0, reveal=HIRE, roll=1, hired=0),
            (
                True,
                "Crew for Hire.",
                HIRED,
                ("Crew for Hire: rolled 1, hires 0", "Ann enters Thebes", "Bea's turn"),
            ),
        ),
        (
            Encounter(0, reveal=Reveal("ally", "Castor", 1, 1, 1)),
            (
                True,
                "Castor is revealed.",
                ("bot.encounter.ally", "bot.encounter.action", "bot.turn.actions"),
                ("Castor joins Ann", "Ann enters Thebes", "Bea's turn"),
            ),
        ),
        (
            Encounter(0, reveal=Reveal("gather-humility", "Gather Humility")),
            (
                True,
                "Gather Humility is revealed.",
                ("bot.encounter.gather-humility", "bot.encounter.action", "bot.turn.actions"),
                ("no effect: no Hubris to give up", "Ann enters Thebes", "Bea's turn"),
            ),
        ),
        (
            Encounter(0, reveal=Reveal("allys-quest", "Ally's Quest")),
            (
                True,
                "Ally's Quest is revealed.",
                ("bot.encounter.allys-quest", "bot.encounter.action", "bot.turn.actions"),
                ("no effect: no ally", "Ann enters Thebes", "Bea's turn"),
            ),
        ),
        (
            Encounter(0, reveal=Reveal("fair-weather", "Fair Weather")),
            # Two more actions: the turn goes on.
            (
                True,
                "Fair Weather is revealed.",
                ("bot.encounter.fair-weather", "bot.encounter.action"),
                ("Ann gains two actions", "Ann enters Thebes"),
            ),
        ),
        (
            Encounter(0, reveal=Reveal("other", "Storm")),
            (
                True,
                "Storm is revealed.",
                ("bot.encounter.other", "bot.encounter.action", "bot.turn.actions"),
                ("Storm: follow the counter's text", "Ann enters Thebes", "Bea's turn"),
            ),
        ),
    ],
)
def test_bot_city_encounters(
    act: Encounter, want: tuple[bool, str, tuple[str, ...], tuple[str, ...]]
) -> None:
    assert whole(GAME.check(in_thebes(), act)) == want


@pytest.mark.parametrize(
    ("athena", "act", "want"),
    [
        (
            False,
            Encounter(0, attribute="wits", against="battle", reveal=HYDRA),
            (
                False,
                "Only two Athenas let a hero pit one attribute against another.",
                ("bot.divine.athena",),
            ),
        ),
        (
            True,
            Encounter(0, attribute="wits", against="battle", reveal=HYDRA),
            (True, "Hydra needs 9 successes; Ann rolls 3 dice.", OPENED),
        ),
        (
            False,
            Encounter(0, attribute="wits", reveal=HYDRA),
            (
                False,
                "Hydra cannot be fought with Wits; only with Battle.",
                ("bot.challenge.attribute",),
            ),
        ),
        (
            False,
            Encounter(0, attribute="battle", prophecy=3, reveal=HYDRA),
            (False, "Ann can commit 0 to 2 prophecy, not 3.", ("bot.challenge.prophecy",)),
        ),
        (
            False,
            Encounter(0, attribute="battle", prophecy=-1, reveal=HYDRA),
            (False, "Ann can commit 0 to 2 prophecy, not -1.", ("bot.challenge.prophecy",)),
        ),
        (
            False,
            Encounter(0, attribute="battle", prophecy=2, reveal=HYDRA),
            (
                True,
                "Hydra needs 9 successes; Ann rolls 9 dice.",
                (*OPENED, "bot.challenge.prophecy", "bot.assume.prophecy-per-challenge"),
            ),
        ),
    ],
)
def test_bot_how_a_fight_is_chosen(
    athena: bool, act: Encounter, want: tuple[bool, str, tuple[str, ...]]
) -> None:
    assert whole(GAME.check(in_thebes(athena=athena), act))[:3] == want


@pytest.mark.parametrize(
    ("kind", "name"), [("gather-humility", "Gather Humility"), ("allys-quest", "Ally's Quest")]
)
def test_bot_encounter_action_a_counter_revealed_without_a_name_reads_by_its_kind(
    kind: str, name: str
) -> None:
    verdict = GAME.check(in_thebes(), Encounter(0, reveal=Reveal(kind, "")))
    assert verdict.legal and verdict.reason == f"{name} is revealed."
