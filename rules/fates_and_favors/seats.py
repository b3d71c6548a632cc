"""Who plays which colours, who is on whose team, and which columns a card may move."""

from __future__ import annotations

from .board import Board, board
from .data import Whose
from .state import FfState


def board_of(state: FfState) -> Board:
    return board(state.arm, state.arm_bridge)


def colour_done(state: FfState, colour: int) -> bool:
    """All four columns of ``colour`` stand on its temple sites."""
    b = board_of(state)
    return all(b.is_site(p) for p in state.columns[colour * 4 : colour * 4 + 4])


def team_of_seat(state: FfState, seat: int) -> int:
    return state.teams[state.seat_colours[seat][0]]


def team_colours(state: FfState, seat: int) -> tuple[int, ...]:
    team = team_of_seat(state, seat)
    return tuple(c for c in range(4) if state.teams[c] == team)


def own_colours(state: FfState, seat: int) -> tuple[int, ...]:
    """The seat's colours; once they are all home, its teammates' colours join them
    (ff.end.finished-hero). In co-op every colour is on one team, so a finished hero
    takes over the colours of the other heroes."""
    own = state.seat_colours[seat]
    if all(colour_done(state, c) for c in own):
        return team_colours(state, seat)
    return own


def rival_colours(state: FfState, seat: int) -> tuple[int, ...]:
    """Rival colours; in co-op and solo a card's RIVAL means ANY column (ff.coop.rival-any)."""
    if state.coop:
        return (0, 1, 2, 3)
    team = team_of_seat(state, seat)
    return tuple(c for c in range(4) if state.teams[c] != team)


def colours_for(state: FfState, seat: int, whose: Whose) -> tuple[int, ...]:
    if whose == "own":
        return own_colours(state, seat)
    if whose == "team":
        return team_colours(state, seat)
    if whose == "rival":
        return rival_colours(state, seat)
    return (0, 1, 2, 3)


def teammate_seats(state: FfState, seat: int) -> tuple[int, ...]:
    team = team_of_seat(state, seat)
    return tuple(
        s for s in range(len(state.players)) if s != seat and team_of_seat(state, s) == team
    )


def team_done(state: FfState, team: int) -> bool:
    return all(colour_done(state, c) for c in range(4) if state.teams[c] == team)
