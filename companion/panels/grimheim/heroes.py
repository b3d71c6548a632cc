"""The Heroes section: each hero's board (damage, XP/gold, mana, upgrade cost, actions,
hand) and, for the hero whose turn it is, the action buttons with the game's verdicts."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import flet as ft

from rules.core import Action
from rules.grimheim import heroes as hx
from rules.grimheim.actions import Attack, EndTurn, Focus, Mend, Practice, Prepare, TakeMarkers
from rules.grimheim.hero_turn import turn_problem
from rules.grimheim.sites import site_of
from rules.grimheim.state import HAND_LIMIT, HERO_ACTIONS, SITES, GrimheimState, HeroState

from ... import theme
from .. import widgets
from ..base import PanelContext
from ..chips import chip
from ..widgets import verdict_box
from .effects import effects_box, monster_chips
from .ui import (
    HERO_COLOURS,
    UiMemory,
    big_button,
    card,
    hex_label,
    player_of,
    reason_line,
    stat,
    submit,
    why_disabled,
)

Refresh = Callable[[], None]
UPGRADE_WORDS = {
    "none": "No upgrade",
    "new_ability": "New ability",
    "flip_hero": "Flip hero card",
    "flip_ability": "Flip an ability",
}


def heroes_section(ctx: PanelContext, mem: UiMemory, refresh: Refresh) -> list[ft.Control]:
    state: GrimheimState = ctx.state
    out: list[ft.Control] = []
    for i, hero in enumerate(state.heroes):
        current = state.phase == "heroes" and state.turn == i
        card_ = _hero_card(ctx, mem, refresh, hero, current)
        # The hero whose turn it is comes first, so its buttons are on the first screen.
        if current:
            out.insert(0, card_)
        else:
            out.append(card_)
    return out


def _hero_card(
    ctx: PanelContext, mem: UiMemory, refresh: Refresh, hero: HeroState, current: bool
) -> ft.Control:
    state: GrimheimState = ctx.state
    # The board (no handlers) is drawn from these alone: every field of the hero, the
    # upgrade costs in use, who plays the hero and whether it is their turn.
    inputs = (
        _hero_fields(hero),
        state.options.upgrade_step_up,
        player_of(ctx, hero.name),
        current,
    )
    rows: list[ft.Control] = [
        ctx.kept(
            f"grim-hero-board-{hero.name}",
            inputs,
            lambda: ft.Column(_board_rows(ctx, hero, current), spacing=8),
        )
    ]
    if current:
        rows += _action_buttons(ctx, mem, refresh, hero)
    else:
        # Closed, the card effects add one button to the board.
        rows += effects_box(ctx, mem, refresh, hero)
    colour = HERO_COLOURS.get(hero.name, ft.Colors.WHITE)
    return card(
        ft.Column(rows, spacing=8), key=f"grim-hero-{hero.name}", border=colour if current else None
    )


def _hero_fields(hero: HeroState) -> tuple[Any, ...]:
    """Every field of ``hero`` as a hashable value (its mana is a mapping)."""
    return tuple(
        tuple(sorted(value.items())) if isinstance(value, dict) else value
        for value in (getattr(hero, f.name) for f in dataclasses.fields(hero))
    )


def _board_rows(ctx: PanelContext, hero: HeroState, current: bool) -> list[ft.Control]:
    state: GrimheimState = ctx.state
    health = hx.health(hero)
    cost = hx.upgrade_cost(hero, state.options.upgrade_step_up)
    colour = HERO_COLOURS.get(hero.name, ft.Colors.WHITE)
    where = "Grimheim" if hero.at == (9, 9) else hex_label(hero.at)
    mana = ", ".join(f"{card_name} {n}" for card_name, n in sorted(hero.mana.items())) or "none"
    rows: list[ft.Control] = [
        ft.Row(
            controls=[
                ft.Icon(ft.Icons.PERSON, color=colour),
                ft.Text(
                    f"{hero.name} {'II' if hero.level == 2 else 'I'}",
                    size=18,
                    weight=ft.FontWeight.BOLD,
                    expand=True,
                ),
                ft.Text(
                    "their turn" if current else where,
                    size=13,
                    color=theme.OK if current else theme.MUTED,
                ),
            ]
        ),
        # Four figures side by side; with large text they wrap onto a second line rather
        # than pushing the last one off the card.
        ft.Row(
            alignment=ft.MainAxisAlignment.SPACE_AROUND,
            wrap=True,
            spacing=12,
            run_spacing=6,
            controls=[
                stat(
                    "Damage",
                    f"{hero.damage}/{health}",
                    key=f"grim-hero-{hero.name}-damage",
                    colour=theme.BAD if hero.damage >= health - 2 else None,
                ),
                stat("XP/gold", str(hero.xp), key=f"grim-hero-{hero.name}-xp"),
                stat("Next upgrade", str(cost), key=f"grim-hero-{hero.name}-cost"),
                stat("Hand", f"{hero.hand}/{HAND_LIMIT}", key=f"grim-hero-{hero.name}-hand"),
            ],
        ),
        _played_by(ctx, hero.name),
        ft.ProgressBar(
            value=min(1.0, hero.damage / health) if health else 0.0,
            color=theme.BAD,
            bgcolor=ft.Colors.with_opacity(0.2, theme.BAD),
        ),
        theme.muted(
            f"Mana: {mana}. Upgrades taken: {hero.upgrades}. Equipment damage: "
            f"{hero.equipment_damage}. At {where}.",
            size=13,
        ),
        theme.muted("Action spaces used this turn (lit):", size=12),
        ft.Row(
            wrap=True,
            spacing=4,
            controls=[
                ft.Container(
                    padding=ft.Padding.symmetric(horizontal=8, vertical=4),
                    border_radius=8,
                    bgcolor=ft.Colors.PRIMARY_CONTAINER if a in hero.actions else None,
                    border=ft.Border.all(1, ft.Colors.OUTLINE),
                    content=ft.Text(a, size=12),
                )
                for a in HERO_ACTIONS
            ],
        ),
    ]
    return rows


def _action_buttons(
    ctx: PanelContext, mem: UiMemory, refresh: Refresh, hero: HeroState
) -> list[ft.Control]:
    state: GrimheimState = ctx.state
    name = hero.name
    simple: list[tuple[str, Action]] = [
        ("Prepare", Prepare(hero=name)),
        ("Focus", Focus(hero=name, card=next(iter(sorted(hero.mana)), "starting ability"))),
        ("Mend", Mend(hero=name, hero_damage=min(hero.damage, hx.mend_limit(hero)))),
        ("Practice", Practice(hero=name)),
    ]
    buttons: list[ft.Control] = []
    reasons: list[ft.Control] = []
    for label, action in simple:
        v = ctx.check(action)
        why = why_disabled(ctx, action, v)
        if why:
            reasons.append(reason_line(f"act-{label.lower()}", label, why))
        buttons.append(
            theme.tagged(
                f"grim-act-{label.lower()}",
                ft.FilledTonalButton(
                    content=label,
                    on_click=lambda _, a=action: submit(ctx, a),
                    disabled=bool(why),
                    tooltip=v.reason,
                ),
            )
        )

    def open_map(_: Any) -> None:
        mem.section = "map"
        mem.map_hero = name
        refresh()

    # A move needs its path from the map; until then only the reasons that do not depend on
    # the path are asked of the rules (seat, whose turn, action spaces used).
    move_why = why_disabled(ctx, EndTurn(hero=name), turn_problem(state, name, "move"))
    buttons.insert(
        0,
        theme.tagged(
            "grim-act-move",
            ft.FilledTonalButton(
                content="Move…",
                on_click=open_map,
                disabled=bool(move_why),
            ),
        ),
    )
    if move_why:
        reasons.insert(0, reason_line("act-move", "Move", move_why))
    out: list[ft.Control] = [ft.Row(buttons, wrap=True, spacing=6, run_spacing=6), *reasons]
    out += _site_markers_box(ctx, hero)
    # The attack comes before ending the turn, as a turn is played.
    out += _attack_box(ctx, mem, refresh, hero)
    # Card effects are played during the turn, so they too come before its end.
    out += [ft.Divider(), *effects_box(ctx, mem, refresh, hero)]
    out += _end_turn_box(ctx, mem, refresh, hero)
    return out


MARKER_WORDS = {
    "troll_caves": "heal {n} damage",
    "nailfare": "put {n} mana on {card}",
    "wyrm_lair": "gain {n} gold",
}
"""What taking each site's setup markers does, as the button says it."""


