"""Born of Titans odds: exact fractions checked against an independent brute force that
rolls every face of every die, and the rulebook's Atalanta-versus-Medusa scenario."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from functools import cache
from itertools import product
from math import comb

import pytest

from rules.born_of_titans.odds import challenge_odds, courses, odds_json

Outcomes = dict[tuple[str, int], Fraction]


def brute(
    dice: int, need: int, crew: int, ares: bool, muses: int, fates: int, retreat: int | None
) -> Outcomes:
    """Every face of every die, the Fates/Muses policy played out on real faces."""
    loss = 3 if ares else 1

    @cache
    def fight(left: int, crew_now: int, strikes: int, mu: int, fa: int) -> tuple:
        out: Outcomes = {}

        def settle(p: Fraction, gained: int, threes: int, mu: int, fa: int) -> None:
            if gained < left and left - gained <= min(threes, mu):
                mu -= left - gained
                gained = left
            if gained >= left:
                key = ("won", crew_now)
                out[key] = out.get(key, Fraction(0)) + p
                return
            after = crew_now - loss
            if after <= 0:
                out[("defeated", 0)] = out.get(("defeated", 0), Fraction(0)) + p
            elif retreat is not None and strikes + 1 >= retreat:
                key = ("retreated", after)
                out[key] = out.get(key, Fraction(0)) + p
            else:
                for (r, c), q in fight(left - gained, after, strikes + 1, mu, fa):
                    out[(r, c)] = out.get((r, c), Fraction(0)) + p * q

        for faces in product(range(1, 7), repeat=dice):
            p = Fraction(1, 6**dice)
            hits = sum(f >= 4 for f in faces)
            if hits < left and fa > 0:
                failed = dice - hits
                for again in product(range(1, 7), repeat=failed):
                    q = p / 6**failed
                    settle(q, hits + sum(f >= 4 for f in again), again.count(3), mu, fa - 1)
            else:
                settle(p, hits, faces.count(3), mu, fa)
        return tuple(sorted(out.items()))

    return dict(fight(need, crew, 0, muses, fates))


def binomial_fight(dice: int, need: int, crew: int, retreat: int | None) -> Outcomes:
    """No Fates or Muses: successes per roll are binomial(dice, 1/2)."""
    out: Outcomes = {}

    def go(left: int, crew_now: int, strikes: int, p: Fraction) -> None:
        for s in range(dice + 1):
            q = p * Fraction(comb(dice, s), 2**dice)
            if s >= left:
                out[("won", crew_now)] = out.get(("won", crew_now), Fraction(0)) + q
            elif crew_now - 1 <= 0:
                out[("defeated", 0)] = out.get(("defeated", 0), Fraction(0)) + q
            elif retreat is not None and strikes + 1 >= retreat:
                key = ("retreated", crew_now - 1)
                out[key] = out.get(key, Fraction(0)) + q
            else:
                go(left - s, crew_now - 1, strikes + 1, q)

    go(need, crew, 0, Fraction(1))
    return out


CASES = [
    (1, 2, 2, False, 0, 0, None),
    (2, 3, 3, False, 0, 0, None),
    (2, 3, 3, False, 0, 0, 1),
    (2, 4, 3, False, 0, 0, 2),
    (3, 4, 3, True, 0, 0, None),
    # Ares with crew to spare: a strike kills three, and the last strike only what is left.
    (1, 2, 4, True, 0, 0, None),
    (2, 5, 5, True, 0, 0, 2),
    (2, 4, 3, False, 2, 0, None),  # two Muses, spent one at a time
    (2, 4, 4, False, 0, 2, 3),  # two Fates, retreating after the third strike
    (2, 2, 2, False, 1, 0, None),
    (2, 3, 2, False, 0, 1, None),
    (2, 3, 3, False, 1, 1, 2),
    (0, 1, 2, False, 0, 0, None),
    (2, 2, 0, False, 0, 0, None),
]


@pytest.mark.parametrize("case", CASES)
def test_bot_challenge_odds_match_brute_force(case: tuple) -> None:
    dice, need, crew, ares, muses, fates, retreat = case
    exact = challenge_odds(
        dice, need, crew, ares=ares, muses=muses, fates=fates, retreat_after=retreat
    )
    assert dict(exact.outcomes) == brute(dice, need, crew, ares, muses, fates, retreat)
    assert sum(exact.outcomes.values()) == 1


@pytest.mark.parametrize("retreat", [None, 1, 2, 3])
def test_bot_atalanta_scenario_nine_dice_seven_needed(retreat: int | None) -> None:
    """Atalanta rolls 9 Navigation dice against Medusa's 7 with six crew."""
    exact = challenge_odds(9, 7, 6, retreat_after=retreat)
    assert dict(exact.outcomes) == binomial_fight(9, 7, 6, retreat)
    # Seven or more successes on nine dice at the first roll: (36 + 9 + 1) / 512.
    assert exact.crew_lost()[0] == Fraction(23, 256)


def test_bot_atalanta_roll_by_roll() -> None:
    """Before each of her rolls (4, then 2, then 5 successes) the odds are recomputed from
    what is left: 7 needed with 6 crew, 3 with 5 crew, 1 with 4 crew."""
    first = challenge_odds(9, 7, 6)
    second = challenge_odds(9, 3, 5)
    third = challenge_odds(9, 1, 4)
    assert first.chance("won") < second.chance("won") < third.chance("won") < 1
    # Beating Medusa on the third roll outright needs one success of nine dice.
    assert third.crew_lost()[0] == 1 - Fraction(1, 512)


def test_bot_courses_from_navigation_dice() -> None:
    dist = courses(9)
    assert sum(dist) == 1
    assert dist[5] == Fraction(comb(9, 5), 512)
    assert sum(dist[5:]) == Fraction(1, 2)  # five or more courses from nine dice


def test_bot_odds_json_and_cli() -> None:
    data = {"dice": 9, "need": 7, "crew": 6, "navigation": 9}
    out = odds_json(data)
    assert out["challenge"]["crew_lost"]["0"]["fraction"] == "23/256"
    assert set(out["challenge"]["retreating_after"]) == {"1", "2", "3", "4", "5", "6"}
    assert out["courses"]["at_least"]["5"]["fraction"] == "1/2"
    run = subprocess.run(
        [sys.executable, "-m", "rules", "odds", "born-of-titans"],
        input=json.dumps({"dice": 9, "need": 7, "successes": 4, "crew": 5}),
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["challenge"]["successes_needed"] == 3
    bad = subprocess.run(
        [sys.executable, "-m", "rules", "odds", "born-of-titans"],
        input=json.dumps({"dice": 9}),
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and "need" in json.loads(bad.stdout)["error"]
