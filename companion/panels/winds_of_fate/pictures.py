"""Winds of Fate pictures for a 390 px phone: crew supply, round track, the board and the
voyage, the score board, the payoff table and the final score pad.

Presentation only: every number comes from the (already redacted) state or from
``rules.winds_of_fate`` (payouts, payoffs, score sheet)."""

from __future__ import annotations

import flet as ft

from rules.core.words import counted
from rules.winds_of_fate import GAME, WofState
from rules.winds_of_fate.components import (
    ENDING_NAMES,
    LAST_ROUND,
    NODES,
    TILE_NAMES,
    node_label,
)
from rules.winds_of_fate.payoffs import BetRow, bet_rows, destiny_rows, totals_now

from ... import theme
from ..widgets import titled_card

PLAYER_COLOURS = (
    ft.Colors.RED_300,
    ft.Colors.LIGHT_BLUE_300,
    ft.Colors.AMBER_300,
    ft.Colors.LIGHT_GREEN_300,
    ft.Colors.PINK_200,
)

PHASE_TEXT = {
    "setup": "Setup",
    "bets": "Encounter: bets",
    "destiny": "Encounter: destiny actions",
    "draws": "Encounter: drawing cards",
    "reveal": "Adventure: reward tiles",
    "play": "Adventure: play or pass",
    "claim": "Adventure: claim rewards",
    "resolve": "Adventure: resolve",
    "journey": "Journey",
    "wander": "Wandering (face-down tile)",
    "over": "The voyage is over",
}


CARD_TITLE = 17
"""The size of a card's heading on this screen, where many small cards stand one above another."""


def initials(s: WofState, seat: int) -> str:
    return s.players[seat][:2]


def status(s: WofState, version: int) -> ft.Control:
    """Round, place and phase on one line, with the crew supply as a large number."""
    where = node_label(s.at, s.board) if s.board else "Troy"
    phase = PHASE_TEXT[s.phase]
    if s.phase == "over":
        phase = f"{ENDING_NAMES[s.ending]} in round {s.round}"
    elif s.at == "ithaca" and s.phase in ("play", "claim", "resolve"):
        phase += f" ({s.adventure} of 2)"
    return ft.Row(
        spacing=12,
        controls=[
            ft.Column(
                spacing=2,
                expand=True,
                controls=[
                    theme.tagged(
                        "wof-status",
                        ft.Text(f"Round {s.round} · {where}", size=18, weight=ft.FontWeight.W_600),
                    ),
                    theme.tagged("wof-phase", theme.muted(phase, 14)),
                    theme.tagged("wof-version", theme.muted(f"move {version}", 11)),
                ],
            ),
            ft.Column(
                spacing=0,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                controls=[
                    theme.tagged(
                        "wof-crew", ft.Text(str(s.crew), size=48, weight=ft.FontWeight.BOLD)
                    ),
                    theme.muted("crew", 12),
                ],
            ),
        ],
    )


def round_track(s: WofState) -> ft.Control:
    """Twelve round spaces in two rows; the marker's space is filled, bets sit on their
    space as the owner's initials and stack size."""
    cells = []
    for space in range(1, LAST_ROUND + 1):
        here = space == s.round
        # Black on the owner's colour: the pale player colours as text on the light
        # theme's white could not be read.
        bets = [
            theme.tagged(
                f"wof-bet-{space}-{b.seat}",
                ft.Container(
                    bgcolor=PLAYER_COLOURS[b.seat % 5],
                    border_radius=4,
                    padding=ft.Padding.symmetric(horizontal=2),
                    margin=ft.Margin.only(top=1),
                    content=ft.Text(
                        f"{initials(s, b.seat)} {b.chips}",
                        size=11,
                        color=ft.Colors.BLACK,
                        weight=ft.FontWeight.BOLD,
                        text_align=ft.TextAlign.CENTER,
                    ),
                ),
            )
            for b in s.bets
            if b.space == space
        ]
        # Six spaces share each row's width (none is cut off at 320 px); a space grows
        # taller, never wider, when its bets need more lines.
        strut = ft.Container(width=0, height=58)
        body = ft.Column(
            spacing=0,
            expand=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            controls=[_no_wrap(str(space), 14, ft.FontWeight.BOLD), *bets],
        )
        cells.append(
            theme.tagged(
                f"wof-round-{space}",
                ft.Container(
                    expand=True,
                    border_radius=8,
                    padding=2,
                    bgcolor=ft.Colors.PRIMARY_CONTAINER if here else None,
                    border=ft.Border.all(
                        2 if here else 1, ft.Colors.PRIMARY if here else ft.Colors.OUTLINE_VARIANT
                    ),
                    content=ft.Row(
                        spacing=0,
                        vertical_alignment=ft.CrossAxisAlignment.START,
                        controls=[strut, body],
                    ),
                ),
            )
        )
    return titled_card(
        "wof-round-track",
        "Round track",
        [
            ft.Row(spacing=3, vertical_alignment=ft.CrossAxisAlignment.START, controls=cells[:6]),
            ft.Row(spacing=3, vertical_alignment=ft.CrossAxisAlignment.START, controls=cells[6:]),
            theme.muted("A bet shows its owner and its chips.", 12),
        ],
        title_size=CARD_TITLE,
    )


