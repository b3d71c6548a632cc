"""The "Card effects" part of a hero's board: what a card or ability does outside the six
action spaces, recorded through the rules' own checked actions (``Gain``, ``ShareGold``,
``DealDamage``, ``HeroDamage``, ``PlaceHero``).

Closed by default behind one button per hero, so the Heroes section stays short. Open, it
shows one effect at a time: its amounts as −/+ steppers, its target as chips, the rules'
verdict on exactly what is picked, and a record button that is disabled, with the reason in
words, whenever the rules refuse or this phone does not play the hero. Everything picked
lives in the page's ``UiMemory`` (``odds`` under ``_fx-<hero>-…``) until it is recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from rules.core import Action
from rules.grimheim import hexmap
from rules.grimheim.actions import DealDamage, Gain, HeroDamage, PlaceHero, ShareGold
from rules.grimheim.state import HAND_LIMIT, MAX_CRYSTALS, GrimheimState, HeroState

from ... import theme
from .. import widgets
from ..base import PanelContext
from ..chips import chip, chip_row
from ..widgets import verdict_box
from .ui import UiMemory, big_button, hex_label, monster_name, reason_line, submit
from .ui import why_disabled as seat_or_rules_reason

Refresh = Callable[[], None]

KINDS: dict[str, str] = {
    "gain": "Gain or spend",
    "share": "Give gold",
    "deal": "Damage a monster",
    "hurt": "Take damage",
    "place": "Move by a card",
}
"""The effects offered, by key (used in the controls' tags), with their chip words."""

MAX_STEPS_AWAY = 4
"""How far from the hero the area chips for a move by a card reach (a card's "up to N")."""

STARTING_CARD = "starting ability"
"""Where mana goes when the hero holds mana on no card yet (the name Focus uses too)."""


def _key(hero: str, name: str) -> str:
    return f"_fx-{hero}-{name}"


def _get(mem: UiMemory, hero: str, name: str, default: Any) -> Any:
    return mem.odds.get(_key(hero, name), default)


def _pick_chips(
    mem: UiMemory,
    refresh: Refresh,
    hero: str,
    field: str,
    options: list[tuple[Any, str, str]],
    chosen: Any,
    size: int = 13,
) -> ft.Row:
    """A wrapping row of chips, one per ``(value, label, tag)``: the chip of ``chosen`` is
    selected, and a tap keeps its value as ``hero``'s ``field`` and redraws."""
    chips: list[ft.Control] = []
    for value, label, tag in options:

        def pick(_: Any, v: Any = value) -> None:
            mem.odds[_key(hero, field)] = v
            refresh()

        chips.append(chip(tag, label, selected=value == chosen, on_click=pick, size=size))
    return chip_row(chips, spacing=4)


def effects_box(
    ctx: PanelContext, mem: UiMemory, refresh: Refresh, hero: HeroState
) -> list[ft.Control]:
    """The "Card effects" toggle of ``hero`` and, when open, the chosen effect's controls
    (tagged ``grim-fx-<hero>-…``)."""
    name = hero.name
    opened = bool(_get(mem, name, "open", False))

    def toggle(_: Any) -> None:
        mem.odds[_key(name, "open")] = not opened
        refresh()

    out: list[ft.Control] = [
        ft.Row(
            [
                big_button(
                    "Hide card effects" if opened else "Card effects…",
                    toggle,
                    key=f"grim-fx-{name}-toggle",
                    icon=ft.Icons.EXPAND_LESS if opened else ft.Icons.AUTO_FIX_HIGH,
                    tonal=True,
                )
            ]
        )
    ]
    if not opened:
        return out
    kind = str(_get(mem, name, "kind", "gain"))
    out.append(
        _pick_chips(
            mem,
            refresh,
            name,
            "kind",
            [(key, words, f"grim-fx-{name}-kind-{key}") for key, words in KINDS.items()],
            kind,
        )
    )
    builders = {
        "gain": _gain,
        "share": _share,
        "deal": _deal,
        "hurt": _hurt,
        "place": _place,
    }
    body, action, label, ready = builders.get(kind, _gain)(ctx, mem, refresh, hero)
    out += body
    out += _verdict_and_button(ctx, mem, hero, action, label, ready)
    return out


# ----- one builder per effect: (controls, the action picked or None, button words, why not
# ready in the players' words or "") ------------------------------------------------------

Built = tuple[list[ft.Control], Action | None, str, str]


def _stepper(
    mem: UiMemory,
    refresh: Refresh,
    hero: str,
    field: str,
    label: str,
    low: int,
    high: int,
    default: int = 0,
) -> tuple[ft.Control, int]:
    """A labelled −/+ stepper for ``field`` kept between ``low`` and ``high``; the value."""
    value = max(low, min(high, int(_get(mem, hero, field, default))))

    def step(delta: int) -> None:
        now = int(_get(mem, hero, field, default))
        mem.odds[_key(hero, field)] = max(low, min(high, now + delta))
        refresh()

    row = widgets.labelled_stepper(
        label,
        f"grim-fx-{hero}-{field}",
        widgets.step_value(str(value), width=40),
        step,
    )
    return row, value


def _gain(ctx: PanelContext, mem: UiMemory, refresh: Refresh, hero: HeroState) -> Built:
    name = hero.name
    rows: list[ft.Control] = [
        theme.muted(
            "What the card gives (+) or costs (−). Only the lines you change are recorded.",
            size=12,
        )
    ]
    xp_row, xp = _stepper(mem, refresh, name, "xp", "Gold/XP", -MAX_CRYSTALS, MAX_CRYSTALS)
    cards_row, cards = _stepper(mem, refresh, name, "cards", "Event cards", -HAND_LIMIT, HAND_LIMIT)
    heal_row, heal = _stepper(mem, refresh, name, "heal", "Heal damage", 0, 20)
    eq_row, equipment = _stepper(mem, refresh, name, "equipment", "Equipment damage", -40, 40)
    mana_row, mana = _stepper(mem, refresh, name, "mana", "Mana", -MAX_CRYSTALS, MAX_CRYSTALS)
    rows += [xp_row, cards_row, heal_row, eq_row, mana_row]
    on_cards = sorted(hero.mana) or [STARTING_CARD]
    card = str(_get(mem, name, "card", on_cards[0]))
    if card not in on_cards:
        card = on_cards[0]
    if len(on_cards) > 1:
        options = [(c, c, f"grim-fx-{name}-card-{i}") for i, c in enumerate(on_cards)]
        rows.append(_pick_chips(mem, refresh, name, "card", options, card, size=12))
    if mana:
        rows.append(theme.muted(f"Mana goes on or comes off: {card}.", size=12))
    action = Gain(
        hero=name,
        xp=xp,
        cards=cards,
        card=card if mana else "",
        mana=mana,
        heal=heal,
        equipment=equipment,
    )
    nothing = not any((xp, cards, mana, heal, equipment))
    return rows, action, "Record the effect", "set an amount first" if nothing else ""


def _share(ctx: PanelContext, mem: UiMemory, refresh: Refresh, hero: HeroState) -> Built:
    state: GrimheimState = ctx.state
    name = hero.name
    others = [h.name for h in state.heroes if h.name != name]
    taker = str(_get(mem, name, "taker", ""))
    takers = _pick_chips(
        mem, refresh, name, "taker", [(o, o, f"grim-fx-{name}-taker-{o}") for o in others], taker
    )
    amount_row, amount = _stepper(
        mem, refresh, name, "amount", "Gold to give", 1, max(1, hero.xp), default=1
    )
    rows: list[ft.Control] = [
        theme.muted(f"Give gold to a hero next to {name}:", size=12),
        takers,
        amount_row,
    ]
    if taker not in others:
        return rows, None, "Give gold", "pick the hero who takes the gold"
    return rows, ShareGold(giver=name, taker=taker, amount=amount), f"Give to {taker}", ""


def monster_chips(
    state: GrimheimState, selected: Any, on_pick: Callable[[tuple[int, int]], None], prefix: str
) -> ft.Control:
    """One chip per monster on the map (tagged ``<prefix>-<grid name>``), ``selected`` lit;
    a tap calls ``on_pick`` with the monster's area. Shared by the attack box."""
    chips: list[ft.Control] = []
    for m in state.monsters:
        chips.append(
            chip(
                f"{prefix}-{hexmap.grid_name(m.at)}",
                f"{monster_name(m.kind)} {hex_label(m.at)}",
                selected=m.at == selected,
                on_click=lambda _, at=m.at: on_pick(at),
                size=12,
            )
        )
    return chip_row(chips[:24], spacing=4)


def _deal(ctx: PanelContext, mem: UiMemory, refresh: Refresh, hero: HeroState) -> Built:
    state: GrimheimState = ctx.state
    name = hero.name
    target = _get(mem, name, "target", None)
    tile = state.monster_at(target) if isinstance(target, tuple) else None

    def pick(at: tuple[int, int]) -> None:
        mem.odds[_key(name, "target")] = at
        refresh()

    damage_row, damage = _stepper(mem, refresh, name, "damage", "Damage", 0, 60)
    pierce = bool(_get(mem, name, "pierce", False))

    def flip(_: Any) -> None:
        mem.odds[_key(name, "pierce")] = not pierce
        refresh()

    rows: list[ft.Control] = [
        theme.muted("The monster the card hurts, and how much:", size=12),
        monster_chips(state, tile.at if tile else None, pick, f"grim-fx-{name}-target")
        if state.monsters
        else theme.muted("No monster is on the map.", size=13),
        damage_row,
        chip(
            f"grim-fx-{name}-pierce",
            "Armor does not stop it",
            selected=pierce,
            on_click=flip,
            size=13,
        ),
    ]
    if tile is None:
        return rows, None, "Deal the damage", "pick the monster first"
    action = DealDamage(hero=name, target=tile.at, damage=damage, unpreventable=pierce)
    return rows, action, "Deal the damage", "set the damage first" if not damage else ""


def _hurt(ctx: PanelContext, mem: UiMemory, refresh: Refresh, hero: HeroState) -> Built:
    name = hero.name
    damage_row, damage = _stepper(mem, refresh, name, "taken", "Damage taken", 0, 20)
    rows: list[ft.Control] = [
        theme.muted(
            f"Damage {name} takes from a card or effect, after what was prevented "
            "(the monsters' attack is recorded in the monster turn).",
            size=12,
        ),
        damage_row,
    ]
    action = HeroDamage(hero=name, damage=damage)
    return rows, action, f"{name} takes it", "set the damage first" if not damage else ""


def areas_at(start: tuple[int, int], steps: int) -> list[tuple[int, int]]:
    """The areas exactly ``steps`` moves from ``start`` (Grimheim counted as one area),
    whatever stands on them: a card's move is not a walk, the rules judge each area."""
    seen = {hexmap.area(start)}
    ring = [hexmap.area(start)]
    for _ in range(steps):
        nxt: list[tuple[int, int]] = []
        for h in ring:
            for n in hexmap.move_neighbours(h):
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        ring = nxt
    return sorted(ring, key=lambda c: (c[1], c[0]))


def _place(ctx: PanelContext, mem: UiMemory, refresh: Refresh, hero: HeroState) -> Built:
    name = hero.name
    away_row, away = _stepper(mem, refresh, name, "away", "Areas away", 1, MAX_STEPS_AWAY, 1)
    to = _get(mem, name, "to", None)
    legal = [h for h in areas_at(hero.at, away) if ctx.check(PlaceHero(hero=name, to=h)).legal]
    options = [
        (
            h,
            "Grimheim" if hexmap.in_grimheim(h) else hex_label(h),
            f"grim-fx-{name}-to-{'grimheim' if hexmap.in_grimheim(h) else hexmap.grid_name(h)}",
        )
        for h in legal
    ]
    rows: list[ft.Control] = [
        theme.muted(f"Where the card puts {name} (free areas only):", size=12),
        away_row,
        _pick_chips(mem, refresh, name, "to", options, to, size=12)
        if options
        else theme.muted("No free area at that distance.", size=13),
    ]
    if not isinstance(to, tuple):
        return rows, None, f"Move {name} there", "pick the area first"
    return rows, PlaceHero(hero=name, to=to), f"Move {name} there", ""


def _verdict_and_button(
    ctx: PanelContext,
    mem: UiMemory,
    hero: HeroState,
    action: Action | None,
    label: str,
    not_ready: str,
) -> list[ft.Control]:
    """The rules' verdict on ``action`` and the record button, disabled with its reason in
    words: the seat or the rules first, then anything still to pick (``not_ready``)."""
    name = hero.name
    out: list[ft.Control] = []
    why = ""
    if action is not None:
        v = ctx.check(action)
        out.append(verdict_box(v, f"grim-fx-{name}-verdict", ctx.open_rule))
        why = seat_or_rules_reason(ctx, action, v)
    why = why or not_ready
    chosen = action

    def go(_: Any) -> None:
        if chosen is None:
            return
        # Amounts start again from zero after a recorded effect; the open effect stays.
        for field in ("xp", "cards", "heal", "equipment", "mana", "damage", "taken", "to"):
            mem.odds.pop(_key(name, field), None)
        submit(ctx, chosen)

    out.append(ft.Row([big_button(label, go, key=f"grim-fx-{name}-go", disabled=bool(why))]))
    if why:
        out.append(reason_line(f"fx-{name}-go", label, why))
    return out
