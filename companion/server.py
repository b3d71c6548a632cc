"""Serving the Flet app on the LAN so that no client, however hostile, can hurt the host.

``ft.run`` would serve the app too, but it leaves the host open to whoever is on the same
network. The causes are in Flet 1.0.5 and its server set-up, so they are worked around here,
in one place, around Flet's own ASGI app (``flet_web.fastapi.app``):

* A disconnected session is kept for an hour (``DEFAULT_FLET_SESSION_TIMEOUT``) with its
  whole page in memory. We pass ``SESSION_TIMEOUT`` instead: long enough for a phone whose
  screen locked to resume, short enough that closed visits are freed in minutes.
* ``FletApp.handle`` waits forever for its send loop when a connection closes before it
  registered (the loop is only stopped for a registered session), so every such connection
  stays in memory and keeps shutdown waiting. ``Guard`` cancels what is left of a
  connection's handler a few seconds after the client is gone.
* Any frame Flet cannot read (garbage, an unknown action, an event before registering)
  ends in ``Receive loop error`` with a full traceback in the terminal; every event starts a
  task at once, so a flood of events grows memory and starves other tables. ``Guard`` reads
  each frame first: a malformed one is refused quietly (one rate-limited terminal line per
  connection), a connection sending faster than a generous human pace is read more slowly
  (TCP holds the flood back at the sender), and a frame larger than any real client sends
  closes the connection. Frames per second are not the whole cost (one tap may redraw a
  whole game screen): before each frame the guard also asks the meter of the session
  behind the connection (``budget``) and reads nothing more while it is over its budget
  of handler time.
* uvicorn hands the websocket parser everything one read of a socket brought (256 KiB:
  thousands of a flooding phone's taps, parsed and inflated in one go before the guard
  sees any). ``_websocket_protocol`` parses it ``READ_CHUNK`` bytes at a time, as the
  guard reads, and drops a held-back backlog when the connection ends or the host stops.
  A socket that is not read never tells the loop that its phone left (the end waits
  behind what the phone sent before it), so a held-back connection is looked at every
  ``PEER_LOOK`` seconds (``peer_gone``) and ended once its phone has gone.
* A closed session's screen is a heap of reference cycles; it is taken apart soon after
  the session closes (``dismantle``), so its reference counts free it. Freed memory stays
  with the process: ``Sweeper`` runs a collection for what is left and ``malloc_trim``
  once closed visits have been dropped (``give_memory_back``). What the host holds from
  its start is frozen out of the collector's passes (``freeze_what_stays``), so that each
  pass, which holds the loop, walks only what the phones' screens hold, and full passes
  come at most once every ``COLLECTOR_THRESHOLDS[2]`` passes of the middle generation.
* A connection with far more waiting than the host has read (``HANG_UP_BYTES``: hundreds
  of taps, which no person's phone sends) is hung up on at once, its backlog dropped
  unread (``BoundedWebSocket._floods``, ``Guard``). Held back, a flooder costs the loop little,
  but its screen stays in memory (a whole game's, the same as a player's), and twenty
  such screens lengthen every pass of the cycle collector, which holds the loop while a
  move waits. A phone that comes back after that starts a new session on the same link
  (``assets/connection.js`` retries at once), within its address's share of sessions.
* Every registration starts a session that stays in memory; one address may start at
  most ``MAX_SESSIONS_PER_ADDRESS`` in a session lifetime (a phone needs a handful), and
  beyond ``JOIN_BURST`` in a minute, ``JOIN_RATE`` a second (each draws a whole screen).
  A connection that flooded (read more slowly for its pace, or with far more sent than
  the host had read, ``HELD_BACK``) gets no such grace: its session is dropped as soon
  as it ends (``drop_session``). Kept, the screens of departed flooders would lengthen
  every pass of the cycle collector, which holds the loop, for ``SESSION_TIMEOUT``; such
  a phone that comes back starts a new session on the same link and sees the same table.
* uvicorn accepts 16 MiB frames and waits forever for connections on shutdown; we set
  ``MAX_WS_MESSAGE`` and a graceful-shutdown timeout so SIGTERM/Ctrl-C always ends the host.
* Flet's web transport writes every message it sends into a debug line
  (``FletApp.send_message``), formatted whether or not debug lines are kept: the whole
  patch, every control it adds in full. That was a fifth of the loop's time while phones
  switched tabs on a game screen. ``quiet_message_repr`` gives Flet's ``Message`` a
  one-word ``repr`` (its action), which is all such a line would then say.
* FastAPI serves ``/docs``, ``/redoc`` and ``/openapi.json``; they are answered 404.
* While a phone's websocket is down, Flet's web client shows a bare "Working..." page,
  holds every tap, and after a drop waits longer and longer between attempts (its delay
  doubles without a limit when the host is not on localhost). ``PageScripts`` adds
  ``assets/connection.js`` to the page Flet serves: it shows the connection status over
  the screen while cut off, says that a tap there was not sent, and keeps retrying every
  quarter second underneath, so a phone is back within a second of its network.
* A connection can stall without closing (weak Wi-Fi: the socket stays open, nothing
  arrives), and then the phone would go on looking live. A page that asks for it (the
  ``beat`` query parameter, added by ``assets/connection.js``) gets a tiny text frame from
  ``Beats`` whenever the host has sent it nothing for ``BEAT_AFTER`` seconds; the page
  counts silence and says it is waiting for the host once nothing came for a few seconds.
  Flet sends only binary frames, so the page tells a beat from the app's own traffic by its
  kind alone and never passes it on: a beat is neither a move nor a redraw.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import gc
import logging
import os
import socket
import sys
import threading
import time
import urllib.parse
from collections import deque
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

import msgpack
from flet.messaging.protocol import decode_ext_from_msgpack

from . import budget
from .dismantle import DISMANTLE_AFTER

log = logging.getLogger("companion.server")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
T = TypeVar("T")

SESSION_TIMEOUT = int(os.environ.get("FATEKEEPER_SESSION_TIMEOUT") or 120)
"""Seconds a disconnected session (and its screen) is kept for the phone to come back
(``$FATEKEEPER_SESSION_TIMEOUT`` overrides it; the tests use a few seconds)."""
MAX_WS_MESSAGE = 1 << 20
"""The server refuses larger websocket messages outright (uvicorn closes with 1009)."""
MAX_FRAME = 64 * 1024
"""Largest frame a real client of this app sends (a typed name, a tap): far below this."""
MAX_ROUTE = 4096
"""Longest route a client may register with (our links are ~120 characters)."""
EVENT_RATE = 20.0
"""Frames per second a connection may send on average (a person taps a few per second)."""
EVENT_BURST = 40.0
"""Frames a connection may send at once before the rate applies (start-up, fast typing)."""
GRACE = 5.0
"""Seconds a connection's handler may take to finish after its client left."""
READ_CHUNK = 2048
"""Bytes of what a phone sent that are parsed into websocket frames at once (see
``_websocket_protocol``): a few dozen of a flooding phone's taps, against thousands in
one read of its socket. A real phone's frames are a few hundred bytes (a larger one takes
a few pieces, parsed together)."""
MAX_SESSIONS_PER_ADDRESS = 100
"""Registrations one network address may make per ``SESSION_TIMEOUT`` (each one keeps a
session in memory that long); the host's own loopback address is not counted."""
PEER_LOOK = 0.2
"""Seconds between two looks, while a connection is not read, whether its phone has gone
(``peer_gone``; see ``_websocket_protocol``)."""
BEAT_EVERY = 0.5
"""Seconds between two rounds of ``Beats`` (one timer for every connection)."""
BEAT_AFTER = 1.0
"""A connection the host has sent nothing for this long gets a beat: a page hears from the
host at least every ``BEAT_AFTER + BEAT_EVERY`` seconds while its connection flows."""
HELD_BACK = "fatekeeper.held_back"
"""Set (``True``) in a websocket connection's scope once the phone had sent more than
``HELD_BACK_BYTES`` beyond what the host had read (``_websocket_protocol``: one read of
its socket brought that much, or that much waited unread while the host held it back).
A flooder, even one whose frames the guard read at its own pace, or hardly at all (the
lane lets twenty phones tapping at once take turns, and a connection waiting for its
turn is not read)."""
HELD_BACK_BYTES = 8 * 1024
"""Far more than a person's taps or keystrokes waiting at once (a frame is a few hundred
bytes at most)."""
HANG_UP_BYTES = 32 * 1024
"""Bytes a registered connection may have waiting unread (in the system's buffer, and
received but not yet parsed) before it is hung up on: hundreds of taps, four times
``HELD_BACK_BYTES``. The host reads a person's taps as they come (a burst of at most
``EVENT_BURST`` frames of a few hundred bytes, read at once); only a connection it reads
more slowly than it sends (past a person's pace, over its session's budget, or waiting in
the lane) builds a backlog, and a flooding phone passes this within a fraction of a second
(what waits in the buffer of an unread socket levels off at 100-160 KiB here, so a much
larger figure might never be seen)."""
WIRE = "fatekeeper.wire"
"""The websocket protocol (``BoundedWebSocket``) in a connection's scope: before handing a
frame to Flet the guard asks its ``backlog`` (and may ``hang_up``)."""
RUSH_BYTES = 2 * 1024
"""Bytes waiting unread behind a frame that make it a flood's whatever its session owes: it
takes its turn in the lane as a busy session's (``budget.Lane``). The host reads a person's
taps as they come, so hardly anything waits behind them; a flooding phone has this much
waiting within a few dozen milliseconds, before its session has run up a debt (its first
taps would otherwise go as a person's, twenty phones' first redraws back to back)."""
GUARDED = "fatekeeper.connection"
"""The guard's ``_Connection`` in a websocket connection's scope: the websocket protocol
tells it when it hangs up (the guard may be waiting for the session's debt to be paid off,
not reading)."""
BEAT = "beat"
"""The beat's text (the page reads any text frame as one; Flet never sends text)."""
SWEEP_AFTER = SESSION_TIMEOUT + 12
"""Seconds after the last connection ended that the memory of closed visits is given back
(``Sweeper``): by then Flet has dropped their sessions (it looks every ten seconds)."""
FLOOD_SWEEP_DELAY = DISMANTLE_AFTER + 1.0
"""Seconds after the last flooder's session was dropped that the memory it held is handed
back to the system (``Sweeper.flooder_dropped``): the host hangs up on the phones of one
flood within a fraction of a second of each other, and their screens are taken apart
``DISMANTLE_AFTER`` seconds after each was closed."""
FLOOD_SWEEP_LONGEST = DISMANTLE_AFTER + 4.0
"""Seconds after the first of a run of dropped flooders' sessions that their memory is
handed back at the latest."""
COLLECTOR_THRESHOLDS = (700, 10, 100)
"""Python's cycle collector thresholds once the start-up load is frozen (``gc.set_threshold``;
the default is 700, 10, 10). A full pass walks every live screen and holds the loop while
it does (with twenty phones on a Grimheim table, 80,000 objects: about 0.1 s), and by
default one may come after every ten passes of the middle generation, which a flood of
redraws brings round about once a second. Here a full pass waits for a hundred of them:
the young generations are collected as often as ever (most of a redraw's garbage dies
there), and the screens of closed sessions are freed by their reference counts
(``dismantle``), so what waits longer for a full pass is little."""
JOIN_WINDOW = 60.0
"""Seconds over which the sessions one address started are counted for ``JOIN_BURST``."""
JOIN_BURST = 20
"""Sessions one address may start in ``JOIN_WINDOW`` at once: a table's phones scanning
the code together, behind one router, reloads included."""
JOIN_RATE = 2.0
"""Sessions per second one address may start beyond ``JOIN_BURST`` (``Guard.admit``):
each draws a whole screen on the loop (up to 0.1 s for a heavy one), so a client that
reconnects as fast as it can takes a fifth of the loop at most."""
LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})
BLOCKED_PATHS = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json"})

