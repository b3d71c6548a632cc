"""Winds of Fate: payouts at the end of the voyage and the score pad.

A bet on the round where the marker stands pays in full; any other bet loses 3 chips per
space of distance, never below 0. Destiny chips pay on the card matching the ending. Every
chip a player ends with (unused, won from bets, won from destiny) is worth 2 VP.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.core import LineItem, MalformedAction, PlayerScore, ScoreSheet
from rules.core.words import counted

from .components import (
    BET_CHIP_VP,
    ENDING_NAMES,
    ENDINGS,
    LAST_ROUND,
    PAYOUT_LOSS_PER_SPACE,
)
from .state import Bet, WofState


def bet_payout(chips: int, space: int, end_round: int) -> int:
    """What a stack of ``chips`` on round ``space`` pays when the voyage ends in
    ``end_round``: all of it on the same round, 3 fewer per space away otherwise, at least 0."""
    return max(0, chips - PAYOUT_LOSS_PER_SPACE * abs(space - end_round))


@dataclass(frozen=True)
class Holding:
    """One player's stake at the end: name, score-track VP, unused chips, bets and the
    destiny chips per ending (``{"safe": 2, ...}``)."""

    name: str
    vp: int
    held: int
    bets: tuple[Bet, ...]
    destiny: dict[str, int]


def sheet(holdings: Sequence[Holding], end_round: int, ending: str) -> ScoreSheet:
    """The score pad for a voyage that ended in ``end_round`` with ``ending``."""
    return ranked(holdings, end_round, ending)[0]


def ranked(
    holdings: Sequence[Holding], end_round: int, ending: str
) -> tuple[ScoreSheet, tuple[str, ...]]:
    """The score pad and the winners: the players with the most VP, and among them those
    with the most chips when VP tie (wof.end.tiebreak); several names for a tie that the
    chips do not break."""
    players = []
    chips_of: dict[str, int] = {}
    for h in holdings:
        items = [LineItem("Score track", h.vp, "wof.score.track")]
        chips = h.held
        if h.held:
            items.append(
                LineItem(
                    f"Unused chips ({h.held})",
                    BET_CHIP_VP * h.held,
                    "wof.assume.unused-chips",
                    f"{h.held} × {BET_CHIP_VP} VP",
                )
            )
        for bet in sorted(h.bets, key=lambda b: b.space):
            paid = bet_payout(bet.chips, bet.space, end_round)
            chips += paid
            away = abs(bet.space - end_round)
            detail = (
                f"{counted(bet.chips, 'chip')}, on the end round: paid in full"
                if away == 0
                else f"{counted(bet.chips, 'chip')}, {away} away: {bet.chips} − {3 * away} → {paid}"
            )
            items.append(
                LineItem(f"Bet on round {bet.space}", BET_CHIP_VP * paid, "wof.end.payout", detail)
            )
        won = h.destiny.get(ending, 0)
        chips += won
        items.append(
            LineItem(
                f"Destiny: {ENDING_NAMES[ending]} ({won})",
                BET_CHIP_VP * won,
                "wof.end.destiny",
                f"{counted(won, 'chip')} × {BET_CHIP_VP} VP",
            )
        )
        players.append(PlayerScore(h.name, tuple(items)))
        chips_of[h.name] = chips
    best = max(p.total for p in players)
    leaders = [p.name for p in players if p.total == best]
    tiebreak = None
    if len(leaders) > 1:
        most = max(chips_of[n] for n in leaders)
        leaders = [n for n in leaders if chips_of[n] == most]
        tiebreak = "wof.end.tiebreak"
    winner = leaders[0] if len(leaders) == 1 else None
    how = f"{ENDING_NAMES[ending]} in round {end_round}"
    if winner:
        summary = f"{how}: {winner} wins with {best} VP"
        if tiebreak:
            summary += " (most chips breaks the tie)"
    else:
        summary = f"{how}: {', '.join(leaders)} share the win with {best} VP"
        if tiebreak:
            summary += " and the most chips"
    return ScoreSheet(tuple(players), winner, tiebreak, summary), tuple(leaders)


def holdings(s: WofState) -> list[Holding]:
    """Each seat's stake; raises ``ValueError`` when a seat's destiny cards are unknown."""
    out = []
    for seat, name in enumerate(s.players):
        cards = s.destiny_cards[seat]
        if not cards:
            raise ValueError(f"{name}'s destiny cards are not known to this copy of the table")
        destiny = {card: s.destiny_chips[seat][pos] for pos, card in enumerate(cards)}
        out.append(Holding(name, s.vp[seat], s.held[seat], s.bets_of(seat), destiny))
    return out


def score_sheet(s: WofState) -> ScoreSheet:
    return score_and_winners(s)[0]


def score_and_winners(s: WofState) -> tuple[ScoreSheet, tuple[str, ...]]:
    """The score pad of a finished voyage and who won it (``ranked``); raises
    ``ValueError`` before the end or when a seat's destiny cards are unknown."""
    if not s.ending:
        raise ValueError("the voyage has not ended yet")
    return ranked(holdings(s), s.round, s.ending)


