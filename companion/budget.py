"""What one device may cost the host: a budget of handler time per session.

Every session's events and redraws run on the server's one event loop, so the time one
phone's taps take is time every other table waits. A limit on frames per second
(``server.Guard``) is not enough: one tap may redraw a whole game screen, 100 times the
cost of another. Nor can a limit be keyed on the network address: phones behind one
Wi-Fi router share it.

Each session has a ``Meter``. The CPU time its event handlers and its redraws take on
the loop is charged to it (``charge``); the debt is paid off over time. A session whose debt is over
``ALLOWANCE`` waits (``turn``): its connection is not read (``server.Guard`` asks the
meter of the session behind each connection before reading the next frame, so TCP holds
the rest back at the phone), and its redraws for other devices' changes wait too (then
one redraw, of the latest state, follows). A person tapping never comes near the
allowance; a device tapping without pause runs into it at once.

A session within its allowance pays its debt off at ``PER_SESSION_RATE``; the sessions
over it share ``SHARED_RATE`` between them: twenty flooding devices get what one would,
so the loop stays free for every other table whatever their number.

Both rates count CPU time, and a session may be within its allowance and still busy: a
new one (it starts with its allowance spent), or one tapping costly controls just slowly
enough. Twenty such sessions each within their own allowance would still take the loop
from everyone, all at once (twenty redraws in one turn of the loop), and on a busy machine
a second of CPU time is several seconds of the loop's. So a session owing more than
``BUSY`` goes through the ``Lane``: one frame at a time, the sessions owing least first,
and after each frame the lane stays closed long enough (in time on the clock, however
busy the machine) that such sessions together hold the loop for at most ``LANE_SHARE`` of
it. A person's tap, even on the heaviest screen, leaves less than ``BUSY`` owed, paid off
in a fraction of a second: people at the table never wait in the lane. A frame is a busy
session's if its session was busy when the frame arrived, however long it then waits:
waiting pays the debt off, and a flooder's frame that waited in the lane would otherwise
go as a person's tap, with no pause after it, and before the taps of phones that came
to the table later (twenty flooders then take the whole loop, and a phone that just
opened a table waits behind all of them).

All of this runs on the event loop's thread, except ``Slot``'s attribute writes (atomic).
"""

from __future__ import annotations

import asyncio
import contextvars
import time
import weakref
from collections.abc import Coroutine, Generator
from dataclasses import dataclass
from typing import Any, TypeVar, cast

T = TypeVar("T")

ALLOWANCE = 0.1
"""Seconds of handler time a session may owe and still go on at once: a person's taps,
even on the heaviest screen of a loaded machine, stay under it."""
MOST_PER_CHARGE = 0.1
"""The most one event or redraw is charged: a handler that waited on the disk, or ran
some code for the first time, must not cost a person a long wait after it."""
PER_SESSION_RATE = 0.2
"""Seconds of debt a session within its allowance pays off per second: a busy table's
phones (taps and redraws for every other phone's taps) stay within it."""
SHARED_RATE = 0.2
"""Seconds of debt all sessions over their allowance together pay off per second:
whatever the number of devices flooding, they get a fifth of a core between them (and the
sessions within their allowance are never held up). One session alone over its allowance
(a person stepping a value twice on a heavy screen, as well as a flooder) pays off as fast
as within it, so a person is held up by a second or so, never by ten."""
FRAME_COST = 0.001
"""Seconds charged for each frame a session's phone sends, before any handler: what
reading and decoding it costs the loop (measured here at 0.3-1 ms)."""
LONGEST_NAP = 0.25
"""A waiting session looks again at least this often (its share changes as others
start or stop waiting)."""

BUSY = ALLOWANCE / 2
"""Debt beyond which a session's frames go through the ``Lane``."""
LANE_SHARE = 0.15
"""The most of the loop's time (on the clock) the sessions in the lane take together."""
LANE_LONGEST_GAP = 2.0
"""The longest the lane stays closed after one frame (a frame whose handler waited on the
disk must not close it for long)."""
LANE_LOOK = 0.05
"""A session waiting in the lane looks again this often whether its turn came (and, with
``Lane.enter``'s ``busy_only``, whether it is still busy: if not, it leaves the lane at
once)."""

_waiting: weakref.WeakSet[Meter] = weakref.WeakSet()
"""Meters that may be over their allowance (pruned as they are found within it)."""


