"""A Fate card as printed and as Poseidon or Dionysus change it, pinned whole (the sentence
and rules of each refusal, what a changed card allows), each test named after its rule."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.fates_and_favors import GAME, QUARRY, FfState, Play, Step
from tests.rules.fates_and_favors.helpers import BLUE, GREEN, RED, YELLOW, B, at, table


def _state() -> FfState:
    """Red with three columns out, on plain spaces; red's turn."""
    return table(red=[10, 20, 30])


@pytest.mark.parametrize(
    ("play", "reason", "rule"),
    [
        (
            Play(RED, 11, 0, steps=(Step(RED, 10, 3),)),
            "Fate cards are numbered 1 to 10.",
            "ff.cards.fates",
        ),
        (
            Play(RED, 2, 1, steps=(Step(RED, 10, 2),)),
            "Fate #2 has 1 action; choose one of them.",
            "ff.cards.fates",
        ),
        (
            Play(RED, 3, 0, "zeus", steps=(Step(RED, 10, 3),)),
            "Only Poseidon or Dionysus is played together with a Fate card.",
            "ff.favor.one",
        ),
        (
            Play(RED, 10, 0, "poseidon", steps=(Step(RED, QUARRY),)),
            "Poseidon changes a movement; starting a column is not one.",
            "ff.favor.poseidon",
        ),
        (
            Play(RED, 10, 0, "dionysus", steps=(Step(RED, QUARRY),)),
            "Dionysus changes a movement; starting a column is not one.",
            "ff.favor.dionysus",
        ),
        (
            Play(
                RED, 3, 0, "poseidon", steps=(Step(RED, 10, 1), Step(RED, 20, 1), Step(RED, 30, 1))
            ),
            "This movement is shared among 1 to 2 columns.",
            "ff.move.share",
        ),
        (
            Play(RED, 4, 0, "dionysus", steps=(Step(RED, 10, 4, backward=True),)),
            "This action moves forward only.",
            "ff.move.forward",
        ),
        (
            Play(RED, 3, 0, "dionysus", steps=(Step(RED, 10, 3),)),
            "This action moves backward only.",
            "ff.move.backward",
        ),
    ],
    ids=[
        "no-such-fate",
        "no-such-action",
        "zeus-with-a-fate",
        "poseidon-on-a-start",
        "dionysus-on-a-start",
        "poseidon-three-columns",
        "dionysus-backward-made-forward",
        "dionysus-forward-made-backward",
    ],
)
def test_ff_cards_fates_and_the_favors_that_change_them_refuse_in_full_words(
    play: Play, reason: str, rule: str
) -> None:
    verdict = GAME.check(_state(), play)
    assert not verdict.legal
    assert verdict.reason == reason
    assert verdict.rules == (rule,)


START_WORDS = "Starting a column takes it from its quarry onto its quarry exit."


@pytest.mark.parametrize(
    ("step", "reason", "rule"),
    [
        (Step(RED, 10), START_WORDS, "ff.start.new-column"),
        (Step(RED, QUARRY, 1), START_WORDS, "ff.start.new-column"),
        (Step(RED, QUARRY, bridge=True), START_WORDS, "ff.start.new-column"),
        (Step(RED, QUARRY, temple=True), START_WORDS, "ff.start.new-column"),
        (Step(RED, QUARRY, backward=True), START_WORDS, "ff.start.new-column"),
        (
            Step(BLUE, QUARRY),
            "This action moves TEAM columns (red, yellow), not blue.",
            "ff.cards.whose",
        ),
    ],
    ids=["from-the-track", "with-spaces", "over-a-bridge", "into-the-temple", "backward", "rival"],
)
def test_ff_start_new_column_refusals_in_full_words(step: Step, reason: str, rule: str) -> None:
    verdict = GAME.check(_state(), Play(RED, 10, 0, steps=(step,)))
    assert (verdict.legal, verdict.reason, verdict.rules) == (False, reason, (rule,))


