"""Grimheim screen sections that inform: town and events, monster supplies, the odds
calculator (exact, from ``rules.grimheim.odds``) and the monster reference."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import flet as ft

from rules.core.words import counted
from rules.grimheim import data, odds
from rules.grimheim.state import GrimheimState

from ... import theme
from .. import widgets
from ..base import PanelContext
from .ui import FACTION_COLOURS, FACTION_NAMES, UiMemory, card, stat

Refresh = Callable[[], None]


def town_card(state: GrimheimState) -> ft.Control:
    """Town pieces left, the last one being Freyja's Well."""
    icons: list[ft.Control] = []
    for i in range(state.town_start):
        standing = i < state.town
        well = i == 0
        icons.append(
            ft.Icon(
                ft.Icons.WATER_DROP if well else ft.Icons.HOUSE,
                size=24,
                color=(ft.Colors.CYAN_200 if well else ft.Colors.AMBER_200)
                if standing
                else ft.Colors.with_opacity(0.25, ft.Colors.WHITE),
            )
        )
    return card(
        ft.Column(
            spacing=4,
            controls=[
                ft.Row(
                    alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                    controls=[
                        ft.Text("Grimheim", size=16, weight=ft.FontWeight.W_600),
                        theme.tagged(
                            "grim-town",
                            ft.Text(
                                f"{state.town} of {state.town_start} pieces",
                                size=16,
                                weight=ft.FontWeight.BOLD,
                                color=theme.BAD if state.town <= 2 else None,
                            ),
                        ),
                    ],
                ),
                ft.Row(icons, wrap=True, spacing=2),
                theme.muted(
                    "A monster entering takes 1 piece, a Legend 3, a knocked-out hero 2. "
                    "The last piece is Freyja's Well: when it falls, all lose.",
                    size=12,
                ),
            ],
        ),
        key="grim-towncard",
    )


def result_banner(state: GrimheimState) -> ft.Control | None:
    if state.town <= 0:
        text, colour = "Freyja's Well has fallen — Grimheim is lost.", ft.Colors.RED_900
    elif state.phase == "over":
        text, colour = (
            "Freyja is back and her Well stands — the heroes win with "
            f"{counted(state.town, 'piece')} left!",
            ft.Colors.GREEN_900,
        )
    else:
        return None
    return theme.tagged(
        "grim-result",
        ft.Container(
            bgcolor=colour,
            padding=14,
            border_radius=12,
            content=ft.Text(text, size=18, weight=ft.FontWeight.BOLD, color=ft.Colors.WHITE),
        ),
    )


def events_card(state: GrimheimState) -> ft.Control:
    """What has happened to each hero: kills, knockouts; and monsters lost to the town."""
    rows: list[ft.Control] = [ft.Text("Events so far", size=16, weight=ft.FontWeight.W_600)]
    for h in state.heroes:
        rows.append(
            theme.tagged(
                f"grim-events-{h.name}",
                ft.Text(
                    f"{h.name}: {counted(h.kills, 'kill')}, "
                    f"knocked out {counted(h.knockouts, 'time')}",
                    size=14,
                ),
            )
        )
    rows.append(
        theme.muted(
            f"Town pieces lost: {state.town_start - state.town}. The history (top right) lists "
            "every kill, town loss and knockout with its rule.",
            size=12,
        )
    )
    return card(ft.Column(rows, spacing=4))


