"""Turns and the cards around them: playing, favors that touch only hands, a stuck hand,
entering a hand, the end of a game and of the series, and editing the data to match a copy.

Each ``check_*`` returns a ``Verdict``; each ``do_*`` the state after the (legal) action.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core import Verdict
from rules.core.words import plural

from .actions import (
    Concede,
    EditBoard,
    EditFate,
    EndSeries,
    EnterHand,
    NextGame,
    Play,
    PlayFavor,
    Stuck,
)
from .board import layout_problem
from .data import COLOURS, cards
from .movement import Refusal
from .plays import Resolved, resolve, steps_text
from .seats import board_of, rival_colours, team_done, team_of_seat, teammate_seats
from .setup import LAYOUTS, start_columns
from .state import FfState, GameResult

MAX_HAND = 12
HAND_FAVORS = ("hera", "hades", "hephaestus", "aphrodite", "artemis", "demeter", "hermes")


def seat_problem(state: FfState, seat: int) -> Verdict | None:
    if not 0 <= seat < len(state.players):
        return Verdict.no(f"There is no seat {seat} at this table.", "ff.turn.order")
    return None


def turn_problem(state: FfState, seat: int) -> Verdict | None:
    problem = seat_problem(state, seat)
    if problem:
        return problem
    if state.phase != "play":
        return Verdict.no(
            "This game has ended: start the next one or end the series.", "ff.app.series"
        )
    if seat != state.seat:
        return Verdict.no(f"It is {state.players[state.seat]}'s turn.", "ff.turn.order")
    return None


# ----- playing a card ---------------------------------------------------------------------


def check_play(state: FfState, act: Play) -> tuple[Verdict, FfState | None]:
    """The verdict on ``act`` and, when legal, the state after it."""
    if act.favor == "athena" and act.card == 0 and not act.hero:
        problem = seat_problem(state, act.seat) or (
            Verdict.no("This game has ended.", "ff.app.series") if state.phase != "play" else None
        )
    else:
        problem = turn_problem(state, act.seat)
    if problem:
        return problem, None
    if act.hero and state.hero_cards[act.seat] <= 0:
        return Verdict.no("This hero's Hero card is already used.", "ff.hero.card"), None
    if act.favor and state.coop:
        favor = cards().favor(act.favor)
        if favor is not None and not favor.lightning:
            return Verdict.no(
                f"{favor.title} has no lightning bolt, so it is not in the co-op deck.",
                "ff.coop.deck",
            ), None
    try:
        done = resolve(state, act)
    except Refusal as exc:
        return Verdict.no(exc.reason, exc.rule), None
    after = _after_play(state, act, done)
    effects = play_effects(state, done)
    rules = [*done.rules, *sorted(done.sim.rules - set(done.rules))]
    if after.phase in ("won", "lost"):
        rules.append("ff.coop.goal" if state.coop else "ff.end.win")
    what = (
        "the Hero card"
        if act.hero
        else (f"Fate #{act.card}" if act.card else act.favor.capitalize())
    )
    if act.card and act.favor:
        what += f" with {act.favor.capitalize()}"
    reason = f"{state.players[act.seat]} plays {what}"
    reason += f": {steps_text(state, act.steps)}." if act.steps else "."
    return Verdict.ok(reason, *dict.fromkeys(rules), effects=effects), after


def play_effects(state: FfState, done: Resolved) -> list[str]:
    b = board_of(state)
    out = []
    for h in done.sim.hits:
        where = "back to its quarry" if h.to == -1 else f"to {b.name(h.to)}"
        out.append(f"{COLOURS[h.colour]} column hit on {b.name(h.space)}: {where}")
    for space in done.sim.bridges:
        out.append(f"crosses a bridge to {b.name(space)}")
    for c in done.sim.temples:
        out.append(f"{COLOURS[c]} column enters its temple track")
    if done.again:
        out.append("take another turn")
    return out or ["columns move"]


def _after_play(state: FfState, act: Play, done: Resolved) -> FfState:
    athena = act.favor == "athena"
    if athena:  # out of turn: the rival's turn is undone and nothing is left to answer
        state = replace(state, before=(), last_seat=-1, swaps=())
    else:
        state = _turn_goes_on(state, act.seat)
    swaps = state.swaps
    if act.favor == "apollo":
        swaps = (*swaps, (act.steps[0].start, act.steps[1].start))
    hero = list(state.hero_cards)
    if act.hero:
        hero[act.seat] -= 1
    state = replace(
        state,
        columns=done.sim.columns(),
        hero_cards=tuple(hero),
        last_fate=_discarded(state, act.seat, act.card),
        swaps=swaps,
        again=state.again if athena else done.again,
        hands=_forget(state, act.seat, [str(act.card)] if act.card else [], act.favor),
    )
    state = _draw(state, act.seat, done.cards_used, 0)
    state = _check_end(state)
    if state.phase == "play" and not athena and not done.again:
        state = _advance(state)
    return state


def _turn_goes_on(state: FfState, seat: int) -> FfState:
    """``seat`` acts on its turn: a fresh turn remembers the board it began with (for
    Athena); an extra turn (ff.turn.again) continues the turn already remembered."""
    if state.again and state.last_seat == seat and state.before:
        return state
    return replace(state, before=state.columns, last_seat=seat, swaps=())


def _discarded(state: FfState, seat: int, fate: int) -> tuple[int, ...]:
    """``last_fate`` once ``seat`` has put Fate ``fate`` (0: anything else) on the pile:
    only the card on top can be taken by Hephaestus (ff.favor.hephaestus)."""
    return tuple(fate if s == seat else 0 for s in range(len(state.players)))


def _forget(state: FfState, seat: int, fates: list[str], favor: str) -> tuple[tuple[str, ...], ...]:
    """Take the played cards out of ``seat``'s entered hand (if it entered one)."""
    hand = list(state.hands[seat])
    for card in [*fates, *([favor] if favor else [])]:
        if card in hand:
            hand.remove(card)
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    return tuple(hands)


