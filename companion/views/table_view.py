"""The table screen: header (undo/redo, history, invite, title), the game's panel plus the
Counters tab, the outcome banner, live updates from every other device.

Updates from other devices arrive on whatever thread committed them; ``_on_change`` hands
them to this session's event loop with ``page.run_task`` (thread-safe) and the coroutine
re-renders from ``table.state_for(seat)``. The screen keeps the ``version`` it last drew
and passes it as ``expected_version``, so acting on an out-of-date screen is refused
(StaleVersion) instead of silently applied.

Undo and Redo name the move they take back or put back. The server redraws every screen as
soon as a change lands, well before the other players have lifted their fingers, so neither
the version a screen last drew nor the buttons it shows say what its player saw when they
tapped. So a tap on Undo or Redo changes nothing: it asks first, in a dialog naming the move
as the table has it then, and only "Take back" (or "Put back") acts, on exactly that move or
not at all (refused as already taken back when the table moved meanwhile). The buttons
themselves stay as drawn from move to move, so a move sends a phone nothing of the header.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import threading
from collections.abc import Callable, Hashable
from datetime import datetime
from typing import Any

import flet as ft

from rules.core import Action, IllegalAction, MalformedAction, Verdict
from rules.core.guide import Hint

from .. import budget, theme
from ..disclosure import Disclosure
from ..panels import PanelContext, panel_for
from ..panels.counters import build_panel as counters_panel
from ..panels.widgets import rule_links
from ..table import (
    HOST_NAME,
    Actor,
    AlreadyTakenBack,
    Change,
    HistoryLine,
    MoveRef,
    NotYourMove,
    NotYourSeat,
    StaleVersion,
)
from . import guide_view, history, invite, verdict
from .context import AppContext
from .reconcile import isolate, isolate_control, settle, swap_in

log = logging.getLogger("companion")

STALE = "The table changed on another device — check and try again."
STALE_TAKEBACK = (
    "Nothing was taken back: the table changed on another device first. "
    "Your screen now shows the table as it is."
)


class TableScreen:
    """One session's view of one live table."""

    def __init__(self, shell: AppContext, live: Any, seat: int | None, role: str) -> None:
        self.shell = shell
        self.page = shell.page
        self.live = live
        self.seat = seat
        self.role = role
        self.version = -1
        self.history_open = False
        self._invite_dialog: ft.AlertDialog | None = None
        self.tab = "game"
        self.panel = panel_for(live.game.slug)
        self.has_game_tab = self.panel is not counters_panel
        if not self.has_game_tab:
            self.tab = "counters"
        # The whole screen (header, status line, notices, tabs, the game's panel) is one
        # tree, the only child of this column: ``swap_in`` diffs each rebuilt tree against
        # the one the phone shows, so a change goes out as ONE patch of its few changed
        # fields. (Sent apart, a header change and the panel cost a phone two frames
        # instead of one; on a phone without a GPU a frame is most of what a change costs
        # it.) Isolated: an update of the view (the history drawer) does not walk it.
        self.body = isolate(
            ft.Column(expand=True, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        )
        self._events_drawn = -1
        self._queued: Change | None = None
        """The latest change not drawn yet, while a redraw for it waits."""
        self._queue_lock = threading.Lock()
        # Controls drawn last time, by key, with what they were drawn from; only those of
        # the drawing the phone has now are kept (see ``PanelContext.kept``).
        self._kept: dict[str, tuple[Hashable, ft.Control]] = {}
        self._kept_now: dict[str, tuple[Hashable, ft.Control]] = {}
        self._panels: dict[str, ft.Control] = {}
        """Each tab's panel as the phone last got it (see ``_hidden_panel``)."""
        # Made with the header (``_header``), which is drawn again only when one of them
        # is enabled or disabled: a move leaves the header as the phone has it.
        self.undo_btn = ft.IconButton(ft.Icons.UNDO, tooltip="Undo", disabled=True)
        self.redo_btn = ft.IconButton(ft.Icons.REDO, tooltip="Redo", disabled=True)
        self.history_col = ft.Column(spacing=0, scroll=ft.ScrollMode.AUTO, expand=True)
        who = live.seats[seat].name if seat is not None else None
        subtitle = who or ("Host" if role == "host" else "Watching")
        title = live.title or live.game.title
        if title == f"{live.game.title}: {', '.join(live.seat_names)}":
            # A title line at 200 % text fits about a dozen letters: the default title
            # keeps the players' names there, and the game's name goes on the line saying
            # who this device is, by its short name: the line then stays one line at 200 %
            # on a 320 px phone, and the game's panel starts within the header's share.
            title = ", ".join(live.seat_names)
            subtitle = f"{subtitle} · {live.game.short_title or live.game.title}"
        self._title, self._subtitle = title, subtitle
        self.view = ft.View(
            route=f"/t/{live.id}",
            padding=0,
            spacing=0,
            end_drawer=ft.NavigationDrawer(
                on_dismiss=self._history_closed,
                controls=[
                    ft.Container(
                        padding=theme.PAD,
                        content=theme.heading("History"),
                    ),
                    theme.tagged("history-list", ft.Container(content=self.history_col, padding=8)),
                ],
            ),
            controls=[self.body],
        )

    def _header(self) -> ft.Control:
        """The top of the screen: a line with the home button (host), who this device is
        and Undo, Redo, History and Invite; under it, the table's title.

        Not Flutter's app bar, whose title gets only what the buttons leave of their line:
        72 px on a 320 px phone, "Ada…" even at 100 % text. Here the title has a line of
        its own, the whole width, and wraps rather than being cut. The line saying who this
        device is follows the buttons on their line when it fits there; when it does not (a
        narrow phone, large text) it takes a line of its own under them, as tall as its
        text, and wraps between words rather than being cut.

        Built afresh only when Undo or Redo is enabled or disabled (``render`` keeps it
        otherwise): the same header for move after move, so a move sends the phone nothing
        of it. Undo and Redo name no move themselves; a tap on one asks first, naming the
        move as it is then (``_undo``, ``_redo``)."""
        can_undo, can_redo = self._takebacks_allowed()
        self.undo_btn = ft.IconButton(
            ft.Icons.UNDO, tooltip="Undo", disabled=not can_undo, on_click=self._undo
        )
        self.redo_btn = ft.IconButton(
            ft.Icons.REDO, tooltip="Redo", disabled=not can_redo, on_click=self._redo
        )
        actions: list[ft.Control] = [
            theme.tagged("undo", self.undo_btn),
            theme.tagged("redo", self.redo_btn),
            theme.tagged(
                "history",
                ft.IconButton(ft.Icons.HISTORY, tooltip="History", on_click=self._open_history),
            ),
        ]
        if self.role == "host":
            actions.append(
                theme.tagged(
                    "invite-open",
                    ft.IconButton(ft.Icons.QR_CODE, tooltip="Invite", on_click=self._invite),
                )
            )
        home: list[ft.Control] = (
            [
                ft.IconButton(
                    ft.Icons.HOME, tooltip="All tables", on_click=lambda _: self.shell.go("/")
                )
            ]
            if self.role == "host"
            else []
        )
        who = ft.Container(
            theme.tagged("table-subtitle", theme.muted(self._subtitle, size=12)),
            padding=ft.Padding.symmetric(horizontal=8),
        )
        return ft.Container(
            padding=ft.Padding.only(left=4, right=4, bottom=4),
            content=ft.Column(
                spacing=0,
                controls=[
                    ft.Row(
                        wrap=True,
                        spacing=0,
                        run_spacing=0,
                        vertical_alignment=ft.CrossAxisAlignment.CENTER,
                        controls=[
                            ft.Row(
                                tight=True,
                                spacing=0,
                                controls=[
                                    *home,
                                    ft.Row(tight=True, spacing=0, controls=actions),
                                ],
                            ),
                            who,
                        ],
                    ),
                    ft.Container(
                        padding=ft.Padding.symmetric(horizontal=12),
                        content=theme.tagged("table-title", ft.Text(self._title, size=18)),
                    ),
                ],
            ),
        )

    # ----- live updates ------------------------------------------------------------------

    def attach(self) -> None:
        unsubscribe = self.live.subscribe(self._on_change)
        self.shell.on_leave(unsubscribe)
        self.shell.table_screen = self

    def resume(self) -> None:
        """After a reconnection: send what changed meanwhile (subscribed anew, in case
        the session was found gone and dropped the subscription)."""
        self.shell.leave_screen()
        self.attach()
        self.render()
        self.redraw()

    def _on_change(self, change: Change) -> None:
        # Any thread. Run the refresh on this page's loop; the copied context keeps the
        # page binding that run_task sets from leaking into the committing session.
        if not _connected(self.page):
            # The phone is away: nothing can reach it. It stays subscribed (dropping the
            # subscription on disconnect would race with the reconnection's new one) and
            # ``resume`` sends it what changed when it is back.
            return
        with self._queue_lock:
            # At most one redraw waits per screen: changes arriving meanwhile are drawn
            # by it (it draws the table as it is when it runs).
            queued = self._queued is not None
            forced = self._queued is not None and self._queued.kind == "revoked"
            self._queued = change if not forced else self._queued
            if queued:
                return
        try:
            contextvars.copy_context().run(self.page.run_task, self._refresh_queued)
        except RuntimeError:
            # The session is gone (tab closed); stop listening.
            with self._queue_lock:
                self._queued = None
            self.shell.leave_screen()

    async def _refresh_queued(self) -> None:
        """The waiting redraw: after the device that made the change has had its reply
        (one turn of the loop), once this session is within its budget, and in its turn
        with the other redraws (``budget.redraw_turn``)."""
        await asyncio.sleep(0)
        await budget.redraw_turn(self.shell.meter)
        with self._queue_lock:
            change, self._queued = self._queued, None
        if change is None:
            return
        if _destroyed(self.page):  # ended while it waited: its screen may be taken apart
            self.shell.leave_screen()
            return
        try:
            await self._refresh(change)
        except (RuntimeError, AttributeError):
            if not _destroyed(self.page):
                raise
            # The session was ended while this redraw waited for its turn (the host
            # hung up on a phone that flooded it): nobody to draw for.
            self.shell.leave_screen()

    async def _refresh(self, change: Change) -> None:
        # Every redraw re-checks this device's code: a revoked one sees nothing more.
        if not self.shell.allowed():
            return
        if change.version != self.version or change.kind == "revoked":
            # A redraw for another device's change is this session's cost too.
            start = budget.clock()
            try:
                self.render()
                if self.history_open:
                    self.redraw()  # the drawer lies outside the screen's tree
            finally:
                self.shell.meter.charge(budget.clock() - start)
            self._refresh_invite()

    def _refresh_invite(self) -> None:
        """Redraw an open Invite dialog: what it may show depends on the table's moves."""
        dialog = self._invite_dialog
        if dialog is None or not dialog.open:
            return
        try:
            dialog.data()
        except RuntimeError:  # no longer on the page
            self._invite_dialog = None

    # ----- drawing -----------------------------------------------------------------------

    def context(self) -> PanelContext:
        live = self.live
        # What this device may receive is decided by ``Disclosure`` alone.
        shown = self.disclosure()
        return PanelContext(
            page=self.page,
            game=live.game,
            state=shown.state(),
            seat=self.seat,
            role=self.role,  # type: ignore[arg-type]
            seat_names=[s.name for s in live.seats],
            version=self.version,
            act=self.act,
            check=live.check,
            legal=live.legal_actions,
            keep=self._keep,
            show_verdict=self.show_verdict,
            reveal=shown.reveal if shown.shared else None,
            open_rule=self.open_rule,
            moves=live.head,
            own_phone=shown.own_phone(),
            table_id=live.id,
        )

    def disclosure(self) -> Disclosure:
        """What this device may receive, by the role and seat its code grants."""
        return Disclosure(self.live, self.role, self.seat)

    def render(self) -> None:
        """Redraw everything from the table's current state for this seat."""
        live = self.live
        self.version = live.version
        ctx = self.context()
        self._kept_now = {}
        try:
            panel = self.panel(ctx) if self.tab == "game" else counters_panel(ctx)
        except Exception:
            self._kept_now = {}
            # A panel bug must not take the table away: the counters still work.
            log.exception("the %s panel failed", live.game.slug)
            panel = ft.Column(
                [ft.Text("This screen failed to draw; the Counters tab still works.")]
            )
            self.has_game_tab = True
        hidden = self._hidden_panel()
        self._panels = {self.tab: panel}
        if hidden is not None:
            other, old = hidden
            self._panels[other] = old
            # Its sections stay kept: shown again, it is compared with what the phone has.
            self._kept_now.update(
                (key, drawn) for key, drawn in self._kept.items() if key.startswith(f"{other}:")
            )
        # The panels in one order whatever the tab (each keyed, so each is compared with
        # itself); only the open tab's is shown.
        panels = [
            self._tagged_panel(tab, self._panels[tab], visible=tab == self.tab)
            for tab in ("game", "counters")
            if tab in self._panels
        ]
        outcome = live.outcome()
        problem = live.load_problem
        hint = (
            guide_view.hint_for(live.game, live.state) if self.shell.device_settings.hints else None
        )
        # Each part is always there (hidden when it has nothing to say), so the list keeps
        # its order and every part is compared with itself. The notice, banner and tabs are
        # kept while what they show is unchanged: neither rebuilt nor compared nor sent.
        screen = ft.Column(
            expand=True,
            spacing=0,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
            controls=[
                self._keep("screen:header", self._header_inputs(), self._header),
                self._status_line(live.head),
                self._keep("screen:hint", hint, lambda: self._hint(hint)),
                self._keep("screen:notice", problem, lambda: self._notice(problem)),
                self._keep("screen:banner", outcome, lambda: _banner(outcome)),
                self._keep("screen:tabs", (self.tab, self.has_game_tab), self._tabs),
                *panels,
            ],
        )
        # Sent at once when the screen is on a page (as a patch of what changed); before
        # the first draw it is only put in place and goes out with the page.
        # A redraw for another device's change, with no tap here since this screen last
        # drew, has no unsent change to look for in the old tree.
        events = self.shell.events
        # The new tree stays frozen until this device next sends something (``settle``):
        # a phone that only watches never pays for making it editable.
        reused = frozenset(
            id(control)
            for key, (_inputs, control) in self._kept_now.items()
            if key in self._kept and self._kept[key][1] is control
        )
        if hidden is not None:
            reused |= {id(hidden[1])}
        swap_in(
            self.body,
            screen,
            pending=events != self._events_drawn,
            thaw_now=False,
            kept=reused,
        )
        self._events_drawn = events
        self._kept = self._kept_now  # what the phone now shows
        # The history is read from the database: only while someone is looking at it, so a
        # change reaches the other phones without rebuilding a drawer nobody has open.
        if self.history_open:
            self._fill_history()

    def _header_inputs(self) -> Hashable:
        """What the header is drawn from: whether Undo and Redo can be tapped."""
        return self._takebacks_allowed()

    def _takebacks_allowed(self) -> tuple[bool, bool]:
        """Whether Undo and Redo are enabled: when the table has a move to take back or
        put back. A watching device's stay disabled. (A seat's Undo is enabled after
        another seat's move too: its tap says whose move it is.)"""
        if self.role == "viewer":
            return False, False
        return self.live.can_undo, self.live.can_redo

    def _status_line(self, move: int) -> ft.Control:
        """Connected, with the move and the time this screen last drew: a glance tells the
        players every device is in step. A slim line of its own (the header has no room
        left on a phone). While the phone is cut off, the page's own script
        (assets/connection.js) covers the screen with "Reconnecting" or "Offline" instead:
        the server cannot draw anything then."""
        when = datetime.now().strftime("%H:%M:%S")
        return ft.Container(
            theme.tagged(
                "connection-status",
                # Wraps (never cut): with large text the time goes to a second line.
                ft.Text(
                    f"● Live · move {move} · updated {when}",
                    size=12,
                    color=theme.OK,
                    text_align=ft.TextAlign.RIGHT,
                ),
            ),
            key="screen:status",
            padding=ft.Padding.only(left=16, right=16, top=2),
            alignment=ft.Alignment.CENTER_RIGHT,
        )

    def _tabs(self) -> ft.Control:
        """The game and Counters tabs, with the rules and settings buttons beside them."""
        # "Game", not the game's whole name (the header says which game it is): with
        # large text a long name took two lines of a wide button on its own.
        tabs = [
            self._tab_button("game", "Game"),
            self._tab_button("counters", "Counters"),
        ]
        # The rules button sits beside the tabs, not in the header: a phone's line of
        # buttons there is full. Settings (theme, text size, keeping the
        # screen on) are for every device at the table, guests too: the link keeps this
        # device's code and brings it back to this table.
        rules = theme.tagged(
            "open-rules",
            ft.IconButton(
                ft.Icons.MENU_BOOK, tooltip="Rules", on_click=lambda _: self.open_rule("")
            ),
        )
        guide = theme.tagged(
            "open-guide",
            ft.IconButton(
                ft.Icons.CHECKLIST,
                tooltip="Setup and turn card",
                on_click=lambda _: self.open_guide(),
            ),
        )
        # The tag hides, not the button inside it (a tag around a hidden control is an error).
        guide.visible = guide_view.has_guide(self.live.game)
        settings = theme.tagged(
            "open-settings",
            ft.IconButton(
                ft.Icons.SETTINGS,
                tooltip="Settings",
                on_click=lambda _: self.shell.go("/settings", table=self.live.id),
            ),
        )
        # Wrapping, not squeezing: with large text a tab's label keeps all its letters and
        # the row moves what does not fit to a line of its own. Without tabs, the two
        # buttons keep to the right (a wrapping row is only as wide as what it holds: the
        # box places it).
        return ft.Container(
            ft.Row(
                [
                    *(tabs if self.has_game_tab else []),
                    # No gaps between the 48 px icon buttons: at 360 px they share the
                    # tabs' line.
                    ft.Row([rules, guide, settings], spacing=0, tight=True),
                ],
                spacing=8,
                run_spacing=8,
                wrap=True,
            ),
            padding=ft.Padding.only(left=8, right=4, top=2, bottom=2),
            alignment=ft.Alignment.CENTER_LEFT if self.has_game_tab else ft.Alignment.CENTER_RIGHT,
        )

    def _keep(self, key: str, inputs: Hashable, build: Callable[[], ft.Control]) -> ft.Control:
        # A panel's sections are kept under their tab's name: both tabs' may be kept.
        name = key if key.startswith("screen:") else f"{self.tab}:{key}"
        drawn = self._kept.get(name)
        if drawn is not None and drawn[0] == inputs and name not in self._kept_now:
            control = drawn[1]
        else:
            control = build()
            # Keyed, so a list that gains or loses an item still pairs each kept control
            # with itself, never with a neighbour.
            control.key = f"kept:{key}"
        self._kept_now[name] = (inputs, control)
        return control

    def _tagged_panel(self, tab: str, panel: ft.Control, *, visible: bool = True) -> ft.Control:
        tagged = theme.tagged(f"panel-{tab}", panel)
        tagged.expand = visible
        tagged.visible = visible
        tagged.key = f"panel:{tab}"
        if not visible:
            # Nothing inside a hidden panel changes: no update walks into it (the diff
            # still sends the wrapper's own ``visible``).
            isolate_control(tagged)
        return tagged

    def _hidden_panel(self) -> tuple[str, ft.Control] | None:
        """The other tab's panel, to stay on the phone hidden, as it was last drawn; or
        ``None`` (it is then dropped, and drawn anew when its tab is opened).

        Kept, a tab opened again is compared with what the phone already has: the sections
        whose inputs did not change are neither rebuilt nor sent, and a switch costs what a
        change costs (a few milliseconds), not a whole screen (about 90 ms for Grimheim's;
        a device switching tabs without pause held the loop that long each time).

        Only on a seat's own phone and a watching device: what they were shown stays theirs.
        The host's device is passed round the table, so nothing drawn for one player's
        hand-over may stay on it, even hidden.
        """
        if self.disclosure().shared or not self.has_game_tab:
            return None
        other = "counters" if self.tab == "game" else "game"
        old = self._panels.get(other)
        return None if old is None else (other, old)

    def settle(self) -> None:
        """Make the panel editable before a handler or the phone may change it."""
        settle(self.body)

    def _hint(self, hint: Hint | None) -> ft.Control:
        """First-game hints (a device setting): what the table is waiting for, in one line,
        with the rule it rests on."""
        if hint is None:
            return ft.Container(visible=False)
        return ft.Container(
            padding=ft.Padding.only(left=16, right=16, top=4),
            content=ft.Column(
                spacing=0,
                controls=[
                    theme.tagged("table-hint", ft.Text(f"Now: {hint.text}", size=13)),
                    rule_links("table-hint", hint.rules, self.open_rule),
                ],
            ),
        )

    def _notice(self, problem: str | None) -> ft.Control:
        """Damaged history stays on every screen until the table moves on, saying what the
        next change does, so no event is ever set aside unseen."""
        if problem is None:
            return ft.Container(visible=False)
        then = (
            "Your next change continues the game from here and sets those events aside "
            "for good (they stay in the database)."
            if self.role == "host"
            else "Only the host can continue this table."
        )
        return theme.tagged(
            "history-damaged",
            ft.Container(
                bgcolor=ft.Colors.ERROR_CONTAINER,
                padding=theme.PAD,
                content=ft.Text(f"{problem} {then}", color=ft.Colors.ON_ERROR_CONTAINER),
            ),
        )

    def _damaged_for_guest(self) -> bool:
        """Only the host may move a table whose history is damaged on (the move sets the
        unreadable events aside); a seat is told so instead."""
        if self.live.load_problem is None or self.role == "host":
            return False
        self.shell.toast("Part of this table's history is damaged: ask the host.", error=True)
        return True

    def redraw(self) -> None:
        """Send what ``render`` changed. Only this table's view is diffed, not the whole
        page (dialogs, theme, other routes): on every change, on every phone, that diff is
        most of the time a tap takes to reach the others."""
        try:
            self.view.update()
        except RuntimeError:
            self.page.update()  # not mounted yet: the first draw goes out with the page

    def _tab_button(self, key: str, label: str) -> ft.Control:
        selected = self.tab == key

        def pick(_: Any) -> None:
            if self.tab == key:
                # The tab already open: nothing to change, nothing to redraw (a redraw of
                # a whole game screen per tap is what a flood of taps would cost), not
                # even Flet's update of the button after the event.
                ft.context.disable_auto_update()
                return
            self.tab = key
            self.render()

        cls = ft.FilledButton if selected else ft.OutlinedButton
        # No fixed height and no cut-off: a label too long for the screen (a long game name
        # at twice the text size) wraps, and the button grows to hold it.
        text = ft.Text(label, text_align=ft.TextAlign.CENTER)
        # The open tab carries a tick as well as its filled look, and says so to readers.
        # Slimmer sides than the theme's 16 px: both tabs share one line at 200 % text on
        # a 320 px phone (the buttons stay 48 px tall).
        button = cls(
            content=text,
            icon=ft.Icons.CHECK if selected else None,
            on_click=pick,
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10, vertical=14)),
        )
        tagged = theme.tagged(f"tab-{key}", button)
        tagged.selected = selected
        return tagged

    def _fill_history(self) -> None:
        undo_to: Callable[[int], None] | None = None
        if self.role == "host":
            # Each "Undo to here" names the last move as this drawing of the history shows it.
            last = self.live.last_move()
            shown = last.ref if last is not None else None

            def undo_to(seq: int) -> None:
                self._ask_undo_to(seq, shown)

        self.history_col.controls = history.timeline_controls(
            self.live.timeline(), self.live.head, undo_to
        )

    # ----- acting ------------------------------------------------------------------------

    def actor(self) -> Actor:
        if self.role == "host":
            return Actor(self.shell.device, HOST_NAME, None)
        assert self.seat is not None
        return Actor(self.shell.device, self.live.seats[self.seat].name, frozenset({self.seat}))

    def act(self, action: Action) -> None:
        """Submit ``action``; explain any refusal, and redraw only on success or staleness
        (so whatever the player typed stays on screen after a refusal). Whether this
        device's code still grants its seat was checked by the shell's gate before the
        tap's handler ran."""
        if self.role == "viewer":
            self.shell.toast("This device is watching: ask the host for a seat code to play.")
            return
        if self._damaged_for_guest():
            return
        try:
            self.live.do(action, self.actor(), expected_version=self.version)
        except IllegalAction as exc:
            self.show_verdict(exc.verdict)
            return
        except StaleVersion:
            self.render()
            self.redraw()
            self.shell.toast(STALE, error=True)
            return
        except NotYourSeat as exc:
            self.shell.toast(str(exc) or "That is another seat's move.", error=True)
            return
        except MalformedAction as exc:
            self.shell.toast(f"That move could not be read: {exc}", error=True)
            return
        self.render()
        self.redraw()

    def _undo(self, _e: Any = None) -> None:
        """Ask first, naming the move a plain undo would take back now; "Take back" then
        takes back that move or nothing. So a tap meant for one move never takes back
        another: the move is named on the phone before anything changes. A seat's tap on
        another seat's move is refused at once, saying whose it is."""
        last = self._offered(self.live.undo_offer, "Nothing to undo.")
        if last is not None:
            move = last.ref
            self._ask(
                "undo",
                history.describe_last(last),
                lambda actor: self.live.undo(actor, move=move),
            )

    def _redo(self, _e: Any = None) -> None:
        """Ask first, naming the move a redo would put back now; "Put back" then puts back
        that move or nothing, as ``_undo`` does for taking back."""
        following = self._offered(self.live.redo_offer, "Nothing to redo.")
        if following is not None:
            move = following.ref
            self._ask(
                "redo",
                history.describe_next(following),
                lambda actor: self.live.redo(actor, move=move),
            )

    def _ask_undo_to(self, seq: int, move: MoveRef | None) -> None:
        """The host's "undo to here" from the history: asks, naming what goes. ``move``
        is the last move the history showed when it was drawn."""
        if move is None:
            return
        gone = self.live.not_last(move)
        if gone is not None:
            self._refused(AlreadyTakenBack(gone))
            return
        self._ask(
            "undo",
            history.describe_back_to(self.live.history(), seq),
            lambda actor: self.live.undo(actor, to_seq=seq, move=move),
        )

    def _offered(self, offer: Callable[[Actor], HistoryLine], empty: str) -> HistoryLine | None:
        """The move ``offer`` (``undo_offer``, ``redo_offer``) names for this device, or
        ``None`` after saying why there is none (``empty``: nothing to take back or put
        back; or it is another seat's move). A watching device is offered nothing."""
        if self.role == "viewer" or self._damaged_for_guest():
            return None
        try:
            return offer(self.actor())
        except LookupError:
            self.shell.toast(empty)
        except NotYourMove as exc:
            self._not_yours(exc)
        return None

    def _ask(
        self, kind: str, described: tuple[str, list[str]], act: Callable[[Actor], Change]
    ) -> None:
        """Ask first (``kind``: "undo" or "redo"; ``described``: the dialog's title and
        lines); its go button then does ``act``, which names the move the dialog named,
        so it takes back or puts back exactly that, or nothing."""

        def confirm() -> None:
            self.page.pop_dialog()
            self._step(act, "Nothing to redo." if kind == "redo" else "Nothing to undo.")

        title, lines = described
        self.page.show_dialog(
            history.confirm_dialog(title, lines, confirm, lambda: self.page.pop_dialog(), kind=kind)
        )

    def _not_yours(self, exc: NotYourMove) -> None:
        said = str(exc)
        stop = "" if said.endswith((".", "!", "?")) else "."
        self.shell.toast(f"{said[:1].upper()}{said[1:]}{stop}", error=True)

    def _refused(self, exc: Exception) -> None:
        """Say why nothing was taken back, and show the table as it is."""
        self.render()
        self.redraw()
        self.shell.toast(str(exc), error=True)

    def _step(self, fn: Callable[[Actor], Change], empty: str) -> None:
        """Undo or redo; a refusal says why and leaves the table as it is (redrawing this
        screen from the table when it was out of date)."""
        try:
            change = fn(self.actor())
        except AlreadyTakenBack as exc:
            self._refused(exc)
            return
        except LookupError:
            self.shell.toast(empty)
        except StaleVersion:
            self.render()
            self.redraw()
            self.shell.toast(STALE_TAKEBACK, error=True)
            return
        except NotYourMove as exc:
            self._not_yours(exc)
            return
        except IllegalAction as exc:
            self.show_verdict(exc.verdict)
            return
        else:
            self.shell.toast(change.line)
        self.render()
        self.redraw()

    def show_verdict(self, v: Verdict) -> None:
        self.page.show_dialog(verdict.sheet(v, self.open_rule))

    def open_rule(self, rule_id: str) -> None:
        params = {"rule": rule_id} if rule_id else {}
        self.shell.go(f"/t/{self.live.id}/rules", **params)

    def open_guide(self) -> None:
        """The setup walkthrough while the table is being set up, the turn card after."""
        phase = getattr(self.live.state, "phase", None)
        guide_view.open_guide(
            self.shell,
            self.live.game,
            self.live.options,
            table_id=self.live.id,
            phase=phase if isinstance(phase, str) else None,
        )

    async def _open_history(self, _: Any) -> None:
        self.history_open = True
        self._fill_history()
        # The drawer is the view's, outside the screen's tree: Flet's update after this
        # tap reaches only that tree (the history button is in it), so send the list here.
        self.redraw()
        await self.view.show_end_drawer()

    def _history_closed(self, _: Any) -> None:
        self.history_open = False

    def _invite(self, _: Any) -> None:
        self._invite_dialog = invite.dialog(self.shell, self.live, self.disclosure())
        self.page.show_dialog(self._invite_dialog)


