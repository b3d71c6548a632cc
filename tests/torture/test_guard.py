"""The guard in front of Flet, driven directly as ASGI (no sockets): the per-address cap
on sessions, which the loopback tests cannot reach (the host's own address is exempt)."""

from __future__ import annotations

import asyncio
from typing import Any

from companion.server import Guard
from tests.torture.live import REGISTER, frame, page


async def _connect(guard: Guard, peer: str) -> list[dict[str, Any]]:
    """One websocket from ``peer`` that registers and leaves; returns what the guard
    sent to the client (a close when it refused)."""
    incoming = [
        {"type": "websocket.connect"},
        {
            "type": "websocket.receive",
            "bytes": frame(REGISTER, {"session_id": "", "page_name": "", "page": page("/")}),
        },
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
