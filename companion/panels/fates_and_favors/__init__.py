"""The Fates and Favors screen.

From top to bottom: whose turn it is (the co-op deck, every hero's Hero card), at table
start the word that the board and card texts are the app's reading with "Match your
board" and "Match your cards", the card picker (a Fate number or the Hero card, optionally
a Favor), the board as a picture, and right under it the answer: tap a column on the board
and the verdict says what the card does with it or why it cannot (rule IDs linked), its
outcomes listed and ringed on the picture; then the chosen outcome's verdict and "Play
this" (only on a phone whose seat may play it), the hand (entered privately on a seat's own
phone), the series score pad, and the match forms. Legality always comes from the rules
(``outcomes``, ``explain`` and ``ctx.check``); this screen only shows and submits.
"""

from __future__ import annotations

import contextlib
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from typing import Any

import flet as ft

from rules.core import MalformedAction, Verdict
from rules.core.words import counted
from rules.fates_and_favors import (
    QUARRY,
    EndSeries,
    EnterHand,
    FfState,
    NextGame,
    Play,
    PlayFavor,
    Stuck,
    board,
)
from rules.fates_and_favors.data import COLOURS
from rules.fates_and_favors.explain import card_verdict, column_verdict
from rules.fates_and_favors.plays import resolve
from rules.fates_and_favors.turns import HAND_FAVORS
from rules.fates_and_favors.zeus import ZEUS_SPACES

from ... import theme
from ...views.reconcile import swap_in
from .. import widgets
from ..base import PanelContext, Route
from . import match
from .chips import chip as _chip
from .picture import PAINT, board_picture, fit
from .zeus_picker import zeus_board_tap, zeus_picker

FAVORS = ("", "poseidon", "dionysus", "zeus", "apollo", "hestia", "ares", "athena")
"""The Favors always shown: none, those played with a Fate, and those that move columns."""
ALONE = ("zeus", "apollo", "hestia", "ares", "athena")
"""Favors played instead of a Fate card, moving columns."""
BOARD_PICKS = ("apollo", "hestia", "ares")
"""Favors played alone on one column tapped on the board."""
HAND = HAND_FAVORS
"""Favors played instead of a Fate card that move no column (aimed at a hero, or drawing);
their outcomes are every aim and draw count the rules accept."""
SHOWN = 40
"""Outcomes listed at once; the rest are counted."""


@dataclass
class Pick:
    """What this device is looking at (survives redraws after an action, never the turn)."""

    card: int = 0
    hero: bool = False
    favor: str = ""
    chosen: int = -1
    version: int = -1
    more: bool = False  # the hand Favors are shown (tapped open, or one is picked)
    split: dict[tuple[int, int], int] = field(default_factory=dict)  # Zeus: column -> spaces
    column: tuple[int, int] | None = None  # (colour, space) tapped on the board
    spot: int | None = None  # an empty space tapped on the board (its name is shown)
    numbers: bool = False  # the board shows its space numbers
    confirm_stuck: bool = False  # "new hand" was tapped once: the screen asks first
    table: str = ""
    turn: tuple[Any, ...] = ()
    draft: match.Draft = field(default_factory=match.Draft)

    def forget_play(self) -> None:
        """A new turn (or table): nothing stays picked from the last one."""
        self.card, self.hero, self.favor, self.chosen = 0, False, "", -1
        self.more, self.split, self.column, self.spot = False, {}, None, None
        self.confirm_stuck = False


_MEMORY: OrderedDict[int, Pick] = OrderedDict()


@dataclass
class Here:
    """The drawing on screen, where the taps of a kept section go (``Route.to``): its
    context (the state shown) and its ``refresh``. The picks are the page's own ``Pick``,
    the same object for every drawing on one page."""

    ctx: PanelContext
    pick: Pick
    refresh: Any


