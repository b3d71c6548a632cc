"""Scales of Fate: private notes and what each seat may see of the table.

A seat sees its own demigods, guess and notes, never the other seat's, until the game is
over; then demigods and guesses are revealed as at the table, and notes stay private.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core import Verdict

from .actions import Note
from .guards import Effects, Handlers, demigod_problem, seat_problem
from .state import SofState

MAX_NOTE_CHARS = 200


def check_note(state: SofState, act: Note) -> Verdict:
    problem = seat_problem(act.seat) or demigod_problem(act.demigod, "sof.app.notes")
    if problem:
        return problem
    if len(act.text) > MAX_NOTE_CHARS:
        return Verdict.no(f"A note holds at most {MAX_NOTE_CHARS} characters.", "sof.app.notes")
    return Verdict.ok("A private note on the score pad.", "sof.app.notes")


def do_note(state: SofState, act: Note) -> tuple[SofState, Effects]:
    """Write (or, with empty text, erase) ``act.seat``'s note on a demigod; no turn is used."""
    notes = [dict(state.notes[0]), dict(state.notes[1])]
    if act.text:
        notes[act.seat][act.demigod] = act.text
    else:
        notes[act.seat].pop(act.demigod, None)
    return replace(state, notes=(notes[0], notes[1])), []


def redact(state: SofState, seat: int | None) -> SofState:
    """Hide the other seat's demigods, final guess and notes (both seats' for ``None``).
    Once the game is over, demigods and guesses are revealed as at the table; notes
    always stay private."""
    hidden = [s for s in (0, 1) if s != seat]
    hands = list(state.hands)
    guesses = list(state.guesses)
    notes = [state.notes[0], state.notes[1]]
    for s in hidden:
        if state.phase != "over":
            hands[s] = ()
            guesses[s] = ()
        notes[s] = {}
    return replace(
        state,
        hands=(hands[0], hands[1]),
        guesses=(guesses[0], guesses[1]),
        notes=(notes[0], notes[1]),
    )


HANDLERS: Handlers = {
    Note: (check_note, do_note),
}
