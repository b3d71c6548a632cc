"""Big data and racing taps, on the real programs:

* importing a file of one long table (1, 10 and 100 MB; about 260 bytes a move) with
  ``companion import`` in its own process: seconds, and that process's peak memory;
* opening a table of 100,000 moves on a real host (``python -m companion``) from a raw
  websocket phone, while a phone at another table keeps tapping: how long the long table
  takes to draw, and that other table's tap latency meanwhile. Once with the snapshots an
  import (or live play) stores, once with none at all (every move replayed);
* four phones pressing Undo on one move 0, 50, 130 and 300 ms apart: how many moves were
  taken back (one is right).

``--quick`` shrinks everything to a few seconds: it proves the rows work, nothing more.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from .report import Figure
from .stats import median, percentile

ROOT = Path(__file__).resolve().parents[1]
TALLY_ENV = {"FATEKEEPER_EXTRA_GAMES": "tests.support.tally:TALLY"}
BYTES_PER_MOVE = 263
"""About what one move takes in an export file written by ``write_long_export``."""


def write_long_export(path: Path, moves: int, *, snapshots: bool = False) -> str:
    """Write an export file of one tally table with ``moves`` moves (no snapshots unless
    ``snapshots``), a piece at a time; returns the table's id."""
    from tests.support.tally import TALLY, Add, TallyOptions

    table_id = f"long{moves}"
    state = TALLY.setup(TallyOptions(target=10**9))
    with path.open("w", encoding="utf-8") as out:
        out.write('{"format": "fatekeeper-export", "version": 1, "players": [')
        out.write('{"name": "Ana", "created_at": null}, {"name": "Bo", "created_at": null}],\n')
        table = {
            "id": table_id,
            "game": "tally",
            "title": "long",
            "options": {"target": 10**9, "secret": "owl"},
            "status": "active",
            "created_at": "2026-01-01T20:00:00+00:00",
            "updated_at": "2026-01-01T20:00:00+00:00",
            "version": moves,
            "head_seq": moves,
            "archived": False,
            "deleted_at": None,
            "seats": [{"position": 0, "name": "Ana"}, {"position": 1, "name": "Bo"}],
        }
        # The table's own fields, then its events written one by one into the open list.
        out.write('"tables": [' + json.dumps(table)[:-1] + ',\n"events": [')
        snaps: list[str] = []
        for seq in range(1, moves + 1):
            seat = (seq - 1) % 2
            action = Add(seat, 1)
            event = {
                "seq": seq,
                "action": TALLY.encode_action(action),
                "seat": seat,
                "who": "Host",
                "device": "bench-device",
                "at": "2026-01-01T20:00:00.000000+00:00",
                "correction": False,
                "undone": False,
                "line": f"Seat {seat} adds 1.",
                "chapter": "",
                "by_seat": None,
            }
            out.write(("" if seq == 1 else ",\n") + json.dumps(event))
            if snapshots:
                state = TALLY.apply(state, action)
                if seq % 100 == 0:
                    snaps.append(
                        json.dumps(
                            {
                                "seq": seq,
                                "state": TALLY.state_to_json(state),
                                "at": "2026-01-01T20:00:00+00:00",
                            }
                        )
                    )
        out.write('],\n"snapshots": [' + ",\n".join(snaps) + '], "takebacks": []}],\n')
        out.write('"plays": []}\n')
    return table_id


def import_figures(quick: bool) -> list[Figure]:
    sizes_mb = (0.1,) if quick else (1.0, 10.0, 100.0)
    figures: list[Figure] = []
    with tempfile.TemporaryDirectory(prefix="fk-bench-import-") as tmp:
        for size in sizes_mb:
            moves = max(100, int(size * 1e6 / BYTES_PER_MOVE))
            file = Path(tmp) / f"long-{size}.json"
            write_long_export(file, moves)
            actual_mb = file.stat().st_size / 1e6
            # Each import in a fresh process, so the peak is that import's own: the
            # bigger file comes later and would otherwise hide a smaller one's peak.
            seconds, peak_mb, said = _measure_in_child(Path(tmp) / f"data-{size}", file)
            figures.append(
                Figure(
                    f"import a {actual_mb:.3g} MB file ({moves} moves), companion import",
                    "s",
                    seconds,
                    details={"file_mb": actual_mb, "moves": moves, "said": said},
                )
            )
            figures.append(
                Figure(
                    f"import a {actual_mb:.3g} MB file: peak memory of the process",
                    "MB",
                    peak_mb,
                    300.0,
                    details={"file_mb": actual_mb, "moves": moves},
                )
            )
    return figures


