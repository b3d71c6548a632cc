"""Zeus splits whose parts meet only through a teammate hit's chain reaction
(ff.assume.zeus-split-first, ff.hit.chain, ff.assume.gate-taken).

The split search carries out parts that cannot meet independently and lays their outcomes
over one another. Two parts whose paths never share a space may still meet where a chain
reaction sends a hit column: there the order of the parts decides the end, and every order's
end must be listed. Each position below has one such meeting place that only the chain
reaction reads, and no path crosses the gate that starts it."""

from __future__ import annotations

import itertools
from dataclasses import replace

from rules.fates_and_favors import GAME, QUARRY, FfState, Play, zeus
from rules.fates_and_favors.plays import resolve
from tests.rules.fates_and_favors.helpers import BLUE, GREEN, RED, YELLOW, B, at, table
from tests.rules.fates_and_favors.test_zeus_split import _plain


def _ends(state: FfState, plays: list[Play]) -> set[tuple[tuple[int, ...], ...]]:
    """Each outcome as (red, yellow, blue) on the board after it, every one legal."""
    out = set()
    for play in plays:
        verdict = GAME.check(state, play)
        assert verdict.legal, (play, verdict.reason)
        assert "ff.favor.zeus" in verdict.rules
        after = GAME.apply(state, play)
        assert GAME.invariants(after) == []
        out.add(tuple(tuple(at(after, c)) for c in (RED, YELLOW, BLUE)))
    return out


def test_ff_assume_gate_taken_zeus_split_whose_chain_stops_where_another_part_lands() -> None:
    """Red on 9 takes one space onto yellow on 10, its teammate, which goes to its gate (32).
    Yellow already holds the gate, so the hit column stops on the nearest free space behind
    it. Blue walks nine spaces from 22 to 31, the space just behind the gate, without
    reaching the gate. Red first: yellow stops on 31 and blue lands on it, sending it home.
    Blue first: 31 is blue's, so yellow stops on 30."""
    gate = B.gates[YELLOW]
    state = table("2v2", red=[9], yellow=[10, gate], blue=[gate - 10], green=[])
    split = {(RED, 9): 1, (BLUE, gate - 10): 9}
    plays = zeus.split_outcomes(state, RED, split)
    assert _ends(state, plays) == {
        ((10,), (gate,), (gate - 1,)),  # red first: yellow on 31 is hit home
        ((10,), (gate - 2, gate), (gate - 1,)),  # blue first: yellow stops on 30
    }
    for play in plays:
        assert zeus.split_of(state, play) == split
        assert "ff.assume.gate-taken" in GAME.check(state, play).rules


def test_ff_hit_chain_zeus_split_whose_bounce_lands_where_another_part_lands() -> None:
    """Red on 31 takes one space onto yellow, its teammate, standing on its own gate (32):
    yellow goes to its gate, where red now stands, so red bounces to its own gate (4).
    Blue walks nine spaces from 51 to 4, never near 31 or 32. Red first: blue lands on red
    at 4 and sends it home. Blue first: red's bounce lands on blue at 4 and sends blue
    home. Both ends are listed."""
    red_gate, yellow_gate = B.gates[RED], B.gates[YELLOW]
    blue_from = (red_gate - 9) % B.loop
    state = table("2v2", red=[yellow_gate - 1], yellow=[yellow_gate], blue=[blue_from], green=[])
    split = {(RED, yellow_gate - 1): 1, (BLUE, blue_from): 9}
    plays = zeus.split_outcomes(state, RED, split)
    assert _ends(state, plays) == {
        ((), (yellow_gate,), (red_gate,)),  # red first, then blue hits it home
        ((red_gate,), (yellow_gate,), ()),  # blue first, then red's bounce hits it home
    }
    for play in plays:
        assert zeus.split_of(state, play) == split
        rules = set(GAME.check(state, play).rules)
        assert {"ff.hit.teammate", "ff.hit.chain", "ff.hit.rival"} <= rules


def test_ff_hit_chain_zeus_split_whose_chain_hits_another_part_before_it_moves() -> None:
    """Yellow on 26 takes one space onto red on 27, its teammate, which goes to its gate
    (4), where yellow's other column stands: red hits it in turn and it goes to yellow's
    gate (32). That other column takes the other nine spaces, from wherever it then stands.
    Its own first part, from 4 to 13, never crosses the first column's path. Hit first: it
    walks from 32 to 41 and red keeps 4. Walked first: it reaches 13 and red takes the
    free gate."""
    red_gate, yellow_gate = B.gates[RED], B.gates[YELLOW]
    state = table("2v2", red=[27], yellow=[red_gate, 26], blue=[], green=[])
    split = {(YELLOW, 26): 1, (YELLOW, red_gate): 9}
    plays = zeus.split_outcomes(state, RED, split)
    assert _ends(state, plays) == {
        ((red_gate,), (27, yellow_gate + 9), ()),  # the hit first: bounced to 32, then on
        ((red_gate,), (red_gate + 9, 27), ()),  # the walk first: red takes the empty gate
    }
    for play in plays:
        assert zeus.split_of(state, play) == split