def _draw(state: FfState, seat: int, played: int, extra: int) -> FfState:
    """Co-op and solo count the cards: ``seat`` played ``played`` cards, draws ``extra``
    (as far as the pile goes) and then draws back up to its hand size from what is left."""
    if not state.coop:
        return state
    held = list(state.held)
    deck = state.deck
    got = min(extra, deck)
    held[seat] = max(0, held[seat] - played) + got
    deck -= got
    refill = min(max(0, state.hand_sizes[seat] - held[seat]), deck)
    held[seat] += refill
    return replace(state, deck=deck - refill, held=tuple(held))


def _advance(state: FfState) -> FfState:
    """The next turn, skipping a seat Hera named (once per Hera). A skipped turn puts
    time between a discard and Hephaestus, so it clears ``last_fate``. In co-op and solo
    the hero starting a turn first discards down to the hand size (extra cards from
    Demeter), as the turn's first phase says (ff.turn.phases)."""
    skips = list(state.skips)
    turn = state.turn
    skipped = False
    for _ in range(len(state.order) * 2):
        turn = (turn + 1) % len(state.order)
        seat = state.order[turn]
        if seat in skips:
            skips.remove(seat)
            skipped = True
            continue
        break
    if skipped:
        state = replace(state, last_fate=_discarded(state, -1, 0))
    state = replace(state, turn=turn, skips=tuple(skips), again=False)
    if state.coop:
        seat = state.order[turn]
        held = list(state.held)
        held[seat] = min(held[seat], state.hand_sizes[seat])
        state = replace(state, held=tuple(held))
    return state


def _check_end(state: FfState) -> FfState:
    b = board_of(state)
    if state.coop:
        if all(team_done(state, t) for t in set(state.teams)):
            bonus = state.deck + sum(state.held)
            points = tuple(1 + bonus for _ in state.players)
            result = GameResult(points, tuple(range(len(state.players))), True)
            return replace(state, phase="won", series=(*state.series, result))
        if state.deck == 0 and sum(state.held) == 0:
            return _lost(state)
        return state
    for team in (0, 1):
        if team_done(state, team):
            rivals = [c for c in range(4) if state.teams[c] != team]
            left = sum(
                1
                for c in rivals
                for p in state.columns[c * 4 : c * 4 + 4]
                if b.temple_of(p) is None
            )
            winners = tuple(s for s in range(len(state.players)) if team_of_seat(state, s) == team)
            points = tuple(3 + left if s in winners else 0 for s in range(len(state.players)))
            return replace(
                state, phase="won", series=(*state.series, GameResult(points, winners, True))
            )
    return state


def _lost(state: FfState) -> FfState:
    result = GameResult(tuple(0 for _ in state.players), (), False)
    return replace(state, phase="lost", series=(*state.series, result))


# ----- favors that only touch hands ----------------------------------------------------------


