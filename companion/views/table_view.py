"""The table screen: app bar (undo/redo, history, invite, rules), the game's panel plus the
Counters tab, the outcome banner, live updates from every other device.

Updates from other devices arrive on whatever thread committed them; ``_on_change`` hands
them to this session's event loop with ``page.run_task`` (thread-safe) and the coroutine
re-renders from ``table.state_for(seat)``. The screen keeps the ``version`` it last drew
and passes it as ``expected_version``, so acting on an out-of-date screen is refused
(StaleVersion) instead of silently applied.
"""

from __future__ import annotations

import contextvars
import logging
from collections.abc import Callable, Hashable
from datetime import datetime
from typing import TYPE_CHECKING, Any

import flet as ft

from rules.core import Action, IllegalAction, MalformedAction, Verdict

from .. import theme
from ..panels import PanelContext, panel_for
from ..panels.counters import build_panel as counters_panel
from ..table import HOST_NAME, Actor, Change, NotYourMove, NotYourSeat, StaleVersion
from . import history, invite, verdict
from .reconcile import isolate, settle, swap_in

if TYPE_CHECKING:
    from ..app import Shell

log = logging.getLogger("companion")

STALE = "The table changed on another device — check and try again."
STALE_TAKEBACK = (
    "Nothing was taken back: the table changed on another device first. "
    "Your screen now shows the table as it is."
)


