"""Born of Titans: the rules engine, rule by rule, and the rulebook's example of play."""

from __future__ import annotations

from dataclasses import replace

from rules.born_of_titans import GAME, BotOptions, Foe, Place, Reveal, Stats, data
from rules.born_of_titans.actions import (
    DragonsTeeth,
    DrawGear,
    EditCounter,
    Encounter,
    EndTurn,
    FirstSelector,
    LionSkin,
    LoseTurn,
    Move,
    Oracle,
    PickHero,
    PlaceQuest,
    PlayDivine,
    Recruit,
    RefillCities,
    Retreat,
    Roll,
    Sacrifice,
    StartSite,
    StopPlaying,
)
from rules.born_of_titans.guards import actions_left, total

from .helpers import (
    ATALANTA,
    BELLEROPHON,
    MEDUSA,
    PHEACIANS,
    edit_hero,
    play,
    refused,
    two_heroes,
)


def test_bot_setup_selection_and_play_order() -> None:
    state = GAME.setup(BotOptions(players=("A", "B", "C", "D")))
    assert state.heroes[0].crew == 6 and state.heroes[0].prophecy == 2  # bot.setup.sheets
    state = play(state, FirstSelector(2))
    assert state.selection_order() == [2, 1, 0, 3]  # counter-clockwise from the lowest roll
    assert state.play_order() == [3, 0, 1, 2]  # clockwise, the first picker last
    verdict = refused(state, PickHero(0, ATALANTA, PHEACIANS))
    assert "C's pick" in verdict.reason and "bot.setup.selection" in verdict.rules
    state = play(state, PickHero(2, ATALANTA, PHEACIANS))
    verdict = refused(state, PickHero(1, replace(ATALANTA, name=" atalanta"), PHEACIANS))
    assert "already been picked" in verdict.reason


def test_bot_setup_quests_placed_by_the_left_neighbour() -> None:
    state = GAME.setup(BotOptions(players=("Ann", "Bea", "Cat")))
    state = play(
        state,
        FirstSelector(0),
        PickHero(0, ATALANTA, PHEACIANS),
        PickHero(2, Stats("Jason", 4, 4, 4), PHEACIANS),
        PickHero(1, Stats("Theseus", 5, 3, 3), PHEACIANS),
        StartSite(0, 1),
    )
    # Quest markers are handed left only once every hero stands on her site.
    assert refused(state, PlaceQuest(1, 1)).rules == ("bot.setup.quests", "bot.setup.start-site")
    state = play(
        state,
        StartSite(1, 6),
        StartSite(2, 6),
        PlaceQuest(1, 1),  # Bea places Ann's quest; a site with a hero is fine
    )
    assert state.heroes[0].quest_site == 1
    verdict = refused(state, PlaceQuest(2, 1))  # Cat places Bea's: site 1 holds a quest
    assert "already holds Ann's quest" in verdict.reason
    assert refused(state, PlaceQuest(1, 2)).rules == ("bot.setup.quests",)  # Ann's is placed
    state = play(state, PlaceQuest(2, 2), PlaceQuest(0, 3))
    assert state.phase == "play" and state.turn == 1  # clockwise from Ann, the first picker


