"""Opening a table never holds up another: the hub reads a table from the database without
holding its own lock, so a move at another table goes through while a long table is still
being read; two devices opening the same table read it once."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from companion.hub import Hub
from companion.table import Actor, LiveTable
from tests.support.tally import Add

HOST = Actor("host", "Host", None)
ANA = Actor("ana-phone", "Ana", frozenset({0}))


def test_a_move_at_another_table_goes_through_while_a_big_table_is_read(
    hub: Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    big = hub.create_table("tally", {"target": 10**6}, ["Ana", "Bo"], "big")
    small = hub.create_table("tally", {"target": 10**6}, ["Cy", "Di"], "small")
    for n in range(30):
        big.do(Add(n % 2, 1), HOST)
    fresh = Hub(hub.db)  # a host just started: nothing open yet
    reading, release = threading.Event(), threading.Event()
    order: list[str] = []
    real_load = LiveTable._load

    def slow_load(self: LiveTable, head: int) -> Any:
        if self.id == big.id:
            reading.set()
            # The big table stays "being read" until the other table has moved.
            assert release.wait(30), "the other table's move never came"
        return real_load(self, head)

    monkeypatch.setattr(LiveTable, "_load", slow_load)
    opened: list[LiveTable] = []

    def open_big() -> None:
        opened.append(fresh.open(big.id))
        order.append("big opened")

    first, second = threading.Thread(target=open_big), threading.Thread(target=open_big)
    first.start()
    assert reading.wait(10)
    second.start()  # a second device asks for the same table meanwhile

    def move_small() -> None:
        fresh.open(small.id).do(Add(0, 2), HOST)
        order.append("small moved")

    mover = threading.Thread(target=move_small)
    mover.start()
    mover.join(10)
    assert not mover.is_alive(), "the move at the other table waited for the big table"
    assert order == ["small moved"]
    release.set()
    first.join(10)
    second.join(10)
    assert order == ["small moved", "big opened", "big opened"]
    assert opened[0] is opened[1] and opened[0].head == 30  # read once, one live table


def test_a_failed_open_lets_the_next_caller_try_again(hub: Hub) -> None:
    with pytest.raises(KeyError):
        hub.open("no-such-table")
    with pytest.raises(KeyError):
        hub.open("no-such-table")


def test_seats_on_their_own_phone_are_known_without_reading_the_whole_history(
    hub: Hub,
) -> None:
    table = hub.create_table("tally", {"target": 10**6}, ["Ana", "Bo"], "own phone")
    table.do(Add(0, 1), ANA)  # from Ana's own phone
    table.do(Add(1, 1), HOST)  # for Bo, on the host's device
    reopened = LiveTable.load(hub.db, table.id)
    assert reopened.seats_on_own_phone() == frozenset({0})
    assert reopened._history is None  # answered without reading every event
    assert reopened.seats_on_own_phone() == table.seats_on_own_phone()
