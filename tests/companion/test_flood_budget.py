"""What one device may cost the host: a tap that changes nothing does nothing, redraws for
a device wait as one, and a session over its budget of handler time waits its turn.

Real Flet sessions (the real shell and table screen) over in-memory connections; counted,
never timed (the figures are in ``bench/flood.py``).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from companion import budget
from companion.app import Shell
from companion.hub import Hub
from companion.table import Actor
from rules import registry
from rules.core import Correct
from tests.support.ui import tagged
from tests.support.wire import first_draw, session

PLAYERS = ["Ann", "Bo", "Cy"]


def _phone(hub: Hub, route: str) -> tuple[Shell, Any, Any, list[Any]]:
    """A watching device on ``route``; the coroutines it asks its loop to run are kept."""
    s, wire = session(route)
    shell = Shell(s.page, hub, "http://127.0.0.1:1")
    scheduled: list[Any] = []

    def run_task(fn: Any, *args: Any, **_kw: Any) -> None:
        scheduled.append((fn, args))

    s.page.run_task = run_task  # type: ignore[method-assign]
    shell.start()
    first_draw(s, wire)
    scheduled.clear()  # the device settings read after the first draw
    return shell, s, wire, scheduled


def _tap(s: Any, control: Any) -> None:
    asyncio.run(s.dispatch_event(control.content._i, "click", None))


@pytest.mark.parametrize(
    "slug", ["scales-of-fate", "grimheim", "born-of-titans", "winds-of-fate", "fates-and-favors"]
)
def test_tapping_the_open_tab_redraws_nothing(hub: Hub, slug: str) -> None:
    game = registry.get(slug)
    table = hub.create_table(slug, None, PLAYERS[: game.min_players], "no-op tap")
    shell, s, wire, _scheduled = _phone(hub, f"/t/{table.id}?k={table.join_token}")
    screen = shell.table_screen
    open_tab = f"tab-{screen.tab}"
    drawn = screen.body.controls[0]
    renders = []
    real = screen.render
    screen.render = lambda: (renders.append(1), real())[1]  # type: ignore[method-assign]
    wire.take()
    for _ in range(5):
        _tap(s, tagged(screen.body)[open_tab])
    assert renders == [] and screen.body.controls[0] is drawn
    assert wire.take() == []  # not a byte sent for five taps that changed nothing
    # The other tab still switches (one redraw per real change).
    other = "tab-counters" if open_tab == "tab-game" else "tab-game"
    if other in tagged(screen.body):
        _tap(s, tagged(screen.body)[other])
        assert renders == [1] and wire.take()


def test_changes_arriving_together_wait_as_one_redraw(hub: Hub) -> None:
    """Five changes while a device's redraw waits: one redraw is queued, and it draws the
    table as it is when it runs."""
    table = hub.create_table("grimheim", None, PLAYERS, "coalesced")
    shell, _s, _wire, scheduled = _phone(hub, f"/t/{table.id}?k={table.join_token}")
    screen = shell.table_screen
    host = Actor("host", "Host", None)
    game = table.game
    counter, (low, high) = next(
        (name, bounds) for name, bounds in game.counters(table.state).items() if bounds[1] > 0
    )
    for _ in range(5):
        value = game.counter_values(table.state)[counter]
        table.do(Correct(counter, value + 1 if value < high else low), host)
    assert len(scheduled) == 1
    fn, args = scheduled.pop()
    asyncio.run(fn(*args))
    assert screen.version == table.version
    # Drawn: the next change queues a new redraw.
    value = game.counter_values(table.state)[counter]
    table.do(Correct(counter, value + 1 if value < high else low), host)
    assert len(scheduled) == 1


def test_a_session_over_its_budget_waits_and_floods_share_one_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(budget, "_waiting", budget.weakref.WeakSet())
    now = [1000.0]
    monkeypatch.setattr(budget.time, "monotonic", lambda: now[0])
    person, flooders = budget.Meter(), [budget.Meter() for _ in range(4)]
    # A new session has spent its allowance: it earns it back by being quiet.
    assert person.due() and person.debt() == pytest.approx(budget.ALLOWANCE)
    now[0] += budget.ALLOWANCE / budget.PER_SESSION_RATE
    assert person.debt() == 0
    for _ in range(3):
        person.charge(0.02)  # three taps on a heavy screen: still within the allowance
    assert person.due()
    for meter in flooders:  # quiet so far: their allowance is back
        meter.charge(budget.MOST_PER_CHARGE * 3)  # one charge counts at most this much
        meter.charge(budget.MOST_PER_CHARGE * 3)
    assert all(not m.due() for m in flooders)
    assert flooders[0].debt() == pytest.approx(budget.ALLOWANCE + budget.MOST_PER_CHARGE)
    # Four sessions over the allowance pay off one shared rate between them.
    assert budget.share() == pytest.approx(budget.SHARED_RATE / 4)
    before = flooders[0].debt()
    now[0] += 1.0
    assert before - flooders[0].debt() == pytest.approx(budget.SHARED_RATE / 4)
    assert person.due()  # the person within the allowance was never held up


def test_a_connection_is_read_only_when_its_session_is_within_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``turn`` returns at once within the allowance and only after paying off beyond it."""
    monkeypatch.setattr(budget, "_waiting", budget.weakref.WeakSet())
    monkeypatch.setattr(budget, "SHARED_RATE", 1.0)  # paid off in a fraction of a second
    monkeypatch.setattr(budget, "PER_SESSION_RATE", 1.0)
    meter = budget.Meter()
    meter._debt = 0.0  # as after a quiet spell

    async def main() -> tuple[float, float]:
        loop = asyncio.get_running_loop()
        start = loop.time()
        await meter.turn()
        quick = loop.time() - start
        meter.charge(budget.MOST_PER_CHARGE)  # over the allowance by a little
        meter.charge(budget.MOST_PER_CHARGE)
        start = loop.time()
        await meter.turn()
        return quick, loop.time() - start

    quick, waited = asyncio.run(main())
    assert quick < waited
    assert meter.due()


