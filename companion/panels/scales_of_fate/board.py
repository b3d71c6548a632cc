"""Pictures of the Scales of Fate table: the renown track, the quest board with its action
tiles and servant slots, the Abyss and the Age card.

These functions only draw a (redacted) ``SofState``; taps are reported to callbacks so the
panel can turn them into actions and ask the rules about them. Widths are shares of the
screen, not pixels, so the board and the track fill any phone from 320 px up (on 390 px the
board is 366 px wide, the track five spaces to a row). Inside the board, labels are glyphs
or at most two letters that never wrap, so large system text cannot break them; the full
names are in each piece's screen-reader label and in the legend under the board.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from rules.scales_of_fate.components import (
    ABYSS_NAMES,
    DEMIGODS,
    GOD_POWER_NAMES,
    GOD_POWERS,
    RENOWN_MAX,
    RENOWN_MIN,
    RENOWN_START,
    SERVANT_NAMES,
    SERVANT_TOKENS,
    TILE_ACTION_NAMES,
    slot_name,
)
from rules.scales_of_fate.deduction import describe_criterion
from rules.scales_of_fate.state import Quest, SofState

from ... import theme
from .look import COLOURS, SHORT, marker

Tap = Callable[[str], None]

SLOT = 34
QUEST = 70
GAP = 44
"""Heights in pixels; widths are the same numbers used as shares of the board's width."""
TRACK_COLUMNS = 5

TILE_ICONS: dict[str, str] = {"smite": ft.Icons.BOLT, "abyss-fate": ft.Icons.SWAP_HORIZ}
"""Tiles drawn as a glyph; the servant tiles show their servant's letter."""
SERVANT_SHORT: dict[str, str] = {"penance": "P", "vesper": "V", "hadria": "H"}
LEGEND = "⚡ Smite · ⇄ Abyss Fate · P Penance · V Vesper · H Hadria's Servant"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("±0" if n == 0 else f"−{-n}")


# ----- renown track -----------------------------------------------------------------------


def track_markers(state: SofState) -> list[tuple[int, tuple[str, ...]]]:
    """Each space of the track with the demigods whose markers sit on it, in order."""
    by_space: dict[int, list[str]] = {}
    for name in DEMIGODS:
        by_space.setdefault(state.renown[name], []).append(name)
    return [(space, tuple(by_space.get(space, ()))) for space in range(RENOWN_MIN, RENOWN_MAX + 1)]


def track_grid(spaces: list[ft.Control]) -> ft.Control:
    """The 0–14 track: its spaces (``track_space``, from the lowest) laid out in rows."""
    rows: list[ft.Control] = []
    for start in range(0, len(spaces), TRACK_COLUMNS):
        cells = spaces[start : start + TRACK_COLUMNS]
        while len(cells) < TRACK_COLUMNS:  # the last row keeps the same cell width
            cells.append(ft.Container(expand=True))
        rows.append(
            ft.Row(spacing=4, vertical_alignment=ft.CrossAxisAlignment.START, controls=cells)
        )
    return theme.tagged("sof-track", ft.Column(spacing=4, controls=rows))


TRACK_SPACE_HEIGHT = 84
"""The least height of a track space; a crowded one (all nine demigods start on 7) grows."""


def track_marker(name: str) -> ft.Container:
    """A demigod's marker on the track: a coloured pill around its two letters, which grows
    with the phone's text size (a fixed circle would cut the label to one letter)."""
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=4, vertical=3),
        border_radius=12,
        bgcolor=COLOURS.get(name, ft.Colors.GREY_500),
        content=ft.Text(
            SHORT.get(name, name[:2]),
            size=11,
            weight=ft.FontWeight.BOLD,
            color=ft.Colors.BLACK,
            no_wrap=True,
            max_lines=1,
        ),
    )


def track_marker_on(space: int, name: str, on_marker: Tap | None) -> ft.Control:
    """``name``'s marker as it stands on ``space``: tagged, and with ``on_marker`` tapping
    it opens the correction of that demigod's renown."""
    dot = track_marker(name)
    if on_marker is not None:
        dot.on_click = lambda _: on_marker(name)
        dot.tooltip = f"{name}: renown {space}"
    return ft.Semantics(identifier=f"sof-marker-{name}", label=f"{name} {space}", content=dot)