def test_bot_example_of_play_atalanta_and_medusa() -> None:
    """The rulebook's example: Atalanta (Battle 8, Navigation 9, Wits 4 with the Pheacians
    and Bellerophon) beats Medusa with Navigation in three rolls (4, 2, 5 successes)."""
    state = two_heroes()
    state = edit_hero(state, 0, ally=BELLEROPHON, shields={5: "Hydra"}, place=Place("point"))
    state = replace(state, hubris=1, hubris_first=True)
    ann = state.heroes[0]
    assert (total(ann, "battle"), total(ann, "navigation"), total(ann, "wits")) == (8, 9, 4)
    state = play(state, Move(0, courses=5, sea=4, land=0, to=Place("quest", site=3)))
    battle = refused(state, Encounter(0, attribute="battle", reveal=MEDUSA))
    assert battle.rules == ("bot.challenge.attribute",)
    state = play(state, Encounter(0, attribute="navigation", reveal=MEDUSA))
    assert state.challenge is not None and state.challenge.dice == 9
    state = play(state, Roll(0, 4))
    assert state.heroes[0].crew == 5
    state = play(state, Roll(0, 2))
    # Six crew less two strikes: four, as the later recruit from shield 4 to 6 confirms
    # (bot.assume.example-crew).
    assert state.heroes[0].crew == 4 and state.challenge is not None
    assert state.challenge.successes == 6
    verdict = GAME.check(state, Roll(0, 5))
    assert {"bot.quest.complete", "bot.hubris.second"} <= set(verdict.rules)
    state = play(state, Roll(0, 5))
    ann = state.heroes[0]
    assert ann.shields == {3: "Medusa", 5: "Hydra"}
    assert ann.ally is None and ann.gear_due and state.hubris == 0
    # Bea may not place it on site 5: Ann's shield 5 already holds a quest.
    assert "shield 5" in refused(state, PlaceQuest(1, 5)).reason
    assert refused(state, EndTurn(0)).rules[0] == "bot.quest.next"
    state = play(
        state, PlaceQuest(1, 6), DrawGear(0, Stats("Bronze Helm", 1, 0, 1)), RefillCities(0, ())
    )
    assert state.turn == 1  # Ann's two actions are spent
    state = play(state, EndTurn(1))
    # Next turn: five courses, three sea segments to Mesembria, whose encounter comes first.
    state = play(state, Move(0, courses=5, sea=3, land=0, to=Place("city", "Mesembria")))
    assert refused(state, Recruit(0, 2)).rules[0] == "bot.encounter.city-first"
    state = play(state, Encounter(0, reveal=Reveal("fair-weather", "Fair Weather")))
    assert actions_left(state) == 2
    state = play(state, Recruit(0, 2))
    assert state.heroes[0].crew == 6
    state = play(state, Sacrifice(0, "hera"))
    assert state.turn == 1  # four actions used
    state = play(state, PlayDivine(0, "hera", 0))
    assert state.hubris == -1


def test_bot_move_cost_and_no_crew() -> None:
    state = two_heroes()
    verdict = refused(state, Move(0, courses=3, sea=0, land=2, to=Place("point")))
    assert (
        "cost 4 courses" in verdict.reason and "3 courses reach 3 sea or 1 land" in verdict.reason
    )
    assert refused(state, Move(0, courses=8, sea=1, land=0, to=Place("point"))).rules == (
        "bot.move.roll",
    )  # Atalanta and the Pheacians roll 7 Navigation dice
    state = edit_hero(state, 0, crew=0)
    assert actions_left(state) == 1
    assert total(state.heroes[0], "navigation") == 5  # crew no longer counts
    assert "bot.turn.no-crew" in refused(state, Move(0, 3, 2, 0, Place("point"))).rules
    state = play(state, Move(0, 4, 2, 0, Place("point")))
    assert state.turn == 1  # one action without crew


def test_bot_no_crew_loses_gear_and_ally_but_may_gain_new_ones() -> None:
    state = edit_hero(two_heroes(), 0, ally=BELLEROPHON, gear=Stats("Argo", 0, 1, 0), crew=1)
    state = play(state, Move(0, 1, 1, 0, Place("city", "Thebes")))
    hydra = Reveal("monster", "Hydra", 9, 0, 0)
    state = play(state, Encounter(0, attribute="battle", reveal=hydra), Roll(0, 0))
    ann = state.heroes[0]
    assert ann.crew == 0 and ann.ally is None and ann.gear is None  # bot.turn.no-crew
    state = play(state, EndTurn(1))
    assert actions_left(state) == 1  # one action without crew
    state = edit_hero(state, 0, place=Place("city", "Sparta"), inside=False)
    state = play(state, Encounter(0, reveal=Reveal("ally", "Castor", 1, 1, 1)))
    assert state.heroes[0].ally == Stats("Castor", 1, 1, 1)  # the rule strips, never forbids