# Flet's protocol (flet.messaging.protocol.MessageAction): what a client may send.
REGISTER_CLIENT, CONTROL_EVENT, UPDATE_CONTROL_PROPS, INVOKE_METHOD = 1, 3, 4, 5
CLIENT_ACTIONS = {REGISTER_CLIENT, CONTROL_EVENT, UPDATE_CONTROL_PROPS, INVOKE_METHOD}


class Complaints:
    """One terminal line per offending connection, and at most ``per_minute`` lines a
    minute overall (then one line saying how many were left out), so a hostile client can
    never push the host link off the screen."""

    def __init__(self, per_minute: int = 6) -> None:
        self.per_minute = per_minute
        self._lock = threading.Lock()
        self._window = 0.0
        self._count = 0
        self._held = 0

    def say(self, text: str) -> None:
        with self._lock:
            now = time.monotonic()
            if now - self._window >= 60:
                if self._held:
                    log.warning("... and %d more refusals in the last minute", self._held)
                self._window, self._count, self._held = now, 0, 0
            if self._count >= self.per_minute:
                self._held += 1
                return
            self._count += 1
        log.warning("%s", text)


COMPLAINTS = Complaints()


@dataclass
class _Connection:
    """What the guard knows about one websocket."""

    peer: str
    registered: bool = False
    complained: bool = False
    tokens: float = EVENT_BURST
    stamp: float = field(default_factory=time.monotonic)
    throttled: bool = False
    overspent: bool = False
    closed: bool = False
    gone: asyncio.Event = field(default_factory=asyncio.Event)
    accepted: bool = False
    sent: float = field(default_factory=time.monotonic)
    """When the host last sent this connection something (``time.monotonic``)."""
    beating: bool = False
    """A beat is on its way (a stalled socket can hold it: never two at once)."""
    hung_up: bool = False
    """The host hung up on this connection for the backlog it sent (``HANG_UP_BYTES``)."""

    def complain(self, what: str) -> None:
        if not self.complained:
            self.complained = True
            COMPLAINTS.say(f"refused {what} from {self.peer}")

    def hang_up(self) -> None:
        """The websocket protocol ended this connection for its backlog: the guard's
        waits end now, and the end is said in the terminal (once, rate-limited)."""
        if not self.hung_up:
            self.hung_up = True
            COMPLAINTS.say(f"hung up on {self.peer}: far more messages than any phone sends")
        self.closed = True
        self.gone.set()

    async def until_gone(self, waiting: Awaitable[T]) -> T | None:
        """What ``waiting`` returns, or ``None`` if this connection ends first (``waiting``
        is then cancelled). A session over its budget may wait seconds for its turn; a
        connection hung up meanwhile must end now, so that its screen is freed now."""
        if self.gone.is_set():
            if asyncio.iscoroutine(waiting):
                waiting.close()
            return None
        task = asyncio.ensure_future(waiting)
        gone = asyncio.ensure_future(self.gone.wait())
        try:
            await asyncio.wait({task, gone}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            gone.cancel()
            if not task.done():
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        return None if task.cancelled() else task.result()

    def wait(self) -> float:
        """Token bucket (refilled at ``EVENT_RATE`` per second up to ``EVENT_BURST``): take
        one token and return how many seconds to wait before it is due (0: at once)."""
        now = time.monotonic()
        self.tokens = min(EVENT_BURST, self.tokens + (now - self.stamp) * EVENT_RATE)
        self.stamp = now
        self.tokens -= 1
        return 0.0 if self.tokens >= 0 else -self.tokens / EVENT_RATE


def problem_with(frame: bytes, conn: _Connection) -> str | None:
    """Why ``frame`` must not reach Flet (``None``: it may). Checks the shape Flet relies
    on, so nothing it does with a frame can raise on bad input."""
    if len(frame) > MAX_FRAME:
        return f"a {len(frame)}-byte message"
    if frame[:1] != b"\x00":
        return "a message of an unknown kind"  # data channels: this app opens none
    try:
        data = msgpack.unpackb(frame[1:], ext_hook=decode_ext_from_msgpack)
    except Exception:  # any decoding failure is the client's garbage
        return "an unreadable message"
    if not (isinstance(data, list) and len(data) == 2 and isinstance(data[1], dict)):
        return "a message of the wrong shape"
    action, body = data
    if isinstance(action, bool) or action not in CLIENT_ACTIONS:
        return "a message with an unknown action"
    if not conn.registered and action != REGISTER_CLIENT:
        return "a message before registering"
    if action == REGISTER_CLIENT:
        if conn.registered:
            return "a second registration"
        page = body.get("page")
        if not isinstance(page, dict):
            return "a registration without a page"
        route = page.get("route")
        if route is not None and (not isinstance(route, str) or len(route) > MAX_ROUTE):
            return "a registration with an oversized route"
        if set(body) - {"session_id", "page_name", "page"}:
            return "a registration with unknown fields"
        return None
    if action == CONTROL_EVENT:
        name = body.get("name")
        if not (isinstance(body.get("target"), int) and isinstance(name, str)):
            return "an event of the wrong shape"
        if not 0 < len(name) <= 64:
            return "an event with an impossible name"
        if set(body) - {"target", "name", "data"}:
            return "an event with unknown fields"
    elif action == UPDATE_CONTROL_PROPS:
        if not (isinstance(body.get("id"), int) and isinstance(body.get("props"), dict)):
            return "a property update of the wrong shape"
    elif not (isinstance(body.get("control_id"), int) and isinstance(body.get("call_id"), str)):
        return "a method reply of the wrong shape"
    return None


class Beats:
    """The heartbeat of every connection that asked for one: one timer for all of them.

    Every ``BEAT_EVERY`` seconds, each such connection that the host has sent nothing for
    ``BEAT_AFTER`` seconds gets ``BEAT``. A connection the host is busy talking to gets
    none (its frames say enough), so a tap's fan-out never waits behind a beat. A send
    that waits on a stalled socket waits in its own small task, never in the timer.
    """

    def __init__(self) -> None:
        self._sends: dict[int, tuple[_Connection, Send]] = {}
        self._timer: asyncio.Task[None] | None = None
        self._flying: set[asyncio.Task[None]] = set()  # beats on their way (kept alive)

    def add(self, c: _Connection, send: Send) -> None:
        self._sends[id(c)] = (c, send)
        timer = self._timer
        if timer is None or timer.done() or timer.get_loop() is not asyncio.get_running_loop():
            self._timer = asyncio.ensure_future(self._run())

    def remove(self, c: _Connection) -> None:
        self._sends.pop(id(c), None)

    async def _run(self) -> None:
        while self._sends:
            await asyncio.sleep(BEAT_EVERY)
            now = time.monotonic()
            for c, send in list(self._sends.values()):
                if c.accepted and not c.closed and not c.beating and now - c.sent >= BEAT_AFTER:
                    c.beating = True
                    c.sent = now
                    task = asyncio.ensure_future(self._beat(c, send))
                    self._flying.add(task)
                    task.add_done_callback(self._flying.discard)

    @staticmethod
    async def _beat(c: _Connection, send: Send) -> None:
        try:
            await send({"type": "websocket.send", "text": BEAT})
        except Exception:  # the transport closed under us: the guard sees it too
            pass
        finally:
            c.beating = False


PEER_PING = b"fk"
"""What a held-back connection is pinged with (``BoundedWebSocket``)."""
_TCP_CLOSE, _TCP_CLOSE_WAIT = 7, 8
"""Linux's TCP states of a connection whose other end has reset it or sent its FIN."""


def peer_gone(sock: Any) -> bool:
    """Has the other end of ``sock`` reset or closed the connection? Found out without
    reading it: what a held-back phone sent before it went still waits unread in front of
    the end. A reset is seen everywhere (the socket's pending error); a closing phone's
    FIN only on Linux (the connection's TCP state), elsewhere once the bytes before it are
    read. ``False`` when it cannot be told."""
    try:
        if sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR):
            return True
        tcp_info = getattr(socket, "TCP_INFO", None)
        if tcp_info is not None and sys.platform.startswith("linux"):
            state = sock.getsockopt(socket.IPPROTO_TCP, tcp_info, 8)[0]
            return state in (_TCP_CLOSE, _TCP_CLOSE_WAIT)
    except (OSError, ValueError, IndexError):
        pass
    return False


