"""Corners of Born of Titans play, each through the rules API: a city another hero cleared,
a turn begun or spent at 0 crew, dice counted again mid-challenge, committed prophecy, and
where a retreat leads."""

from __future__ import annotations

from dataclasses import replace

from rules.born_of_titans import GAME, BotState, Place, Reveal, Stats
from rules.born_of_titans.actions import (
    Encounter,
    EndTurn,
    LionSkin,
    Look,
    Move,
    Recruit,
    Retreat,
    Roll,
    Sacrifice,
)
from rules.core import Correct

from .helpers import HYDRA, THEBES, edit_hero, play, refused, two_heroes

LION_SKIN = Stats("Nemean Lion Skin", 2, 0, 0)
OTHER = Reveal("other", "Oracle's Riddle")


def _bea_clears_thebes_while_ann_waits() -> BotState:
    """Ann ends her turn outside Thebes (its counter still face down); Bea reveals the Hydra
    there and beats it in two rolls. Ann's turn again, still outside the gates."""
    state = play(two_heroes(), Move(0, 4, 2, 1, THEBES), EndTurn(0))
    state = play(state, Move(1, 4, 2, 1, THEBES), Encounter(1, attribute="battle", reveal=HYDRA))
    state = play(state, Roll(1, 7), Roll(1, 2))  # 7 dice: short once, then beaten
    assert state.cities["Thebes"] == "empty" and state.turn == 0
    assert not state.heroes[0].inside
    return state


def test_bot_encounter_city_first_cleared_by_another_hero_lets_her_in() -> None:
    state = _bea_clears_thebes_while_ann_waits()
    state = play(state, Correct("Ann crew", 4))
    verdict = GAME.check(state, Recruit(0, 2))
    assert verdict.legal and verdict.reason == "Crew 4 → 6.", verdict
    assert GAME.check(state, Sacrifice(0, "hera")).legal
    # Nothing is left to encounter: the refusal says so instead of "the encounter first".
    assert refused(state, Encounter(0, attribute="battle")).rules == ("bot.encounter.action",)
    state = play(state, Recruit(0, 2), Sacrifice(0, "hera"))
    assert state.heroes[0].crew == 6 and state.turn == 1


def test_bot_encounter_city_first_a_new_counter_is_faced_by_the_waiting_hero() -> None:
    # The city refilled after it was cleared: its new counter comes first again.
    state = _bea_clears_thebes_while_ann_waits()
    state = replace(state, cities={"Thebes": "unknown"})
    assert refused(state, Recruit(0, 1)).rules == ("bot.encounter.city-first", "bot.recruit")
    assert GAME.check(state, Encounter(0, attribute="battle", reveal=OTHER)).legal


def _ann_in_thebes_with_bea_to_play() -> BotState:
    state = play(two_heroes(), Move(0, 4, 2, 1, THEBES), Encounter(0, reveal=OTHER))
    assert state.turn == 1 and state.heroes[0].inside
    return state


def test_bot_turn_no_crew_one_action_even_after_recruiting_back_up() -> None:
    state = play(_ann_in_thebes_with_bea_to_play(), Correct("Ann crew", 0), EndTurn(1))
    assert state.turn == 0 and state.heroes[0].crew == 0
    verdict = GAME.check(state, Recruit(0, 2))
    assert verdict.legal and {"bot.turn.actions", "bot.turn.no-crew"} <= set(verdict.rules)
    assert verdict.effects[-1] == "Bea's turn", verdict.effects
    state = play(state, Recruit(0, 2))
    assert state.heroes[0].crew == 2 and state.turn == 1


def test_bot_turn_no_crew_reached_within_the_turn_leaves_one_action() -> None:
    # Ann starts her turn with crew, loses it all before acting, recruits: the turn ends.
    state = play(_ann_in_thebes_with_bea_to_play(), EndTurn(1), Correct("Ann crew", 0))
    state = play(state, Recruit(0, 2))
    assert state.turn == 1
    # A hero who never stood at 0 crew keeps her two actions.
    state = play(_ann_in_thebes_with_bea_to_play(), EndTurn(1), Correct("Ann crew", 3))
    state = play(state, Recruit(0, 2))
    assert state.turn == 0 and state.actions_used == 1


def test_bot_turn_no_crew_a_zero_fixed_before_acting_keeps_two_actions() -> None:
    # The app showed 0 crew as Ann's turn began; the box shows 3: a counting slip, not a
    # crewless turn.
    state = play(_ann_in_thebes_with_bea_to_play(), Correct("Ann crew", 0), EndTurn(1))
    state = play(state, Correct("Ann crew", 3), Recruit(0, 2))
    assert state.turn == 0 and state.actions_used == 1
    # Left at 0, her one action ends the turn.
    state = play(_ann_in_thebes_with_bea_to_play(), Correct("Ann crew", 0), EndTurn(1))
    state = play(state, Sacrifice(0, "hera"))
    assert state.turn == 1


def _fighting_with_the_lion_skin() -> BotState:
    state = edit_hero(two_heroes(), 0, gear=LION_SKIN)
    state = play(state, Move(0, 4, 2, 1, THEBES), Encounter(0, attribute="battle", reveal=HYDRA))
    assert state.challenge is not None and state.challenge.dice == 9  # 5 + 2 + 2 Battle
    return state


def test_bot_challenge_dice_recounted_when_the_lion_skin_is_discarded() -> None:
    state = _fighting_with_the_lion_skin()
    verdict = GAME.check(state, LionSkin(0))
    assert "Ann now rolls 7 dice" in verdict.effects
    assert verdict.rules == ("bot.gear.lion-skin", "bot.challenge.dice")
    state = play(state, LionSkin(0))
    assert state.challenge is not None and state.challenge.dice == 7
    verdict = refused(state, Roll(0, 9))
    assert verdict.reason == "7 dice give 0 to 7 successes, not 9."
    assert verdict.rules == ("bot.dice.success",)


def test_bot_challenge_prophecy_committed_cannot_pay_for_a_look() -> None:
    start = play(two_heroes(), Move(0, 4, 2, 1, THEBES))
    state = play(start, Encounter(0, attribute="battle", reveal=HYDRA, prophecy=2))
    verdict = refused(state, Look(0, "Delphi"))
    assert verdict.rules == ("bot.prophecy.look", "bot.challenge.prophecy")
    assert "committed" in verdict.reason
    state = play(start, Encounter(0, attribute="battle", reveal=HYDRA, prophecy=1))
    assert GAME.check(state, Look(0, "Delphi")).legal  # one of her two is still free


def test_bot_assume_retreat_last_point_after_a_long_move() -> None:
    state = play(two_heroes(), Move(0, 4, 2, 1, THEBES))
    state = play(state, Encounter(0, attribute="battle", reveal=HYDRA), Roll(0, 1))
    verdict = GAME.check(state, Retreat(0))
    assert "bot.assume.retreat-last-point" in verdict.rules
    assert "Ann goes back to the point one segment before the city Thebes" in verdict.effects
    after = play(state, Retreat(0))
    assert after.heroes[0].place == Place("point")  # not quest site 1, where the move began


def test_bot_assume_retreat_last_point_after_one_segment() -> None:
    state = play(two_heroes(), Move(0, 1, 1, 0, THEBES))
    state = play(state, Encounter(0, attribute="battle", reveal=HYDRA), Roll(0, 1))
    after = play(state, Retreat(0))
    assert after.heroes[0].place == Place("quest", site=1)  # the near end of that segment
