"""Devices racing on one table through the hub: 2 and 4 threads act at once with
``expected_version`` and retry on StaleVersion. No update is lost or applied twice, every
subscriber ends on the same version and state, and a device that missed 50 changes
notices the gap and resyncs from ``version``.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from companion.hub import Hub
from companion.store import Database, open_database
from companion.table import Actor, Change, LiveTable, StaleVersion
from rules.core import IllegalAction
from tests.support.tally import Add

PER_DEVICE = 40


@pytest.fixture
def hub(tmp_path: Path) -> Iterator[Hub]:
    db: Database
    db, _ = open_database(f"sqlite:///{tmp_path / 'fatekeeper.db'}")
    yield Hub(db)
    db.close()


@dataclass
class Device:
    """A connected phone: keeps the version and view it last rendered; on a change that is
    not the next version it resyncs from the table instead of trusting the gap."""

    table: LiveTable
    seat: int | None
    online: bool = True
    version: int = 0
    view: Any = None
    seen: list[int] = field(default_factory=list)
    resyncs: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.resync()

    def resync(self) -> None:
        self.version = self.table.version
        self.view = self.table.state_for(self.seat)

    def on_change(self, change: Change) -> None:
        if not self.online:
            return
        with self.lock:
            self.seen.append(change.version)
            if change.version == self.version + 1:
                self.version = change.version
                self.view = self.table.state_for(self.seat)
            elif change.version > self.version:
                self.resyncs += 1
                self.resync()


def _race(table: LiveTable, devices: int) -> dict[str, list[Change]]:
    done: dict[str, list[Change]] = {f"phone-{i}": [] for i in range(devices)}
    stale = [0]
    barrier = threading.Barrier(devices)
    errors: list[BaseException] = []

    def play(name: str) -> None:
        actor = Actor(name, name, None)
        try:
            barrier.wait()
            while len(done[name]) < PER_DEVICE:
                version = table.version
                state = table.state
                try:
                    change = table.do(Add(state.turn, 1), actor, expected_version=version)
                except StaleVersion:
                    stale[0] += 1
                    continue
                except IllegalAction:
                    # Read a state from between two versions: the version check caught up.
                    continue
                done[name].append(change)
        except BaseException as exc:  # surfaced by the main thread
            errors.append(exc)

    threads = [threading.Thread(target=play, args=(name,)) for name in done]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors, errors
    assert stale[0] > 0, "the devices never collided; the race tested nothing"
    return done


@pytest.mark.parametrize("devices", [2, 4])
def test_racing_devices_lose_and_duplicate_nothing(hub: Hub, devices: int) -> None:
    table = hub.create_table("tally", {"target": 10**6}, ["Ana", "Bo"], "race")
    watchers = [Device(table, seat) for seat in (None, 0, 1)]
    for w in watchers:
        table.subscribe(w.on_change)
    start = table.version

    done = _race(table, devices)

    total = devices * PER_DEVICE
    versions = sorted(c.version for changes in done.values() for c in changes)
    assert versions == list(range(start + 1, start + total + 1)), "lost or duplicated update"
    assert table.version == start + total
    assert table.state.pile == total
    history = table.history()
    assert len(history) == total
    by_version = {c.version: name for name, changes in done.items() for c in changes}
    # Each event was written by the device whose do() was acknowledged for it.
    assert [h.device for h in history] == [by_version[v] for v in versions]
    for w in watchers:
        assert w.version == table.version
        assert w.view == table.state_for(w.seat)
        assert w.seen == sorted(w.seen), "a subscriber was told of changes out of order"
        assert len(set(w.seen)) == len(w.seen), "a subscriber was told twice"
    # What the database holds is what the devices saw.
    reopened = LiveTable.load(hub.db, table.id)
    assert (reopened.version, reopened.state) == (table.version, table.state)


def test_device_that_missed_50_changes_resyncs(hub: Hub) -> None:
    table = hub.create_table("tally", {"target": 10**6}, ["Ana", "Bo"], "offline phone")
    host = Actor("host", "Host", None)
    phone = Device(table, seat=1)
    table.subscribe(phone.on_change)
    table.do(Add(0, 1), host)
    assert (phone.version, phone.resyncs) == (table.version, 0)

    phone.online = False
    for _ in range(50):
        table.do(Add(table.state.turn, 2), host)
    assert table.version - phone.version == 50
    stale_view = phone.view

    phone.online = True
    table.do(Add(table.state.turn, 3), host)
    assert phone.resyncs == 1
    assert phone.version == table.version
    assert phone.view == table.state_for(1) != stale_view
    # Acting on the version it had before the gap is refused, not merged.
    with pytest.raises(StaleVersion):
        table.do(Add(table.state.turn, 1), host, expected_version=table.version - 51)