def _draw_words(draws: range) -> str:
    """How many cards a hand Favor draws, as a sentence's end: "draws no cards.",
    "draws exactly 4 cards.", "draws 0 to 3 cards."."""
    low, high = draws.start, draws.stop - 1
    if high == 0:
        return "draws no cards."
    if low == high:
        return f"draws exactly {low} card{'s' if low != 1 else ''}."
    return f"draws {low} to {high} cards."


def check_favor(state: FfState, act: PlayFavor) -> Verdict:
    problem = turn_problem(state, act.seat)
    if problem:
        return problem
    rule = f"ff.favor.{act.favor}"
    favor = cards().favor(act.favor)
    if favor is None or act.favor not in HAND_FAVORS:
        return Verdict.no(
            f"{act.favor!r} is not a Favor played on hands; board Favors are played as a move.",
            "ff.favor.one",
        )
    if state.coop and not favor.lightning:
        return Verdict.no(f"{favor.title} is not in the co-op deck.", "ff.coop.deck")
    n = len(state.players)
    target_needed = act.favor in ("hera", "hades", "aphrodite", "hermes", "hephaestus")
    if target_needed and not 0 <= act.target < n:
        return Verdict.no(f"{favor.title} needs a hero to aim at.", rule)
    if not target_needed and act.target != -1:
        return Verdict.no(f"{favor.title} is not aimed at a hero.", rule)
    if act.favor in ("hera", "hades") and (
        state.seat_colours[act.target][0] not in rival_colours(state, act.seat)
        or act.target == act.seat
    ):
        return Verdict.no(f"{favor.title} must be aimed at a rival.", rule)
    if act.favor == "aphrodite" and act.target not in teammate_seats(state, act.seat):
        return Verdict.no("Aphrodite trades with a teammate sitting elsewhere.", rule)
    if act.favor == "hermes" and act.target == act.seat:
        return Verdict.no("Hermes takes from another hero.", rule)
    if act.favor == "hephaestus":
        right = _right_of(state)
        if act.target != right:
            return Verdict.no(
                f"Hephaestus takes from the hero on your right, {state.players[right]}.",
                rule,
                "ff.assume.hephaestus-right",
            )
        if state.last_fate[right] == 0:
            return Verdict.no(
                f"The last card on the discard pile is not a Fate {state.players[right]} "
                "just discarded: Hephaestus takes only that card.",
                rule,
            )
    draws = {"artemis": range(0, 4), "demeter": range(n, n + 1)}.get(act.favor, range(0, 1))
    if act.draws not in draws:
        return Verdict.no(f"{favor.title} {_draw_words(draws)}", rule)
    effects = [favor.effect]
    rules = [rule]
    if act.favor == "hera":
        effects = [f"{state.players[act.target]} misses their next turn"]
    if act.favor == "hephaestus":
        effects = [
            f"takes back the #{state.last_fate[act.target]} {state.players[act.target]} discarded"
        ]
        rules.append("ff.assume.hephaestus-right")
    if act.favor == "demeter" and state.coop and state.deck < act.draws:
        rules.append("ff.assume.demeter-short")
    if favor.again:
        effects.append("take another turn")
        rules.append("ff.turn.again")
    return Verdict.ok(f"{state.players[act.seat]} plays {favor.title}.", *rules, effects=effects)


def _right_of(state: FfState) -> int:
    """The hero on the right of the one whose turn it is: who played the turn before
    (turns go clockwise, ff.turn.order)."""
    return state.order[(state.turn - 1) % len(state.order)]


def do_favor(state: FfState, act: PlayFavor) -> FfState:
    favor = cards().favor(act.favor)
    assert favor is not None
    state = _turn_goes_on(state, act.seat)
    if act.favor == "hera":
        state = replace(state, skips=(*state.skips, act.target))
    taken = 1 if act.favor == "hephaestus" else 0  # the Fate picked up from the pile
    state = replace(
        state,
        hands=_forget(state, act.seat, [], act.favor),
        last_fate=_discarded(state, -1, 0),
        again=favor.again,
    )
    if act.favor == "artemis":
        # discard ``draws`` cards and draw as many, as far as the pile goes
        state = _draw(state, act.seat, 1 + act.draws, act.draws)
    elif act.favor == "demeter":
        state = _demeter(state, act.seat, act.draws)
    else:
        state = _draw(state, act.seat, 1 - taken, 0)
    state = _check_end(state)
    if state.phase == "play" and not favor.again:
        state = _advance(state)
    return state