# ----- python -m rules score winds-of-fate ------------------------------------------------

_FIELDS = {"players", "round", "ending", "vp", "held", "bets", "destiny"}


def _int(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedAction(f"{where} must be a whole number")
    if not low <= value <= high:
        raise MalformedAction(f"{where} must be between {low} and {high}, not {value}")
    return value


def _list(data: dict[str, Any], key: str, n: int) -> list[Any]:
    value = data.get(key, [0] * n)
    if not isinstance(value, list) or len(value) != n:
        raise MalformedAction(f'"{key}" must be a list with one entry per player ({n})')
    return value


def score_json(data: Any) -> dict[str, Any]:
    """Score from JSON::

        {"players": ["Ann", "Bo", "Cy"], "round": 7, "ending": "dead",
         "vp": [10, 4, 6], "held": [0, 1, 0],
         "bets": [{"player": "Ann", "space": 9, "chips": 8}],
         "destiny": [{"safe": 0, "dead": 2, "stranded": 1}, {}, {}]}

    ``player`` is a name or a seat number. Returns the score sheet plus each player's
    payout lines. Raises ``MalformedAction`` naming what is wrong."""
    if not isinstance(data, dict):
        raise MalformedAction("score expects an object with players, round, ending, bets...")
    unknown = sorted(set(data) - _FIELDS)
    if unknown:
        raise MalformedAction(f"unknown field(s): {', '.join(map(str, unknown))[:200]}")
    names = data.get("players")
    if (
        not isinstance(names, list)
        or not 3 <= len(names) <= 5
        or not all(isinstance(x, str) and x.strip() for x in names)
    ):
        raise MalformedAction('"players" must list 3 to 5 names')
    # Names are read as setup reads them: spaces at the ends do not make another player.
    names = [x.strip() for x in names]
    if len(set(names)) != len(names):
        raise MalformedAction(
            "player names must differ (spaces at the ends do not count): "
            + ", ".join(sorted({x for x in names if names.count(x) > 1}))[:200]
        )
    n = len(names)
    end_round = _int(data.get("round"), '"round"', 1, LAST_ROUND)
    ending = data.get("ending")
    if ending not in ENDINGS:
        raise MalformedAction(f'"ending" must be one of {", ".join(ENDINGS)}')
    vp = [_int(v, f"vp[{i}]", 0, 10_000) for i, v in enumerate(_list(data, "vp", n))]
    held = [_int(v, f"held[{i}]", 0, 10_000) for i, v in enumerate(_list(data, "held", n))]
    raw_bets = data.get("bets", [])
    if not isinstance(raw_bets, list) or len(raw_bets) > 500:
        raise MalformedAction('"bets" must be a list of {"player", "space", "chips"}')
    bets: list[Bet] = []
    for i, raw in enumerate(raw_bets):
        if not isinstance(raw, dict) or set(raw) != {"player", "space", "chips"}:
            raise MalformedAction(f'bets[{i}] must be {{"player", "space", "chips"}}')
        who = raw["player"]
        if isinstance(who, str) and who.strip() in names:
            seat = names.index(who.strip())
        elif isinstance(who, int) and not isinstance(who, bool) and 0 <= who < n:
            seat = who
        else:
            raise MalformedAction(f"bets[{i}].player must be a player's name or seat number")
        space = _int(raw["space"], f"bets[{i}].space", 1, LAST_ROUND)
        chips = _int(raw["chips"], f"bets[{i}].chips", 1, 10_000)
        bets.append(Bet(seat, space, chips))
    destiny: list[dict[str, int]] = []
    for i, raw in enumerate(_list(data, "destiny", n)):
        if raw == 0:
            raw = {}
        if not isinstance(raw, dict) or not set(raw) <= set(ENDINGS):
            raise MalformedAction(f"destiny[{i}] must map safe/dead/stranded to chip counts")
        destiny.append({k: _int(v, f"destiny[{i}].{k}", 0, 10_000) for k, v in raw.items()})
    stakes = [
        Holding(names[p], vp[p], held[p], tuple(b for b in bets if b.seat == p), destiny[p])
        for p in range(n)
    ]
    result = sheet(stakes, end_round, ending).to_json()
    result["round"] = end_round
    result["ending"] = ending
    return result
