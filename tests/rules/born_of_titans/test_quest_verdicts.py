"""Born of Titans: what completing a quest sets off, whole: the quest goes on the shield of
its site (bot.quest.complete), gear and ally are discarded and the next steps fall due
(bot.quest.after, bot.quest.next), and Hubris goes to the first hero to complete a quest
and to the first to complete two (bot.hubris.first, bot.hubris.second), never again after
(bot.assume.hubris-gone).

Ann's quest lies on site 3 and Bea's on site 4 (the helpers' ``two_heroes``); a Medusa
needing 7 Navigation guards each.
"""

from __future__ import annotations

from dataclasses import replace

from rules.born_of_titans import GAME, Place
from rules.born_of_titans.actions import Encounter, Move, Roll
from rules.born_of_titans.state import BotState

from .helpers import AXE, CASTOR, MEDUSA, ann, edit_hero, play, two_heroes

WON = ("bot.challenge.accumulate", "bot.challenge.won")
QUEST = ("bot.quest.complete", "bot.quest.after", "bot.quest.next")


def ann_at_her_quest(state: BotState) -> BotState:
    state = play(state, Move(0, 2, 0, 1, Place("quest", site=3)))
    return play(state, Encounter(0, attribute="navigation", reveal=MEDUSA))


def bea_at_her_quest(state: BotState) -> BotState:
    """Bea's turn, at her quest, one success short (Cyrene rolls six dice)."""
    state = play(replace(state, turn=1), Move(1, 2, 0, 1, Place("quest", site=4)))
    return play(state, Encounter(1, attribute="navigation", reveal=MEDUSA), Roll(1, 6))


def test_bot_the_first_quest_completed() -> None:
    state = ann_at_her_quest(ann(gear=AXE, ally=CASTOR))
    verdict = GAME.check(state, Roll(0, 7))
    assert (verdict.rules, verdict.effects) == (
        (*WON, *QUEST, "bot.hubris.first"),
        (
            "7 successes (7 of 7)",
            "Medusa goes on Ann's shield 3 (1 quest)",
            "Ann discards Axe and Castor",
            "Ann takes Hubris (first to complete a quest)",
            "Ann draws gear and may refill empty cities; Bea places her next quest",
        ),
    )
    state = play(state, Roll(0, 7))
    hero = state.heroes[0]
    assert hero.shields == {3: "Medusa"}
    assert (hero.gear, hero.ally, hero.quest, hero.quest_site) == (None, None, None, 0)
    assert hero.gear_due and (state.refill_due, state.place_due) == (0, 0)
    assert (state.hubris, state.hubris_first, state.hubris_second) == (0, True, False)
    assert state.turn == 0  # the steps owed come before the turn passes


def test_bot_the_first_to_two_quests_takes_hubris() -> None:
    state = edit_hero(replace(two_heroes(), hubris=0, hubris_first=True), 1, shields={1: "Hydra"})
    state = bea_at_her_quest(state)
    verdict = GAME.check(state, Roll(1, 1))
    assert (verdict.rules, verdict.effects) == (
        (*WON, *QUEST, "bot.hubris.second"),
        (
            "1 success (7 of 7)",
            "Medusa goes on Bea's shield 4 (2 quests)",
            "Bea takes Hubris (first to complete two quests)",
            "Bea draws gear and may refill empty cities; Ann places her next quest",
        ),
    )
    after = play(state, Roll(1, 1))
    assert (after.hubris, after.hubris_second) == (1, True)
    assert after.heroes[1].shields == {1: "Hydra", 4: "Medusa"}
    assert (after.refill_due, after.place_due) == (1, 1)


def test_bot_hubris_moves_no_more_once_both_have_gone() -> None:
    state = replace(two_heroes(), hubris=-1, hubris_first=True, hubris_second=True)
    state = bea_at_her_quest(edit_hero(state, 1, shields={1: "Hydra"}))
    verdict = GAME.check(state, Roll(1, 1))
    assert verdict.rules == (*WON, *QUEST)
    assert not any("Hubris" in line for line in verdict.effects)
    assert play(state, Roll(1, 1)).hubris == -1
