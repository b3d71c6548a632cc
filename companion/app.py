"""The Flet app: one ``Shell`` per browser session.

Every route change re-authorizes from the credential in the URL (the host key or a table
token, see ``views.routes``), so access is decided in one place and a revoked token stops
working at the next screen, or at once for a device already at the table (the table
screen listens for ``Change(kind="revoked")``). Tokens are never logged.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from typing import Any

import flet as ft

from . import theme
from .views import denied, home, new_table, routes, rules_view, table_view

log = logging.getLogger("companion")


class Shell:
    """What the screens of one session share: the hub, the credential, navigation."""

    def __init__(self, page: ft.Page, hub: Any, base_url: str) -> None:
        self.page = page
        self.hub = hub
        self.base_url = base_url
        self.device = secrets.token_hex(6)
        self.route = routes.Route("unknown")
        self.access: Any = None
        self._leave_screen: Callable[[], None] | None = None

    # ----- lifecycle ----------------------------------------------------------------------

    def start(self) -> None:
        theme.apply(self.page)
        self.page.title = "Fatekeeper"
        self.page.on_route_change = lambda e: self.show(e.route)
        self.page.on_disconnect = lambda _: self.leave_screen()
        self.page.on_close = lambda _: self.leave_screen()
        self.show(self.page.route)

    def leave_screen(self) -> None:
        """Drop the current screen's subscriptions (table updates)."""
        if self._leave_screen is not None:
            leave, self._leave_screen = self._leave_screen, None
            leave()

    def on_leave(self, fn: Callable[[], None]) -> None:
        self._leave_screen = fn

    # ----- access and navigation ---------------------------------------------------------

    @property
    def is_host(self) -> bool:
        return self.access is not None and self.access.role == "host"

    def link(self, path: str, **params: str) -> str:
        """An in-app route to ``path`` carrying this session's credential."""
        return routes.link(path, host_key=self.route.host_key, token=self.route.token, **params)

    def go(self, path: str, **params: str) -> None:
        self.page.navigate(self.link(path, **params))

    def show(self, route: str) -> None:
        """Authorize ``route`` and draw its screen; anything unauthorized sees only the
        "ask the host" page."""
        self.leave_screen()
        self.route = r = routes.parse(route)
        access = self.hub.authorize(r.credential, r.table_id) if r.credential else None
        self.access = access
        screen: ft.View
        try:
            if access is None:
                screen = denied.view()
            elif access.role == "host":
                screen = self._host_screen(r)
            else:
                screen = self._guest_screen(r, access)
        except KeyError:
            # An unknown table id: say nothing about which tables exist.
            screen = denied.view("That table does not exist on this host.")
        self.page.views.clear()
        self.page.views.append(screen)
        self.page.update()

    def _host_screen(self, r: routes.Route) -> ft.View:
        if r.screen == "home":
            return home.view(self)
        if r.screen == "new":
            return new_table.view(self, r.params.get("game"))
        if r.screen == "table" and r.table_id:
            return table_view.view(self, self.hub.open(r.table_id), seat=None, role="host")
        if r.screen == "rules":
            return rules_view.view(self, r.params.get("game"), r.params.get("rule"), r.table_id)
        return home.view(self)

    def _guest_screen(self, r: routes.Route, access: Any) -> ft.View:
        table_id = access.table_id
        if r.table_id != table_id:
            # A token opens its own table only, whatever path it came with.
            self.route = routes.Route("table", table_id, None, r.token)
        live = self.hub.open(table_id)
        if r.screen == "rules" and r.table_id == table_id:
            return rules_view.view(self, live.game.slug, r.params.get("rule"), table_id)
        return table_view.view(self, live, seat=access.seat, role=access.role)

    def denied(self) -> None:
        """Replace whatever is shown with the "ask the host" page (token revoked)."""
        self.leave_screen()
        self.access = None
        self.page.views.clear()
        self.page.views.append(denied.view())
        self.page.update()

    # ----- feedback ----------------------------------------------------------------------

    def toast(self, message: str, *, error: bool = False) -> None:
        self.page.show_dialog(
            ft.SnackBar(
                content=ft.Text(message, color=ft.Colors.ON_ERROR if error else None),
                bgcolor=ft.Colors.ERROR if error else None,
                duration=ft.Duration(seconds=5),
            )
        )


def build_main(hub: Any, base_url: str) -> Callable[[ft.Page], None]:
    """The Flet entry point for ``hub``; ``base_url`` is what invite QR codes point at."""

    def main(page: ft.Page) -> None:
        Shell(page, hub, base_url).start()

    return main
