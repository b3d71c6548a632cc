"""What the picked card can do: every play the rules accept for the picks (``_proposals``),
listed as outcomes with their verdicts, the chosen one's verdict and "Play this" (only on
a phone whose seat may play it)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import flet as ft

from rules.core import MalformedAction, Verdict
from rules.core.words import counted
from rules.fates_and_favors import FfState, Play, PlayFavor
from rules.fates_and_favors.explain import card_verdict, column_verdict
from rules.fates_and_favors.zeus import ZEUS_SPACES

from ... import theme
from .. import widgets
from ..base import PanelContext
from .picks import ALONE, HAND, SHOWN, Pick, may_play
from .picture import PAINT


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