def monsters_section(ctx: PanelContext) -> list[ft.Control]:
    """Per kind: tiles in the box, on the board and in the supply; Legends in play."""
    state: GrimheimState = ctx.state
    d = data.load()
    rows: list[ft.Control] = [
        ft.Row(
            controls=[
                ft.Text("Monster", expand=3, size=13, color=theme.MUTED),
                ft.Text("Box", expand=1, size=13, color=theme.MUTED),
                ft.Text("Board", expand=1, size=13, color=theme.MUTED),
                ft.Text("Supply", expand=1, size=13, color=theme.MUTED),
            ]
        )
    ]
    for key, kind in d.monsters.items():
        supply = state.supply.get(key, 0)
        board = state.on_board(key)
        rows.append(
            theme.tagged(
                f"grim-supply-{key}",
                ft.Row(
                    controls=[
                        ft.Row(
                            expand=3,
                            spacing=6,
                            controls=[
                                ft.Container(
                                    width=10,
                                    height=10,
                                    border_radius=5,
                                    bgcolor=FACTION_COLOURS[kind.faction],
                                ),
                                ft.Text(kind.name, size=14),
                            ],
                        ),
                        ft.Text(str(kind.tiles), expand=1, size=14),
                        ft.Text(str(board), expand=1, size=14),
                        ft.Text(
                            str(supply),
                            expand=1,
                            size=15,
                            weight=ft.FontWeight.BOLD,
                            color=theme.BAD if supply == 0 else None,
                        ),
                    ]
                ),
            )
        )
    legends: list[ft.Control] = [ft.Text("Legends in play", size=16, weight=ft.FontWeight.W_600)]
    if not state.legends_in_play:
        legends.append(theme.muted("None on the board."))
    for key, level in sorted(state.legends_in_play.items()):
        lg = d.legends[key]
        lv = lg.levels[level]
        tile = next((m for m in state.monsters if m.kind == key), None)
        hurt = f", damage {tile.damage}" if tile is not None else ""
        legends.append(
            theme.tagged(
                f"grim-legend-{key}",
                ft.Text(
                    f"{lg.name} — level {'I' if level == 1 else 'II'}: strength {lv.strength}, "
                    f"health {lv.health}, {lv.xp} XP{hurt}",
                    size=14,
                ),
            )
        )
    return [
        card(ft.Column(rows, spacing=6), key="grim-supply"),
        card(ft.Column(legends, spacing=4)),
        town_card(state),
        events_card(state),
    ]


# ----- odds ----------------------------------------------------------------------------------

ODDS_FIELDS = (
    ("dice", "Dice (strength)", 0, odds.MAX_DICE, 4),
    ("armor", "Target armor", 0, 5, 0),
    ("bonus", "Damage added", 0, 10, 0),
    ("health", "Target health", 1, 30, 2),
    ("taken", "Damage on target", 0, 29, 0),
)


def odds_section(ctx: PanelContext, mem: UiMemory, refresh: Refresh) -> list[ft.Control]:
    """Dice, cover, runes, armor, health → exact damage distribution and P(kill)."""
    o = mem.odds
    for key, _, low, high, default in ODDS_FIELDS:
        o.setdefault(key, default)
        o[key] = max(low, min(high, int(o[key])))
    o.setdefault("cover", False)
    o.setdefault("runes", False)
    o["taken"] = min(o["taken"], o["health"] - 1)

    rows: list[ft.Control] = [ft.Text("Attack odds", size=18, weight=ft.FontWeight.BOLD)]
    for key, label, low, high, _ in ODDS_FIELDS:

        def nudge(delta: int, k: str = key, lo: int = low, hi: int = high) -> None:
            o[k] = max(lo, min(hi, int(o[k]) + delta))
            refresh()

        rows.append(
            widgets.labelled_stepper(
                label,
                f"grim-odds-{key}",
                widgets.step_value(str(o[key]), width=36),
                nudge,
                label_size=14,
                spacing=0,
                value_ident=f"grim-odds-{key}",
            )
        )

    def toggle(k: str) -> Callable[[Any], None]:
        def flip(_: Any) -> None:
            o[k] = not o[k]
            refresh()

        return flip

    def switch(key: str, ident: str, words: str) -> ft.Control:
        # The words sit beside the switch in their own wrapping text: a switch's built-in
        # label is cut off on narrow phones with large text.
        return ft.Row(
            spacing=8,
            controls=[
                theme.tagged(ident, ft.Switch(value=bool(o[key]), on_change=toggle(key))),
                ft.Text(words, expand=True),
            ],
        )

    rows.append(switch("cover", "grim-odds-cover", "Target has cover (forest)"))
    rows.append(switch("runes", "grim-odds-runes", "Runes hit (the Dead attacking)"))
    try:
        dist = odds.damage_distribution(
            int(o["dice"]),
            cover=bool(o["cover"]),
            runes_hit=bool(o["runes"]),
            armor=int(o["armor"]),
            bonus=int(o["bonus"]),
        )
        kill = odds.p_kill(
            int(o["dice"]),
            int(o["health"]),
            int(o["taken"]),
            cover=bool(o["cover"]),
            runes_hit=bool(o["runes"]),
            armor=int(o["armor"]),
            bonus=int(o["bonus"]),
        )
    except ValueError as exc:
        rows.append(ft.Text(str(exc), color=theme.BAD))
        return [card(ft.Column(rows, spacing=4), key="grim-odds")]
    mean = odds.expected_damage(dist)
    rows.append(
        ft.Row(
            alignment=ft.MainAxisAlignment.SPACE_AROUND,
            controls=[
                stat("P(kill)", _pct(kill), key="grim-odds-kill", colour=theme.OK),
                stat("Average damage", f"{float(mean):.2f}", key="grim-odds-mean"),
            ],
        )
    )
    top = max(dist) if dist else Fraction(1)
    bars: list[ft.Control] = []
    need = int(o["health"]) - int(o["taken"])
    for k, p in enumerate(dist):
        share = float(p / top) if top else 0.0
        bars.append(
            theme.tagged(
                f"grim-odds-bar-{k}",
                ft.Row(
                    spacing=6,
                    controls=[
                        ft.Text(str(k), width=24, size=13, text_align=ft.TextAlign.RIGHT),
                        ft.Container(
                            width=max(2.0, 190 * share),
                            height=16,
                            border_radius=4,
                            bgcolor=theme.OK if k >= need else ft.Colors.PRIMARY,
                        ),
                        ft.Text(_pct(p), size=12),
                    ],
                ),
            )
        )
    rows.append(theme.muted("Damage dealt (green: enough to kill)", size=12))
    rows.append(ft.Column(bars, spacing=2))
    return [card(ft.Column(rows, spacing=4), key="grim-odds")]


