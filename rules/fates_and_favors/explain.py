"""Why a proposed play does or does not work: the answer a player gets after picking a card
and a column on the board.

``column_verdict`` answers "what can this card do with that column?": the card's outcomes
that move the column, or the first rule that stops every one of the card's actions for it
(the column is another hero's, safe on its temple track, in its quarry, blocked by its own
colour, at the end of its track...). ``card_verdict`` answers for the card as a whole: its
outcomes, or why no column at all can carry it out, column by column. Both only read the
rules (``plays``, ``movement``, ``enumeration``); they decide nothing the engine does not.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import Verdict

from .actions import Play, Step
from .board import QUARRY
from .data import COLOURS, FateAction, cards
from .enumeration import every_play, outcomes
from .movement import Refusal, Sim
from .plays import fate_action
from .seats import board_of, colours_for, team_colours
from .state import FfState
from .turns import check_play, turn_problem

BOARD_FAVORS = ("apollo", "hestia", "ares")
"""Favors played alone on one picked column (Zeus has its own picker, Athena names none)."""
NAMED = 4
"""Columns named one by one when a whole card is refused; the rest are counted."""


@dataclass(frozen=True)
class Answer:
    """The outcomes of a proposed play (``plays``, each legal) and the verdict on it: legal
    with a count of outcomes, or refused with the reason and the rule behind it."""

    plays: tuple[Play, ...]
    verdict: Verdict


def card_name(card: int, favor: str) -> str:
    """ "Fate #3", "Fate #3 with Poseidon", "the Hero card", "Hestia"."""
    if favor == "hero":
        return "the Hero card"
    if card:
        return f"Fate #{card}" + (f" with {favor.capitalize()}" if favor else "")
    return favor.capitalize() or "No card"


def legal_plays(state: FfState, seat: int, card: int, favor: str) -> tuple[Play, ...]:
    """Every distinct outcome of ``card`` with ``favor`` (see ``enumeration.outcomes``) that
    ``seat`` may play now."""
    return tuple(p for p in outcomes(state, seat, card, favor) if check_play(state, p)[0].legal)


def column_verdict(
    state: FfState, seat: int, card: int, favor: str, colour: int, start: int
) -> Answer:
    """What ``card`` (0 with ``favor`` "hero" for the Hero card, or a board Favor alone)
    played by ``seat`` can do with the ``colour`` column standing on ``start`` (``QUARRY``
    for one in its quarry): the outcomes that move it, or the reason none does."""
    b = board_of(state)
    where = (
        f"{COLOURS[colour]} on {b.name(start)}"
        if start != QUARRY
        else (f"a {COLOURS[colour]} column in its quarry")
    )
    what = card_name(card, favor)
    problem = _before_any_column(state, seat, favor)
    if problem is not None:
        return Answer((), problem)
    mine = _column_outcomes(state, seat, card, favor, colour, start)
    if mine:
        n = len(mine)
        return Answer(
            mine,
            Verdict.ok(
                _sentence(f"{what} can move {where}: {n} outcome{'s' if n != 1 else ''}."),
                *_card_rules(card, favor),
            ),
        )
    reasons = _why_not(state, seat, card, favor, colour, start)
    # a refusal that stops every action alike (a Favor no Fate card goes with) is said once
    text = "; ".join(dict.fromkeys(r.rstrip(".") for r, _ in reasons))
    rules = tuple(dict.fromkeys(rule for _, rule in reasons))
    return Answer((), Verdict.no(_sentence(f"{what} cannot move {where}: {text}."), *rules))


def card_verdict(state: FfState, seat: int, card: int, favor: str) -> Answer:
    """The outcomes of ``card`` with ``favor`` for ``seat``, or why it cannot be played now:
    whose turn it is, a used Hero card, or for each column on the board what stops it."""
    what = card_name(card, favor)
    if card == 0 and favor == "athena":  # out of turn, on no picked column
        answer = Play(seat, 0, 0, "athena")
        verdict = check_play(state, answer)[0]
        return Answer((answer,) if verdict.legal else (), verdict)
    problem = _before_any_column(state, seat, favor)
    if problem is not None:
        return Answer((), problem)
    plays = legal_plays(state, seat, card, favor)
    if plays:
        n = len(plays)
        return Answer(
            plays,
            Verdict.ok(
                _sentence(f"{what} has {n} outcome{'s' if n != 1 else ''}."),
                *_card_rules(card, favor),
            ),
        )
    reasons: list[tuple[str, str]] = []
    others: list[tuple[str, str]] = []  # columns the card never moves for this hero
    for colour, start in _candidates(state):
        why = _why_not(state, seat, card, favor, colour, start)
        label = _column_label(state, colour, start)
        line = (f"{label}: {why[0][0].rstrip('.')}", why[0][1])
        mine = any(rule != "ff.cards.whose" for _, rule in why)
        (reasons if mine else others).append(line)
    reasons = reasons or others
    shown = [r for r, _ in reasons[:NAMED]]
    if len(reasons) > NAMED:
        shown.append(f"and {len(reasons) - NAMED} more")
    rules = tuple(dict.fromkeys(rule for _, rule in reasons)) or ("ff.turn.stuck",)
    text = "; ".join(shown) if shown else "there is no column it could move"
    return Answer((), Verdict.no(f"No column can carry out {what}. {_sentence(text)}.", *rules))


def _column_outcomes(
    state: FfState, seat: int, card: int, favor: str, colour: int, start: int
) -> tuple[Play, ...]:
    """One legal play per distinct end among the plays that move the ``colour`` column on
    ``start``. ``outcomes`` keeps the first play found for an end, which may move another
    column: Hestia sending green from blue's gate onto a blue column on green's gate ends
    as Hestia sending that blue column home does. The column can still be moved."""
    found: dict[tuple[int, ...], Play] = {}
    for play, end in every_play(state, seat, card, favor):
        if end in found or not any(s.colour == colour and s.start == start for s in play.steps):
            continue
        if check_play(state, play)[0].legal:
            found[end] = play
    return tuple(found.values())


# ----- the reasons -------------------------------------------------------------------------


def _before_any_column(state: FfState, seat: int, favor: str) -> Verdict | None:
    """A refusal that holds for every column alike: not this hero's turn, the Hero card
    already used, a Favor missing from the co-op deck."""
    problem = turn_problem(state, seat)
    if problem is not None:
        return problem
    if favor == "hero" and state.hero_cards[seat] <= 0:
        return Verdict.no(f"{state.players[seat]}'s Hero card is already used.", "ff.hero.card")
    known = cards().favor(favor) if favor and favor != "hero" else None
    if known is not None and state.coop and not known.lightning:
        return Verdict.no(
            f"{known.title} has no lightning bolt, so it is not in the co-op deck.",
            "ff.coop.deck",
        )
    return None


def _card_rules(card: int, favor: str) -> tuple[str, ...]:
    if favor == "hero":
        return ("ff.hero.card",)
    rules = ["ff.cards.fates"] if card else []
    if favor:
        rules.append(f"ff.favor.{favor}")
    return tuple(rules)


def _candidates(state: FfState) -> list[tuple[int, int]]:
    """Every column once: each one on the board, then one per quarry that holds any."""
    out: list[tuple[int, int]] = []
    for colour in range(4):
        mine = state.columns[colour * 4 : colour * 4 + 4]
        out += [(colour, p) for p in mine if p != QUARRY]
    out += [(c, QUARRY) for c in range(4) if QUARRY in state.columns[c * 4 : c * 4 + 4]]
    return out


def _column_label(state: FfState, colour: int, start: int) -> str:
    if start == QUARRY:
        return f"{COLOURS[colour]} in the quarry"
    return f"{COLOURS[colour]} on {board_of(state).name(start)}"


def _why_not(
    state: FfState, seat: int, card: int, favor: str, colour: int, start: int
) -> list[tuple[str, str]]:
    """The reason (and rule) each of the card's actions fails for this column; never
    empty."""
    if favor == "hero":
        return [_why_hero(state, seat, colour, start)]
    if card == 0:
        return [_why_favor(state, seat, favor, colour, start)]
    if not 1 <= card <= len(state.fates):
        return [(f"Fate cards are numbered 1 to {len(state.fates)}.", "ff.cards.fates")]
    actions = state.fates[card - 1].actions
    out: list[tuple[str, str]] = []
    for option in range(len(actions)):
        try:
            spec = fate_action(state, card, option, favor)
        except Refusal as exc:
            out.append((exc.reason, exc.rule))
            continue
        reason, rule = _why_action(state, seat, spec, colour, start)
        if len(actions) > 1:
            reason = f"its action {option + 1} ({spec.label()}): {reason}"
        out.append((reason, rule))
    return out


def _why_action(
    state: FfState, seat: int, spec: FateAction, colour: int, start: int
) -> tuple[str, str]:
    b = board_of(state)
    allowed = colours_for(state, seat, spec.whose)
    if colour not in allowed:
        names = ", ".join(COLOURS[c] for c in allowed) or "none"
        return (
            f"it moves {state.players[seat]}'s {spec.whose.upper()} columns ({names}), and "
            f"{COLOURS[colour]} is not one of them.",
            "ff.cards.whose",
        )
    on_temple = b.temple_of(start) is not None
    if on_temple and colour not in team_colours(state, seat):
        return ("a column on its temple track is safe from rivals.", "ff.temple.safe")
    sim = Sim(b, state.columns, state.teams)
    if spec.start:
        if start != QUARRY:
            return (
                "it starts a column from its quarry, and this one is already out.",
                "ff.start.new-column",
            )
        try:
            sim.start_column(sim.find(colour, QUARRY))
        except Refusal as exc:
            return (_lower(exc.reason), exc.rule)
        return ("starting it leaves no legal play.", "ff.start.new-column")
    if start == QUARRY:
        return (
            "a column in its quarry comes out only by being started (a #10).",
            "ff.start.new-column",
        )
    where = b.temple_of(start)
    if where is not None and where[1] == b.temple_len - 1:
        return (
            "it stands on the last space of its temple track and can move no further.",
            "ff.temple.forward-only",
        )
    ways = {"forward": (False,), "backward": (True,), "either": (False, True)}[spec.direction]
    if on_temple and ways == (True,):
        return ("on a temple track columns only move forward.", "ff.temple.forward-only")
    first: tuple[str, str] | None = None
    part_way = False
    for backward in ways:
        for amount in range(spec.spaces, 0, -1):
            for bridge in (False, True):
                for temple in (False, True):
                    trial = sim.copy()
                    step = Step(colour, start, amount, backward, bridge, temple)
                    try:
                        trial.move(trial.find(colour, start), step)
                    except Refusal as exc:
                        if first is None and amount == spec.spaces:
                            first = (_lower(exc.reason), exc.rule)
                        continue
                    if amount < spec.spaces:
                        part_way = True
    if first is not None and part_way and spec.columns > 1:
        return (
            f"{first[0].rstrip('.')}, and no other column can take the rest of the "
            f"{spec.spaces} spaces.",
            "ff.move.in-full",
        )
    if first is not None:
        return first
    return ("every way of moving it leaves the rest of the action impossible.", "ff.move.in-full")


def _why_hero(state: FfState, seat: int, colour: int, start: int) -> tuple[str, str]:
    b = board_of(state)
    team = team_colours(state, seat)
    if colour not in team:
        names = ", ".join(COLOURS[c] for c in team)
        return (
            f"the Hero card moves TEAM columns ({names}), not {COLOURS[colour]}.",
            "ff.hero.card",
        )
    sim = Sim(b, state.columns, state.teams)
    if start == QUARRY:
        try:
            sim.start_column(sim.find(colour, QUARRY))
        except Refusal as exc:
            return (_lower(exc.reason), exc.rule)
        return ("raising it leaves no legal play.", "ff.hero.card")
    if not b.on_track(start):
        return (
            "a strike moves a column on the main track; this one is on its temple track.",
            "ff.hero.card",
        )
    targets = [p for p, slot in sim.at.items() if b.on_track(p) and slot // 4 != colour]
    if not targets:
        return ("there is no column of another colour on the main track to strike.", "ff.hero.card")
    return ("no strike from here ends on a column it may hit.", "ff.move.same-colour")


def _why_favor(state: FfState, seat: int, favor: str, colour: int, start: int) -> tuple[str, str]:
    b = board_of(state)
    rule = f"ff.favor.{favor}"
    if favor not in BOARD_FAVORS:
        return (
            f"{favor.capitalize() or 'No card'} is not played on one picked column.",
            "ff.favor.one",
        )
    if favor == "ares":
        rivals = colours_for(state, seat, "rival")
        if colour not in rivals:
            return (f"Ares sends back a RIVAL column, and {COLOURS[colour]} is not one.", rule)
        if not b.on_track(start):
            return ("Ares sends back only a column on the main track.", rule)
        return ("Ares cannot send this column back.", rule)
    if favor == "hestia":
        team = team_colours(state, seat)
        if colour not in team:
            return (
                f"Hestia sends a TEAM column to its gate, and {COLOURS[colour]} is not one.",
                rule,
            )
        if b.temple_of(start) is not None:
            return ("Hestia moves a column from the quarry or the main track.", rule)
        sim = Sim(b, state.columns, state.teams)
        try:
            sim.place(sim.find(colour, start), b.gates[colour], rule)
        except Refusal as exc:
            return (_lower(exc.reason), exc.rule)
        return ("Hestia cannot move this column.", rule)
    if not b.on_track(start):
        return ("Apollo swaps two columns standing on the main track.", rule)
    others = [slot for slot, p in enumerate(state.columns) if b.on_track(p) and slot // 4 != colour]
    if not others:
        return ("there is no column of another colour on the main track to swap with.", rule)
    return ("Apollo cannot swap this column.", rule)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _lower(sentence: str) -> str:
    """A rule's sentence continuing another: its first letter small (not in "RIVAL")."""
    if sentence[:2].isupper():
        return sentence
    return sentence[:1].lower() + sentence[1:]
