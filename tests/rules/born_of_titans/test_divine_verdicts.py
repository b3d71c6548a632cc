"""Born of Titans: divine counters, whole verdicts (the sentence, the rules cited and the
effects): who may play what and when (bot.divine.play), the pairs of gods (Athena,
Aphrodite, Ares), Hera and Hubris (bot.divine.hera, bot.assume.hubris-gone), the Furies'
targets (bot.divine.furies), and the counters whose effect is typed in by hand
(bot.assume.dice-entered, bot.assume.single-gods).

Bea (seat 1) plays on Ann (seat 0), whose turn it is: Ann is at quest site 1 with six crew,
or fighting a Hydra in Thebes.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.born_of_titans import GAME
from rules.born_of_titans.actions import PlayDivine
from rules.born_of_titans.state import BotState

from .helpers import Want, edit_hero, fighting, picking, play, two_heroes, whole

PLAY = ("bot.divine.play",)
FURIES = ("bot.divine.furies",)
KILLED = ("Bea plays Furies on Ann", "Ann's crew 6 → 4")


def bea(*divine: str, state: BotState | None = None, **changes: object) -> BotState:
    """Bea holding ``divine`` (face down on her sheet)."""
    return edit_hero(state or two_heroes(), 1, divine=divine, **changes)


CASES: list[tuple[str, BotState, PlayDivine, Want]] = [
    (
        "on no seat",
        bea("ares"),
        PlayDivine(1, "ares", 2),
        (False, "There is no seat 2 at this table.", PLAY, ()),
    ),
    (
        "during setup",
        edit_hero(picking(), 1, divine=("ares",)),
        PlayDivine(1, "ares", 0),
        (False, "Divine counters are played once the game is under way.", PLAY, ()),
    ),
    (
        "no such counter",
        bea("ares"),
        PlayDivine(1, "zeus", 0),
        (False, "Name the divine counter played.", PLAY, ()),
    ),  # type: ignore[arg-type]
    (
        "Furies in a pair",
        bea("furies", "furies"),
        PlayDivine(1, "furies", 0, pair=True),
        (False, "Furies is played one at a time.", (*PLAY, *FURIES), ()),
    ),
    (
        "Muses in a pair",
        bea("muses", "muses"),
        PlayDivine(1, "muses", 0, pair=True),
        (False, "Muses is played one at a time.", (*PLAY, "bot.divine.muses"), ()),
    ),
    (
        "a pair from one",
        bea("ares"),
        PlayDivine(1, "ares", 0, pair=True),
        (False, "Bea does not hold 2 Ares.", PLAY, ()),
    ),
    (
        "one not held",
        bea(),
        PlayDivine(1, "hera", 1),
        (False, "Bea does not hold 1 Hera.", PLAY, ()),
    ),
    # The Furies: against a hero holding Hubris, or with more quests than the player.
    (
        "the Furies on oneself",
        bea("furies"),
        PlayDivine(1, "furies", 1),
        (False, "The Furies are sent against another hero.", FURIES, ()),
    ),
    (
        "the Furies without cause",
        bea("furies"),
        PlayDivine(1, "furies", 0),
        (False, "Ann holds no Hubris and has not completed more quests than Bea.", FURIES, ()),
    ),
    (
        "the Furies on Hubris",
        replace(bea("furies"), hubris=0),
        PlayDivine(1, "furies", 0),
        (True, "Two of Ann's crew die.", (*FURIES, *PLAY), KILLED),
    ),
    (
        "the Furies on more quests",
        edit_hero(bea("furies"), 0, shields={1: "Hydra"}),
        PlayDivine(1, "furies", 0),
        (True, "Two of Ann's crew die.", (*FURIES, *PLAY), KILLED),
    ),
    (
        "the Furies on as many quests",
        edit_hero(bea("furies", shields={2: "Sirens"}), 0, shields={1: "Hydra"}),
        PlayDivine(1, "furies", 0),
        (False, "Ann holds no Hubris and has not completed more quests than Bea.", FURIES, ()),
    ),
    # Hera throws away Hubris; without Hubris to throw, the sheet's effect is applied by hand.
    (
        "Hera on another",
        bea("hera"),
        PlayDivine(1, "hera", 0),
        (False, "Hera is played on her owner.", ("bot.divine.hera",), ()),
    ),
    (
        "Hera with Hubris",
        replace(bea("hera"), hubris=1),
        PlayDivine(1, "hera", 1),
        (
            True,
            "Bea throws away Hubris.",
            ("bot.divine.hera", *PLAY, "bot.assume.hubris-gone"),
            ("Bea plays Hera on Bea", "Bea throws away Hubris"),
        ),
    ),
    (
        "Hera without Hubris",
        bea("hera"),
        PlayDivine(1, "hera", 1),
        (
            True,
            "Hera played; apply what the crew sheet says by correction.",
            (*PLAY, "bot.assume.single-gods"),
            ("Bea plays Hera on Bea",),
        ),
    ),
    (
        "one Ares",
        bea("ares"),
        PlayDivine(1, "ares", 0),
        (
            True,
            "Ares played; apply what the crew sheet says by correction.",
            (*PLAY, "bot.assume.single-gods"),
            ("Bea plays Ares on Ann",),
        ),
    ),
    # Pairs of gods.
    (
        "two Aphrodite outside a fight",
        bea("aphrodite", "aphrodite"),
        PlayDivine(1, "aphrodite", 0, pair=True),
        (False, "Ann is not in a challenge.", ("bot.divine.aphrodite",), ()),
    ),
    (
        "two Aphrodite on the wrong hero",
        bea("aphrodite", "aphrodite", state=fighting()),
        PlayDivine(1, "aphrodite", 1, pair=True),
        (False, "Bea is not in a challenge.", ("bot.divine.aphrodite",), ()),
    ),
    (
        "two Aphrodite in a fight",
        bea("aphrodite", "aphrodite", state=fighting()),
        PlayDivine(1, "aphrodite", 0, pair=True),
        (
            True,
            "Hydra counts as beaten.",
            ("bot.divine.aphrodite", *PLAY, "bot.turn.actions"),
            (
                "Bea plays two Aphrodite on Ann",
                "Hydra is beaten and goes back to the encounter pool",
                "Bea's turn",
            ),
        ),
    ),
    (
        "two Ares in a fight",
        bea("ares", "ares", state=fighting()),
        PlayDivine(1, "ares", 0, pair=True),
        (
            True,
            "Hydra kills three crew per strike.",
            ("bot.divine.ares", *PLAY),
            ("Bea plays two Ares on Ann",),
        ),
    ),
    (
        "two Athena",
        bea("athena", "athena"),
        PlayDivine(1, "athena", 0, pair=True),
        (
            True,
            "In her next fight Ann may use any attribute.",
            ("bot.divine.athena", "bot.assume.athena-next-fight"),
            ("Bea plays two Athena on Ann",),
        ),
    ),
    (
        "two Athena twice",
        edit_hero(bea("athena", "athena"), 0, athena=True),
        PlayDivine(1, "athena", 0, pair=True),
        (False, "Two Athenas already wait for Ann's next fight.", ("bot.divine.athena",), ()),
    ),
    # Dice changed on the table are typed in as they now stand.
    (
        "the Muses",
        bea("muses"),
        PlayDivine(1, "muses", 0),
        (
            True,
            "Muses played; enter the dice as they now stand.",
            ("bot.divine.muses", "bot.assume.dice-entered"),
            ("Bea plays Muses on Ann",),
        ),
    ),
    (
        "the Fates",
        bea("fates"),
        PlayDivine(1, "fates", 0),
        (
            True,
            "Fates played; enter the dice as they now stand.",
            ("bot.divine.fates", "bot.assume.dice-entered"),
            ("Bea plays Fates on Ann",),
        ),
    ),
]


@pytest.mark.parametrize(
    ("state", "act", "want"), [case[1:] for case in CASES], ids=[case[0] for case in CASES]
)
def test_bot_divine_verdicts(state: BotState, act: PlayDivine, want: Want) -> None:
    assert whole(GAME.check(state, act)) == want


def test_bot_played_counters_are_gone_and_take_effect() -> None:
    state = play(bea("ares", "ares", "hera", state=fighting()), PlayDivine(1, "ares", 0, pair=True))
    assert state.heroes[1].divine == ("hera",)
    assert state.challenge is not None and state.challenge.ares
    athena = play(bea("athena", "athena"), PlayDivine(1, "athena", 0, pair=True))
    assert athena.heroes[0].athena and athena.heroes[1].divine == ()
    hera = play(replace(bea("hera"), hubris=1), PlayDivine(1, "hera", 1))
    assert hera.hubris == -1
    won = play(
        bea("aphrodite", "aphrodite", state=fighting()), PlayDivine(1, "aphrodite", 0, pair=True)
    )
    assert won.challenge is None and won.cities == {"Thebes": "empty"}


def test_bot_the_furies_can_defeat_a_fighting_hero() -> None:
    state = edit_hero(bea("furies", state=fighting()), 0, crew=2, shields={1: "Scylla"})
    verdict = GAME.check(state, PlayDivine(1, "furies", 0))
    assert verdict.legal and verdict.effects == (
        "Bea plays Furies on Ann",
        "Ann's crew 2 → 0",
        "Ann is defeated and retreats",
        "Ann goes back to the point one segment before the city Thebes",
        "Bea's turn",
    )
    after = play(state, PlayDivine(1, "furies", 0))
    assert after.challenge is None and after.heroes[0].crew == 0
