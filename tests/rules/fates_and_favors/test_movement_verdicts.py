"""Single moves pinned whole (legal or not, the sentence, the rule IDs, every effect and the
board after), each test named after the rule it protects: starting a column, a colour that
never hits itself, hits on every colour whatever its place among its four columns, a gate
already held by the hit column's own colour, and a step that names no colour at all."""

from __future__ import annotations

import io
import json
from dataclasses import replace

import pytest

from rules import cli
from rules.fates_and_favors import GAME, QUARRY, FfState, Play, Step
from tests.rules.fates_and_favors.helpers import BLUE, GREEN, RED, YELLOW, B, at, table

NAMES = ("red", "blue", "yellow", "green")


def _turn_of(state: FfState, colour: int) -> FfState:
    """``state`` with the turn at the seat playing ``colour`` (2v2: seat = colour)."""
    state = replace(state, turn=state.order.index(colour))
    assert state.seat == colour
    return state


# ----- ff.start.new-column: a #10 or the Hero card's raise -----------------------------------


def test_ff_start_new_column_a_ten_cites_the_card_and_the_start() -> None:
    state = table(red=[10])
    verdict = GAME.check(state, Play(RED, 10, 0, steps=(Step(RED, QUARRY),)))
    assert verdict.legal, verdict
    assert verdict.reason == "Red plays Fate #10: red from quarry."
    assert verdict.rules == ("ff.cards.fates", "ff.start.new-column")
    assert verdict.effects == ("columns move",)
    after = GAME.apply(state, Play(RED, 10, 0, steps=(Step(RED, QUARRY),)))
    assert at(after, RED) == [B.exits[RED], 10]


def test_ff_start_new_column_the_hero_cards_raise_cites_the_start() -> None:
    state = table(red=[10])
    verdict = GAME.check(state, Play(RED, 0, 0, hero=True, steps=(Step(RED, QUARRY),)))
    assert verdict.legal, verdict
    assert verdict.rules == ("ff.hero.card", "ff.start.new-column")


# ----- ff.move.same-colour: the colour named in the refusal, for every colour -----------------


@pytest.mark.parametrize("colour", [RED, BLUE, YELLOW, GREEN])
def test_ff_move_same_colour_names_the_colour_that_would_hit_itself(colour: int) -> None:
    state = _turn_of(table(**{NAMES[colour]: [10, 12]}), colour)
    verdict = GAME.check(state, Play(colour, 2, 0, steps=(Step(colour, 10, 2),)))
    assert not verdict.legal
    assert (
        verdict.reason
        == f"Space 12 already holds a {NAMES[colour]} column; a colour never hits itself."
    )
    assert verdict.rules == ("ff.move.same-colour",)


@pytest.mark.parametrize("colour", [RED, BLUE, YELLOW, GREEN])
def test_ff_move_column_names_the_colour_that_is_not_there(colour: int) -> None:
    state = _turn_of(table(**{NAMES[colour]: [10]}), colour)
    verdict = GAME.check(state, Play(colour, 2, 0, steps=(Step(colour, 12, 2),)))
    assert not verdict.legal
    assert verdict.reason == f"No {NAMES[colour]} column stands on space 12."
    assert verdict.rules == ("ff.move.column",)


def test_ff_move_same_colour_a_strike_onto_its_own_colour_is_refused() -> None:
    state = table(red=[10, 12])
    verdict = GAME.check(state, Play(RED, 0, 1, hero=True, steps=(Step(RED, 10, to=12),)))
    assert not verdict.legal
    assert verdict.reason == "Space 12 already holds a red column; a colour never hits itself."
    assert verdict.rules == ("ff.move.same-colour",)


def test_ff_favor_hestia_refused_onto_a_gate_its_own_colour_holds() -> None:
    state = table(yellow=[B.gates[YELLOW], 5])
    verdict = GAME.check(state, Play(RED, 0, 0, "hestia", steps=(Step(YELLOW, 5),)))
    assert not verdict.legal
    assert verdict.reason == (
        "Yellow temple gate already holds a yellow column; a colour never hits itself."
    )
    assert verdict.rules == ("ff.favor.hestia",)


# ----- ff.hit.rival / ff.hit.teammate: the lowest of four columns is hit ----------------------


def test_ff_hit_rival_names_the_colour_of_the_lowest_of_four() -> None:
    """Green's four columns all on the board; red hits the one on the lowest space."""
    state = table(red=[20], green=[23, 40, 41, 42])
    play = Play(RED, 3, 0, steps=(Step(RED, 20, 3),))
    verdict = GAME.check(state, play)
    assert verdict.rules == ("ff.cards.fates", "ff.hit.rival", "ff.move.forward"), verdict
    assert verdict.effects == ("green column hit on space 23: back to its quarry",)
    assert at(GAME.apply(state, play), GREEN) == [40, 41, 42]


