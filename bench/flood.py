"""Phones that tap as fast as they can cannot stall the table: moves at another table and at
the flooded table itself, while 1, 5 and 20 connections holding only a watch code tap the
tabs of each game's own screen (its heaviest: the whole game panel) without pause.

Both sides are raw websocket clients (``tests.torture.live.Phone``) against a real host
(``python -m companion``) in a subprocess on 127.0.0.1. Each flooding connection sends
clicks in a loop: the game tab that is already open (a tap that changes nothing), the
Counters tab, Counters again, the game tab again. Between taps it reads, without waiting,
what the host sent it, so each tap names the tab buttons as last redrawn: every switch is
a real one (a tap naming a button a redraw replaced would do nothing, and cost nothing).
Meanwhile the host's own device taps a counter up or down on another table (the victim)
and on the flooded table, in turn, and waits for its own screen's patch: that delay is
the move's latency. On Grimheim's screen a last row has 20 phones that come back each
time the host hangs up on them (from another loopback address, so the host counts them as
phones on the LAN), and flood again. Last, the host is sent SIGTERM while 20 connections
still flood.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.torture.live import EVENT, PATCH, Host, Phone, frame, start_host

from .fanout import GAMES, ROOT, Table, _host_on_counters, _prepare
from .report import Figure
from .stats import median, percentile

TARGET_MS = 100.0
"""A move's p95 latency, at another table and at the flooded one, whatever the flood."""
WAIT_S = 20.0
"""How long a move may take before it counts as lost (and as this long)."""


COMEBACK_FROM = "127.0.0.2"
"""Where phones that come back after a hang-up connect from: a loopback address other than
the host's own, so the host counts it as a phone on the LAN (its share of sessions)."""


@dataclass(frozen=True)
class FloodSizes:
    counts: tuple[int, ...]
    games: tuple[str, ...]
    moves: int
    warm_s: float
    seated_s: float
    shutdown_flooders: int
    comeback: tuple[str, ...] = ()
    """Games whose screen 20 phones flood and, each time the host hangs up on them, come
    back to at once and flood again (from ``COMEBACK_FROM``)."""


QUICK = FloodSizes(
    counts=(1,), games=GAMES[:1], moves=2, warm_s=0.5, seated_s=1.0, shutdown_flooders=0
)
FULL = FloodSizes(
    counts=(1, 5, 20),
    games=GAMES,
    moves=12,
    warm_s=1.0,
    seated_s=5.0,
    shutdown_flooders=20,
    comeback=("grimheim",),
)


@dataclass
class Flood:
    """Connections tapping tabs without pause, in a process of their own (their sending
    loops must not take the interpreter from the phones that measure), until ``end``."""

    proc: subprocess.Popen[str]
    sent: list[int] = field(default_factory=list)
    comebacks: int = 0
    """Times a phone the host had hung up on came back and had its screen again."""

    @classmethod
    def start(cls, host: Host, route: str, count: int, *, comeback: bool = False) -> Flood:
        mode = "--comeback" if comeback else "--flooders"
        proc = subprocess.Popen(
            [sys.executable, "-m", "bench.flood", mode, str(count), str(host.port), route],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert proc.stdout is not None
        ready = proc.stdout.readline()
        if ready.strip() != "ready":
            proc.kill()
            raise RuntimeError(f"the flooding phones did not start: {ready!r}")
        return cls(proc)

    def end(self) -> None:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        with contextlib.suppress(OSError):
            self.proc.stdin.close()
        try:
            out = self.proc.stdout.read()
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)
            out = ""
        numbers = [int(n) for n in out.split() if n.isdigit()]
        self.sent = numbers[-2:-1] if len(numbers) >= 2 else numbers[-1:]
        self.comebacks = numbers[-1] if len(numbers) >= 2 else 0