def _site_markers_box(ctx: PanelContext, hero: HeroState) -> list[ft.Control]:
    """A button to take the setup markers of the site ``hero`` stands on, while they are
    still there (grim.setup.*_markers); nothing elsewhere."""
    state: GrimheimState = ctx.state
    site = site_of(hero.at)
    if not site or not state.site_markers.get(site):
        return []
    card_name = next(iter(sorted(hero.mana)), "starting ability")
    action = TakeMarkers(hero=hero.name, site=site, card=card_name if site == "nailfare" else "")
    v = ctx.check(action)
    why = why_disabled(ctx, action, v)
    count = state.site_markers[site]
    words = MARKER_WORDS[site].format(card=card_name, n=count)
    return [
        theme.tagged(
            f"grim-markers-{site}-text",
            theme.muted(
                f"The {SITES[site]}'s setup markers are here: take them to {words}.", size=13
            ),
        ),
        ft.Row(
            [
                big_button(
                    "Take the markers",
                    lambda _: submit(ctx, action),
                    key=f"grim-markers-{site}",
                    tonal=True,
                    disabled=bool(why),
                )
            ]
        ),
        *([reason_line(f"markers-{site}", "Markers", why)] if why else []),
    ]


def _attack_box(
    ctx: PanelContext, mem: UiMemory, refresh: Refresh, hero: HeroState
) -> list[ft.Control]:
    state: GrimheimState = ctx.state
    if not state.monsters:
        return []
    target = mem.odds.get("_target")
    damage = int(mem.odds.get("_damage", 0))
    reach = int(mem.odds.get("_reach", 1))
    tile = state.monster_at(target) if isinstance(target, tuple) else None
    # Once the attack marker is used, only an additional attack from a card is left
    # (grim.action.extra); before that the player says whether a card grants this one.
    used = "attack" in hero.actions
    extra = used or bool(mem.odds.get("_extra", False))
    no_armor = bool(mem.odds.get("_noarmor", False))

    def toggle(key: str) -> None:
        mem.odds[key] = not bool(mem.odds.get(key, False))
        refresh()

    def flag(key: str, words: str, on: bool, fixed: bool) -> ft.Control:
        return chip(
            f"grim-attack-{key.lstrip('_')}",
            words,
            selected=on,
            on_click=lambda _: toggle(key),
            disabled=fixed,
            size=12,
        )

    def pick(at: tuple[int, int]) -> None:
        mem.odds["_target"] = at
        refresh()

    def nudge(key: str, delta: int, low: int, high: int) -> None:
        mem.odds[key] = max(low, min(high, int(mem.odds.get(key, low)) + delta))
        refresh()

    def damage_by(delta: int) -> None:
        nudge("_damage", delta, 0, 60)

    def reach_by(delta: int) -> None:
        nudge("_reach", delta, 1, 8)

    out: list[ft.Control] = [
        ft.Divider(),
        ft.Text(
            "Additional attack (card)" if used else "Attack", size=16, weight=ft.FontWeight.W_600
        ),
        theme.muted(
            (
                "The attack action is taken; a card that lets you perform an attack action "
                "(Rapid Strike, Alva's Bracers) attacks again without an action marker. "
                if used
                else ""
            )
            + "Pick the target, roll at the table, enter the damage the dice and cards "
            "came to (before armor).",
            size=12,
        ),
        ft.Row(
            wrap=True,
            spacing=4,
            run_spacing=4,
            controls=[
                flag("_extra", "Granted by a card (no action marker)", extra, used),
                flag("_noarmor", "A card ignores armor", no_armor, False),
            ],
        ),
        monster_chips(state, tile.at if tile else None, pick, "grim-target"),
        ft.Row(
            spacing=0,
            controls=[
                ft.Text("Damage", expand=True),
                widgets.step_button("grim-attack-damage-down", -1, damage_by),
                theme.tagged(
                    "grim-attack-damage",
                    ft.Text(str(damage), size=18, width=30, text_align=ft.TextAlign.CENTER),
                ),
                widgets.step_button("grim-attack-damage-up", 1, damage_by),
            ],
        ),
        ft.Row(
            spacing=0,
            controls=[
                ft.Text("Range", expand=True),
                widgets.step_button("grim-attack-range-down", -1, reach_by),
                ft.Text(str(reach), size=18, width=30, text_align=ft.TextAlign.CENTER),
                widgets.step_button("grim-attack-range-up", 1, reach_by),
            ],
        ),
    ]
    if tile is not None:
        action = Attack(
            hero=hero.name,
            target=tile.at,
            damage=damage,
            reach=reach,
            extra=extra,
            ignore_armor=no_armor,
        )
        v = ctx.check(action)
        out.append(verdict_box(v, "grim-attack-verdict", ctx.open_rule))
        attack_why = why_disabled(ctx, action, v)

        def go(_: Any) -> None:
            mem.odds.pop("_target", None)
            mem.odds["_damage"] = 0
            mem.odds["_extra"] = False
            submit(ctx, action)

        out.append(
            ft.Row([big_button("Attack", go, key="grim-attack-go", disabled=bool(attack_why))])
        )
        if attack_why:
            out.append(reason_line("attack-go", "Attack", attack_why))
    return out