@pytest.mark.parametrize(
    ("hitter", "victim"), [(RED, YELLOW), (BLUE, GREEN), (YELLOW, RED), (GREEN, BLUE)]
)
def test_ff_hit_teammate_sends_the_lowest_of_four_to_its_own_gate(hitter: int, victim: int) -> None:
    low, high = 12, [24, 26, 28]  # plain spaces, none a gate, exit or corner
    state = _turn_of(table(**{NAMES[hitter]: [low - 3], NAMES[victim]: [low, *high]}), hitter)
    play = Play(hitter, 3, 0, steps=(Step(hitter, low - 3, 3),))
    verdict = GAME.check(state, play)
    assert verdict.legal, verdict
    assert verdict.rules == ("ff.cards.fates", "ff.hit.teammate", "ff.move.forward")
    gate = B.name(B.gates[victim])
    assert verdict.effects == (f"{NAMES[victim]} column hit on space {low}: to {gate}",)
    after = GAME.apply(state, play)
    assert at(after, victim) == sorted([B.gates[victim], *high])
    assert at(after, hitter) == [low]


# ----- ff.assume.gate-taken: the gate already holds the hit column's own colour ---------------


def _gate_taken(extra: list[int]) -> FfState:
    """Red 3 short of a yellow column on 23; yellow's gate held by yellow."""
    return table(red=[20], yellow=[23, B.gates[YELLOW], *extra])


def test_ff_assume_gate_taken_stops_on_the_nearest_free_space_behind() -> None:
    gate = B.gates[YELLOW]
    # the gate's column is the second lowest of yellow's four: two more on its temple sites
    state = _gate_taken([B.temple(YELLOW, 4), B.temple(YELLOW, 5)])
    play = Play(RED, 3, 0, steps=(Step(RED, 20, 3),))
    verdict = GAME.check(state, play)
    assert verdict.legal, verdict
    assert verdict.rules == (
        "ff.cards.fates",
        "ff.assume.gate-taken",
        "ff.hit.teammate",
        "ff.move.forward",
    )
    assert verdict.effects == (f"yellow column hit on space 23: to space {gate - 1}",)
    after = GAME.apply(state, play)
    assert at(after, YELLOW) == [gate - 1, gate, B.temple(YELLOW, 4), B.temple(YELLOW, 5)]
    assert at(after, RED) == [23]


def test_ff_assume_gate_taken_walks_back_past_every_held_space() -> None:
    gate = B.gates[YELLOW]
    state = _gate_taken([gate - 1])
    after = GAME.apply(state, Play(RED, 3, 0, steps=(Step(RED, 20, 3),)))
    assert at(after, YELLOW) == [gate - 2, gate - 1, gate]


def test_ff_assume_gate_taken_the_space_is_held_for_the_rest_of_the_share() -> None:
    """A team share (#9): red's 7 hits yellow, which stops just behind its held gate; the
    yellow 2 that would then end on that space hits its own colour and is refused."""
    gate = B.gates[YELLOW]
    state = table(red=[16], yellow=[23, gate, gate - 3])
    first = Step(RED, 16, 7)
    onto = GAME.check(state, Play(RED, 9, 0, steps=(first, Step(YELLOW, gate - 3, 2))))
    assert not onto.legal
    assert onto.reason == (
        f"Space {gate - 1} already holds a yellow column; a colour never hits itself."
    )
    assert onto.rules == ("ff.move.same-colour",)
    short = GAME.check(state, Play(RED, 9, 0, steps=(Step(RED, 16, 8), Step(YELLOW, gate - 3, 1))))
    assert short.legal, short


# ----- ff.setup.colours: a step naming no colour is refused in words --------------------------


@pytest.mark.parametrize("colour", [4, -1, 99])
@pytest.mark.parametrize(
    "play",
    [
        Play(RED, 3, 0, steps=(Step(0, 8, 3),)),
        Play(RED, 0, 0, "zeus", steps=(Step(0, 8, 10),)),
        Play(RED, 0, 1, hero=True, steps=(Step(0, 8, to=22),)),
        Play(RED, 0, 0, "hestia", steps=(Step(0, 8),)),
        Play(RED, 0, 0, "ares", steps=(Step(0, 22),)),
        Play(RED, 0, 0, "apollo", steps=(Step(0, 8), Step(1, 22))),
    ],
    ids=["fate", "zeus", "strike", "hestia", "ares", "apollo"],
)
def test_ff_setup_colours_a_step_naming_no_colour_is_refused(colour: int, play: Play) -> None:
    bad = replace(play, steps=tuple(replace(s, colour=colour) for s in play.steps))
    verdict = GAME.check(table(), bad)
    assert not verdict.legal
    assert verdict.reason == f"There is no colour number {colour}."
    assert verdict.rules == ("ff.setup.colours",)


def test_ff_setup_colours_a_step_naming_no_colour_from_a_phone() -> None:
    """The same through ``python -m rules check``: a verdict, not an internal error."""
    doc = {
        "options": {"mode": "2v2"},
        "action": {
            "type": "ff.play",
            "seat": 0,
            "card": 3,
            "steps": [{"colour": 4, "start": 8, "spaces": 3}],
        },
    }
    code, result = cli.run(["check", "fates-and-favors"], io.StringIO(json.dumps(doc)))
    assert code == 0
    assert result == {
        "legal": False,
        "reason": "There is no colour number 4.",
        "rules": ["ff.setup.colours"],
        "effects": [],
    }