def test_bot_challenge_retreat_defeat_and_healing() -> None:
    state = two_heroes()
    state = play(state, Move(0, 1, 1, 0, Place("city", "Thebes")))
    hydra = Reveal("monster", "Hydra", 9, 0, 0)
    state = play(state, Encounter(0, attribute="battle", prophecy=1, reveal=hydra))
    assert state.challenge is not None and state.challenge.dice == 8  # 5 + 2 + 1 prophecy
    assert refused(state, Retreat(0)).rules == ("bot.challenge.retreat",)
    state = play(state, Roll(0, 3), Retreat(0))
    ann = state.heroes[0]
    assert ann.crew == 5 and ann.prophecy == 1  # committed prophecy is spent
    assert ann.place == Place("quest", site=1)  # back where she came from
    assert state.cities["Thebes"] == "monster"
    # Bea meets the same Hydra later: it has healed.
    state = play(state, Move(1, 1, 1, 0, Place("city", "Thebes")))
    assert refused(state, Encounter(1, reveal=hydra)).rules == ("bot.setup.facedown",)
    state = play(state, Encounter(1, attribute="battle"))
    assert state.challenge is not None and state.challenge.successes == 0
    state = edit_hero(state, 1, crew=1)
    state = play(state, Roll(1, 2))
    assert state.challenge is None and state.heroes[1].crew == 0  # defeated
    assert state.heroes[1].place == Place("quest", site=2)


def test_bot_sea_monsters_are_immortal_and_ares_kills_three() -> None:
    state = two_heroes()
    state = play(state, Move(0, 2, 2, 0, Place("sea", "Strait")))
    sirens = Reveal("monster", "Sirens", 0, 0, 5)
    state = play(state, Encounter(0, attribute="wits", prophecy=2, reveal=sirens))
    state = edit_hero(state, 1, divine=("ares", "ares"))
    state = play(state, PlayDivine(1, "ares", 0, pair=True), Roll(0, 1))
    assert state.heroes[0].crew == 3
    assert state.challenge is not None and state.challenge.losses == (3,)
    state = play(state, Roll(0, 4))
    assert state.heroes[0].prophecy == 0
    assert state.sea_monsters["Strait"] == Foe("Sirens", "sea", 0, 0, 5)
    assert state.heroes[0].inside


def test_bot_quest_own_hubris_blocks_and_underworld() -> None:
    state = two_heroes()
    state = play(state, Move(0, 4, 0, 2, Place("quest", site=4)))
    assert refused(state, Encounter(0, reveal=MEDUSA)).rules == ("bot.quest.own",)
    state = play(state, EndTurn(0), EndTurn(1), Move(0, 2, 0, 1, Place("quest", site=3)))
    blocked = replace(state, hubris=0)
    assert refused(blocked, Encounter(0, reveal=MEDUSA)).rules == ("bot.hubris.blocks",)
    cerberus = Reveal("monster", "Capture Cerberus", 8, 0, 0)
    assert refused(state, Encounter(0, reveal=cerberus)).rules == ("bot.quest.underworld",)
    state = play(state, Encounter(0, reveal=cerberus, underworld="Taenarum"))
    ann = state.heroes[0]
    assert ann.quest_site == 0 and ann.quest_origin == 3 and ann.quest_underworld == "Taenarum"
    state = play(state, EndTurn(1), Move(0, 2, 2, 0, Place("underworld", "Taenarum")))
    state = play(state, Encounter(0, attribute="battle"), Roll(0, 7), Roll(0, 1))
    assert state.heroes[0].shields == {3: "Capture Cerberus"}  # bot.assume.underworld-shield
    assert state.hubris == 0  # first to complete a quest