def _banner(outcome: Any) -> ft.Control:
    """Who won and why, over the tabs, once the game is over."""
    if outcome is None:
        return ft.Container(visible=False)
    winners = ", ".join(outcome.winners) if outcome.winners else "Nobody"
    return theme.tagged(
        "outcome",
        ft.Container(
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            padding=theme.PAD,
            content=ft.Column(
                spacing=2,
                controls=[
                    ft.Text(
                        f"Game over — {winners} won" if outcome.winners else "Game over",
                        size=18,
                        weight=ft.FontWeight.W_600,
                    ),
                    ft.Text(outcome.summary),
                ],
            ),
        ),
    )


def _connected(page: ft.Page) -> bool:
    """Is ``page``'s session connected to its phone right now? (A test page without a
    session counts as connected.)"""
    try:
        session = page.session
    except Exception:  # no session at all
        return True
    return session is None or session.connection is not None


def _destroyed(page: ft.Page) -> bool:
    """Has ``page``'s session been ended (Flet then refuses to hand it out)?"""
    try:
        _ = page.session
    except RuntimeError:
        return True
    except Exception:  # a test page without a session
        return False
    return False


def view(shell: AppContext, live: Any, seat: int | None, role: str) -> ft.View:
    screen = TableScreen(shell, live, seat, role)
    screen.render()
    screen.attach()
    return screen.view