def memory(page: Any, table: str = "") -> Pick:
    """This page's picks for ``table``: a page that opens another table starts afresh."""
    key = id(page)
    pick = _MEMORY.get(key)
    if pick is None or pick.table != table:
        pick = _MEMORY[key] = Pick(table=table)
    _MEMORY.move_to_end(key)
    while len(_MEMORY) > 256:
        _MEMORY.popitem(last=False)
    return pick


def turn_key(state: FfState) -> tuple[Any, ...]:
    """What changes with every turn taken (a card played, a Favor, a new hand, another
    turn, the next game): when it changes, the picks of the last turn are dropped."""
    return (
        state.game_no,
        state.phase,
        state.turn,
        state.columns,
        state.hero_cards,
        state.skips,
        state.last_fate,
        state.deck,
        state.held,
        len(state.series),
    )


def build_panel(ctx: PanelContext) -> ft.Control:
    """The whole screen for ``ctx.state`` (an ``FfState`` redacted for this device)."""
    pick = memory(ctx.page, ctx.table_id)
    turn = turn_key(ctx.state)
    if pick.turn != turn:
        pick.forget_play()
        pick.turn = turn
    if pick.version != ctx.version:
        pick.chosen, pick.version = -1, ctx.version
        pick.split = {}  # the columns have moved: a Zeus split starts again
    holder = ft.Column(spacing=0, expand=True)

    def refresh() -> None:
        # Diffed into the tree the phone shows, so the list keeps its scroll position
        # (a stepper tap halfway down must not jump the screen back to the top).
        with contextlib.suppress(RuntimeError, AssertionError):
            swap_in(holder, _body(ctx, pick, refresh))

    holder.controls = [_body(ctx, pick, refresh)]
    return holder


def may_play(ctx: PanelContext, athena: bool = False) -> bool:
    """Whether this phone may commit a play now: a seat's own phone on its own turn (any
    time for Athena, which answers a rival's turn), the host's shared phone for a seat that
    has no phone of its own; never a viewer."""
    state: FfState = ctx.state
    if not ctx.can_act or state.phase != "play":
        return False
    if ctx.seat is not None:
        return athena or ctx.seat == state.seat
    return athena or state.seat not in ctx.own_phone


def _board_width(ctx: PanelContext) -> int:
    """The picture's width: the phone's width less the screen's margins."""
    width = getattr(ctx.page, "width", None)
    return fit(width - 32 if isinstance(width, (int, float)) and width > 0 else None)


