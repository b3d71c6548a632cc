"""Twenty phones on one table of a real host, some of them dropping and resuming their
connection all the time: no acknowledged tap is lost or applied twice, and every phone
ends showing the table as stored.

4 phones tap "+" on the shared pile as fast as a person would, each on the screen it last
drew (a tap on an out-of-date screen is refused with a notice, as it must be); 8 watch
steadily; 8 watch while cutting their connection and resuming their session over and over.
Figures printed: taps, accepted, refused as stale, lost, duplicated, diverged, reconnections.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.torture.live import TALLY_ENV, Host, Phone, make_coded_table, start_host

pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")

ACTORS, STEADY, RECONNECTING = 4, 8, 8
TAPS = 15
STALE = "The table changed on another device"


@pytest.fixture
def host(tmp_path: Path) -> Iterator[tuple[Host, str, str]]:
    table_id, join, _seats = make_coded_table(tmp_path)
    h = start_host(tmp_path, TALLY_ENV)
    try:
        yield h, table_id, join
    finally:
        h.stop()


def _stored(folder: Path, table_id: str) -> tuple[int, int, list[int]]:
    """The stored version, head and event numbers of the table."""
    from sqlmodel import select

    from companion.store import Event, GameTable, open_database

    db, _ = open_database(data_dir=folder)
    try:
        with db.session() as session:
            row = session.get(GameTable, table_id)
            assert row is not None
            seqs = list(session.exec(select(Event.seq).where(Event.table_id == table_id)).all())
            return row.version, row.head_seq, sorted(seqs)
    finally:
        db.close()


def test_twenty_phones_with_reconnecting_ones_lose_nothing(
    host: tuple[Host, str, str],
) -> None:
    h, table_id, join = host
    watch = f"/t/{table_id}?k={join}"
    errors: list[BaseException] = []
    refused = [0] * ACTORS
    reconnections = [0] * RECONNECTING
    acting_done = threading.Event()
    actors = [
        Phone.open(h, h.table_route(table_id), wait_for="counter-pile-plus") for _ in range(ACTORS)
    ]
    steady = [Phone.open(h, watch, wait_for="counter-pile-value") for _ in range(STEADY)]
    dropping = [Phone.open(h, watch, wait_for="counter-pile-value") for _ in range(RECONNECTING)]
    finals: list[Phone] = list(dropping)

    def act(n: int) -> None:
        phone = actors[n]
        rng = random.Random(n)
        try:
            for _ in range(TAPS):
                seen = len(phone.texts)
                phone.tap("counter-pile-plus")
                # The tap is answered by a redraw (accepted) or a notice (refused as stale).
                phone.wait(lambda _m, s=seen: len(phone.texts) > s, 10, "an answer to a tap")
                phone.drain(rng.uniform(0.05, 0.15))
            phone.drain(1.0)
            refused[n] = sum(STALE in t for t in phone.texts)
        except BaseException as exc:  # reported below, with the figures
            errors.append(exc)

    def drop_and_resume(n: int) -> None:
        rng = random.Random(100 + n)
        phone = dropping[n]
        try:
            while not acting_done.is_set():
                phone.drain(rng.uniform(0.1, 0.6))
                phone.close()
                time.sleep(rng.uniform(0.05, 0.8))
                phone = phone.reconnect(h, watch)
                phone.wait(lambda _m, p=phone: bool(p.session_id), 10, "the resumed session")
                reconnections[n] += 1
            finals[n] = phone
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=act, args=(n,)) for n in range(ACTORS)]
    droppers = [threading.Thread(target=drop_and_resume, args=(n,)) for n in range(RECONNECTING)]
    for t in threads + droppers:
        t.start()
    for t in threads:
        t.join(180)
    acting_done.set()
    for t in droppers:
        t.join(60)
    assert not errors, errors

    version, head, seqs = _stored(h.folder, table_id)
    taps = ACTORS * TAPS
    accepted = taps - sum(refused)
    lost = max(0, accepted - head)
    duplicated = max(0, head - accepted) + (len(seqs) - len(set(seqs)))
    pile = str(head)  # every accepted tap adds one
    diverged = 0
    # Every phone has shown the stored pile (a dropping phone since its last return).
    for phone in actors + steady + finals:
        phone.drain(0.5)
        if pile not in phone.texts:
            diverged += 1
    print(
        f"\nlive load: 20 phones on one table ({ACTORS} tapping, {STEADY} watching, "
        f"{RECONNECTING} dropping and resuming); taps {taps}, accepted {accepted}, refused as "
        f"stale {sum(refused)}, stored {head} (version {version}); lost {lost}, duplicated "
        f"{duplicated}, diverged {diverged}; reconnections {sum(reconnections)}"
    )
    assert seqs == list(range(1, head + 1))
    assert (lost, duplicated, diverged) == (0, 0, 0)
    assert sum(reconnections) >= RECONNECTING * 3
    for phone in actors + steady + finals:
        phone.close()