def test_ff_start_new_column_starts_exactly_one() -> None:
    two = Play(RED, 10, 0, steps=(Step(RED, QUARRY), Step(RED, QUARRY)))
    verdict = GAME.check(table(red=[10]), two)
    assert (verdict.legal, verdict.reason, verdict.rules) == (
        False,
        "Starting a column moves exactly one column.",
        ("ff.start.new-column",),
    )


@pytest.mark.parametrize(
    ("play", "reason", "rule"),
    [
        (
            Play(RED, 3, 0, steps=(Step(RED, 10, 1), Step(RED, 20, 2))),
            "This action moves exactly one column.",
            "ff.move.in-full",
        ),
        (
            Play(RED, 3, 0, steps=(Step(RED, 10, 2),)),
            "All 3 spaces must be used, each column moving at least one; a card's action is "
            "carried out in full.",
            "ff.move.in-full",
        ),
        (
            Play(RED, 3, 0, steps=(Step(RED, 10, 3, to=13),)),
            "A movement goes by spaces, not to a chosen space.",
            "ff.move.in-full",
        ),
        (
            Play(RED, 6, 0, steps=(Step(RED, 10, 3), Step(RED, 13, 3))),
            "Each column takes part in a shared move once.",
            "ff.move.share",
        ),
        (
            Play(RED, 2, 0, "poseidon", steps=(Step(RED, 10, 1), Step(RED, 20, 1, backward=True))),
            "Every part of one action moves the same way.",
            "ff.assume.either-one-way",
        ),
    ],
    ids=["two-columns-for-one", "spaces-left", "to-a-space", "one-column-twice", "both-ways"],
)
def test_ff_move_in_full_and_share_refusals_in_full_words(
    play: Play, reason: str, rule: str
) -> None:
    verdict = GAME.check(_state(), play)
    assert (verdict.legal, verdict.reason, verdict.rules) == (False, reason, (rule,))


def test_ff_turn_phases_coop_draws_back_one_card_per_card_played() -> None:
    """Co-op counts the cards: a Fate card alone is one card drawn back from the pile, a Fate
    card with Poseidon two; the hand is full again after either."""
    state = table("coop4", red=[10, 20, 30])
    alone = GAME.apply(state, Play(RED, 3, 0, steps=(Step(RED, 10, 3),)))
    assert (alone.deck, alone.held) == (state.deck - 1, state.held)
    both = Play(RED, 3, 0, "poseidon", steps=(Step(RED, 10, 1), Step(RED, 20, 2)))
    shared = GAME.apply(state, both)
    assert (shared.deck, shared.held) == (state.deck - 2, state.held)


def test_ff_favor_poseidon_shares_a_card_over_two_columns() -> None:
    play = Play(RED, 3, 0, "poseidon", steps=(Step(RED, 10, 1), Step(RED, 30, 2)))
    verdict = GAME.check(_state(), play)
    assert verdict.legal, verdict
    assert verdict.reason == (
        "Red plays Fate #3 with Poseidon: red from space 10 1 forward; red from space 30 2 forward."
    )
    assert verdict.rules == (
        "ff.cards.fates",
        "ff.favor.poseidon",
        "ff.move.share",
        "ff.move.forward",
    )
    assert at(GAME.apply(_state(), play), RED) == [11, 20, 32]


def test_ff_favor_dionysus_reverses_each_way() -> None:
    forward = Play(RED, 4, 0, "dionysus", steps=(Step(RED, 10, 4),))  # printed backward
    verdict = GAME.check(_state(), forward)
    assert verdict.legal, verdict
    assert verdict.rules == ("ff.cards.fates", "ff.favor.dionysus", "ff.move.forward")
    back = Play(RED, 3, 0, "dionysus", steps=(Step(RED, 10, 3, backward=True),))  # printed forward
    verdict = GAME.check(_state(), back)
    assert verdict.legal, verdict
    assert verdict.reason == "Red plays Fate #3 with Dionysus: red from space 10 3 back."
    assert verdict.rules == ("ff.cards.fates", "ff.favor.dionysus", "ff.move.backward")
    assert at(GAME.apply(_state(), back), RED) == [7, 20, 30]