def _body(ctx: PanelContext, pick: Pick, refresh: Any) -> ft.Control:
    state: FfState = ctx.state
    plays, answer = _proposals(ctx, pick)
    chosen = plays[pick.chosen] if 0 <= pick.chosen < len(plays) else None
    lit: list[int] = []
    before = set(state.columns)
    if isinstance(chosen, Play):
        lit = [p for p in resolve(state, chosen).sim.columns() if p not in before and p >= 0]
    elif _zeus(pick):
        lit = [start for _, start in pick.split]  # the columns picked so far
    elif pick.column is not None and plays:
        # every place the picked column's outcomes take it (or its own colour, if a hit
        # moves it on)
        colour = pick.column[0]
        mine = set(state.columns[colour * 4 : colour * 4 + 4])
        ends: set[int] = set()
        for play in plays:
            if isinstance(play, Play):
                after = resolve(state, play).sim.columns()[colour * 4 : colour * 4 + 4]
                ends |= {p for p in after if p not in mine}
        lit = sorted(p for p in ends if p >= 0)
    picked = pick.column[1] if pick.column is not None and pick.column[1] != QUARRY else None
    # Each section is kept (``PanelContext.kept``) under everything it draws: the state's
    # parts it reads and this page's picks; taps on a kept section reach the drawing on
    # screen through its route (``Here``).
    here = Here(ctx, pick, refresh)
    zeus = _zeus(pick)
    width = _board_width(ctx)
    start = match.at_start(state) and ctx.can_act
    content: list[ft.Control] = [_status(ctx), _hero_cards(ctx)]
    if start:
        content += _match(ctx, pick, here, refresh, notice=True)
    if state.phase == "play":
        content.append(
            ctx.kept_routed(
                "ff-cards",
                (pick.card, pick.hero, pick.favor, pick.more),
                lambda route: _card_picker(route, pick),
                here,
            )
        )
    content.append(
        ctx.kept_routed(
            "ff-board",
            (
                state.arm,
                state.arm_bridge,
                state.columns,
                tuple(lit),
                zeus,
                picked,
                pick.numbers,
                width,
                state.phase,
            ),
            lambda route: _board(
                state,
                lit,
                zeus_board_tap(route) if zeus else _column_tap(route),
                None if zeus else _quarry_tap(route),
                width=width,
                numbers=pick.numbers,
                picked=picked,
            ),
            here,
        )
    )
    content.append(_board_tools(ctx, pick, refresh))
    if state.phase == "play":
        if zeus:
            content += zeus_picker(ctx, pick, refresh)
        if not zeus or sum(pick.split.values()) == ZEUS_SPACES:
            content += _outcomes(ctx, pick, plays, chosen, answer, refresh)
        content += _stuck(ctx, pick, here, refresh)
    content += _hand(ctx)
    content += _score_pad(ctx)
    if not start and ctx.can_act and state.phase != "over":
        content += _match(ctx, pick, here, refresh, notice=False)
    return ft.ListView(
        controls=content,
        spacing=10,
        padding=ft.Padding.only(left=16, right=16, top=8, bottom=24),
        expand=True,
    )


# ----- what the screen shows -------------------------------------------------------------


def _board(
    state: FfState,
    lit: list[int],
    on_tap: Any,
    on_quarry: Any,
    *,
    width: int,
    numbers: bool,
    picked: int | None,
) -> ft.Control:
    """The board picture, with its words for screen readers; drawn from the state's arm,
    bridge and columns, ``lit``, ``picked``, ``numbers``, ``width`` and whether it takes
    taps (``on_tap``)."""
    return theme.tagged(
        "ff-board",
        # exclude_semantics: a tap on the picture must stay a pointer event with its
        # place, not become a semantic tap without one
        ft.Semantics(
            label=_board_words(state),
            # A picture described in words (read aloud as an image), not a text on screen.
            image=True,
            container=True,
            exclude_semantics=True,
            content=ft.Row(
                [
                    board_picture(
                        state, lit, on_tap, on_quarry, width=width, numbers=numbers, picked=picked
                    )
                ],
                alignment=ft.MainAxisAlignment.CENTER,
            ),
        ),
    )


def _board_tools(ctx: PanelContext, pick: Pick, refresh: Any) -> ft.Control:
    """Under the board: the space-numbers switch and what a tapped empty space is."""
    state: FfState = ctx.state
    b = board(state.arm, state.arm_bridge)

    def toggle(_: Any) -> None:
        pick.numbers = not pick.numbers
        refresh()

    if pick.column is not None:
        colour, start = pick.column
        where = "in its quarry" if start == QUARRY else f"on {b.name(start)}"
        words = f"Picked: the {COLOURS[colour]} column {where}."
    elif pick.spot is not None:
        words = f"Space {pick.spot}: {b.name(pick.spot)}, empty."
    elif pick.card or pick.hero or pick.favor in BOARD_PICKS:
        words = "Tap a column on the board to see what the card does with it."
    else:
        words = ""
    return ft.Row(
        wrap=True,
        spacing=8,
        run_spacing=4,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
        controls=[
            _chip(
                "ff-numbers",
                "Hide numbers" if pick.numbers else "Space numbers",
                pick.numbers,
                toggle,
                96,
            ),
            theme.tagged("ff-spot", ft.Text(words, size=13, color=theme.MUTED)),
        ],
    )


