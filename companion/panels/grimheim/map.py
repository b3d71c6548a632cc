"""The Grimheim hex map as one tappable picture (a Flet canvas inside a pinch-zoom viewer).

Geometry comes from ``rules.grimheim.hexmap`` (``hex_center``, ``hex_corners``, ``hex_at``);
what a tap means comes from the game: a hero's move is checked with ``ctx.check(Move)``
along the shortest legal path ``hexmap.hero_reachable`` finds, a monster shows where its
printed path leads next, and the monster movement phase is proposed by
``hexmap.resolve_monster_moves`` and checked as one ``MonstersMove``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import flet as ft
import flet.canvas as cv

from rules.grimheim import data, hexmap
from rules.grimheim.actions import MonstersMove, Move
from rules.grimheim.state import GRIMHEIM, GrimheimState, MonsterTile

from ... import theme
from ..base import PanelContext, Route
from ..board_canvas import arrow, fitted_board
from ..chips import chip, chip_row
from ..widgets import verdict_box
from .ui import (
    FACTION_COLOURS,
    HERO_COLOURS,
    UiMemory,
    big_button,
    hex_label,
    monster_name,
    reason_line,
    submit,
    why_disabled,
)

Coord = tuple[int, int]
MAP_WIDTH = 334.0
"""Drawn width in logical pixels: a 390 px phone minus the page and card padding."""
SIZE = MAP_WIDTH / hexmap.board_size(1.0)[0]
WIDTH, HEIGHT = hexmap.board_size(SIZE)

TERRAIN = {
    "plains": "#5b6b3a",
    "forest": "#23452b",
    "mountain": "#6d625a",
    "lake": "#2f5d8a",
}
TOWN = "#b8862b"
MOVE_COLOUR = "#ffeb3b"
"""A monster's step: a yellow arrow with one head."""
CHARGE_COLOUR = "#ff6d00"
"""A step of a charge (grim.monster.charge): an orange arrow with a double head, "»"."""
ABBREV = {
    "goblin": "Go",
    "brute": "Br",
    "troll": "Tr",
    "sprite": "Sp",
    "elemental": "El",
    "jotunn": "Jo",
    "imp": "Im",
    "skeleton": "Sk",
    "draugr": "Dr",
}


def _faction(tile: MonsterTile) -> str:
    d = data.load()
    if tile.is_legend:
        return d.legends[tile.kind].faction
    return d.monsters[tile.kind].faction


def _hex_path(h: Coord, paint: ft.Paint, size: float = SIZE) -> cv.Path:
    corners = hexmap.hex_corners(h[0], h[1], size)
    elements: list[cv.Path.PathElement] = [cv.Path.MoveTo(*corners[0])]
    elements += [cv.Path.LineTo(x, y) for x, y in corners[1:]]
    elements.append(cv.Path.Close())
    return cv.Path(elements=elements, paint=paint)


def _fill(colour: str) -> ft.Paint:
    return ft.Paint(color=colour, style=ft.PaintingStyle.FILL)


def _stroke(colour: str, width: float) -> ft.Paint:
    return ft.Paint(color=colour, style=ft.PaintingStyle.STROKE, stroke_width=width)


def _label(x: float, y: float, text: str, size: float, colour: str = ft.Colors.WHITE) -> cv.Text:
    return cv.Text(
        x=x,
        y=y,
        value=text,
        alignment=ft.Alignment.CENTER,
        style=ft.TextStyle(size=size, color=colour, weight=ft.FontWeight.BOLD),
    )


def proposed_moves(state: GrimheimState, die_face: str) -> hexmap.MovementPhase:
    """The movement phase as the map's paths resolve it for ``state``."""
    d = data.load()
    track = d.time_tracks[state.options.track]
    skull = 1 <= state.time <= len(track) and track[state.time - 1].mark == "skull"
    monsters = {m.at: m.kind for m in state.monsters}
    levels = {m.at: m.level for m in state.monsters if m.is_legend}
    charging = [
        m.at
        for m in state.monsters
        if die_face == "charge" and not m.is_legend and d.monsters[m.kind].rank == 1
    ]
    heroes = [h.at for h in state.heroes]
    return hexmap.resolve_monster_moves(
        monsters, heroes, charge_all=skull, charging=charging, levels=levels
    )


