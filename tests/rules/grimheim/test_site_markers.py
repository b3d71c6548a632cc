"""The markers of setup steps 3a-3c (grim.setup.troll_caves_markers,
grim.setup.nailfare_markers, grim.setup.wyrm_lair_markers): each site's three markers are taken
once, by a hero standing there (grim.assume.site_marker_area), and are then gone."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from typing import Any

from rules import cli
from rules.core import Correct, to_jsonable
from rules.grimheim import GAME
from rules.grimheim.actions import TakeMarkers
from rules.grimheim.state import GrimheimOptions, GrimheimState, with_hero

WYRM_LAIR = (6, 15)
TROLL_CAVES = (6, 6)
NAILFARE = (16, 5)


def bjorn_at(at: tuple[int, int], **board: Any) -> GrimheimState:
    state = replace(GAME.setup(GrimheimOptions(heroes=("Bjorn", "Alva"))), phase="heroes", turn=0)
    return with_hero(state, replace(state.hero("Bjorn"), at=at, **board))


def whole(v: Any) -> tuple[bool, str, tuple[str, ...], tuple[str, ...]]:
    return v.legal, v.reason, v.rules, v.effects


def test_grim_setup_wyrm_lair_markers_gold_taken_once_there() -> None:
    state = bjorn_at(WYRM_LAIR)
    assert state.site_markers == {"troll_caves": 3, "nailfare": 3, "wyrm_lair": 3}
    take = TakeMarkers("Bjorn", "wyrm_lair")
    assert whole(GAME.check(state, take)) == (
        True,
        "Bjorn takes the Wyrm Lair's markers.",
        ("grim.setup.wyrm_lair_markers", "grim.assume.site_marker_area"),
        ("the Wyrm Lair's 3 markers leave the board for the game", "gold/XP → 5"),
    )
    after = GAME.apply(state, take)
    assert after.hero("Bjorn").xp == 5 and after.site_markers["wyrm_lair"] == 0
    assert whole(GAME.check(after, take)) == (
        False,
        "The Wyrm Lair's markers have already been taken.",
        ("grim.setup.wyrm_lair_markers",),
        (),
    )
    # Not from elsewhere: Alva in town cannot take them on her turn either.
    elsewhere = GAME.check(replace(state, turn=1), TakeMarkers("Alva", "wyrm_lair"))
    assert whole(elsewhere) == (
        False,
        "Alva stands in Grimheim, not in the Wyrm Lair: only a hero there takes its markers.",
        ("grim.setup.wyrm_lair_markers", "grim.assume.site_marker_area"),
        (),
    )
    assert GAME.describe(state, take) == "Bjorn takes the Wyrm Lair's markers."


def test_grim_setup_troll_caves_markers_heal_three_from_the_cards() -> None:
    state = bjorn_at(TROLL_CAVES, damage=4, equipment_damage=2)
    take = TakeMarkers("Bjorn", "troll_caves", equipment=1)
    verdict = GAME.check(state, take)
    assert verdict.legal and verdict.effects[1:] == ("Bjorn's damage → 2", "equipment damage → 1")
    after = GAME.apply(state, take).hero("Bjorn")
    assert (after.damage, after.equipment_damage) == (2, 1)
    too_much = GAME.check(state, TakeMarkers("Bjorn", "troll_caves", equipment=3))
    assert not too_much.legal and too_much.rules == ("grim.setup.troll_caves_markers",)


def test_grim_setup_nailfare_markers_three_mana_on_a_card() -> None:
    state = bjorn_at(NAILFARE)
    take = TakeMarkers("Bjorn", "nailfare", card="Eagle Eye")
    assert GAME.check(state, take).effects[1] == "Eagle Eye: mana → 3"
    assert GAME.apply(state, take).hero("Bjorn").mana["Eagle Eye"] == 3
    unnamed = GAME.check(state, TakeMarkers("Bjorn", "nailfare"))
    assert not unnamed.legal and "name the card" in unnamed.reason


def test_grim_setup_wyrm_lair_markers_only_on_the_hero_s_own_turn() -> None:
    state = replace(bjorn_at(WYRM_LAIR), turn=1)
    verdict = GAME.check(state, TakeMarkers("Bjorn", "wyrm_lair"))
    assert not verdict.legal and "grim.assume.free_action_timing" in verdict.rules
    unknown = GAME.check(bjorn_at(WYRM_LAIR), TakeMarkers("Bjorn", "mead_hall"))
    assert not unknown.legal and "'mead_hall' is not a marker site" in unknown.reason


def test_grim_setup_wyrm_lair_markers_correction_and_impossible_states() -> None:
    state = GAME.apply(bjorn_at(WYRM_LAIR), TakeMarkers("Bjorn", "wyrm_lair"))
    assert GAME.counter_values(state)["markers.wyrm_lair"] == 0
    back = GAME.apply(state, Correct("markers.wyrm_lair", 3))
    assert back.site_markers["wyrm_lair"] == 3
    # A table that finds only two gold markers there corrects the count; two are gained.
    two = GAME.apply(state, Correct("markers.wyrm_lair", 2))
    assert GAME.apply(two, TakeMarkers("Bjorn", "wyrm_lair")).hero("Bjorn").xp == 7
    prefix = "$state is not a possible Fate: Defenders of Grimheim position: "
    too_many = to_jsonable(state)
    too_many["site_markers"]["wyrm_lair"] = 5
    assert check(too_many) == (2, {"error": prefix + "markers.wyrm_lair is 5, outside 0..3"})
    stranger = to_jsonable(state)
    stranger["site_markers"]["mead_hall"] = 3
    assert check(stranger) == (
        2,
        {
            "error": prefix + "setup markers must name the sites troll_caves, nailfare, "
            "wyrm_lair, each holding 0 to 3"
        },
    )


def check(data: Any) -> tuple[int, Any]:
    payload = {"state": data, "action": {"type": "practice", "hero": "Bjorn"}}
    return cli.run(["check", "grimheim"], _stdin(payload))


def _stdin(payload: Any) -> io.StringIO:
    return io.StringIO(json.dumps(payload))
