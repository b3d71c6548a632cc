"""The Flet app: one ``Shell`` per browser session.

**One gate.** Every event a device sends (a tap, a dialog button, a menu item, a value it
typed) passes ``Shell.admits`` before any handler runs: the device's code is looked up
again among the current codes and must still grant exactly the access (host, a seat, or
watching one table) its screen was drawn with. If it does not (a revoked seat or watch
code, a renewed host key), no handler runs and the "ask the host" page replaces the screen
and every dialog. Handlers never check access themselves, so a new screen or dialog is
guarded without anyone remembering to. Only events of the page itself pass unchecked: a
route change, a (re)connection and closing, each of which authorizes on its own (``show``,
``reconnected``). What a device may *receive* is decided the same way: every redraw of a
table re-checks (``Shell.allowed``). The check is cheap: the host key and an open table's
codes are compared from memory. Tokens are never logged.

**Resumed sessions.** A phone that drops its connection keeps its Flet session for
``server.SESSION_TIMEOUT``. When it comes back, Flet 1.0.5 resumes the session and answers
the registration with the page *as the server last drew it* (the whole screen: a table's
title, its players, a seat's hand), and only then fires ``page.on_connect``. So the
authorization cannot wait for ``on_connect``: Flet applies the phone's page properties to
the session (``Session.apply_page_patch``) just before it builds that answer, and ``Shell``
checks the code there (``_resuming``). A code that no longer grants what the screen was
drawn with gets its page emptied down to the "ask the host" page before the answer is
built, so the answer holds nothing else. While away, a table screen skipped every redraw,
so ``Shell.reconnected`` then sends the current table. After a longer absence (or a reload
with a new session) ``main`` runs again and draws it from scratch.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import secrets
import sys
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit

import flet as ft

from . import budget, device, dismantle, share, theme
from .server import APP_NAME, COMPLAINTS
from .store import StorageError
from .table import TableLoadError
from .views import (
    denied,
    home,
    new_table,
    plays_view,
    routes,
    rules_view,
    settings_view,
    stats_view,
    table_view,
    trouble,
)

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
        self.table_screen: Any = None
        """The table screen on show (``views.table_view.TableScreen``), if any."""
        self._failures = 0
        self.device_settings = device.DeviceSettings()
        """This device's own settings, read from its browser storage after the first draw."""
        self._stored: dict[str, Any] = {}
        self._awake = False
        self.meter = budget.Meter()
        """What this session's handlers and redraws have cost the host (``budget``)."""
        self.events = 0
        """Events (taps, typing) this session has handled so far. A screen that redraws
        with no event since its last draw knows no handler left a change unsent."""
        self._open_screen = False
        """The screen on show was drawn without access and each of its buttons authorizes
        anew (``trouble``), so the gate lets its events through."""
        self._denied_shown = False
        """The "ask the host" page is on show (for a code that stopped working)."""

    # ----- lifecycle ----------------------------------------------------------------------

    def start(self) -> None:
        self._catch_handler_failures()
        self._watch_events()
        self._charge_events()
        budget.bind(self.meter, self._flet_session())
        theme.apply(self.page)
        self.page.title = APP_NAME
        self.page.on_route_change = self._route_changed
        # No handler for ``on_disconnect``: a screen stays subscribed while its phone is
        # away (it skips redraws then) and catches up in ``reconnected``. Dropping the
        # subscription there would race with the reconnection: Flet may run the two
        # handlers in either order. The session's end is seen where Flet ends it
        # (``Session.close``, wrapped in ``_watch_events``), not by the page's close event.
        self.page.on_connect = lambda _: self.reconnected()
        self.show(self.page.route)
        self.page.run_task(self._load_device_settings)

    # ----- this device's settings ----------------------------------------------------------

    def _preferences(self) -> ft.SharedPreferences:
        prefs = getattr(self, "_prefs", None)
        if prefs is None:
            prefs = self._prefs = ft.SharedPreferences()
        return prefs

    async def _load_device_settings(self) -> None:
        prefs = self._preferences()
        try:
            for key in device.KEYS:
                self._stored[key] = await prefs.get(key)
        except Exception as exc:  # a browser without storage keeps the defaults
            log.debug("device settings unreadable: %s", exc)
            return
        self._apply_device_settings()

    async def save_setting(self, key: str, value: Any) -> None:
        """Store one of this device's settings and apply it at once."""
        self._stored[key] = value
        self._apply_device_settings()
        try:
            await self._preferences().set(key, value)
        except Exception as exc:  # applied for this visit even if it cannot be kept
            log.debug("device setting not stored: %s", exc)

    def _apply_device_settings(self) -> None:
        self.device_settings = device.read(self._stored)
        self.page.theme_mode = theme.mode(self.device_settings.theme)
        self.page.update()
        self._keep_awake(self.route.screen == "table")

    def _keep_awake(self, at_table: bool) -> None:
        """Hold the screen on at a table when this device asked for it; let it go elsewhere."""
        want = at_table and self.device_settings.keep_awake
        if want == self._awake:
            return
        self._awake = want

        async def switch() -> None:
            try:
                lock = getattr(self, "_wakelock", None) or ft.Wakelock()
                self._wakelock = lock
                await (lock.enable() if want else lock.disable())
            except Exception as exc:  # not offered by this browser (needs https)
                log.debug("wake lock unavailable: %s", exc)

        self.page.run_task(switch)

    def _catch_handler_failures(self) -> None:
        """Flet answers an exception in any event handler with its error screen (the
        traceback, sent to the phone) and a traceback in the terminal. This session's
        ``error`` is replaced: the phone gets a plain message and the screen it had, the
        terminal one rate-limited line. Flet calls ``error`` inside its ``except`` block,
        so the exception is still at hand."""
        try:
            session = self.page.session
        except Exception:  # no session (a test page): nothing to guard
            return

        def failed(_message: str) -> None:
            exc = sys.exc_info()[1]
            self.failed(exc if exc is not None else RuntimeError("unknown failure"))

        session.error = failed  # type: ignore[method-assign]

    def _watch_events(self) -> None:
        """Put the gate (``admits``) in front of every event and every value the phone
        sends, count them (``events``), and make the table screen's panel editable
        (``TableScreen.settle``) before each: a redraw for another device's change
        leaves it frozen. The page's ``close`` event never passes: Flet closing the session
        is seen in ``Session.close`` itself (``_closed``), and a phone that sent one would
        otherwise have its own screen taken apart (``dismantle``) while still on show."""
        try:
            session = self.page.session
        except Exception:  # no session (a test page): nothing to watch
            return
        dispatch, apply_patch, close = session.dispatch_event, session.apply_patch, session.close

        def closing() -> None:
            close()
            self._closed()

        async def gated(control_id: int, event_name: str, event_data: Any) -> None:
            if event_name == "close" and control_id == self.page._i:
                return  # seen in ``closing``; a phone cannot say its session ended
            if not self._admits_safely(control_id):
                return
            self.events += 1
            self._settle()
            await dispatch(control_id, event_name, event_data)

        def gated_patch(control_id: int, patch: dict[str, Any]) -> None:
            if control_id == self.page._i and session.connection is None:
                # Flet is registering a phone that resumes this session: its answer,
                # built right after this, is the whole page as last drawn.
                apply_patch(control_id, patch)
                self._resuming()
                return
            if not self._admits_safely(control_id):
                return
            # A value typed on the phone lands in a control of the panel: it must be
            # editable by then.
            self.events += 1
            self._settle()
            apply_patch(control_id, patch)

        session.dispatch_event = gated  # type: ignore[method-assign]
        session.apply_patch = gated_patch  # type: ignore[method-assign]
        session.close = closing  # type: ignore[method-assign]
        _resolve_without_walking(session)

    def admits(self, control_id: int) -> bool:
        """The gate every event and typed value passes before any handler runs (see the
        module docstring). ``True``: let it through. ``False``: drop it; a device whose
        code no longer grants what its screen was drawn with is shown the "ask the host"
        page (once: later events of a denied device are dropped quietly, so tapping a
        dead screen costs the host nothing)."""
        if control_id == self.page._i:
            # The page's own events: a route change (``show`` authorizes the new route),
            # a (re)connection (``reconnected`` authorizes) and closing.
            return True
        if self.access is None:
            # Nothing granted: only a screen drawn without access whose every button
            # authorizes anew (``trouble``: try again) takes events.
            return self._open_screen
        if self._still_granted():
            return True
        self.denied()
        return False

    def _admits_safely(self, control_id: int) -> bool:
        """``admits``, failing closed: when the codes cannot be read (storage down), the
        event is dropped and the device told why."""
        try:
            return self.admits(control_id)
        except Exception as exc:
            self.failed(exc)
            return False

    def _still_granted(self) -> bool:
        """Does the credential this screen was drawn with still grant exactly ``access``?"""
        access = self.access
        if access is None:
            return False
        credential = self.route.credential or ""
        return bool(self.hub.authorize(credential, access.table_id) == access)

    def _resuming(self) -> None:
        """A phone is resuming this session and Flet is about to send it the page as last
        drawn. If its code no longer grants that screen, the page is emptied down to the
        "ask the host" page first, without sending anything (the registration answer
        carries it); ``reconnected`` then has nothing more to do."""
        if self.access is None:
            return
        try:
            granted = self._still_granted()
        except Exception:  # the codes cannot be read: show nothing rather than too much
            granted = False
        if not granted:
            self.denied(send=False)

    def _charge_events(self) -> None:
        """Charge the time every event and every value this session's phone sends holds
        the server's loop to its meter, and link the connection it came on to the meter:
        a session in debt is read no further until it is paid off (``budget``,
        ``server.Guard``)."""
        session = self._flet_session()
        if session is None:  # a test page: nothing to charge
            return
        dispatch, apply_patch = session.dispatch_event, session.apply_patch
        meter = self.meter

        async def charged(control_id: int, event_name: str, event_data: Any) -> None:
            budget.bind(meter, session)
            await budget.timed(dispatch(control_id, event_name, event_data), meter)

        def charged_patch(control_id: int, patch: dict[str, Any]) -> None:
            budget.bind(meter, session)
            start = budget.clock()
            try:
                apply_patch(control_id, patch)
            finally:
                meter.charge(budget.clock() - start)

        session.dispatch_event = charged  # type: ignore[method-assign]
        session.apply_patch = charged_patch  # type: ignore[method-assign]

    def _flet_session(self) -> Any:
        """Flet's session behind this page (``None`` on a test page that has none)."""
        try:
            return self.page.session
        except Exception:
            return None

    def _settle(self) -> None:
        screen = self.table_screen
        if screen is not None:
            screen.settle()

    def failed(self, exc: BaseException) -> None:
        """Tell this device what went wrong without losing its screen; never raises. The
        terminal hears of the first failure of each session only."""
        self._failures += 1
        if self._failures == 1:
            COMPLAINTS.say(f"a screen failed: {type(exc).__name__}: {str(exc)[:200]}")
        title, detail = trouble.describe(exc, host=self.is_host)
        try:
            self.toast(f"{title}. {detail}", error=True)
        except Exception:  # the page itself is gone: nobody to tell
            log.debug("could not show a failure to a closed page")

    def reconnected(self) -> None:
        """The phone is back on a resumed session: what it shows is as old as the drop.
        Authorize again (a code that no longer authorizes was already refused while Flet
        registered the phone, see ``_resuming``); a table screen is brought up to date in
        place (only what changed is sent, and its tab stays), any other is drawn anew."""
        if self._denied_shown:
            return
        screen = self.table_screen
        if screen is not None and self.access is not None:
            if self.allowed():  # if not, the "ask the host" page is already shown
                screen.resume()
            return
        self.show(self.page.route)

    def _closed(self) -> None:
        """The session has ended for good (Flet closes it once its phone has been away too
        long, or when the host hangs up on a flood): its screen stops listening and is
        taken apart shortly after (``dismantle``)."""
        self.leave_screen()
        dismantle.after_close(self._flet_session())

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
        self.table_screen = None
        self.route = r = routes.parse(route)
        screen: ft.View
        self.access = None
        self._open_screen = self._denied_shown = False
        try:
            access = self.hub.authorize(r.credential, r.table_id) if r.credential else None
            self.access = access
            if access is None:
                screen = denied.view()
            elif access.role == "host":
                screen = self._host_screen(r)
            else:
                screen = self._guest_screen(r, access)
        except KeyError:
            # An unknown table id: say nothing about which tables exist.
            screen = denied.view("That table does not exist on this host.")
        except (StorageError, TableLoadError) as exc:
            # Storage that fails, a table of a game this host lacks or with unreadable
            # options: say what is wrong, keep everything, let the device try again.
            screen = self._trouble(exc, route)
        self.page.views.clear()
        self.page.views.append(screen)
        self.page.update()
        self._keep_awake(self.route.screen == "table" and self.access is not None)

    async def _route_changed(self, event: Any) -> None:
        route = _route_of(event, self.page.route)
        await self.open_off_loop(route)
        self.show(route)

    async def open_off_loop(self, route: str) -> None:
        """Read the table ``route`` leads to on a worker thread, so the server's one event
        loop (every other device's taps and redraws) never waits while a long history is
        read; ``show`` then finds it open. Only for a credential that opens it; any
        failure is left for ``show`` to report."""
        r = routes.parse(route)
        if not r.credential:
            return

        def read() -> None:
            try:
                access = self.hub.authorize(r.credential, r.table_id)
                if access is None:
                    return
                table_id = r.table_id if access.role == "host" else access.table_id
                if table_id:
                    self.hub.open(table_id)
            except Exception:
                pass

        await asyncio.to_thread(read)

    def _trouble(self, exc: BaseException, route: str) -> ft.View:
        COMPLAINTS.say(f"could not show {self.route.screen}: {str(exc)[:200]}")
        self.leave_screen()
        title, detail = trouble.describe(exc, host=self.is_host)
        if isinstance(exc, TableLoadError) and not self.is_host:
            detail = "Ask the host to look at it. Nothing was changed."
        home_link = (lambda: self.go("/")) if self.is_host else None
        # Its buttons only draw a route again (which authorizes it): with no access at
        # all (storage failed while authorizing), they still take taps.
        self._open_screen = self.access is None
        return trouble.view(title, detail, retry=lambda: self.show(route), home=home_link)

    def _host_screen(self, r: routes.Route) -> ft.View:
        if r.screen == "home":
            return home.view(self)
        if r.screen == "new":
            return new_table.view(self, r.params.get("game"))
        if r.screen == "table" and r.table_id:
            return table_view.view(self, self.hub.open(r.table_id), seat=None, role="host")
        if r.screen == "rules":
            return rules_view.view(self, r.params.get("game"), r.params.get("rule"), r.table_id)
        if r.screen == "plays":
            return plays_view.view(self, r.params.get("game"), r.params.get("player"))
        if r.screen == "play":
            return plays_view.detail(self, r.params["play"])
        if r.screen == "stats":
            return stats_view.view(self, r.params.get("player"), r.params.get("game"))
        if r.screen == "settings":
            return settings_view.view(self, r.params.get("table"))
        return home.view(self)

    def _guest_screen(self, r: routes.Route, access: Any) -> ft.View:
        table_id = access.table_id
        if r.screen == "settings":
            # This device's own look; nothing of the host's (About leaves out the data
            # folder), and back leads to the guest's own table whatever the link said.
            return settings_view.view(self)
        if r.table_id != table_id:
            # A token opens its own table only, whatever path it came with.
            self.route = routes.Route("table", table_id, None, r.token)
        live = self.hub.open(table_id)
        if r.screen == "rules" and r.table_id == table_id:
            return rules_view.view(self, live.game.slug, r.params.get("rule"), table_id)
        return table_view.view(self, live, seat=access.seat, role=access.role)

    def allowed(self) -> bool:
        """Does this session's code still grant what it was granted when the screen was
        drawn? If not (revoked seat or watch code, renewed host key), the "ask the host"
        page replaces the screen and ``False`` is returned. For what is sent without an
        event (a redraw for another device's change, a reconnection); events pass the
        gate (``admits``) instead. Cheap: an open table checks codes from memory."""
        if self.access is None:  # nothing granted, or already told to ask the host
            return False
        if self._still_granted():
            return True
        self.denied()
        return False

    def renew_host_key(self) -> str:
        """Make a new host key, move this device to it (so a reload keeps working) and
        print the new host link in the terminal; returns the new key."""
        key = self.hub.renew_host_key()
        self.route = dataclasses.replace(self.route, host_key=key)
        url = share.host_url(self.base_url, key)
        print(f"New host link (keep it to yourself): {url}", flush=True)
        print(share.qr_terminal(url), flush=True)
        log.info("the host key was renewed from the app")
        # The address bar holds the old key: move it to the new one, so a reload works.
        self.page.navigate(self.link(urlsplit(self.page.route or "/").path or "/"))
        return key

    def denied(self, *, send: bool = True) -> None:
        """Replace whatever is shown, dialogs and messages included, with the "ask the
        host" page (its code stopped working). ``send=False`` only changes the page (for a
        registration answer that is about to carry it)."""
        self.leave_screen()
        self.table_screen = None
        self.access = None
        self._open_screen = False
        self._denied_shown = True
        # Closed dialogs stay on the page (with their content: a QR code, a seat's
        # cards) until the phone reports them gone; Flet 1.0.5 offers no public way to
        # drop them at once, so its dialog list is emptied here, in this one place.
        self.page._dialogs.controls.clear()
        self.page.views.clear()
        self.page.views.append(denied.view())
        if send:
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


