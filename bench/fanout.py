"""The host's side of a tap reaching every phone of a full table, on each real game's own
screen, beside the bare Flet app with the same number of phones in the same run.

Both apps run as servers in subprocesses. The phones are raw websocket clients speaking
Flet's protocol (``tests.torture.live.Phone``): what is measured is the host's work (the
handler, the redraw of every screen, the patches on the wire) without a browser drawing,
which would share the cores with the host (``browser_fanout`` measures that whole path).

- host CPU per change per phone: the host taps a counter (the Counters tab, a correction
  any game has) while N phones watch the game's own screen (seat phones first, then
  watchers); the host process's CPU time per tap for the fewest and the most phones, the
  difference divided by the extra phones. Bare Flet: a tap on one page, N other pages
  showing the count. The details keep each tap's delay until the last phone's patch.
- opening a table screen: connecting a phone until its screen has arrived, against a bare
  Flet page with as many controls.
- 20 phones on one table: the last phone's delay, and every phone receiving every change.
"""

from __future__ import annotations

import os
import random
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.torture.live import PATCH, Host, Phone, free_port, start_host

from .report import Figure
from .stats import median

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("scales-of-fate", "grimheim", "born-of-titans", "winds-of-fate", "fates-and-favors")
PLAYERS = ("Ann", "Bo", "Cy", "Di", "Ed")


@dataclass(frozen=True)
class Sizes:
    phones: tuple[int, ...]
    taps: int
    crowd: int
    opens: int


QUICK = Sizes(phones=(1, 2), taps=2, crowd=4, opens=1)
FULL = Sizes(phones=(1, 3, 5), taps=15, crowd=20, opens=5)


# ----- the servers ---------------------------------------------------------------------------


@dataclass
class Table:
    """A table prepared in the host's data folder: where to open it and what to tap."""

    slug: str
    id: str
    routes: list[str]
    """Phone routes: each seat's code, then the watch code (repeated as needed)."""
    counter: str
    """The slug of a counter with room to move one step up and back."""


def _prepare(folder: Path, moves: int = 8, games: tuple[str, ...] = GAMES) -> dict[str, Table]:
    """One table per game of ``games``, a few moves into play, in a fresh data folder."""
    from companion.hub import Hub
    from companion.panels.counters import _slug
    from companion.store import open_database
    from companion.table import Actor
    from rules import registry

    from .play import random_legal

    db, _ = open_database(data_dir=folder)
    tables = {}
    try:
        hub = Hub(db)
        actor = Actor("bench", "Host", None)
        for slug in games:
            game = registry.get(slug)
            count = max(game.min_players, min(len(PLAYERS), game.max_players))
            table = hub.create_table(slug, None, list(PLAYERS[:count]), f"fan-out {slug}")
            if slug == "scales-of-fate":
                _scales_into_play(table, actor)
            rng = random.Random(3)
            for _ in range(moves):
                action = random_legal(game, table.state, rng)
                if action is None or table.outcome() is not None:
                    break
                table.do(action, actor)
            values = game.counter_values(table.state)
            counter = next(
                name
                for name, (low, high) in game.counters(table.state).items()
                if values.get(name) is not None and values[name] < high
            )
            seats = [f"/t/{table.id}?k={token}" for token in table.seat_tokens]
            watch = f"/t/{table.id}?k={table.join_token}"
            tables[slug] = Table(slug, table.id, seats + [watch] * 20, _slug(counter))
    finally:
        db.close()
    return tables


def _scales_into_play(table: Any, actor: Any) -> None:
    """Scales of Fate's board takes a printed setup: the demigods and the Age 1 board that
    the rules tests use, so the phones watch the board in play."""
    from rules.scales_of_fate import DealDemigods
    from tests.rules.scales_of_fate.helpers import age1_setup

    table.do(DealDemigods(0, ("Pentha", "Klar")), actor)
    table.do(DealDemigods(1, ("Naka", "Belan")), actor)
    table.do(age1_setup(), actor)


@contextmanager
def _bare_host(folder: Path) -> Iterator[Host]:
    """The bare Flet app as a ``Host`` the raw phones can reach."""
    import subprocess
    import sys

    port = free_port()
    out, err = folder / "bare.out", folder / "bare.err"
    proc = subprocess.Popen(
        [sys.executable, "-m", "bench.bare_app", "--port", str(port)],
        cwd=ROOT,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "FLET_WEB_NO_CDN": "1"},
        stdout=out.open("wb"),
        stderr=err.open("wb"),
    )
    host = Host(proc, port, "", folder, out, err)
    try:
        _wait_port(port, proc)
        yield host
    finally:
        host.stop()


