"""The guard in front of Flet, driven directly as ASGI (no sockets): the per-address cap
on sessions, which the loopback tests cannot reach (the host's own address is exempt),
beats, and which connections count as flooders whose sessions are not kept."""

from __future__ import annotations

import asyncio
import socket
import time
from typing import Any

import pytest

from companion import budget, server
from companion.server import HELD_BACK, HELD_BACK_BYTES, Guard, unread_bytes
from tests.torture.live import EVENT, REGISTER, frame, page

REGISTRATION = {
    "type": "websocket.receive",
    "bytes": frame(REGISTER, {"session_id": "", "page_name": "", "page": page("/")}),
}
"""A new phone's first frame, as the guard receives it."""


async def _connect(guard: Guard, peer: str) -> list[dict[str, Any]]:
    """One websocket from ``peer`` that registers and leaves; returns what the guard
    sent to the client (a close when it refused)."""
    incoming = [
        {"type": "websocket.connect"},
        REGISTRATION,
        {"type": "websocket.disconnect", "code": 1000},
    ]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return incoming.pop(0) if incoming else {"type": "websocket.disconnect", "code": 1000}

    async def send(message: dict[str, Any]) -> None:
        sent.append(dict(message))

    await guard({"type": "websocket", "client": (peer, 5000)}, receive, send)
    return sent


def test_one_address_may_start_only_so_many_sessions() -> None:
    async def run() -> None:
        async def app(scope: Any, receive: Any, send: Any) -> None:
            while (await receive())["type"] != "websocket.disconnect":
                pass

        guard = Guard(app, max_sessions=5)
        for _ in range(5):
            assert await _connect(guard, "192.168.1.50") == []
        refused = await _connect(guard, "192.168.1.50")
        assert refused and refused[0] == {"type": "websocket.close", "code": 1013}
        # Other addresses, and the host's own, are not affected.
        assert await _connect(guard, "192.168.1.51") == []
        for _ in range(10):
            assert await _connect(guard, "127.0.0.1") == []

    asyncio.run(run())


async def _heard(query: bytes, busy_for: float, quiet_for: float) -> list[Any]:
    """One websocket (asking with ``query``) whose app accepts, sends a frame every 50 ms
    for ``busy_for`` seconds, then nothing for ``quiet_for`` seconds; returns what reached
    the client after the accept, in order."""
    sent: list[Any] = []
    done = asyncio.Event()

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "websocket.accept"})
        loop = asyncio.get_running_loop()
        until = loop.time() + busy_for
        while loop.time() < until:
            await send({"type": "websocket.send", "bytes": b"\x00frame"})
            await asyncio.sleep(0.05)
        await asyncio.sleep(quiet_for)
        done.set()

    async def receive() -> dict[str, Any]:
        await done.wait()
        return {"type": "websocket.disconnect", "code": 1000}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "websocket.send":
            sent.append(message.get("text", message.get("bytes")))

    scope = {"type": "websocket", "client": ("192.168.1.60", 5000), "query_string": query}
    await Guard(app)(scope, receive, send)
    return sent


def test_a_page_that_asks_hears_a_beat_whenever_the_host_is_quiet(monkeypatch: Any) -> None:
    """The heartbeat behind a phone's connection line: beats only while the host sends the
    connection nothing else, one timer's round apart, and only to a page that asked."""
    from companion import server

    monkeypatch.setattr(server, "BEAT_EVERY", 0.05)
    monkeypatch.setattr(server, "BEAT_AFTER", 0.2)

    async def run() -> None:
        heard = await _heard(b"beat=1", busy_for=0.6, quiet_for=0.8)
        # While the app talks (a frame every 50 ms) no beat goes out ...
        first = heard.index(server.BEAT)
        assert first >= 3 and set(heard[:first]) == {b"\x00frame"}, heard
        # ... and once it is quiet, beats, never two within BEAT_AFTER (0.8 s: at most 4).
        assert set(heard[first:]) == {server.BEAT}
        assert 1 <= len(heard) - first <= 4, heard
        # Clients that did not ask (raw devices, other tools) never get one.
        assert server.BEAT not in await _heard(b"", busy_for=0.1, quiet_for=0.5)
        assert server.BEAT not in await _heard(b"beat=0&x=1", busy_for=0.1, quiet_for=0.5)

    asyncio.run(run())


