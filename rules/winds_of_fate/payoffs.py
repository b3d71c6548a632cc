"""Winds of Fate: the payoff table, what each stake would pay for each way the voyage ends.

``bet_rows`` and ``destiny_rows`` are one player's own view (the destiny rows need the
player's secret cards); ``totals_now`` is public: what every player's round bets would pay
if the voyage ended in the current round.
"""

from __future__ import annotations

from dataclasses import dataclass

from .components import BET_CHIP_VP, ENDINGS, LAST_ROUND
from .scoring import bet_payout
from .state import WofState


@dataclass(frozen=True)
class BetRow:
    """One bet: its space, its chips and the payout for each end round from now to 12."""

    space: int
    chips: int
    pays: tuple[tuple[int, int], ...]


def end_rounds(s: WofState) -> range:
    return range(s.round, LAST_ROUND + 1)


def bet_rows(s: WofState, seat: int) -> list[BetRow]:
    """``seat``'s round bets with their payout for every end round still possible."""
    return [
        BetRow(b.space, b.chips, tuple((r, bet_payout(b.chips, b.space, r)) for r in end_rounds(s)))
        for b in sorted(s.bets_of(seat), key=lambda b: b.space)
    ]


def destiny_rows(s: WofState, seat: int) -> list[tuple[str, int]]:
    """(ending, chips it pays) for ``seat``; empty when the cards are hidden from ``s``."""
    cards = s.destiny_cards[seat]
    if not cards:
        return []
    by_card = {card: s.destiny_chips[seat][pos] for pos, card in enumerate(cards)}
    return [(ending, by_card[ending]) for ending in ENDINGS]


def round_totals(s: WofState, seat: int) -> dict[int, int]:
    """End round → chips all of ``seat``'s round bets pay together."""
    return {r: sum(bet_payout(b.chips, b.space, r) for b in s.bets_of(seat)) for r in end_rounds(s)}


def totals_now(s: WofState) -> list[tuple[str, int, int]]:
    """(name, chips paid, VP) per player if the voyage ended in the current round, counting
    round bets and unused chips (destiny stacks are secret and left out)."""
    out = []
    for seat, name in enumerate(s.players):
        chips = s.held[seat] + sum(bet_payout(b.chips, b.space, s.round) for b in s.bets_of(seat))
        out.append((name, chips, s.vp[seat] + BET_CHIP_VP * chips))
    return out
