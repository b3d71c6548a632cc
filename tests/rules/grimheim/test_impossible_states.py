"""A supplied Grimheim position that no table can reach is exit 2 with a message naming what
is wrong, never a verdict (``python -m rules check grimheim`` with a "state")."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from rules import cli
from rules.core import to_jsonable
from rules.grimheim import GAME
from rules.grimheim.state import GrimheimOptions

Edit = Callable[[dict[str, Any]], None]


def bjorn(**fields: Any) -> Edit:
    return lambda d: d["heroes"][0].update(fields)


def goblin_at(at: list[int], **fields: Any) -> Edit:
    def edit(d: dict[str, Any]) -> None:
        d["monsters"] = [{"kind": "goblin", "at": at, "damage": 0, "level": 0, **fields}]
        d["supply"]["goblin"] -= 1

    return edit


IMPOSSIBLE: dict[str, tuple[Edit, str]] = {
    "hero off the map": (bjorn(at=[50, 50]), "Bjorn stands at 50,50, off the map"),
    "hero on a mountain": (
        bjorn(at=[13, 1]),
        "Bjorn cannot stand there: A5 is a mountain: heroes cannot enter mountains except "
        "the Troll Caves.",
    ),
    "hero on a rim hex of town": (
        bjorn(at=[9, 8]),
        "Bjorn is in Grimheim, which is one area: write it as 9,9",
    ),
    "monster in town": (goblin_at([9, 8]), "a monster stands in Grimheim"),
    "hero card side 3": (bjorn(level=3), "Bjorn's hero card has sides 1 and 2, not 3"),
    "nine abilities": (
        bjorn(abilities_gained=9),
        "Bjorn has gained 9 abilities; the pile holds 5",
    ),
    "flipped more than in play": (
        bjorn(abilities_flipped=2),
        "Bjorn has flipped 2 abilities but has only 1 in play",
    ),
    "no such action space": (
        bjorn(actions=["dance"]),
        "Bjorn used dance, which is no action space",
    ),
    "markers out of turn": (
        lambda d: d.update(turn=1) or d["heroes"][0].update(actions=["move"]),
        "Bjorn has action markers out (move) outside its own turn",
    ),
    "a stranger at the table": (
        lambda d: d["heroes"][0].update(name="Embla"),
        "the heroes (Embla, Alva) are not the table's (Bjorn, Alva, in that order)",
    ),
    "wrong hero number": (bjorn(number=3), "Bjorn is hero number 1, not 3"),
    "Legend level 3": (
        lambda d: d.update(
            monsters=[{"kind": "grendel", "at": [3, 9], "damage": 0, "level": 3}],
            legends_in_play={"grendel": 3},
        ),
        "a Legend tile has levels 1 and 2, not 3",
    ),
    "die face without the die": (
        lambda d: d.update(phase="monsters", monster_step="attack", die_face="attack"),
        "the monster die is rolled only with the monster die option",
    ),
    "no such die face": (
        lambda d: d["options"].update(monster_die=True) or d.update(die_face="seven"),
        "'seven' is not a face of the monster die",
    ),
    "more cards than players": (
        lambda d: d.update(phase="reinforce", reinforcements_left=9),
        "9 monster cards left to draw, but each of the 2 players draws one",
    ),
    "town never set up": (
        lambda d: d.update(town_start=0),
        "the table set up 6 town pieces, not 0",
    ),
    "negative kills": (bjorn(kills=-1), "Bjorn's kills and knockouts cannot be negative"),
    "time off the track": (lambda d: d.update(time=0), "time is 0, outside 1..12"),
}


def check(edit: Edit) -> tuple[int, Any]:
    state = to_jsonable(replace(GAME.setup(GrimheimOptions()), phase="heroes"))
    edit(state)
    payload = {"state": state, "action": {"type": "practice", "hero": "Bjorn"}}
    return cli.run(["check", "grimheim"], io.StringIO(json.dumps(payload)))


@pytest.mark.parametrize("case", list(IMPOSSIBLE))
def test_impossible_grimheim_state_is_exit_2_with_its_reason(case: str) -> None:
    edit, reason = IMPOSSIBLE[case]
    code, out = check(edit)
    assert code == 2
    assert out == {
        "error": f"$state is not a possible Fate: Defenders of Grimheim position: {reason}"
    }


def test_a_possible_grimheim_state_is_judged() -> None:
    code, out = check(lambda d: None)
    assert code == 0 and out["legal"] is True
    # Heroes on the two lake areas of Nailfare are fine: heroes may stand there.
    code, out = check(bjorn(at=[16, 5]))
    assert code == 0 and out["legal"] is True
