"""The "Turn" section of the Grimheim screen: time track, whose turn, the monster turn
checklist (``monster_turn``) and the reinforcement card picker (``reinforcements``).

Every button builds one of the game's actions; legality comes from ``ctx.check`` and the
verdicts are shown as they are. Nothing here decides a rule by itself.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from rules.grimheim.actions import EndTurn
from rules.grimheim.hero_turn import UPGRADES
from rules.grimheim.state import GrimheimState

from ... import theme
from ..base import PanelContext, Route
from .monster_turn import monster_checklist
from .reinforcements import reinforcement_picker
from .time_track import Refresh, skull_banner, step_line, time_tile, time_track, track_of
from .ui import UiMemory, big_button, card, reason_line, submit, why_disabled


def turn_section(ctx: PanelContext, mem: UiMemory, refresh: Refresh) -> list[ft.Control]:
    """Everything of the Turn tab, top to bottom."""
    state: GrimheimState = ctx.state
    # The track draws the chosen track, the Rune Stone's step and the step to think about.
    track = track_of(state)
    # Each step's tile is kept under its step and whether the Rune Stone stands there, so
    # a move of the stone rebuilds the two tiles it left and entered.
    tiles = [
        ctx.kept(
            f"grim-step-{step.step}",
            (state.options.track, step, step.step == state.time, step.step == len(track)),
            lambda step=step: time_tile(  # type: ignore[misc]
                step, step.step == state.time, step.step == len(track)
            ),
        )
        for step in track
    ]
    out: list[ft.Control] = [
        ctx.kept(
            "grim-timecard",
            (state.options.track, state.time, step_line(state)),
            lambda: time_track(state, tiles),
        )
    ]
    banner = skull_banner(state)
    if banner is not None:
        out.append(banner)
    if state.phase == "reinforce":
        out.append(reinforcement_picker(ctx, mem, refresh))
    elif state.phase == "monsters":
        out.append(monster_checklist(ctx, mem, refresh))
    elif state.phase == "heroes":
        out.append(hero_turn_card(ctx, mem, refresh))
    return out


def hero_turn_card(ctx: PanelContext, mem: UiMemory, refresh: Refresh) -> ft.Control:
    state: GrimheimState = ctx.state
    hero = state.heroes[state.turn]
    done = ", ".join(hero.actions) if hero.actions else "none yet"
    end = EndTurn(hero=hero.name)
    end_why = why_disabled(ctx, end, ctx.check(end))
    # With an upgrade still affordable, "End turn" asks first, on the hero's board where
    # the upgrade is chosen.
    upgradable = any(ctx.check(EndTurn(hero=hero.name, upgrade=k)).legal for k in UPGRADES)
    # Drawn from the hero, its actions, the turn order and why "End turn" is refused;
    # its taps reach the drawing on screen.
    inputs = (hero.name, hero.actions, state.turn, len(state.heroes), end_why, upgradable)
    return ctx.kept_routed(
        "grim-hero-turn",
        inputs,
        lambda route: _hero_turn_picture(route, state, done, end, end_why, upgradable),
        (ctx, mem, refresh),
    )


def _hero_turn_picture(
    route: Route,
    state: GrimheimState,
    done: str,
    end: EndTurn,
    end_why: str,
    upgradable: bool,
) -> ft.Control:
    """``route.to`` is the (context, memory, refresh) of the drawing on screen."""
    hero = state.heroes[state.turn]

    def open_hero(_: Any) -> None:
        _ctx, mem, refresh = route.to
        mem.section = "heroes"
        mem.hero = hero.name
        refresh()

    def end_turn(e: Any) -> None:
        ctx, mem, _refresh = route.to
        if not upgradable:
            submit(ctx, end)
            return
        # The hero's board asks whether to end without the upgrade (grim.upgrade.once).
        mem.odds["_upgrade"] = "none"
        mem.odds["_ask_end"] = (hero.name, ctx.version)
        open_hero(e)

    return card(
        ft.Column(
            spacing=8,
            controls=[
                theme.tagged(
                    "grim-phase",
                    ft.Text(f"{hero.name}'s turn", size=18, weight=ft.FontWeight.BOLD),
                ),
                theme.muted(
                    f"Hero {state.turn + 1} of {len(state.heroes)}. Actions taken: {done}. "
                    "The monsters move after the last hero ends the turn."
                ),
                ft.Row(
                    spacing=8,
                    controls=[
                        big_button(
                            f"Open {hero.name}", open_hero, key="grim-open-hero", tonal=True
                        ),
                        big_button(
                            "End turn",
                            end_turn,
                            key="grim-turn-end",
                            disabled=bool(end_why),
                        ),
                    ],
                ),
                *([reason_line("turn-end", "End turn", end_why)] if end_why else []),
                theme.muted(
                    "Upgrades at the end of a turn are chosen on the hero's board.", size=12
                ),
            ],
        )
    )