# ----- the words and rules of plain moves -----------------------------------------------------


def test_ff_start_new_column_a_card_never_walks_a_column_out_of_its_quarry() -> None:
    verdict = GAME.check(table(red=[10]), Play(RED, 3, 0, steps=(Step(RED, QUARRY, 3),)))
    assert not verdict.legal
    assert verdict.reason == "A column in the quarry only comes out by being started (a #10)."
    assert verdict.rules == ("ff.start.new-column",)


def test_ff_move_same_colour_passing_is_refused_in_full_words() -> None:
    verdict = GAME.check(table(red=[10, 12]), Play(RED, 3, 0, steps=(Step(RED, 10, 3),)))
    assert verdict.reason == (
        "It would pass its own colour on space 12; a colour never passes or hits itself."
    )


def test_ff_temple_enter_is_cited_with_the_forward_move() -> None:
    gate = B.gates[RED]
    state = table(red=[gate - 1])
    verdict = GAME.check(state, Play(RED, 3, 0, steps=(Step(RED, gate - 1, 3, temple=True),)))
    assert verdict.legal, verdict
    assert verdict.rules == ("ff.cards.fates", "ff.move.forward", "ff.temple.enter")
    assert verdict.effects == ("red column enters its temple track",)


def test_ff_move_backward_is_cited_alone() -> None:
    state = table(red=[10])
    verdict = GAME.check(state, Play(RED, 2, 0, steps=(Step(RED, 10, 2, backward=True),)))
    assert verdict.legal, verdict
    assert verdict.rules == ("ff.cards.fates", "ff.move.backward")
    assert verdict.effects == ("columns move",)


TEMPLE_1 = B.temple(RED, 1)
GATE = B.gates[RED]


@pytest.mark.parametrize(
    ("red", "step", "card", "reason", "rule"),
    [
        (
            TEMPLE_1,
            Step(RED, TEMPLE_1, 2, backward=True),
            2,
            "On a temple track columns only move forward.",
            "ff.temple.forward-only",
        ),
        (
            TEMPLE_1,
            Step(RED, TEMPLE_1, 8),
            8,
            "The move would run past the end of the temple track; a card's action is "
            "carried out in full or not at all.",
            "ff.move.in-full",
        ),
        (
            GATE - 1,
            Step(RED, GATE - 1, 2, backward=True, temple=True),
            2,
            "A temple track is entered only moving forward.",
            "ff.temple.enter",
        ),
        (
            GATE - 1,
            Step(RED, GATE - 1, 1, temple=True),
            1,
            "This move never reaches the column's temple gate moving forward, so it cannot "
            "turn into the temple track.",
            "ff.temple.enter",
        ),
        (
            12,
            Step(RED, 12, 3, bridge=True),
            3,
            "Space 12 is not at either end of a bridge.",
            "ff.bridge.start",
        ),
    ],
    ids=["temple-backward", "past-the-end", "enter-backward", "never-at-the-gate", "no-bridge"],
)
def test_ff_temple_and_bridge_refusals_in_full_words(
    red: int, step: Step, card: int, reason: str, rule: str
) -> None:
    """ff.temple.forward-only, ff.move.in-full, ff.temple.enter, ff.bridge.start."""
    verdict = GAME.check(table(red=[red]), Play(RED, card, 0, steps=(step,)))
    assert not verdict.legal
    assert verdict.reason == reason
    assert verdict.rules == (rule,)


def test_ff_move_column_a_start_with_no_column_in_the_quarry() -> None:
    state = table(red=[10, 12, 14, 16])
    verdict = GAME.check(state, Play(RED, 10, 0, steps=(Step(RED, QUARRY),)))
    assert not verdict.legal
    assert verdict.reason == "No red column stands in its quarry."
    assert verdict.rules == ("ff.move.column",)


def test_ff_temple_enter_on_the_last_space_of_the_move() -> None:
    """Through the gate and onto the first temple space with the move's last step."""
    gate = B.gates[RED]
    state = table(red=[gate - 1])
    play = Play(RED, 2, 0, steps=(Step(RED, gate - 1, 2, temple=True),))
    verdict = GAME.check(state, play)
    assert verdict.legal, verdict
    assert verdict.rules == ("ff.cards.fates", "ff.move.forward", "ff.temple.enter")
    assert at(GAME.apply(state, play), RED) == [B.temple(RED, 0)]


def test_ff_temple_enter_is_not_cited_for_a_move_along_the_track() -> None:
    """A column already on its temple track moves on without entering it again."""
    state = table(red=[B.temple(RED, 0)])
    play = Play(RED, 2, 0, steps=(Step(RED, B.temple(RED, 0), 2),))
    verdict = GAME.check(state, play)
    assert verdict.legal, verdict
    assert verdict.rules == ("ff.cards.fates", "ff.move.forward")
    assert verdict.effects == ("columns move",)
    assert at(GAME.apply(state, play), RED) == [B.temple(RED, 2)]