def board(s: WofState) -> ft.Control:
    """Troy, the nine spaces and Ithaca; face-down tiles are dim, Odysseus' place is
    outlined, and the voyage so far is spelled out below."""
    cells = []
    for node in NODES:
        tile = s.tile_at(node) if s.board or not node.isdigit() else ""
        name = TILE_NAMES.get(tile, "?") if tile else "?"
        down = node in s.face_down
        here = node == s.at and s.phase != "setup"
        label = "Troy" if node == "troy" else "Ithaca" if node == "ithaca" else node
        cells.append(
            theme.tagged(
                f"wof-node-{node}",
                ft.Container(
                    border_radius=8,
                    padding=4,
                    opacity=0.45 if down else 1.0,
                    bgcolor=ft.Colors.TERTIARY_CONTAINER
                    if here
                    else ft.Colors.SURFACE_CONTAINER_HIGH,
                    border=ft.Border.all(
                        3 if here else 1, ft.Colors.TERTIARY if here else ft.Colors.OUTLINE_VARIANT
                    ),
                    # At least 72 x 44; a long name ("▼ Lotophagi") or large text
                    # widens the tile to the whole name instead of cutting it.
                    content=ft.Column(
                        spacing=0,
                        tight=True,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                        controls=[
                            ft.Container(width=72, height=0),
                            theme.muted(label if node.isdigit() else "", 10),
                            ft.Text(
                                ("▼ " if down else "") + name,
                                size=12,
                                weight=ft.FontWeight.W_600 if here else None,
                                text_align=ft.TextAlign.CENTER,
                            ),
                        ],
                    ),
                ),
            )
        )
    route = " → ".join(node_label(n, s.board) if n.isdigit() else TILE_NAMES[n] for n in s.voyage)
    return titled_card(
        "wof-voyage",
        "The voyage",
        [
            ft.Row(wrap=True, spacing=4, run_spacing=4, controls=cells),
            theme.tagged("wof-route", ft.Text(route, size=13)),
        ],
        title_size=CARD_TITLE,
    )


def score_inputs(s: WofState, seat: int) -> tuple[int, str, int, int, int, int, tuple[int, ...]]:
    """Everything ``score_row`` draws for ``seat``, in its argument order."""
    return (
        seat,
        s.players[seat],
        s.vp[seat],
        s.held[seat],
        s.hand_help[seat],
        s.hand_hinder[seat],
        tuple(s.destiny_chips[seat]),
    )


def score_row(
    seat: int, name: str, vp: int, held: int, help_: int, hinder: int, stacks: tuple[int, ...]
) -> ft.Control:
    """One player's line of the score board."""
    # Name and points on the first line, the counts below (wrapping as needed): a 320 px
    # phone or large text never squeezes the name letter by letter.
    return theme.tagged(
        f"wof-player-{seat}",
        ft.Row(
            spacing=6,
            vertical_alignment=ft.CrossAxisAlignment.START,
            controls=[
                ft.Container(
                    width=10, height=28, border_radius=3, bgcolor=PLAYER_COLOURS[seat % 5]
                ),
                ft.Column(
                    spacing=0,
                    expand=True,
                    controls=[
                        ft.Row(
                            spacing=6,
                            controls=[
                                ft.Text(name, expand=True, size=15, weight=ft.FontWeight.W_600),
                                _no_wrap(f"{vp} VP", 15, ft.FontWeight.BOLD),
                            ],
                        ),
                        ft.Row(
                            wrap=True,
                            spacing=10,
                            run_spacing=0,
                            controls=[
                                theme.muted(f"chips {held}", 12),
                                theme.muted(f"H{help_}/h{hinder}", 12),
                                theme.muted(f"destiny {' / '.join(str(c) for c in stacks)}", 12),
                            ],
                        ),
                    ],
                ),
            ],
        ),
    )