def _flooders(port: int, route: str, count: int, comeback: bool) -> None:
    """The flooding process: ``count`` phones on ``route``, each tapping in a thread of its
    own; prints ``ready`` once all have their screen and, when its stdin closes, how many
    taps were sent and how many times a phone came back. With ``comeback``, the phones
    connect from ``COMEBACK_FROM``, and one the host hangs up on connects again at once,
    opens the screen and floods again, for as long as the host lets it."""
    host = Host(None, port, "", Path("."), Path("."), Path("."))  # type: ignore[arg-type]
    source = COMEBACK_FROM if comeback else None
    phones = [Phone.open(host, route, wait_for="tab-counters", source=source) for _ in range(count)]
    stop = threading.Event()
    counts = [0] * count
    back = [0] * count

    def flood(phone: Phone, me: int) -> None:
        n = 0
        try:
            while not stop.is_set():
                # The tab buttons get new ids when a switch redraws them: each tap names
                # the buttons the phone was last sent, so every switch is a real one (a
                # tap on an id no longer on the screen does nothing).
                tab = ("tab-game", "tab-counters", "tab-counters", "tab-game")[n % 4]
                phone.ws.send(
                    frame(EVENT, {"target": phone.ids[tab], "name": "click", "data": None})
                )
                n += 1
                counts[me] += 1
                phone.read_sent()
        except Exception:  # closed by the host
            pass

    def tap(phone: Phone, me: int) -> None:
        flood(phone, me)
        while comeback and not stop.is_set():
            try:
                phone = Phone.open(host, route, wait_for="tab-counters", source=source)
            except Exception:  # refused, or not let in yet: try again
                continue
            back[me] += 1
            flood(phone, me)

    threads = [threading.Thread(target=tap, args=(p, n), daemon=True) for n, p in enumerate(phones)]
    for t in threads:
        t.start()
    print("ready", flush=True)
    sys.stdin.read()  # until the measuring process closes it
    stop.set()
    # The host reads these connections slowly (that is the point): closing them cleanly
    # would wait for it. Count, and go.
    print(sum(counts), sum(back), flush=True)
    os._exit(0)


def _move_ms(tapper: Phone, ident: str) -> float:
    """Tap ``ident`` and wait for the tapper's own patch; milliseconds (``WAIT_S`` if none
    came in time)."""
    tapper.drain(0.05)
    t0 = time.perf_counter()
    tapper.tap(ident)
    try:
        tapper.wait(lambda m: m[0] == PATCH, WAIT_S, "the move's patch")
    except TimeoutError:
        return WAIT_S * 1000
    return (time.perf_counter() - t0) * 1000


def _summary(samples: list[float]) -> dict[str, float]:
    return {
        "p50_ms": round(median(samples), 1),
        "p95_ms": round(percentile(samples, 95), 1),
        "max_ms": round(max(samples), 1),
    }