class Meter:
    """One session's debt of handler time (seconds)."""

    def __init__(self) -> None:
        # A new session starts with its allowance spent and earns it by being quiet (in
        # ``ALLOWANCE / PER_SESSION_RATE`` seconds). Twenty connections that start
        # flooding at once then cost the loop one event each, not an allowance each;
        # a phone at the table since before has its allowance when it taps.
        self._debt = ALLOWANCE
        self._stamp = time.monotonic()
        self._rate = PER_SESSION_RATE
        self.born = self._stamp
        """When the session started: in the lane, of two sessions owing about the same,
        the one at the table since before goes first."""

    def charge(self, seconds: float) -> None:
        """Add ``seconds`` of handler time to this session's debt."""
        self._settle()
        self._debt += min(MOST_PER_CHARGE, max(0.0, seconds))
        if self._debt > ALLOWANCE:
            _waiting.add(self)
            self._rate = share()

    def debt(self) -> float:
        """What this session owes now (0: nothing)."""
        self._settle()
        return self._debt

    def busy(self) -> bool:
        """Does this session owe more than ``BUSY`` (its frames go through the lane)?"""
        return self.debt() > BUSY

    def due(self) -> bool:
        """May this session go on now (its debt within ``ALLOWANCE``)?"""
        return self.debt() <= ALLOWANCE

    async def turn(self) -> None:
        """Return once this session's debt is within ``ALLOWANCE`` (at once if it is)."""
        while (owed := self.debt() - ALLOWANCE) > 0:
            await asyncio.sleep(min(LONGEST_NAP, owed / self._rate + 0.001))

    def _settle(self) -> None:
        now = time.monotonic()
        self._debt = max(0.0, self._debt - (now - self._stamp) * self._rate)
        self._stamp = now
        if self._debt > ALLOWANCE:
            self._rate = share()
        else:
            _waiting.discard(self)
            self._rate = PER_SESSION_RATE

    def _over(self, now: float) -> bool:
        return self._debt - (now - self._stamp) * self._rate > ALLOWANCE


def share() -> float:
    """Seconds of debt each session over its allowance pays off per second right now."""
    now = time.monotonic()
    over = 0
    for meter in list(_waiting):
        if meter._over(now):
            over += 1
        else:
            _waiting.discard(meter)
    return min(PER_SESSION_RATE, SHARED_RATE / max(1, over))


def clock() -> float:
    """The clock costs are read from: CPU time of the loop's thread. ``timed`` reads it
    only around the steps a handler runs on the loop (no other task runs meanwhile), so
    it is that handler's own cost, however busy the machine is with other processes: a
    person is not charged more because the host shares its cores."""
    return time.thread_time()


async def timed(coro: Coroutine[Any, Any, T], meter: Meter) -> T:
    """Run ``coro`` and charge ``meter`` with the CPU time of its steps on the loop: a
    handler that awaits the phone (a reply, a timer) is not charged for the wait, nor
    for what other tasks do meanwhile."""
    held = 0.0
    steps = coro.__await__()
    to_send: Any = None
    to_throw: BaseException | None = None
    try:
        while True:
            start = clock()
            try:
                if to_throw is not None:
                    exc, to_throw = to_throw, None
                    yielded = steps.throw(exc)
                else:
                    yielded = steps.send(to_send)
            except StopIteration as done:
                return cast(T, done.value)
            finally:
                held += clock() - start
            try:
                to_send = await _Yield(yielded)
            except BaseException as exc:  # cancellation reaches the handler as it would
                to_throw, to_send = exc, None
    finally:
        meter.charge(held)