def _still(meter: budget.Meter, debt: float) -> budget.Meter:
    meter._debt, meter._stamp = debt, budget.time.monotonic()
    return meter


def test_the_lane_takes_one_piece_at_a_time_owing_least_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Costly pieces of work (frames, redraws) go one at a time, the session owing least
    first, and a busy session's piece closes the lane to busy sessions for a while, not to
    the others."""
    monkeypatch.setattr(budget, "PER_SESSION_RATE", 0.0)  # debts stay as set
    monkeypatch.setattr(budget, "SHARED_RATE", 0.0)
    monkeypatch.setattr(budget, "_waiting", budget.weakref.WeakSet())
    order: list[str] = []
    inside: list[str] = []

    async def piece(lane: budget.Lane, name: str, meter: budget.Meter) -> None:
        ticket = await lane.enter(meter)
        assert ticket is not None and inside == [], inside  # never two at once
        inside.append(name)
        order.append(name)
        await asyncio.sleep(0)
        inside.remove(name)
        ticket.leave()

    async def main() -> None:
        lane = budget.Lane()
        first = await lane.enter(_still(budget.Meter(), 0.0))  # the lane is taken
        assert first is not None
        tasks = [
            asyncio.create_task(piece(lane, name, _still(budget.Meter(), debt)))
            for name, debt in (("flooder", 0.09), ("person", 0.0), ("newcomer", 0.06))
        ]
        await asyncio.sleep(0.01)
        assert order == []  # all wait while it is held
        first.leave()
        await asyncio.gather(*tasks)

    asyncio.run(main())
    assert order == ["person", "newcomer", "flooder"]

    async def after_a_busy_piece() -> list[str]:
        lane, went = budget.Lane(), []
        busy = await lane.enter(_still(budget.Meter(), 0.09))
        assert busy is not None and busy.busy
        busy.since -= 0.2  # it held the loop for 0.2 s: busy sessions wait
        busy.leave()

        async def go(name: str, debt: float) -> None:
            ticket = await lane.enter(_still(budget.Meter(), debt))
            assert ticket is not None
            went.append(name)
            ticket.leave()

        waiting = asyncio.create_task(go("busy", 0.09))
        await asyncio.sleep(0.05)
        await go("person", 0.0)  # not kept behind the busy one
        await waiting
        return went

    assert asyncio.run(after_a_busy_piece()) == ["person", "busy"]


def test_a_flooders_frame_that_waited_in_the_lane_still_counts_as_busy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A busy session's frame pays its debt off while it waits in the lane; it still goes
    after the tap of a person who came to the table later, and the lane pauses after it
    (twenty flooders would otherwise take the loop in turn and keep a phone that just
    opened a table waiting behind all of them)."""
    monkeypatch.setattr(budget, "PER_SESSION_RATE", 0.0)  # debts stay as set
    monkeypatch.setattr(budget, "_waiting", budget.weakref.WeakSet())

    async def main() -> tuple[list[str], bool]:
        lane, went = budget.Lane(), []
        busy_after: list[bool] = []
        first = await lane.enter(_still(budget.Meter(), 0.0))  # the lane is taken
        assert first is not None
        flooder = _still(budget.Meter(), 0.09)  # at the table since before the person

        async def go(name: str, meter: budget.Meter) -> None:
            ticket = await lane.enter(meter)
            assert ticket is not None
            went.append(name)
            if name == "flooder":
                busy_after.append(ticket.busy)
            ticket.leave()

        flooding = asyncio.create_task(go("flooder", flooder))
        await asyncio.sleep(0.02)
        _still(flooder, 0.0)  # its debt paid off while it waited
        person = asyncio.create_task(go("person", _still(budget.Meter(), 0.0)))
        await asyncio.sleep(0.02)
        first.leave()
        await asyncio.gather(flooding, person)
        return went, busy_after[0]

    went, paused_after = asyncio.run(main())
    assert went == ["person", "flooder"]
    assert paused_after  # the flooder's frame closes the lane to busy sessions after it