def track_space(space: int, markers: list[ft.Control]) -> ft.Control:
    """One space of the track with ``markers`` (``track_marker_on``) on it, wrapped onto as
    many lines as the space's width needs (the space grows taller, never cuts a marker)."""
    body = ft.Column(
        spacing=2,
        expand=True,
        controls=[
            _glyph(str(space), 11, theme.MUTED),
            ft.Row(wrap=True, spacing=2, run_spacing=2, controls=markers),
        ],
    )
    # A zero-width strut gives every space the same least height; the markers' column sets
    # a taller one when it needs it.
    strut = ft.Container(width=0, height=TRACK_SPACE_HEIGHT - 4)
    return ft.Semantics(
        identifier=f"sof-track-space-{space}",
        expand=True,
        content=ft.Container(
            padding=2,
            border_radius=8,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST
            if space == RENOWN_START  # the printed starting space
            else ft.Colors.SURFACE_CONTAINER,
            content=ft.Row(
                spacing=0,
                vertical_alignment=ft.CrossAxisAlignment.START,
                controls=[strut, body],
            ),
        ),
    )


# ----- quest board -------------------------------------------------------------------------


def board(
    state: SofState,
    *,
    on_tile: Tap | None = None,
    on_slot: Tap | None = None,
    on_quest: Tap | None = None,
    picked_tile: str | None = None,
    picked_slot: str | None = None,
    picked_quest: str | None = None,
    show_gaps: bool = False,
) -> ft.Control:
    """Quests on a 3×3 grid, action tiles on the edges between them, servant slots around.

    ``show_gaps`` draws every empty tile position as a tappable outline (for the setup
    form); ``on_quest`` makes quest spaces tappable, reporting ``"{row}{col}"``."""
    rows: list[ft.Control] = [_edge_row(state, "T", on_slot, picked_slot)]
    for r in range(3):
        quest_row: list[ft.Control] = [_slot(state, f"L{r}", SLOT, QUEST, on_slot, picked_slot)]
        for c in range(3):
            quest_row.append(
                _quest(state.quest_at(r, c), r, c, on_quest, picked_quest == f"{r}{c}")
            )
            if c < 2:
                quest_row.append(
                    _tile(state, f"h{r}{c}", GAP, QUEST, on_tile, picked_tile, show_gaps)
                )
        quest_row.append(_slot(state, f"R{r}", SLOT, QUEST, on_slot, picked_slot))
        rows.append(ft.Row(spacing=0, controls=quest_row))
        if r < 2:
            gap_row: list[ft.Control] = [_blank(SLOT, GAP)]
            for c in range(3):
                gap_row.append(
                    _tile(state, f"v{r}{c}", QUEST, GAP, on_tile, picked_tile, show_gaps)
                )
                if c < 2:
                    gap_row.append(_blank(GAP, GAP))
            gap_row.append(_blank(SLOT, GAP))
            rows.append(ft.Row(spacing=0, controls=gap_row))
    rows.append(_edge_row(state, "B", on_slot, picked_slot))
    rows.append(theme.muted(LEGEND, 11))
    return theme.tagged(
        "sof-board",
        ft.Column(spacing=0, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, controls=rows),
    )


def _blank(width: int, height: int) -> ft.Control:
    return ft.Container(expand=width, height=height)


def _glyph(text: str, size: int, color: str | None = None) -> ft.Text:
    """A short board label that never wraps (large system text must not split it)."""
    return ft.Text(
        text, size=size, color=color, weight=ft.FontWeight.BOLD, no_wrap=True, max_lines=1
    )


def _edge_row(state: SofState, side: str, on_slot: Tap | None, picked: str | None) -> ft.Control:
    cells: list[ft.Control] = [_blank(SLOT, SLOT)]
    for c in range(3):
        cells.append(_slot(state, f"{side}{c}", QUEST, SLOT, on_slot, picked))
        if c < 2:
            cells.append(_blank(GAP, SLOT))
    cells.append(_blank(SLOT, SLOT))
    return ft.Row(spacing=0, controls=cells)