def _wait_port(port: int, proc: Any) -> None:
    import socket

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("the bare app exited")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("the bare app did not start")


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds the process has used so far (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# ----- one fan-out measurement -----------------------------------------------------------------


def _arrivals(phones: list[Phone], tap: Callable[[], None], timeout: float = 15) -> list[float]:
    """Tap, and return each phone's delay (s) until its first patch after the tap."""
    got: list[float | None] = [None] * len(phones)
    ready = threading.Barrier(len(phones) + 1)
    errors: list[BaseException] = []

    def watch(n: int) -> None:
        phone = phones[n]
        ready.wait()
        try:
            phone.wait(lambda m: m[0] == PATCH, timeout, "a patch")
            got[n] = time.perf_counter()
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=watch, args=(n,), daemon=True) for n in range(len(phones))]
    for t in threads:
        t.start()
    ready.wait()
    t0 = time.perf_counter()
    tap()
    for t in threads:
        t.join(timeout + 5)
    if errors or any(g is None for g in got):
        raise RuntimeError(f"a phone missed a change: {errors[:1]}")
    return [g - t0 for g in got if g is not None]


def _settle(phones: list[Phone], tapper: Phone, seconds: float = 0.15) -> None:
    """Read what else a change sent (the status line) before the next tap."""
    for phone in [tapper, *phones]:
        phone.drain(seconds / (len(phones) + 1))


@dataclass
class Run:
    last_ms: list[float]
    cpu_ms_per_tap: float
    missed: int = 0
    """Taps after which some phone received nothing within the wait."""


def _fan_out(host: Host, tapper: Phone, phones: list[Phone], taps: list[str]) -> Run:
    """Tap each identifier of ``taps`` in turn; per tap, the last phone's delay."""
    _settle(phones, tapper, 0.5)
    last = []
    cpu0 = _cpu_seconds(host.proc.pid)
    missed = 0
    for ident in taps:
        try:
            delays = _arrivals(phones, lambda i=ident: tapper.tap(i))  # type: ignore[misc]
        except RuntimeError:  # counted and reported; the other taps still measure
            missed += 1
        else:
            last.append(max(delays) * 1000)
        _settle(phones, tapper)
    cpu = (_cpu_seconds(host.proc.pid) - cpu0) * 1000 / len(taps)
    return Run(last, cpu, missed)


def _bare_runs(folder: Path, sizes: Sizes) -> dict[int, Run]:
    """The bare app's fan-out for each N."""
    runs: dict[int, Run] = {}
    with _bare_host(folder) as host:
        tapper = Phone.open(host, "/", wait_for="increment")
        for n in sizes.phones:
            phones = [Phone.open(host, "/", wait_for="count") for _ in range(n)]
            try:
                runs[n] = _fan_out(host, tapper, phones, ["increment"] * sizes.taps)
            finally:
                for p in phones:
                    p.close()
        tapper.close()
    return runs


def _table_runs(host: Host, table: Table, sizes: Sizes) -> dict[int, Run]:
    tapper = _host_on_counters(host, table)
    runs: dict[int, Run] = {}
    plus, minus = f"counter-{table.counter}-plus", f"counter-{table.counter}-minus"
    for n in sizes.phones:
        phones = [Phone.open(host, r, wait_for="table-title") for r in table.routes[:n]]
        try:
            taps = [plus if k % 2 == 0 else minus for k in range(sizes.taps)]
            runs[n] = _fan_out(host, tapper, phones, taps)
        finally:
            for p in phones:
                p.close()
    tapper.close()
    return runs


def _host_on_counters(host: Host, table: Table) -> Phone:
    """The host's device on ``table``, switched to the Counters tab."""
    tapper = Phone.open(host, host.table_route(table.id), wait_for="table-title")
    plus = f"counter-{table.counter}-plus"
    if plus not in tapper.ids:
        tapper.wait(lambda _m: "tab-counters" in tapper.ids, 15, "the Counters tab")
        tapper.tap("tab-counters")
        tapper.wait(lambda _m: plus in tapper.ids, 15, f"the {plus} button")
    return tapper


# ----- opening a screen -------------------------------------------------------------------------


def _controls(node: Any) -> int:
    """How many controls a message holds (each is a map with a type, ``_c``)."""
    if isinstance(node, dict):
        return ("_c" in node) + sum(_controls(v) for v in node.values())
    if isinstance(node, list):
        return sum(_controls(v) for v in node)
    return 0


def _open_once(host: Host, route: str, ready: str) -> tuple[float, int]:
    """Seconds from connecting until ``ready`` has arrived, and the controls sent by then."""
    sent = 0
    t0 = time.perf_counter()
    phone = Phone.open(host, route)

    def arrived(message: Any) -> bool:
        nonlocal sent
        sent += _controls(message)
        return ready in phone.ids

    try:
        phone.wait(arrived, 30, repr(ready))
        return time.perf_counter() - t0, sent
    finally:
        phone.close()


def _open_seconds(host: Host, route: str, ready: str, repeats: int) -> tuple[list[float], int]:
    opened = [_open_once(host, route, ready) for _ in range(repeats)]
    return [seconds for seconds, _ in opened], opened[-1][1]


# ----- the figures ------------------------------------------------------------------------------


