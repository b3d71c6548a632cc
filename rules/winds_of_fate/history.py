"""Winds of Fate: one plain history line per action. Lines never name a secret: destiny
cards are named by position, privately entered card totals not at all."""

from __future__ import annotations

from rules.core import Action
from rules.core.words import counted

from .actions import (
    BetDestiny,
    ClaimReward,
    Contribute,
    Destiny,
    Draw,
    Journey,
    LayBoard,
    MoveBet,
    Pass,
    PlaceBet,
    PlayCard,
    PlaySpecial,
    RecordDestiny,
    Resolve,
    RevealRewards,
    SetPath,
    Skip,
    TakeChip,
    Wander,
)
from .components import SPECIAL_NAMES, node_label
from .guards import who
from .state import WofState


def describe(s: WofState, act: Action) -> str:
    seat = getattr(act, "seat", None)
    name = who(s, seat) if isinstance(seat, int) else ""
    if isinstance(act, LayBoard):
        return "The encounter tiles are laid on the board and turn order tiles dealt."
    if isinstance(act, RecordDestiny):
        return f"{name} looks at their destiny cards; the first chip is on card {act.start + 1}."
    if isinstance(act, SetPath):
        return (
            f"The board: the {act.path} path from {node_label(act.node, s.board)} leads to "
            f"{node_label(act.to, s.board)}."
        )
    if isinstance(act, PlaceBet):
        return f"{name} bets on round {act.space}."
    if isinstance(act, BetDestiny):
        return f"{name} bets on destiny card {act.position + 1}."
    if isinstance(act, MoveBet):
        return f"{name} moves the bet on round {act.space} to round {act.to}."
    if isinstance(act, TakeChip):
        return f"{name} takes a bet chip at Circe."
    if isinstance(act, Destiny):
        return f"{name} adds a chip to destiny card {act.position + 1}."
    if isinstance(act, Skip):
        return f"{name} lets this choice go."
    if isinstance(act, Draw):
        return f"{name} draws {counted(s.draw_count, 'card')}."
    if isinstance(act, RevealRewards):
        return f"Reward tiles are turned up (red {', '.join(map(str, act.reds))})."
    if isinstance(act, PlayCard):
        return f"{name} plays a {act.card.title()} card face down."
    if isinstance(act, PlaySpecial):
        return f"{name} plays the special card {SPECIAL_NAMES.get(act.special, act.special)}."
    if isinstance(act, Pass):
        return f"{name} passes."
    if isinstance(act, ClaimReward):
        return f"{name} claims reward tile {act.tile + 1}."
    if isinstance(act, Contribute):
        return f"{name} enters a card total in secret."
    if isinstance(act, Resolve):
        return f"The adventure is resolved ({act.god.title()} {act.value})."
    if isinstance(act, Journey):
        return "Odysseus journeys on" + (f" to {node_label(act.to, s.board)}." if act.to else ".")
    if isinstance(act, Wander):
        return f"Odysseus wanders ({act.god.title()})."
    return f"{act.kind}."