def _route_of(event: Any, fallback: str) -> str:
    """The route a route-change event carries; a client may send the event with anything
    at all in it, and then the page's own route is drawn again."""
    route = getattr(event, "route", None)
    return route if isinstance(route, str) else fallback


def build_main(hub: Any, base_url: str) -> Callable[[ft.Page], Awaitable[None]]:
    """The Flet entry point for ``hub``; ``base_url`` is what invite QR codes point at."""

    async def main(page: ft.Page) -> None:
        shell = Shell(page, hub, base_url)
        await shell.open_off_loop(page.route)
        shell.start()

    return main


def _resolve_without_walking(session: Any) -> None:
    """Drop an event whose control id the session's index does not list, without Flet's
    walk of the whole page.

    Flet 1.0.5, given an id its index does not list (a button a redraw replaced with one
    of another kind, a tap sent just before the phone got the new one, an id made up),
    walks the whole page in search of a control with that id. On a game screen the walk
    took 30-80 ms of the loop per event, and any phone could set it off as often as it
    liked. Every control this app draws is listed when it reaches the phone (``swap_in``
    goes through Flet's own reindexing): with the app's tests and browser tests watched,
    the walk never found a control for an id the index lacked. Such an event is dropped
    at once, as it is after the walk. An id that is listed goes through Flet's own lookup
    as before (its walk, when the listed control has lost its way up to the page, puts
    it back). Relies on the private ``_Session__index`` and
    ``_Session__resolve_event_control`` (pinned by ``tests/companion/test_flood_budget.py``).
    """
    index = session._Session__index
    resolve = session._Session__resolve_event_control

    def listed_only(control_id: int) -> Any:
        return resolve(control_id) if control_id in index else None

    session._Session__resolve_event_control = listed_only
