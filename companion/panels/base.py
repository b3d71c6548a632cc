"""The contract between the table screen and a game's panel.

The table screen owns the session, the live table and the error handling; a panel is just a
function from a ``PanelContext`` to a Flet control. Panels never mutate state themselves:
they build actions and pass them to ``act`` (which goes through ``LiveTable.do``), ask
``check`` for legality, and show verdicts with ``show_verdict``. Whatever ``act`` refuses
(illegal, stale, not your seat) is explained by the shell, with the rule IDs linking to the
rules reference, and nothing the player entered is lost.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Literal

import flet as ft

from rules.core import Action, Game, Verdict

Role = Literal["host", "seat", "viewer"]


class Route:
    """Where the taps of a kept control go: ``to`` is the panel object of the drawing that
    shows it now (set again on every drawing that reuses it). A kept control outlives the
    drawing that built it; its handlers call ``route.to.<method>`` so a tap always reaches
    the panel on screen, with that panel's picks and state."""

    def __init__(self) -> None:
        self.to: Any = None


@dataclass
class PanelContext:
    """Everything a panel may use to draw itself and to act.

    ``state`` is already redacted for this device (``LiveTable.state_for(seat)``): render it
    freely. ``seat`` is the seat this device plays, or ``None`` on the host/shared phone and
    for viewers. ``reveal`` exists only on the host/shared phone: it returns the redacted state
    for one seat, to be shown behind a hand-over privacy screen.
    """

    page: ft.Page
    game: Game[Any, Any]
    state: Any
    seat: int | None
    role: Role
    seat_names: list[str]
    version: int
    act: Callable[[Action], None]
    check: Callable[[Action], Verdict]
    show_verdict: Callable[[Verdict], None]
    reveal: Callable[[int], Any] | None = None
    open_rule: Callable[[str], None] | None = None
    """Open the rules reference at one rule ID (rule IDs in inline verdicts link there)."""
    moves: int = 0
    """Moves in effect (what players count: an undo takes one back, a redo puts it back),
    unlike ``version``, which grows on every change."""
    legal: Callable[[Any], list[Action]] | None = None
    """``game.legal_actions`` for ``state``, shared by every screen showing the same state
    (use ``legal_actions()``, which falls back to the game when a caller gives none)."""
    keep: Callable[[str, Hashable, Callable[[], ft.Control]], ft.Control] | None = None
    """The table screen's store of controls drawn last time (use ``kept()``)."""
    table_id: str = ""
    """The table shown: a panel's picks on this page belong to one table, never the next."""
    own_phone: frozenset[int] = frozenset()
    """On the host/shared phone: the seats whose players have moved from their own phone.
    Their secrets live there; the shared phone never offers to show them (``reveal``
    returns nothing secret for them either)."""

    def kept(self, key: str, inputs: Hashable, build: Callable[[], ft.Control]) -> ft.Control:
        """``build()``, or the very control this device drew under ``key`` last time when
        ``inputs`` are equal: the phone then gets nothing for it and the host neither builds
        nor compares it again. A kept control keeps its handlers, so it must depend on
        ``inputs`` and on this context's callbacks only (``act``, ``check``: the same for
        every drawing of one screen), never on anything else of the state. ``key`` is
        unique within one drawing; the control gets it as its list key."""
        if self.keep is None:
            return build()
        return self.keep(key, inputs, build)

    def kept_routed(
        self, key: str, inputs: Hashable, build: Callable[[Route], ft.Control], to: Any
    ) -> ft.Control:
        """``kept()`` for a control whose handlers act on a panel object rather than on this
        context's callbacks: ``build(route)`` wires its handlers through ``route.to``, and
        ``to`` (this drawing's panel) receives the taps from now on, reused or not. What the
        handlers read of ``to`` beyond its methods must be in ``inputs`` like the rest."""

        def make() -> ft.Control:
            route = Route()
            control = build(route)
            control._route = route  # type: ignore[attr-defined]  # found again when reused
            return control

        control = self.kept(key, inputs, make)
        control._route.to = to  # type: ignore[attr-defined]
        return control

    def legal_actions(self) -> list[Action]:
        """The legal actions in ``state``: worked out once per state for the whole table,
        not once per device (enumeration is the costliest question a screen asks)."""
        if self.legal is not None:
            return self.legal(self.state)
        return list(self.game.legal_actions(self.state))

    @property
    def can_act(self) -> bool:
        """Viewers only watch; hosts and seated players may submit actions."""
        return self.role != "viewer"


PanelBuilder = Callable[[PanelContext], ft.Control]