def _demeter(state: FfState, seat: int, draws: int) -> FfState:
    """Co-op and solo: draw one card per hero and hand them out, the player's own first
    and then round the table in turn order; a short pile gives fewer
    (ff.assume.demeter-short). Extra cards are discarded at each hero's next turn."""
    if not state.coop:
        return state
    held = list(state.held)
    held[seat] -= 1
    got = min(draws, state.deck)
    n = len(state.players)
    for k in range(got):
        held[(seat + k) % n] += 1
    state = replace(state, held=tuple(held), deck=state.deck - got)
    return _draw(state, seat, 0, 0)


# ----- a stuck hand, concession -----------------------------------------------------------


def check_stuck(state: FfState, act: Stuck, playable: list[str]) -> Verdict:
    problem = turn_problem(state, act.seat)
    if problem:
        return problem
    if playable:
        cards = ", ".join(f"Fate {n}" if n.isdigit() else n.capitalize() for n in playable)
        return Verdict.no(
            f"{state.players[act.seat]}'s hand as entered can still play {cards}.",
            "ff.turn.stuck",
        )
    return Verdict.ok(
        f"{state.players[act.seat]} cannot play: the hand is discarded and a new one drawn.",
        "ff.turn.stuck",
        effects=["new hand of cards", "turn ends"],
    )


def do_stuck(state: FfState, act: Stuck) -> FfState:
    held = list(state.held)
    hands = list(state.hands)
    hands[act.seat] = ()
    if state.coop:
        got = min(state.hand_sizes[act.seat], state.deck)
        held[act.seat] = got
        state = replace(state, deck=state.deck - got, held=tuple(held))
    state = _turn_goes_on(state, act.seat)
    state = replace(state, hands=tuple(hands), last_fate=_discarded(state, -1, 0))
    state = _check_end(state)
    return _advance(state) if state.phase == "play" else state


def check_concede(state: FfState, act: Concede) -> Verdict:
    problem = seat_problem(state, act.seat)
    if problem:
        return problem
    if not state.coop:
        return Verdict.no("Only co-op and solo games end by conceding.", "ff.assume.coop-end")
    if state.phase != "play":
        return Verdict.no("This game has already ended.", "ff.app.series")
    return Verdict.ok(
        "The heroes see no way to finish: the game is lost.",
        "ff.assume.coop-end",
        effects=["game lost"],
    )


def do_concede(state: FfState, act: Concede) -> FfState:
    return _lost(state)


# ----- the hand on a phone ------------------------------------------------------------------


def card_names() -> tuple[str, ...]:
    return (*(str(n) for n in range(1, 11)), *(f.name for f in cards().favors))


def check_hand(state: FfState, act: EnterHand) -> Verdict:
    problem = seat_problem(state, act.seat)
    if problem:
        return problem
    if len(act.cards) > MAX_HAND:
        return Verdict.no(f"A hand holds at most {MAX_HAND} cards here.", "ff.app.hand")
    unknown = [c for c in act.cards if c not in card_names()]
    if unknown:
        return Verdict.no(
            f"Unknown {plural(len(unknown), 'card')}: {', '.join(unknown)[:80]}.", "ff.app.hand"
        )
    return Verdict.ok(
        "Your hand is noted on your phone only.", "ff.app.hand", effects=["hand noted"]
    )


def do_hand(state: FfState, act: EnterHand) -> FfState:
    hands = list(state.hands)
    hands[act.seat] = tuple(act.cards)
    return replace(state, hands=tuple(hands))


# ----- matching the copy on the table --------------------------------------------------------


def check_edit_fate(state: FfState, act: EditFate) -> Verdict:
    if state.phase == "over":
        return Verdict.no("The series is over.", "ff.app.series")
    if not 1 <= act.number <= len(state.fates):
        return Verdict.no("Fate cards are numbered 1 to 10.", "ff.app.copy")
    if not 1 <= len(act.actions) <= 3:
        return Verdict.no("A Fate card shows one to three actions.", "ff.app.copy")
    for n, a in enumerate(act.actions):
        problem = a.problem()
        if problem:
            return Verdict.no(f"Action {n + 1}: {problem}.", "ff.app.copy")
    copies = state.fates[act.number - 1].copies
    if not 0 <= act.lightning <= copies:
        return Verdict.no(f"Lightning copies are 0..{copies}.", "ff.app.copy")
    labels = "; ".join(a.label() for a in act.actions)
    return Verdict.ok(
        f"Fate #{act.number} now reads: {labels}.",
        "ff.app.copy",
        "ff.assume.fate-actions",
        effects=[f"Fate #{act.number}: {labels}"],
    )


