"""Phones that lose their connection, in a real browser: the status they show, taps while
cut off, and catching up with the table within a second of the network coming back.

The phone reaches the host through ``tests.support.netcut.Relay``, which the test cuts like
a dropped Wi-Fi (every connection closed, new ones refused) or stalls like a weak one (every
connection stays open, nothing gets through); ``set_offline`` makes the browser itself
report that it has no network as well. The host's own browser stays
connected and moves the table on meanwhile.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.netcut import Relay

from .conftest import Screen, Server, open_app
from .test_table_flow import new_table, wait_for

pytestmark = pytest.mark.e2e

# Short session lifetime: the long drop below outlives the phone's session on the host.
SERVER_ENV = {
    "FATEKEEPER_EXTRA_GAMES": "tests.support.tally:TALLY",
    "FATEKEEPER_SESSION_TIMEOUT": "2",
}


@pytest.fixture(scope="module")
def host_ctx(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    yield ctx
    ctx.close()


@pytest.fixture
def relay(server: Server) -> Iterator[Relay]:
    port = int(server.url.rsplit(":", 1)[1])
    r = Relay(port)
    yield r
    r.close()


def _state(screen: Screen) -> str:
    return str(screen.page.evaluate("window.fatekeeperConnection.state()"))


def _cover(screen: Screen, state: str) -> str:
    """Wait until the connection cover shows ``state``; returns its text."""
    screen.page.wait_for_function(
        """(want) => { const c = document.getElementById("fk-connection");
               return c && c.dataset.state === want && c.style.display === "flex"; }""",
        arg=state,
        timeout=5_000,
    )
    return str(screen.page.locator("#fk-connection").inner_text())


def _caught_up(screen: Screen, pile: int) -> float:
    """Seconds until the phone shows ``pile``. Waits at most 5 s: the figure itself
    (well under a second on an idle machine) is measured by ``bench``, not asserted."""
    start = time.monotonic()
    wait_for(screen, "counter-pile-value", str(pile), timeout_ms=5_000)
    return time.monotonic() - start


def test_a_dropped_phone_shows_its_status_refuses_taps_and_catches_up(
    server: Server, host_ctx: Any, phone: Any, relay: Relay
) -> None:
    host = open_app(host_ctx, server.host_url("/new") + "&game=tally")
    table_id = new_table(host)
    host.tap("invite-open")
    m = re.search(rf"/t/{table_id}\?k=([A-Za-z0-9_-]+)", host.wait_body(f"/t/{table_id}?k="))
    assert m
    host.tap("invite-close")
    guest = open_app(phone, f"{relay.url}/t/{table_id}?k={m.group(1)}")
    wait_for(guest, "counter-pile-value", "0")
    assert "Live" in guest.text_of("connection-status")
    assert _state(guest) == "connected"
    pile = 0

    # No network at all: "Offline", the time of the last update, and a tap says it was
    # not sent.
    phone.set_offline(True)
    relay.cut()
    text = _cover(guest, "offline")
    assert "Offline" in text and re.search(r"Last update \d\d:\d\d:\d\d", text), text
    guest.page.mouse.click(195, 230)  # where the pile's + was
    guest.page.locator("#fk-connection-tap").wait_for(state="visible", timeout=2_000)
    assert "Not sent" in guest.page.locator("#fk-connection-tap").inner_text()
    for _ in range(2):
        host.tap("counter-pile-plus")
        pile += 1
        wait_for(host, "counter-pile-value", str(pile))
    guest.screenshot(server.data_dir / "offline.png")
    relay.restore()  # the network is back; the browser notices a moment later
    phone.set_offline(False)
    took = _caught_up(guest, pile)
    print(f"back after a drop: {took:.2f} s")
    assert _state(guest) == "connected"
    assert guest.page.locator("#fk-connection").is_hidden()

    # The network is there but the host is not reachable: "Reconnecting"; this time for
    # longer than the phone's session is kept, so the host starts a new one.
    relay.cut()
    assert "Reconnecting" in _cover(guest, "reconnecting")
    host.tap("counter-pile-plus")
    pile += 1
    wait_for(host, "counter-pile-value", str(pile))
    guest.page.wait_for_timeout(13_000)  # session lifetime 2 s, swept every 10 s
    relay.restore()
    took = _caught_up(guest, pile)
    print(f"back after a drop longer than its session: {took:.2f} s")

    # And it keeps following.
    host.tap("counter-pile-plus")
    pile += 1
    wait_for(guest, "counter-pile-value", str(pile), timeout_ms=2_000)

    # A reload (F5) shows the current table and keeps following too.
    guest.page.reload()
    guest.page.locator("flt-semantics-placeholder").wait_for(state="attached", timeout=30_000)
    guest.page.locator("flt-semantics-placeholder").evaluate("el => el.click()")
    wait_for(guest, "counter-pile-value", str(pile))
    host.tap("counter-pile-plus")
    pile += 1
    wait_for(guest, "counter-pile-value", str(pile), timeout_ms=2_000)
    assert "Live" in guest.text_of("connection-status")


def _join_through(relay: Relay, host: Screen, phone: Any) -> Screen:
    """A new tally table on ``host``, joined by ``phone`` through ``relay``."""
    table_id = new_table(host)
    host.tap("invite-open")
    m = re.search(rf"/t/{table_id}\?k=([A-Za-z0-9_-]+)", host.wait_body(f"/t/{table_id}?k="))
    assert m
    host.tap("invite-close")
    guest = open_app(phone, f"{relay.url}/t/{table_id}?k={m.group(1)}")
    wait_for(guest, "counter-pile-value", "0")
    return guest


def _watched(screen: Screen) -> None:
    """Wait until the phone has heard the host's heartbeat (a second or so after the first
    quiet moment): from then on, silence on its connection counts."""
    screen.page.wait_for_function("window.fatekeeperConnection.watched()", timeout=10_000)


def _covers_the_line(screen: Screen) -> bool:
    """Is the connection line hidden behind the connection cover (what a finger or an eye
    meets at its centre)?"""
    box = screen.by_id("connection-status").bounding_box()
    assert box is not None
    return bool(
        screen.page.evaluate(
            """([x, y]) => { const hit = document.elementFromPoint(x, y);
                   const cover = document.getElementById("fk-connection");
                   return !!(cover && hit && cover.contains(hit)); }""",
            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
        )
    )


def test_a_stalled_connection_stops_saying_live_and_comes_back_by_itself(
    server: Server, host_ctx: Any, phone: Any, relay: Relay
) -> None:
    host = open_app(host_ctx, server.host_url("/new") + "&game=tally")
    guest = _join_through(relay, host, phone)
    line = guest.text_of("connection-status")
    assert "Live" in line and "move 0" in line

    # A quiet table is still live: the host's beats keep the phone sure of its connection,
    # and they are neither a move nor a redraw (the line keeps its time of update).
    heard = guest.page.evaluate("window.fatekeeperConnection.lastHeard()")
    guest.page.wait_for_timeout(6_000)
    assert _state(guest) == "connected"
    assert guest.page.evaluate("window.fatekeeperConnection.lastHeard()") > heard
    assert guest.text_of("connection-status") == line
    assert not _covers_the_line(guest)

    # Weak Wi-Fi: the connection stays open and nothing gets through. Within a few seconds
    # the phone stops looking live and says it is waiting for the host.
    opened = relay.connections
    _watched(guest)
    relay.stall()
    text = _cover(guest, "waiting")  # at most 5 s
    assert "Waiting for the host" in text and "Live" not in text, text
    assert _covers_the_line(guest)
    # The table moves on meanwhile; the phone does not pretend to follow.
    host.tap("counter-pile-plus")
    wait_for(host, "counter-pile-value", "1")
    guest.page.wait_for_timeout(1_000)
    assert _state(guest) == "waiting" and _covers_the_line(guest)
    guest.screenshot(server.data_dir / "stalled.png")

    # The connection flows again: live by itself, with the move made meanwhile.
    relay.flow()
    took = _caught_up(guest, 1)
    print(f"back after a stall: {took:.2f} s")
    guest.page.locator("#fk-connection").wait_for(state="hidden", timeout=2_000)
    assert _state(guest) == "connected"
    assert not _covers_the_line(guest)
    line = guest.text_of("connection-status")
    assert "Live" in line and "move 1" in line, line
    assert relay.connections == opened  # the same connection throughout: it never closed


def test_a_connection_silent_for_long_is_given_up_for_a_fresh_one(
    server: Server, host_ctx: Any, phone: Any, relay: Relay
) -> None:
    """The path of the phone's connection is gone for good (it changed networks, say): the
    old socket never closes and never delivers again, while a new connection would work."""
    host = open_app(host_ctx, server.host_url("/new") + "&game=tally")
    guest = _join_through(relay, host, phone)
    opened = relay.connections
    _watched(guest)
    relay.stall()  # the connection open now; new ones get through
    _cover(guest, "waiting")
    host.tap("counter-pile-plus")
    wait_for(host, "counter-pile-value", "1")
    # About twelve seconds of silence: the phone gives that socket up and reconnects.
    took = _caught_up_within(guest, 1, 20.0)
    print(f"back on a fresh connection after {took:.1f} s of waiting")
    guest.page.locator("#fk-connection").wait_for(state="hidden", timeout=5_000)
    assert _state(guest) == "connected"
    assert relay.connections > opened  # through a new connection: the old one stays stalled
    assert "Live" in guest.text_of("connection-status")
    # And it keeps following the table.
    host.tap("counter-pile-plus")
    wait_for(guest, "counter-pile-value", "2", timeout_ms=5_000)


def _caught_up_within(screen: Screen, pile: int, seconds: float) -> float:
    start = time.monotonic()
    wait_for(screen, "counter-pile-value", str(pile), timeout_ms=int(seconds * 1000))
    return time.monotonic() - start


def test_the_host_renews_the_host_link_and_keeps_host_access(
    server: Server, host_ctx: Any, phone: Any
) -> None:
    host = open_app(host_ctx, server.host_url("/"))
    host.tap("host-link-open")
    host.wait_body(f"?key={server.host_key}")
    host.tap("renew-host-key")
    host.wait_body("loses host access at once")  # it asks first
    host.tap("renew-host-key-confirm")
    host.wait_body("the old one no longer opens anything")
    m = re.search(r"\?key=([A-Za-z0-9_-]+)", host.text_of("host-link-url"))
    assert m and m.group(1) != server.host_key
    old, server.host_key = server.host_key, m.group(1)  # later tests use the new link
    host.page.wait_for_url(re.compile(re.escape(f"key={server.host_key}")), timeout=5_000)
    host.screenshot(server.data_dir / "host-link.png")
    host.tap("host-link-close")
    # This device moved to the new link, so a reload keeps host access ...
    host.page.reload()
    host.page.locator("flt-semantics-placeholder").wait_for(state="attached", timeout=30_000)
    host.page.locator("flt-semantics-placeholder").evaluate("el => el.click()")
    host.wait_id("new-table")
    # ... and the old link opens nothing.
    stranger = open_app(phone, f"{server.url}/?key={old}")
    stranger.wait_id("denied")