def _column_tap(route: Route) -> Any:
    """Tapping a space on the board picks the column standing there (tapping it again lets
    it go); an empty space is named under the board."""

    def tapped(space: int) -> None:
        ctx: PanelContext = route.to.ctx
        pick: Pick = route.to.pick
        state: FfState = ctx.state
        if space in state.columns:
            colour = state.columns.index(space) // 4
            pick.column = None if pick.column == (colour, space) else (colour, space)
            pick.spot = None
        else:
            pick.column, pick.spot = None, space
        pick.chosen = -1
        route.to.refresh()

    return tapped


def _quarry_tap(route: Route) -> Any:
    """Tapping a quarry picks one of its waiting columns (none waiting: nothing happens)."""

    def tapped(colour: int) -> None:
        ctx: PanelContext = route.to.ctx
        pick: Pick = route.to.pick
        if QUARRY not in ctx.state.columns[colour * 4 : colour * 4 + 4]:
            return
        pick.column = None if pick.column == (colour, QUARRY) else (colour, QUARRY)
        pick.spot, pick.chosen = None, -1
        route.to.refresh()

    return tapped


def _hero_cards(ctx: PanelContext) -> ft.Control:
    """Every hero's Hero card, ready or used (ff.hero.card), on the game screen itself."""
    state: FfState = ctx.state
    parts = []
    for seat, name in enumerate(state.players):
        left = state.hero_cards[seat]
        total = len(state.seat_colours[seat]) if state.coop else 1
        if total > 1:
            parts.append(f"{name} {left} of {total}")
        else:
            parts.append(f"{name} {'ready' if left else 'used'}")
    words = "Hero cards: " + " · ".join(parts)
    return ctx.kept(
        "ff-hero-cards",
        words,
        lambda: theme.tagged("ff-hero-cards", ft.Text(words, size=13, color=theme.MUTED)),
    )


def _status(ctx: PanelContext) -> ft.Control:
    state: FfState = ctx.state
    now, deck = _status_words(state)
    return ctx.kept("ff-status", (now, deck), lambda: _status_row(now, deck))


def _status_row(now: str, deck: int | None) -> ft.Control:
    row: list[ft.Control] = [ft.Text(now, size=15, weight=ft.FontWeight.W_600, expand=True)]
    if deck is not None:
        row.append(theme.tagged("ff-deck", ft.Text(f"Deck {deck}", size=15)))
    return theme.tagged("ff-status", ft.Row(row))


def _status_words(state: FfState) -> tuple[str, int | None]:
    """Whose turn or how the game ended, and the co-op deck (``None`` when not counted)."""
    seat = state.seat
    colours = "/".join(COLOURS[c] for c in state.seat_colours[seat])
    if state.phase == "play":
        now = f"Game {state.game_no} · {state.players[seat]}'s turn ({colours})"
    elif state.phase == "won":
        winners = state.series[-1].winners
        now = f"Game {state.game_no} won by " + " & ".join(state.players[s] for s in winners)
    elif state.phase == "lost":
        now = f"Game {state.game_no} lost"
    else:
        now = "The series is over"
    return now, state.deck if state.coop else None


def _board_words(state: FfState) -> str:
    b = board(state.arm, state.arm_bridge)
    parts = []
    for c, name in enumerate(COLOURS):
        spots = [b.name(p) for p in state.columns[c * 4 : c * 4 + 4]]
        parts.append(f"{name}: " + ", ".join(spots))
    return "Board. " + "; ".join(parts)