def do_edit_fate(state: FfState, act: EditFate) -> FfState:
    old = state.fates[act.number - 1]
    new = replace(old, actions=tuple(act.actions), lightning=act.lightning)
    edits = tuple(f for f in state.edits if f.number != act.number)
    default = cards().fates[act.number - 1]
    edits = tuple(sorted((*edits, new) if new != default else edits, key=lambda f: f.number))
    return replace(state, edits=edits)


def check_edit_board(state: FfState, act: EditBoard) -> Verdict:
    if state.phase != "play":
        return Verdict.no("The board is set before a game starts.", "ff.app.copy")
    problem = layout_problem(act.arm, act.arm_bridge)
    if problem:
        return Verdict.no(f"That board cannot be: {problem}.", "ff.app.copy")
    if state.columns != start_columns(state.arm, state.arm_bridge):
        return Verdict.no(
            "The board can only change while every column is where it started.", "ff.app.copy"
        )
    return Verdict.ok(
        f"The board now has {act.arm} spaces per arm side, arm bridges {act.arm_bridge} out.",
        "ff.app.copy",
        "ff.assume.board-shape",
        effects=[f"arm {act.arm}, bridges at {act.arm_bridge}"],
    )


def do_edit_board(state: FfState, act: EditBoard) -> FfState:
    """The new board with every column where it starts. The board a finished turn began
    with means nothing on the new one, so Athena has no turn to undo; but a turn still
    going on (another turn owed, ff.turn.again: Demeter on the first turn) goes on, as
    begun on the new board, so the hero whose turn it is still takes it."""
    columns = start_columns(act.arm, act.arm_bridge)
    going_on = state.again
    return replace(
        state,
        arm=act.arm,
        arm_bridge=act.arm_bridge,
        columns=columns,
        before=columns if going_on else (),
        last_seat=state.last_seat if going_on else -1,
        swaps=(),
    )


# ----- the series ---------------------------------------------------------------------------


def check_next(state: FfState, act: NextGame) -> Verdict:
    if state.phase not in ("won", "lost"):
        return Verdict.no("The next game starts once this one has ended.", "ff.app.series")
    if act.seat_colours:
        problem = _colours_problem(state, act.seat_colours)
        if problem:
            return Verdict.no(problem, "ff.score.series")
    return Verdict.ok(
        f"Game {state.game_no + 1} of the series begins.",
        "ff.app.series",
        "ff.score.series",
        effects=["new board", "scores carried over"],
    )


def _colours_problem(state: FfState, seat_colours: tuple[tuple[int, ...], ...]) -> str | None:
    shape = [len(cs) for cs in LAYOUTS[state.mode][0]]
    if [len(cs) for cs in seat_colours] != shape:
        return f"Each seat keeps as many colours as before ({shape})."
    flat = sorted(c for cs in seat_colours for c in cs)
    if flat != [0, 1, 2, 3]:
        return "Every colour goes to exactly one seat."
    for cs in seat_colours:
        if len({state.teams[c] for c in cs}) > 1:
            return "A hero's two colours are teammates (red and yellow, or blue and green)."
    return None


def do_next(state: FfState, act: NextGame) -> FfState:
    from .setup import deck_size, hero_cards

    seats = act.seat_colours or state.seat_colours
    deck = deck_size(state.mode, state.fates) - sum(state.hand_sizes) if state.coop else 0
    return replace(
        state,
        seat_colours=seats,
        columns=start_columns(state.arm, state.arm_bridge),
        hero_cards=hero_cards(state.mode, seats),
        turn=(state.turn + 1) % len(state.order),
        skips=(),
        deck=deck,
        held=state.hand_sizes,
        hands=tuple(() for _ in state.players),
        last_fate=tuple(0 for _ in state.players),
        before=(),
        last_seat=-1,
        again=False,
        swaps=(),
        phase="play",
        game_no=state.game_no + 1,
    )


def check_end(state: FfState, act: EndSeries) -> Verdict:
    if state.phase == "play" and not state.series:
        return Verdict.no("No game of the series has ended yet.", "ff.app.series")
    return Verdict.ok(
        "The series ends: the score pad is final.",
        "ff.app.series",
        "ff.score.series",
        effects=["series closed"],
    )


def do_end(state: FfState, act: EndSeries) -> FfState:
    return replace(state, phase="over")
