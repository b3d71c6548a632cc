"""Whole verdicts of the Favors played on hands (ff.favor.hera, .hades, .aphrodite,
.hermes, .hephaestus, .artemis, .demeter): every refusal word for word with its rule IDs,
and the sentence, rule IDs and effects of each legal play."""

from __future__ import annotations

from dataclasses import replace

from rules.core.verdict import Verdict
from rules.fates_and_favors import GAME, FfState, PlayFavor
from tests.rules.fates_and_favors.helpers import BLUE, GREEN, RED, YELLOW, table

DEMETER = "Draw one card per hero, hand them out as you like, then take another turn."


def _no(favor: PlayFavor, reason: str, *rules: str, state: FfState | None = None) -> None:
    verdict = GAME.check(state or table(), favor)
    assert verdict == Verdict(False, reason, rules or (f"ff.favor.{favor.favor}",)), verdict


def test_ff_favor_one_board_favors_and_unknown_names_are_no_hand_favors() -> None:
    for name in ("zeus", "apollo", "loki"):
        _no(
            PlayFavor(RED, name, BLUE),
            f"'{name}' is not a Favor played on hands; board Favors are played as a move.",
            "ff.favor.one",
        )
    _no(PlayFavor(BLUE, "hera", GREEN), "It is Red's turn.", "ff.turn.order")
    _no(
        PlayFavor(RED, "hera", BLUE),
        "Hera is not in the co-op deck.",
        "ff.coop.deck",
        state=table("coop4"),
    )


def test_ff_favor_hand_favor_targets_in_full_words() -> None:
    _no(PlayFavor(RED, "hades", 4), "Hades needs a hero to aim at.")
    _no(PlayFavor(RED, "hermes", -1), "Hermes needs a hero to aim at.")
    _no(PlayFavor(RED, "artemis", BLUE), "Artemis is not aimed at a hero.")
    for favor, target in (("hades", YELLOW), ("hera", RED), ("hera", YELLOW)):
        _no(PlayFavor(RED, favor, target), f"{favor.title()} must be aimed at a rival.")
    for target in (BLUE, RED):
        _no(
            PlayFavor(RED, "aphrodite", target),
            "Aphrodite trades with a teammate sitting elsewhere.",
        )
    _no(PlayFavor(RED, "hermes", RED), "Hermes takes from another hero.")
    _no(
        PlayFavor(RED, "hephaestus", YELLOW),
        "Hephaestus takes from the hero on your right, Green.",
        "ff.favor.hephaestus",
        "ff.assume.hephaestus-right",
    )
    _no(
        PlayFavor(RED, "hephaestus", GREEN),
        "The last card on the discard pile is not a Fate Green just discarded: "
        "Hephaestus takes only that card.",
    )


def test_ff_favor_hand_favor_draws_in_full_words() -> None:
    for draws in (4, -1):
        _no(PlayFavor(RED, "artemis", draws=draws), "Artemis draws 0 to 3 cards.")
    for draws in (3, 5):
        _no(PlayFavor(RED, "demeter", draws=draws), "Demeter draws exactly 4 cards.")
    _no(PlayFavor(RED, "hades", BLUE, draws=1), "Hades draws no cards.")


def test_ff_favor_hand_favors_legal_in_full_words() -> None:
    def ok(
        favor: PlayFavor, *effects: str, rules: tuple[str, ...] = (), state: FfState | None = None
    ) -> None:
        verdict = GAME.check(state or table(), favor)
        title = favor.favor.title()
        expected = Verdict(
            True, f"Red plays {title}.", rules or (f"ff.favor.{favor.favor}",), effects
        )
        assert verdict == expected, verdict

    ok(PlayFavor(RED, "hera", GREEN), "Green misses their next turn")
    ok(
        PlayFavor(RED, "hades", BLUE),
        "A rival discards up to 2 cards of your choice from their hand.",
    )
    ok(PlayFavor(RED, "aphrodite", YELLOW), "You and your teammate trade one card.")
    ok(
        PlayFavor(RED, "hermes", YELLOW),
        "Take any card from another hero's hand and give one back.",
    )
    for draws in (0, 3):
        ok(PlayFavor(RED, "artemis", draws=draws), "Discard up to 3 cards and draw as many.")
    ok(
        PlayFavor(RED, "hephaestus", GREEN),
        "takes back the #7 Green discarded",
        rules=("ff.favor.hephaestus", "ff.assume.hephaestus-right"),
        state=replace(table(), last_fate=(0, 0, 0, 7)),
    )
    again = ("ff.favor.demeter", "ff.turn.again")
    ok(PlayFavor(RED, "demeter", draws=4), DEMETER, "take another turn", rules=again)
    coop = table("coop4")
    for deck in (42, 4):
        ok(
            PlayFavor(RED, "demeter", draws=4),
            DEMETER,
            "take another turn",
            rules=again,
            state=replace(coop, deck=deck),
        )
    ok(
        PlayFavor(RED, "demeter", draws=4),
        DEMETER,
        "take another turn",
        rules=("ff.favor.demeter", "ff.assume.demeter-short", "ff.turn.again"),
        state=replace(coop, deck=3),
    )