def _card_picker(route: Route, pick: Pick) -> ft.Control:
    """The card and Favor chips, drawn from ``pick`` alone; taps change the picks of the
    drawing on screen (``route.to``) and refresh it."""

    def refresh() -> None:
        route.to.refresh()

    def set_card(card: int, hero: bool = False) -> Any:
        def go(_: Any) -> None:
            pick = route.to.pick
            pick.card, pick.hero, pick.chosen = card, hero, -1
            if hero or card:
                pick.favor = "" if hero or pick.favor in (*ALONE, *HAND) else pick.favor
            refresh()

        return go

    def set_favor(name: str) -> Any:
        def go(_: Any) -> None:
            pick = route.to.pick
            pick.favor, pick.chosen = name, -1
            if name in ALONE or name in HAND:
                pick.card, pick.hero = 0, False
            refresh()

        return go

    cards = [
        _chip(f"ff-card-{n}", str(n), pick.card == n and not pick.hero, set_card(n), 56)
        for n in range(1, 11)
    ]
    cards.append(_chip("ff-card-hero", "Hero", pick.hero, set_card(0, True), 72))
    open_ = pick.more or pick.favor in HAND
    favors = [
        _chip(
            f"ff-favor-{name or 'none'}",
            name.capitalize() or "No Favor",
            pick.favor == name,
            set_favor(name),
            96,
        )
        for name in ((*FAVORS, *HAND) if open_ else FAVORS)
    ]

    def toggle_more(_: Any) -> None:
        pick = route.to.pick
        pick.more = not open_
        if not pick.more and pick.favor in HAND:
            pick.favor, pick.chosen = "", -1
        refresh()

    favors.append(_chip("ff-favor-more", "Fewer" if open_ else "More…", False, toggle_more, 96))
    return ft.Column(
        spacing=10,
        controls=[
            theme.muted("Card played"),
            ft.Row(cards, wrap=True, spacing=6, run_spacing=6),
            theme.muted("Favor (optional)"),
            ft.Row(favors, wrap=True, spacing=6, run_spacing=6),
        ],
    )


def _proposals(ctx: PanelContext, pick: Pick) -> tuple[list[Play | PlayFavor], Verdict | None]:
    """The outcomes listed for the picks, and the answer above them: for a card and a
    column tapped on the board, what the card does with that column or why it cannot
    (``explain.column_verdict``); for a card alone that has no outcome, why not
    (``explain.card_verdict``). Outcomes are those of the hero whose turn it is (Athena:
    of this phone's seat, who answers out of turn)."""
    state: FfState = ctx.state
    if state.phase != "play":
        return [], None
    if pick.favor in HAND:
        return list(_hand_favor_plays(ctx, pick.favor)), None
    if _zeus(pick):
        if sum(pick.split.values()) != ZEUS_SPACES:
            return [], None
        try:  # only the picked split's outcomes: never every Zeus play at once
            return ctx.game.zeus_outcomes(state, pick.split), None
        except MalformedAction:
            return [], None
    if not (pick.card or pick.hero or pick.favor in ALONE):
        return [], None
    card = 0 if pick.hero else pick.card
    favor = "hero" if pick.hero else (pick.favor if (card == 0 or pick.favor not in ALONE) else "")
    seat = state.seat
    if favor == "athena" and card == 0:
        seat = ctx.seat if ctx.seat is not None else state.seat
        answer = card_verdict(state, seat, 0, "athena")
        return list(answer.plays), None if answer.plays else answer.verdict
    if pick.column is not None:
        colour, start = pick.column
        answer = column_verdict(state, seat, card, favor, colour, start)
        return list(answer.plays), answer.verdict
    plays: list[Play | PlayFavor] = list(ctx.game.outcomes(state, card, favor))
    if plays:
        return plays, None
    return [], card_verdict(state, seat, card, favor).verdict


def _zeus(pick: Pick) -> bool:
    return pick.favor == "zeus" and pick.card == 0 and not pick.hero


def _hand_favor_candidates(ctx: PanelContext, favor: str) -> list[PlayFavor]:
    """Every aim (a seat, or none) and draw count for the hero whose turn it is, legal or
    not: the rules say which are (``ctx.check``)."""
    state: FfState = ctx.state
    n = len(state.players)
    return [
        PlayFavor(state.seat, favor, target, draws)
        for target in range(-1, n)
        for draws in range(0, max(4, n + 1))
    ]