class TableScreen:
    """One session's view of one live table."""

    def __init__(self, shell: Shell, live: Any, seat: int | None, role: str) -> None:
        self.shell = shell
        self.page = shell.page
        self.live = live
        self.seat = seat
        self.role = role
        self.version = -1
        self.history_open = False
        self.tab = "game"
        self.panel = panel_for(live.game.slug)
        self.has_game_tab = self.panel is not counters_panel
        if not self.has_game_tab:
            self.tab = "counters"
        # Everything below the app bar (status line, notices, tabs, the game's panel) is
        # one tree, the only child of this column: ``swap_in`` diffs each rebuilt tree
        # against the one the phone shows, so a change goes out as ONE patch of its few
        # changed fields. (Sent apart, the status line and the panel cost a watching phone
        # two frames per change instead of one; on a phone without a GPU a frame is most
        # of what a change costs it.) Isolated: redrawing the app bar does not walk it.
        self.body = isolate(
            ft.Column(expand=True, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        )
        self._events_drawn = -1
        # Controls drawn last time, by key, with what they were drawn from; only those of
        # the drawing the phone has now are kept (see ``PanelContext.kept``).
        self._kept: dict[str, tuple[Hashable, ft.Control]] = {}
        self._kept_now: dict[str, tuple[Hashable, ft.Control]] = {}
        self.undo_btn = ft.IconButton(ft.Icons.UNDO, tooltip="Undo", on_click=self._undo)
        self.redo_btn = ft.IconButton(ft.Icons.REDO, tooltip="Redo", on_click=self._redo)
        self.history_col = ft.Column(spacing=0, scroll=ft.ScrollMode.AUTO, expand=True)
        actions: list[ft.Control] = [
            theme.tagged("undo", self.undo_btn),
            theme.tagged("redo", self.redo_btn),
            theme.tagged(
                "history",
                ft.IconButton(ft.Icons.HISTORY, tooltip="History", on_click=self._open_history),
            ),
        ]
        if role == "host":
            actions.append(
                theme.tagged(
                    "invite-open",
                    ft.IconButton(ft.Icons.QR_CODE, tooltip="Invite", on_click=self._invite),
                )
            )
        who = live.seats[seat].name if seat is not None else None
        subtitle = who or ("Host" if role == "host" else "Watching")
        title = live.title or live.game.title
        if title == f"{live.game.title}: {', '.join(live.seat_names)}":
            # A phone's app bar fits about a dozen letters: the default title keeps the
            # players' names there, and the game's name (also on its tab) goes below.
            title = ", ".join(live.seat_names)
            subtitle = f"{subtitle} · {live.game.title}"
        self.view = ft.View(
            route=f"/t/{live.id}",
            padding=0,
            spacing=0,
            appbar=ft.AppBar(
                leading=ft.IconButton(
                    ft.Icons.HOME, tooltip="All tables", on_click=lambda _: shell.go("/")
                )
                if role == "host"
                else None,
                automatically_imply_leading=False,
                title_spacing=0 if role == "host" else None,
                title=ft.Column(
                    spacing=0,
                    controls=[
                        theme.tagged(
                            "table-title",
                            ft.Text(
                                title,
                                size=18,
                                max_lines=1,
                                overflow=ft.TextOverflow.ELLIPSIS,
                            ),
                        ),
                        theme.muted(subtitle, size=12),
                    ],
                ),
                actions=actions,
            ),
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
        try:
            contextvars.copy_context().run(self.page.run_task, self._refresh, change)
        except RuntimeError:
            # The session is gone (tab closed); stop listening.
            self.shell.leave_screen()

    async def _refresh(self, change: Change) -> None:
        # Every redraw re-checks this device's code: a revoked one sees nothing more.
        if not self.shell.allowed():
            return
        if change.version != self.version or change.kind == "revoked":
            self.render()
            self.redraw()

    # ----- drawing -----------------------------------------------------------------------

    def context(self) -> PanelContext:
        live = self.live
        own = live.seats_on_own_phone() if self.role == "host" else frozenset()

        def reveal(seat: int) -> Any:
            # A seat that plays on its own phone keeps its secrets there, whatever asks.
            return live.state_for(None if seat in own else seat)

        return PanelContext(
            page=self.page,
            game=live.game,
            state=live.state_for(self.seat),
            seat=self.seat,
            role=self.role,  # type: ignore[arg-type]
            seat_names=[s.name for s in live.seats],
            version=self.version,
            act=self.act,
            check=live.check,
            legal=live.legal_actions,
            keep=self._keep,
            show_verdict=self.show_verdict,
            reveal=reveal if self.role == "host" else None,
            open_rule=self.open_rule,
            moves=live.head,
            own_phone=own,
        )

    def render(self) -> None:
        """Redraw everything from the table's current state for this seat."""
        live = self.live
        self.version = live.version
        self.undo_btn.disabled = self.role == "viewer" or not live.can_undo
        self.redo_btn.disabled = self.role == "viewer" or not live.can_redo
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
        tagged = theme.tagged(f"panel-{self.tab}", panel)
        tagged.expand = True
        outcome = live.outcome()
        problem = live.load_problem
        # Each part is always there (hidden when it has nothing to say), so the list keeps
        # its order and every part is compared with itself. The notice, banner and tabs are
        # kept while what they show is unchanged: neither rebuilt nor compared nor sent.
        screen = ft.Column(
            expand=True,
            spacing=0,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
            controls=[
                self._status_line(live.head),
                self._keep("screen:notice", problem, lambda: self._notice(problem)),
                self._keep("screen:banner", outcome, lambda: _banner(outcome)),
                self._keep("screen:tabs", (self.tab, self.has_game_tab), self._tabs),
                tagged,
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

    def _status_line(self, move: int) -> ft.Control:
        """Connected, with the move and the time this screen last drew: a glance tells the
        players every device is in step. A slim line of its own (the app bar has no room
        left on a phone). While the phone is cut off, the page's own script
        (assets/connection.js) covers the screen with "Reconnecting" or "Offline" instead:
        the server cannot draw anything then."""
        when = datetime.now().strftime("%H:%M:%S")
        return ft.Container(
            theme.tagged(
                "connection-status",
                ft.Text(
                    f"● Live · move {move} · updated {when}",
                    size=12,
                    color=ft.Colors.GREEN_300,
                    max_lines=1,
                ),
            ),
            key="screen:status",
            padding=ft.Padding.only(left=16, right=16, top=2),
            alignment=ft.Alignment.CENTER_RIGHT,
        )

    def _tabs(self) -> ft.Control:
        """The game and Counters tabs, with the rules and settings buttons beside them."""
        tabs = [
            self._tab_button("game", self.live.game.title),
            self._tab_button("counters", "Counters"),
        ]
        # The rules button sits beside the tabs, not in the app bar: five icons there would
        # leave a phone's title three letters wide. Settings (theme, text size, keeping the
        # screen on) are for every device at the table, guests too: the link keeps this
        # device's code and brings it back to this table.
        rules = theme.tagged(
            "open-rules",
            ft.IconButton(
                ft.Icons.MENU_BOOK, tooltip="Rules", on_click=lambda _: self.open_rule("")
            ),
        )
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
                    ft.Row([rules, settings], spacing=8, tight=True),
                ],
                spacing=8,
                run_spacing=8,
                wrap=True,
            ),
            padding=ft.Padding.only(left=8, right=4, top=8, bottom=8),
            alignment=ft.Alignment.CENTER_LEFT if self.has_game_tab else ft.Alignment.CENTER_RIGHT,
        )

    def _keep(self, key: str, inputs: Hashable, build: Callable[[], ft.Control]) -> ft.Control:
        drawn = self._kept.get(key)
        if drawn is not None and drawn[0] == inputs and key not in self._kept_now:
            control = drawn[1]
        else:
            control = build()
            # Keyed, so a list that gains or loses an item still pairs each kept control
            # with itself, never with a neighbour.
            control.key = f"kept:{key}"
        self._kept_now[key] = (inputs, control)
        return control

    def settle(self) -> None:
        """Make the panel editable before a handler or the phone may change it."""
        settle(self.body)

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
            self.tab = key
            self.render()

        cls = ft.FilledButton if selected else ft.OutlinedButton
        # No fixed height and no cut-off: a label too long for the screen (a long game name
        # at twice the text size) wraps, and the button grows to hold it.
        text = ft.Text(label, text_align=ft.TextAlign.CENTER)
        # The open tab carries a tick as well as its filled look, and says so to readers.
        button = cls(
            content=text,
            icon=ft.Icons.CHECK if selected else None,
            on_click=pick,
        )
        tagged = theme.tagged(f"tab-{key}", button)
        tagged.selected = selected
        return tagged

    def _fill_history(self) -> None:
        undo_to = self._ask_undo_to if self.role == "host" else None
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

    def _undo(self, _: Any) -> None:
        """A seat takes back its own last move at once; the host is asked first, with the
        move named. Either way the undo carries the version this screen showed."""
        if self.role == "viewer" or self._damaged_for_guest():
            return
        if self.role != "host":
            self._step(self.live.undo, "Nothing to undo.", self.version)
            return
        last = self.live.last_move()
        if last is None:
            self.shell.toast("Nothing to undo.")
            return
        self._confirm(*history.describe_last(last), to_seq=None)

    def _ask_undo_to(self, seq: int) -> None:
        """The host's "undo to here" from the history: asks, naming what goes."""
        self._confirm(*history.describe_back_to(self.live.history(), seq), to_seq=seq)

    def _confirm(self, title: str, lines: list[str], *, to_seq: int | None) -> None:
        seen = self.version  # what the host was looking at when asked

        def confirm() -> None:
            self.page.pop_dialog()
            self._step(
                lambda actor, version: self.live.undo(actor, version, to_seq=to_seq),
                "Nothing to undo.",
                seen,
            )

        self.page.show_dialog(
            history.confirm_dialog(title, lines, confirm, lambda: self.page.pop_dialog())
        )

    def _redo(self, _: Any) -> None:
        if self.role == "viewer" or self._damaged_for_guest():
            return
        self._step(self.live.redo, "Nothing to redo.", self.version)

    def _step(self, fn: Any, empty: str, version: int) -> None:
        """Undo or redo against ``version``; a refusal says why and leaves the table as
        it is (a stale one redraws this screen from the table first)."""
        try:
            change = fn(self.actor(), version)
        except LookupError:
            self.shell.toast(empty)
        except StaleVersion:
            self.render()
            self.redraw()
            self.shell.toast(STALE_TAKEBACK, error=True)
            return
        except NotYourMove as exc:
            said = str(exc)
            stop = "" if said.endswith((".", "!", "?")) else "."
            self.shell.toast(f"{said[:1].upper()}{said[1:]}{stop}", error=True)
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

    async def _open_history(self, _: Any) -> None:
        self.history_open = True
        self._fill_history()
        await self.view.show_end_drawer()

    def _history_closed(self, _: Any) -> None:
        self.history_open = False

    def _invite(self, _: Any) -> None:
        self.page.show_dialog(invite.dialog(self.shell, self.live))


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


def view(shell: Shell, live: Any, seat: int | None, role: str) -> ft.View:
    screen = TableScreen(shell, live, seat, role)
    screen.render()
    screen.attach()
    return screen.view
