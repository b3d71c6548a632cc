"""The monster turn as a checklist: move the Rune Stone, roll the monster die, the monsters
move (proposed by the map's paths), the monsters attack; each step a button that builds the
game's action, checked by ``ctx.check``."""

from __future__ import annotations

import random
from typing import Any

import flet as ft

from rules.core import Action, Verdict
from rules.core.words import counted
from rules.grimheim import data, hexmap
from rules.grimheim.actions import AdvanceTime, MonsterDie, MonstersAttack
from rules.grimheim.monster_attack import reach_lines
from rules.grimheim.state import GRIMHEIM, GrimheimState

from ... import theme
from .. import widgets
from ..base import PanelContext, Route
from ..chips import chip, chip_row
from ..widgets import verdict_box
from .time_track import Refresh, track_of
from .ui import UiMemory, big_button, card, hex_label, monster_name, submit

DIE_WORDS = {
    "maneuver_1": (
        "Maneuver clockwise",
        "Hero by hero in player order, the monsters next to that hero all turn one place "
        "clockwise around it where they can (even into Grimheim).",
    ),
    "maneuver_2": (
        "Maneuver counter-clockwise",
        "As the clockwise maneuver, but the monsters turn counter-clockwise.",
    ),
    "attack": ("Attack +1", "Every monster rolls one extra attack die this turn."),
    "push": (
        "Push",
        "Every hero next to a monster is pushed one area along the monster path toward "
        "Grimheim, where that is possible.",
    ),
    "charge": (
        "Charge",
        "Rank 1 monsters (goblins, sprites, imps) move one extra area this turn.",
    ),
    "ambush": (
        "Ambush",
        "Each hero outside Grimheim puts a new goblin from the supply next to itself.",
    ),
}


STEP_TITLES = (
    ("time", "Move the Rune Stone"),
    ("die", "Roll the monster die"),
    ("move", "Monsters move"),
    ("attack", "Monsters attack"),
    ("reinforce", "Reinforcements"),
)


def _step_index(state: GrimheimState) -> int:
    order = [key for key, _ in STEP_TITLES]
    return order.index(state.monster_step)


def monster_checklist(ctx: PanelContext, mem: UiMemory, refresh: Refresh) -> ft.Control:
    """The five steps in the rulebook's order; the current one open with its button."""
    state: GrimheimState = ctx.state
    steps = _step_marks(state)
    # The list of steps is drawn from their marks alone, and each step's part from the
    # action it offers and the rules' verdict on it.
    rows: list[ft.Control] = [
        ctx.kept("grim-msteps", steps, lambda: _steps_picture(steps)),
        ft.Divider(),
    ]
    step = state.monster_step
    if step == "time":
        rows += _time_step(ctx, mem, refresh)
    elif step == "die":
        rows += _die_step(ctx, mem, refresh)
    elif step == "move":
        rows += _move_step(ctx, mem, refresh)
    elif step == "attack":
        rows += _attack_step(ctx, mem, refresh)
    return card(ft.Column(rows, spacing=6), key="grim-checklist", border=ft.Colors.PRIMARY)


StepMark = tuple[str, str, bool, bool, bool]
"""One step of the monster turn: key, title, done, skipped, now."""


def _step_marks(state: GrimheimState) -> tuple[StepMark, ...]:
    current = _step_index(state)
    track = track_of(state)
    marks: list[StepMark] = []
    for i, (key, title) in enumerate(STEP_TITLES):
        skipped = key == "die" and not state.options.monster_die
        if key == "reinforce":
            # Known only once the Rune Stone has moved: is the new step a reinforcement?
            future = track[min(state.time, len(track)) - 1] if current > 0 else None
            skipped = future is not None and future.mark != "axes"
        marks.append((key, title, i < current and not skipped, skipped, i == current))
    return tuple(marks)


def _steps_picture(steps: tuple[StepMark, ...]) -> ft.Control:
    rows: list[ft.Control] = [
        theme.tagged("grim-phase", ft.Text("Monster turn", size=18, weight=ft.FontWeight.BOLD))
    ]
    for i, (key, title, done, skipped, is_now) in enumerate(steps):
        icon = (
            ft.Icons.CHECK_CIRCLE
            if done
            else ft.Icons.REMOVE_CIRCLE_OUTLINE
            if skipped
            else ft.Icons.PLAY_CIRCLE
            if is_now
            else ft.Icons.RADIO_BUTTON_UNCHECKED
        )
        colour = theme.OK if done else theme.MUTED if skipped else None
        note = ""
        if skipped:
            note = " (variant off)" if key == "die" else " (not this turn)"
        rows.append(
            ft.Semantics(
                identifier=f"grim-mstep-{key}",
                label=f"{title}{' now' if is_now else ''}{' done' if done else ''}",
                selected=is_now,
                content=ft.Row(
                    spacing=8,
                    controls=[
                        ft.Icon(icon, color=colour),
                        ft.Text(
                            f"{i + 1}. {title}{note}",
                            size=16 if is_now else 14,
                            weight=ft.FontWeight.BOLD if is_now else None,
                            color=theme.MUTED if (done or skipped) else None,
                            expand=True,
                        ),
                    ],
                ),
            )
        )
    return ft.Column(rows, spacing=6)