@pytest.mark.parametrize(
    ("favor", "reason"),
    [
        ("poseidon", "Poseidon is played with a Fate card."),
        ("dionysus", "Dionysus is played with a Fate card."),
        ("hera", "Hera is not a card that moves columns on its own."),
        ("", "Name a Fate card, a Favor or the Hero card to play."),
    ],
)
def test_ff_favor_one_a_play_with_no_fate_names_a_favor_that_moves_alone(
    favor: str, reason: str
) -> None:
    verdict = GAME.check(_state(), Play(RED, 0, 0, favor))
    assert not verdict.legal
    assert verdict.reason == reason
    assert verdict.rules == ("ff.favor.one",)


def test_ff_temple_safe_a_rival_column_on_its_temple_track_is_refused_in_full_words() -> None:
    """Green's three columns on its temple track; red's rival actions touch none of them."""
    track = [B.temple(GREEN, k) for k in range(3)]
    state = table(red=[10], green=track)
    for play in (
        Play(RED, 5, 1, steps=(Step(GREEN, track[0], 5),)),
        Play(RED, 3, 1, steps=(Step(GREEN, track[1], 3, backward=True),)),
    ):
        verdict = GAME.check(state, play)
        assert not verdict.legal
        assert verdict.reason == (
            "Columns on their temple track are safe from rivals: no card moves them."
        )
        assert verdict.rules == ("ff.temple.safe",)


def test_ff_cards_fates_the_verdict_says_each_part_of_the_move() -> None:
    """The sentence names a bridge crossing and a turn into the temple track."""
    gate = B.gates[RED]
    over = GAME.check(table(red=[10]), Play(RED, 3, 0, steps=(Step(RED, 10, 3, bridge=True),)))
    assert over.reason == "Red plays Fate #3: red from space 10 3 forward over the bridge."
    assert over.effects == ("crosses a bridge to space 16",)
    into = GAME.check(
        table(red=[gate - 1]), Play(RED, 3, 0, steps=(Step(RED, gate - 1, 3, temple=True),))
    )
    assert into.reason == (
        f"Red plays Fate #3: red from space {gate - 1} 3 forward into the temple track."
    )


APOLLO_WORDS = "Apollo swaps two columns standing on the main track."


@pytest.mark.parametrize(
    ("play", "reason", "rule"),
    [
        (
            Play(RED, 0, 0, "zeus", steps=(Step(RED, 10, 10, backward=True),)),
            "This action moves forward only.",
            "ff.move.forward",
        ),
        (
            Play(RED, 0, 0, "zeus", steps=tuple(Step(RED, 10, 1) for _ in range(17))),
            "This movement is shared among 1 to 16 columns.",
            "ff.move.share",
        ),
        (
            Play(RED, 0, 0, "apollo", steps=(Step(RED, 10),)),
            "Apollo swaps exactly two columns.",
            "ff.favor.apollo",
        ),
        (
            Play(RED, 0, 0, "apollo", steps=(Step(RED, QUARRY), Step(BLUE, 12))),
            APOLLO_WORDS,
            "ff.favor.apollo",
        ),
        (
            Play(RED, 0, 0, "apollo", steps=(Step(RED, 10, 1), Step(BLUE, 12))),
            APOLLO_WORDS,
            "ff.favor.apollo",
        ),
        (
            Play(RED, 0, 0, "apollo", steps=(Step(RED, 10, bridge=True), Step(BLUE, 12))),
            APOLLO_WORDS,
            "ff.favor.apollo",
        ),
        (
            Play(RED, 0, 0, "apollo", steps=(Step(RED, 10, backward=True), Step(BLUE, 12))),
            APOLLO_WORDS,
            "ff.favor.apollo",
        ),
        (
            Play(RED, 0, 0, "apollo", steps=(Step(RED, 10, temple=True), Step(BLUE, 12))),
            APOLLO_WORDS,
            "ff.favor.apollo",
        ),
        (
            Play(RED, 0, 0, "apollo", steps=(Step(RED, 10, to=12), Step(BLUE, 12))),
            APOLLO_WORDS,
            "ff.favor.apollo",
        ),
    ],
    ids=[
        "zeus-backward",
        "zeus-17-parts",
        "apollo-one-column",
        "apollo-from-the-quarry",
        "apollo-with-spaces",
        "apollo-over-a-bridge",
        "apollo-backward",
        "apollo-into-the-temple",
        "apollo-to-a-space",
    ],
)
def test_ff_favor_zeus_and_apollo_refusals_in_full_words(
    play: Play, reason: str, rule: str
) -> None:
    verdict = GAME.check(table(red=[10, 20], blue=[12]), play)
    assert not verdict.legal
    assert verdict.reason == reason
    assert verdict.rules == (rule,)