def test_bytes_a_phone_sent_and_the_host_has_not_read_are_counted() -> None:
    phone, host = socket.socketpair()
    try:
        assert unread_bytes(host) == 0
        phone.sendall(b"x" * (HELD_BACK_BYTES + 1))
        deadline = time.monotonic() + 5
        while unread_bytes(host) <= HELD_BACK_BYTES and time.monotonic() < deadline:
            time.sleep(0.01)
        assert unread_bytes(host) == HELD_BACK_BYTES + 1
        host.recv(HELD_BACK_BYTES)
        assert unread_bytes(host) == 1
    finally:
        phone.close()
        host.close()


async def _taps(guard: Guard, peer: str, taps: int, gap: float, *, held_back: bool = False) -> None:
    """One websocket from ``peer``: registers, sends ``taps`` taps ``gap`` seconds apart
    (each one waiting for the guard when ``gap`` is 0), and leaves; with ``held_back``,
    the websocket protocol has found that it sent far more than the host read."""
    tap = {"type": "websocket.receive", "bytes": frame(EVENT, {"target": 1, "name": "click"})}
    incoming = [REGISTRATION, *[tap] * taps]

    async def receive() -> dict[str, Any]:
        if gap and len(incoming) > 0:
            await asyncio.sleep(gap)
        return incoming.pop(0) if incoming else {"type": "websocket.disconnect", "code": 1000}

    async def send(message: dict[str, Any]) -> None:
        pass

    scope: dict[str, Any] = {"type": "websocket", "client": (peer, 5000)}
    if held_back:
        scope[HELD_BACK] = True
    await guard(scope, receive, send)


def test_only_a_flooders_session_is_dropped_as_it_leaves(monkeypatch: pytest.MonkeyPatch) -> None:
    """The session behind a calm phone is kept for its resume when it leaves; the one
    behind a connection that sent taps faster than a person, or far more than the host
    read, is dropped at once, and what they held is freed in one pass soon after the
    last of them left."""
    dropped: list[Any] = []
    swept: list[float] = []
    monkeypatch.setattr(server, "hand_back_memory", lambda: swept.append(time.monotonic()))
    monkeypatch.setattr(server, "FLOOD_SWEEP_DELAY", 0.2)

    async def drop(session: Any) -> bool:
        dropped.append(session)
        return True

    monkeypatch.setattr(server, "drop_session", drop)

    async def run() -> None:
        async def app(scope: Any, receive: Any, send: Any) -> None:
            # As the app's handlers do: bind the connection to its session (here a name).
            budget.bind(budget.Meter(), f"session of {scope['client'][0]}")
            while (await receive())["type"] != "websocket.disconnect":
                pass

        guard = Guard(app)
        await _taps(guard, "192.168.1.62", taps=8, gap=0.05)
        await asyncio.sleep(0.4)
        assert swept == []  # a calm visit waits for its phone to come back
        await _taps(guard, "192.168.1.63", taps=60, gap=0)
        await _taps(guard, "192.168.1.64", taps=2, gap=0.05, held_back=True)
        left = time.monotonic()
        await asyncio.sleep(0.6)
        assert len(swept) == 1 and 0.15 < swept[0] - left < 0.5, swept

    asyncio.run(run())
    assert dropped == ["session of 192.168.1.63", "session of 192.168.1.64"]


class _Wire:
    """Stands in for the connection's websocket protocol (``server.WIRE``): the bytes its
    phone has waiting unread, as a list read one value per look (the last one repeats)."""

    def __init__(self, backlogs: list[int], scope: dict[str, Any]) -> None:
        self.backlogs = backlogs
        self.scope = scope
        self.hung_up = False

    def backlog(self) -> int:
        return self.backlogs.pop(0) if len(self.backlogs) > 1 else self.backlogs[0]

    def hang_up(self) -> None:
        """As the real one: marks the connection a flooder's and tells the guard."""
        self.hung_up = True
        self.scope[HELD_BACK] = True
        self.scope[server.GUARDED].hang_up()