def _quest(quest: Quest | None, r: int, c: int, on_tap: Tap | None, picked: bool) -> ft.Control:
    body = _quest_body(quest)
    if picked:
        body.border = ft.Border.all(3, ft.Colors.PRIMARY)
    if on_tap is not None:
        body.on_click = lambda _: on_tap(f"{r}{c}")
    if quest is None:
        return ft.Semantics(
            identifier=f"sof-quest-{r}{c}", label="empty quest space", content=body, expand=QUEST
        )
    kind = "Scorpion" if quest.dark else "Feather"
    label = f"{'special ' if quest.special else ''}{kind} quest {_signed(quest.change)}"
    return ft.Semantics(identifier=f"sof-quest-{r}{c}", label=label, content=body, expand=QUEST)


def _quest_body(quest: Quest | None) -> ft.Container:
    if quest is None:
        body = ft.Container(
            expand=QUEST,
            height=QUEST,
            border_radius=8,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            alignment=ft.Alignment.CENTER,
            content=theme.muted("?", 20),
        )
        return body
    dark = quest.dark
    fg = ft.Colors.WHITE if dark else ft.Colors.BLACK
    # Scorpion (dark) or feather (light) as a glyph, a star for the special quest: icons keep
    # their size under large system text, so the value always fits the square.
    kind: list[ft.Control] = [
        ft.Icon(ft.Icons.PEST_CONTROL if dark else ft.Icons.AIR, size=14, color=fg)
    ]
    if quest.special:
        kind.append(ft.Icon(ft.Icons.STAR, size=14, color=ft.Colors.RED_400))
    return ft.Container(
        expand=QUEST,
        height=QUEST,
        border_radius=8,
        bgcolor=ft.Colors.BLUE_GREY_900 if dark else ft.Colors.AMBER_100,
        border=ft.Border.all(3, ft.Colors.RED_400) if quest.special else None,
        alignment=ft.Alignment.CENTER,
        content=ft.Column(
            spacing=0,
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            controls=[
                ft.Row(spacing=2, tight=True, controls=kind),
                # 16, not larger: at 200 % text the value still fits a 320 px phone's
                # quest square.
                _glyph(_signed(quest.change), 16, fg),
            ],
        ),
    )


def _tile(
    state: SofState,
    position: str,
    width: int,
    height: int,
    on_tap: Tap | None,
    picked: str | None,
    show_gaps: bool = False,
) -> ft.Control:
    tile = state.tile(position)
    if tile is None:
        if not show_gaps:
            return _blank(width, height)
        gap = ft.Container(
            expand=width,
            height=height - 4,
            margin=2,
            border_radius=6,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            alignment=ft.Alignment.CENTER,
            content=theme.muted("+", 14),
        )
        if on_tap is not None:
            gap.on_click = lambda _: on_tap(position)
        return ft.Semantics(
            identifier=f"sof-tile-{position}", label="no tile", content=gap, expand=width
        )
    who = state.occupant(position)
    tint = theme.MUTED if tile.flipped else ft.Colors.ON_SECONDARY_CONTAINER
    glyph: ft.Control
    if tile.flipped:
        glyph = _glyph("—", 12, tint)
    elif tile.action in TILE_ICONS:
        glyph = ft.Icon(TILE_ICONS[tile.action], size=16, color=tint)
    else:
        glyph = _glyph(SERVANT_SHORT[tile.action], 13, tint)
    parts: list[ft.Control] = [glyph]
    if who is not None:
        parts.append(marker(who, 22))
    box = ft.Container(
        expand=width,
        height=height - 4,
        margin=2,
        border_radius=6,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH if tile.flipped else ft.Colors.SECONDARY_CONTAINER,
        border=ft.Border.all(3, ft.Colors.PRIMARY) if picked == position else None,
        alignment=ft.Alignment.CENTER,
        content=ft.Column(
            spacing=2,
            tight=True,
            alignment=ft.MainAxisAlignment.CENTER,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            controls=parts,
        )
        if height > width
        else ft.Row(
            spacing=4,
            tight=True,
            alignment=ft.MainAxisAlignment.CENTER,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
            controls=parts,
        ),
    )
    if on_tap is not None:
        box.on_click = lambda _: on_tap(position)
    name = TILE_ACTION_NAMES[tile.action] + (" (flipped)" if tile.flipped else "")
    label = f"{name} tile" + (f", {who} on it" if who else ", open")
    return ft.Semantics(identifier=f"sof-tile-{position}", label=label, content=box, expand=width)


