"""Scales of Fate: the final guesses after Age 3, the reveal and the score pad.

When the second guess is locked in, the game is over: hands and guesses are revealed and the
score pad (``scoring``) decides the winner.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core import ScoreSheet, Verdict

from . import scoring
from .actions import FinalGuess
from .guards import Effects, Handlers, pair_problem, seat_problem
from .state import SofState


def check_guess(state: SofState, act: FinalGuess) -> Verdict:
    problem = seat_problem(act.seat)
    if problem:
        return problem
    if state.phase != "guess":
        return Verdict.no("Final guesses come after Age 3 has ended.", "sof.end.guess")
    if state.guesses[act.seat]:
        return Verdict.no(f"{state.players[act.seat]} has already guessed.", "sof.end.guess")
    problem = pair_problem(act.demigods, "sof.end.guess")
    if problem:
        return problem
    return Verdict.ok(f"{state.players[act.seat]} locks in a final guess.", "sof.end.guess")


def do_guess(state: SofState, act: FinalGuess) -> tuple[SofState, Effects]:
    guesses = list(state.guesses)
    guesses[act.seat] = act.demigods
    new = replace(state, guesses=(guesses[0], guesses[1]))
    effects = [f"{state.players[act.seat]} has guessed."]
    if all(new.guesses):
        new = replace(new, phase="over")
        sheet = score_sheet(new)
        effects.append("Guesses and demigods are revealed.")
        effects.append(sheet.summary)
    return new, effects


def score_sheet(state: SofState) -> ScoreSheet:
    """The score pad for ``state``. Raises ``ValueError`` when a hand is unknown (not
    dealt yet, or hidden from this copy of the state)."""
    if not all(len(h) == 2 for h in state.hands):
        raise ValueError("both players' demigods must be known to score")
    pads = [
        scoring.PadInput(
            name=state.players[seat],
            demigods=(state.hands[seat][0], state.hands[seat][1]),
            guess=state.guesses[seat],
            god_powers=state.powers_used_by(seat),
            first_player=state.first_player == seat,
        )
        for seat in (0, 1)
    ]
    return scoring.score_pads(state.renown, pads)


HANDLERS: Handlers = {
    FinalGuess: (check_guess, do_guess),
}