class _Yield:
    """Awaiting it hands one value a coroutine yielded (a future) to the running task,
    and returns what the task sends back: one step of a coroutine driven by hand."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __await__(self) -> Generator[Any, Any, Any]:
        return (yield self.value)


@dataclass
class Slot:
    """One connection's link to the meter of the session it carries (``None`` until the
    session's first event or draw binds it: a session outlives its connections, a phone
    that reconnects keeps its debt), and to that session itself (Flet's ``Session``, bound
    with the meter: the server drops the session of a connection that flooded as soon as
    it ends, ``server.Guard``)."""

    meter: Meter | None = None
    session: Any = None


CONNECTION: contextvars.ContextVar[Slot | None] = contextvars.ContextVar(
    "fatekeeper_connection", default=None
)
"""The slot of the connection whose frames the current task handles (set by
``server.Guard``; every task Flet starts for that connection's frames inherits it)."""


def bind(meter: Meter, session: Any = None) -> None:
    """Link the current connection (if any) to ``meter`` and, when given, to the Flet
    session the meter belongs to."""
    slot = CONNECTION.get()
    if slot is not None:
        if slot.meter is not meter:
            slot.meter = meter
        if session is not None and slot.session is not session:
            slot.session = session


_Entry = tuple[Meter, asyncio.Future[None], bool, bool]
"""A waiter in the lane: its session's meter, the future granting it the lane, whether
it is a redraw, and whether its session was busy when it asked."""


class Lane:
    """Costly work of one event loop, one piece at a time (see the module docstring):
    the frames of busy sessions, and the redraws for other devices' changes (twenty
    phones watching a table redraw after each of its moves; one at a time, a move at
    another table is read and handled between two of them instead of after all).

    ``enter`` returns a ``Ticket`` once the caller may go on with its piece; the caller
    gives it back (``Ticket.leave``) once the piece has run. Waiting callers go in turn,
    the one whose session owes least first; after a busy session's piece the lane stays
    closed to busy sessions for what that piece took, scaled (``LANE_SHARE``)."""

    def __init__(self) -> None:
        self._waiting: list[_Entry] = []
        self._held = False
        self._opens = 0.0
        self._timer: asyncio.Handle | None = None
        self._timer_at = 0.0

    async def enter(
        self,
        meter: Meter,
        *,
        busy_only: bool = False,
        redraw: bool = False,
        rushed: bool = False,
    ) -> Ticket | None:
        """Wait for the lane. With ``busy_only``, a session that is not, or no longer,
        busy goes on at once without it (``None``). A ``redraw`` (for another device's
        change: it may wait, and it draws the latest state when it runs) goes after the
        frames of sessions that are not busy (a person's tap). A ``rushed`` frame (its
        phone has far more waiting behind it than a person sends, ``server.RUSH_BYTES``)
        goes as a busy session's whatever its session owes."""
        loop = asyncio.get_running_loop()
        # Whether this piece is a busy session's is settled now, when it asks, not when
        # its turn comes: a session pays its debt off while it waits, and a flooder's
        # frame that waited long enough must not then pass for a person's tap (go at
        # once, leave the lane open after it, and go before a person who came later).
        busy = rushed or meter.busy()
        while True:
            if busy_only and not meter.busy():
                return None
            if not self._held and not self._waiting and self._open_to(busy, loop):
                self._held = True
                return Ticket(self, loop.time(), busy)
            granted: asyncio.Future[None] = loop.create_future()
            entry = (meter, granted, redraw, busy)
            self._waiting.append(entry)
            self._schedule(loop)
            try:
                await asyncio.wait_for(asyncio.shield(granted), LANE_LOOK)
            except TimeoutError:
                pass
            except BaseException:
                self._withdraw(entry)
                raise
            if granted.done() and not granted.cancelled():
                return Ticket(self, loop.time(), busy)
            self._withdraw(entry)

    def _open_to(self, busy: bool, loop: asyncio.AbstractEventLoop) -> bool:
        return loop.time() >= self._opens or not busy

    def _withdraw(self, entry: _Entry) -> None:
        if entry in self._waiting:
            self._waiting.remove(entry)
        granted = entry[1]
        if granted.done() and not granted.cancelled():
            self._release(asyncio.get_running_loop(), 0.0)  # granted, never used
        else:
            granted.cancel()

    def _release(self, loop: asyncio.AbstractEventLoop, gap: float) -> None:
        self._held = False
        self._opens = max(self._opens, loop.time() + min(LANE_LONGEST_GAP, gap))
        self._schedule(loop)

    def _schedule(self, loop: asyncio.AbstractEventLoop) -> None:
        if self._held or not self._waiting:
            return
        if any(self._open_to(entry[3], loop) for entry in self._waiting):
            when = loop.time()  # ``call_at`` even so: what else is ready runs first
        else:
            when = self._opens
        if self._timer is not None:
            if self._timer_at <= when:
                return
            self._timer.cancel()  # a session that may go now came while busy ones wait
        self._timer, self._timer_at = loop.call_at(when, self._grant), when

    def _grant(self) -> None:
        self._timer = None
        loop = asyncio.get_running_loop()
        if self._held:
            return
        ready = [e for e in self._waiting if self._open_to(e[3], loop) and not e[1].done()]
        if ready:
            # A piece of a session that was not busy when it asked goes first (taps
            # before redraws), then the one owing least (to the hundredth of a second),
            # then the one at the table since before: a phone at the table is not kept
            # behind those that tap without pause, nor behind twenty redraws, nor behind
            # twenty connections that just arrived and tap at once.
            entry = min(ready, key=lambda e: (e[3], e[2], round(e[0].debt(), 2), e[0].born))
            self._waiting.remove(entry)
            self._held = True
            entry[1].set_result(None)
        self._schedule(loop)


@dataclass
class Ticket:
    """One piece of work's pass through the lane."""

    lane: Lane
    since: float
    busy: bool
    left: bool = False

    def leave(self) -> None:
        """The piece has run. After a busy session's piece the lane stays closed to busy
        sessions for what it took, scaled, so that they hold the loop for at most
        ``LANE_SHARE`` of it."""
        if not self.left:
            self.left = True
            loop = asyncio.get_running_loop()
            held = loop.time() - self.since
            self.lane._release(loop, held * (1 / LANE_SHARE - 1) if self.busy else 0.0)

    def leave_after_this_step(self) -> None:
        """Leave once the running task's current step (what it does before its next
        wait) is over."""
        asyncio.get_running_loop().call_soon(self.leave)

    def leave_after_next_step(self) -> None:
        """Leave once the tasks the running step starts have each had one step too (a
        frame's handler, which Flet starts as a task once it has the frame)."""
        loop = asyncio.get_running_loop()
        loop.call_soon(loop.call_soon, self.leave)


_lanes: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Lane] = weakref.WeakKeyDictionary()


def lane() -> Lane:
    """The lane of the running event loop."""
    loop = asyncio.get_running_loop()
    found = _lanes.get(loop)
    if found is None:
        found = _lanes[loop] = Lane()
    return found


async def redraw_turn(meter: Meter) -> None:
    """Return once the session of ``meter`` may redraw for another device's change: once
    it is within its allowance, and it has the lane for the rest of the caller's step."""
    await meter.turn()
    ticket = await lane().enter(meter, redraw=True)
    if ticket is not None:
        ticket.leave_after_this_step()