def _slot(
    state: SofState,
    slot: str,
    width: int,
    height: int,
    on_tap: Tap | None,
    picked: str | None,
) -> ft.Control:
    token = next((tok for tok, place in state.servants.items() if place == slot), None)
    kind = SERVANT_TOKENS[token] if token else None
    box = ft.Container(
        expand=width,
        height=height - 4,
        margin=2,
        border_radius=6,
        bgcolor=ft.Colors.TERTIARY_CONTAINER if kind else None,
        border=ft.Border.all(
            3 if picked == slot else 1,
            ft.Colors.PRIMARY if picked == slot else ft.Colors.OUTLINE_VARIANT,
        ),
        alignment=ft.Alignment.CENTER,
        # Small: the edge slots are narrow, and large text must not push the letter out.
        content=_glyph(SERVANT_SHORT[kind], 11) if kind else None,
    )
    if on_tap is not None and kind is None:
        box.on_click = lambda _: on_tap(slot)
    label = f"Servant slot, {slot_name(slot)}: " + (SERVANT_NAMES[kind] if kind else "empty")
    return ft.Semantics(identifier=f"sof-slot-{slot}", label=label, content=box, expand=width)


# ----- Abyss, Age card and the round's status ----------------------------------------------


def abyss(state: SofState) -> ft.Control:
    """The Abyss: its marker between the Age card's two outcomes, and who is in it."""

    def side(where: int, text: str) -> ft.Control:
        on = state.abyss_marker == where
        return ft.Container(
            padding=ft.Padding.symmetric(horizontal=10, vertical=10),
            border_radius=6,
            bgcolor=ft.Colors.PRIMARY if on else ft.Colors.SURFACE_CONTAINER_HIGH,
            content=ft.Text(
                text,
                size=14,
                weight=ft.FontWeight.BOLD,
                text_align=ft.TextAlign.CENTER,
                color=ft.Colors.ON_PRIMARY if on else None,
            ),
        )

    inside = [d for d in DEMIGODS if state.where[d] == "abyss"]
    contents: list[ft.Control] = [marker(d, 26) for d in inside] or [theme.muted("empty")]
    return _info_box(
        "sof-abyss",
        6,
        [
            ft.Text(
                f"Abyss · marker {ABYSS_NAMES[state.abyss_marker]}",
                weight=ft.FontWeight.W_600,
            ),
            # Each side as wide as its words; with large text a side moves to the next
            # line instead of breaking its word ("Middl" / "e").
            ft.Row(
                spacing=4,
                run_spacing=4,
                wrap=True,
                alignment=ft.MainAxisAlignment.CENTER,
                controls=[
                    side(-1, f"Left {_signed(state.abyss_left)}"),
                    side(0, "Middle"),
                    side(1, f"Right {_signed(state.abyss_right)}"),
                ],
            ),
            ft.Row(wrap=True, spacing=4, controls=contents),
        ],
    )


def age_card(state: SofState) -> ft.Control:
    """Age number and the card's yes/no question."""
    return _info_box(
        "sof-age",
        2,
        [
            ft.Text(f"Age {state.age} of 3", size=16, weight=ft.FontWeight.BOLD),
            theme.muted("Question at the end of the Age:", 12),
            ft.Text(describe_criterion(state.criterion), size=14),
        ],
    )


def _info_box(ident: str, spacing: int, lines: list[ft.Control]) -> ft.Control:
    """The outlined box the Abyss and the Age card are drawn in, tagged ``ident``."""
    return theme.tagged(
        ident,
        ft.Container(
            padding=10,
            border_radius=10,
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            content=ft.Column(spacing=spacing, controls=lines),
        ),
    )


