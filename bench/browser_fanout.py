"""A tap reaching every phone of a table, in headless Chromium, on each real game's own
screen, beside the bare Flet app with the same number of phones in the same run.

The host's device taps a counter on its Counters tab (a correction every game has); N phones
(seat codes first, then the watch code) show the game's own screen, and the time is taken
until the last of them shows the new move in its status line. The bare app: one page taps,
N other pages show the count. Phones are added one group at a time (1, then 3, then 5), so
each figure has exactly N phones connected.

A second yardstick per game: the bare app with its phones on a live page of as many
controls as the game's screen (the count on top of flat cards of text), tapped from the
small counter page and watched the same way, right after the game. A game screen is far
bigger than one number, and every page draws all of it again on a change; this ratio
tells what the companion costs beyond drawing a screen of its size.

Beside each time, the CPU the browser spent per tap, by Chromium process kind (the pages'
renderers; the GPU process, which on a machine without a GPU draws every frame in
software): what the phones' own drawing costs, which the host cannot save.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

from tests.support.chromium import ARGS, CHROMIUM, PHONE

from .browser import _free_port, _host_key, _open, _serve, _tap
from .fanout import GAMES, Table, _cpu_seconds, _open_once, _prepare
from .report import Figure
from .stats import median


def _chromium_cpu() -> dict[str, float]:
    """CPU seconds used so far by the running Chromium processes, by kind (``renderer``,
    ``gpu-process``, ``browser``...), from Linux ``/proc``."""
    spent: dict[str, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            args = (entry / "cmdline").read_bytes().replace(b"\0", b" ").split()
            if not args or b"chrom" not in args[0]:
                continue
            seconds = _cpu_seconds(int(entry.name))
        except OSError:  # the process ended meanwhile
            continue
        kind = next((a.decode()[7:] for a in args if a.startswith(b"--type=")), "browser")
        spent[kind] = spent.get(kind, 0.0) + seconds
    return spent


@dataclass
class Group:
    """One group of phones: each tap's time to the last device, the browser's CPU per
    tap by process kind (ms), and the taps some page did not show in time."""

    times: list[float]
    cpu_ms: dict[str, float]
    missed: list[str]
    frames: float | None = None
    """Frames each watching phone drew per tap (mean over the phones), or None if no page
    counted them."""


NO_TAP = "no tap reached every page"
"""A row's error when every tap of its group was missed by some page."""


class Missed(Exception):
    """A page did not show a tap's result within ``MISSED_S``."""


MISSED_S = 15
"""A page that has not shown a tap after this long is counted as having missed it (the
slowest tap seen here took under 2 s)."""


FRAME_COUNTER = """(() => {
    // Frames the app asks the browser for: every requestAnimationFrame made from the
    // app's own code (main.dart.*), not from the bench's polling for what a page shows.
    window.__fkFrames = 0;
    const ask = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => {
        if ((new Error().stack || "").includes("main.dart")) window.__fkFrames += 1;
        return ask(callback);
    };
})();"""
"""Loaded into every page before the app: counts the frames it draws."""


def _frames(pages: list[Any]) -> list[int]:
    return [int(page.evaluate("window.__fkFrames || 0")) for page in pages]


def _taps(count: int, one: Callable[[], float], watching: list[Any] | None = None) -> Group:
    """``count`` taps of ``one``; a tap that some page missed is told in ``missed`` and
    left out of the times, and the next tap goes on from what the screen then shows."""
    before = _chromium_cpu()
    drawn = _frames(watching or [])
    times, missed = [], []
    for _ in range(count):
        try:
            times.append(one())
        except Missed as exc:
            missed.append(str(exc))
    after = _chromium_cpu()
    drawn = [now - was for now, was in zip(_frames(watching or []), drawn, strict=True)]
    cpu = {
        kind: round((spent - before.get(kind, 0.0)) * 1000 / count, 1)
        for kind, spent in after.items()
        if kind in ("renderer", "gpu-process", "browser")
    }
    frames = sum(drawn) / len(drawn) / count if drawn else None
    return Group(times, cpu, missed, frames)


def _text(page: Any, identifier: str) -> str:
    return str(page.locator(f'[flt-semantics-identifier="{identifier}"]').first.inner_text())


def _shows(page: Any, identifier: str, want: str, exact: bool, timeout: float = 30) -> None:
    page.wait_for_function(
        """([ident, want, exact]) => [...document.querySelectorAll(
               `[flt-semantics-identifier="${ident}"]`)].some(el => {
                   const text = el.innerText.trim();
                   return exact ? text === want : text.includes(want);
               })""",
        arg=[identifier, want, exact],
        polling="raf",
        timeout=timeout * 1000,
    )