def _hand_favor_plays(ctx: PanelContext, favor: str) -> list[PlayFavor]:
    return [p for p in _hand_favor_candidates(ctx, favor) if ctx.check(p).legal]


def _favor_words(ctx: PanelContext, act: PlayFavor) -> str:
    state: FfState = ctx.state
    parts = [act.favor.capitalize()]
    if act.target >= 0:
        parts.append(f"aimed at {state.players[act.target]}")
    if act.favor in ("artemis", "demeter"):
        parts.append(f"drawing {act.draws}")
    verdict = ctx.check(act)
    return " ".join(parts) + (f" — {'; '.join(verdict.effects)}" if verdict.effects else "")


def _outcome_words(ctx: PanelContext, play: Play | PlayFavor) -> str:
    if isinstance(play, PlayFavor):
        return _favor_words(ctx, play)
    verdict = ctx.check(play)
    effects = [e for e in verdict.effects if e != "columns move"]
    text = ctx.game.steps_text(ctx.state, play.steps) or "undo the rival's last play"
    return text + (f" — {'; '.join(effects)}" if effects else "")


def _outcomes(
    ctx: PanelContext,
    pick: Pick,
    plays: list[Play | PlayFavor],
    chosen: Play | PlayFavor | None,
    answer: Verdict | None,
    refresh: Any,
) -> list[ft.Control]:
    if not (pick.card or pick.hero or pick.favor in ALONE or pick.favor in HAND):
        return [theme.muted("Tap the card you hold to see everything it can do.")]
    out: list[ft.Control] = []
    if answer is not None:
        # what the card does with the tapped column, or why nothing can be played
        out.append(widgets.verdict_box(answer, "ff-answer", ctx.open_rule))
    if plays:
        count = counted(len(plays), "outcome")
        if pick.column is not None:
            count += " for the picked column (ringed on the board)"
    elif _zeus(pick):
        count = "No order of these parts can be carried out: change the split."
    elif answer is not None:
        count = "No outcome."
    else:
        count = "No legal outcome: this card cannot be played now."
    out.append(theme.tagged("ff-outcome-count", ft.Text(count, size=15)))
    if pick.column is not None:

        def let_go(_: Any) -> None:
            pick.column, pick.chosen = None, -1
            refresh()

        out.append(
            theme.tagged(
                "ff-column-clear",
                ft.TextButton("Show every column's outcomes", on_click=let_go),
            )
        )
    if not plays and pick.favor in HAND:
        # say why, in the rules' words: the first refusal of the plainest way to play it
        refusal = ctx.check(_hand_favor_candidates(ctx, pick.favor)[0])
        out.append(
            theme.tagged(
                "ff-favor-why",
                ft.Text(f"{refusal.reason} [{', '.join(refusal.rules)}]", color=theme.BAD, size=14),
            )
        )

    def choose(i: int) -> Any:
        def go(_: Any) -> None:
            pick.chosen = i
            refresh()

        return go

    for i, play in enumerate(plays[:SHOWN]):
        steps = play.steps if isinstance(play, Play) else ()
        colour = steps[0].colour if steps else ctx.state.seat_colours[ctx.state.seat][0]
        out.append(
            ft.Semantics(
                identifier=f"ff-outcome-{i}",
                button=True,
                selected=i == pick.chosen,
                content=ft.Container(
                    ft.Row(
                        [
                            ft.Container(
                                width=10, height=36, bgcolor=PAINT[colour], border_radius=4
                            ),
                            ft.Text(_outcome_words(ctx, play), size=14, expand=True),
                        ]
                    ),
                    padding=8,
                    border_radius=10,
                    border=ft.Border.all(2 if i == pick.chosen else 1, ft.Colors.OUTLINE),
                    bgcolor=ft.Colors.PRIMARY_CONTAINER if i == pick.chosen else None,
                    on_click=choose(i),
                    ink=True,
                ),
            )
        )
    if len(plays) > SHOWN:
        out.append(theme.muted(f"…and {len(plays) - SHOWN} more."))
    if chosen is not None:
        athena = isinstance(chosen, Play) and chosen.favor == "athena"
        mine = may_play(ctx, athena)
        verdict = ctx.check(chosen) if mine else _not_here(ctx, chosen)
        out.append(widgets.verdict_box(verdict, "ff-verdict", ctx.open_rule))
        if mine and verdict.legal:
            out.append(
                theme.tagged(
                    "ff-commit",
                    ft.FilledButton("Play this", on_click=lambda _: ctx.act(chosen)),
                )
            )
    return out


