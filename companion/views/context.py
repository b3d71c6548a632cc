"""What a screen may use of the session that shows it.

The app (``companion.app.Shell``) builds every screen and passes itself in; screens see it
only through ``AppContext``, so no module under ``views`` imports the app and the app ↔
views import circle does not exist. ``Shell`` satisfies this protocol structurally: the
type checker holds it to the protocol wherever the app hands itself to a screen, and a
test checks a live shell against it.
Anything a screen needs from the session is added here first, which keeps the list of what
screens depend on short and in one place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

import flet as ft

from ..budget import Meter
from ..device import DeviceSettings


@runtime_checkable
class AppContext(Protocol):
    """One device's session as the screens see it."""

    page: ft.Page
    """The Flet page the screen draws on (dialogs, updates, background tasks)."""
    hub: Any
    """The tables, players and codes (``companion.hub.Hub``)."""
    base_url: str
    """The address other phones reach this host at (invite and host links)."""
    device: str
    """A random name of this session (an actor's device in the history)."""
    access: Any
    """What this device's code grants (``None``: nothing, or not checked yet)."""
    table_screen: Any
    """The table screen on show, if any (``views.table_view.TableScreen``)."""
    device_settings: DeviceSettings
    """This device's own settings (theme, hints), read from its browser storage."""
    meter: Meter
    """What this session's handlers and redraws cost the host."""
    events: int
    """Events this session has handled so far."""

    @property
    def is_host(self) -> bool:
        """Does this device hold the host key?"""
        ...

    def go(self, path: str, **params: str) -> None:
        """Navigate to ``path``, keeping this session's credential in the route."""
        ...

    def show(self, route: str) -> None:
        """Authorize ``route`` and draw its screen (at once, without navigating)."""
        ...

    def toast(self, message: str, *, error: bool = False) -> None:
        """A short message at the bottom of the screen."""
        ...

    async def save_setting(self, key: str, value: Any) -> None:
        """Store one of this device's settings and apply it."""
        ...

    def on_leave(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` when the screen on show is left (drops its subscriptions)."""
        ...

    def leave_screen(self) -> None:
        """Leave the screen on show now (runs what ``on_leave`` registered)."""
        ...

    def allowed(self) -> bool:
        """Does this device's code still grant what the screen was drawn with? If not,
        the "ask the host" page replaces the screen and ``False`` is returned."""
        ...

    def renew_host_key(self) -> str:
        """Make a new host key, move this device to it; returns the new key."""
        ...