def _last_of(phones: list[Any], tap: Any, identifier: str, want: str, exact: bool) -> float:
    """Tap; milliseconds until every phone shows ``want`` (waited for in turn: the time
    taken when the last wait ends is the last phone's)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    t0 = time.perf_counter()
    tap()
    for n, page in enumerate(phones):
        try:
            _shows(page, identifier, want, exact, MISSED_S)
        except PlaywrightTimeout:
            shows = _text(page, identifier).strip()
            raise Missed(
                f"page {n} (0: the tapping one) waited for {want!r}, shows {shows!r}"
            ) from None
    return (time.perf_counter() - t0) * 1000


@dataclass(frozen=True)
class Shown:
    """What every page shows of the tapped value: the control ``identifier``, how to read
    the value from the tapping page, and the text a page shows for a value (``exact``: the
    whole text, else a part of it)."""

    identifier: str
    read: Callable[[Any], int]
    text: Callable[[int], str]
    exact: bool


COUNT = Shown("count", lambda page: int(_text(page, "count").strip()), str, True)
"""The bare app: the count itself."""

MOVE = Shown(
    "connection-status",
    lambda page: int(_text(page, "connection-status").split("move ")[1].split()[0]),
    lambda move: f"move {move} ",
    False,
)
"""The app: the move number in the status line ("● Live · move N · updated …")."""


def _groups(
    browser: Any,
    contexts: list[Any],
    tapper: Any,
    phone_url: Callable[[int], str],
    shown: Shown,
    button: Callable[[int], str],
    groups: tuple[int, ...],
    taps: int,
) -> dict[int, Group]:
    """Phones are added one group at a time (1, then 3, then 5), so each group has exactly
    N phones connected (the n-th opens ``phone_url(n)``); per group, ``taps`` taps of
    ``button(value shown)`` on the tapping page, each timed until every page shows the
    next value. New pages go into ``contexts`` for the caller to close."""
    phones: list[Any] = []
    result = {}
    for n in groups:
        while len(phones) < n:
            contexts.append(browser.new_context(viewport=PHONE))
            contexts[-1].add_init_script(FRAME_COUNTER)
            phones.append(_open(contexts[-1], phone_url(len(phones)), shown.identifier)[0])
        now = shown.read(tapper)
        for page in phones:
            _shows(page, shown.identifier, shown.text(now), shown.exact)

        def one() -> float:
            value = shown.read(tapper)
            ident = button(value)
            return _last_of(
                [tapper, *phones],
                lambda: _tap(tapper, ident),
                shown.identifier,
                shown.text(value + 1),
                shown.exact,
            )

        result[n] = _taps(taps, one, phones)
    return result


def _bare(
    browser: Any, groups: tuple[int, ...], taps: int, phones_at: str = "/"
) -> dict[int, Group]:
    """The bare app, served afresh: the tapping page is its small counter page, the phones
    open ``phones_at`` (the same, or a live page of N controls). A fresh server each time,
    because Flet keeps a closed page's session (and the bare app its pubsub subscription)
    for a while: pages of an earlier run would still be redrawn on every tap."""
    port = _free_port()
    contexts = [browser.new_context(viewport=PHONE)]
    try:
        with _serve(["-m", "bench.bare_app", "--port", str(port)], port, {}) as base:
            tapper, _ = _open(contexts[0], base, "increment")
            return _groups(
                browser,
                contexts,
                tapper,
                lambda _n: base + phones_at,
                COUNT,
                lambda _v: "increment",
                groups,
                taps,
            )
    finally:
        for ctx in contexts:
            ctx.close()


def _app(
    browser: Any, base: str, key: str, table: Table, groups: tuple[int, ...], taps: int
) -> dict[int, Group]:
    contexts = [browser.new_context(viewport=PHONE)]
    try:
        tapper, _ = _open(contexts[0], f"{base}/t/{table.id}?key={key}", "table-title")
        _tap(tapper, "tab-counters")
        plus, minus = f"counter-{table.counter}-plus", f"counter-{table.counter}-minus"
        tapper.locator(f'[flt-semantics-identifier="{plus}"]').first.wait_for(state="attached")
        start = MOVE.read(tapper)
        return _groups(
            browser,
            contexts,
            tapper,
            lambda n: f"{base}{table.routes[n]}",
            MOVE,
            # Up and down in turn, so the counter never reaches an end.
            lambda move: plus if move % 2 == start % 2 else minus,
            groups,
            taps,
        )
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
            bare = _bare(browser, groups, taps)
            folder = Path(tmp)
            tables = _prepare(folder)
            port = _free_port()
            argv = ["-m", "companion", "--host", "127.0.0.1", "--port", str(port)]
            argv += ["--data-dir", str(folder)]
            app, same_size = {}, {}
            with _serve(argv, port, {"FLET_WEB_NO_CDN": "1"}, out=folder / "host.out") as base:
                key = _host_key(folder / "host.out")
                sizes = {slug: _screen_size(base, tables[slug].routes[0]) for slug in games}
                # Each game, then the bare page of its screen's size, one after the other:
                # the two figures of a ratio are taken under the same load.
                for slug in games:
                    app[slug] = _app(browser, base, key, tables[slug], groups, taps)
                    live = f"/?controls={sizes[slug]}&live=1"
                    same_size[slug] = _bare(browser, groups, taps, phones_at=live)
        finally:
            browser.close()
    load = os.getloadavg()
    figures = []
    for n, group in bare.items():
        figures.append(
            Figure(
                f"browser: tap -> last of {n} phones, bare Flet",
                "ms",
                median(group.times) if group.times else None,
                details={"missed": group.missed},
                error="" if group.times else NO_TAP,
            )
        )
        figures.append(_drawing(f"bare Flet, {n} phones", group))
    for slug, runs in app.items():
        for n, group in runs.items():
            details = {
                "app_ms": group.times,
                "bare_ms": bare[n].times,
                "browser_cpu_ms_per_tap": {"app": group.cpu_ms, "bare": bare[n].cpu_ms},
                "missed": {"app": group.missed, "bare": bare[n].missed},
                "load_average": load,
            }
            both = bool(group.times and bare[n].times)
            figures.append(
                Figure(
                    f"browser: tap -> last of {n} phones [{slug}]",
                    "ms",
                    median(group.times) if group.times else None,
                    details=details,
                    error="" if group.times else NO_TAP,
                )
            )
            figures.append(
                Figure(
                    f"browser: tap -> last of {n} phones, app / bare [{slug}]",
                    "x",
                    median(group.times) / median(bare[n].times) if both else None,
                    1.5,
                    details=details,
                    error="" if both else NO_TAP,
                )
            )
            like = same_size[slug][n]
            both = bool(group.times and like.times)
            figures.append(
                Figure(
                    f"browser: tap -> last of {n} phones, app / bare page of the same size "
                    f"({sizes[slug]} controls) [{slug}]",
                    "x",
                    median(group.times) / median(like.times) if both else None,
                    1.5,
                    details={
                        "app_ms": group.times,
                        "bare_same_size_ms": like.times,
                        "browser_cpu_ms_per_tap": {
                            "app": group.cpu_ms,
                            "bare_same_size": like.cpu_ms,
                        },
                        "missed": {"app": group.missed, "bare_same_size": like.missed},
                        "load_average": load,
                    },
                    error="" if both else NO_TAP,
                )
            )
            figures.append(
                Figure(
                    f"browser: taps some page did not show within {MISSED_S} s "
                    f"[{slug}, {n} phones]",
                    "",
                    float(len(group.missed)),
                    0.0,
                    details=details,
                )
            )
            figures.append(_drawing(f"{slug}, {n} phones", group))
            figures.append(_frames_figure(f"{slug}, {n} phones", group, like))
    return figures


def _screen_size(base: str, route: str) -> int:
    """How many controls the host sends a phone that opens ``route``, until its table
    screen is there: counted as the open-a-screen figure counts them, by a websocket
    phone (no browser) that leaves at once."""
    host = SimpleNamespace(ws_url=base.replace("http://", "ws://", 1) + "/ws")
    return _open_once(cast(Any, host), route, "table-title")[1]


def _frames_figure(name: str, group: Group, like: Group) -> Figure:
    """Frames a watching phone drew per tap, beside the bare page of the same size (one
    per change there): a second frame for one change is a whole screen drawn again."""
    return Figure(
        f"browser: frames per change on a watching phone [{name}]",
        "",
        group.frames,
        details={"bare_same_size": like.frames},
        error="" if group.frames is not None else "no page counted its frames",
    )


def _drawing(name: str, group: Group) -> Figure:
    """The browser's CPU per tap (all its pages: the tapping device and the phones), the
    renderers and the GPU process apart in the details."""
    return Figure(
        f"browser: CPU per tap, renderers + GPU process [{name}]",
        "ms",
        group.cpu_ms.get("renderer", 0.0) + group.cpu_ms.get("gpu-process", 0.0),
        details={"cpu_ms_per_tap": group.cpu_ms},
    )