def test_a_waiter_that_goes_away_frees_the_lane(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(budget, "PER_SESSION_RATE", 0.0)
    monkeypatch.setattr(budget, "_waiting", budget.weakref.WeakSet())

    async def main() -> bool:
        lane = budget.Lane()
        held = await lane.enter(_still(budget.Meter(), 0.0))
        assert held is not None
        gone = asyncio.create_task(lane.enter(_still(budget.Meter(), 0.0)))
        await asyncio.sleep(0.01)
        held.leave()
        gone.cancel()  # granted or not, its connection closed before it went on
        await asyncio.gather(gone, return_exceptions=True)
        after = await asyncio.wait_for(lane.enter(_still(budget.Meter(), 0.0)), 1.0)
        return after is not None

    assert asyncio.run(main())


def test_a_tap_on_an_id_not_on_the_screen_costs_no_walk_of_the_page(
    hub: Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Flet looks for an unlisted or replaced control by walking the whole page (tens of
    milliseconds on a game screen, for every such event a phone sends); the shell looks in
    the session's index alone."""
    from flet.messaging.session import Session

    walks: list[int] = []
    walk = Session._Session__find_live_control  # type: ignore[attr-defined]
    monkeypatch.setattr(
        Session,
        "_Session__find_live_control",
        lambda self, *a, **k: (walks.append(1), walk(self, *a, **k))[1],
    )
    table = hub.create_table("grimheim", None, PLAYERS[:2], "made-up ids")
    shell, s, wire, _scheduled = _phone(hub, f"/t/{table.id}?k={table.join_token}")
    screen = shell.table_screen
    wire.take()
    for made_up in (999_999, -1, screen.body._i + 10**6):
        asyncio.run(s.dispatch_event(made_up, "click", None))
    assert wire.take() == [] and screen.tab == "game"
    # A tab button a switch replaced: its tap does nothing (the phone shows another one).
    game_button = tagged(screen.body)["tab-game"].content
    _tap(s, tagged(screen.body)["tab-counters"])
    assert screen.tab == "counters" and tagged(screen.body)["tab-game"].content is not game_button
    wire.take()
    asyncio.run(s.dispatch_event(game_button._i, "click", None))
    assert screen.tab == "counters" and wire.take() == []
    # The button the phone shows now switches.
    _tap(s, tagged(screen.body)["tab-game"])
    assert screen.tab == "game"
    assert walks == []
