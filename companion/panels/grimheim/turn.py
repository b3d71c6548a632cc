"""The "Turn" section of the Grimheim screen: time track, whose turn, the monster turn
checklist and the reinforcement card picker.

Every button builds one of the game's actions; legality comes from ``ctx.check`` and the
verdicts are shown as they are. Nothing here decides a rule by itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import flet as ft

from rules.core import Action, Verdict
from rules.core.words import counted
from rules.grimheim import data, hexmap
from rules.grimheim.actions import (
    AdvanceTime,
    EndTurn,
    MonsterDie,
    MonstersAttack,
    PlaceCard,
    RedrawCard,
    SkipCard,
)
from rules.grimheim.hero_turn import UPGRADES
from rules.grimheim.monster_attack import reach_lines
from rules.grimheim.state import GRIMHEIM, GrimheimState

from ... import theme
from .. import widgets
from ..base import PanelContext, Route
from ..widgets import verdict_box
from .ui import (
    DECK_COLOURS,
    SKULL,
    UiMemory,
    big_button,
    card,
    hex_label,
    monster_name,
    reason_line,
    submit,
    why_disabled,
)

MARK_ICONS = {
    "axes": ft.Icons.GROUP_ADD,
    "skull": ft.Icons.DANGEROUS,
    "shield": ft.Icons.SHIELD,
}
MARK_WORDS = {
    "axes": "reinforcements: each player draws a monster card",
    "skull": "SKULL: every monster charges one extra area",
    "shield": "no reinforcements, no charge",
}
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

Refresh = Callable[[], None]


def track_of(state: GrimheimState) -> tuple[data.TimeStep, ...]:
    return data.load().time_tracks[state.options.track]


def time_track(state: GrimheimState, tiles: list[ft.Control]) -> ft.Control:
    """The chosen time track around ``tiles``: the ``time_tile`` of each step (the Rune
    Stone's lit, skulls in red), as drawn or kept by the caller."""
    return _time_card(state, track_of(state), tiles)


def time_tile(step: data.TimeStep, here: bool, last: bool) -> ft.Control:
    """One step of the track; ``here``: the Rune Stone stands on it."""
    colour = DECK_COLOURS[step.deck]
    icon_colour = SKULL if step.mark == "skull" else colour
    return ft.Semantics(
        identifier=f"grim-step-{step.step}",
        label=f"step {step.step} {step.deck} {step.mark}"
        + (" current" if here else "")
        + (" last" if last else ""),
        selected=here,
        content=ft.Container(
            width=36,
            height=52,
            border_radius=8,
            bgcolor=ft.Colors.with_opacity(0.35, colour) if here else None,
            border=ft.Border.all(3 if here else 1, ft.Colors.WHITE if here else colour),
            alignment=ft.Alignment.CENTER,
            content=ft.Column(
                spacing=0,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                alignment=ft.MainAxisAlignment.CENTER,
                controls=[
                    ft.Text(str(step.step), size=12, weight=ft.FontWeight.BOLD),
                    ft.Icon(
                        ft.Icons.FLAG if last else MARK_ICONS[step.mark],
                        size=18,
                        color=icon_colour,
                    ),
                ],
            ),
        ),
    )


def _time_card(
    state: GrimheimState, track: tuple[data.TimeStep, ...], tiles: list[ft.Control]
) -> ft.Control:
    now, when = step_line(state)
    return card(
        ft.Column(
            spacing=8,
            controls=[
                ft.Row(
                    alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                    wrap=True,
                    controls=[
                        ft.Text(
                            f"Time track ({state.options.track})",
                            size=16,
                            weight=ft.FontWeight.W_600,
                        ),
                        theme.tagged(
                            "grim-time",
                            ft.Text(
                                f"Step {state.time} of {len(track)}",
                                size=16,
                                weight=ft.FontWeight.BOLD,
                            ),
                        ),
                    ],
                ),
                theme.tagged("grim-track", ft.Row(tiles, wrap=True, spacing=4, run_spacing=4)),
                ft.Row(
                    spacing=6,
                    controls=[
                        ft.Icon(MARK_ICONS[now.mark], color=DECK_COLOURS[now.deck], size=18),
                        ft.Text(
                            f"{when}: {MARK_WORDS[now.mark]} ({now.deck} deck)",
                            size=13,
                            expand=True,
                        ),
                    ],
                ),
            ],
        ),
        key="grim-timecard",
    )


def step_line(state: GrimheimState) -> tuple[data.TimeStep, str]:
    """The time step the players should think about, and how to introduce it: during hero
    turns the NEXT monster turn's step (the current one's reinforcements are already
    done); while the monster turn waits for the Rune Stone to move, the step it is entering
    (what the stone's verdict announces); otherwise the step of this monster turn."""
    track = track_of(state)
    here = min(max(state.time, 1), len(track))
    entering = state.phase == "monsters" and state.monster_step == "time"
    if state.phase == "heroes" or entering:
        if here == len(track):
            return track[here - 1], "Last step reached"
        if entering:
            return track[here], f"This monster turn (the stone enters step {here + 1})"
        return track[here], f"Next monster turn (step {here + 1})"
    if state.phase == "reinforce" and state.time == 1:
        return track[here - 1], "Setup"
    return track[here - 1], "This monster turn"


def skull_banner(state: GrimheimState) -> ft.Control | None:
    """The unmissable warning while the Rune Stone stands on a skull."""
    track = track_of(state)
    if not 1 <= state.time <= len(track) or track[state.time - 1].mark != "skull":
        return None
    return theme.tagged(
        "grim-skull",
        ft.Container(
            bgcolor=ft.Colors.RED_900,
            border=ft.Border.all(3, SKULL),
            border_radius=12,
            padding=12,
            content=ft.Row(
                spacing=10,
                controls=[
                    ft.Icon(ft.Icons.DANGEROUS, color=ft.Colors.WHITE, size=40),
                    ft.Column(
                        spacing=2,
                        expand=True,
                        controls=[
                            ft.Text(
                                "SKULL — ALL MONSTERS CHARGE",
                                size=18,
                                weight=ft.FontWeight.BOLD,
                                color=ft.Colors.WHITE,
                            ),
                            ft.Text(
                                "Every monster moves one extra area toward Grimheim "
                                "this monster turn.",
                                size=13,
                                color=ft.Colors.WHITE,
                            ),
                        ],
                    ),
                ],
            ),
        ),
    )


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


# ----- monster turn ------------------------------------------------------------------------


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
            theme.tagged(
                f"grim-face-{face}",
                ft.Chip(
                    label=ft.Text(DIE_WORDS[face][0], size=12),
                    selected=mem.die_face == face,
                    on_click=pick,
                ),
            )
        )
    out.append(ft.Row(chips, wrap=True, spacing=4, run_spacing=4))
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


