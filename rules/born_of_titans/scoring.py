"""Born of Titans: the score sheet (bot.score.sheet): places, quests by shield, what is left."""

from __future__ import annotations

from rules.core import LineItem, PlayerScore, ScoreSheet

from .quests import placings
from .state import BotState

ORDINAL = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


def score_sheet(state: BotState) -> ScoreSheet:
    """One row per hero in place order. Points are completed quests; the place, crew and
    prophecy are shown beside them. The winner is the first to finish, if any."""
    rows = []
    for seat, place in placings(state):
        hero = state.heroes[seat]
        shields = ", ".join(f"{k}: {v}" for k, v in sorted(hero.shields.items())) or "none"
        name = state.players[seat]
        if hero.hero is not None:
            name = f"{name} ({hero.hero.name})"
        rows.append(
            PlayerScore(
                name,
                (
                    LineItem("Place", 0, "bot.end.placings", ORDINAL.get(place, str(place))),
                    LineItem(
                        "Quests", len(hero.shields), "bot.quest.complete", f"shields {shields}"
                    ),
                    LineItem("Crew left", 0, "bot.score.sheet", str(hero.crew)),
                    LineItem("Prophecy left", 0, "bot.score.sheet", str(hero.prophecy)),
                ),
            )
        )
    winner = state.players[state.finished[0]] if state.finished else None
    summary = f"{winner} wins with three quests." if winner else "No hero has three quests yet."
    return ScoreSheet(tuple(rows), winner, None, summary)