def _no_wrap(text: str, size: int, weight: ft.FontWeight | None = None) -> ft.Text:
    """A short figure that stays on one line."""
    return ft.Text(text, size=size, weight=weight, no_wrap=True, max_lines=1)


def score_box(rows: list[ft.Control], supply: int) -> ft.Control:
    """The score board around its rows (in turn order)."""
    return titled_card(
        "wof-scoreboard",
        "Score board",
        [
            *rows,
            theme.muted(
                f"In turn order. H/h: Help/Hinder cards held. Destiny: chips on cards 1/2/3. "
                f"Supply: {counted(supply, 'chip')}.",
                12,
            ),
        ],
        title_size=CARD_TITLE,
    )


PayoffData = tuple[
    int | None,
    tuple[BetRow, ...],
    tuple[tuple[str, int], ...],
    bool,
    int,
    tuple[tuple[str, int, int], ...],
]
"""What the payoff table shows: the own seat, its bet rows, its destiny rows, whether it
has bets, the round and everyone's totals now (hashable: the section's inputs)."""


def payoff_data(s: WofState, own: int | None) -> PayoffData:
    """``own``'s bets paid per end round and destiny stacks per ending (only when ``own``
    is this device's seat and its cards are in ``s``), then everyone's totals if the voyage
    ended in the current round."""
    if own is None:
        rows: tuple[BetRow, ...] = ()
        destiny: tuple[tuple[str, int], ...] = ()
        has_bets = False
    else:
        rows, destiny = tuple(bet_rows(s, own)), tuple(destiny_rows(s, own))
        has_bets = bool(s.bets_of(own))
    return own, rows, destiny, has_bets, s.round, tuple(totals_now(s))


def payoff_picture(data: PayoffData) -> ft.Control:
    """Draws ``payoff_data``'s answer, and nothing else."""
    own, rows, destiny, has_bets, round_now, totals = data
    parts: list[ft.Control] = []
    if own is not None:
        for row in rows:
            cells = [
                ft.Container(
                    width=40,
                    padding=2,
                    border_radius=4,
                    bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH if pay else None,
                    content=ft.Column(
                        spacing=0,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                        controls=[
                            theme.muted(f"r{r}", 10),
                            ft.Text(str(pay), size=13, weight=ft.FontWeight.BOLD),
                        ],
                    ),
                )
                for r, pay in row.pays
            ]
            parts.append(
                ft.Text(
                    f"Your bet on round {row.space} ({counted(row.chips, 'chip')}) pays, "
                    "if the voyage ends in round:",
                    size=13,
                )
            )
            parts.append(
                theme.tagged(
                    f"wof-payoff-bet-{row.space}",
                    ft.Row(wrap=True, spacing=3, run_spacing=3, controls=cells),
                )
            )
        for ending, chips in destiny:
            parts.append(
                theme.tagged(
                    f"wof-payoff-destiny-{ending}",
                    ft.Text(
                        f"If it ends {ENDING_NAMES[ending]}: your destiny pays "
                        f"{counted(chips, 'chip')} ({2 * chips} VP)",
                        size=13,
                    ),
                )
            )
        if not has_bets:
            parts.append(theme.muted("You have no bets on the round track yet.", 12))
    parts.append(
        ft.Text(
            f"If the voyage ended now (round {round_now}):", size=13, weight=ft.FontWeight.W_600
        )
    )
    for name, chips, vp in totals:
        parts.append(
            theme.tagged(
                f"wof-now-{name}",
                ft.Text(
                    f"{name}: {counted(chips, 'chip')} from bets and unused → {vp} VP "
                    "(destiny not counted)",
                    size=13,
                ),
            )
        )
    return titled_card("wof-payoffs", "Payoff table", parts, title_size=CARD_TITLE)


def score_pad(s: WofState) -> ft.Control:
    """The final score pad from the rules' score sheet."""
    sheet = GAME.score(s)
    parts: list[ft.Control] = [
        theme.tagged("wof-summary", ft.Text(sheet.summary, size=15, weight=ft.FontWeight.W_600))
    ]
    for p in sheet.players:
        parts.append(ft.Text(f"{p.name}: {p.total} VP", size=15, weight=ft.FontWeight.BOLD))
        for item in p.items:
            detail = f" ({item.detail})" if item.detail else ""
            parts.append(theme.muted(f"  {item.label}: {item.points}{detail}", 12))
    return titled_card("wof-score", "Score pad", parts, title_size=CARD_TITLE)


def start_picture(s: WofState) -> ft.Control:
    """The voyage and the round track as setup leaves them (for the setup walkthrough)."""
    return ft.Column(spacing=8, controls=[board(s), round_track(s)])
