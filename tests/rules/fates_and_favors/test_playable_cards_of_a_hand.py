"""Which cards of an entered hand the hero whose turn it is can play now
(``FatesAndFavors.playable``, which also decides whether a hand is stuck): every kind of
card, in the order of the hand (ff.app.hand, ff.turn.stuck, ff.favor.poseidon,
ff.favor.dionysus, ff.favor.athena, ff.coop.deck)."""

from __future__ import annotations

from dataclasses import replace

from rules.fates_and_favors import GAME
from tests.rules.fates_and_favors.helpers import BLUE, RED, table

EVERY_KIND = (
    "3",
    "zeus",
    "apollo",
    "hestia",
    "ares",
    "athena",
    "poseidon",
    "dionysus",
    "hera",
    "hades",
    "hephaestus",
    "aphrodite",
    "artemis",
    "demeter",
    "hermes",
    "3",
)


def test_ff_app_hand_every_kind_of_card_playable_at_the_start_of_a_versus_game() -> None:
    state = replace(table(), hands=(EVERY_KIND, (), (), ()))
    # Athena is played out of turn only; Hephaestus has no turn of a rival to take away
    # yet; a card held twice is named once
    assert GAME.playable(state, RED) == [
        "3",
        "zeus",
        "apollo",
        "hestia",
        "ares",
        "poseidon",
        "dionysus",
        "hera",
        "hades",
        "aphrodite",
        "artemis",
        "demeter",
        "hermes",
    ]
    # not blue's turn: nothing of blue's hand is playable now
    assert GAME.playable(replace(state, hands=((), EVERY_KIND, (), ())), BLUE) == []


def test_ff_coop_deck_a_coop_hand_plays_no_card_the_coop_deck_lacks() -> None:
    state = replace(table("coop4"), hands=(EVERY_KIND, (), (), ()))
    assert GAME.playable(state, RED) == [
        "3",
        "zeus",
        "apollo",
        "hestia",
        "poseidon",
        "dionysus",
        "aphrodite",
        "artemis",
        "demeter",
        "hermes",
    ]


def test_ff_favor_poseidon_and_dionysus_need_a_fate_in_hand_they_can_go_with() -> None:
    # red has no column out: only Fate #10 can start one, and a start can be neither
    # split (Poseidon) nor turned around (Dionysus)
    state = replace(table(red=[]), hands=(("10", "poseidon", "dionysus", "2"), (), (), ()))
    assert GAME.playable(state, RED) == ["10"]
    # without a Fate in hand neither is playable
    alone = replace(table(), hands=(("poseidon", "dionysus"), (), (), ()))
    assert GAME.playable(alone, RED) == []
    with_fate = replace(table(), hands=(("poseidon", "dionysus", "1"), (), (), ()))
    assert GAME.playable(with_fate, RED) == ["poseidon", "dionysus", "1"]