def fanout_figures(quick: bool) -> list[Figure]:
    sizes = QUICK if quick else FULL
    games = GAMES[:1] if quick else GAMES
    with tempfile.TemporaryDirectory(prefix="fk-fanout-") as tmp:
        folder = Path(tmp)
        bare = _bare_runs(folder, sizes)
        tables = _prepare(folder)
        host = start_host(folder, {"FLET_WEB_NO_CDN": "1"})
        try:
            app = {slug: _table_runs(host, tables[slug], sizes) for slug in games}
            opened = {
                slug: _open_seconds(host, tables[slug].routes[0], "table-title", sizes.opens)
                for slug in games
            }
            crowd = _crowd(host, tables["winds-of-fate"], sizes)
        finally:
            host.stop()
        # Anything the host complained about (a failed redraw would show here).
        complaints = [
            line for line in host.log().splitlines() if "Traceback" in line or "ERROR" in line
        ]
        bare_open = _bare_open(folder, max(size for _t, size in opened.values()), sizes.opens)
    load = os.getloadavg()
    figures = [_per_phone("bare Flet", bare, None, load)]
    if complaints:
        figures.append(
            Figure(
                "host errors during the fan-out",
                "",
                float(len(complaints)),
                0.0,
                details={"lines": complaints[:20]},
            )
        )
    figures += [_per_phone(slug, runs, bare, load) for slug, runs in app.items()]
    bare_s, bare_size = bare_open
    for slug, (times, size) in opened.items():
        figures.append(
            Figure(
                f"open a table screen, app / bare page of {bare_size} controls [{slug}]",
                "x",
                median(times) / median(bare_s),
                1.5,
                details={"app_s": times, "bare_s": bare_s, "app_controls": size, "load": load},
            )
        )
    return figures + crowd


def _per_phone(
    name: str, runs: dict[int, Run], bare: dict[int, Run] | None, load: tuple[float, ...]
) -> Figure:
    """What one more phone costs the host per change (CPU): the slope over every phone
    count measured; the details keep every run's delays (raw phones, no browser)."""
    # The least-squares slope of CPU per tap over the phone counts measured. On a busy
    # machine (or a quick run of a few taps) noise can outweigh a small per-phone cost and
    # tip the slope below zero; a phone cannot save the host work, so the figure is then 0
    # and the raw slope stays in the details.
    counts = sorted(runs)
    mean_n = sum(counts) / len(counts)
    mean_cpu = sum(runs[n].cpu_ms_per_tap for n in counts) / len(counts)
    spread = sum((n - mean_n) ** 2 for n in counts)
    slope = (
        sum((n - mean_n) * (runs[n].cpu_ms_per_tap - mean_cpu) for n in counts) / spread
        if spread
        else 0.0
    )
    per_phone = max(0.0, slope)
    details: dict[str, Any] = {
        "slope_ms": slope,
        "cpu_ms_per_tap": {n: r.cpu_ms_per_tap for n, r in runs.items()},
        "tap_to_last_phone_ms": {n: r.last_ms for n, r in runs.items()},
        "taps_some_phone_missed": {n: r.missed for n, r in runs.items()},
        "load_average": load,
    }
    if bare is not None:
        details["bare_tap_to_last_phone_ms"] = {n: r.last_ms for n, r in bare.items()}
    label = f", {name}" if bare is None else f" [{name}]"
    return Figure(
        f"host CPU per change per phone{label}",
        "ms",
        per_phone,
        details=details,
    )


def _bare_open(folder: Path, controls: int, repeats: int) -> tuple[list[float], int]:
    with _bare_host(folder) as host:
        times, size = _open_seconds(host, f"/?controls={controls}", "big-last", repeats)
    return times, size


def _crowd(host: Host, table: Table, sizes: Sizes) -> list[Figure]:
    """``crowd`` phones on one table (its seats, then watchers): the last phone's delay
    for each tap, and whether every phone got every change."""
    tapper = _host_on_counters(host, table)
    phones = [Phone.open(host, r, wait_for="table-title") for r in table.routes[: sizes.crowd]]
    plus, minus = f"counter-{table.counter}-plus", f"counter-{table.counter}-minus"
    missed = 0
    last = []
    try:
        for k in range(max(4, sizes.taps // 2)):
            try:
                delays = _arrivals(phones, lambda k=k: tapper.tap(plus if k % 2 == 0 else minus))  # type: ignore[misc]
                last.append(max(delays) * 1000)
            except RuntimeError:
                missed += 1
            _settle(phones, tapper, 0.3)
    finally:
        for p in [tapper, *phones]:
            p.close()
    details = {"last_ms": last, "taps": len(last) + missed, "load_average": os.getloadavg()}
    return [
        Figure(
            f"{sizes.crowd} phones on one table: tap -> last phone",
            "ms",
            median(last) if last else None,
            1000.0,
            details=details,
            error="" if last else "no tap reached every phone",
        ),
        Figure(
            f"{sizes.crowd} phones on one table: changes lost",
            "",
            float(missed),
            0.0,
            details=details,
        ),
    ]
