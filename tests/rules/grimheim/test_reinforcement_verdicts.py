"""The reinforcement step, whole: placing a monster card (grim.reinforce.draw, .legend), a card
that cannot be placed (grim.reinforce.placeable), the wrong deck (grim.reinforce.colour) and
the way out when no card of the deck fits (grim.assume.no_placeable_card), with the sentence,
the rules cited, every effect line and where the round goes afterwards.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.core import Action, Verdict
from rules.grimheim import GAME
from rules.grimheim.actions import PlaceCard, RedrawCard, SkipCard
from rules.grimheim.state import GrimheimOptions, GrimheimState, on_map

UNDER = "Put it at the bottom of the yellow deck and draw a new card."
EVERY_AREA = tuple((x, y) for x in range(19) for y in range(19) if on_map((x, y)))


def opening(left: int = 2) -> GrimheimState:
    """Setup step 5 for Bjorn and Alva: yellow opening cards, ``left`` still to draw."""
    state = GAME.setup(GrimheimOptions(heroes=("Bjorn", "Alva")))
    return replace(state, reinforcements_left=left)


def red_step(left: int = 1) -> GrimheimState:
    """The reinforcement step after the monster turn on step 7 (red crossed axes)."""
    return replace(
        opening(left),
        time=7,
        reinforce_deck="red",
        monster_step="attack",
        turn=1,
        die_face="push",
    )


def whole(verdict: Verdict) -> tuple[bool, str, tuple[str, ...], tuple[str, ...]]:
    return verdict.legal, verdict.reason, verdict.rules, verdict.effects


def test_grim_reinforce_draw_a_card_and_what_it_places() -> None:
    # Card 31 (Strolling): a brute at I3 and trolls at H3 and J3.
    state = opening()
    verdict = GAME.check(state, PlaceCard(31))
    assert whole(verdict) == (
        True,
        "Place card 31: Strolling.",
        ("grim.reinforce.draw",),
        (
            "1 × Brute → I3",
            "2 × Troll → H3, J3",
            "card 31 goes to the bottom of the yellow deck",
            "1 card still to draw",
        ),
    )
    after = GAME.apply(state, PlaceCard(31))
    assert sorted((m.kind, m.at) for m in after.monsters) == [
        ("brute", (3, 9)),
        ("troll", (3, 10)),
        ("troll", (4, 8)),
    ]
    assert (after.supply["brute"], after.supply["troll"]) == (14, 8)
    assert (after.phase, after.reinforcements_left) == ("reinforce", 1)


def test_grim_setup_first_monsters_then_the_first_hero_turn() -> None:
    state = opening(left=1)
    assert GAME.check(state, PlaceCard(31)).effects[-1] == "reinforcements done"
    after = GAME.apply(state, PlaceCard(31))
    assert (after.phase, after.turn, after.reinforcements_left) == ("heroes", 0, 0)


def test_grim_reinforce_legend_card_stays_beside_the_board() -> None:
    verdict = GAME.check(opening(), PlaceCard(5))
    assert whole(verdict) == (
        True,
        "Place card 5: Hrungbald.",
        ("grim.reinforce.draw", "grim.reinforce.legend"),
        (
            "3 × Brute → H1, I2, J1",
            "1 × Hrungbald → I1",
            "the Legend card stays beside the board",
            "1 card still to draw",
        ),
    )
    after = GAME.apply(opening(), PlaceCard(5))
    assert after.legends_in_play == {"hrungbald": 1} and after.supply["brute"] == 12


def test_grim_reinforce_red_step_ends_the_monster_turn() -> None:
    state = red_step()
    verdict = GAME.check(state, PlaceCard(45))
    assert verdict.effects[-2:] == (
        "card 45 goes to the bottom of the red deck",
        "reinforcements done",
    )
    after = GAME.apply(state, PlaceCard(45))
    assert (after.phase, after.turn, after.monster_step, after.die_face) == (
        "heroes",
        0,
        "time",
        "",
    )


UNPLACEABLE: dict[str, tuple[GrimheimState, PlaceCard, str]] = {
    "two areas taken": (
        opening(),
        PlaceCard(31, occupied=((4, 8), (3, 10))),
        "its areas H3; J3 are occupied",
    ),
    "one area taken": (opening(), PlaceCard(31, occupied=((4, 8),)), "its area H3 is occupied"),
    "supply short": (
        replace(opening(), supply={**opening().supply, "troll": 1}, untracked={"troll": 9}),
        PlaceCard(31),
        "it needs 2 Troll tiles but the supply has 1",
    ),
    "supply short and an area taken": (
        replace(opening(), supply={**opening().supply, "troll": 1}, untracked={"troll": 9}),
        PlaceCard(31, occupied=((4, 8),)),
        "it needs 2 Troll tiles but the supply has 1; its area H3 is occupied",
    ),
    "Legend in play": (
        replace(opening(), legends_in_play={"grendel": 1}),
        PlaceCard(3),
        "Grendel is already on the board",
    ),
}


@pytest.mark.parametrize("case", list(UNPLACEABLE))
def test_grim_reinforce_placeable_why_a_card_goes_back(case: str) -> None:
    state, action, why = UNPLACEABLE[case]
    name = "Strolling" if action.card == 31 else "Grendel"
    assert whole(GAME.check(state, action)) == (
        False,
        f"Card {action.card} ({name}) cannot be placed: {why}. {UNDER}",
        ("grim.reinforce.placeable",),
        (),
    )
    redraw = GAME.check(state, RedrawCard(action.card, occupied=action.occupied))
    assert whole(redraw) == (
        True,
        f"Card {action.card} cannot be placed: {why}.",
        ("grim.reinforce.placeable",),
        (f"card {action.card} → bottom of the yellow deck", "draw a new card"),
    )
    assert GAME.apply(state, RedrawCard(action.card, occupied=action.occupied)) == state


REFUSALS: dict[str, tuple[GrimheimState, Action, str, tuple[str, ...]]] = {
    "no such card": (
        opening(),
        PlaceCard(99),
        "There is no monster card 99; cards run 1 to 54.",
        ("grim.reinforce.colour",),
    ),
    "red card on a yellow step": (
        opening(),
        PlaceCard(45),
        "Card 45 is from the red deck; this step draws yellow cards.",
        ("grim.reinforce.colour",),
    ),
    "a hero turn": (
        replace(opening(), phase="heroes"),
        PlaceCard(31),
        "Monster cards are drawn in the reinforcement step; now it is Bjorn's turn.",
        ("grim.reinforce.draw",),
    ),
    "skip on a hero turn": (
        replace(opening(), phase="heroes"),
        SkipCard(),
        "Monster cards are drawn in the reinforcement step; now it is Bjorn's turn.",
        ("grim.reinforce.draw",),
    ),
    "occupied area off the map": (
        opening(),
        PlaceCard(31, occupied=((40, 8),)),
        "Occupied area 40,8 is not an area of the map.",
        ("grim.map.grid",),
    ),
    "skip with an area off the map": (
        opening(),
        SkipCard(occupied=((40, 8),)),
        "Occupied area 40,8 is not an area of the map.",
        ("grim.map.grid",),
    ),
    "redraw a card that fits": (
        opening(),
        RedrawCard(31),
        "Card 31 (Strolling) can be placed, so it must be.",
        ("grim.reinforce.placeable",),
    ),
    "skip while cards fit": (
        opening(),
        SkipCard(),
        "36 yellow cards can still be placed (for example 1, 2, 3, 4, 5 ...): keep drawing "
        "until one can.",
        ("grim.reinforce.placeable", "grim.assume.no_placeable_card"),
    ),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_grim_reinforce_refusals_read_whole(case: str) -> None:
    state, action, reason, rules = REFUSALS[case]
    assert whole(GAME.check(state, action)) == (False, reason, rules, ())


def test_grim_assume_no_placeable_card_the_way_out() -> None:
    # Every area is reported occupied: no yellow card fits, so the draw brings nothing.
    state = opening()
    verdict = GAME.check(state, SkipCard(occupied=EVERY_AREA))
    assert whole(verdict) == (
        True,
        "No yellow card can be placed: this draw brings no monsters.",
        ("grim.assume.no_placeable_card", "grim.reinforce.placeable"),
        ("1 card still to draw",),
    )
    after = GAME.apply(state, SkipCard(occupied=EVERY_AREA))
    assert (after.phase, after.reinforcements_left, after.monsters) == ("reinforce", 1, ())
    last = GAME.check(opening(left=1), SkipCard(occupied=EVERY_AREA))
    assert last.effects == ("reinforcements done",)
    after = GAME.apply(opening(left=1), SkipCard(occupied=EVERY_AREA))
    assert (after.phase, after.turn) == ("heroes", 0)


def test_grim_assume_no_placeable_card_lists_at_most_five() -> None:
    # Only cards whose areas are all free are offered as examples.
    few = tuple(h for h in EVERY_AREA if h not in {(4, 8), (3, 9), (3, 10)})
    verdict = GAME.check(opening(), SkipCard(occupied=few))
    assert verdict.reason == (
        "1 yellow card can still be placed (for example 31): keep drawing until one can."
    )


def test_grim_reinforce_placeable_with_exactly_the_tiles_it_needs() -> None:
    # Card 31 needs 2 trolls and 1 brute: 2 trolls left is enough, no brute is not.
    state = opening()
    exact = replace(state, supply={**state.supply, "troll": 2}, untracked={"troll": 8})
    assert GAME.check(exact, PlaceCard(31)).legal
    assert GAME.apply(exact, PlaceCard(31)).supply["troll"] == 0
    none = replace(state, supply={**state.supply, "brute": 0}, untracked={"brute": 15})
    assert GAME.check(none, PlaceCard(31)).reason == (
        f"Card 31 (Strolling) cannot be placed: it needs 1 Brute tile but the supply has 0. {UNDER}"
    )