@pytest.mark.parametrize(
    ("play", "reason", "rule"),
    [
        (
            Play(RED, 0, 0, "apollo", steps=(Step(RED, 10), Step(RED, 20))),
            "Swapping two columns of one colour changes nothing.",
            "ff.favor.apollo",
        ),
        (
            Play(RED, 0, 0, "apollo", steps=(Step(YELLOW, 14), Step(YELLOW, 17))),
            "Swapping two columns of one colour changes nothing.",
            "ff.favor.apollo",
        ),
        (
            Play(RED, 0, 0, "apollo", steps=(Step(GREEN, 40), Step(GREEN, 43))),
            "Swapping two columns of one colour changes nothing.",
            "ff.favor.apollo",
        ),
        (
            Play(RED, 0, 0, "hestia", steps=(Step(RED, 10), Step(RED, 20))),
            "Hestia acts on one column.",
            "ff.favor.hestia",
        ),
        (
            Play(RED, 0, 0, "ares", steps=(Step(BLUE, 12), Step(GREEN, 40))),
            "Ares acts on one column.",
            "ff.favor.ares",
        ),
        (
            Play(RED, 0, 0, "hestia", steps=(Step(RED, 10, backward=True),)),
            "Hestia moves its column by itself.",
            "ff.favor.hestia",
        ),
        (
            Play(RED, 0, 0, "hestia", steps=(Step(RED, 10, temple=True),)),
            "Hestia moves its column by itself.",
            "ff.favor.hestia",
        ),
        (
            Play(RED, 0, 0, "ares", steps=(Step(BLUE, 12, backward=True),)),
            "Ares moves its column by itself.",
            "ff.favor.ares",
        ),
        (
            Play(RED, 0, 0, "ares", steps=(Step(BLUE, 12, temple=True),)),
            "Ares moves its column by itself.",
            "ff.favor.ares",
        ),
        (
            Play(RED, 0, 0, "hestia", steps=(Step(RED, 10, to=11),)),
            "Hestia moves its column by itself.",
            "ff.favor.hestia",
        ),
        (
            Play(RED, 0, 0, "ares", steps=(Step(BLUE, 12, 1),)),
            "Ares moves its column by itself.",
            "ff.favor.ares",
        ),
    ],
    ids=[
        "apollo-red-red",
        "apollo-yellow-yellow",
        "apollo-green-green",
        "hestia-two",
        "ares-two",
        "hestia-backward",
        "hestia-temple",
        "ares-backward",
        "ares-temple",
        "hestia-to-a-space",
        "ares-with-spaces",
    ],
)
def test_ff_favor_apollo_hestia_ares_refusals_in_full_words(
    play: Play, reason: str, rule: str
) -> None:
    """Yellow's and green's four columns all on the board, so each colour's columns fill
    every one of its four places."""
    state = table(red=[10, 20], yellow=[14, 15, 16, 17], green=[40, 41, 42, 43], blue=[12])
    verdict = GAME.check(state, play)
    assert not verdict.legal
    assert verdict.reason == reason
    assert verdict.rules == (rule,)


def test_ff_favor_apollo_swaps_two_colours_of_full_sets() -> None:
    state = table(red=[10, 20], yellow=[14, 15, 16, 17], green=[40, 41, 42, 43], blue=[12])
    play = Play(RED, 0, 0, "apollo", steps=(Step(YELLOW, 14), Step(GREEN, 43)))
    verdict = GAME.check(state, play)
    assert verdict.legal, verdict
    after = GAME.apply(state, play)
    assert at(after, YELLOW) == [15, 16, 17, 43] and at(after, GREEN) == [14, 40, 41, 42]


