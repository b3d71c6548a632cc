"""Odysseus: Winds of Fate: the printed numbers the rules rest on, and the board's places.

The board has Troy, nine spaces for encounter tiles (``"1"`` to ``"9"``) and Ithaca. Which
tile lies on which space is dealt at setup; where each space's calm and stormy paths lead is
printed on the board but not in the rulebook, so the table enters it (see ``state.paths``).
"""

from __future__ import annotations

from typing import Literal

TROY = "troy"
ITHACA = "ithaca"
SPACES: tuple[str, ...] = tuple(str(n) for n in range(1, 10))
NODES: tuple[str, ...] = (TROY, *SPACES, ITHACA)
"""Every place Odysseus can stand, in board order."""

ENCOUNTER_TILES: tuple[str, ...] = (
    "aeolia",
    "calypso",
    "charybdis",
    "circe",
    "cyclops",
    "laestrygonians",
    "lotophagi",
    "scheria",
    "scylla",
    "sirens",
)
"""The ten shuffled encounter tiles; nine go on the board, one stays unused."""

TILE_NAMES: dict[str, str] = {
    "troy": "Troy",
    "aeolia": "Aeolia",
    "calypso": "Calypso",
    "charybdis": "Charybdis",
    "circe": "Circe",
    "cyclops": "Cyclops",
    "laestrygonians": "Laestrygonians",
    "lotophagi": "Lotophagi",
    "scheria": "Scheria",
    "scylla": "Scylla",
    "sirens": "Sirens",
    "ithaca": "Ithaca",
}

CREW_BY_PLAYERS: dict[int, int] = {3: 25, 4: 30, 5: 35}
MIN_PLAYERS = 3
MAX_PLAYERS = 5
LAST_ROUND = 12
CHIPS_TOTAL = 50
START_CHIPS = 2
START_HELP = 3
START_HINDER = 3
BET_CHIP_VP = 2
UNUSED_CHIP_VP = 2
"""VP per unused chip at Aeolia and Scheria."""
TOP_CONTRIBUTOR_VP = 2
SPECIAL_PENALTY = 2
PAYOUT_LOSS_PER_SPACE = 3
DESTINY_BET_EXTRA = 2
"""Chips from the supply that go with a bet placed on a destiny card."""

Ending = Literal["safe", "dead", "stranded"]
ENDINGS: tuple[Ending, ...] = ("safe", "dead", "stranded")
ENDING_NAMES: dict[str, str] = {
    "safe": "Safe Return",
    "dead": "Dead",
    "stranded": "Stranded at Sea",
}

CardKind = Literal["help", "hinder"]
PathKind = Literal["calm", "stormy"]
God = Literal["athena", "poseidon"]
Special = Literal["draw", "vp", "advance"]
SPECIAL_NAMES: dict[str, str] = {
    "draw": "Draw 2 cards",
    "vp": "+2 VP",
    "advance": "Advance the round marker",
}

TURN_TILE_VP: dict[int, int] = {1: 4, 2: 2, 3: 0, 4: 0, 5: 0}
TURN_TILE_CARDS: dict[int, int] = {1: 0, 2: 1, 3: 2, 4: 3, 5: 4}
"""What the turn-order tile taken on passing gives: tile number → VP and cards drawn."""

DESTINY_TILES = ("aeolia", "calypso", "charybdis", "scheria")
"""Encounters where each player may take a destiny action."""
BET_TILES = ("troy", "scylla")
"""Encounters where each player may place one bet, in turn order."""
CREW_LOSS_ON_ARRIVAL: dict[str, int] = {"cyclops": 1, "laestrygonians": 3, "scylla": 6}
CREW_RETURN_ON_ARRIVAL: dict[str, int] = {"sirens": 2}
ROUND_ADVANCE_ON_ARRIVAL: dict[str, int] = {"calypso": 2, "lotophagi": 1}
UNUSED_CHIP_TILES = ("aeolia", "scheria")
SIRENS_DRAW = 2
LOTOPHAGI_RETURN = 3
CYCLOPS_HINDER = 3
ITHACA_HELP = 3
DIRECT_MOVES: dict[str, str] = {"aeolia": "scheria", "scheria": ITHACA}
"""A won adventure on these tiles sends Odysseus straight to the named tile."""


def node_label(node: str, board: tuple[str, ...]) -> str:
    """``"Troy"``, ``"Ithaca"`` or ``"space 4 (Circe)"`` for a space with a known tile."""
    if node in (TROY, ITHACA):
        return TILE_NAMES[node]
    if board and node in SPACES:
        return f"space {node} ({TILE_NAMES[board[int(node) - 1]]})"
    return f"space {node}"
