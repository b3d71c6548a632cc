"""Four phones press Undo on the same move on a real host (``python -m companion``),
speaking Flet's wire protocol over raw websockets: two are the host's, two are the seat
whose move it was. Each has tapped Undo and has the confirmation naming the move open. Their
"Take back" taps land together or 50, 130 or 300 ms apart: people pressing "at once" are
never closer than a finger allows, and by then the host has redrawn every screen. Exactly one
move is taken back and recorded; the other three are told it was already taken back and show
the table as it is. Redo likewise.
"""

from __future__ import annotations

import signal
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.store.db import DB_FILE_NAME
from tests.torture.live import EVENT, TALLY_ENV, Host, Phone, start_host

pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")

REFUSED = ("Nothing was taken back", "can take back only their own")
SPACINGS_MS = (0, 50, 130, 300)


@pytest.fixture
def hosts() -> Iterator[list[Host]]:
    started: list[Host] = []
    yield started
    for h in started:
        if h.proc.poll() is None:
            h.stop(signal.SIGKILL)


def _race_table(folder: Path, last: int = 0) -> tuple[str, str]:
    """A tally table whose last move is seat ``last``'s; returns its id and seat 0's
    token. With ``last=0`` Ana's three last moves are all her own (two corrections from her
    phone, then "Seat 0 adds 3."), so a second Undo from her phones that named no move would
    find another move of hers to take back."""
    from companion.hub import Hub
    from companion.store import open_database
    from companion.table import Actor
    from rules.core import Correct
    from tests.support.tally import Add

    db, _ = open_database(data_dir=folder)
    try:
        hub = Hub(db)
        table = hub.create_table("tally", {"target": 1000}, ["Ana", "Bo"], "race")
        ana = Actor("ana", "Ana", frozenset({0}))
        bo = Actor("bo", "Bo", frozenset({1}))
        table.do(Add(0, 1), ana)
        table.do(Add(1, 2), bo)
        if last == 1:
            table.do(Add(0, 3), ana)
            table.do(Add(1, 1), bo)
        else:
            table.do(Correct(counter="pile", value=10), ana)
            table.do(Correct(counter="pile", value=20), ana)
            table.do(Add(0, 3), ana)
        return table.id, table.seat_tokens[0]
    finally:
        db.close()


def _stored(folder: Path, table_id: str) -> tuple[int, int, list[tuple[str, str]]]:
    con = sqlite3.connect(folder / DB_FILE_NAME)
    try:
        version, head = con.execute(
            "SELECT version, head_seq FROM game_table WHERE id = ?", (table_id,)
        ).fetchone()
        takebacks = con.execute(
            "SELECT kind, line FROM takeback WHERE table_id = ? ORDER BY version", (table_id,)
        ).fetchall()
    finally:
        con.close()
    return int(version), int(head), [(str(k), str(line)) for k, line in takebacks]