@pytest.mark.parametrize(
    ("play", "reason", "rule"),
    [
        (
            Play(RED, 0, 0, "hestia", steps=(Step(BLUE, 12),)),
            "This action moves TEAM columns (red, yellow), not blue.",
            "ff.cards.whose",
        ),
        (
            Play(RED, 0, 0, "hestia", steps=(Step(RED, B.temple(RED, 0)),)),
            "Hestia moves a column from the quarry or the main track.",
            "ff.favor.hestia",
        ),
        (
            Play(RED, 0, 0, "ares", steps=(Step(YELLOW, QUARRY),)),
            "This action moves RIVAL columns (blue, green), not yellow.",
            "ff.cards.whose",
        ),
        (
            Play(RED, 0, 0, "ares", steps=(Step(BLUE, B.temple(BLUE, 0)),)),
            "Ares sends back only a column on the main track.",
            "ff.favor.ares",
        ),
        (
            Play(RED, 0, 0, "ares", steps=(Step(BLUE, QUARRY),)),
            "Ares sends back only a column on the main track.",
            "ff.favor.ares",
        ),
    ],
    ids=["hestia-rival", "hestia-temple-track", "ares-team", "ares-temple-track", "ares-quarry"],
)
def test_ff_favor_hestia_and_ares_columns_they_may_not_move(
    play: Play, reason: str, rule: str
) -> None:
    state = table(red=[10, B.temple(RED, 0)], blue=[12, B.temple(BLUE, 0)])
    verdict = GAME.check(state, play)
    assert (verdict.legal, verdict.reason, verdict.rules) == (False, reason, (rule,))


def test_ff_turn_phases_coop_a_favor_alone_is_one_card() -> None:
    """Hestia played alone in co-op is one card drawn back; played as the last card of the
    game (pile and other hands empty) it loses the game (ff.assume.coop-end), and the state
    it ends in loads back as it was saved."""
    state = table("coop4", red=[10])
    hestia = Play(RED, 0, 0, "hestia", steps=(Step(RED, 10),))
    after = GAME.apply(state, hestia)
    assert at(after, RED) == [B.gates[RED]]
    assert (after.deck, after.held) == (state.deck - 1, state.held)
    last = GAME.apply(replace(state, deck=0, held=(1, 0, 0, 0)), hestia)
    assert last.phase == "lost" and last.again is False
    assert GAME.load_state(GAME.state_to_json(last)) == last


@pytest.mark.parametrize(
    ("play", "title"),
    [
        (Play(RED, 0, 0, "ares", steps=(Step(BLUE, 12),)), "Ares"),
        (Play(RED, 0, 0, "athena"), "Athena"),
    ],
)
def test_ff_coop_deck_a_board_favor_without_a_lightning_bolt_is_refused(
    play: Play, title: str
) -> None:
    """Co-op and solo play only the lightning cards: Ares and Athena are not among them."""
    verdict = GAME.check(table("coop4", red=[10], blue=[12]), play)
    assert (verdict.legal, verdict.reason, verdict.rules) == (
        False,
        f"{title} has no lightning bolt, so it is not in the co-op deck.",
        ("ff.coop.deck",),
    )


def test_ff_assume_coop_end_an_empty_pile_alone_does_not_end_the_game() -> None:
    """Co-op with the pile used up but cards still in hand: red plays one of its five and
    the game goes on with blue; it is lost only once the hands are empty too."""
    state = replace(table("coop4", red=[10]), deck=0)
    verdict = GAME.check(state, Play(RED, 3, 0, steps=(Step(RED, 10, 3),)))
    assert verdict.legal and "ff.coop.goal" not in verdict.rules
    after = GAME.apply(state, Play(RED, 3, 0, steps=(Step(RED, 10, 3),)))
    assert (after.phase, after.deck, after.held, after.seat) == ("play", 0, (4, 5, 5, 5), BLUE)
