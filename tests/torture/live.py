"""A real host process and raw websocket phones on 127.0.0.1, for the tests that attack the
host the way a client on the LAN could.

``Phone`` speaks Flet's wire protocol directly (one msgpack frame per websocket message,
``[action, body]``): it registers with a route, learns the control id behind every
``Semantics`` identifier from the patches it receives, and taps by sending a click event.
Because it is not a browser, it can also send what no browser would.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack
from websockets.sync.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[2]
TALLY_ENV = {"FATEKEEPER_EXTRA_GAMES": "tests.support.tally:TALLY"}
REGISTER, PATCH, EVENT, CRASHED = 1, 2, 3, 6


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Host:
    """``python -m companion`` on a free loopback port, its stdout and stderr in files."""

    proc: subprocess.Popen[bytes]
    port: int
    key: str
    folder: Path
    stdout: Path
    stderr: Path

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    @property
    def http_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def table_route(self, table_id: str) -> str:
        return f"/t/{table_id}?key={self.key}"

    def rss_mb(self) -> float:
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        m = re.search(r"VmRSS:\s+(\d+) kB", status)
        assert m, status
        return int(m.group(1)) / 1024

    def log(self) -> str:
        return self.stderr.read_text(errors="replace")

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 15) -> float:
        """Send ``sig`` and wait; returns the seconds the host took to exit."""
        start = time.monotonic()
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
                raise
        return time.monotonic() - start


def start_host(folder: Path, env: dict[str, str] | None = None, *, port: int | None = None) -> Host:
    """Start a host on ``folder`` and wait until it serves. Raises ``RuntimeError`` with
    its output when it exits instead."""
    port = port or free_port()
    out, err = folder / f"host-{port}.out", folder / f"host-{port}.err"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "companion",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--data-dir",
            str(folder),
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
        stdout=out.open("wb"),
        stderr=err.open("wb"),
    )
    deadline = time.monotonic() + 60
    key = None
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"host exited {proc.returncode}: {err.read_text()[-2000:]}")
        m = re.search(r"\?key=([A-Za-z0-9_-]+)", out.read_text(errors="replace"))
        if m:
            key = m.group(1)
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    return Host(proc, port, key, folder, out, err)
            except OSError:
                pass
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError(f"host did not start (key {key!r}): {err.read_text()[-2000:]}")


def frame(action: int, body: dict[str, Any]) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


def page(route: str) -> dict[str, Any]:
    """What a phone's browser reports about itself when registering."""
    return {
        "route": route,
        "width": 390.0,
        "height": 800.0,
        "platform": "android",
        "web": True,
        "pwa": False,
        "debug": False,
        "platform_brightness": "dark",
        "media": {},
    }


