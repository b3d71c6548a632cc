"""``python -m rules moves`` for Fates and Favors read in full (``moves_json``): each bad
request refused with the sentence naming what is wrong, and each outcome's record (the
action, every column, hits, bridges, temples, the verdict) word for word
(ff.cards.fates, ff.hit.rival, ff.bridge.use, ff.temple.enter, ff.favor.zeus,
ff.assume.zeus-split-first, ff.hero.card)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.core import MalformedAction
from rules.fates_and_favors import GAME
from tests.rules.fates_and_favors.helpers import RED, YELLOW, B, sites, table

CARD = '"card" is an object like {"number": 7} or {"hero": true}'
NUMBER = '"card.number" is 0..10 and "card.hero" true or false'
FAVOR = (
    '"favor" is one of zeus, poseidon, dionysus, apollo, hestia, ares, athena, hera, hades,'
    " hephaestus, aphrodite, artemis, demeter, hermes"
)
ZEUS_ONLY = '"split" and "all" go with "favor": "zeus" and no Fate card'
SPLIT = '"split" is an object like {"red:8": 4, "blue:22": 6}'

BAD: list[tuple[dict[str, Any], str]] = [
    ({"card": {"number": 11}}, NUMBER),
    ({"card": {"number": -1}}, NUMBER),
    ({"card": {"number": True}}, NUMBER),
    ({"card": {"number": 1, "hero": "yes"}}, NUMBER),
    ({"card": {"colour": 1}}, CARD),
    ({"card": 7}, CARD),
    ({"card": {"number": 2}, "favor": "loki"}, FAVOR),
    ({"favor": 3}, FAVOR),
    ({"card": {"number": 0}}, 'name a Fate number, a Favor or {"hero": true}'),
    ({}, 'name a Fate number, a Favor or {"hero": true}'),
    ({"card": {"number": 2}, "seat": 4}, '"seat" is 0..3'),
    ({"favor": "apollo", "seat": -1}, '"seat" is 0..3'),
    ({"favor": "apollo", "seat": "0"}, '"seat" is 0..3'),
    ({"card": {"number": 2, "hero": True}}, "the Hero card is played alone"),
    ({"card": {"hero": True}, "favor": "apollo"}, "the Hero card is played alone"),
    ({"favor": "zeus", "all": "yes"}, '"all" is true or false'),
    ({"card": {"number": 3}, "split": {"red:8": 10}}, ZEUS_ONLY),
    ({"favor": "apollo", "all": True}, ZEUS_ONLY),
    ({"favor": "zeus", "card": {"number": 1}, "all": True}, ZEUS_ONLY),
    ({"favor": "zeus", "split": []}, SPLIT),
    ({"favor": "zeus", "split": {}}, SPLIT),
    (
        {"favor": "zeus", "split": {"pink:8": 10}},
        "\"split\": a column is named like 'red:8' (colour:space), not 'pink:8'",
    ),
    ({"favor": "zeus", "split": {"red:8": "ten"}}, '"split": red:8 moves a whole number of spaces'),
    ({"favor": "zeus", "split": {"red:8": 4.0, "blue:22": 6}}, '"split": red:8 moves a whole'),
    (
        {"favor": "zeus", "split": {"red:8": 4}},
        "A Zeus split uses exactly 10 spaces; this one uses 4. [ff.move.in-full]",
    ),
]


@pytest.mark.parametrize(("data", "error"), BAD, ids=[str(d) for d, _ in BAD])
def test_ff_cards_fates_a_bad_moves_request_is_named(data: dict[str, Any], error: str) -> None:
    with pytest.raises(MalformedAction) as caught:
        GAME.moves_json(table(), data)
    assert str(caught.value).startswith(error)
    if not error.endswith("whole"):
        assert str(caught.value) == error


def _quarry(exit_name: str) -> list[str]:
    return ["quarry", "quarry", "quarry", exit_name]


START = {c: _quarry(f"{c} quarry exit") for c in ("red", "blue", "yellow", "green")}


def _step(colour: int, start: int, spaces: int, **flags: Any) -> dict[str, Any]:
    step = {"colour": colour, "start": start, "spaces": spaces, "backward": False}
    step |= {"bridge": False, "temple": False, "to": -1} | flags
    return step


def _action(seat: int, card: int, option: int, *steps: dict[str, Any], **kw: Any) -> Any:
    action = {"type": "ff.play", "seat": seat, "card": card, "option": option}
    return action | {"favor": "", "hero": False} | kw | {"steps": list(steps)}


def test_ff_cards_fates_each_outcome_in_full() -> None:
    found = GAME.moves_json(table(), {"card": {"number": 2}})
    assert found == {
        "seat": 0,
        "card": {"number": 2, "hero": False},
        "favor": "",
        "count": 2,
        "outcomes": [
            {
                "action": _action(0, 2, 0, _step(0, 8, 2)),
                "columns": START | {"red": _quarry("space 10")},
                "hits": [],
                "bridges": [],
                "temples": [],
                "reason": "Red plays Fate #2: red from red quarry exit 2 forward.",
                "effects": ["columns move"],
                "rules": ["ff.cards.fates", "ff.move.forward"],
            },
            {
                "action": _action(0, 2, 0, _step(0, 8, 2, backward=True)),
                "columns": START | {"red": _quarry("red corner")},
                "hits": [],
                "bridges": [],
                "temples": [],
                "reason": "Red plays Fate #2: red from red quarry exit 2 back.",
                "effects": ["columns move"],
                "rules": ["ff.cards.fates", "ff.move.backward"],
            },
        ],
    }


def _one(state: Any, data: dict[str, Any], action: Any) -> dict[str, Any]:
    found = GAME.moves_json(state, data)
    assert found["count"] == len(found["outcomes"])
    (record,) = [o for o in found["outcomes"] if o["action"] == action]
    return record  # type: ignore[no-any-return]


def test_ff_hit_rival_an_outcome_names_each_hit() -> None:
    state = table(blue=[9])
    record = _one(state, {"card": {"number": 1}}, _action(0, 1, 0, _step(0, 8, 1)))
    assert record["hits"] == [{"colour": "blue", "on": "space 9", "to": "quarry"}]
    assert record["columns"] == START | {"red": _quarry("space 9"), "blue": ["quarry"] * 4}
    assert record["bridges"] == [] and record["temples"] == []
    assert record["effects"] == ["blue column hit on space 9: back to its quarry"]
    assert record["rules"] == ["ff.cards.fates", "ff.hit.rival", "ff.move.forward"]


def test_ff_bridge_use_an_outcome_names_the_bridge_end_reached() -> None:
    state = table(red=[4], blue=[], green=[48])
    action = _action(0, 3, 1, _step(3, 48, 3, backward=True, bridge=True))
    record = _one(state, {"card": {"number": 3}}, action)
    assert record["bridges"] == ["blue corner"]
    assert record["columns"] == {
        "red": _quarry("red temple gate"),
        "blue": ["quarry"] * 4,
        "yellow": _quarry("yellow quarry exit"),
        "green": _quarry("blue temple gate"),
    }
    assert record["reason"] == "Red plays Fate #3: green from green corner 3 back over the bridge."
    assert record["rules"] == ["ff.cards.fates", "ff.bridge.use", "ff.move.backward"]


def test_ff_temple_enter_an_outcome_names_the_colour_entering() -> None:
    state = replace(table(red=[4]), turn=1)
    action = _action(1, 5, 1, _step(0, 4, 5, temple=True))
    record = _one(state, {"card": {"number": 5}, "seat": 1}, action)
    assert record["temples"] == ["red"] and record["hits"] == [] and record["bridges"] == []
    assert record["columns"] == START | {"red": _quarry("red temple site 5")}
    assert record["rules"] == ["ff.cards.fates", "ff.move.forward", "ff.temple.enter"]


def test_ff_assume_zeus_split_first_the_columns_and_whether_zeus_plays() -> None:
    found = GAME.moves_json(table(), {"favor": "zeus"})
    assert found == {
        "seat": 0,
        "card": {"number": 0, "hero": False},
        "favor": "zeus",
        "playable": True,
        "columns": [
            {
                "column": f"{c}:{B.exits[k]}",
                "name": f"{c} on {c} quarry exit",
                "amounts": list(range(1, 11)),
                "later": [],
            }
            for k, c in enumerate(("red", "blue", "yellow", "green"))
        ],
    }
    # not blue's turn, and a finished game: Zeus is not playable
    assert GAME.moves_json(table(), {"favor": "zeus", "seat": 1})["playable"] is False
    won = table(red=sites(RED), yellow=sites(YELLOW))
    assert GAME.moves_json(replace(won, phase="won"), {"favor": "zeus"})["playable"] is False
    split = {"red:8": 4, "blue:22": 6}
    found = GAME.moves_json(table(), {"favor": "zeus", "split": split})
    assert found["split"] == split and found["count"] == 1
    (record,) = found["outcomes"]
    assert record["action"] == _action(0, 0, 0, _step(0, 8, 4), _step(1, 22, 6), favor="zeus")
    assert record["columns"] == START | {"red": _quarry("space 12"), "blue": _quarry("space 28")}


def test_ff_hero_card_outcomes_asked_for_by_hero() -> None:
    found = GAME.moves_json(table(), {"card": {"hero": True}})
    assert found["card"] == {"number": 0, "hero": True} and found["favor"] == ""
    assert found["count"] == len(found["outcomes"]) == len(GAME.outcomes(table(), 0, "hero"))
    assert all(o["action"]["hero"] for o in found["outcomes"])


def test_ff_turn_order_moves_asked_for_a_hero_whose_turn_it_is_not() -> None:
    """Asked for blue while it is red's turn: no outcome of any card, and the Zeus
    columns are blue's (red's column on red's temple track is not offered to blue)."""
    state = table(red=[B.temple(RED, 1)])
    assert GAME.moves_json(state, {"card": {"number": 2}, "seat": 1})["count"] == 0
    assert GAME.moves_json(state, {"card": {"number": 2}})["count"] > 0
    split = {"blue:22": 4, "yellow:36": 6}
    assert GAME.moves_json(state, {"favor": "zeus", "split": split, "seat": 1})["count"] == 0
    assert GAME.moves_json(state, {"favor": "zeus", "split": split})["count"] == 1
    assert GAME.moves_json(state, {"favor": "zeus", "all": True, "seat": 1})["count"] == 0
    assert GAME.moves_json(state, {"favor": "zeus", "all": True})["count"] > 0
    red_track = f"red:{B.temple(RED, 1)}"
    red = [c["column"] for c in GAME.moves_json(state, {"favor": "zeus"})["columns"]]
    blue = [c["column"] for c in GAME.moves_json(state, {"favor": "zeus", "seat": 1})["columns"]]
    assert red == [red_track, "blue:22", "yellow:36", "green:50"]
    assert blue == ["blue:22", "yellow:36", "green:50"]


def test_ff_cards_fates_moves_of_fate_10() -> None:
    found = GAME.moves_json(table(), {"card": {"number": 10}})
    assert found["count"] == len(GAME.outcomes(table(), 10)) > 0