def test_ff_hit_teammate_zeus_split_where_a_bounced_part_then_meets_another_part() -> None:
    """Four parts. Yellow on 21 takes one space onto red on 22, its teammate, which goes to
    its gate (4) and then walks its three spaces from there, to 7 (or into its temple
    track). Blue on 5 takes two spaces to 7. Yellow on 17 takes four to 21 once the other
    yellow has left it; red's walk from 22 (when it goes before the hit) ends on 25. Only
    red's walk after the bounce meets blue, so that is where the order counts: blue on 7
    first, red lands on it and sends it home; red on 7 first, blue lands on it and sends
    red home. Both ends are listed."""
    state = table("2v2", red=[22], yellow=[17, 21], blue=[5], green=[])
    split = {(YELLOW, 21): 1, (RED, 22): 3, (YELLOW, 17): 4, (BLUE, 5): 2}
    plays = zeus.split_outcomes(state, RED, split)
    red_temple = B.temple(RED, 2)
    assert _ends(state, plays) == {
        ((), (21, 22), (7,)),  # red on 7 first, then blue lands on it: red hit home
        ((7,), (21, 22), ()),  # blue on 7 first, then red lands on it: blue hit home
        ((red_temple,), (21, 22), (7,)),  # bounced, then into its temple track
        ((25,), (21, 22), (7,)),  # red's walk before the hit: nothing to bounce
    }
    for play in plays:
        assert zeus.split_of(state, play) == split


def test_ff_hit_teammate_zeus_split_of_five_parts_matches_a_plain_search() -> None:
    """Five parts, two of them able to start a chain: red 0 and 49, blue on 30 (four spaces
    to 34), green on 6 (one space, or over the bridge to 34) and yellow on 16 (two spaces
    to 18, blue's gate). Green bridging onto blue on 34 sends blue to its gate, and yellow
    landing there afterwards sends it home; every order of every choice, tried one by one,
    gives the same ends as the split search."""
    state = table("2v2", red=[0, 49], blue=[30], yellow=[16], green=[6, 27])
    split = {(YELLOW, 16): 2, (RED, 49): 2, (RED, 0): 1, (BLUE, 30): 4, (GREEN, 6): 1}
    plays = zeus.split_outcomes(state, RED, split)
    ends = {resolve(state, p).sim.columns() for p in plays}
    assert len(ends) == len(plays) == 11
    assert ends == _plain(state, RED, split)
    bounced_then_hit = (
        (QUARRY, QUARRY, 1, 51),
        (QUARRY, QUARRY, QUARRY, QUARRY),
        (QUARRY, QUARRY, QUARRY, B.gates[BLUE]),
        (QUARRY, QUARRY, 27, 34),
    )
    assert tuple(itertools.chain.from_iterable(bounced_then_hit)) in ends


def test_ff_hit_teammate_zeus_split_sends_a_green_teammate_to_its_gate_not_home() -> None:
    """Green plays Zeus with three green columns among five parts. Blue on 10 may take its
    bridge to 16 and land on the green column there, its teammate, which goes to its gate
    (46) and walks its two spaces on from there (into its temple track or not). That green
    column is its colour's second slot of four, so a mix-up of colour numbers and slots
    would treat the hit as a rival's and send it home; every order of every choice, tried
    one by one, gives the same ends as the split search."""
    state = replace(table("2v2", red=[], blue=[10], yellow=[47], green=[13, 16, 38]), turn=3)
    assert state.seat == GREEN
    split = {(BLUE, 10): 1, (GREEN, 38): 1, (YELLOW, 47): 2, (GREEN, 16): 2, (GREEN, 13): 4}
    plays = zeus.split_outcomes(state, GREEN, split)
    ends = {resolve(state, p).sim.columns() for p in plays}
    assert len(ends) == len(plays) == 14
    assert ends == _plain(state, GREEN, split)
    green_gate = B.gates[GREEN]
    walked_on = {after[12:16] for after in ends if after[4:8] == (QUARRY,) * 3 + (16,)}
    assert (QUARRY, 17, 39, green_gate + 2) in walked_on
    assert (QUARRY, 17, 39, B.temple(GREEN, 1)) in walked_on
