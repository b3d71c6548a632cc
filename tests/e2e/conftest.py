"""Browser tests: the real server in a subprocess, driven by headless Chromium.

One server per test module (started with ``python -m companion`` on a free port with a
temporary data folder). Without Chromium or Playwright these tests are skipped, except in
CI (``CI=true``) where that is a failure.

Flutter draws on a canvas; ``open_app`` turns on its semantics tree so controls become DOM
nodes, and ``Screen`` selects them by the ``ft.Semantics(identifier=...)`` the screens set.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.support.chromium import ARGS, CHROMIUM, PHONE
from tests.support.page_deadline import PageStuck
from tests.support.page_deadline import install as install_page_deadline

try:
    from playwright.sync_api import Error as PlaywrightError
except ImportError:  # the browser fixture skips (or fails in CI) with the reason

    class PlaywrightError(Exception):  # type: ignore[no-redef]
        """Stands in when playwright is missing; never raised."""


ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_MS = 15_000


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test whose browser page stopped answering (``PageStuck``), or one of whose waits on
    the page ran out (Playwright's ``TimeoutError``), runs once more on fresh pages; the
    report still lists the first run (``R`` in the summary, with its message). A busy
    two-core machine can hold a page's first frames for longer than a wait, and a fault in
    the app fails the second run as well. Any other failure (a wrong value, a refused
    move) fails at once."""
    if not config.pluginmanager.hasplugin("rerunfailures"):
        return
    here = Path(__file__).parent
    waits: list[type[BaseException]] = [PageStuck]
    try:
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        waits.append(PlaywrightTimeout)
    except ImportError:  # no browser tests run: nothing to rerun
        pass
    for item in items:
        if here in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=waits))


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"browser tests cannot run in CI: {reason}")
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    url: str
    host_key: str
    process: subprocess.Popen[str]
    data_dir: Path

    def host_url(self, path: str = "/") -> str:
        return f"{self.url}{path}?key={self.host_key}"


def start_server(tmp: Path, extra_env: dict[str, str] | None = None) -> Server:
    port = _free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1", **(extra_env or {})}
    log = (tmp / "server.log").open("w")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "companion",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--data-dir",
            str(tmp),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
    )
    assert proc.stdout is not None
    key = None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            if proc.poll() is not None:
                raise RuntimeError(f"server exited: {(tmp / 'server.log').read_text()[-2000:]}")
            continue
        m = re.search(r"\?key=([A-Za-z0-9_-]+)", line)
        if m:
            key = m.group(1)
            break
    if key is None:
        proc.kill()
        raise RuntimeError("server printed no host link")
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                break
        except OSError:
            time.sleep(0.1)
    # Keep draining stdout so the server never blocks on a full pipe.
    import threading

    threading.Thread(target=proc.stdout.read, daemon=True).start()
    return Server(f"http://127.0.0.1:{port}", key, proc, tmp)