def test_bot_three_quests_win_and_placings() -> None:
    state = two_heroes(placings=True)
    state = edit_hero(state, 0, shields={1: "A", 2: "B"}, place=Place("quest", site=3))
    state = replace(state, hubris_first=True, hubris_second=True)
    state = play(state, Encounter(0, attribute="navigation", reveal=MEDUSA), Roll(0, 7))
    # With two heroes, playing on leaves Bea alone: she takes second place at once.
    assert state.finished == (0,) and state.phase == "over"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == ("Ann",)
    sheet = GAME.score(state)
    assert sheet.winner == "Ann"
    assert [p.items[0].detail for p in sheet.players] == ["1st", "2nd"]
    assert sheet.players[0].items[1].detail == "shields 1: A, 2: B, 3: Medusa"


def test_bot_playing_on_with_three_until_stopped() -> None:
    state = GAME.setup(BotOptions(players=("Ann", "Bea", "Cat"), placings=True))
    state = play(
        state,
        FirstSelector(2),
        PickHero(2, Stats("Jason", 4, 4, 4), PHEACIANS),
        PickHero(1, Stats("Theseus", 5, 3, 3), PHEACIANS),
        PickHero(0, ATALANTA, PHEACIANS),
        StartSite(0, 1),
        StartSite(1, 1),
        StartSite(2, 1),
        PlaceQuest(1, 3),
        PlaceQuest(2, 4),
        PlaceQuest(0, 5),
    )
    assert state.turn == 0
    state = edit_hero(state, 0, shields={1: "A", 2: "B"}, place=Place("quest", site=3))
    state = edit_hero(state, 2, shields={1: "C"})
    state = replace(state, hubris_first=True, hubris_second=True)
    state = play(state, Encounter(0, attribute="navigation", reveal=MEDUSA), Roll(0, 7))
    assert state.finished == (0,) and state.phase == "play" and state.turn == 1
    assert GAME.outcome(state) is None  # playing on for places
    state = play(state, StopPlaying(1))
    assert [p.items[0].detail for p in GAME.score(state).players] == ["1st", "2nd", "3rd"]
    assert GAME.score(state).players[1].name == "Cat (Jason)"


def test_bot_game_ends_at_the_first_three_without_placings() -> None:
    state = two_heroes()
    state = edit_hero(state, 0, shields={1: "A", 2: "B"}, place=Place("quest", site=3))
    state = replace(state, hubris_first=True, hubris_second=True)
    state = play(state, Encounter(0, attribute="navigation", reveal=MEDUSA), Roll(0, 7))
    assert state.phase == "over" and GAME.check(state, EndTurn(1)).rules == ("core.finished",)


def test_bot_divine_counters_hidden_from_other_phones() -> None:
    state = edit_hero(two_heroes(), 0, divine=("athena", "furies"))
    assert GAME.redact(state, 0).heroes[0].divine == ("athena", "furies")
    assert GAME.redact(state, 1).heroes[0].divine == ("hidden", "hidden")
    assert GAME.redact(state, None).heroes[0].divine == ("hidden", "hidden")
    state = play(state, Move(0, 1, 1, 0, Place("city", "Thebes")))
    state = play(state, Encounter(0, reveal=Reveal("other", "Storm")), EndTurn(1))
    state = play(state, Sacrifice(0, "muses"))
    assert GAME.redact(state, 1).heroes[0].divine == ("hidden",) * 3
    lines = [GAME.describe(state, Sacrifice(0, "ares"))]
    assert "ares" not in lines[0].lower()


def test_bot_furies_need_hubris_or_more_quests() -> None:
    state = edit_hero(two_heroes(), 0, divine=("furies",))
    assert refused(state, PlayDivine(0, "furies", 1)).rules == ("bot.divine.furies",)
    state = replace(state, hubris=1)
    state = play(state, PlayDivine(0, "furies", 1))
    assert state.heroes[1].crew == 4
    assert refused(state, PlayDivine(0, "muses", 0, pair=True)).rules[0] == "bot.divine.play"