@dataclass
class Phone:
    """One raw websocket client. ``ids`` maps Semantics identifiers to control ids."""

    ws: ClientConnection
    ids: dict[str, int] = field(default_factory=dict)
    crashed: list[Any] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    session_id: str = ""
    """The Flet session the host gave this phone (sent again to resume it)."""
    received: list[bytes] = field(default_factory=list)
    """Every binary message the host sent, as it came over the wire."""

    @classmethod
    def open(
        cls,
        host: Host,
        route: str,
        *,
        wait_for: str | None = None,
        session_id: str = "",
        source: str | None = None,
    ) -> Phone:
        """Connect and register; with ``session_id``, ask to resume that session as a
        phone coming back after a drop does. ``source``: the loopback address to connect
        from (another than the host's own 127.0.0.1 counts as a phone on the LAN)."""
        sock = None
        if source is not None:
            sock = socket.create_connection(
                ("127.0.0.1", host.port), timeout=10, source_address=(source, 0)
            )
        phone = cls(connect(host.ws_url, max_size=None, open_timeout=10, sock=sock))
        phone.send(REGISTER, {"session_id": session_id, "page_name": "", "page": page(route)})
        if wait_for is not None:
            phone.wait(lambda _m: wait_for in phone.ids, 15, f"control {wait_for!r}")
        return phone

    def reconnect(self, host: Host, route: str) -> Phone:
        """A new connection of the same phone: it asks to resume its session. The old
        connection must be closed first (as after a drop)."""
        return Phone.open(host, route, session_id=self.session_id)

    def send(self, action: int, body: dict[str, Any]) -> None:
        self.ws.send(frame(action, body))

    def tap(self, identifier: str) -> None:
        self.send(EVENT, {"target": self.ids[identifier], "name": "click", "data": None})

    def _read(self, message: Any) -> None:
        if message[0] == REGISTER and isinstance(message[1], dict):
            self.session_id = str(message[1].get("session_id") or self.session_id)
        if message[0] == CRASHED:
            self.crashed.append(message[1])
        self._walk(message)

    def _walk(self, node: Any) -> None:
        if isinstance(node, dict):
            content = node.get("content")
            if "identifier" in node and isinstance(content, dict) and "_i" in content:
                self.ids[node["identifier"]] = content["_i"]
            for key, value in node.items():
                if key == "value" and isinstance(value, str):
                    self.texts.append(value)
                self._walk(value)
        elif isinstance(node, list):
            if len(node) == 4 and node[2] == "value" and isinstance(node[3], str):
                self.texts.append(node[3])
            for value in node:
                self._walk(value)

    def read_sent(self) -> None:
        """Read what the host has sent so far, without waiting (the new ids of the controls
        it redrew, the texts it set)."""
        while True:
            try:
                raw = self.ws.recv(timeout=0)
            except TimeoutError:
                return
            if isinstance(raw, bytes) and raw:
                self._keep(raw)

    def _keep(self, raw: bytes) -> Any:
        self.received.append(raw)
        message = msgpack.unpackb(raw[1:], strict_map_key=False)
        self._read(message)
        return message

    def wait(self, done: Any, timeout: float, what: str) -> Any:
        """Read messages until ``done(message)`` is true; returns that message. Raises
        ``TimeoutError`` naming ``what``."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {what} within {timeout} s")
            try:
                raw = self.ws.recv(timeout=left)
            except TimeoutError:
                continue
            if isinstance(raw, str) or not raw:
                continue
            message = self._keep(raw)
            if done(message):
                return message

    def wait_text(self, needle: str, timeout: float = 15) -> None:
        if any(needle in t for t in self.texts):
            return
        self.wait(lambda _m: any(needle in t for t in self.texts), timeout, repr(needle))

    def tap_and_confirm(self, identifier: str, value: str, timeout: float = 15) -> float:
        """Tap, wait for a patch setting some text to ``value``; returns the seconds."""
        start = time.monotonic()
        self.tap(identifier)

        def confirmed(message: Any) -> bool:
            if message[0] != PATCH:
                return False
            ops = message[1].get("patch", [])[1:]
            return any(len(op) == 4 and op[2] == "value" and op[3] == value for op in ops)

        self.wait(confirmed, timeout, f"confirmation of {identifier} = {value}")
        return time.monotonic() - start

    def wait_value(self, identifier: str, value: str, timeout: float = 15) -> float:
        """Wait for a message that shows ``value`` in ``identifier``: drawn whole (a new
        screen) or patched (a ``value`` operation, as ``tap_and_confirm`` reads it).
        Returns the seconds waited."""
        start = time.monotonic()

        def shows(message: Any) -> bool:
            if message[0] == PATCH:
                ops = message[1].get("patch", [])[1:]
                if any(len(op) == 4 and op[2] == "value" and op[3] == value for op in ops):
                    return True
            return _draws(message, identifier, value)

        self.wait(shows, timeout, f"{identifier} = {value}")
        return time.monotonic() - start

    def drain(self, seconds: float) -> None:
        """Read (and index) whatever arrives for ``seconds``."""
        with contextlib.suppress(TimeoutError):
            self.wait(lambda _m: False, seconds, "nothing")

    def close(self) -> None:
        self.ws.close()


def _draws(node: Any, identifier: str, value: str) -> bool:
    """Does ``node`` hold the control tagged ``identifier`` drawn with ``value``?"""
    if isinstance(node, dict):
        content = node.get("content")
        if node.get("identifier") == identifier and isinstance(content, dict):
            return content.get("value") == value
        return any(_draws(v, identifier, value) for v in node.values())
    if isinstance(node, list):
        return any(_draws(v, identifier, value) for v in node)
    return False


def make_coded_table(folder: Path, target: int = 10**6) -> tuple[str, str, list[str]]:
    """One tally table in the database of ``folder`` (before a host is started on it):
    its id, watch code and seat codes (the host started later knows only their digests)."""
    from companion.hub import Hub
    from companion.store import open_database

    db, _ = open_database(data_dir=folder)
    try:
        table = Hub(db).create_table("tally", {"target": target}, ["Ana", "Bo"], "coded")
        assert table.join_token is not None and None not in table.seat_tokens
        return table.id, table.join_token, [str(t) for t in table.seat_tokens]
    finally:
        db.close()


def make_tables(folder: Path, count: int = 1, target: int = 10**6) -> list[str]:
    """Tally tables in the database of ``folder`` (before a host is started on it)."""
    from companion.hub import Hub
    from companion.store import open_database

    db, _ = open_database(data_dir=folder)
    try:
        hub = Hub(db)
        return [
            hub.create_table("tally", {"target": target}, ["Ana", "Bo"], f"table {n}").id
            for n in range(count)
        ]
    finally:
        db.close()