def _measure_in_child(data_dir: Path, file: Path) -> tuple[float, float, str]:
    """``_import`` with the process's own peak memory (``wait4`` reports it per child)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), **TALLY_ENV}
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "import", "--data-dir", str(data_dir), str(file)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    # Drain the pipes on the side, so a chatty child never blocks; wait4 gives this one
    # child's peak resident memory (in KB on Linux).
    out: list[bytes] = []
    err: list[bytes] = []
    readers = [
        threading.Thread(target=lambda: out.append(proc.stdout.read())),  # type: ignore[union-attr]
        threading.Thread(target=lambda: err.append(proc.stderr.read())),  # type: ignore[union-attr]
    ]
    for r in readers:
        r.start()
    _pid, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - t0
    for r in readers:
        r.join()
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"import failed ({proc.returncode}): {b''.join(err)[-500:]!r}")
    return seconds, usage.ru_maxrss / 1024, b"".join(out).decode().strip()


# ----- opening a long table on a real host ---------------------------------------------------


def _long_table_without_snapshots(folder: Path, table_id: str, moves: int) -> None:
    from companion.store.db import DB_FILE_NAME
    from tests.support.tally import TALLY, Add

    con = sqlite3.connect(folder / DB_FILE_NAME)
    try:
        con.executemany(
            "INSERT INTO event (table_id, seq, action_json, seat, who, device, at, correction,"
            " undone, line, chapter) VALUES (?, ?, ?, ?, 'Host', 'host', "
            "'2026-01-01 20:00:00.000000', 0, 0, ?, '')",
            (
                (
                    table_id,
                    seq,
                    json.dumps(TALLY.encode_action(Add((seq - 1) % 2, 1))),
                    (seq - 1) % 2,
                    f"Seat {(seq - 1) % 2} adds 1.",
                )
                for seq in range(1, moves + 1)
            ),
        )
        con.execute(
            "UPDATE game_table SET head_seq = ?, version = ? WHERE id = ?",
            (moves, moves, table_id),
        )
        con.commit()
    finally:
        con.close()


def open_figures(quick: bool) -> list[Figure]:
    from tests.torture.live import Phone, make_tables, start_host

    from .figures import _register_tally

    _register_tally()

    moves = 2_000 if quick else 100_000
    figures: list[Figure] = []
    with tempfile.TemporaryDirectory(prefix="fk-bench-open-") as tmp:
        folder = Path(tmp)
        file = folder / "long.json"
        imported_id = write_long_export(file, moves)
        _measure_in_child(folder, file)  # stored with snapshots, as an import stores it
        bare_id, small_id = make_tables(folder, 2, target=10**9)
        _long_table_without_snapshots(folder, bare_id, moves)
        host = start_host(folder, TALLY_ENV)
        try:
            player = Phone.open(host, host.table_route(small_id), wait_for="counter-pile-plus")
            player.drain(0.5)
            taps = [0]
            for label, table_id in (
                ("stored with snapshots (as imported)", imported_id),
                ("stored without any snapshot", bare_id),
            ):
                drawn = threading.Event()
                took: list[float] = []

                def open_long(
                    table_id: str = table_id,
                    drawn: threading.Event = drawn,
                    took: list[float] = took,
                ) -> None:
                    t0 = time.perf_counter()
                    reader = Phone.open(host, host.table_route(table_id))
                    reader.wait(lambda _m: "counter-pile-plus" in reader.ids, 300, "long table")
                    took.append(time.perf_counter() - t0)
                    drawn.set()
                    reader.close()

                opener = threading.Thread(target=open_long)
                latencies: list[float] = []
                opener.start()
                while not drawn.is_set() or not latencies:
                    taps[0] += 1
                    latencies.append(
                        player.tap_and_confirm("counter-pile-plus", str(taps[0]), 300) * 1000
                    )
                opener.join(300)
                figures.append(
                    Figure(
                        f"open a {moves}-move table {label}, on a real host",
                        "s",
                        took[0] if took else None,
                        details={"moves": moves},
                    )
                )
                figures.append(
                    Figure(
                        f"another table's tap meanwhile (max of {len(latencies)}), {label}",
                        "ms",
                        max(latencies),
                        details={
                            "taps_ms": latencies,
                            "median_ms": median(latencies),
                            "p95_ms": percentile(latencies, 95),
                        },
                    )
                )
            player.close()
        finally:
            host.stop(signal.SIGTERM)
    return figures


# ----- the undo race -------------------------------------------------------------------------


def undo_race_figures(quick: bool) -> list[Figure]:
    """Two host phones and two of the seat whose move it was, each with the confirmation
    naming the move open, press "Take back" on one move, ``spacing`` ms apart."""
    from tests.torture.live import EVENT, Phone, start_host
    from tests.torture.test_undo_race import _race_table, _stored

    from .figures import _register_tally

    _register_tally()
    spacings = (130,) if quick else (0, 50, 130, 300)
    figures: list[Figure] = []
    for spacing in spacings:
        with tempfile.TemporaryDirectory(prefix="fk-bench-race-") as tmp:
            folder = Path(tmp)
            table_id, seat_token = _race_table(folder)
            host = start_host(folder, TALLY_ENV)
            try:
                hosts = [
                    Phone.open(host, host.table_route(table_id), wait_for="undo") for _ in range(2)
                ]
                seats = [
                    Phone.open(host, f"/t/{table_id}?k={seat_token}", wait_for="undo")
                    for _ in range(2)
                ]
                for phone in hosts + seats:
                    phone.drain(0.3)
                    phone.tap("undo")
                    phone.wait(lambda _m, p=phone: "undo-confirm" in p.ids, 15, "confirmation")
                targets: list[tuple[Any, int]] = [
                    (hosts[0], hosts[0].ids["undo-confirm"]),
                    (seats[0], seats[0].ids["undo-confirm"]),
                    (hosts[1], hosts[1].ids["undo-confirm"]),
                    (seats[1], seats[1].ids["undo-confirm"]),
                ]
                start = time.perf_counter()
                for i, (phone, target) in enumerate(targets):
                    wait = start + i * spacing / 1000 - time.perf_counter()
                    if wait > 0:
                        time.sleep(wait)
                    phone.send(EVENT, {"target": target, "name": "click", "data": None})
                for phone in hosts + seats:
                    phone.drain(1.5)
                    phone.close()
                _version, head, takebacks = _stored(folder, table_id)
            finally:
                host.stop(signal.SIGTERM)
        figures.append(
            Figure(
                f"undo race: 4 devices {spacing} ms apart, moves taken back",
                "moves",
                float(5 - head),
                1.0,
                details={"takebacks": len(takebacks)},
            )
        )
    return figures