@pytest.mark.parametrize("spacing_ms", SPACINGS_MS)
def test_four_phones_pressing_undo_on_one_move_take_back_that_move_only(
    tmp_path: Path, hosts: list[Host], spacing_ms: int
) -> None:
    table_id, seat_token = _race_table(tmp_path)
    h = start_host(tmp_path, TALLY_ENV)
    hosts.append(h)
    host_phones = [Phone.open(h, h.table_route(table_id), wait_for="undo") for _ in range(2)]
    seat_phones = [
        Phone.open(h, f"/t/{table_id}?k={seat_token}", wait_for="undo") for _ in range(2)
    ]
    phones = host_phones + seat_phones
    for phone in phones:
        phone.drain(0.5)
    # Undo asks first on every phone, naming the move; nothing is taken back yet.
    for phone in phones:
        phone.tap("undo")
        phone.wait(lambda _m, p=phone: "undo-confirm" in p.ids, 15, "the confirmation")
        phone.wait_text("Ana: Seat 0 adds 3.")
    assert _stored(tmp_path, table_id)[:2] == (5, 5)

    marks = [len(p.texts) for p in phones]
    # What each player has in front of them when they decide to press.
    targets = [p.ids["undo-confirm"] for p in phones]
    barrier = threading.Barrier(len(phones))

    def press(phone: Phone, target: int, delay: float) -> None:
        barrier.wait()
        time.sleep(delay)
        phone.send(EVENT, {"target": target, "name": "click", "data": None})

    # Interleaved, so a host phone and a seat phone each land first at some spacing.
    order = [host_phones[0], seat_phones[0], host_phones[1], seat_phones[1]]
    threads = [
        threading.Thread(
            target=press,
            args=(p, targets[phones.index(p)], i * spacing_ms / 1000),
        )
        for i, p in enumerate(order)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    for phone in phones:
        phone.drain(2.0)

    version, head, takebacks = _stored(tmp_path, table_id)
    assert (version, head) == (6, 4), "exactly one move is taken back"
    assert len(takebacks) == 1 and takebacks[0][0] == "undo"
    assert takebacks[0][1].endswith("took back: Seat 0 adds 3.")

    said = [" ".join(p.texts[mark:]) for p, mark in zip(phones, marks, strict=True)]
    winners = [s for s in said if "took back: Seat 0 adds 3." in s and not _refused(s)]
    losers = [s for s in said if _refused(s)]
    assert len(winners) == 1 and len(losers) == 3, said
    assert all("already taken back" in s for s in losers), said
    # Every phone, refused or not, now shows the pile as it stands (set to 20).
    for phone, mark in zip(phones, marks, strict=True):
        assert "20" in phone.texts[mark:], phone.texts[mark:]
    for phone in phones:
        assert phone.crashed == []
        phone.close()
    assert "Traceback" not in h.log()


@pytest.mark.parametrize("spacing_ms", (0, 130))
def test_two_phones_pressing_redo_on_one_move_put_back_that_move_only(
    tmp_path: Path, hosts: list[Host], spacing_ms: int
) -> None:
    table_id, _seat_token = _race_table(tmp_path)
    h = start_host(tmp_path, TALLY_ENV)
    hosts.append(h)
    first = Phone.open(h, h.table_route(table_id), wait_for="undo")
    first.drain(0.5)
    first.tap("undo")
    first.wait(lambda _m: "undo-confirm" in first.ids, 15, "the confirmation")
    first.tap("undo-confirm")
    first.wait_text("took back: Seat 0 adds 3.")
    phones = [first, Phone.open(h, h.table_route(table_id), wait_for="redo")]
    for phone in phones:
        phone.drain(1.0)
    # Redo asks first too, naming the move it would put back.
    for phone in phones:
        phone.tap("redo")
        phone.wait(lambda _m, p=phone: "redo-confirm" in p.ids, 15, "the confirmation")
        phone.wait_text("Ana: Seat 0 adds 3.")
    targets = [p.ids["redo-confirm"] for p in phones]
    marks = [len(p.texts) for p in phones]
    for i, (phone, target) in enumerate(zip(phones, targets, strict=True)):
        if i:
            time.sleep(spacing_ms / 1000)
        phone.send(EVENT, {"target": target, "name": "click", "data": None})
    for phone in phones:
        phone.drain(2.0)
    version, head, takebacks = _stored(tmp_path, table_id)
    assert (version, head) == (7, 5), "exactly one move is put back"
    assert [k for k, _line in takebacks] == ["undo", "redo"]
    said = [" ".join(p.texts[mark:]) for p, mark in zip(phones, marks, strict=True)]
    assert sum("already put back" in s for s in said) == 1, said
    assert sum("put back: Seat 0 adds 3." in s for s in said) == 1, said
    for phone in phones:
        assert phone.crashed == []
        phone.close()
    assert "Traceback" not in h.log()


def _refused(text: str) -> bool:
    return any(r in text for r in REFUSED)


def test_a_seat_is_told_it_may_take_back_only_its_own_move(
    tmp_path: Path, hosts: list[Host]
) -> None:
    table_id, seat_token = _race_table(tmp_path, last=1)
    h = start_host(tmp_path, TALLY_ENV)
    hosts.append(h)
    ana = Phone.open(h, f"/t/{table_id}?k={seat_token}", wait_for="undo")
    ana.drain(0.5)
    ana.tap("undo")
    ana.wait_text(
        "Ana can take back only their own last move; the last move was Bo's: Seat 1 adds 1."
    )
    ana.tap("redo")  # nothing undone: nothing to redo, and nothing changes
    ana.wait_text("Nothing to redo.")
    assert _stored(tmp_path, table_id) == (4, 4, [])
    assert ana.crashed == []
    ana.close()
