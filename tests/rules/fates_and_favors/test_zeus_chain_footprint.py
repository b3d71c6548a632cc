"""Zeus splits whose parts meet only through a teammate hit's chain reaction
(ff.assume.zeus-split-first, ff.hit.chain, ff.assume.gate-taken).

The split search carries out parts that cannot meet independently and lays their outcomes
over one another. Two parts whose paths never share a space may still meet where a chain
reaction sends a hit column: there the order of the parts decides the end, and every order's
end must be listed. Each position below has one such meeting place that only the chain
reaction reads, and no path crosses the gate that starts it."""

from __future__ import annotations

from rules.fates_and_favors import GAME, FfState, Play, zeus
from tests.rules.fates_and_favors.helpers import BLUE, RED, YELLOW, B, at, table


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
