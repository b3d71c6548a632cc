"""The enumeration lists every end a card can reach, and nothing else (ff.cards.fates,
ff.hero.card, ff.favor.*): each card's outcomes are compared with a plain search that
writes out every play of that card a phone could send (every column, every split of a
shared movement, both directions, the bridge and the temple turn) and keeps the ends of
those the rules carry out (``resolve``). The positions are random but small, so the plain search
stays quick; the named positions after them reach corners the random ones may miss."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from rules.fates_and_favors import GAME, QUARRY, EnterHand, FfState, Play, Step, zeus
from rules.fates_and_favors.data import cards
from rules.fates_and_favors.enumeration import has_outcome, outcomes, zeus_plays
from rules.fates_and_favors.movement import Refusal, Sim
from rules.fates_and_favors.plays import resolve
from rules.fates_and_favors.seats import board_of
from tests.rules.fates_and_favors.helpers import BLUE, GREEN, RED, YELLOW, B, table

End = tuple[tuple[int, ...], bool]


def _on_board(state: FfState) -> list[tuple[int, int]]:
    """Every column not in its quarry, as (colour, space)."""
    return [(s // 4, p) for s, p in enumerate(state.columns) if p != QUARRY]


def _part_ways(start: int, spaces: int, backward: bool) -> Iterator[Step]:
    """Every way one column at ``start`` could be asked to move ``spaces``."""
    for bridge, temple in itertools.product((False, True), (False, True)):
        yield Step(-1, start, spaces, backward, bridge, temple)


def _movement_candidates(state: FfState, total: int, columns: int) -> Iterator[tuple[Step, ...]]:
    mine = _on_board(state)
    for backward in (False, True):
        for colour, start in mine:
            for way in _part_ways(start, total, backward):
                yield (replace(way, colour=colour),)
        if columns < 2:
            continue
        for colour, start in mine:
            for first in range(1, total):
                for way in _part_ways(start, first, backward):
                    step = replace(way, colour=colour)
                    sim = Sim(board_of(state), state.columns, state.teams)
                    try:
                        sim.move(sim.find(colour, start), step)
                    except Refusal:
                        continue
                    # the second part starts from the board the first left (a teammate
                    # hit may have sent a column to its gate)
                    for slot, there in enumerate(sim.pos):
                        if there == QUARRY:
                            continue
                        for then in _part_ways(there, total - first, backward):
                            yield (step, replace(then, colour=slot // 4))


def _candidates(state: FfState, card: int, favor: str) -> Iterator[Play]:
    """Every play of ``card`` with ``favor`` worth asking the rules about."""
    seat = state.seat
    if card == 0 and favor == "hero":
        names = [ability.name for ability in cards().heroes]
        raises = [Step(c, QUARRY) for c in range(4)]
        for raised in raises:
            yield Play(seat, 0, names.index("raise"), "", True, (raised,))
        for strike in _strikes(state.columns):
            yield Play(seat, 0, names.index("strike"), "", True, (strike,))
        for raised in raises:
            try:
                # a raise may set off a chain of teammate hits: strike from where it ends
                after = resolve(state, Play(seat, 0, names.index("raise"), "", True, (raised,)))
            except Refusal:
                continue
            for strike in _strikes(after.sim.columns()):
                yield Play(seat, 0, names.index("raise-strike"), "", True, (raised, strike))
        return
    if card == 0:
        mine = _on_board(state)
        if favor == "apollo":
            for a, b in itertools.combinations(mine, 2):
                yield Play(seat, 0, 0, favor, False, (Step(*a), Step(*b)))
            return
        for colour in range(4):
            for start in {QUARRY, *(p for c, p in mine if c == colour)}:
                yield Play(seat, 0, 0, favor, False, (Step(colour, start),))
        return
    for option in range(len(state.fates[card - 1].actions)):
        spec = state.fates[card - 1].actions[option]
        if spec.start:
            for colour in range(4):
                yield Play(seat, card, option, favor, False, (Step(colour, QUARRY),))
            continue
        columns = 2 if favor == "poseidon" else spec.columns
        for steps in _movement_candidates(state, spec.spaces, columns):
            yield Play(seat, card, option, favor, False, steps)


def _strikes(columns: tuple[int, ...]) -> list[Step]:
    """Every strike from a column on the main track onto another space of it holding one."""
    held = [(s // 4, p) for s, p in enumerate(columns) if p != QUARRY and B.on_track(p)]
    return [Step(c, p, to=target) for c, p in held for _, target in held if target != p]


def _end(state: FfState, play: Play) -> End:
    done = resolve(state, play)
    return done.sim.columns(), done.again


def every_legal_end(state: FfState, card: int, favor: str) -> set[End]:
    """The plain search: the ends of every candidate play the rules carry out (``resolve``:
    what the card does to the board; whether the deck or the turn allows the card at all is
    ``check``'s part, and ``GAME.outcomes`` applies it)."""
    ends = set()
    for play in _candidates(state, card, favor):
        try:
            ends.add(_end(state, play))
        except Refusal:
            continue
    return ends


def assert_play_fields(play: Play, seat: int, card: int, favor: str, hero: bool) -> None:
    assert (play.seat, play.card, play.favor) == (seat, card, favor)
    assert play.hero is hero and type(play.option) is int and type(play.steps) is tuple
    for step in play.steps:
        assert (type(step.backward), type(step.bridge), type(step.temple)) == (bool, bool, bool)


def assert_enumeration_complete(state: FfState, card: int, favor: str) -> list[Play]:
    """``outcomes`` lists each end the rules reach exactly once, and only plays the rules
    carry out (``resolve`` raises for any other)."""
    plays = outcomes(state, state.seat, card, favor)
    hero = favor == "hero"
    for play in plays:  # each listed as the play a phone would send, field for field
        assert_play_fields(play, state.seat, card, "" if hero else favor, hero)
    listed = [_end(state, p) for p in plays]
    assert len(set(listed)) == len(listed), f"#{card} {favor}: two outcomes share an end"
    expected = every_legal_end(state, card, favor)
    assert set(listed) == expected, (card, favor, set(listed) ^ expected)
    assert has_outcome(state, state.seat, card, favor) is bool(expected)
    return plays


def _small(rng: random.Random, mode: str) -> FfState:
    """Up to two columns a colour on the main track, sometimes one on its temple track."""
    state = table(mode)
    free = list(range(B.loop))
    rng.shuffle(free)
    cols: list[int] = []
    for c in range(4):
        mine = [free.pop() for _ in range(rng.randint(0, 2))]
        if rng.random() < 0.3:
            mine.append(B.temple(c, rng.randrange(6)))
        cols += sorted(mine + [QUARRY] * (4 - len(mine)))
    return replace(state, columns=tuple(cols), turn=rng.randrange(len(state.order)))


SINGLE = [(n, "") for n in (1, 2, 3, 4, 5, 8, 10)] + [
    (3, "dionysus"),
    (10, "dionysus"),
    (0, "hero"),
    (0, "apollo"),
    (0, "hestia"),
    (0, "ares"),
]
SHARED = [(6, ""), (7, ""), (9, ""), (5, "poseidon"), (10, "poseidon"), (7, "dionysus")]


@pytest.mark.parametrize("seed", range(8))
def test_ff_cards_fates_every_single_column_end_is_listed_once(seed: int) -> None:
    rng = random.Random(500 + seed)
    state = _small(rng, rng.choice(["2v2", "1v1", "coop4", "2v1"]))
    for card, favor in SINGLE:
        assert_enumeration_complete(state, card, favor)


@pytest.mark.parametrize("seed", range(4))
def test_ff_move_share_every_split_end_is_listed_once(seed: int) -> None:
    rng = random.Random(700 + seed)
    state = _small(rng, rng.choice(["2v2", "1v1", "coop4"]))
    for card, favor in SHARED:
        assert_enumeration_complete(state, card, favor)


def test_ff_start_blocked_a_teammate_colour_still_starts_behind_a_blocked_exit() -> None:
    """A #10 starts a team column (ff.start.new-column): red's exit holds a red column, so
    red cannot start (ff.start.blocked), but yellow, red's teammate with one column left in
    its quarry, still can; the search goes on past the colour it could not start."""
    state = table("2v2", red=[B.exits[RED], 12, 30], yellow=[20, 40, 44])
    plays = assert_enumeration_complete(state, 10, "")
    started = {p.steps[0].colour for p in plays if p.steps[0].start == QUARRY}
    assert started == {YELLOW}
    assert any(p.option == 1 for p in plays)  # the 10 forward is listed as well


def test_ff_favor_poseidon_a_ten_shared_by_two_columns_is_listed() -> None:
    """Poseidon cannot go with starting a column (ff.favor.poseidon), but the other action
    of the same #10, 10 forward, may then be shared by two columns (ff.move.share)."""
    state = table("2v2", red=[10, 20])
    plays = assert_enumeration_complete(state, 10, "poseidon")
    assert {p.option for p in plays} == {1}
    assert any(len(p.steps) == 2 for p in plays)


def test_ff_hero_card_its_outcomes_are_listed() -> None:
    """The Hero card (ff.hero.card) raises a team column, strikes with one on the main track,
    or both; its outcomes are listed like a card's."""
    state = table("2v2", red=[10, 20], blue=[24])
    plays = assert_enumeration_complete(state, 0, "hero")
    assert {p.option for p in plays} == {0, 1, 2}
    assert all(p.hero and p.card == 0 for p in plays)


def test_ff_turn_stuck_only_favors_with_an_outcome_are_playable() -> None:
    """Only red has columns on the board: Apollo has no two colours to swap and Ares no
    rival column to send home, so neither is playable (ff.turn.stuck), while Hestia, Zeus
    and the 5 are."""
    state = table("2v2", red=[10, 20], blue=[], yellow=[], green=[])
    hand = ("apollo", "hestia", "ares", "zeus", "5")
    state = GAME.apply(state, EnterHand(RED, hand))
    assert GAME.playable(state, RED) == ["hestia", "zeus", "5"]
    for favor in ("apollo", "ares"):
        assert not has_outcome(state, RED, 0, favor)
        assert outcomes(state, RED, 0, favor) == []


@pytest.mark.parametrize("card", [3, 4])
@pytest.mark.parametrize("ahead", ["red", "yellow"])
def test_ff_temple_enter_a_turn_in_is_listed_where_the_plain_move_is_not(
    card: int, ahead: str
) -> None:
    """Red stands two spaces before its gate and a column stands one space past it. Going
    on round the track, a 3 lands on it and a 4 passes it: refused for red's own column
    (ff.move.same-colour), a chain reaction for yellow's (ff.hit.teammate). Turning into the
    temple track at the gate (ff.temple.enter) avoids it, and is listed in every case. (Space
    2 is also a bridge end, so the bridge is tried as well; the plain search covers it.)"""
    gate = B.gates[RED]
    columns = {"red": [gate - 2], "yellow": [36]}
    columns[ahead] = [*columns[ahead], gate + 1]
    state = table("2v2", **columns)
    plays = assert_enumeration_complete(state, card, "")
    turned = [p for p in plays if p.steps[0].temple]
    assert len(turned) == 1 and turned[0].steps[0].start == gate - 2
    plain = [
        p
        for p in plays
        if p.steps[0].start == gate - 2
        and not (p.steps[0].temple or p.steps[0].bridge)
        and not p.steps[0].backward
    ]
    # round the track a colour may pass or hit its teammate, never itself
    assert len(plain) == (1 if ahead == "yellow" else 0)


def test_ff_favor_zeus_ten_columns_one_space_each_and_every_end_once() -> None:
    """Zeus may split its 10 over as many as ten columns, one space each (ff.favor.zeus):
    in co-op each colour has columns on spaces 1, 3 and 5 of its temple track (those on 1
    and 3 can move one space, the one on 5 none) and red and blue one on the main track
    each, so the only way to move every one of those ten is one space apiece. The full
    enumeration finds that end, and lists every end once."""

    def colour(c: int, main: list[int]) -> list[int]:
        return [*main, *(B.temple(c, k) for k in (1, 3, 5))]

    state = table(
        "coop4",
        red=colour(RED, [10]),
        blue=colour(BLUE, [24]),
        yellow=colour(YELLOW, []),
        green=colour(GREEN, []),
    )
    plays = list(zeus_plays(state, state.seat))
    for play, _ in plays:
        assert_play_fields(play, state.seat, 0, "zeus", False)
        assert play.option == 0 and not any(step.backward for step in play.steps)
    ends = [columns for _, columns in plays]
    assert len(ends) == len(set(ends)), "an end listed twice"
    every_one = tuple(
        p
        for c, main in ((RED, [11]), (BLUE, [25]), (YELLOW, [QUARRY]), (GREEN, [QUARRY]))
        for p in sorted([*main, *(B.temple(c, k) for k in (2, 4, 5))])
    )
    assert every_one in ends


def test_ff_favor_hestia_a_colour_whose_gate_it_holds_does_not_stop_the_others() -> None:
    """Hestia sends a team column to its own gate (ff.favor.hestia). Red already holds its
    gate, so no red column can go there (a colour never hits itself), but yellow's columns
    still can; Athena is listed as the one play that names no column (ff.favor.athena)."""
    state = table("2v2", red=[B.gates[RED], 20], yellow=[40])
    plays = assert_enumeration_complete(state, 0, "hestia")
    assert {(p.steps[0].colour, p.steps[0].start) for p in plays} == {
        (YELLOW, QUARRY),
        (YELLOW, 40),
    }
    assert outcomes(state, RED, 0, "athena") == [Play(RED, 0, 0, "athena", False, ())]


def test_ff_favor_zeus_the_full_enumeration_finds_every_split_end_where_parts_meet() -> None:
    """Co-op, red on spaces 3, 4 and on its temple track, yellow on 14, 39
    and its temple track, green on 8: Zeus's parts hit teammates and turn into temple
    tracks, so the same board part-way through is reached in several ways. The full
    enumeration still ends where the split-first picker does (ff.favor.zeus,
    ff.assume.zeus-split-first): every end of every split, each once, and no other."""
    state = replace(
        table("coop4"),
        columns=(-1, 3, 4, 59, -1, -1, -1, -1, -1, 14, 39, 68, -1, -1, -1, 8),
        turn=3,
    )
    seat = state.seat
    listed = [columns for _, columns in zeus_plays(state, seat)]
    assert len(listed) == len(set(listed)), "an end listed twice"
    full = set(listed)
    union: set[tuple[int, ...]] = set()
    for split in zeus.splits(state, seat):
        union |= {resolve(state, p).sim.columns() for p in zeus.split_outcomes(state, seat, split)}
    assert union == full