def steps_of(phase: hexmap.MovementPhase) -> list[tuple[Coord, Coord]]:
    """A movement phase as the ``(from, to)`` steps a ``MonstersMove`` records."""
    out: list[tuple[Coord, Coord]] = []
    for move in phase.moves:
        cur = move.start
        for nxt in move.path:
            to = GRIMHEIM if hexmap.in_grimheim(nxt) else nxt
            out.append((cur, to))
            cur = nxt
    return out


def charge_steps_of(phase: hexmap.MovementPhase) -> set[tuple[Coord, Coord]]:
    """The steps of ``steps_of(phase)`` that belong to a charging monster's move."""
    return set(steps_of(replace(phase, moves=tuple(m for m in phase.moves if m.charged))))


def move_plan(
    ctx: PanelContext, mem: UiMemory
) -> tuple[list[tuple[Coord, Coord]], set[tuple[Coord, Coord]]]:
    """Propose the whole movement phase for the current state and remember it: its steps,
    and those of them that are part of a charge."""
    state: GrimheimState = ctx.state
    phase = proposed_moves(state, state.die_face)
    steps = steps_of(phase)
    mem.odds["_steps"] = steps
    mem.odds["_steps_v"] = ctx.version
    return steps, charge_steps_of(phase)


def draw(
    state: GrimheimState,
    *,
    highlight: Coord | set[Coord] | None = None,
    marked: set[Coord] | None = None,
    selected: Coord | None = None,
    arrows: list[tuple[Coord, Coord]] | None = None,
    charges: set[tuple[Coord, Coord]] | frozenset[tuple[Coord, Coord]] = frozenset(),
    scale: float = 1.0,
) -> list[cv.Shape]:
    """All shapes of the map: terrain, borders, highlights, arrows, monsters, heroes, drawn
    with hexes ``scale`` times the base ``SIZE``. Each step of ``arrows`` is an arrow into
    the area it enters; a step in ``charges`` is drawn as a charge (orange, double head)."""
    size = SIZE * scale
    d = data.load()
    shapes: list[cv.Shape] = []
    for coord, h in d.hexes.items():
        colour = TOWN if h.location == data.GRIMHEIM else TERRAIN.get(h.terrain, "#444444")
        shapes.append(_hex_path(coord, _fill(colour), size))
        edge = {"red": "#e57373", "yellow": "#ffd54f"}.get(h.border, "#1b1b1b")
        shapes.append(_hex_path(coord, _stroke(edge, 1.2 if h.border else 0.6), size))
        if h.road:
            cx, cy = hexmap.hex_center(*coord, size)
            shapes.append(cv.Circle(cx, cy, size * 0.18, paint=_fill("#d7b98e")))
    for letter, first in hexmap.row_starts():
        # Row letters of the grid names ("D5"): left of each row where there is room.
        cx, cy = hexmap.hex_center(*first, size)
        outside = cx - size * 1.35
        x = outside if outside >= size * 0.45 else cx
        shapes.append(_label(x, cy, letter, size * 0.8, "#e0e0e0"))
    spots = {highlight} if isinstance(highlight, tuple) else set(highlight or ())
    for coord in spots:
        shapes.append(_hex_path(coord, _fill("#55ffffff"), size))
        shapes.append(_hex_path(coord, _stroke("#ffffff", 2.5), size))
    for coord in marked or set():
        shapes.append(_hex_path(coord, _stroke("#ff5252", 3.0), size))
    for frm, to in arrows or []:
        charge = (frm, to) in charges
        shapes += arrow(
            hexmap.hex_center(*frm, size),
            hexmap.hex_center(*to, size),
            CHARGE_COLOUR if charge else MOVE_COLOUR,
            width=(3.0 if charge else 2.0) * scale,
            head=size * 0.7,
            heads=2 if charge else 1,
            stop_short=size * 0.2,
        )
    for m in state.monsters:
        cx, cy = hexmap.hex_center(*m.at, size)
        colour = FACTION_COLOURS.get(_faction(m), ft.Colors.GREY)
        shapes.append(cv.Circle(cx, cy, size * 0.72, paint=_fill(colour)))
        if m.is_legend:
            shapes.append(cv.Circle(cx, cy, size * 0.72, paint=_stroke("#ffd700", 2.5)))
        text = "L" if m.is_legend else ABBREV.get(m.kind, m.kind[:2])
        shapes.append(_label(cx, cy, text, size * 0.75, "#000000"))
    in_town = [h for h in state.heroes if h.at == GRIMHEIM]
    for i, hero in enumerate(state.heroes):
        if hero.at == GRIMHEIM:
            k = in_town.index(hero)
            cx, cy = hexmap.hex_center(*GRIMHEIM, size)
            offsets = [(-0.8, -0.8), (0.8, -0.8), (-0.8, 0.8), (0.8, 0.8)]
            cx += offsets[k % 4][0] * size
            cy += offsets[k % 4][1] * size
        else:
            cx, cy = hexmap.hex_center(*hero.at, size)
        colour = HERO_COLOURS.get(hero.name, ft.Colors.WHITE)
        shapes.append(cv.Circle(cx, cy, size * 0.7, paint=_fill(colour)))
        shapes.append(cv.Circle(cx, cy, size * 0.7, paint=_stroke("#ffffff", 2.0)))
        shapes.append(_label(cx, cy, hero.name[0], size * 0.85, "#000000"))
        del i
    if selected is not None:
        shapes.append(_hex_path(selected, _stroke("#00e5ff", 3.0), size))
    return shapes