def unread_bytes(sock: Any) -> int:
    """Bytes that arrived on ``sock`` and wait in the system's buffer, unread (0 where the
    system cannot say)."""
    try:
        import fcntl
        import termios

        raw = fcntl.ioctl(sock.fileno(), termios.FIONREAD, b"\0\0\0\0")
        return int.from_bytes(raw, sys.byteorder, signed=True)
    except (ImportError, OSError, ValueError):
        return 0


def wants_beats(scope: Scope) -> bool:
    """Did the page ask for beats (``?beat=1`` on its websocket address)?"""
    query = urllib.parse.parse_qs(scope.get("query_string", b"").decode("latin-1"))
    return query.get("beat") == ["1"]


def freeze_what_stays() -> None:
    """Load every game's screens now and set aside, for good, what the host holds from its
    start (modules, classes, rule tables: over 100,000 objects), so that no pass of
    Python's cycle collector walks them again.

    A full pass walks every object the collector tracks, and it holds the event loop while
    it runs; it comes whenever the objects that lived long have grown by a quarter. With 20
    phones on Grimheim such a pass walked some 270,000 objects, more than half of them this
    start-up load, which lives as long as the process and can never be garbage: a move
    arriving meanwhile waited for it. Frozen (``gc.freeze``), those objects are still freed
    by their reference counts as ever; only the cycle collector passes them by. Each game's
    screen modules are imported first, as the first table of each game would do later.
    Full passes are then made rarer (``COLLECTOR_THRESHOLDS``)."""
    from .panels import PANELS, panel_for, start_picture_for

    for slug in PANELS:
        panel_for(slug)
        start_picture_for(slug)
    gc.collect()  # garbage from the start-up is not frozen with the rest
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