def _time_step(ctx: PanelContext, mem: UiMemory, refresh: Refresh) -> list[ft.Control]:
    v = ctx.check(AdvanceTime())
    can_act = ctx.can_act

    def picture(route: Route) -> ft.Control:
        return ft.Column(
            spacing=6,
            controls=[
                verdict_box(v, "grim-verdict", ctx.open_rule),
                ft.Row(
                    [
                        big_button(
                            "Move the Rune Stone",
                            lambda _: submit(route.to[0], AdvanceTime()),
                            key="grim-advance",
                            icon=ft.Icons.ARROW_FORWARD,
                            disabled=not can_act or not v.legal,
                        )
                    ]
                ),
            ],
        )

    return [ctx.kept_routed("grim-time-step", (v, can_act), picture, (ctx, mem, refresh))]


def _die_step(ctx: PanelContext, mem: UiMemory, refresh: Refresh) -> list[ft.Control]:
    state: GrimheimState = ctx.state
    faces = data.load().monster_die
    if mem.die_rolled_at != ctx.version:
        mem.die_face = ""

    def roll(_: Any) -> None:
        mem.die_face = random.SystemRandom().choice(faces)
        mem.die_rolled_at = ctx.version
        refresh()

    out: list[ft.Control] = []
    if not mem.die_face:
        out.append(
            theme.muted("Roll the monster die here, or roll the real one and pick its face.")
        )
        out.append(
            ft.Row(
                [
                    big_button(
                        "Roll the monster die",
                        roll,
                        key="grim-roll",
                        icon=ft.Icons.CASINO,
                        disabled=not ctx.can_act,
                    )
                ]
            )
        )
    chips = []
    for face in faces:

        def pick(_: Any, f: str = face) -> None:
            mem.die_face = f
            mem.die_rolled_at = ctx.version
            refresh()

        chips.append(
            chip(
                f"grim-face-{face}",
                DIE_WORDS[face][0],
                selected=mem.die_face == face,
                on_click=pick,
                size=12,
            )
        )
    out.append(chip_row(chips, spacing=4))
    if mem.die_face:
        title, words = DIE_WORDS[mem.die_face]
        action = die_action(state, mem.die_face)
        v = ctx.check(action)
        out.append(
            theme.tagged(
                "grim-die-face",
                ft.Container(
                    padding=10,
                    border_radius=10,
                    bgcolor=ft.Colors.DEEP_PURPLE_900,
                    content=ft.Column(
                        spacing=4,
                        controls=[
                            ft.Row(
                                [
                                    ft.Icon(ft.Icons.CASINO),
                                    ft.Text(title, size=18, weight=ft.FontWeight.BOLD),
                                ]
                            ),
                            ft.Text(words, size=14),
                        ],
                    ),
                ),
            )
        )
        if mem.die_face in ("maneuver_1", "maneuver_2", "push", "ambush"):
            lines = die_lines(state, action) or ["Nothing moves: no piece can do this now."]
            out.append(
                theme.tagged(
                    "grim-die-plan",
                    ft.Column(
                        spacing=2,
                        controls=[
                            theme.muted("Do this on the board, then apply:", size=13),
                            *(ft.Text(f"• {line}", size=13) for line in lines),
                        ],
                    ),
                )
            )
        if any(h.at != GRIMHEIM for h in state.heroes) or mem.die_face not in ("ambush",):
            out.append(verdict_box(v, "grim-verdict", ctx.open_rule))
        out.append(
            ft.Row(
                [
                    big_button(
                        "Apply the die",
                        lambda _: submit(ctx, action),
                        key="grim-apply-die",
                        disabled=not ctx.can_act or not v.legal,
                    )
                ]
            )
        )
    return out


def die_action(state: GrimheimState, face: str) -> MonsterDie:
    """The ``monster_die`` action for ``face`` with what it moves or places on the board, as
    the rules compute it (``hexmap.die_proposal``)."""
    shifts, ambush = hexmap.die_proposal(
        face,
        [h.at for h in state.heroes],
        {t.at: t.kind for t in state.monsters},
        goblins=state.supply.get("goblin", 0),
    )
    return MonsterDie(face=face, shifts=shifts, ambush=ambush)