def map_picture(
    drawing: Callable[[float], list[cv.Shape]],
    on_hex: Callable[[Coord], None] | None,
    key: str = "grim-map",
    memory: dict[str, Any] | None = None,
) -> ft.Control:
    """The map ``drawing(scale)`` draws, as wide as the screen gives it (at most its base
    ``WIDTH``), tappable, with pinch-zoom up to 4x. A tap is read in base units, so it
    finds the same area at any scale. ``memory`` keeps this device's last scale."""

    def tapped(x: float, y: float) -> None:
        h = hexmap.hex_at(x, y, SIZE)
        if h is not None and on_hex is not None:
            on_hex(h)

    board = fitted_board(
        drawing,
        WIDTH,
        HEIGHT,
        on_tap=tapped if on_hex is not None else None,
        memory=memory,
        memory_key=key,
        zoom=4.0,
    )
    # exclude_semantics: the canvas's gesture must not become a semantic "tap" action
    # (a tap without a position); taps reach the canvas as pointer events with their place.
    return ft.Semantics(
        identifier=key, label="map", container=True, exclude_semantics=True, content=board
    )


def map_view(
    ctx: PanelContext,
    mem: UiMemory,
    refresh: Callable[[], None],
    *,
    highlight: data.MonsterCard | None = None,
) -> ft.Control:
    """The map for the reinforcement picker: the card's areas lit, taps mark them occupied."""
    state: GrimheimState = ctx.state
    slots = {s.hex for s in highlight.slots} if highlight is not None else set()

    def on_hex(h: Coord) -> None:
        if h not in slots:
            return
        if h in mem.occupied:
            mem.occupied.discard(h)
        else:
            mem.occupied.add(h)
        refresh()

    marked = set(mem.occupied)
    return map_picture(
        lambda scale: draw(state, highlight=slots, marked=marked, scale=scale),
        on_hex,
        memory=mem.board_scale,
    )


# ----- the Map section ---------------------------------------------------------------------


