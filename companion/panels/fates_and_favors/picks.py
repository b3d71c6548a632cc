"""What one device has picked on the Fates and Favors screen (``Pick``, kept per page and
dropped when the turn moves on), where taps on a kept section go (``Here``), the Favor
groups the card picker offers, and who may play from this device (``may_play``)."""

from __future__ import annotations

import contextlib
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from rules.fates_and_favors import FfState
from rules.fates_and_favors.turns import HAND_FAVORS

from ..base import PanelContext
from . import match

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
    hands: dict[int, str] = field(default_factory=dict)  # seat -> hand typed, not noted yet

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
        if pick is None:
            # Dropped with the page: a closed visit's picks go, and a later page that
            # Python puts at the same address does not find them.
            with contextlib.suppress(TypeError):  # test doubles without weak references
                weakref.finalize(page, _MEMORY.pop, key, None)
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
