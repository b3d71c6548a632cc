"""A long table being opened on one phone does not hold up a move at another table: on a
real host (``python -m companion``) with raw websocket phones, a phone opens a table of
50,000 moves stored without snapshots (so opening replays them all), and a phone at another
table taps just after. The tap is answered before the long table's page arrives: the host
reads the table on a worker thread, not on the event loop every device shares."""

from __future__ import annotations

import json
import signal
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.store.db import DB_FILE_NAME
from tests.torture.live import TALLY_ENV, Host, Phone, make_tables, start_host

pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")

MOVES = 50_000


@pytest.fixture
def hosts() -> Iterator[list[Host]]:
    started: list[Host] = []
    yield started
    for h in started:
        if h.proc.poll() is None:
            h.stop(signal.SIGKILL)


def _lengthen(folder: Path, table_id: str, moves: int) -> None:
    """Give ``table_id`` ``moves`` moves written straight into its log, with no snapshot
    after the start: opening it replays every one."""
    from tests.support.tally import TALLY, Add

    con = sqlite3.connect(folder / DB_FILE_NAME)
    try:
        rows = [
            (
                table_id,
                seq,
                json.dumps(TALLY.encode_action(Add((seq - 1) % 2, 1))),
                (seq - 1) % 2,
                "Host",
                "host",
                "2026-01-01 20:00:00.000000",
                False,
                False,
                f"Seat {(seq - 1) % 2} adds 1.",
                "",
            )
            for seq in range(1, moves + 1)
        ]
        con.executemany(
            "INSERT INTO event (table_id, seq, action_json, seat, who, device, at, correction,"
            " undone, line, chapter) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
        con.execute(
            "UPDATE game_table SET head_seq = ?, version = ? WHERE id = ?",
            (moves, moves, table_id),
        )
        con.commit()
    finally:
        con.close()


def test_a_move_at_another_table_is_answered_while_a_long_table_opens(
    tmp_path: Path, hosts: list[Host]
) -> None:
    long_id, small_id = make_tables(tmp_path, 2, target=10**9)
    _lengthen(tmp_path, long_id, MOVES)
    h = start_host(tmp_path, TALLY_ENV)
    hosts.append(h)
    player = Phone.open(h, h.table_route(small_id), wait_for="counter-pile-plus")
    player.drain(0.5)

    order: list[str] = []
    sent = threading.Event()

    def open_long() -> None:
        reader = Phone.open(h, h.table_route(long_id))
        sent.set()
        reader.wait(lambda _m: "counter-pile-plus" in reader.ids, 120, "the long table")
        order.append("long table drawn")
        reader.close()

    opener = threading.Thread(target=open_long)
    opener.start()
    assert sent.wait(15)
    time.sleep(0.2)  # the host is now reading the long table
    player.tap_and_confirm("counter-pile-plus", "1", timeout=120)
    order.append("move answered")
    opener.join(150)
    assert order == ["move answered", "long table drawn"], order
    player.close()
    assert "Traceback" not in h.log()