# ----- reinforcements ----------------------------------------------------------------------


def matching_cards(state: GrimheimState, query: str) -> list[data.MonsterCard]:
    """Cards of the deck being drawn whose number or name matches ``query``."""
    q = query.strip().lower()
    cards = [c for c in data.load().cards.values() if c.deck == state.reinforce_deck]
    if not q:
        return cards
    if q.isdigit():
        return [c for c in cards if str(c.number) == q or str(c.number).startswith(q)]
    return [c for c in cards if q in c.name.lower() or q in c.location.lower()]


def reinforcement_picker(ctx: PanelContext, mem: UiMemory, refresh: Refresh) -> ft.Control:
    """Pick the drawn card, see where its monsters go and whether it can be placed."""
    from .map import map_view

    state: GrimheimState = ctx.state
    colour = DECK_COLOURS[state.reinforce_deck]
    d = data.load()
    head: list[ft.Control] = [
        theme.tagged(
            "grim-phase",
            ft.Text(
                f"Reinforcements: {state.reinforcements_left} {state.reinforce_deck} "
                f"card{'' if state.reinforcements_left == 1 else 's'} to draw",
                size=18,
                weight=ft.FontWeight.BOLD,
                color=colour,
            ),
        ),
        theme.muted(
            "In player order, draw the top card of the deck and find it here by number or name."
        ),
    ]
    skip = SkipCard(occupied=tuple(sorted(mem.occupied)))
    if ctx.check(skip).legal:
        head.append(
            theme.tagged(
                "grim-skip-note",
                ft.Text(
                    f"No {state.reinforce_deck} card can be placed now (supply, Legends or "
                    "areas): drawing again would never end. Skip this draw (rule "
                    "grim.assume.no_placeable_card).",
                    color=theme.BAD,
                ),
            )
        )
        head.append(
            ft.Row(
                [
                    big_button(
                        "No card fits: skip this draw",
                        lambda _: submit(ctx, skip),
                        key="grim-card-skip",
                        disabled=not ctx.can_act,
                    )
                ]
            )
        )
    picked = d.cards.get(mem.card_number) if mem.card_number is not None else None
    if picked is not None and picked.deck != state.reinforce_deck:
        picked = None

    def on_query(e: Any) -> None:
        mem.card_query = e.control.value or ""
        mem.card_number = None
        refresh()

    field = ft.TextField(
        label="Card number or name",
        value=mem.card_query,
        on_submit=on_query,
        on_change=None,
        dense=True,
        expand=True,
    )
    head.append(
        ft.Row(
            spacing=8,
            controls=[
                theme.tagged("grim-card-search", field),
                theme.tagged(
                    "grim-card-find",
                    ft.IconButton(
                        ft.Icons.ARROW_FORWARD,
                        tooltip="Find",
                        on_click=lambda _: on_query(type("E", (), {"control": field})()),
                        width=theme.TAP,
                        height=theme.TAP,
                    ),
                ),
            ],
        )
    )
    if picked is None:
        found = matching_cards(state, mem.card_query)
        if not found:
            head.append(
                ft.Text(
                    f"No {state.reinforce_deck} card matches {mem.card_query!r}.", color=theme.BAD
                )
            )
        chips: list[ft.Control] = []
        for c in found[:40]:

            def choose(_: Any, n: int = c.number) -> None:
                mem.card_number = n
                mem.occupied = set()
                refresh()

            chips.append(
                theme.tagged(
                    f"grim-card-{c.number}",
                    ft.Button(
                        content=f"{c.number} {c.name}",
                        on_click=choose,
                        style=ft.ButtonStyle(
                            padding=ft.Padding.symmetric(horizontal=10, vertical=14)
                        ),
                    ),
                )
            )
        head.append(ft.Row(chips, wrap=True, spacing=6, run_spacing=6))
        return card(ft.Column(head, spacing=8), key="grim-reinforce", border=colour)

    occupied = tuple(sorted(mem.occupied, key=lambda h: (h[1], h[0])))
    place = PlaceCard(card=picked.number, occupied=occupied)
    redraw = RedrawCard(card=picked.number, occupied=occupied)
    v_place = ctx.check(place)
    v_redraw = ctx.check(redraw)
    legend = f" with {monster_name(picked.legend)}" if picked.legend else ""
    head.append(
        theme.tagged(
            "grim-card-picked",
            ft.Text(
                f"Card {picked.number}: {picked.name}{legend} — {picked.location}",
                size=16,
                weight=ft.FontWeight.W_600,
            ),
        )
    )
    spots = []
    for s in picked.slots:
        who = monster_name(s.monster)
        if s.monster == "legend" and picked.legend:
            who = "Legend " + monster_name(picked.legend)
        spots.append(f"{who} at {hex_label(s.hex)}")
    head.append(ft.Column([ft.Text(f"• {s}", size=13) for s in spots], spacing=0))
    head.append(verdict_box(v_place, "grim-verdict", ctx.open_rule))
    if not v_place.legal and v_redraw.legal:
        head.append(
            theme.tagged(
                "grim-redraw-note",
                ft.Text(
                    f"This card goes to the bottom of the {picked.deck} deck; draw another "
                    "card and pick it here.",
                    color=theme.BAD,
                    weight=ft.FontWeight.W_600,
                ),
            )
        )

    def back(_: Any) -> None:
        mem.card_number = None
        mem.occupied = set()
        refresh()

    def do_place(_: Any) -> None:
        mem.card_number = None
        mem.card_query = ""
        mem.occupied = set()
        submit(ctx, place)

    def do_redraw(_: Any) -> None:
        mem.card_number = None
        mem.card_query = ""
        mem.occupied = set()
        submit(ctx, redraw)

    buttons: list[ft.Control] = [big_button("Other card", back, key="grim-card-back", tonal=True)]
    if v_place.legal:
        buttons.append(
            big_button("Place monsters", do_place, key="grim-card-place", disabled=not ctx.can_act)
        )
    else:
        buttons.append(
            big_button(
                "Card to bottom",
                do_redraw,
                key="grim-card-redraw",
                disabled=not ctx.can_act or not v_redraw.legal,
            )
        )
    head.append(ft.Row(buttons, spacing=8))
    # The map comes last so the verdict and the buttons stay on the first screen.
    head.append(
        theme.muted(
            "Lit areas receive the card's monsters. Tap one if the table shows it occupied "
            "and the app does not."
        )
    )
    if mem.occupied:
        head.append(
            ft.Text("Occupied at the table: " + "; ".join(hex_label(h) for h in occupied), size=13)
        )
    head.append(map_view(ctx, mem, refresh, highlight=picked))
    return card(ft.Column(head, spacing=8), key="grim-reinforce", border=colour)
