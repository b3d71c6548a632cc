"""Browser figures, each beside the bare Flet app measured in the same run: cold start to
the first interactive screen, and a tap on one device reaching a second device.

Both apps run as servers in subprocesses and are driven by headless Chromium (Playwright,
``/usr/bin/chromium``) with the same flags as the browser tests.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.support.chromium import ARGS, CHROMIUM, PHONE

from .report import Figure
from .stats import median

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT_MS = 30_000
PYTHON = [sys.executable, *(["-S"] if sys.flags.no_site else [])]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def _serve(
    argv: list[str], port: int, env: dict[str, str], out: Path | None = None
) -> Iterator[str]:
    """Run a server (``python ARGV``) until the block ends; yields its base URL once the
    port accepts connections. Its output goes to ``out`` when given."""
    with tempfile.TemporaryFile() as log, open(out or os.devnull, "wb") as stdout:
        proc = subprocess.Popen(
            [*PYTHON, *argv],
            cwd=ROOT,
            env={**os.environ, "PYTHONUNBUFFERED": "1", **env},
            stdout=stdout,
            stderr=log,
        )
        try:
            deadline = time.monotonic() + 60
            while True:
                if proc.poll() is not None:
                    log.seek(0)
                    tail = log.read()[-500:].decode(errors="replace")
                    raise RuntimeError(f"server exited: {tail}")
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                        break
                except OSError:
                    if time.monotonic() > deadline:
                        raise RuntimeError("server did not start") from None
                    time.sleep(0.05)
            yield f"http://127.0.0.1:{port}"
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


def _open(context: Any, url: str, ready: str) -> tuple[Any, float]:
    """Open ``url``; seconds until the control ``ready`` is in the semantics tree."""
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    t0 = time.perf_counter()
    page.goto(url)
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached")
    placeholder.evaluate("el => el.click()")
    page.locator(f'[flt-semantics-identifier="{ready}"]').first.wait_for(state="attached")
    return page, time.perf_counter() - t0


def _tap(page: Any, identifier: str) -> None:
    loc = page.locator(f'[flt-semantics-identifier="{identifier}"]').first
    inner = loc.locator("[role=button]")
    (inner.first if inner.count() else loc).click()


def _wait_text(page: Any, identifier: str, want: str) -> None:
    page.wait_for_function(
        """([ident, want]) => [...document.querySelectorAll(
               `[flt-semantics-identifier="${ident}"]`)].some(
               el => el.innerText.trim() === want)""",
        arg=[identifier, want],
        polling="raf",
    )


@dataclass(frozen=True)
class Target:
    """One app as the browser sees it: where to open, what marks it ready, what to tap on
    one device and where the second device shows the result."""

    home: str
    ready: str
    device_a: str
    device_b: str
    tap: str
    value: str
    first_value: int


def _measure(browser: Any, target: Target, cold: int, taps: int) -> tuple[list[float], list[float]]:
    starts = []
    for _ in range(cold):
        ctx = browser.new_context(viewport=PHONE)
        try:
            _, seconds = _open(ctx, target.home, target.ready)
            starts.append(seconds)
        finally:
            ctx.close()
    ctx_a = browser.new_context(viewport=PHONE)
    ctx_b = browser.new_context(viewport=PHONE)
    try:
        a, _ = _open(ctx_a, target.device_a, target.tap)
        b, _ = _open(ctx_b, target.device_b, target.value)
        _wait_text(b, target.value, str(target.first_value))
        delays = []
        for n in range(1, taps + 1):
            t0 = time.perf_counter()
            _tap(a, target.tap)
            _wait_text(b, target.value, str(target.first_value + n))
            delays.append((time.perf_counter() - t0) * 1000)
    finally:
        ctx_a.close()
        ctx_b.close()
    return starts, delays


def browser_figures(quick: bool) -> list[Figure]:
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    cold, taps = (1, 2) if quick else (5, 15)
    measured: dict[str, tuple[list[float], list[float]]] = {}
    with sync_playwright() as pw, tempfile.TemporaryDirectory(prefix="fk-browser-") as tmp:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            port = _free_port()
            with _serve(["-m", "bench.bare_app", "--port", str(port)], port, {}) as base:
                bare = Target(base, "increment", base, base, "increment", "count", 0)
                measured["bare"] = _measure(browser, bare, cold, taps)
            data_dir = Path(tmp)
            table_id, join = _prepare_companion(data_dir)
            port = _free_port()
            argv = [
                "-m",
                "companion",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--data-dir",
                str(data_dir),
            ]
            env = {"FATEKEEPER_EXTRA_GAMES": "tests.support.tally:TALLY", "FLET_WEB_NO_CDN": "1"}
            with _serve(argv, port, env, out=data_dir / "host.out") as base:
                host_key = _host_key(data_dir / "host.out")
                app = Target(
                    home=f"{base}/?key={host_key}",
                    ready="new-table",
                    device_a=f"{base}/t/{table_id}?key={host_key}",
                    device_b=f"{base}/t/{table_id}?k={join}",
                    tap="counter-pile-plus",
                    value="counter-pile-value",
                    first_value=0,
                )
                measured["app"] = _measure(browser, app, cold, taps)
                back = _reconnect(browser, app, 2 if quick else 8)
        finally:
            browser.close()
    bare_start, bare_tap = median(measured["bare"][0]), median(measured["bare"][1])
    app_start, app_tap = median(measured["app"][0]), median(measured["app"][1])
    details = {
        "cold_start_s": {"app": measured["app"][0], "bare": measured["bare"][0]},
        "tap_to_second_device_ms": {"app": measured["app"][1], "bare": measured["bare"][1]},
    }
    return [
        Figure("cold start to first screen, app", "s", app_start, details=details),
        Figure("cold start to first screen, bare Flet", "s", bare_start, details=details),
        Figure("cold start, app / bare", "x", app_start / bare_start, 1.2, details=details),
        Figure("tap to second device, app", "ms", app_tap, details=details),
        Figure("tap to second device, bare Flet", "ms", bare_tap, details=details),
        Figure("tap to second device, app / bare", "x", app_tap / bare_tap, 1.5, details=details),
        Figure(
            "dropped phone shows the current table, after the network is back",
            "s",
            median(back),
            1.0,
            details={"seconds": back},
        ),
    ]


def _reconnect(browser: Any, target: Target, drops: int) -> list[float]:
    """Seconds from the network coming back (a relay between the second device and the
    host is restored after being cut) until that device shows the change made meanwhile."""
    from tests.support.netcut import Relay

    port = int(target.device_b.split("/t/")[0].rsplit(":", 1)[1])
    relay = Relay(port)
    ctx_a = browser.new_context(viewport=PHONE)
    ctx_b = browser.new_context(viewport=PHONE)
    try:
        a, _ = _open(ctx_a, target.device_a, target.tap)
        b, _ = _open(ctx_b, target.device_b.replace(f":{port}/", f":{relay.port}/"), target.value)
        value = int(b.locator(f'[flt-semantics-identifier="{target.value}"]').first.inner_text())
        seconds = []
        for _ in range(drops):
            relay.cut()
            b.wait_for_function("window.fatekeeperConnection.state() !== 'connected'")
            _tap(a, target.tap)
            value += 1
            _wait_text(a, target.value, str(value))
            b.wait_for_timeout(1000)
            t0 = time.perf_counter()
            relay.restore()
            _wait_text(b, target.value, str(value))
            seconds.append(time.perf_counter() - t0)
        return seconds
    finally:
        ctx_a.close()
        ctx_b.close()
        relay.close()


def _host_key(out: Path) -> str:
    """The host key a companion printed (each start issues a new one)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        m = re.search(r"\?key=([A-Za-z0-9_-]+)", out.read_text(errors="replace"))
        if m:
            return m.group(1)
        time.sleep(0.05)
    raise RuntimeError("the companion printed no host link")


def _prepare_companion(data_dir: Path) -> tuple[str, str]:
    """A tally table in a fresh data folder: (table id, join token)."""
    from companion.hub import Hub
    from companion.store import open_database
    from rules import registry
    from tests.support.tally import TALLY

    registry.register(TALLY)
    db, _ = open_database(data_dir=data_dir)
    try:
        hub = Hub(db)
        table = hub.create_table("tally", {"target": 10**6}, ["Ann", "Bo"], "bench")
        assert table.join_token is not None
        return table.id, table.join_token
    finally:
        db.close()