def _not_here(ctx: PanelContext, play: Play | PlayFavor) -> Verdict:
    """The verdict a phone that may not make ``play`` shows: for a seat's phone the rules'
    own answer for that seat (whose turn it is), otherwise why this phone only watches."""
    state: FfState = ctx.state
    if ctx.seat is not None:
        return ctx.check(replace(play, seat=ctx.seat))
    name = state.players[state.seat]
    if not ctx.can_act:
        return Verdict.no(f"This phone watches; {name} plays this on their turn.", "ff.turn.order")
    return Verdict.no(
        f"{name} plays from their own phone; this phone only shows what the card would do.",
        "ff.turn.order",
    )


def _match(
    ctx: PanelContext, pick: Pick, here: Here, refresh: Any, *, notice: bool
) -> list[ft.Control]:
    """The match block; kept while both forms are shut (it then draws only the words of
    ``match.status_words`` and two buttons)."""
    if pick.draft.open:
        return match.section(ctx, pick.draft, refresh, notice=notice)
    words = match.status_words(ctx.state)
    return [
        ctx.kept_routed(
            "ff-match",
            (notice, words),
            lambda route: ft.Column(
                match.section(ctx, pick.draft, refresh, notice=notice, route=route)
            ),
            here,
        )
    ]


def _stuck(ctx: PanelContext, pick: Pick, here: Here, refresh: Any) -> list[ft.Control]:
    """A "No card can be played: new hand" button (ff.turn.stuck) that asks first: the
    second step names what it does and waits for a yes."""
    state: FfState = ctx.state
    mine = may_play(ctx)
    seat = state.seat

    def cancel(_: Any) -> None:
        pick.confirm_stuck = False
        refresh()

    if not mine or not pick.confirm_stuck:

        def button(route: Route) -> ft.Control:
            def ask(_: Any) -> None:
                route.to.pick.confirm_stuck = True
                route.to.refresh()

            # always there, hidden on a phone that may not play now: the list keeps its
            # shape and a phone whose answer did not change gets nothing new
            return theme.tagged(
                "ff-stuck",
                ft.OutlinedButton("No card can be played: new hand", on_click=ask, visible=mine),
            )

        return [ctx.kept_routed("ff-stuck", (seat if mine else -1, mine), button, here)]
    name = state.players[seat]
    nxt = state.players[state.order[(state.turn + 1) % len(state.order)]]
    words = (
        f"{name} discards the whole hand, draws {state.hand_sizes[seat]} new cards and plays "
        f"nothing this turn; then it is {nxt}'s turn. Only when no card in the hand can be "
        "played."
    )
    verdict = ctx.check(Stuck(seat))
    out: list[ft.Control] = [
        theme.tagged("ff-stuck-ask", ft.Text(words, size=14)),
    ]
    if not verdict.legal:
        out.append(widgets.verdict_box(verdict, "ff-stuck-verdict", ctx.open_rule))
    buttons: list[ft.Control] = [
        theme.tagged("ff-stuck-no", ft.OutlinedButton("Keep playing", on_click=cancel)),
    ]
    if verdict.legal:
        buttons.insert(
            0,
            theme.tagged(
                "ff-stuck-yes",
                ft.FilledButton("Yes: new hand", on_click=lambda _: ctx.act(Stuck(seat))),
            ),
        )
    out.append(ft.Row(buttons, wrap=True, spacing=8, run_spacing=8))
    return [
        ft.Container(
            padding=10,
            border_radius=10,
            border=ft.Border.all(1, ft.Colors.OUTLINE),
            content=ft.Column(spacing=8, controls=out),
        )
    ]