@pytest.fixture(scope="module")
def server(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Iterator[Server]:
    extra = getattr(request.module, "SERVER_ENV", None)
    srv = start_server(tmp_path_factory.mktemp("server"), extra)
    yield srv
    srv.process.terminate()
    try:
        srv.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        srv.process.kill()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        _unavailable(f"no Chromium at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed")
    install_page_deadline()
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


class Screen:
    """One phone-sized browser page on the app, with helpers to find and tap controls."""

    def __init__(self, page: Any) -> None:
        self.page = page

    def by_id(self, identifier: str) -> Any:
        return self.page.locator(f'[flt-semantics-identifier="{identifier}"]').first

    def wait_id(self, identifier: str, timeout: int = TIMEOUT_MS) -> Any:
        loc = self.by_id(identifier)
        loc.wait_for(state="attached", timeout=timeout)
        return loc

    def find(self, identifier: str, timeout: int = TIMEOUT_MS) -> Any:
        """The control ``identifier``, scrolled onto the screen as a finger would: Flutter
        builds a long list's items only near the visible part, so a control further down
        exists only once the list is dragged towards it."""
        loc = self.by_id(identifier)
        try:
            loc.wait_for(state="attached", timeout=min(timeout, 2_500))
        except Exception:
            # Down first (most controls sought are further down), then back up past the
            # start: a list left scrolled by an earlier screen holds its top items unbuilt.
            for step in [300] * 20 + [-300] * 40:
                self.page.mouse.move(195, 500)
                self.page.mouse.wheel(0, step)
                self.page.wait_for_timeout(250)
                if loc.count():
                    break
            loc.wait_for(state="attached", timeout=timeout)
        box = self.box_of(loc)
        height = self.page.viewport_size["height"] if self.page.viewport_size else 844
        shift = 0.0
        if box is not None and box["y"] + box["height"] > height:
            shift = box["y"] + box["height"] - height + 120
        elif box is not None and box["y"] < 0:
            shift = box["y"] - 120
        if shift:
            self.page.mouse.move(195, 500)
            self.page.mouse.wheel(0, shift)
            # Wait for the list to settle: a tap during the scroll lands on a moving target.
            last = None
            for _ in range(12):
                self.page.wait_for_timeout(150)
                now = self.box_of(loc) if loc.count() else None
                if now is not None and now == last:
                    break
                last = now
        return loc

    def box_of(self, loc: Any) -> Any:
        """Where ``loc`` is drawn. Reading a box needs the page's main thread, which a
        busy machine can keep on a first frame (CanvasKit building its shaders) for longer
        than one wait: after a wait that ran out, the page is waited on until it draws two
        frames (bounded by the page deadline), then asked once more."""
        try:
            return loc.bounding_box(timeout=TIMEOUT_MS)
        except PlaywrightError:
            self.page.evaluate(
                "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
            )
            return loc.bounding_box(timeout=TIMEOUT_MS)

    def tap(self, identifier: str) -> None:
        """Tap the control ``identifier``, scrolling to it first. A screen that redraws
        under the finger (another phone's move, a list settling) can replace the control
        between finding and tapping it; then it is found again, up to three times."""
        for attempt in range(3):
            try:
                loc = self.find(identifier)
                # Semantics wrappers hold the real button inside; click the innermost one.
                inner = loc.locator("[role=button]")
                target = inner.first if inner.count() else loc
                self.settle(target)
                target.click(timeout=TIMEOUT_MS if attempt == 2 else 5_000)
                return
            except PlaywrightError:
                if attempt == 2:
                    raise
                self.page.wait_for_timeout(300)

    def settle(self, loc: Any) -> None:
        """Wait until ``loc`` stands still: a dialog or page still sliding or growing in
        moves its buttons between two frames, and a click aimed at where a button was
        lands beside it (on the dialog, doing nothing)."""
        last = None
        for _ in range(15):
            now = self.box_of(loc)
            if now is not None and now == last:
                return
            last = now
            # Two drawn frames apart, not a fixed time: on a busy machine Flutter may draw
            # no frame at all in 60 ms, and a box read twice between frames looks still.
            self.page.evaluate(
                "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
            )
            self.page.wait_for_timeout(30)

    def choose(self, identifier: str, option: str) -> None:
        """Open the drop-down ``identifier`` and pick ``option`` in its menu, as a finger
        would. The menu is waited for by its entry's exact name (a text "4" elsewhere on
        the screen is never taken for it). A menu still opening is waited for, not tapped
        again (a second tap on a menu that opens late closes it); a menu that never opened
        is opened again."""
        for attempt in range(3):
            entries = self.page.get_by_role("menuitem")
            if not entries.first.is_visible():
                self.tap(identifier)
            for role in ("menuitem", "button"):
                item = self.page.get_by_role(role, name=option, exact=True).first
                try:
                    item.wait_for(state="visible", timeout=10_000 if role == "menuitem" else 1_000)
                except PlaywrightError:
                    continue
                item.click()
                return
            if attempt == 2:
                shown = [entries.nth(n).inner_text() for n in range(entries.count())]
                raise AssertionError(
                    f"{identifier}: no entry {option!r} in its menu (the menu shows {shown})"
                )

    def tap_label(self, label: str) -> None:
        self.page.get_by_role("button", name=label).first.click()

    def text_of(self, identifier: str) -> str:
        return str(self.wait_id(identifier).inner_text())

    def fill(self, identifier: str, value: str) -> None:
        """Focus the text field and type ``value`` over its content, as a user would
        (Flutter ignores values set on its semantic <input> directly).

        The field is scrolled onto the screen and waited still first, and the typing
        checked: a field tapped while off the screen or still moving scrolls itself into
        view under the finger, and the tap lands on whatever moved there (a Favor button,
        another field). Then it is tried again, up to three times."""
        for attempt in range(3):
            try:
                loc = self.find(identifier)
                field = loc.locator("input, textarea").first
                target = field if field.count() else loc
                self.settle(target)
                target.click()
            except PlaywrightError:
                # Replaced under the finger or the page busy: find it again, as ``tap`` does.
                if attempt == 2:
                    raise
                self.page.wait_for_timeout(300)
                continue
            self.page.wait_for_timeout(100)
            self.page.keyboard.press("Control+A")
            self.page.keyboard.press("Backspace")
            self.page.keyboard.type(value)
            self.page.wait_for_timeout(100)
            field = loc.locator("input, textarea").first
            if not field.count() or field.input_value() == value:
                return
            if attempt == 2:
                raise AssertionError(
                    f"{identifier}: typed {value!r} but the field holds {field.input_value()!r}"
                )
            self.page.wait_for_timeout(300)

    def wait_text(self, text: str, timeout: int = TIMEOUT_MS) -> None:
        self.page.get_by_text(text).first.wait_for(state="attached", timeout=timeout)

    def body_text(self) -> str:
        """Everything the semantics tree exposes: visible text plus accessible labels."""
        return str(
            self.page.evaluate(
                """() => document.body.innerText + " | " + [...document.querySelectorAll(
                       "[aria-label]")].map(e => e.getAttribute("aria-label")).join(" | ")"""
            )
        )

    def wait_body(self, text: str, timeout: float = TIMEOUT_MS / 1000) -> str:
        """Wait until ``text`` appears anywhere on screen; returns the screen text."""
        deadline = time.monotonic() + timeout
        while True:
            body = self.body_text()
            if text in body or time.monotonic() > deadline:
                assert text in body, f"{text!r} not on screen: {body[:500]!r}"
                return body
            self.page.wait_for_timeout(150)

    def screenshot(self, path: Path) -> None:
        self.page.evaluate(
            "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )
        self.page.wait_for_timeout(500)
        self.page.screenshot(path=str(path))


def open_app(context: Any, url: str) -> Screen:
    """Open ``url`` in a new page of ``context``, wait for Flutter and enable semantics."""
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(url)
    page.locator("flt-semantics-placeholder").wait_for(state="attached", timeout=30_000)
    page.locator("flt-semantics-placeholder").evaluate("el => el.click()")
    page.locator("#loading").wait_for(state="detached", timeout=30_000)
    return Screen(page)


@pytest.fixture()
def phone(browser: Any) -> Iterator[Any]:
    """A fresh browser context sized like a phone (a separate device)."""
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=2)
    yield ctx
    ctx.close()