def _end_turn_box(
    ctx: PanelContext, mem: UiMemory, refresh: Refresh, hero: HeroState
) -> list[ft.Control]:
    choice = str(mem.odds.get("_upgrade", "none"))
    options: list[ft.Control] = []
    for key, words in UPGRADE_WORDS.items():

        def pick(_: Any, k: str = key) -> None:
            mem.odds["_upgrade"] = k
            refresh()

        v = ctx.check(EndTurn(hero=hero.name, upgrade=key))
        options.append(
            chip(
                f"grim-upgrade-{key}",
                words,
                selected=choice == key,
                on_click=pick,
                disabled=not v.legal,
                size=12,
            )
        )
    action = EndTurn(hero=hero.name, upgrade=choice)
    v = ctx.check(action)
    end_why = why_disabled(ctx, action, v)
    # Ending without an upgrade the hero could still buy asks first: the upgrade is lost
    # for this turn (grim.upgrade.once), and a stray tap should not cost it.
    left = [
        UPGRADE_WORDS[key]
        for key in UPGRADE_WORDS
        if key != "none" and ctx.check(EndTurn(hero=hero.name, upgrade=key)).legal
    ]
    asking = mem.odds.get("_ask_end") == (hero.name, ctx.version) and choice == "none"

    def end(_: Any) -> None:
        mem.odds["_upgrade"] = "none"
        mem.odds.pop("_ask_end", None)
        submit(ctx, action)

    def go(e: Any) -> None:
        if choice == "none" and left:
            mem.odds["_ask_end"] = (hero.name, ctx.version)
            refresh()
            return
        end(e)

    def back(_: Any) -> None:
        mem.odds.pop("_ask_end", None)
        refresh()

    out: list[ft.Control] = [
        ft.Divider(),
        ft.Text("End of turn", size=16, weight=ft.FontWeight.W_600),
        ft.Row(options, wrap=True, spacing=4, run_spacing=4),
        verdict_box(v, "grim-endturn-verdict", ctx.open_rule),
    ]
    if asking:
        cost = hx.upgrade_cost(hero, ctx.state.options.upgrade_step_up)
        out.append(
            card(
                ft.Column(
                    spacing=8,
                    controls=[
                        theme.tagged(
                            "grim-end-confirm",
                            ft.Text(
                                f"{hero.name} can still upgrade this turn for {cost} XP "
                                f"({', '.join(left).lower()}). End the turn without "
                                "upgrading?",
                                size=15,
                            ),
                        ),
                        ft.Row(
                            [big_button("Choose an upgrade", back, key="grim-end-confirm-back")]
                        ),
                        ft.Row(
                            [
                                big_button(
                                    "End without upgrading",
                                    end,
                                    key="grim-end-confirm-go",
                                    tonal=True,
                                    disabled=bool(end_why),
                                )
                            ]
                        ),
                    ],
                ),
                key="grim-end-confirm-card",
            )
        )
    else:
        out.append(
            ft.Row(
                [
                    big_button(
                        f"End {hero.name}'s turn",
                        go,
                        key="grim-end-turn",
                        disabled=bool(end_why),
                    )
                ]
            )
        )
    return out + ([reason_line("end-turn", "End turn", end_why)] if end_why else [])


def _played_by(ctx: PanelContext, hero: str) -> ft.Control:
    """Who plays ``hero`` (tagged ``grim-hero-{hero}-player``); nothing when the seat has no
    name of its own."""
    player = player_of(ctx, hero)
    if not player or player == hero:
        return ft.Container()
    return theme.tagged(f"grim-hero-{hero}-player", theme.muted(f"Played by {player}", size=13))