def _through_the_guard(
    monkeypatch: pytest.MonkeyPatch, backlogs: list[int]
) -> tuple[_Wire, list[bool], list[Any], list[Any]]:
    """One registered phone sends one tap through the guard, its wire reporting
    ``backlogs``; returns the wire, whether each turn asked in the lane went as a flood's
    (``rushed``), the taps the app was handed, and the sessions dropped."""
    asked: list[bool] = []
    handed: list[Any] = []
    dropped: list[Any] = []
    enter = budget.Lane.enter

    async def recording(self: Any, meter: Any, **kwargs: Any) -> Any:
        asked.append(bool(kwargs.get("rushed")))
        return await enter(self, meter, **kwargs)

    async def drop(session: Any) -> bool:
        dropped.append(session)
        return True

    monkeypatch.setattr(budget.Lane, "enter", recording)
    monkeypatch.setattr(server, "drop_session", drop)
    monkeypatch.setattr(server, "give_memory_back", lambda: None)
    scope: dict[str, Any] = {"type": "websocket", "client": ("192.168.1.70", 5000)}
    wire = _Wire(backlogs, scope)
    scope[server.WIRE] = wire
    tap = {"type": "websocket.receive", "bytes": frame(EVENT, {"target": 1, "name": "click"})}
    incoming = [REGISTRATION, tap]

    async def app(scope: Any, receive: Any, send: Any) -> None:
        budget.bind(budget.Meter(), "the phone's session")
        slot = budget.CONNECTION.get()
        assert slot is not None and slot.meter is not None
        slot.meter._debt = 0.0  # a phone at the table since before: owes nothing
        while (message := await receive())["type"] != "websocket.disconnect":
            handed.append(message)

    async def receive() -> dict[str, Any]:
        await asyncio.sleep(0.01)
        return incoming.pop(0) if incoming else {"type": "websocket.disconnect", "code": 1000}

    async def send(message: dict[str, Any]) -> None:
        pass

    asyncio.run(Guard(app)(scope, receive, send))
    return wire, asked, handed, dropped


def test_a_tap_with_nothing_waiting_behind_it_goes_as_a_persons(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    wire, asked, handed, dropped = _through_the_guard(monkeypatch, [0])
    assert asked == [False] and len(handed) == 2 and not wire.hung_up and dropped == []


def test_a_tap_with_a_flood_waiting_behind_it_goes_as_a_busy_sessions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Its session owes nothing yet (a flood's first taps), but more than a person sends
    waits behind it: it takes its lane turn as a flood's, so the lane pauses after it."""
    wire, asked, handed, _dropped = _through_the_guard(monkeypatch, [server.RUSH_BYTES + 1])
    assert asked == [True] and len(handed) == 2 and not wire.hung_up


def test_a_tap_whose_phone_flooded_while_it_waited_takes_its_turn_again_as_a_floods(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Little waited behind it when it asked for its turn; by the time the turn came its
    phone had sent a flood: it gives the turn back and asks again as a flood's."""
    wire, asked, handed, _dropped = _through_the_guard(monkeypatch, [0, 0, server.RUSH_BYTES + 1])
    assert asked == [False, True] and len(handed) == 2 and not wire.hung_up


def test_a_phone_with_a_flood_past_the_limit_is_hung_up_on_and_its_tap_not_handled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    wire, asked, handed, dropped = _through_the_guard(monkeypatch, [server.HANG_UP_BYTES + 1])
    assert wire.hung_up and asked == []
    assert [m["type"] for m in handed] == ["websocket.receive"]  # the registration only
    assert dropped == ["the phone's session"]  # at once, not kept for a resume


def test_an_address_starting_many_sessions_at_once_starts_the_rest_at_a_pace(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A table's phones behind one router start at once; beyond ``JOIN_BURST`` in a
    minute (a client reconnecting as fast as it can), one address starts ``JOIN_RATE`` a
    second, each waiting its turn. Other addresses and the host's own are not held."""
    monkeypatch.setattr(server, "JOIN_RATE", 20.0)  # 0.05 s apart, for a quick test

    async def app(scope: Any, receive: Any, send: Any) -> None:
        while (await receive())["type"] != "websocket.disconnect":
            pass

    guard = Guard(app)
    waits = [guard.admit("192.168.1.80") for _ in range(server.JOIN_BURST + 5)]
    assert waits[: server.JOIN_BURST] == [0.0] * server.JOIN_BURST
    assert waits[server.JOIN_BURST :] == pytest.approx([0.05, 0.10, 0.15, 0.20, 0.25], abs=0.01)
    assert guard.admit("192.168.1.81") == 0.0
    assert all(guard.admit("127.0.0.1") == 0.0 for _ in range(50))

    async def run() -> float:
        started = time.monotonic()
        for _ in range(3):  # through the guard: each registration waits its turn
            assert await _connect(guard, "192.168.1.80") == []
        return time.monotonic() - started

    assert asyncio.run(run()) >= 0.25  # the three come after the five already waiting