def _hand(ctx: PanelContext) -> list[ft.Control]:
    """A seat's own phone may note its hand; it never leaves that seat's view."""
    state: FfState = ctx.state
    seat = ctx.seat
    if seat is None or not ctx.can_act:
        return []
    playable = tuple(ctx.game.playable(state, seat))
    # Drawn from this seat's hand, whose turn it is and what it can play now; its save acts
    # through the context (the same for every drawing of this screen).
    inputs = (seat, state.hands[seat], state.seat, playable)
    return [ctx.kept("ff-hand", inputs, lambda: _hand_section(ctx, seat, playable))]


def _hand_section(ctx: PanelContext, seat: int, playable: tuple[str, ...]) -> ft.Control:
    state: FfState = ctx.state
    field = ft.TextField(
        label="Your hand (private), e.g. 3 7 10 zeus",
        value=" ".join(state.hands[seat]),
    )

    def save(_: Any) -> None:
        ctx.act(EnterHand(seat, tuple((field.value or "").lower().split())))

    if not state.hands[seat]:
        note = "No hand noted."
    elif seat != state.seat:
        note = "Your hand: " + ", ".join(state.hands[seat])
    elif playable:
        note = (
            "Your hand: " + ", ".join(state.hands[seat]) + ". Playable now: " + ", ".join(playable)
        )
    else:
        note = "Your hand: " + ", ".join(state.hands[seat]) + ". No card in it can be played now."
    return ft.Column(
        spacing=10,
        controls=[
            theme.heading("Your hand"),
            theme.tagged("ff-hand-field", field),
            theme.tagged("ff-hand-save", ft.OutlinedButton("Note my hand", on_click=save)),
            theme.tagged("ff-hand-note", ft.Text(note, size=14)),
        ],
    )


def _score_pad(ctx: PanelContext) -> list[ft.Control]:
    state: FfState = ctx.state
    sheet = ctx.game.score(state)
    ended = state.phase in ("won", "lost") and ctx.can_act
    # Drawn from the score sheet and whether the next game may be started here alone.
    return [ctx.kept("ff-score", (sheet, ended), lambda: _score_section(ctx, sheet, ended))]


def _score_section(ctx: PanelContext, sheet: Any, ended: bool) -> ft.Control:
    rows = []
    for seat, player in enumerate(sheet.players):
        games = " ".join(str(i.points) for i in player.items) or "–"
        rows.append(
            ft.Row(
                [
                    ft.Text(player.name, expand=True, size=15),
                    ft.Text(games, size=14, color=theme.MUTED),
                    theme.tagged(
                        f"ff-score-{seat}-total",
                        ft.Text(str(player.total), size=16, weight=ft.FontWeight.BOLD),
                    ),
                ]
            )
        )
    out: list[ft.Control] = [theme.heading("Score pad"), *rows, theme.muted(sheet.summary)]
    if ended:
        out.append(
            ft.Row(
                [
                    theme.tagged(
                        "ff-next-game",
                        ft.FilledButton("Next game", on_click=lambda _: ctx.act(NextGame())),
                    ),
                    theme.tagged(
                        "ff-end-series",
                        ft.OutlinedButton("End series", on_click=lambda _: ctx.act(EndSeries())),
                    ),
                ]
            )
        )
    return ft.Column(spacing=10, controls=out)
