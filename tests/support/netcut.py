"""A TCP relay between test clients and a host that a test can cut like a dropped Wi-Fi.

``Relay(port)`` listens on a free loopback port and forwards every connection to the host on
``port``. ``cut()`` closes every relayed connection at once and refuses new ones (they are
accepted and closed at once, as a network that is down would fail them); ``restore()``
forwards again. ``stall()`` is the weak Wi-Fi that does not drop: every connection open
now stays open but no byte gets through it in either direction (what arrives is held) until
``flow()``, which delivers what was held, in order; connections made after the stall flow
(a phone that found another way to the host). Nothing is altered in between.
"""

from __future__ import annotations

import contextlib
import socket
import threading


class Relay:
    def __init__(self, target_port: int, target_host: str = "127.0.0.1") -> None:
        self.target = (target_host, target_port)
        self._server = socket.socket()
        self._server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._server.bind(("127.0.0.1", 0))
        self._server.listen(64)
        self.port: int = self._server.getsockname()[1]
        self._lock = threading.Lock()
        self._open: set[socket.socket] = set()
        self._down = False
        self._stalls: set[threading.Event] = set()  # one per connection, set while it flows
        self._stopped = False
        self.connections = 0
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def cut(self) -> None:
        """Drop every connection now and refuse new ones until ``restore``."""
        with self._lock:
            self._down = True
            doomed, self._open = self._open, set()
        for sock in doomed:
            _kill(sock)

    def stall(self) -> None:
        """Hold every byte of the connections open now, keeping them open."""
        with self._lock:
            for flowing in self._stalls:
                flowing.clear()

    def flow(self) -> None:
        """Deliver what was held and forward again."""
        with self._lock:
            for flowing in self._stalls:
                flowing.set()

    def restore(self) -> None:
        with self._lock:
            self._down = False

    def close(self) -> None:
        self._stopped = True
        self.cut()
        self.flow()  # release the pumps of a stalled relay
        with contextlib.suppress(OSError):
            self._server.close()

    def _accept(self) -> None:
        while not self._stopped:
            try:
                client, _ = self._server.accept()
            except OSError:
                return
            with self._lock:
                down = self._down
            if down:
                _kill(client)
                continue
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                _kill(client)
                continue
            upstream.settimeout(None)
            flowing = threading.Event()
            flowing.set()
            with self._lock:
                self._open.update((client, upstream))
                self._stalls.add(flowing)
                self.connections += 1
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b, flowing), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket, flowing: threading.Event) -> None:
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                flowing.wait()
                dst.sendall(data)
        except OSError:
            pass
        finally:
            _kill(src)
            _kill(dst)
            with self._lock:
                self._open.discard(src)
                self._open.discard(dst)
                self._stalls.discard(flowing)


def _kill(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    with contextlib.suppress(OSError):
        sock.close()