def map_section(ctx: PanelContext, mem: UiMemory, refresh: Callable[[], None]) -> list[ft.Control]:
    """Hero chooser, the map, and what the last tap means."""
    state: GrimheimState = ctx.state
    sync_to_step(state, mem)
    out: list[ft.Control] = []
    chips: list[ft.Control] = []
    for hero in state.heroes:

        def pick(_: Any, name: str = hero.name) -> None:
            mem.map_hero = "" if mem.map_hero == name else name
            mem.selected_hex = None
            refresh()

        chips.append(
            chip(
                f"grim-map-hero-{hero.name}",
                hero.name,
                selected=mem.map_hero == hero.name,
                on_click=pick,
                leading=ft.Icon(ft.Icons.PERSON, color=HERO_COLOURS.get(hero.name)),
            )
        )
    out.append(chip_row(chips))
    out.append(
        theme.muted(
            "Pick a hero, then tap an area to check the move. Tap a monster to see where it "
            "goes next. Pinch to zoom.",
            size=13,
        )
    )
    reach: set[Coord] = set()
    hero_state = None
    if mem.map_hero:
        try:
            hero_state = state.hero(mem.map_hero)
        except KeyError:
            mem.map_hero = ""
    occupied = [m.at for m in state.monsters] + [
        h.at for h in state.heroes if hero_state is None or h.name != hero_state.name
    ]
    if hero_state is not None:
        reach = set(hexmap.hero_reachable(hero_state.at, hero_state.name, occupied))
    arrows: list[tuple[Coord, Coord]] = []
    charges: set[tuple[Coord, Coord]] = set()
    tile = state.monster_at(mem.selected_hex) if mem.selected_hex else None
    if tile is not None:
        nxt = hexmap.monster_next_step(tile.at)
        if nxt is not None:
            arrows.append((tile.at, nxt))
    if state.phase == "monsters" and state.monster_step == "move":
        arrows, charges = move_plan(ctx, mem)

    selected = mem.selected_hex

    def picture(route: Route) -> ft.Control:
        def on_hex(h: Coord) -> None:
            # The memory and the redraw of the drawing on screen (this one may be reused).
            now_mem, now_refresh = route.to
            now_mem.selected_hex = GRIMHEIM if hexmap.in_grimheim(h) else h
            now_refresh()

        return map_picture(
            lambda scale: draw(
                state,
                highlight=reach,
                selected=selected,
                arrows=arrows,
                charges=charges,
                scale=scale,
            ),
            on_hex,
            memory=mem.board_scale,
        )

    # Everything the map draws: monsters, where each hero stands, the lit and picked areas,
    # the arrows (the hero's reach and the monster moves are worked out from these).
    inputs = (
        state.monsters,
        tuple((h.name, h.at) for h in state.heroes),
        frozenset(reach),
        selected,
        tuple(arrows),
        frozenset(charges),
    )
    out.append(ctx.kept_routed("grim-map", inputs, picture, (mem, refresh)))
    out.append(_legend_row())
    out.append(_grid_note())
    out += _tap_result(ctx, mem, refresh, hero_state, occupied)
    return out


def round_step(state: GrimheimState) -> tuple[Any, ...]:
    """Where the round stands: a new value whenever a hero's turn or a monster step begins."""
    return (state.time, state.phase, state.turn, state.monster_step)


def sync_to_step(state: GrimheimState, mem: UiMemory) -> None:
    """Keep the map's highlight on the current step: when the round moves on, the picked
    hero becomes the hero whose turn it is (nobody outside hero turns) and the last tap's
    verdict is dropped, so no earlier step's reach or verdict lingers."""
    now = round_step(state)
    if mem.map_step == now:
        return
    mem.map_step = now
    mem.selected_hex = None
    mem.map_hero = state.heroes[state.turn].name if state.phase == "heroes" else ""


def _grid_note() -> ft.Control:
    return theme.tagged(
        "grim-grid-note",
        theme.muted(
            "Areas are named by row and place: the letter at the left of a row (A at the top), "
            "then the count from that row's left end. D5 is the fifth area of row D.",
            size=12,
        ),
    )


def _legend_row() -> ft.Control:
    items = [
        ("Plains", TERRAIN["plains"]),
        ("Forest", TERRAIN["forest"]),
        ("Mountain", TERRAIN["mountain"]),
        ("Lake", TERRAIN["lake"]),
        ("Town", TOWN),
    ]
    swatches: list[ft.Control] = []
    for n, c in items:
        # Swatch and word as direct children of one wrapping row: nested rows would each
        # take the full width and stack.
        swatches.append(ft.Container(width=12, height=12, bgcolor=c, border_radius=3))
        swatches.append(ft.Text(n, size=12))
    # The arrows, drawn as on the map (on the map's dark ground, to keep their contrast).
    for n, c, heads in (("Move", MOVE_COLOUR, 1), ("Charge", CHARGE_COLOUR, 2)):
        key = theme.tagged(
            f"grim-legend-{n.lower()}",
            ft.Container(
                width=30,
                height=14,
                bgcolor=TERRAIN["plains"],
                border_radius=3,
                content=cv.Canvas(
                    width=30,
                    height=14,
                    shapes=arrow(
                        (3, 7), (28, 7), c, width=3.0 if heads == 2 else 2.0, head=8, heads=heads
                    ),
                ),
            ),
        )
        # Arrow and word in one tight row: a line break never parts them.
        swatches.append(ft.Row([key, ft.Text(n, size=12)], spacing=6, tight=True))
    return theme.tagged("grim-map-legend", ft.Row(wrap=True, spacing=6, controls=swatches))