def give_memory_back() -> None:
    """Free what closed visits left and hand the freed memory back to the system.

    A closed session's screen is thousands of objects that refer to each other; its
    controls are emptied soon after it closes (``dismantle``), which frees most of them,
    and what is left (the session's own few hundred objects in cycles) only Python's
    cycle collector frees, which may not run a full pass for a long time (the next
    hundred visitors then add to the memory instead of reusing it). Freed, the memory
    still stays with the process until the C allocator is asked to give back its free
    pages (``hand_back_memory``)."""
    gc.collect()
    hand_back_memory()


def hand_back_memory() -> None:
    """Ask the C allocator to give its free pages back to the system (``malloc_trim``,
    glibc only; elsewhere nothing happens). The host runs with Python's small-object
    allocator off (``PYTHONMALLOC=malloc``, set by ``python -m companion``): its 256 KiB
    arenas go back only when entirely free, which after a hundred screens drawn side by
    side they rarely are."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)


async def drop_session(session: Any) -> bool:
    """End Flet's ``session`` now instead of keeping it for its phone to resume, if it is
    still without a connection; ``True`` when it was dropped. Flet keeps its sessions in
    ``flet_web.fastapi.app_manager`` under a key of its own making, so the session is
    found there by identity and removed the way Flet removes an expired one
    (``delete_session``: closed, its page's ``close`` handlers run)."""
    from flet_web.fastapi import app_manager

    if session is None or session.connection is not None:
        return False
    sessions: dict[str, Any] = getattr(app_manager, "_FletAppManager__sessions", {})
    key = next((k for k, v in list(sessions.items()) if v is session), None)
    if key is None:
        return False
    await app_manager.delete_session(key)
    return True


class Sweeper:
    """Runs ``give_memory_back`` ``SWEEP_AFTER`` seconds after a connection ended, once
    for all the connections that end meanwhile; when more ended after the first of them,
    once more, ``SWEEP_AFTER`` after the last. A pass holds the loop while it runs (in
    proportion to what is to be freed: the same work Python's own collector would do
    whenever it chose, here done once the visitors have gone).

    The sessions of flooders are dropped as they leave (``drop_session``) and their
    screens taken apart (``dismantle``), which frees them without a pass of the
    collector: a full pass walks every live screen, twenty flooders' among them while a
    flood goes on, and holds a move at some table meanwhile. So after a flooder's session
    is dropped, only the freed memory is handed back (``hand_back_memory``, no pass),
    ``FLOOD_SWEEP_DELAY`` seconds after the last drop (the others of a flood go at nearly
    the same moment, and their screens have been taken apart by then), and at most
    ``FLOOD_SWEEP_LONGEST`` seconds after the first."""

    def __init__(self) -> None:
        self._handle: asyncio.TimerHandle | None = None
        self._since = 0.0
        self._last = 0.0
        self._flood_handle: asyncio.TimerHandle | None = None
        self._first_drop = 0.0

    def visit_ended(self) -> None:
        loop = asyncio.get_running_loop()
        self._last = loop.time()
        if self._handle is None:
            self._since = self._last
            self._handle = loop.call_at(self._last + SWEEP_AFTER, self._sweep)

    def flooder_dropped(self) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        if self._flood_handle is None:
            self._first_drop = now
        else:
            self._flood_handle.cancel()
        due = min(now + FLOOD_SWEEP_DELAY, self._first_drop + FLOOD_SWEEP_LONGEST)
        self._flood_handle = loop.call_at(due, self._sweep_flood)

    def _sweep_flood(self) -> None:
        self._flood_handle = None
        hand_back_memory()

    def _sweep(self) -> None:
        self._handle = None
        give_memory_back()
        if self._last > self._since:  # visits that ended since may still be in memory
            loop = asyncio.get_running_loop()
            self._since = self._last
            self._handle = loop.call_at(self._last + SWEEP_AFTER, self._sweep)


class Guard:
    """ASGI middleware in front of Flet's app (see the module docstring for why)."""

    def __init__(self, app: ASGIApp, *, max_sessions: int = MAX_SESSIONS_PER_ADDRESS) -> None:
        self.app = app
        self.max_sessions = max_sessions
        self._registrations: dict[str, deque[float]] = {}
        self.beats = Beats()
        self.sweeper = Sweeper()

    def admit(self, peer: str) -> float | None:
        """May ``peer`` start one more session now? ``None``: no, its share is used up
        (sessions outlive their connection by ``SESSION_TIMEOUT``, so a client
        reconnecting in a loop would otherwise fill the host's memory with them).
        Otherwise the seconds it waits first: beyond ``JOIN_BURST`` sessions in
        ``JOIN_WINDOW``, one address starts ``JOIN_RATE`` a second (each session draws a
        whole screen on the loop; a client reconnecting as fast as it can, as one the
        host hung up on may, would otherwise take the loop from every table). The host's
        own loopback address is not counted."""
        if peer in LOOPBACK:
            return 0.0
        now = time.monotonic()
        recent = self._registrations.setdefault(peer, deque())
        while recent and now - recent[0] > SESSION_TIMEOUT + 15:
            recent.popleft()
        if len(recent) >= self.max_sessions:
            return None
        lately = sum(1 for at in recent if at > now - JOIN_WINDOW)
        starts = max(now, recent[-1] + 1 / JOIN_RATE) if lately >= JOIN_BURST else now
        recent.append(starts)
        if len(self._registrations) > 10_000:  # forget quiet addresses
            for key in [k for k, v in self._registrations.items() if not v]:
                del self._registrations[key]
        return starts - now

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("path") in BLOCKED_PATHS:
            await _not_found(send)
            return
        if scope["type"] == "http":
            await self.app(scope, receive, send)
            return
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        conn = _Connection(peer=str(client[0]) if client else "an unknown address")
        await self._websocket(scope, receive, send, conn)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send, c: _Connection) -> None:
        slot = budget.Slot()
        scope[GUARDED] = c

        async def its_turn(meter: budget.Meter) -> bool:
            """Wait for the turn of the frame just read in the lane (``budget.Lane``);
            ``False`` when the connection was hung up meanwhile. Each frame's handler
            takes its turn with the other costly work of the loop (other frames,
            redraws), the session owing least first: twenty phones tapping at once are
            handled one after the other, with a move at another table between two of
            them. A frame with a flood waiting behind it (``RUSH_BYTES``) goes as a busy
            session's, and one whose phone sent that much while it waited takes its turn
            again as such: a flood's first taps come before its session owes anything,
            and twenty new phones' first redraws would otherwise run back to back."""
            wire = scope.get(WIRE)
            rushed = False
            while True:
                if _floods(wire):
                    return False
                rushed = rushed or (wire is not None and wire.backlog() > RUSH_BYTES)
                ticket = await c.until_gone(budget.lane().enter(meter, rushed=rushed))
                if c.closed or ticket is None:
                    if ticket is not None:
                        ticket.leave()
                    return not c.closed
                if rushed or wire is None or wire.backlog() <= RUSH_BYTES:
                    # Given back once the handler Flet starts for this frame has run
                    # (whatever becomes of this connection meanwhile).
                    ticket.leave_after_next_step()
                    return True
                ticket.leave()
                rushed = True

        async def guarded_receive() -> Message:
            while True:
                if c.closed:
                    return {"type": "websocket.disconnect", "code": 1008}
                # Let the last frame's handler run first (Flet starts it as a task), so
                # its cost is on the session's meter before the next frame is read.
                await asyncio.sleep(0)
                meter = slot.meter
                if meter is not None and not meter.due():
                    # The session behind this connection has used its share of the loop:
                    # read nothing more until it is paid off (TCP holds the rest back).
                    if not c.overspent:
                        c.overspent = True
                        c.complain("a flood of costly events (slowed down)")
                    await c.until_gone(meter.turn())
                    continue
                message = await receive()
                if meter is not None:
                    # Reading and decoding a frame costs the loop too, even a tap that
                    # does nothing: a flood of those is held to the same budget.
                    meter.charge(budget.FRAME_COST)
                if message["type"] == "websocket.disconnect":
                    c.closed = True
                    c.gone.set()
                    return message
                if message["type"] != "websocket.receive":
                    return message
                delay = c.wait()
                if delay > 0:
                    # Over a person's pace: read this connection more slowly. Not reading
                    # lets uvicorn stop reading its socket, so TCP makes the flooder wait;
                    # nothing piles up here and the other tables keep the event loop.
                    if not c.throttled:
                        c.throttled = True
                        c.complain("a flood of events (slowed down)")
                    await c.until_gone(asyncio.sleep(delay))
                    if c.closed:
                        continue  # hung up meanwhile: the frame goes unread
                frame = message.get("bytes")
                if frame is None:
                    c.complain("a text message")
                    continue
                problem = problem_with(frame, c)
                if problem is not None:
                    c.complain(problem)
                    if len(frame) > MAX_FRAME or not c.registered:
                        # No real client does this: end the connection.
                        await _close(send, c, 1009 if len(frame) > MAX_FRAME else 1008)
                    continue
                if not c.registered:
                    # A frame that passed while unregistered is the registration.
                    wait = self.admit(c.peer)
                    if wait is None:
                        c.complain("a session beyond this address's share")
                        await _close(send, c, 1013)
                        continue
                    if wait > 0:
                        await c.until_gone(asyncio.sleep(wait))
                        if c.closed:
                            continue  # it left while it waited to start
                    c.registered = True
                elif meter is not None and not await its_turn(meter):
                    continue  # hung up meanwhile: the frame goes unhandled
                return message

        async def guarded_send(message: Message) -> None:
            if c.closed:
                return  # the client is gone; Flet's late sends go nowhere
            c.sent = time.monotonic()
            try:
                await send(message)
            except Exception:  # the transport closed under us: same as gone
                c.closed = True
                c.gone.set()
                return
            if message["type"] == "websocket.accept":
                c.accepted = True

        # Every task Flet starts for this connection's frames inherits the slot: the
        # session's handlers bind it to their meter (``budget.bind``).
        bound = budget.CONNECTION.set(slot)
        try:
            task = asyncio.ensure_future(self.app(scope, guarded_receive, guarded_send))
        finally:
            budget.CONNECTION.reset(bound)
        gone = asyncio.ensure_future(c.gone.wait())
        if wants_beats(scope):
            self.beats.add(c, send)
        try:
            await asyncio.wait({task, gone}, return_when=asyncio.FIRST_COMPLETED)
            if not task.done():
                # Flet's handler hangs when the client left before registering.
                await asyncio.wait({task}, timeout=GRACE)
            if not task.done():
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
            elif not task.cancelled() and task.exception() is not None:
                exc = task.exception()
                COMPLAINTS.say(f"a connection from {c.peer} ended with {type(exc).__name__}")
        finally:
            self.beats.remove(c)
            gone.cancel()
            if not task.done():
                task.cancel()
            if c.registered and (c.throttled or scope.get(HELD_BACK)):
                # A phone does not tap past a person's pace or send far more than the
                # host reads: this one's screen is not worth keeping for a resume (module
                # docstring). Running up the loop's bill is not enough: a player at a
                # busy table does, with the redraws her taps bring.
                with contextlib.suppress(Exception):
                    if await drop_session(slot.session):
                        self.sweeper.flooder_dropped()
            if c.registered:
                self.sweeper.visit_ended()


