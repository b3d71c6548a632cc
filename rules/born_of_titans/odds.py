"""Exact odds for Born of Titans: challenges and movement, as fractions.

A die succeeds on 4-6 (probability 1/2, bot.dice.success). A challenge rolls the same
number of dice every time (``dice``, prophecy included: bot.assume.prophecy-per-challenge)
until the successes add up to ``need`` (bot.challenge.accumulate); every roll that leaves
the total short costs one crew, three under two Ares (bot.challenge.attack,
bot.divine.ares); the hero is defeated when her crew runs out (bot.challenge.defeat) and,
if asked, retreats after her ``k``-th crew-losing strike (bot.challenge.retreat).

Fates and Muses follow one fixed policy (bot.assume.odds-policy): on a roll that falls
short, one Fates (while any are left) rerolls every failed die; if the roll is then short
by ``d`` and at least ``d`` dice show a 3 and ``d`` Muses are left, ``d`` Muses turn those
3s into successes and end the challenge at once.

Everything is exact: die outcomes are counted with integers and the results are
``Fraction``s. ``odds_json`` is the ``python -m rules odds born-of-titans`` entry point.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb, factorial
from typing import Any, Literal

from ..core.verdict import MalformedAction

MAX_DICE = 30
MAX_NEED = 40
MAX_CREW = 6
MAX_DIVINE = 4

Result = Literal["won", "defeated", "retreated"]
Outcomes = dict[tuple[Result, int], Fraction]
"""(how the challenge ended, crew left at the end) -> probability."""


@cache
def _faces(n: int) -> tuple[tuple[int, int, int], ...]:
    """(successes, threes, ways) over ``n`` dice, ways out of 6**n: a success has 3 faces,
    a 3 one face, a 1 or 2 two faces."""
    out = []
    for s in range(n + 1):
        for t in range(n - s + 1):
            r = n - s - t
            ways = factorial(n) // (factorial(s) * factorial(t) * factorial(r))
            out.append((s, t, ways * 3**s * 2**r))
    return tuple(out)


@cache
def _roll(n: int, need: int, muses: int, fates: bool) -> tuple[tuple[int, int, int, int], ...]:
    """One roll of ``n`` dice facing ``need`` more successes, under the policy.

    Returns (weight out of 36**n, successes counted toward the total (need or more means
    beaten), muses spent, fates spent). A roll that beats the foe reports ``need``."""
    acc: dict[tuple[int, int, int], int] = {}
    scale = 6**n  # so first-roll weights (out of 6**n) and rerolls share 36**n

    def add(gained: int, threes: int, fate: int, weight: int) -> None:
        spent = 0
        if gained < need:
            short = need - gained
            if short <= min(threes, muses):
                gained, spent = need, short
        key = (min(gained, need), spent, fate)
        acc[key] = acc.get(key, 0) + weight

    if not fates:
        for s, t, ways in _faces(n):
            add(s, t, 0, ways * scale)
    else:
        # With a Fates in hand the faces of the failed dice do not matter (a short roll
        # rerolls them all, a roll that is enough ends the fight), only how many succeed.
        for s in range(n + 1):
            ways = comb(n, s) * 3**n  # 3 success faces each, 3 failure faces each
            if s >= need:
                add(s, 0, 0, ways * scale)
                continue
            m = n - s
            for s2, t2, ways2 in _faces(m):
                add(s + s2, t2, 1, ways * ways2 * 6 ** (n - m))
    return tuple((w, g, mu, fa) for (g, mu, fa), w in sorted(acc.items()))


@dataclass(frozen=True)
class ChallengeOdds:
    """The exact result of one challenge: ``outcomes[(result, crew_left)]``."""

    start_crew: int
    outcomes: Mapping[tuple[Result, int], Fraction]

    def chance(self, result: Result) -> Fraction:
        return sum((p for (r, _), p in self.outcomes.items() if r == result), Fraction(0))

    def crew_lost(self) -> dict[int, Fraction]:
        """P(exactly k crew lost) for each k that can happen."""
        out: dict[int, Fraction] = {}
        for (_, left), p in self.outcomes.items():
            k = self.start_crew - left
            out[k] = out.get(k, Fraction(0)) + p
        return dict(sorted(out.items()))


@dataclass(frozen=True)
class Rounds:
    """A challenge played forward strike by strike. ``won[j]``: crew left -> P(beaten on the
    roll made after j strikes); ``defeated[j]``: P(the j-th strike kills the last crew);
    ``alive[j]``: crew left -> P(still fighting after j strikes)."""

    start_crew: int
    won: list[dict[int, Fraction]]
    defeated: list[Fraction]
    alive: list[dict[int, Fraction]]

    def never_retreating(self) -> ChallengeOdds:
        out: dict[tuple[Result, int], Fraction] = {}
        for row in self.won:
            for c, p in row.items():
                out[("won", c)] = out.get(("won", c), Fraction(0)) + p
        lost = sum(self.defeated, Fraction(0))
        if lost:
            out[("defeated", 0)] = lost
        return ChallengeOdds(self.start_crew, out)

    def retreating_after(self, k: int) -> ChallengeOdds:
        """Retreat as soon as ``k`` strikes have landed, if still alive."""
        out: dict[tuple[Result, int], Fraction] = {}
        for row in self.won[:k]:
            for c, p in row.items():
                out[("won", c)] = out.get(("won", c), Fraction(0)) + p
        lost = sum(self.defeated[: k + 1], Fraction(0))
        if lost:
            out[("defeated", 0)] = lost
        if k < len(self.alive):
            for c, p in self.alive[k].items():
                out[("retreated", c)] = p
        return ChallengeOdds(self.start_crew, out)


def play_rounds(
    dice: int, need: int, crew: int, *, ares: bool = False, muses: int = 0, fates: int = 0
) -> Rounds:
    """Play the challenge forward under the policy until every path has ended. Raises
    ``ValueError`` for numbers out of range."""
    _validate(dice, need, crew, muses, fates, None)
    loss = 3 if ares else 1
    # Exact integer weights: after r rolls every weight is out of 36**(dice * r), so the
    # inner loop multiplies integers and fractions are only made for the totals.
    per_roll = 36**dice
    won: list[dict[int, Fraction]] = []
    defeated: list[Fraction] = [Fraction(0)]
    alive: list[dict[int, Fraction]] = [{crew: Fraction(1)}]
    states: dict[tuple[int, int, int, int], int] = {(need, crew, muses, fates): 1}
    scale = 1
    while states:
        scale *= per_roll
        won_now: dict[int, int] = {}
        dead = 0
        nxt: dict[tuple[int, int, int, int], int] = {}
        for (left, crew_now, mu, fa), w in states.items():
            for weight, gained, mu_spent, fa_spent in _roll(dice, left, mu, fa > 0):
                q = w * weight
                if gained >= left:
                    won_now[crew_now] = won_now.get(crew_now, 0) + q
                    continue
                after = crew_now - loss
                if after <= 0:
                    dead += q
                    continue
                key = (left - gained, after, mu - mu_spent, fa - fa_spent)
                nxt[key] = nxt.get(key, 0) + q
        won.append({c: Fraction(q, scale) for c, q in won_now.items()})
        defeated.append(Fraction(dead, scale))
        row: dict[int, int] = {}
        for (_, c, _, _), q in nxt.items():
            row[c] = row.get(c, 0) + q
        alive.append({c: Fraction(q, scale) for c, q in row.items()})
        states = nxt
    return Rounds(crew, won, defeated, alive)


def challenge_odds(
    dice: int,
    need: int,
    crew: int,
    *,
    ares: bool = False,
    muses: int = 0,
    fates: int = 0,
    retreat_after: int | None = None,
) -> ChallengeOdds:
    """Exact outcome distribution of a challenge from now on.

    ``dice``: dice per roll; ``need``: successes still needed (1 or more); ``crew``: crew
    left; ``ares``: two Ares in play (three crew per strike); ``muses``/``fates``: counters
    the hero will spend by the policy; ``retreat_after``: retreat after that many strikes
    (``None``: never). Raises ``ValueError`` for numbers out of range."""
    _validate(dice, need, crew, muses, fates, retreat_after)
    rounds = play_rounds(dice, need, crew, ares=ares, muses=muses, fates=fates)
    if retreat_after is None:
        return rounds.never_retreating()
    return rounds.retreating_after(retreat_after)


def courses(n: int) -> list[Fraction]:
    """``result[k]`` = P(exactly k courses from ``n`` Navigation dice) (bot.move.roll)."""
    if not 0 <= n <= MAX_DICE:
        raise ValueError(f"navigation dice must be 0 to {MAX_DICE}, not {n}")
    return [Fraction(comb(n, k), 2**n) for k in range(n + 1)]


def at_least(dist: list[Fraction], k: int) -> Fraction:
    return sum(dist[k:], Fraction(0))


def _validate(
    dice: int, need: int, crew: int, muses: int, fates: int, retreat_after: int | None
) -> None:
    if not 0 <= dice <= MAX_DICE:
        raise ValueError(f"dice must be 0 to {MAX_DICE}, not {dice}")
    if not 1 <= need <= MAX_NEED:
        raise ValueError(f"successes needed must be 1 to {MAX_NEED}, not {need}")
    if not 0 <= crew <= MAX_CREW:
        raise ValueError(f"crew must be 0 to {MAX_CREW}, not {crew}")
    for name, value in (("muses", muses), ("fates", fates)):
        if not 0 <= value <= MAX_DIVINE:
            raise ValueError(f"{name} must be 0 to {MAX_DIVINE}, not {value}")
    if retreat_after is not None and not 1 <= retreat_after <= MAX_CREW:
        raise ValueError(f"retreat_after must be 1 to {MAX_CREW} or null, not {retreat_after}")


# ----- JSON entry point -------------------------------------------------------------------

_FIELDS = {
    "dice": int,
    "need": int,
    "successes": int,
    "crew": int,
    "prophecy": int,
    "ares": bool,
    "muses": int,
    "fates": int,
    "retreat_after": int,
    "navigation": int,
}


def _frac(p: Fraction) -> dict[str, Any]:
    return {"fraction": f"{p.numerator}/{p.denominator}", "decimal": round(float(p), 6)}


def _summary(odds: ChallengeOdds) -> dict[str, Any]:
    return {
        "won": _frac(odds.chance("won")),
        "defeated": _frac(odds.chance("defeated")),
        "retreated": _frac(odds.chance("retreated")),
        "crew_lost": {str(k): _frac(p) for k, p in odds.crew_lost().items()},
    }


def odds_json(data: Any) -> dict[str, Any]:
    """``{"dice", "need", "successes"?, "crew"?, "prophecy"?, "ares"?, "muses"?, "fates"?,
    "retreat_after"?}`` for a challenge and/or ``{"navigation": n}`` for movement.

    Returns the challenge odds never retreating and retreating after k = 1..crew strikes,
    and/or P(exactly k) and P(at least k) courses. Raises ``MalformedAction`` for input that
    does not fit and ``ValueError`` for numbers out of range."""
    if not isinstance(data, dict):
        raise MalformedAction("odds input must be a JSON object")
    unknown = sorted(set(data) - set(_FIELDS))
    if unknown:
        raise MalformedAction(f"unknown field(s): {', '.join(unknown)}")
    for key, value in data.items():
        kind = _FIELDS[key]
        if key == "retreat_after" and value is None:
            continue
        if kind is bool and not isinstance(value, bool):
            raise MalformedAction(f"{key} must be true or false")
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise MalformedAction(f"{key} must be a whole number")
    if "dice" not in data and "navigation" not in data:
        raise MalformedAction('give "dice" and "need" for a challenge, or "navigation" for a move')
    out: dict[str, Any] = {}
    if "dice" in data or "need" in data:
        if "dice" not in data or "need" not in data:
            raise MalformedAction('a challenge needs both "dice" and "need"')
        prophecy = data.get("prophecy", 0)
        if not 0 <= prophecy <= 6:
            raise ValueError(f"prophecy must be 0 to 6, not {prophecy}")
        successes = data.get("successes", 0)
        left = data["need"] - successes
        if successes < 0 or left < 1:
            raise ValueError("successes so far must be at least 0 and below need")
        dice = data["dice"] + prophecy
        crew = data.get("crew", 6)
        kwargs: dict[str, Any] = {
            "ares": data.get("ares", False),
            "muses": data.get("muses", 0),
            "fates": data.get("fates", 0),
        }
        retreat = data.get("retreat_after")
        _validate(dice, left, crew, kwargs["muses"], kwargs["fates"], retreat)
        rounds = play_rounds(dice, left, crew, **kwargs)
        chosen = rounds.never_retreating() if retreat is None else rounds.retreating_after(retreat)
        out["challenge"] = {
            "dice_per_roll": dice,
            "successes_needed": left,
            "crew": crew,
            "retreat_after": retreat,
            **_summary(chosen),
            "never_retreating": _summary(rounds.never_retreating()),
            "retreating_after": {
                str(k): _summary(rounds.retreating_after(k)) for k in range(1, max(1, crew) + 1)
            },
        }
    if "navigation" in data:
        dist = courses(data["navigation"])
        out["courses"] = {
            "dice": data["navigation"],
            "exactly": {str(k): _frac(p) for k, p in enumerate(dist)},
            "at_least": {str(k): _frac(at_least(dist, k)) for k in range(len(dist))},
        }
    return out