def _tap_result(
    ctx: PanelContext,
    mem: UiMemory,
    refresh: Callable[[], None],
    hero_state: Any,
    occupied: list[Coord],
) -> list[ft.Control]:
    state: GrimheimState = ctx.state
    h = mem.selected_hex
    if h is None:
        return []
    out: list[ft.Control] = [
        theme.tagged(
            "grim-map-picked",
            ft.Text(
                hex_label(h) if h != GRIMHEIM else "Grimheim", size=16, weight=ft.FontWeight.W_600
            ),
        )
    ]
    tile = state.monster_at(h)
    if tile is not None:
        nxt = hexmap.monster_next_step(tile.at)
        where = (
            "Grimheim"
            if nxt is not None and hexmap.in_grimheim(nxt)
            else (hex_label(nxt) if nxt is not None else "nowhere (no path)")
        )
        level = f" ({'I' if tile.level == 1 else 'II'})" if tile.is_legend else ""
        out.append(
            theme.tagged(
                "grim-monster-info",
                ft.Text(
                    f"{monster_name(tile.kind)}{level}, damage {tile.damage}. Next step: {where}.",
                    size=14,
                ),
            )
        )
    if hero_state is not None and tile is None:
        # The one definition of a move's path (the areas entered, start excluded).
        path = hexmap.move_steps(hero_state.at, h, hero_state.name, occupied)
        # With the move action taken, another move can only be one a card grants: it is
        # entered as an additional move (grim.action.extra), checked like the action.
        extra = "move" in hero_state.actions
        if path is not None:
            action = Move(hero=hero_state.name, path=path, extra=extra)
            v = ctx.check(action)
        else:
            v = hexmap.hero_can_reach(hero_state.at, h, hero_state.name, occupied)
            action = None
        out.append(verdict_box(v, "grim-move-verdict", ctx.open_rule))
        if action is not None and v.legal:
            chosen = action
            move_why = why_disabled(ctx, chosen, v)

            def go(_: Any) -> None:
                mem.selected_hex = None
                submit(ctx, chosen)

            out.append(
                ft.Row(
                    [
                        big_button(
                            f"Move {hero_state.name} here" + (" (card)" if extra else ""),
                            go,
                            key="grim-move-go",
                            disabled=bool(move_why),
                        )
                    ]
                )
            )
            if move_why:
                out.append(reason_line("move-go", "Move", move_why))
    return out


def move_step_panel(ctx: PanelContext, mem: UiMemory) -> tuple[MonstersMove, list[str]]:
    """The proposed ``MonstersMove`` and its lines, for the monster-turn checklist."""
    state: GrimheimState = ctx.state
    phase = proposed_moves(state, state.die_face)
    steps = steps_of(phase)
    mem.odds["_steps"] = steps
    mem.odds["_steps_v"] = ctx.version
    lines = []
    for move in phase.moves:
        if not move.path:
            continue
        end = move.path[-1]
        where = "into Grimheim" if move.entered_grimheim else f"to {hex_label(end)}"
        extra = " (charge)" if move.charged else ""
        lines.append(f"{monster_name(move.monster)} {hex_label(move.start)} {where}{extra}")
    return MonstersMove(steps=tuple(steps)), lines


def start_picture(state: GrimheimState) -> ft.Control:
    """The map as setup leaves it (for the setup walkthrough), without taps."""
    return map_picture(lambda scale: draw(state, scale=scale), None, key="grim-start-map")