def _floods(wire: Any) -> bool:
    """Hang up on the phone behind ``wire`` (the connection's ``BoundedWebSocket``) if
    more than ``HANG_UP_BYTES`` of what it sent wait unread; ``True`` when it did. Asked
    before each frame is handed to Flet: a flooding phone's first taps may wait for their
    turn while its flood piles up behind them."""
    if wire is None or wire.backlog() <= HANG_UP_BYTES:
        return False
    wire.hang_up()
    return True


async def _close(send: Send, c: _Connection, code: int) -> None:
    if not c.closed:
        c.closed = True
        c.gone.set()
        with contextlib.suppress(Exception):  # already closing
            await send({"type": "websocket.close", "code": code})


async def _not_found(send: Send) -> None:
    body = b"Not Found"
    await send(
        {
            "type": "http.response.start",
            "status": 404,
            "headers": [
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class OneLine(logging.Formatter):
    """Log records as one line: a traceback becomes ``(ExcType: message)``."""

    def format(self, record: logging.LogRecord) -> str:
        text = f"{record.levelname} {record.name}: {record.getMessage()}"
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            text += f" ({type(exc).__name__}: {str(exc)[:200]})"
        return text.replace("\n", " ")[:500]


class HandlerFailures(logging.Filter):
    """Drops Flet's "Unhandled error in 'on_...' handler" records: every session of the app
    reports its own handler failures, once per session (``Shell.failed``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("Unhandled error in ")


class RateLimit(logging.Filter):
    """At most ``per_minute`` records a minute through a handler."""

    def __init__(self, per_minute: int = 20) -> None:
        super().__init__()
        self.per_minute = per_minute
        self._window = 0.0
        self._count = 0

    def filter(self, record: logging.LogRecord) -> bool:
        now = time.monotonic()
        if now - self._window >= 60:
            self._window, self._count = now, 0
        self._count += 1
        return self._count <= self.per_minute


def quiet_framework_logs(handler_stream: Any) -> None:
    """Flet, uvicorn and Starlette print full tracebacks for client faults; give them one
    rate-limited line each instead, warnings and above only."""
    handler = logging.StreamHandler(handler_stream)
    handler.setFormatter(OneLine())
    handler.addFilter(HandlerFailures())
    handler.addFilter(RateLimit())
    handler.setLevel(logging.WARNING)
    for name in ("flet", "flet_web", "flet_transport", "uvicorn", "uvicorn.error", "asyncio"):
        logger = logging.getLogger(name)
        logger.handlers = [handler]
        logger.propagate = False
        logger.setLevel(logging.WARNING)
    logging.getLogger("uvicorn.access").disabled = True


APP_NAME = "Fatekeeper"
PAGE_SCRIPTS = ("textsize.js", "connection.js")
"""Our own scripts (in the assets folder) that the page loads before the app starts: the
text size a device chose, and the connection status shown while a phone is cut off."""


class PageScripts:
    """ASGI middleware adding ``<script>`` tags for ``PAGE_SCRIPTS`` to the HTML page Flet
    serves (the page is generated by Flet; this is the one hook for scripts that must run
    before its client starts: the text size before the engine measures text, the websocket
    watcher before the client opens its socket)."""

    def __init__(self, app: ASGIApp, scripts: tuple[str, ...] = PAGE_SCRIPTS) -> None:
        self.app = app
        tags = "".join(f'<script src="{name}"></script>' for name in scripts)
        self.tags = tags.encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        start: Message | None = None
        chunks: list[bytes] = []

        async def capture(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                headers = dict(message.get("headers") or [])
                if not headers.get(b"content-type", b"").startswith(b"text/html"):
                    await send(message)
                    return
                start = message
                return
            if start is None:
                await send(message)
                return
            chunks.append(message.get("body", b""))
            if message.get("more_body"):
                return
            body = b"".join(chunks)
            if scope.get("method") == "GET":
                body = body.replace(b"</head>", self.tags + b"</head>", 1)
            headers = [
                (k, str(len(body)).encode() if k == b"content-length" else v)
                for k, v in start.get("headers", [])
            ]
            await send({**start, "headers": headers})
            await send({"type": "http.response.body", "body": body})

        await self.app(scope, receive, capture)


def _websocket_protocol() -> type[Any]:
    """uvicorn's websocket protocol (``websockets-sansio``), parsing what a connection sent
    a little at a time and dropping a held-back flood once it no longer matters (see
    ``BoundedWebSocket``)."""
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

    class BoundedWebSocket(WebSocketsSansIOProtocol):  # type: ignore[misc]
        """uvicorn hands a protocol everything one read of the socket brought (up to
        256 KiB) and the websocket parser unpacks and inflates every frame in it at once,
        before the guard sees any: thousands of a flooding phone's taps, a quarter of a
        second of the loop in one go. Here the bytes wait unparsed and are parsed
        ``READ_CHUNK`` at a time, the next piece only once the guard has read every
        message parsed so far; the socket is not read meanwhile (TCP holds the rest at
        the phone). When the connection ends or the host stops, a backlog beyond a
        person's burst is dropped: the guard sees the end next instead of after reading
        it all at a flood's pace (the handler, and the host's shutdown, would wait that
        long).

        A socket that is not read does not tell the loop that its phone has gone: the
        end waits behind the bytes the phone sent before it. Twenty phones that flooded
        and left would go on being handled, tap after tap from what they sent before,
        for half a minute, taking the loop (and the lane) from the phones still at the
        table. So while a connection is not read, it is looked at every ``PEER_LOOK``
        seconds (``peer_gone``); once its phone has gone, it is ended at once and its
        whole backlog dropped: nobody is there to see what those taps would draw. A
        phone still there that floods is hung up on the same way (``_floods``)."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._unparsed = bytearray()
            self._look: asyncio.TimerHandle | None = None
            self._drop_all = False
            """Drop the whole backlog when the connection ends: its phone has gone, or
            the host hung up on it."""

        def data_received(self, data: bytes) -> None:
            scope = getattr(self, "scope", None)
            if isinstance(scope, dict) and WIRE not in scope:
                scope[WIRE] = self  # for the guard: ``backlog`` and ``hang_up``
            if len(data) > HELD_BACK_BYTES:
                self._held_back()
            self._unparsed += data
            if self._floods():
                return
            self._parse_some()

        def backlog(self) -> int:
            """Bytes the phone sent that the host has not read yet: in the system's
            buffer, and received but not yet parsed into frames."""
            sock = self.transport.get_extra_info("socket")
            return len(self._unparsed) + (unread_bytes(sock) if sock is not None else 0)

        def hang_up(self) -> None:
            """End this connection now: its backlog is dropped unread, and the guard is
            told at once (``_Connection.hang_up``; it drops the session as the
            connection ends)."""
            self._held_back()
            guarded = self._guarded()
            if guarded is not None:
                guarded.hang_up()
            self._drop_all = True
            self.transport.abort()  # ``connection_lost`` follows: the guard sees the end

        def _guarded(self) -> _Connection | None:
            """What the guard knows of this connection (``None`` before the handshake)."""
            scope = getattr(self, "scope", None)
            guarded = scope.get(GUARDED) if isinstance(scope, dict) else None
            return guarded if isinstance(guarded, _Connection) else None

        def _floods(self) -> bool:
            """``_floods`` for a registered phone (before that, the guard refuses what is
            not a registration anyway)."""
            guarded = self._guarded()
            return guarded is not None and guarded.registered and _floods(self)

        def _held_back(self) -> None:
            """Tell the guard this phone sent far more than the host has read."""
            scope = getattr(self, "scope", None)
            if isinstance(scope, dict):  # the dict the guard is given
                scope[HELD_BACK] = True

        def _parse_some(self) -> None:
            """Parse pieces until one gives a message (or nothing is left unparsed). Once
            the host has sent its close, everything is parsed: the phone's close reply
            must be seen, and messages are not queued any more."""
            while (
                self._unparsed
                and (self.queue.empty() or self.close_sent)  # closing: nothing is queued
                and not self.disconnected
            ):
                piece = bytes(self._unparsed[:READ_CHUNK])
                del self._unparsed[:READ_CHUNK]
                super().data_received(piece)
            if self._unparsed and not self.read_paused:
                self.read_paused = True
                self.transport.pause_reading()
            self._watch()

        def _watch(self) -> None:
            """Look at the phone in ``PEER_LOOK`` seconds if the socket is not read."""
            if self.read_paused and self._look is None and not self.disconnected:
                self._look = self.loop.call_later(PEER_LOOK, self._look_at_peer)

        def _look_at_peer(self) -> None:
            self._look = None
            if not self.read_paused or self.disconnected:
                return
            sock = self.transport.get_extra_info("socket")
            unread = unread_bytes(sock) if sock is not None else 0
            if unread > HELD_BACK_BYTES:
                self._held_back()
            if self._floods():
                return
            if sock is not None and peer_gone(sock):
                self._drop_all = True
                self.transport.abort()  # ``connection_lost`` follows: the guard sees the end
                return
            # A phone that closed while the host was not reading it cannot get its FIN
            # through (the host's window is shut): the host hears of its going only when
            # it next sends something there (the phone's system answers with a reset).
            # A ping is the least there is to send; the reply (if any) waits its turn.
            with contextlib.suppress(Exception):  # closing meanwhile: the loss is seen too
                self.conn.send_ping(PEER_PING)
                self.transport.write(b"".join(self.conn.data_to_send()))
            self._watch()

        async def receive(self) -> Any:
            message = await self.queue.get()
            if self.queue.empty():
                self._parse_some()
                if self.read_paused and self.queue.empty() and not self._unparsed:
                    self.read_paused = False
                    self.transport.resume_reading()
            self._watch()  # uvicorn stops reading after each message it queues
            return message

        def _drop_backlog(self) -> None:
            if (
                self._drop_all
                or self.queue.qsize() > EVENT_BURST
                or len(self._unparsed) > READ_CHUNK
            ):
                self._unparsed.clear()
                while not self.queue.empty():
                    self.queue.get_nowait()
            else:  # a person's last taps: parsed, so they are handled before the end
                while self._unparsed and not self.disconnected:
                    piece = bytes(self._unparsed[:READ_CHUNK])
                    del self._unparsed[:READ_CHUNK]
                    super().data_received(piece)

        def connection_lost(self, exc: Exception | None) -> None:
            if self._look is not None:
                self._look.cancel()
                self._look = None
            self._drop_backlog()
            super().connection_lost(exc)

        def shutdown(self) -> None:
            self._drop_backlog()
            super().shutdown()

    return BoundedWebSocket


def quiet_message_repr() -> None:
    """Make the ``repr`` of Flet's protocol ``Message`` its action alone. Flet formats
    every message it sends into a debug line before the logger decides to drop it (an
    f-string), and a message's dataclass ``repr`` walks its whole patch: every control a
    redraw adds, field by field."""
    from flet.messaging.protocol import Message

    def short(message: Message) -> str:
        return f"Message({getattr(message.action, 'name', message.action)})"

    Message.__repr__ = short  # type: ignore[method-assign,assignment]


def build_app(main: Callable[[Any], Any], assets_dir: str) -> ASGIApp:
    """Flet's web app for ``main`` behind the ``Guard``, named Fatekeeper (browser tab,
    home-screen name; the icons come from the assets folder)."""
    import flet_web.fastapi as flet_fastapi

    quiet_message_repr()
    outer = flet_fastapi.FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    outer.mount(
        "/",
        flet_fastapi.app(
            main,
            assets_dir=assets_dir,
            no_cdn=True,
            session_timeout_seconds=SESSION_TIMEOUT,
            app_name=APP_NAME,
            app_short_name=APP_NAME,
            app_description="A table companion for five board games.",
        ),
    )
    return Guard(PageScripts(outer))


def serve(main: Callable[[Any], Any], *, host: str, port: int, assets_dir: str) -> None:
    """Serve until SIGTERM or Ctrl-C; returns once the server has shut down."""
    import uvicorn

    app = build_app(main, assets_dir)
    freeze_what_stays()
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        ws=_websocket_protocol(),
        ws_max_size=MAX_WS_MESSAGE,
        log_config=None,
        access_log=False,
        timeout_graceful_shutdown=3,
        server_header=False,
    )
    uvicorn.Server(config).run()
