"""Score sheets: what the printed score pad shows, plus how ties were broken."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LineItem:
    """One row of a score pad for one player: ``label`` (the pad's column) and its points.
    ``rule`` is the rule ID the points come from."""

    label: str
    points: int
    rule: str = ""
    detail: str = ""


@dataclass(frozen=True)
class PlayerScore:
    name: str
    items: tuple[LineItem, ...]

    @property
    def total(self) -> int:
        return sum(item.points for item in self.items)


@dataclass(frozen=True)
class ScoreSheet:
    """Line items per player, the winner's name (``None`` for a shared result or an unbroken
    tie) and the tie-break rule that decided it (``None`` when totals alone decided)."""

    players: tuple[PlayerScore, ...]
    winner: str | None
    tiebreak: str | None = None
    summary: str = ""

    def to_json(self) -> dict[str, object]:
        return {
            "players": [
                {
                    "name": p.name,
                    "items": [
                        {"label": i.label, "points": i.points, "rule": i.rule, "detail": i.detail}
                        for i in p.items
                    ],
                    "total": p.total,
                }
                for p in self.players
            ],
            "winner": self.winner,
            "tiebreak": self.tiebreak,
            "summary": self.summary,
        }


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: ``winners`` are seat names (all seats for a co-op win,
    empty for a co-op loss) and ``summary`` one plain sentence."""

    winners: tuple[str, ...]
    summary: str
    rule: str = ""