def _flooded(
    host: Host,
    flooded: Table,
    victim: Table,
    phones: tuple[Phone, Phone],
    count: int,
    sizes: FloodSizes,
    *,
    comeback: bool = False,
) -> list[Figure]:
    """Two rows: another table's moves and the flooded table's, during a flood by
    ``count`` connections on ``flooded``'s game screen (``comeback``: phones that come
    back each time the host hangs up on them). ``phones``: the host's device on the
    victim table and on the flooded one (at their tables before the flood began)."""
    other, own = phones
    watch = flooded.routes[-1]
    flood = Flood.start(host, watch, count, comeback=comeback)
    started = time.monotonic()
    victim_ms: list[float] = []
    own_ms: list[float] = []
    try:
        time.sleep(sizes.warm_s)
        for k in range(sizes.moves):
            sign = "plus" if (k // 2) % 2 == 0 else "minus"
            if k % 2 == 0:
                victim_ms.append(_move_ms(other, f"counter-{victim.counter}-{sign}"))
            else:
                own_ms.append(_move_ms(own, f"counter-{flooded.counter}-{sign}"))
            time.sleep(0.5)  # a person's pace: each of the two phones moves once a second
        load = os.getloadavg()
    finally:
        flood.end()
    seconds = time.monotonic() - started
    details = {
        "flooding_connections": count,
        "events_sent": sum(flood.sent),
        "comebacks": flood.comebacks,
        "flood_seconds": round(seconds, 1),
        "warm_up_s": sizes.warm_s,
        "another_table": {**_summary(victim_ms), "runs_ms": victim_ms},
        "flooded_table": {**_summary(own_ms), "runs_ms": own_ms},
        "lost_moves": sum(1 for v in victim_ms + own_ms if v >= WAIT_S * 1000),
        "load_average": load,
    }
    name = f"flood by {count} phones{' that come back' if comeback else ''} [{flooded.slug}]"
    return [
        Figure(
            f"{name}: another table's move p95",
            "ms",
            percentile(victim_ms, 95),
            TARGET_MS,
            details=details,
        ),
        Figure(
            f"{name}: the flooded table's move p95",
            "ms",
            percentile(own_ms, 95),
            TARGET_MS,
            details=details,
        ),
    ]


def _game_floods(host: Host, flooded: Table, victim: Table, sizes: FloodSizes) -> list[Figure]:
    """Every flood size on ``flooded``'s screen, the same two players' phones throughout."""
    phones = (_host_on_counters(host, victim), _host_on_counters(host, flooded))
    try:
        time.sleep(sizes.seated_s)  # players sit at their tables before anyone floods
        figures = [
            figure
            for count in sizes.counts
            for figure in _flooded(host, flooded, victim, phones, count, sizes)
        ]
        if flooded.slug in sizes.comeback:
            figures += _flooded(host, flooded, victim, phones, 20, sizes, comeback=True)
        return figures
    finally:
        for phone in phones:
            phone.close()


def _shutdown(host: Host, table: Table, count: int) -> Figure:
    """Seconds from SIGTERM to the host's exit while ``count`` connections flood."""
    flood = Flood.start(host, table.routes[-1], count)
    try:
        time.sleep(1.0)
        took = host.stop(signal.SIGTERM, timeout=90)
    finally:
        flood.end()
    return Figure(
        f"host exits after SIGTERM during a flood by {count} phones",
        "s",
        took,
        10.0,
        details={"events_sent": sum(flood.sent), "load_average": os.getloadavg()},
    )


def flood_figures(quick: bool) -> list[Figure]:
    sizes = QUICK if quick else FULL
    figures: list[Figure] = []
    with tempfile.TemporaryDirectory(prefix="fk-flood-") as tmp:
        folder = Path(tmp)
        victims = {slug: GAMES[(GAMES.index(slug) + 1) % len(GAMES)] for slug in sizes.games}
        tables = _prepare(folder, games=tuple(dict.fromkeys([*sizes.games, *victims.values()])))
        host = start_host(folder, {"FLET_WEB_NO_CDN": "1"})
        try:
            for slug in sizes.games:
                figures += _game_floods(host, tables[slug], tables[victims[slug]], sizes)
            if sizes.shutdown_flooders:
                figures.append(_shutdown(host, tables[sizes.games[0]], sizes.shutdown_flooders))
        finally:
            host.stop(signal.SIGKILL) if host.proc.poll() is None else None
    return figures


if __name__ == "__main__":
    if sys.argv[1:2] in (["--flooders"], ["--comeback"]):
        _flooders(int(sys.argv[3]), sys.argv[4], int(sys.argv[2]), sys.argv[1] == "--comeback")
    else:
        from .report import table

        figures = flood_figures("--quick" in sys.argv)
        print(table(figures))
        for figure in figures[::2]:  # each row's moves, p50 / p95 / max, and the load
            d = figure.details
            if "another_table" in d:
                a, o = d["another_table"], d["flooded_table"]
                back = f", {d['comebacks']} comebacks" if d.get("comebacks") else ""
                print(
                    f"{figure.name.split(':')[0]}: another table {a['p50_ms']}/{a['p95_ms']}/"
                    f"{a['max_ms']} ms, this table {o['p50_ms']}/{o['p95_ms']}/{o['max_ms']} ms, "
                    f"load {d['load_average'][0]:.1f}{back}"
                )