def die_lines(state: GrimheimState, action: MonsterDie) -> list[str]:
    """What ``action`` does, one plain sentence per piece."""
    lines: list[str] = []
    for frm, to in action.shifts:
        where = "into Grimheim" if hexmap.in_grimheim(to) else f"to {hex_label(to)}"
        if action.face == "push":
            hero = state.hero_at(frm)
            who = hero.name if hero is not None else "a hero"
            lines.append(f"{who} is pushed from {hex_label(frm)} {where}.")
        else:
            tile = state.monster_at(frm)
            who = monster_name(tile.kind) if tile is not None else "a monster"
            lines.append(f"The {who} at {hex_label(frm)} turns {where}.")
    for spot in action.ambush:
        beside = [h.name for h in state.heroes if hexmap.adjacent(h.at, spot)]
        next_to = f" (next to {' or '.join(beside)})" if beside else ""
        lines.append(f"A new goblin goes on {hex_label(spot)}{next_to}.")
    return lines


def _move_step(ctx: PanelContext, mem: UiMemory, refresh: Refresh) -> list[ft.Control]:
    """Monsters move: the whole phase as the map's paths resolve it, checked as one action."""
    from .map import move_step_panel

    state: GrimheimState = ctx.state
    action, lines = move_step_panel(ctx, mem)
    v = ctx.check(action)
    inputs = (action, tuple(lines), v, len(state.monsters), ctx.can_act)
    return [
        ctx.kept_routed(
            "grim-move-step",
            inputs,
            lambda route: _move_picture(route, ctx, action, lines, v, len(state.monsters)),
            (ctx, mem, refresh),
        )
    ]


def _move_picture(
    route: Route,
    ctx: PanelContext,
    action: Action,
    lines: list[str],
    v: Verdict,
    monsters: int,
) -> ft.Control:
    """The move step for ``action`` (its ``lines``, the verdict ``v`` on it); taps reach the
    drawing on screen, ``route.to`` = (context, memory, refresh)."""
    out: list[ft.Control] = [
        theme.muted(
            "Closest to Grimheim first, each monster steps along its path (goblins two); "
            "monsters next to a hero stay. Move the tiles like this, then confirm."
        ),
        theme.tagged(
            "grim-move-count",
            ft.Text(
                f"{len(lines)} of {counted(monsters, 'monster')} move",
                size=14,
                weight=ft.FontWeight.W_600,
            ),
        ),
    ]

    def open_map(_: Any) -> None:
        _ctx, mem, refresh = route.to
        mem.section = "map"
        refresh()

    out.append(
        ft.Row(
            spacing=8,
            controls=[
                big_button("See on map", open_map, key="grim-open-map", tonal=True),
                big_button(
                    "Monsters moved" if lines else "No monster moves",
                    lambda _: submit(route.to[0], action),
                    key="grim-apply-move",
                    disabled=not ctx.can_act or not v.legal,
                ),
            ],
        )
    )
    # The button comes before the (long) list of moves so it stays on the first screen.
    out.append(verdict_box(v, "grim-verdict", ctx.open_rule))
    if not v.legal:
        out += [ft.Text(f"• {line}", size=13) for line in lines]
    return ft.Column(spacing=6, controls=out)


def _attack_step(ctx: PanelContext, mem: UiMemory, refresh: Refresh) -> list[ft.Control]:
    """Monsters attack: damage each hero took after prevention, typed by the players."""
    state: GrimheimState = ctx.state
    if mem.odds.get("_attack_v") != ctx.version:
        mem.attack_damage = {}
        mem.odds["_attack_v"] = ctx.version
    out: list[ft.Control] = [
        theme.muted(
            "Every monster that can attack does; the players choose the target when there "
            "are several. Roll at the table, then enter the damage each hero took."
        )
    ]
    reach = {line.partition(":")[0]: line.partition(": ")[2] for line in reach_lines(state)}
    for hero in state.heroes:
        value = mem.attack_damage.get(hero.name, 0)

        def change(delta: int, name: str = hero.name) -> None:
            mem.attack_damage[name] = max(0, mem.attack_damage.get(name, 0) + delta)
            refresh()

        out.append(
            widgets.labelled_stepper(
                hero.name,
                f"grim-hit-{hero.name}",
                widgets.step_value(str(value), size=20, width=32),
                change,
                label_size=15,
                value_ident=f"grim-hit-{hero.name}",
            )
        )
        out.append(
            theme.tagged(
                f"grim-reach-{hero.name}",
                # Heroes outside all have a line; a hero in town is out of every reach.
                theme.muted(reach.get(hero.name, "in Grimheim: no monster can attack")),
            )
        )
    names = {h.name for h in state.heroes}
    damage = {k: v for k, v in mem.attack_damage.items() if v and k in names}
    action = MonstersAttack(damage=damage)
    v = ctx.check(action)
    out.append(verdict_box(v, "grim-verdict", ctx.open_rule))

    def go(_: Any) -> None:
        mem.attack_damage = {}
        submit(ctx, action)

    out.append(
        ft.Row(
            [
                big_button(
                    "Attacks done",
                    go,
                    key="grim-apply-attack",
                    disabled=not ctx.can_act or not v.legal,
                )
            ]
        )
    )
    return out
