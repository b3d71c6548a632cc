"""``python -m bench.heartbeat [PHONES] [SECONDS]``: what the connection heartbeat costs the
host while phones watch a quiet table.

A real host (``python -m companion``) with PHONES raw websocket phones (default 20) on one
tally table, idle for SECONDS (default 10): once with phones that do not ask for beats, once
with phones that ask for them (``?beat=1``, as ``assets/connection.js`` does). Prints the
host's CPU time per second in each case and the beats each phone received per second. A
change's fan-out is not in this measurement: a connection the host is sending to gets no
beat (``companion.server.Beats``), so the fan-out rows of ``python -m bench`` cover it.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

from websockets.sync.client import ClientConnection, connect

from tests.torture.live import REGISTER, TALLY_ENV, frame, make_tables, page, start_host

from .figures import _register_tally


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds the process has used so far (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _drain(ws: ClientConnection) -> int:
    """Read what has arrived; returns how many beats (text frames) were among it."""
    beats = 0
    while True:
        try:
            message = ws.recv(timeout=0)
        except TimeoutError:
            return beats
        beats += isinstance(message, str)


def idle_cost(phones: int, seconds: float, beats: bool) -> tuple[float, float]:
    """Host CPU milliseconds per second, and beats per phone per second, for ``phones``
    phones watching a quiet table for ``seconds``."""
    _register_tally()
    with tempfile.TemporaryDirectory(prefix="fk-beat-") as tmp:
        folder = Path(tmp)
        (table_id,) = make_tables(folder)
        host = start_host(folder, {**TALLY_ENV, "FLET_WEB_NO_CDN": "1"})
        try:
            url = host.ws_url + ("?beat=1" if beats else "")
            socks = [connect(url, max_size=None, open_timeout=30) for _ in range(phones)]
            route = host.table_route(table_id)
            for ws in socks:
                ws.send(frame(REGISTER, {"session_id": "", "page_name": "", "page": page(route)}))
            time.sleep(5)  # every phone drawn; then only quiet
            for ws in socks:
                _drain(ws)
            start_cpu, start = _cpu_seconds(host.proc.pid), time.monotonic()
            heard = 0
            while time.monotonic() - start < seconds:
                time.sleep(0.5)
                heard += sum(_drain(ws) for ws in socks)
            spent = _cpu_seconds(host.proc.pid) - start_cpu
            took = time.monotonic() - start
            for ws in socks:
                ws.close()
        finally:
            host.stop()
    return spent / took * 1000, heard / phones / took


def main(argv: list[str]) -> int:
    phones = int(argv[0]) if argv else 20
    seconds = float(argv[1]) if len(argv) > 1 else 10.0
    print(f"{phones} phones watching a quiet table for {seconds:.0f} s; load {os.getloadavg()}")
    for beats in (False, True):
        cpu, rate = idle_cost(phones, seconds, beats)
        what = "with beats   " if beats else "without beats"
        print(f"  {what}: host CPU {cpu:.1f} ms per s, {rate:.2f} beats per phone per s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
