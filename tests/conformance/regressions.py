"""Shrunk failing sequences from randomized conformance runs, kept as explicit tests.

When ``test_conformance`` fails it prints a ``Regression(...)`` entry: paste it into
``REGRESSIONS`` (after fixing the game) so the exact sequence is checked on every run.
``test_recorded_regressions`` replays each entry through the same step checker, so every
contract (check/apply agreement, round trips, invariants, redaction, replay) is re-verified
on that sequence, and the entry's ``expect_legal`` pins which steps must be accepted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Regression:
    """``actions`` (JSON, as the event log stores them) played from ``options`` on ``slug``.

    ``expect_legal`` (optional) lists, per action, whether it must be accepted; when empty
    every action is only required to keep the contracts.
    """

    slug: str
    options: dict[str, Any] | None
    actions: list[dict[str, Any]]
    note: str = ""
    expect_legal: tuple[bool, ...] = field(default=())


REGRESSIONS: list[Regression] = [
    # Tally: a correction on a finished game is accepted, and moves after it are still refused.
    Regression(
        "tally",
        options={"target": 3, "secret": "owl"},
        actions=[
            {"type": "add", "seat": 0, "amount": 3},
            {"type": "correct", "counter": "pile", "value": 1, "note": ""},
            {"type": "add", "seat": 1, "amount": 1},
            {"type": "correct", "counter": "pile", "value": 4, "note": ""},
        ],
        note="core.finished and core.correction bounds",
        expect_legal=(True, True, False, False),
    ),
    # Grimheim: a hero at the top of the upgrade track (a correction to 20) could still take
    # an upgrade at the end of the turn, leaving the counter at 21, above its printed 0..20.
    Regression(
        "grimheim",
        options={
            "heroes": ["Bjorn", "Alva"],
            "track": "short",
            "monster_die": False,
            "starting_resources": True,
            "upgrade_step_up": False,
            "town_pieces": 0,
        },
        actions=[
            {"type": "correct", "counter": "Bjorn.upgrades", "value": 20, "note": ""},
            {"type": "place_card", "card": 36, "occupied": []},
            {"type": "place_card", "card": 9, "occupied": []},
            {"type": "correct", "counter": "Bjorn.xp", "value": 45, "note": ""},
            {"type": "end_turn", "hero": "Bjorn", "upgrade": "new_ability", "draw": True},
        ],
        note="counter Bjorn.upgrades=21 outside 0..20 after end_turn with an upgrade",
    ),
    # Grimheim: on the short time track a correction may set time to 12, and then asking
    # whether time may advance crashed (IndexError) instead of answering.
    Regression(
        "grimheim",
        options={
            "heroes": ["Bjorn", "Alva"],
            "track": "short",
            "monster_die": False,
            "starting_resources": True,
            "upgrade_step_up": True,
            "town_pieces": 0,
        },
        actions=[
            {"type": "place_card", "card": 8, "occupied": []},
            {"type": "place_card", "card": 1, "occupied": []},
            {"type": "end_turn", "hero": "Bjorn", "upgrade": "none", "draw": True},
            {"type": "end_turn", "hero": "Alva", "upgrade": "none", "draw": True},
            {"type": "correct", "counter": "time", "value": 12, "note": ""},
            {"type": "advance_time"},
        ],
        note="check of advance_time raised IndexError after time was corrected to 12",
    ),
    Regression(
        "winds-of-fate",
        options={"players": ["Player 1", "Player 2", "Player 3"], "chips_total": 50},
        actions=[
            {
                "cards": ["stranded", "safe", "dead"],
                "seat": 0,
                "start": 1,
                "type": "wof.record-destiny",
            },
            {
                "cards": ["dead", "stranded", "safe"],
                "seat": 1,
                "start": 2,
                "type": "wof.record-destiny",
            },
            {
                "cards": ["dead", "stranded", "safe"],
                "seat": 2,
                "start": 2,
                "type": "wof.record-destiny",
            },
            {
                "order": [0, 1, 2],
                "tiles": [
                    "aeolia",
                    "calypso",
                    "charybdis",
                    "circe",
                    "cyclops",
                    "laestrygonians",
                    "lotophagi",
                    "scheria",
                    "scylla",
                ],
                "type": "wof.lay-board",
            },
            {"seat": 0, "space": 6, "type": "wof.place-bet"},
            {"seat": 1, "space": 8, "type": "wof.place-bet"},
            {"seat": 2, "space": 1, "type": "wof.place-bet"},
            {"reds": [0, 0, 0], "type": "wof.reveal"},
            {"help": 1, "seat": 0, "type": "wof.pass"},
            {"help": 1, "seat": 1, "type": "wof.pass"},
            {"card": "hinder", "seat": 2, "type": "wof.play-card"},
            {"help": 0, "seat": 2, "type": "wof.pass"},
            {
                "chips": 0,
                "help": 0,
                "hinder": 0,
                "seat": 2,
                "tile": 1,
                "type": "wof.claim",
                "vp": 1,
            },
            {
                "chips": 1,
                "help": 1,
                "hinder": 0,
                "seat": 1,
                "tile": 0,
                "type": "wof.claim",
                "vp": 0,
            },
            {
                "counter": "Player 3 Help cards",
                "note": "conformance",
                "type": "correct",
                "value": 997,
            },
            {
                "chips": 0,
                "help": 0,
                "hinder": 0,
                "seat": 0,
                "tile": 2,
                "type": "wof.claim",
                "vp": 1,
            },
            {"god": "athena", "totals": [0, 0, 3], "type": "wof.resolve", "value": 0},
            {"to": "6", "type": "wof.journey"},
            {"reds": [0, 0, 0], "type": "wof.reveal"},
            {"help": 2, "seat": 2, "type": "wof.pass"},
            {"help": 1, "seat": 1, "type": "wof.pass"},
            {"help": 0, "seat": 0, "type": "wof.pass"},
            {
                "chips": 1,
                "help": 1,
                "hinder": 0,
                "seat": 0,
                "tile": 2,
                "type": "wof.claim",
                "vp": 0,
            },
            {
                "chips": 0,
                "help": 0,
                "hinder": 0,
                "seat": 1,
                "tile": 0,
                "type": "wof.claim",
                "vp": 1,
            },
            {
                "chips": 1,
                "help": 1,
                "hinder": 0,
                "seat": 2,
                "tile": 1,
                "type": "wof.claim",
                "vp": 0,
            },
        ],
        note="a card drawn after a hand was corrected to near its limit took it past 999",
    ),
]
