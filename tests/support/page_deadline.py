"""A deadline on every browser call, so a page that stops answering fails in a minute with
a message that says so, instead of holding the test run until its overall timeout.

Playwright bounds what waits for the page's content (``wait_for``, ``click``...), but some
calls wait for the page's renderer with no limit at all: ``mouse.move`` and ``mouse.wheel``
return only once the renderer has handled the input event, and ``evaluate`` once the script
has run. A renderer whose main thread never comes back (it has happened, rarely, in long
runs on a loaded machine, with the process at full CPU) then holds the test forever.

``install()`` wraps Playwright's synchronous call (``SyncBase._sync``): every call from the
test gets ``CALL_LIMIT_S`` seconds, measured with ``SIGALRM``. No call of this suite waits
longer on purpose (the longest explicit timeout is 30 s). Playwright's synchronous API is
built to be interrupted by a signal handler while it waits (pytest-timeout relies on the
same): the call is cancelled and the exception reaches the caller, and Playwright itself
stays usable, so the test's own clean-up still closes its pages.

pytest-timeout's own alarm (the ``signal`` method) is kept: when it is due sooner it is
left alone, and after each call its handler and its remaining time are put back.
"""

from __future__ import annotations

import signal
import subprocess
import threading
import time
from types import FrameType
from typing import Any

CALL_LIMIT_S = 90.0


class PageStuck(Exception):
    """A browser call got no answer within ``CALL_LIMIT_S``: the page stopped responding."""


_active = False


def _chromium_processes() -> str:
    """The busiest Chromium processes, for the failure message (which one spun)."""
    try:
        out = subprocess.run(
            ["ps", "-eo", "pid,pcpu,etimes,rss,args", "--sort=-pcpu"],
            capture_output=True,
            text=True,
            timeout=5,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return "(ps failed)"
    rows = [line for line in out.splitlines()[1:] if "chrom" in line][:6]
    return (
        "\n".join(" ".join(row.split()[:4]) + " " + _process_kind(row) for row in rows)
        or "(no Chromium process)"
    )


def _process_kind(row: str) -> str:
    for part in row.split():
        if part.startswith("--type="):
            return part[len("--type=") :]
    return "browser"


def _describe(awaitable: Any) -> str:
    code = getattr(awaitable, "cr_code", None)
    name = getattr(awaitable, "__qualname__", None) or getattr(code, "co_qualname", None)
    return str(name or type(awaitable).__name__)


def _bounded_call(original: Any) -> Any:
    def call(self: Any, awaitable: Any) -> Any:
        global _active
        # Only the outermost call on the main thread gets a deadline: Playwright calls
        # itself from event handlers, and signals reach the main thread only.
        if _active or threading.current_thread() is not threading.main_thread():
            return original(self, awaitable)
        what = _describe(awaitable)
        previous = signal.getsignal(signal.SIGALRM)
        remaining, interval = signal.getitimer(signal.ITIMER_REAL)
        if remaining and remaining <= CALL_LIMIT_S:
            return original(self, awaitable)  # an outer alarm (pytest-timeout) is due first

        def stuck(_signum: int, _frame: FrameType | None) -> None:
            raise PageStuck(
                f"{what} got no answer from the browser in {CALL_LIMIT_S:.0f} s: the page "
                f"stopped responding. Busiest Chromium processes (pid, %cpu, seconds, "
                f"kB, kind):\n{_chromium_processes()}"
            )

        _active = True
        started = time.monotonic()
        signal.signal(signal.SIGALRM, stuck)
        signal.setitimer(signal.ITIMER_REAL, CALL_LIMIT_S)
        try:
            return original(self, awaitable)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
            if remaining:
                left = remaining - (time.monotonic() - started)
                signal.setitimer(signal.ITIMER_REAL, max(left, 0.001), interval)
            _active = False

    call.__wrapped__ = original  # type: ignore[attr-defined]
    return call


def install() -> None:
    """Put the deadline on every synchronous Playwright call (once per process)."""
    from playwright._impl._sync_base import SyncBase

    if not hasattr(SyncBase._sync, "__wrapped__"):
        SyncBase._sync = _bounded_call(SyncBase._sync)  # type: ignore[method-assign]