def _pct(p: Fraction) -> str:
    value = float(p) * 100
    if 0 < value < 0.1:
        return "<0.1%"
    return f"{value:.1f}%"


# ----- reference -------------------------------------------------------------------------------

FACTION_EFFECTS = {
    "trollkin": "+1 attack die for each other trollkin next to it.",
    "fire_horde": "Attacks reach 2 areas.",
    "dead": "Runes count as hits when they attack.",
    "wyrm": "Belongs to no horde.",
}


def reference_section() -> list[ft.Control]:
    """Every monster kind and Legend: strength, health, XP, rank, faction effect."""
    d = data.load()
    out: list[ft.Control] = []
    for faction in ("trollkin", "fire_horde", "dead"):
        rows: list[ft.Control] = [
            ft.Text(
                FACTION_NAMES[faction],
                size=16,
                weight=ft.FontWeight.W_600,
                color=FACTION_COLOURS[faction],
            ),
            theme.muted(FACTION_EFFECTS[faction], size=13),
        ]
        for kind in d.monsters.values():
            if kind.faction != faction:
                continue
            extra = []
            if kind.steps > 1:
                extra.append(f"moves {kind.steps}")
            if kind.armor:
                extra.append(f"armor {kind.armor}")
            rows.append(
                theme.tagged(
                    f"grim-ref-{kind.key}",
                    ft.Text(
                        f"{kind.name} · rank {kind.rank} · strength {kind.strength} · "
                        f"health {kind.health} · {kind.xp} XP"
                        + (" · " + ", ".join(extra) if extra else ""),
                        size=14,
                    ),
                )
            )
        out.append(card(ft.Column(rows, spacing=4)))
    rows = [
        ft.Text("Legends", size=16, weight=ft.FontWeight.W_600),
        theme.muted(
            "Entering Grimheim takes 3 pieces; they swap past monsters in the "
            "way. Level I is the yellow side, II the red.",
            size=13,
        ),
    ]
    for lg in d.legends.values():
        parts = []
        for level in sorted(lg.levels):
            lv = lg.levels[level]
            parts.append(
                f"{'I' if level == 1 else 'II'}: strength {lv.strength}, health {lv.health}, "
                f"{lv.xp} XP" + (f", armor {lv.armor}" if lv.armor else "")
            )
        rows.append(
            theme.tagged(
                f"grim-ref-{lg.key}",
                ft.Column(
                    spacing=0,
                    controls=[
                        ft.Text(
                            f"{lg.name} ({FACTION_NAMES[lg.faction]})",
                            size=14,
                            weight=ft.FontWeight.W_600,
                        ),
                        *[ft.Text(p, size=13) for p in parts],
                    ],
                ),
            )
        )
    out.append(card(ft.Column(rows, spacing=6)))
    return out
