"""A tap reaching every phone of a table, in headless Chromium, on each real game's own
screen, beside the bare Flet app with the same number of phones in the same run.

The host's device taps a counter on its Counters tab (a correction every game has); N phones
(seat codes first, then the watch code) show the game's own screen, and the time is taken
until the last of them shows the new move in its status line. The bare app: one page taps,
N other pages show the count. Phones are added one group at a time (1, then 3, then 5), so
each figure has exactly N phones connected.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.support.chromium import ARGS, CHROMIUM, PHONE

from .browser import _free_port, _host_key, _open, _serve, _tap
from .fanout import GAMES, Table, _prepare
from .report import Figure
from .stats import median


def _shows(page: Any, identifier: str, want: str, exact: bool) -> None:
    page.wait_for_function(
        """([ident, want, exact]) => [...document.querySelectorAll(
               `[flt-semantics-identifier="${ident}"]`)].some(el => {
                   const text = el.innerText.trim();
                   return exact ? text === want : text.includes(want);
               })""",
        arg=[identifier, want, exact],
        polling="raf",
    )


def _last_of(phones: list[Any], tap: Any, identifier: str, want: str, exact: bool) -> float:
    """Tap; milliseconds until every phone shows ``want`` (waited for in turn: the time
    taken when the last wait ends is the last phone's)."""
    t0 = time.perf_counter()
    tap()
    for page in phones:
        _shows(page, identifier, want, exact)
    return (time.perf_counter() - t0) * 1000


def _bare(browser: Any, base: str, groups: tuple[int, ...], taps: int) -> dict[int, list[float]]:
    contexts = [browser.new_context(viewport=PHONE)]
    try:
        tapper, _ = _open(contexts[0], base, "increment")
        phones: list[Any] = []
        count = 0
        result = {}
        for n in groups:
            while len(phones) < n:
                contexts.append(browser.new_context(viewport=PHONE))
                phones.append(_open(contexts[-1], base, "count")[0])
            for page in phones:
                _shows(page, "count", str(count), True)
            times = []
            for _ in range(taps):
                count += 1
                times.append(
                    _last_of(
                        [tapper, *phones],
                        lambda: _tap(tapper, "increment"),
                        "count",
                        str(count),
                        True,
                    )
                )
            result[n] = times
        return result
    finally:
        for ctx in contexts:
            ctx.close()


def _app(
    browser: Any, base: str, key: str, table: Table, groups: tuple[int, ...], taps: int
) -> dict[int, list[float]]:
    contexts = [browser.new_context(viewport=PHONE)]
    try:
        tapper, _ = _open(contexts[0], f"{base}/t/{table.id}?key={key}", "table-title")
        _tap(tapper, "tab-counters")
        plus, minus = f"counter-{table.counter}-plus", f"counter-{table.counter}-minus"
        tapper.locator(f'[flt-semantics-identifier="{plus}"]').first.wait_for(state="attached")
        status = tapper.locator('[flt-semantics-identifier="connection-status"]').first
        move = int(status.inner_text().split("move ")[1].split()[0])
        phones: list[Any] = []
        result = {}
        for n in groups:
            while len(phones) < n:
                contexts.append(browser.new_context(viewport=PHONE))
                url = f"{base}{table.routes[len(phones)]}"
                phones.append(_open(contexts[-1], url, "connection-status")[0])
            for page in phones:
                _shows(page, "connection-status", f"move {move} ", False)
            times = []
            for k in range(taps):
                move += 1
                ident = plus if k % 2 == 0 else minus
                times.append(
                    _last_of(
                        [tapper, *phones],
                        lambda i=ident: _tap(tapper, i),  # type: ignore[misc]
                        "connection-status",
                        f"move {move} ",
                        False,
                    )
                )
            result[n] = times
        return result
    finally:
        for ctx in contexts:
            ctx.close()


def browser_fanout_figures(quick: bool) -> list[Figure]:
    """Per game and N: tap -> the last of N phones (the tapping device too), app and bare,
    and their ratio (target 1.5x)."""
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    groups, taps = ((1, 2), 3) if quick else ((1, 3, 5), 8)
    games = GAMES[:1] if quick else GAMES
    with sync_playwright() as pw, tempfile.TemporaryDirectory(prefix="fk-fan-") as tmp:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            port = _free_port()
            with _serve(["-m", "bench.bare_app", "--port", str(port)], port, {}) as base:
                bare = _bare(browser, base, groups, taps)
            folder = Path(tmp)
            tables = _prepare(folder)
            port = _free_port()
            argv = ["-m", "companion", "--host", "127.0.0.1", "--port", str(port)]
            argv += ["--data-dir", str(folder)]
            app = {}
            with _serve(argv, port, {"FLET_WEB_NO_CDN": "1"}, out=folder / "host.out") as base:
                key = _host_key(folder / "host.out")
                for slug in games:
                    app[slug] = _app(browser, base, key, tables[slug], groups, taps)
        finally:
            browser.close()
    load = os.getloadavg()
    figures = [
        Figure(f"browser: tap -> last of {n} phones, bare Flet", "ms", median(times))
        for n, times in bare.items()
    ]
    for slug, runs in app.items():
        for n, times in runs.items():
            details = {"app_ms": times, "bare_ms": bare[n], "load_average": load}
            figures.append(
                Figure(
                    f"browser: tap -> last of {n} phones [{slug}]",
                    "ms",
                    median(times),
                    details=details,
                )
            )
            figures.append(
                Figure(
                    f"browser: tap -> last of {n} phones, app / bare [{slug}]",
                    "x",
                    median(times) / median(bare[n]),
                    1.5,
                    details=details,
                )
            )
    return figures