def test_bot_oracle_and_lose_turn_and_edits() -> None:
    state = play(two_heroes(), Move(0, 2, 2, 0, Place("oracle", "Delphi")), Oracle(0))
    assert state.heroes[0].prophecy == 4 and state.turn == 1
    state = play(state, LoseTurn(1, 0), EndTurn(1))
    assert state.turn == 1 and not state.heroes[0].lose_turn  # Ann's turn was skipped
    state = play(state, EditCounter(0, "hero", Stats("Atalanta", 5, 6, 2)))
    assert state.heroes[0].hero == Stats("Atalanta", 5, 6, 2)
    assert refused(state, EditCounter(0, "ally", BELLEROPHON)).rules == ("bot.values.edit",)
    verdict = refused(state, EditCounter(0, "hero", Stats("Atalanta", 13, 6, 2)))
    assert verdict.rules == ("bot.assume.value-bounds",)


def test_bot_values_entered_printed_data_matches_the_rulebook() -> None:
    printed = data.load()
    assert printed.heroes["Cyrene"] == (6, 5, 4)
    assert printed.foes["Sirens"] == ("sea", (0, 0, 5))
    assert printed.foes["Medusa"] == ("quest", (0, 7, 7))  # bot.assume.medusa for Wits
    assert printed.atalanta["navigation"] == 9 and printed.atalanta["rolls"] == [4, 2, 5]
    assert data.underworld_quests() == {
        "question the dead",
        "capture cerberus",
        "recover fallen friend",
    }


def test_bot_encounter_city_events() -> None:
    state = edit_hero(two_heroes(), 0, crew=3, ally=BELLEROPHON)
    state = replace(state, hubris=0, hubris_first=True, bonus_actions=6)
    city = Place("city", "Thebes")
    state = play(state, Move(0, 1, 1, 0, city))
    hire = Reveal("crew-for-hire", "Crew for Hire")
    assert (
        "at most the die roll" in refused(state, Encounter(0, reveal=hire, roll=2, hired=3)).reason
    )
    assert "pass six" in refused(state, Encounter(0, reveal=hire, roll=5, hired=4)).reason
    state = play(state, Encounter(0, reveal=hire, roll=5, hired=2))
    assert state.heroes[0].crew == 5 and state.cities["Thebes"] == "empty"
    for name, kind in (("Sparta", "gather-humility"), ("Argos", "allys-quest")):
        state = play(state, Move(0, 1, 1, 0, Place("city", name)))
        state = play(state, Encounter(0, reveal=Reveal(kind, name)))  # type: ignore[arg-type]
    assert state.hubris == -1 and state.heroes[0].ally is None
    state = play(state, Move(0, 1, 1, 0, Place("city", "Corinth")))
    state = play(state, Encounter(0, reveal=Reveal("ally", "Castor", 1, 1, 1), take_ally=False))
    assert state.heroes[0].ally is None and state.heroes[0].inside


def test_bot_lion_skin_and_dragons_teeth() -> None:
    state = edit_hero(two_heroes(), 0, gear=Stats("Nemean Lion Skin", 1, 0, 0), crew=2)
    state = play(state, Move(0, 1, 1, 0, Place("city", "Thebes")))
    state = play(state, Encounter(0, attribute="battle", reveal=Reveal("monster", "Hydra", 9)))
    state = play(state, LionSkin(0), Roll(0, 1), Roll(0, 0))
    assert state.heroes[0].crew == 2 and state.heroes[0].gear is None  # no more losses
    state = edit_hero(state, 0, gear=Stats("Dragon's Teeth", 0, 0, 0))
    state = play(state, DragonsTeeth(0, 6))
    assert state.heroes[0].crew == 6 and state.heroes[0].gear is None  # capped at six
