"""Born of Titans: the challenge walkthrough, roll by roll, with the exact odds before each
roll (from ``rules.born_of_titans.odds``) and the crew each short roll cost."""

from __future__ import annotations

from fractions import Fraction

import flet as ft

from rules.born_of_titans import odds
from rules.born_of_titans.state import BotState, Challenge
from rules.core.words import counted

from ... import theme
from .look import tag


def pct(p: Fraction) -> str:
    """A probability as a percentage a player reads at a glance (never 0 % or 100 % unless
    it is exactly so)."""
    value = float(p) * 100
    if 0 < value < 0.1:
        return "<0.1%"
    if 99.9 < value < 100:
        return ">99.9%"
    return f"{value:.1f}%"


def odds_lines(ch: Challenge, crew: int, muses: int = 0, fates: int = 0) -> list[str]:
    """What the next roll and the rest of the fight hold, exactly computed; ``muses`` and
    ``fates`` are the fighter's own counters, known only on her phone."""
    left = ch.need - ch.successes
    dice = min(ch.dice, odds.MAX_DICE)
    if left < 1 or left > odds.MAX_NEED:
        return []
    rounds = odds.play_rounds(dice, left, min(crew, odds.MAX_CREW), ares=ch.ares)
    never = rounds.never_retreating()
    this_roll = sum(rounds.won[0].values(), Fraction(0)) if rounds.won else Fraction(0)
    if ch.invincible:
        # The Lion Skin is off: no strike costs crew any more, so the hero can roll on
        # until she wins (bot.gear.lion-skin); only this roll's chance is worth showing.
        return [
            f"This roll beats it: {pct(this_roll)}",
            "No more crew losses: fighting on wins in the end"
            if dice
            else "No dice left: this fight cannot be won",
        ]
    lost = never.crew_lost()
    spread = ", ".join(f"{k}: {pct(p)}" for k, p in lost.items() if p >= Fraction(1, 1000))
    lines = [
        f"This roll beats it: {pct(this_roll)}",
        f"Fighting to the end wins: {pct(never.chance('won'))}",
        f"Crew lost (fighting on): {spread}",
    ]
    if muses or fates:
        mine = odds.play_rounds(
            dice,
            left,
            min(crew, odds.MAX_CREW),
            ares=ch.ares,
            muses=min(muses, odds.MAX_DIVINE),
            fates=min(fates, odds.MAX_DIVINE),
        ).never_retreating()
        lines.append(
            f"With your {muses} Muses and {fates} Fates (played when a roll falls short): "
            f"wins {pct(mine.chance('won'))}"
        )
    if crew > 1:
        once = rounds.retreating_after(1)
        lines.append(
            f"Retreat after the next strike: wins {pct(once.chance('won'))}, "
            f"retreats {pct(once.chance('retreated'))}"
        )
    return lines


def walkthrough(state: BotState) -> ft.Control:
    """The fight so far: the foe, each roll with its successes and crew lost, the odds now."""
    ch = state.challenge
    assert ch is not None
    hero = state.heroes[ch.seat]
    name = state.players[ch.seat]
    rows: list[ft.Control] = [
        tag(
            "bot-challenge-title",
            ft.Text(
                f"{name} against {ch.foe.name}: {ch.successes} of {ch.need} successes",
                size=16,
                weight=ft.FontWeight.W_600,
            ),
        ),
        theme.muted(
            f"{ch.dice} dice per roll ({ch.attribute.capitalize()}"
            + (f" against {ch.against.capitalize()}" if ch.against != ch.attribute else "")
            + (f", {ch.prophecy} prophecy committed" if ch.prophecy else "")
            + f") · crew {hero.crew}"
            + (" · two Ares: 3 crew per strike" if ch.ares else "")
            + (" · Lion Skin: no more losses" if ch.invincible else ""),
            13,
        ),
    ]
    running = 0
    for k, got in enumerate(ch.rolls):
        running += got
        lost = ch.losses[k] if k < len(ch.losses) else 0
        rows.append(
            tag(
                f"bot-roll-{k}",
                ft.Text(
                    f"Roll {k + 1}: {counted(got, 'success')} (total {running})"
                    " — the foe strikes, "
                    f"{lost} crew lost",
                    size=13,
                ),
            )
        )
    lines = odds_lines(ch, hero.crew, hero.divine.count("muses"), hero.divine.count("fates"))
    rows.append(
        tag(
            "bot-odds",
            ft.Container(
                padding=8,
                border_radius=8,
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                content=ft.Column(
                    [
                        ft.Text("Odds before this roll", size=13, weight=ft.FontWeight.W_600),
                        *(ft.Text(line, size=13) for line in lines),
                    ],
                    spacing=2,
                ),
            ),
        )
    )
    return ft.Column(rows, spacing=4)