def status(state: SofState, names: list[str], moves: int, tokens: ft.Control) -> ft.Control:
    """Whose turn and how many moves are in effect (an undo takes one back), above
    ``tokens``: ``status_tokens(state, names)``, as drawn (or kept) by the caller."""
    return ft.Column(
        spacing=6,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        controls=[
            ft.Row(
                controls=[
                    ft.Semantics(
                        identifier="sof-turn",
                        expand=True,
                        content=ft.Text(
                            _phase_text(state, names), size=18, weight=ft.FontWeight.BOLD
                        ),
                    ),
                    theme.tagged("sof-version", theme.muted(f"move {moves}", 12)),
                ],
            ),
            tokens,
        ],
    )


def _phase_text(state: SofState, names: list[str]) -> str:
    return {
        "deal": "Deal the demigods",
        "setup": f"Age {state.age}: set up the board",
        "play": f"{names[state.turn]} to play",
        "announce": "End of the Age: answer the question",
        "guess": "Final guesses",
        "over": "Game over",
    }[state.phase]


def status_inputs(state: SofState, names: list[str]) -> tuple[object, ...]:
    """Everything ``status_tokens`` draws (hashable)."""
    return (
        tuple(names[:2]),
        state.held(0),
        state.held(1),
        state.first_player,
        tuple(state.passed),
        state.phase == "play",
        state.turn,
        tuple(sorted(state.god_powers.items())),
    )


def status_tokens(state: SofState, names: list[str]) -> ft.Control:
    """Each seat's card (on turn, first player, passed, servants held, god powers used) and
    the god power tokens."""
    seats: list[ft.Control] = []
    for seat in (0, 1):
        held = [SERVANT_NAMES[SERVANT_TOKENS[t]] for t in state.held(seat)]
        flags = []
        if state.first_player == seat:
            flags.append("first player")
        if state.passed[seat]:
            flags.append("passed")
        on_turn = state.phase == "play" and state.turn == seat
        seats.append(
            ft.Semantics(
                identifier=f"sof-seat-{seat}",
                expand=True,
                content=ft.Container(
                    padding=8,
                    border_radius=8,
                    bgcolor=ft.Colors.PRIMARY_CONTAINER if on_turn else ft.Colors.SURFACE_CONTAINER,
                    content=ft.Column(
                        spacing=2,
                        controls=[
                            ft.Text(
                                names[seat] + (" (to play)" if on_turn else ""),
                                weight=ft.FontWeight.BOLD,
                                size=15,
                            ),
                            theme.muted(" · ".join(flags) or " ", 12),
                            ft.Text("Servants: " + (", ".join(held) if held else "none"), size=12),
                            theme.muted(f"God powers used: {state.powers_used_by(seat)}", 12),
                        ],
                    ),
                ),
            )
        )
    powers: list[ft.Control] = []
    for power in GOD_POWERS:
        used_by = state.god_powers.get(power)
        text = GOD_POWER_NAMES[power] + ("" if used_by is None else f" · {names[used_by]}")
        powers.append(
            ft.Container(
                padding=ft.Padding.symmetric(horizontal=10, vertical=6),
                border_radius=16,
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH
                if used_by is not None
                else ft.Colors.AMBER_200,
                content=ft.Text(
                    text,
                    size=12,
                    color=theme.MUTED if used_by is not None else ft.Colors.BLACK,
                    weight=ft.FontWeight.BOLD,
                ),
            )
        )
    return ft.Column(
        spacing=6,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        controls=[
            ft.Row(spacing=6, controls=seats),
            theme.tagged("sof-god-powers", ft.Row(spacing=6, wrap=True, controls=powers)),
        ],
    )


def start_picture(state: SofState) -> ft.Control:
    """The table as setup leaves it (for the setup walkthrough): every renown marker on
    the track, the Abyss, and the board as far as it is laid."""
    spaces = [
        track_space(space, [track_marker_on(space, name, None) for name in names])
        for space, names in track_markers(state)
    ]
    return ft.Column(
        spacing=8,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        controls=[track_grid(spaces), abyss(state), board(state)],
    )


__all__ = [
    "abyss",
    "age_card",
    "board",
    "start_picture",
    "status",
    "track_grid",
    "track_marker_on",
    "track_space",
]
