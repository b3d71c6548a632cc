"""What one device may receive of one table: the state it draws, a seat's secrets on the
shared phone, and the codes Invite shows. Every screen asks here; nothing else decides it.

The answer rests on the device's access (the role and seat its code grants, see
``Hub.authorize``) and on what devices have done at the table (``LiveTable``), never on a
display name:

- a seat's own phone receives that seat's secrets and no other seat's;
- a watching device receives no seat's secrets;
- the host's device (the shared phone passed round the table) receives a seat's secrets
  only behind a hand-over, and never those of a seat whose player has acted from their
  own phone (``LiveTable.seats_on_own_phone``): those were entered there and stay there;
- only the host's device receives codes, and never the code of a seat that a device has
  already acted with (``LiveTable.code_played``): that code is in a player's hands, and
  showing it again would let the host's device open that player's secrets. A new code
  for that seat (which cuts the old device off) is what the host gets instead;
- a play given up before its end is kept as a watcher sees it (``companion.plays``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Disclosure:
    """The rules above for one device: ``role`` and ``seat`` as its code grants them
    (``seat`` only for a seat's own phone)."""

    live: Any
    """The ``LiveTable`` the device shows."""
    role: str
    """``'host'``, ``'seat'`` or ``'viewer'``."""
    seat: int | None = None

    @property
    def shared(self) -> bool:
        """Is this the host's device, the one phone that may be passed round?"""
        return self.role == "host"

    def state(self) -> Any:
        """The table's state as this device may draw it."""
        return self.live.state_for(self.seat if self.role == "seat" else None)

    def own_phone(self) -> frozenset[int]:
        """On the shared phone: the seats whose secrets stay on their own phones (empty
        elsewhere, where no hand-over is offered at all)."""
        return self.live.seats_on_own_phone() if self.shared else frozenset()

    def may_reveal(self, seat: int) -> bool:
        """May this device show ``seat``'s secrets behind a hand-over?"""
        return self.shared and 0 <= seat < len(self.live.seats) and seat not in self.own_phone()

    def reveal(self, seat: int) -> Any:
        """The state as ``seat`` may know it, for the shared phone's hand-over; for a seat
        this device may not reveal (or any other device), the state as a watcher sees it:
        nothing secret, whatever asks."""
        return self.live.state_for(seat if self.may_reveal(seat) else None)

    def seat_code(self, seat: int) -> str | None:
        """``seat``'s code in plain, for Invite: only on the host's device, only if this
        host made it (else only its digest is kept) and only while no device has acted
        with it."""
        if not self.shared or not 0 <= seat < len(self.live.seats):
            return None
        if self.live.code_played(seat):
            return None
        code: str | None = self.live.seat_tokens[seat]
        return code

    def plays_on_own_phone(self, seat: int) -> bool:
        """Is ``seat`` played from its own phone, as far as the host's device is told
        (its code was acted with, or its secrets stay on its phone)?"""
        return self.shared and (self.live.code_played(seat) or seat in self.own_phone())

    def watch_code(self) -> str | None:
        """The table's watch code in plain, for Invite (host's device only)."""
        if not self.shared:
            return None
        code: str | None = self.live.join_token
        return code
