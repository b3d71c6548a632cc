"""The verdict ledger: for every branch of the rules' checks (see ``verdict_cases``), the
exact answer: legal or not, the reason players read, the rule IDs cited and the effects
listed. A changed rule, a dropped citation or a lost effect line shows up here by name.

The rules each case rests on are in the citations it pins, e.g. sof.end.guess,
sof.turn.order, sof.pass, sof.servant.place, sof.god.smite, sof.action.smite,
sof.age.announce and sof.assume.honest-answers.
"""

from __future__ import annotations

import pytest

from rules.scales_of_fate import GAME

from .verdict_cases import CASES, verdict_of

EXPECTED = {
    "guess bad seat": (
        False,
        "There are two seats, 0 and 1; 2 is not one of them.",
        ("sof.turn.order",),
        (),
    ),
    "guess too early": (False, "Final guesses come after Age 3 has ended.", ("sof.end.guess",), ()),
    "guess twice": (False, "Ana has already guessed.", ("sof.end.guess",), ()),
    "guess same twice": (
        False,
        "Naka is named twice; two different demigods are needed.",
        ("sof.end.guess",),
        (),
    ),
    "guess unknown": (
        False,
        "'Zeus' is not a demigod; the demigods are Pentha, Agamar, Klar, Aponi, "
        "Saghari, Namari, Naka, Belan, Isabel.",
        ("sof.end.guess",),
        (),
    ),
    "guess first": (True, "Ana locks in a final guess.", ("sof.end.guess",), ("Ana has guessed.",)),
    "guess last": (
        True,
        "Ben locks in a final guess.",
        ("sof.end.guess", "sof.end.reveal", "sof.score.winner"),
        ("Ben has guessed.", "Guesses and demigods are revealed.", "Ben wins on points."),
    ),
    "pass bad seat": (
        False,
        "There are two seats, 0 and 1; 3 is not one of them.",
        ("sof.turn.order",),
        (),
    ),
    "pass not your turn": (False, "It is Ana's turn.", ("sof.turn.order",), ()),
    "pass wrong phase": (
        False,
        "Enter this Age's board (quests, action tiles, Age card) first.",
        ("sof.setup.age",),
        (),
    ),
    "pass with a tile open": (
        False,
        "An action tile is still open: passing is only allowed once every tile is covered.",
        ("sof.pass",),
        (),
    ),
    "pass holding a servant": (False, "Ana still holds a servant to place.", ("sof.pass",), ()),
    "pass": (False, "Ben still holds a servant to place.", ("sof.pass",), ()),
    "pass again": (
        True,
        "Ben passes again.",
        ("sof.pass", "sof.turn.passed", "sof.age.end", "sof.age.abyss"),
        (
            "Ben passes.",
            "Age 1 ends.",
            "Nobody is in the Abyss.",
            "Both players now announce yes or no for the Age card's question.",
        ),
    ),
    "pass skips a passed player": (
        True,
        "Penance goes to the bottom of column 3 and scores at once.",
        ("sof.servant.place", "sof.servant.penance", "sof.servant.stacking", "sof.action.adjacent"),
        (
            "Penance is placed at the bottom of column 3.",
            "No demigod stands next to the quests it hits.",
            "Ben has passed with no god power left: Ana acts again.",
        ),
    ),
    "servant passed": (
        False,
        "Ana has passed: only god powers or passing again remain this Age.",
        ("sof.pass",),
        (),
    ),
    "servant bad slot": (
        False,
        "'Q7' is not an edge slot (L0-L2, R0-R2, T0-T2, B0-B2).",
        ("sof.servant.place", "sof.assume.servant-slots"),
        (),
    ),
    "servant slot taken": (
        False,
        "A servant already sits at the left end of row 1.",
        ("sof.servant.place", "sof.assume.one-servant-per-slot"),
        (),
    ),
    "servant not held": (False, "Ana holds no Vesper token this Age.", ("sof.servant.place",), ()),
    "servant from the far end": (
        True,
        "Penance goes to the right end of row 1 and scores at once.",
        (
            "sof.servant.place",
            "sof.servant.penance",
            "sof.servant.stacking",
            "sof.action.adjacent",
            "sof.age.end",
            "sof.age.abyss",
        ),
        (
            "Penance is placed at the right end of row 1.",
            "Pentha: renown 7 → 10 (+3): +3 (row 1, column 1)",
            "Age 1 ends.",
            "Nobody is in the Abyss.",
            "Both players now announce yes or no for the Age card's question.",
        ),
    ),
    "servant scores": (
        True,
        "Penance goes to the left end of row 1 and scores at once.",
        (
            "sof.servant.place",
            "sof.servant.penance",
            "sof.servant.stacking",
            "sof.action.adjacent",
            "sof.age.end",
            "sof.age.abyss",
        ),
        (
            "Penance is placed at the left end of row 1.",
            "Klar: renown 7 → 10 (+3): +3 (row 1, column 1)",
            "Age 1 ends.",
            "Nobody is in the Abyss.",
            "Both players now announce yes or no for the Age card's question.",
        ),
    ),
    "servant held at the top": (
        True,
        "Penance goes to the left end of row 1 and scores at once.",
        (
            "sof.servant.place",
            "sof.servant.penance",
            "sof.servant.stacking",
            "sof.action.adjacent",
            "sof.servant.limits",
            "sof.age.end",
            "sof.age.abyss",
        ),
        (
            "Penance is placed at the left end of row 1.",
            "Pentha: renown 13 → 14 (+3) (held at 14: renown stays within "
            "0-14): +3 (row 1, column 1)",
            "Age 1 ends.",
            "Nobody is in the Abyss.",
            "Both players now announce yes or no for the Age card's question.",
        ),
    ),
    "servant stacks": (
        True,
        "Penance goes to the top of column 1 and scores at once.",
        ("sof.servant.place", "sof.servant.penance", "sof.servant.stacking", "sof.action.adjacent"),
        (
            "Penance is placed at the top of column 1.",
            "Pentha: renown 7 → 10 (+3): +3 (row 1, column 1)",
        ),
    ),
    "smite used": (
        False,
        "The Smite god power was already used by Ana; each is used once per game.",
        ("sof.god.once",),
        (),
    ),
    "smite abyss": (
        False,
        "Isabel is already in the Abyss.",
        ("sof.god.smite", "sof.assume.god-smite-target"),
        (),
    ),
    "smite unknown": (
        False,
        "'Zeus' is not a demigod; the demigods are Pentha, Agamar, Klar, Aponi, "
        "Saghari, Namari, Naka, Belan, Isabel.",
        ("sof.god.smite",),
        (),
    ),
    "smite off board": (
        True,
        "Isabel goes to the Abyss.",
        ("sof.god.smite", "sof.god.once"),
        (
            "Ana uses Smite: Isabel goes to the Abyss.",
            "Ana loses 1 point at the end for this god power.",
        ),
    ),
    "smite on a tile": (
        True,
        "Pentha goes to the Abyss and the tile between row 1, column 1 and row 2, "
        "column 1 is flipped: it keeps no action.",
        ("sof.god.smite", "sof.god.once"),
        (
            "Ben uses Smite: Pentha goes to the Abyss.",
            "the tile between row 1, column 1 and row 2, column 1 is flipped and loses its action.",
            "Ben loses 1 point at the end for this god power.",
        ),
    ),
    "switch same": (False, "Switch needs two different demigods.", ("sof.god.switch",), ()),
    "switch same place": (
        False,
        "Klar and Naka are both off the board: switching them changes nothing.",
        ("sof.god.switch", "sof.assume.switch-different-places"),
        (),
    ),
    "switch unknown": (
        False,
        "'Zeus' is not a demigod; the demigods are Pentha, Agamar, Klar, Aponi, "
        "Saghari, Namari, Naka, Belan, Isabel.",
        ("sof.god.switch",),
        (),
    ),
    "switch": (
        True,
        "Pentha and Klar trade places.",
        ("sof.god.switch", "sof.god.once"),
        (
            "Ana uses Switch: Pentha and Klar trade places.",
            "Ana loses 1 point at the end for this god power.",
        ),
    ),
    "steal nothing": (False, "Ben holds no unused Vesper token.", ("sof.god.steal",), ()),
    "steal": (
        True,
        "Ben takes Penance from Ana.",
        ("sof.god.steal", "sof.god.once"),
        ("Ben uses Steal and takes Penance.", "Ben loses 1 point at the end for this god power."),
    ),
    "power after pass": (
        True,
        "Isabel goes to the Abyss.",
        ("sof.god.smite", "sof.god.once"),
        (
            "Ana uses Smite: Isabel goes to the Abyss.",
            "Ana loses 1 point at the end for this god power.",
        ),
    ),
    "switch unknown first": (
        False,
        "'Zeus' is not a demigod; the demigods are Pentha, Agamar, Klar, "
        "Aponi, Saghari, Namari, Naka, Belan, Isabel.",
        ("sof.god.switch",),
        (),
    ),
    "steal used": (
        False,
        "The Steal god power was already used by Ben; each is used once per game.",
        ("sof.god.once",),
        (),
    ),
    "steal out of turn": (False, "It is Ben's turn.", ("sof.turn.order",), ()),
    "penance passes over light quests": (
        True,
        "Penance goes to the left end of row 2 and scores at once.",
        ("sof.servant.place", "sof.servant.penance", "sof.servant.stacking", "sof.action.adjacent"),
        (
            "Penance is placed at the left end of row 2.",
            "Klar: renown 7 → 9 (+2): +2 (row 2, column 2)",
        ),
    ),
    "penance on a row without dark quests": (
        True,
        "Penance goes to the left end of row 1 and scores at once.",
        (
            "sof.servant.place",
            "sof.servant.penance",
            "sof.servant.stacking",
            "sof.action.adjacent",
            "sof.age.end",
            "sof.age.abyss",
        ),
        (
            "Penance is placed at the left end of row 1.",
            "It hits no quest.",
            "Age 1 ends.",
            "Nobody is in the Abyss.",
            "Both players now announce yes or no for the Age card's question.",
        ),
    ),
    "servant adds two quests": (
        True,
        "Penance goes to the left end of row 1 and scores at once.",
        ("sof.servant.place", "sof.servant.penance", "sof.servant.stacking", "sof.action.adjacent"),
        (
            "Penance is placed at the left end of row 1.",
            "Pentha: renown 7 → 9 (+2): +3 (row 1, column 1) -1 (row 1, column 2)",
            "Klar: renown 7 → 10 (+3): +3 (row 1, column 1)",
        ),
    ),
    "penance beside a light quest at the top": (
        True,
        "Penance goes to the right end of row 2 and scores at once.",
        ("sof.servant.place", "sof.servant.penance", "sof.servant.stacking", "sof.action.adjacent"),
        (
            "Penance is placed at the right end of row 2.",
            "No demigod stands next to the quests it hits.",
        ),
    ),
    "place twice": (
        False,
        "Pentha is already in the Abyss; only demigods off the board can be placed.",
        ("sof.action.place",),
        (),
    ),
    "place no tile": (
        False,
        "There is no action tile at 'v12' this Age.",
        ("sof.action.place",),
        (),
    ),
    "place occupied": (
        False,
        "Pentha already stands on the tile between row 1, column 1 and row 2, column 1.",
        ("sof.action.place",),
        (),
    ),
    "place unknown": (
        False,
        "'Zeus' is not a demigod; the demigods are Pentha, Agamar, Klar, Aponi, "
        "Saghari, Namari, Naka, Belan, Isabel.",
        ("sof.action.place",),
        (),
    ),
    "place flipped with a target": (
        False,
        "That tile was flipped by the Smite god power: it has no action to take.",
        ("sof.god.smite",),
        (),
    ),
    "place flipped": (
        True,
        "Klar goes to the tile between row 1, column 1 and row 2, column 1, a "
        "flipped tile with no action.",
        ("sof.action.place", "sof.god.smite"),
        ("Klar stands on the tile between row 1, column 1 and row 2, column 1.",),
    ),
    "smite tile with a direction": (
        False,
        "Only an Abyss Fate tile moves the Abyss marker.",
        ("sof.action.place",),
        (),
    ),
    "smite tile no target": (
        False,
        "Smite: name a demigod still off the board to send to the Abyss.",
        ("sof.action.smite",),
        (),
    ),
    "smite tile unknown target": (
        False,
        "'Zeus' is not a demigod; the demigods are Pentha, Agamar, "
        "Klar, Aponi, Saghari, Namari, Naka, Belan, Isabel.",
        ("sof.action.smite",),
        (),
    ),
    "smite tile target placed": (
        False,
        "Smite only reaches demigods still off the board; Naka is in the Abyss.",
        ("sof.action.smite",),
        (),
    ),
    "smite tile self": (
        False,
        "Smite only reaches demigods still off the board; Pentha is off the board.",
        ("sof.action.smite",),
        (),
    ),
    "smite tile": (
        True,
        "Pentha goes to the tile between row 1, column 1 and row 1, column 2 and sends "
        "Naka to the Abyss.",
        ("sof.action.place", "sof.action.smite"),
        (
            "Pentha stands on the tile between row 1, column 1 and row 1, column 2.",
            "Naka is sent to the Abyss.",
        ),
    ),
    "smite tile last one": (
        True,
        "Pentha goes to the tile between row 1, column 1 and row 1, column 2; "
        "no demigod is left off the board to smite.",
        (
            "sof.action.place",
            "sof.action.smite",
            "sof.assume.smite-no-target",
            "sof.age.end",
            "sof.age.abyss",
        ),
        (
            "Pentha stands on the tile between row 1, column 1 and row 1, column 2.",
            "Age 1 ends.",
            "The Abyss marker sits in the middle: the Abyss changes nothing.",
            "Both players now announce yes or no for the Age card's question.",
        ),
    ),
    "smite tile last one with target": (
        False,
        "No other demigod is off the board, so the Smite action cannot be taken.",
        ("sof.action.smite",),
        (),
    ),
    "target on a servant tile": (
        False,
        "A Penance Servant tile sends nobody to the Abyss.",
        ("sof.action.place",),
        (),
    ),
    "fate no direction": (
        False,
        "Abyss Fate: say which way the marker moves.",
        ("sof.action.abyss-fate",),
        (),
    ),
    "fate at the end": (
        False,
        "The Abyss marker is already at the left end.",
        ("sof.action.abyss-fate", "sof.assume.abyss-step"),
        (),
    ),
    "fate": (
        True,
        "Pentha goes to the tile between row 1, column 2 and row 1, column 3 and moves the "
        "Abyss marker right.",
        ("sof.action.place", "sof.action.abyss-fate"),
        (
            "Pentha stands on the tile between row 1, column 2 and row 1, column 3.",
            "The Abyss marker moves to the right.",
        ),
    ),
    "direction on a servant tile": (
        False,
        "Only an Abyss Fate tile moves the Abyss marker.",
        ("sof.action.place",),
        (),
    ),
    "servant tile": (
        True,
        "Pentha goes to the tile between row 1, column 1 and row 2, column 1 and Ana "
        "takes Penance.",
        ("sof.action.place", "sof.action.servant"),
        (
            "Pentha stands on the tile between row 1, column 1 and row 2, column 1.",
            "Ana takes Penance.",
        ),
    ),
    "servant tile empty supply": (
        True,
        "Pentha goes to the tile between row 1, column 1 and row 2, "
        "column 1; no Penance token is left to take.",
        ("sof.action.place", "sof.action.servant", "sof.assume.servant-unavailable"),
        ("Pentha stands on the tile between row 1, column 1 and row 2, column 1.",),
    ),
    "second hadria": (
        True,
        "Naka goes to the tile between row 2, column 1 and row 2, column 2 and Ben "
        "takes Hadria's Servant.",
        ("sof.action.place", "sof.action.servant"),
        (
            "Naka stands on the tile between row 2, column 1 and row 2, column 2.",
            "Ben takes Hadria's Servant.",
        ),
    ),
    "age ends, nobody in the Abyss": (
        True,
        "Penance goes to the bottom of column 3 and scores at once.",
        (
            "sof.servant.place",
            "sof.servant.penance",
            "sof.servant.stacking",
            "sof.action.adjacent",
            "sof.age.end",
            "sof.age.abyss",
        ),
        (
            "Penance is placed at the bottom of column 3.",
            "No demigod stands next to the quests it hits.",
            "Age 1 ends.",
            "Nobody is in the Abyss.",
            "Both players now announce yes or no for the Age card's question.",
        ),
    ),
    "age ends, marker in the middle": (
        True,
        "Penance goes to the bottom of column 3 and scores at once.",
        (
            "sof.servant.place",
            "sof.servant.penance",
            "sof.servant.stacking",
            "sof.action.adjacent",
            "sof.age.end",
            "sof.age.abyss",
        ),
        (
            "Penance is placed at the bottom of column 3.",
            "No demigod stands next to the quests it hits.",
            "Age 1 ends.",
            "The Abyss marker sits in the middle: the Abyss changes nothing.",
            "Both players now announce yes or no for the Age card's question.",
        ),
    ),
    "age ends, the Abyss scores": (
        True,
        "Penance goes to the bottom of column 3 and scores at once.",
        (
            "sof.servant.place",
            "sof.servant.penance",
            "sof.servant.stacking",
            "sof.action.adjacent",
            "sof.age.end",
            "sof.age.abyss",
        ),
        (
            "Penance is placed at the bottom of column 3.",
            "No demigod stands next to the quests it hits.",
            "Age 1 ends.",
            "The Abyss (right, +3) scores:",
            "Agamar: renown 13 → 14 (+3) (held at 14: renown stays within 0-14)",
            "Isabel: renown 7 → 10 (+3)",
            "Both players now announce yes or no for the Age card's question.",
        ),
    ),
    "both passed": (
        True,
        "Ana passes: from now on only god powers or passing again this Age.",
        ("sof.pass", "sof.age.end", "sof.age.abyss", "sof.assume.both-passed"),
        (
            "Ana passes.",
            "Age 1 ends.",
            "Nobody is in the Abyss.",
            "Both players now announce yes or no for the Age card's question.",
        ),
    ),
    "announce wrong phase": (
        False,
        "The Age is under way: that step is already behind you.",
        ("sof.turn.order",),
        (),
    ),
    "announce bad seat": (
        False,
        "There are two seats, 0 and 1; 5 is not one of them.",
        ("sof.turn.order",),
        (),
    ),
    "announce dishonest": (
        False,
        "By the board, Ana's answer is no, not yes.",
        ("sof.age.announce", "sof.assume.honest-answers"),
        (),
    ),
    "announce": (True, "Ana answers no.", ("sof.age.announce",), ("Ana announces no.",)),
    "announce dishonest no": (
        False,
        "By the board, Ana's answer is yes, not no.",
        ("sof.age.announce", "sof.assume.honest-answers"),
        (),
    ),
    "announce yes": (True, "Ana answers yes.", ("sof.age.announce",), ("Ana announces yes.",)),
    "announce twice": (False, "Ana has already answered.", ("sof.age.announce",), ()),
    "announce last": (
        True,
        "Ben answers no.",
        ("sof.age.announce", "sof.new-age.reset", "sof.assume.servants-return"),
        (
            "Ben announces no.",
            "The board is cleared: demigods, tiles and servants come off, the Abyss "
            "marker returns to the middle.",
            "Ben takes the first player marker for Age 2.",
        ),
    ),
    "announce last of the game": (
        True,
        "Ben answers no.",
        ("sof.age.announce",),
        ("Ben announces no.", "Age 3 is complete: both players make their final guess."),
    ),
}


def test_every_case_has_its_answer() -> None:
    assert list(CASES) == list(EXPECTED)


@pytest.mark.parametrize("name", list(CASES))
def test_verdict_ledger(name: str) -> None:
    assert verdict_of(name) == EXPECTED[name]
    build, action = CASES[name]
    state = build()
    if EXPECTED[name][0]:
        after = GAME.apply(state, action)
        assert GAME.invariants(after) == []
    else:
        assert GAME.check(state, action) == GAME.check(state, action)  # no side effects
