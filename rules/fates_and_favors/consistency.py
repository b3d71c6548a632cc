"""What a Fates and Favors position must satisfy to have come from play, beyond the column
invariants of ``FatesAndFavors.invariants``: seats, teams and turn order as the mode sets
them, a phase that agrees with the board and the score pad, and the bookkeeping for
Hephaestus, Athena and the co-op card count within what play can produce.

Used by ``Game.validate_state`` for a state handed in from outside (``python -m rules
check`` with a ``"state"``), never on the live path, where states only come from ``apply``.
"""

from __future__ import annotations

from rules.core.words import counted

from .board import QUARRY
from .seats import board_of, team_done
from .setup import LAYOUTS, deck_size
from .state import MODES, FfState


def state_problems(state: FfState) -> list[str]:
    """Everything in ``state`` that no game could have reached, in plain words."""
    if state.mode not in MODES:
        return [f"{state.mode!r} is not a mode ({', '.join(MODES)})"]
    seats, order, hands = LAYOUTS[state.mode]
    n = len(seats)
    problems: list[str] = []
    if len(state.players) != n:
        problems.append(f"mode {state.mode} seats {n} heroes, not {len(state.players)}")
    if tuple(sorted(len(cs) for cs in state.seat_colours)) != tuple(
        sorted(len(cs) for cs in seats)
    ) or sorted(c for cs in state.seat_colours for c in cs) != [0, 1, 2, 3]:
        problems.append(f"the seats' colours do not fit mode {state.mode}")
    teams = (0, 0, 0, 0) if state.coop else (0, 1, 0, 1)
    if state.teams != teams:
        problems.append("the teams are not red with yellow against blue with green")
    if state.order != order:
        problems.append(f"the turn order of mode {state.mode} is {list(order)}")
    if state.hand_sizes != hands:
        problems.append(f"the hand sizes of mode {state.mode} are {list(hands)}")
    if problems:
        return problems
    return _phase_problems(state) + _bookkeeping_problems(state)


def _phase_problems(state: FfState) -> list[str]:
    problems: list[str] = []
    done = [t for t in sorted(set(state.teams)) if team_done(state, t)]
    if state.phase == "play" and done:
        problems.append("a team has built both temples, yet the game goes on")
    if state.phase == "won" and not done:
        problems.append("the game is marked won, yet no team has built its temples")
    if state.phase == "lost" and not state.coop:
        problems.append("only co-op and solo games are lost")
    if state.phase == "lost" and done:
        problems.append("the game is marked lost, yet every temple is built")
    if state.phase == "over" and not state.series:
        # ending a series needs a finished game (turns.check_end), so a series closed
        # with an empty score pad would name every hero a winner of nothing
        problems.append("the series is marked over, yet no game of it has ended")
    if not state.game_no >= 1:
        problems.append(f"game number {state.game_no} is not a game of the series")
    finished = state.game_no - (1 if state.phase == "play" else 0)
    allowed = {finished, state.game_no - 1} if state.phase == "over" else {finished}
    if len(state.series) not in allowed:
        problems.append(
            f"{counted(len(state.series), 'finished game')} on the score pad "
            f"in game {state.game_no}"
        )
    n = len(state.players)
    for k, result in enumerate(state.series):
        if len(result.points) != n or any(not 0 <= s < n for s in result.winners):
            problems.append(f"game {k + 1} on the score pad does not match the seats")
        elif result.won != bool(result.winners):
            problems.append(f"game {k + 1} on the score pad is won with no winner")
    if (
        state.phase in ("won", "lost")
        and state.series
        and state.series[-1].won != (state.phase == "won")
    ):
        problems.append(f"the game is marked {state.phase}, the score pad says otherwise")
    return problems


def _bookkeeping_problems(state: FfState) -> list[str]:
    problems: list[str] = []
    n = len(state.players)
    b = board_of(state)
    if any(not 0 <= f <= len(state.fates) for f in state.last_fate):
        problems.append("a last discarded Fate is not a Fate number")
    if sum(1 for f in state.last_fate if f) > 1:
        problems.append("only one card lies on top of the discard pile")
    if not -1 <= state.last_seat < n:
        problems.append(f"the last turn names seat {state.last_seat}, not a seat")
    if len(state.before) not in (0, 16) or (not state.before) != (state.last_seat == -1):
        problems.append("the board before the last turn is incomplete")
    if any(p != QUARRY and not 0 <= p < b.loop + 4 * b.temple_len for p in state.before):
        problems.append("the board before the last turn holds a space that does not exist")
    if state.again and state.last_seat != state.seat:
        problems.append("another turn is under way for a hero whose turn it is not")
    if any(not (b.on_track(x) and b.on_track(y)) for x, y in state.swaps):
        problems.append("Apollo swapped a column off the main track")
    if state.coop:
        total = deck_size(state.mode, state.fates)
        if any(h < 0 for h in state.held) or state.deck + sum(state.held) > total:
            problems.append(
                f"the pile and hands hold {state.deck + sum(state.held)} cards; "
                f"the lightning deck has {total}"
            )
        if any(h > size + n for h, size in zip(state.held, state.hand_sizes, strict=True)):
            problems.append("a hand holds more cards than play can give it")
    return problems
