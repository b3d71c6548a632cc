"""A change reaching every screen at a full table: what is the same for every device is
worked out once per change (redaction once per seat, each rule question once), and only
what differs by seat is built per device. Counted, never timed (speed is in ``bench/``).

Real Flet sessions (one per device) run the real shell and table screen over in-memory
connections; a change is delivered to each screen as its subscription delivers it.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from typing import Any

import flet as ft
import msgpack
import pytest

from companion.app import Shell
from companion.hub import Hub
from companion.table import Actor
from rules import registry
from rules.core import Correct
from rules.fates_and_favors import EditFate, EnterHand
from tests.support.ui import one_line, tagged
from tests.support.wire import first_draw, session, values

PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed"]


def _phones(hub: Hub, table: Any, routes: list[str]) -> list[tuple[Shell, Any, Any]]:
    phones = []
    for route in routes:
        s, wire = session(route)
        shell = Shell(s.page, hub, "http://127.0.0.1:1")
        s.page.run_task = lambda *_a, **_k: None  # type: ignore[method-assign]  # no loop
        shell.start()
        first_draw(s, wire)
        phones.append((shell, s, wire))  # the session is held: pages only refer to it weakly
    return phones


def _deliver(phones: list[tuple[Shell, Any, Any]], change: Any) -> None:
    """What each subscription does on its own page's loop for ``change``."""
    for shell, _s, _wire in phones:
        asyncio.run(shell.table_screen._refresh(change))


@pytest.mark.parametrize("slug", ["winds-of-fate", "grimheim"])
def test_a_change_is_worked_out_once_for_the_whole_table(
    hub: Hub, slug: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = registry.get(slug)
    table = hub.create_table(slug, None, PLAYERS[: game.max_players][:5], "full table")
    rng = random.Random(7)
    for _ in range(12):  # into the game, where screens list the legal moves
        legal = game.legal_actions(table.state)
        if not legal or table.outcome() is not None:
            break
        table.do(rng.choice(legal), Actor("host", "Host", None))
    seats = [str(t) for t in table.seat_tokens]
    routes = [f"/t/{table.id}?key={hub.host_key}"]
    routes += [f"/t/{table.id}?k={token}" for token in seats]
    routes += [f"/t/{table.id}?k={table.join_token}"] * 2  # two watching
    phones = _phones(hub, table, routes)
    live = phones[0][0].table_screen.live
    assert all(shell.table_screen.live is live for shell, _s, _w in phones)

    calls: Counter[str] = Counter()
    checking: list[bool] = []
    for name in ("redact", "outcome", "legal_actions", "check"):
        real = getattr(live.game, name)

        def counted(*args: Any, _real: Any = real, _name: str = name) -> Any:
            if checking:  # asked by the rules themselves while checking: not a screen's ask
                return _real(*args)
            calls[_name] += 1
            if _name == "redact":
                calls[f"redact {args[1]}"] += 1
            if _name == "check":
                calls[f"check {args[1]!r}"] += 1
            checking.extend([True] if _name == "check" else [])
            try:
                return _real(*args)
            finally:
                if _name == "check":
                    checking.pop()

        monkeypatch.setattr(live.game, name, counted)

    counter, (_low, high) = next(iter(game.counters(live.state).items()))
    value = game.counter_values(live.state)[counter]
    change = live.do(
        Correct(counter=counter, value=value + 1 if value < high else value - 1),
        Actor("host", "Host", None),
    )
    calls.clear()
    _deliver(phones, change)

    # Every device drew the new version and received it as a patch.
    assert all(shell.table_screen.version == change.version for shell, _s, _w in phones)
    assert all(wire.frames for _shell, _s, wire in phones)
    # One redaction per seat (the host and the watchers share the spectator's view), one
    # outcome, and each rule question once however many devices asked it.
    distinct_views = 1 + len(seats)
    assert calls["redact"] == distinct_views, calls
    assert all(calls[f"redact {seat}"] == 1 for seat in [None, *range(len(seats))]), calls
    assert calls["outcome"] <= 1, calls
    assert all(n == 1 for key, n in calls.items() if key.startswith("check ")), calls
    assert calls["legal_actions"] <= distinct_views, calls
    if slug == "winds-of-fate":
        assert calls["legal_actions"] >= 1, calls  # the screens do list them here
    if calls["check"]:
        again = Counter(calls)
        calls.clear()
        _deliver(phones[:1], change)  # a screen redrawn for the same state asks nothing new
        assert calls["check"] == 0 and calls["redact"] == 0, (again, calls)


@pytest.mark.parametrize("slug", registry.available())
def test_a_change_reaches_a_watching_phone_as_one_message(hub: Hub, slug: str) -> None:
    """The status line's move and the panel's change go out together: a phone drawing
    each message it gets in a frame of its own pays one frame per change, not two."""
    game = registry.get(slug)
    table = hub.create_table(slug, None, PLAYERS[: game.min_players], "one message")
    watch = f"/t/{table.id}?k={table.join_token}"
    on_game, on_counters = _phones(hub, table, [watch, watch])
    _click(on_counters[1], tagged(on_counters[0].table_screen.body)["tab-counters"])
    on_counters[2].take()
    live = on_game[0].table_screen.live
    for _ in range(2):
        bounds = game.counters(live.state)
        counter = next(name for name, (low, high) in bounds.items() if high > low)
        value = game.counter_values(live.state)[counter]
        target = value + 1 if value < bounds[counter][1] else value - 1
        change = live.do(Correct(counter=counter, value=target), Actor("h", "Host"))
        _deliver([on_game, on_counters], change)
        for (_shell, _s, wire), also in ((on_game, None), (on_counters, str(target))):
            frames = wire.take()
            assert len(frames) == 1, (slug, len(frames))
            shown = [str(v) for v in values(frames)]
            assert any(f"move {live.head}" in v for v in shown), shown
            # On the Counters tab, the card's new value rides in that same message.
            assert also is None or also in shown, (also, shown)


def test_switching_tabs_moves_the_tick_to_the_open_tab_on_the_phone(hub: Hub) -> None:
    """The tabs are redrawn with the panel they open: the phone is sent the open tab's
    filled look and tick, not only the new panel."""
    table = hub.create_table("scales-of-fate", None, PLAYERS[:2], "tabs")
    ((shell, s, wire),) = _phones(hub, table, [f"/t/{table.id}?key={hub.host_key}"])
    screen = shell.table_screen
    for opened, other in (("counters", "game"), ("game", "counters")):
        _click(s, tagged(screen.body)[f"tab-{opened}"])
        tabs = tagged(screen.body)
        assert tabs[f"tab-{opened}"].selected and not tabs[f"tab-{other}"].selected
        assert isinstance(tabs[f"tab-{opened}"].content, ft.FilledButton)
        sent = " ".join(map(str, wire.take()))
        assert "FilledButton" in sent and "OutlinedButton" in sent, sent[:300]


def test_a_watching_phone_can_tap_after_redraws_it_only_watched(hub: Hub) -> None:
    """A redraw for another device's change leaves the panel frozen (cheap); the first tap
    on that phone makes it editable and acts on the version it shows."""
    table = hub.create_table("winds-of-fate", None, PLAYERS[:3], "watch then tap")
    host, ann = _phones(
        hub, table, [f"/t/{table.id}?key={hub.host_key}", f"/t/{table.id}?k={table.seat_tokens[0]}"]
    )
    live = host[0].table_screen.live
    game = live.game
    counter, (_low, high) = next(iter(game.counters(live.state).items()))
    for _ in range(3):
        value = game.counter_values(live.state)[counter]
        change = live.do(Correct(counter=counter, value=min(high, value + 1)), Actor("h", "Host"))
        _deliver([ann], change)
        assert f"move {live.head}" in " ".join(map(str, values(ann[2].take())))
    screen = ann[0].table_screen
    panel = screen.body.controls[0]  # the whole tree below the app bar
    assert hasattr(panel, "_frozen")  # left frozen by the redraws
    asyncio.run(ann[1].dispatch_event(screen.undo_btn._i, "click", None))
    assert not hasattr(panel, "_frozen")  # settled before the handler ran
    assert ann[2].take()  # the tap was answered (a seat may not take back the host's move)


def test_a_change_made_elsewhere_leaves_every_header_as_it_was(
    hub: Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a change made on another device, no phone's whole view is updated and each
    phone gets the change as one message, none of it the header: a seat's Undo stays the
    button its phone has, and a tap on it asks first, naming the move as the table has it
    now; "Take back" takes that move back."""
    table = hub.create_table("winds-of-fate", None, PLAYERS[:3], "header")
    ann, watcher = _phones(
        hub,
        table,
        [f"/t/{table.id}?k={table.seat_tokens[0]}", f"/t/{table.id}?k={table.join_token}"],
    )
    screen = ann[0].table_screen
    live = screen.live
    game = live.game
    views_updated: list[Any] = []
    real_update = ft.View.update

    def counted(view: ft.View) -> None:
        views_updated.append(view)
        real_update(view)

    monkeypatch.setattr(ft.View, "update", counted)
    counter, (_low, high) = next(iter(game.counters(live.state).items()))
    before = game.counter_values(live.state)[counter]
    target = before + 1 if before < high else before - 1
    # A first move enables Undo; the move after it is the one watched.
    _deliver([ann, watcher], live.do(Correct(counter=counter, value=target), Actor("h", "Host")))
    ann[2].take(), watcher[2].take()
    undo_before = screen.undo_btn
    header = screen.body.controls[0].controls[0]  # the screen's first part
    header_ids = {c._i for c in _walk(header)}
    assert undo_before._i in header_ids
    change = live.do(Correct(counter=counter, value=before), Actor("ann-2", "Ann", frozenset({0})))
    _deliver([ann, watcher], change)  # as from Ann's other device
    assert views_updated == []
    assert len(watcher[2].take()) == 1
    frames = ann[2].take()
    assert len(frames) == 1
    assert screen.undo_btn is undo_before and not screen.undo_btn.disabled
    assert not _ids_sent(frames) & header_ids, "the header is sent again"
    # A tap on Undo names her move and changes nothing yet...
    head = live.head
    asyncio.run(ann[1].dispatch_event(screen.undo_btn._i, "click", None))
    assert live.head == head
    dialog = ann[1].page._dialogs.controls[-1]
    assert dialog.open
    assert one_line(tagged(dialog)["undo-confirm-text"]) == change.line
    # ...and "Take back" takes it back.
    _click(ann[1], tagged(dialog)["undo-confirm"])
    assert live.head == head - 1
    assert game.counter_values(live.state)[counter] == target


def test_a_confirmation_takes_back_the_move_it_named_or_nothing(hub: Hub) -> None:
    """Move after move made on another device, a seat's phone gets one message each and
    its Undo stays the same button. A confirmation opened before the last of them names the
    move the table had then: "Take back" takes nothing back and says why, and so does a
    redo confirmation whose move was put back elsewhere meanwhile."""
    table = hub.create_table("winds-of-fate", None, PLAYERS[:3], "named")
    (ann,) = _phones(hub, table, [f"/t/{table.id}?k={table.seat_tokens[0]}"])
    shell, s, wire = ann
    screen = shell.table_screen
    live = screen.live
    game = live.game
    counter, (_low, high) = next(iter(game.counters(live.state).items()))
    other_phone = Actor("ann-2", "Ann", frozenset({0}))

    def move_elsewhere() -> None:
        value = game.counter_values(live.state)[counter]
        target = value + 1 if value < high else value - 1
        _deliver([ann], live.do(Correct(counter=counter, value=target), other_phone))

    move_elsewhere()
    button = screen.undo_btn
    asyncio.run(s.dispatch_event(button._i, "click", None))
    asked = s.page._dialogs.controls[-1]
    for _ in range(3):
        wire.take()
        move_elsewhere()
        assert len(wire.take()) == 1
        assert screen.undo_btn is button
    head = live.head
    _click(s, tagged(asked)["undo-confirm"])
    assert live.head == head
    assert b"Nothing was taken back" in b"".join(wire.take())

    # Redo: asked while one move waits to be put back; put back on another device first.
    _deliver([ann], live.undo(other_phone))
    asyncio.run(s.dispatch_event(screen.redo_btn._i, "click", None))
    asked = s.page._dialogs.controls[-1]
    assert tagged(asked)["redo-confirm"].content.content == "Put back"
    _deliver([ann], live.redo(other_phone))
    head = live.head
    wire.take()
    _click(s, tagged(asked)["redo-confirm"])
    assert live.head == head
    assert b"already put back" in b"".join(wire.take())


def test_the_history_button_sends_the_history_it_opens(
    hub: Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The drawer is the view's, outside the screen's tree where the button is: a tap on
    History sends the moves it lists before asking the phone to open it."""
    opened: list[ft.View] = []

    async def show_end_drawer(view: ft.View) -> None:  # the phone's answer is not awaited
        opened.append(view)

    monkeypatch.setattr(ft.View, "show_end_drawer", show_end_drawer)
    table = hub.create_table("winds-of-fate", None, PLAYERS[:3], "history tap")
    ((shell, s, wire),) = _phones(hub, table, [f"/t/{table.id}?key={hub.host_key}"])
    screen = shell.table_screen
    live = screen.live
    counter, (_low, high) = next(iter(live.game.counters(live.state).items()))
    value = live.game.counter_values(live.state)[counter]
    live.do(
        Correct(counter=counter, value=value + 1 if value < high else value - 1),
        Actor("h2", "Host"),
    )
    wire.take()
    button = tagged(screen.body)["history"]
    inner = button.content if isinstance(button, ft.Semantics) else button
    asyncio.run(s.dispatch_event(inner._i, "click", None))
    assert opened == [screen.view]
    lines = screen.history_col.controls
    assert lines and {c._i for c in lines} <= _ids_sent(wire.take())


def test_an_open_history_follows_a_change_made_elsewhere(hub: Hub) -> None:
    """The history drawer lives in the view, outside the screen's tree: while it is open,
    a change made on another device still reaches it."""
    table = hub.create_table("winds-of-fate", None, PLAYERS[:3], "history")
    ((shell, _s, wire),) = _phones(hub, table, [f"/t/{table.id}?key={hub.host_key}"])
    screen = shell.table_screen
    screen.history_open = True
    screen.render()
    screen.redraw()
    wire.take()
    live = screen.live
    counter, (_low, high) = next(iter(live.game.counters(live.state).items()))
    value = live.game.counter_values(live.state)[counter]
    change = live.do(
        Correct(counter=counter, value=value + 1 if value < high else value - 1),
        Actor("h2", "Host"),
    )
    _deliver([(shell, _s, wire)], change)
    lines = screen.history_col.controls
    assert lines and {c._i for c in lines} <= _ids_sent(wire.take())


def _ids_sent(frames: list[bytes]) -> set[int]:
    """The ids of every control the frames carry."""
    found: set[int] = set()

    def visit(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("_i"), int):
                found.add(node["_i"])
            for value in node.values():
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)

    for frame in frames:
        visit(msgpack.unpackb(frame, raw=False, strict_map_key=False))
    return found


def test_the_counters_tab_redraws_only_the_cards_a_change_moves(hub: Hub) -> None:
    """A correction rebuilds the one card it changes; the others are the very controls the
    phone has, still acting on the values they show."""
    table = hub.create_table("grimheim", None, PLAYERS[:2], "kept cards")
    ((shell, s, wire),) = _phones(hub, table, [f"/t/{table.id}?key={hub.host_key}"])
    screen = shell.table_screen
    live = screen.live
    _click(s, tagged(screen.body)["tab-counters"])
    wire.take()
    listing = _panel(screen).content
    cards = {c.key: c for c in listing.controls if c.key}
    bounds = live.game.counters(live.state)
    first, second = [name for name, (low, high) in bounds.items() if high > low][:2]
    before = live.game.counter_values(live.state)
    plus = next(
        c
        for c in _walk(cards[f"kept:counter-{first}"])
        if getattr(c, "identifier", "") and c.identifier.endswith("-plus")
    )
    _click(s, plus)
    assert live.game.counter_values(live.state)[first] == before[first] + 1
    now = {c.key: c for c in _panel(screen).content.controls if c.key}
    assert now[f"kept:counter-{first}"] is not cards[f"kept:counter-{first}"]
    kept = [key for key in cards if key != f"kept:counter-{first}"]
    assert kept and all(now[key] is cards[key] for key in kept)
    assert f"{before[first] + 1}" in values(wire.take())
    # A kept card, drawn before that change, still acts on the value it shows.
    plus2 = next(
        c
        for c in _walk(now[f"kept:counter-{second}"])
        if getattr(c, "identifier", "") and c.identifier.endswith("-plus")
    )
    _click(s, plus2)
    assert live.game.counter_values(live.state)[second] == before[second] + 1


def _panel(screen: Any) -> Any:
    """The game's panel (or the Counters tab) as ``screen`` last drew it."""
    return tagged(screen.body)[f"panel-{screen.tab}"]


def _walk(control: Any) -> list[Any]:
    from tests.support.ui import walk

    return list(walk(control))


def _click(s: Any, control: ft.Semantics) -> None:
    """A tap on the button inside the tagged ``control``, as the phone sends it."""
    asyncio.run(s.dispatch_event(control.content._i, "click", None))


def _kept_parts(screen: Any) -> dict[str, Any]:
    """The kept sections the screen shows now, by key."""
    return {
        c.key: c
        for c in _walk(_panel(screen))
        if isinstance(getattr(c, "key", None), str) and c.key.startswith("kept:")
    }


def _correct(live: Any, counter: str, step: int = 1) -> Any:
    value = live.game.counter_values(live.state)[counter]
    return live.do(Correct(counter=counter, value=value + step), Actor("host", "Host", None))


def test_scales_sections_are_rebuilt_only_when_what_they_show_changes(hub: Hub) -> None:
    """The board, the renown track, the Abyss and the Age card are each rebuilt when
    something they draw changes and reused as they are otherwise; a tap on a reused board
    reaches the screen drawn now (its pick is drawn there)."""
    from rules.scales_of_fate.actions import DealDemigods, Note
    from tests.companion.panels.scales_of_fate.test_scales_panel import age_one

    table = hub.create_table("scales-of-fate", None, PLAYERS[:2], "kept board")
    host = Actor("host", "Host", None)
    table.do(DealDemigods(0, ("Pentha", "Klar")), host)
    table.do(DealDemigods(1, ("Naka", "Belan")), host)
    table.do(age_one(), host)
    assert table.state.phase == "play" and table.state.turn == 0
    phones = _phones(
        hub,
        table,
        [f"/t/{table.id}?k={table.seat_tokens[0]}", f"/t/{table.id}?k={table.join_token}"],
    )
    live = phones[0][0].table_screen.live
    sections = ["kept:sof-board", "kept:sof-track", "kept:sof-abyss", "kept:sof-age"]
    sections.append("kept:sof-status")

    def step(counter: str, rebuilt: set[str]) -> None:
        before = [_kept_parts(shell.table_screen) for shell, _s, _w in phones]
        assert all(set(sections) <= set(parts) for parts in before), before
        _deliver(phones, _correct(live, counter))
        for (shell, _s, _w), was in zip(phones, before, strict=True):
            now = _kept_parts(shell.table_screen)
            for key in sections:
                assert (now[key] is not was[key]) == (key in rebuilt), (counter, key)

    step("renown.Pentha", {"kept:sof-track"})
    step("quest.00.change", {"kept:sof-board"})
    step("abyss.left", {"kept:sof-abyss"})

    # Within the track, a moved marker rebuilds the space it left and the one it entered,
    # and itself; the markers that stayed are the very controls the phone has. The seat's
    # deduction and notes stay as they are until the answers or notes change.
    was = [_kept_parts(shell.table_screen) for shell, _s, _w in phones]
    start = live.state.renown["Klar"]
    stayed = [n for n, v in live.state.renown.items() if v == start and n != "Klar"]
    assert stayed  # the space it leaves keeps other markers
    _deliver(phones, _correct(live, "renown.Klar"))
    moved = {f"kept:sof-track-space-{start}", f"kept:sof-track-space-{start + 1}"}
    moved |= {"kept:sof-track", f"kept:sof-marker-{start}-Klar"}
    for (shell, _s, _w), before in zip(phones, was, strict=True):
        now = _kept_parts(shell.table_screen)
        assert {key for key in before if now.get(key) is not before[key]} == moved
        assert f"kept:sof-marker-{start + 1}-Klar" in now
        left = now[f"kept:sof-track-space-{start}"]
        for name in stayed:
            assert any(c is before[f"kept:sof-marker-{start}-{name}"] for c in _walk(left))
    assert {"kept:sof-deduction-0", "kept:sof-notes-0"} <= set(was[0])
    marker = f"Klar {start + 1}"
    space = _kept_parts(phones[1][0].table_screen)[f"kept:sof-track-space-{start + 1}"]
    assert any(getattr(c, "label", None) == marker for c in _walk(space))
    was = [_kept_parts(shell.table_screen) for shell, _s, _w in phones]
    _deliver(phones, live.do(Note(seat=0, demigod="Naka", text="bold"), Actor("h", "Host")))
    for (shell, _s, _w), before, rebuilt in zip(
        phones, was, [{"kept:sof-notes-0"}, set()], strict=True
    ):
        now = _kept_parts(shell.table_screen)
        assert {key for key in before if now[key] is not before[key]} == rebuilt
    notes = _kept_parts(phones[0][0].table_screen)["kept:sof-notes-0"]
    assert any(getattr(c, "value", None) == "bold" for c in _walk(notes))
    # A move passes the turn: the seats' cards are rebuilt (who is to play) on every phone.
    was = [_kept_parts(shell.table_screen) for shell, _s, _w in phones]
    play = live.game.legal_actions(live.state)[0]
    _deliver(phones, live.do(play, Actor("host", "Host", None)))
    for (shell, _s, _w), before in zip(phones, was, strict=True):
        assert _kept_parts(shell.table_screen)["kept:sof-status"] is not before["kept:sof-status"]
    # A marker on a space reused through these changes opens the correction for the
    # renown the screen shows now.
    (shell, s, wire), _viewer = phones
    belan = live.state.renown["Belan"]
    space = _kept_parts(shell.table_screen)[f"kept:sof-track-space-{belan}"]
    assert space is was[0][f"kept:sof-track-space-{belan}"]
    dot = tagged(space)["sof-marker-Belan"]
    _click(s, dot)
    dialog = s.page._dialogs.controls[-1]  # opened by the panel on screen
    assert dialog.open and dialog.title.value == "Correct Belan's renown"
    value = tagged(dialog)["sof-correct-value"]
    assert value.content.value == str(belan)

    # The seat's board is the one drawn before these changes; its tap picks on the screen
    # shown now, which redraws the board with the pick and offers the move for it.
    (shell, s, wire), _viewer = phones
    screen = shell.table_screen
    board = _kept_parts(screen)["kept:sof-board"]
    tile = tagged(board)["sof-tile-h00"]
    wire.take()
    _click(s, tile)
    redrawn = _kept_parts(screen)["kept:sof-board"]
    assert redrawn is not board
    picked = tagged(redrawn)["sof-tile-h00"]
    assert picked.content.border is not None  # the pick is drawn on the screen shown
    assert wire.take()


def test_grimheim_sections_are_rebuilt_only_when_what_they_show_changes(hub: Hub) -> None:
    """The time track, each hero's board and the map are rebuilt when something they draw
    changes (the state, or this phone's own picks) and reused as they are otherwise; a tap
    on a reused map reaches the screen drawn now."""
    from types import SimpleNamespace

    from companion.panels.grimheim.map import SIZE
    from companion.panels.grimheim.ui import memory
    from rules.grimheim import hexmap

    table = hub.create_table("grimheim", None, PLAYERS[:2], "kept boards")
    phones = _phones(
        hub,
        table,
        [f"/t/{table.id}?key={hub.host_key}"] * 1 + [f"/t/{table.id}?k={table.join_token}"],
    )
    live = phones[0][0].table_screen.live

    def step(counter: str, rebuilt: list[set[str]], watched: list[str]) -> None:
        before = [_kept_parts(shell.table_screen) for shell, _s, _w in phones]
        assert all(set(watched) <= set(parts) for parts in before), [sorted(p) for p in before]
        change = _correct(live, counter, -1 if counter == "town" else 1)
        _deliver(phones, change)
        for (shell, _s, _w), was, new in zip(phones, before, rebuilt, strict=True):
            now = _kept_parts(shell.table_screen)
            for key in watched:
                assert (now[key] is not was[key]) == (key in new), (counter, key)

    track = ["kept:grim-timecard"]
    status, nav = "kept:grim-status", "kept:grim-nav"
    watched = [*track, status, nav]
    step("town", [{status}, {status}], watched)
    step("time", [{*track, status}, {*track, status}], watched)
    step("Bjorn.xp", [set(), set()], watched)
    # Within the track, the stone's move rebuilds the tile it left and the one it entered.
    at = live.state.time
    tiles = [f"kept:grim-step-{n}" for n in range(1, 8)]
    moved = {f"kept:grim-step-{at}", f"kept:grim-step-{at + 1}"}
    step("time", [{*track, status, *moved}] * 2, [*watched, *tiles])
    lit = _kept_parts(phones[1][0].table_screen)[f"kept:grim-step-{at + 1}"]
    assert lit.selected and "current" in lit.label
    # The watcher's tabs, drawn before these changes, open a tab on the screen shown.
    shell, s, wire = phones[1]
    tab = tagged(_kept_parts(shell.table_screen)[nav])["grim-nav-heroes"]
    wire.take()
    _click(s, tab)
    assert memory(s.page).section == "heroes"
    assert "kept:grim-hero-board-Bjorn" in _kept_parts(shell.table_screen)
    assert wire.take()
    for _shell, s, _w in phones:
        memory(s.page).section = "heroes"
    _deliver(phones, _correct(live, "town", -1))
    boards = ["kept:grim-hero-board-Bjorn", "kept:grim-hero-board-Alva"]
    step("town", [set(), set()], boards)
    step("Alva.xp", [{boards[1]}, {boards[1]}], boards)

    for _shell, s, _w in phones:
        memory(s.page).section = "map"
    _deliver(phones, _correct(live, "town", -1))
    the_map = ["kept:grim-map"]
    step("Bjorn.xp", [set(), set()], the_map)
    memory(phones[1][1].page).selected_hex = (9, 4)  # the watcher picked an area
    step("town", [set(), set(the_map)], the_map)

    # The host's map was drawn before these changes; a tap on it picks on the screen shown.
    shell, s, wire = phones[0]
    screen = shell.table_screen
    reused = _kept_parts(screen)["kept:grim-map"]
    screen.settle()
    target = (9, 4)
    x, y = hexmap.hex_center(*target, SIZE)
    tap = next(c for c in _walk(reused) if getattr(c, "on_tap_down", None) is not None)
    wire.take()
    tap.on_tap_down(SimpleNamespace(local_position=SimpleNamespace(x=x, y=y)))
    assert memory(s.page).selected_hex == target
    assert _kept_parts(screen)["kept:grim-map"] is not reused
    assert wire.take()


def test_born_of_titans_crew_sheets_are_rebuilt_only_when_what_they_show_changes(
    hub: Hub,
) -> None:
    """Each crew sheet is rebuilt on every phone when its hero changes and reused as it is
    when another hero's does."""
    table = hub.create_table("born-of-titans", None, PLAYERS[:3], "kept sheets")
    routes = [f"/t/{table.id}?k={token}" for token in table.seat_tokens[:2]]
    phones = _phones(hub, table, [*routes, f"/t/{table.id}?k={table.join_token}"])
    live = phones[0][0].table_screen.live
    sheets = [f"kept:bot-sheet-{seat}" for seat in range(3)]

    for counter, seat in (("Bo crew", 1), ("Ann prophecy", 0), ("Cy crew", 2)):
        before = [_kept_parts(shell.table_screen) for shell, _s, _w in phones]
        assert all(set(sheets) <= set(parts) for parts in before), before
        _deliver(phones, _correct(live, counter, -1))
        for (shell, _s, _w), was in zip(phones, before, strict=True):
            now = _kept_parts(shell.table_screen)
            for key in sheets:
                assert (now[key] is not was[key]) == (key == sheets[seat]), (counter, key)
    # The rebuilt sheet shows the new value (here on the watching phone).
    text = " ".join(str(getattr(c, "value", "")) for c in _walk(phones[2][0].table_screen.body))
    assert "Crew 5 · Prophecy 2" in text
    # Within a rebuilt sheet, a moved counter rebuilds the shield it left and the one it
    # entered; the other shields are the very controls the phone has.
    at = live.state.heroes[0].prophecy
    shields = [f"kept:bot-shield-0-{n}" for n in range(7)]
    before = [_kept_parts(shell.table_screen) for shell, _s, _w in phones]
    _deliver(phones, _correct(live, "Ann prophecy", -1))
    moved = {f"kept:bot-shield-0-{at}", f"kept:bot-shield-0-{at - 1}"}
    for (shell, _s, _w), was in zip(phones, before, strict=True):
        now = _kept_parts(shell.table_screen)
        rebuilt = {key for key in [*sheets, *shields] if now[key] is not was[key]}
        assert rebuilt == moved | {sheets[0]}, rebuilt
    lit = _kept_parts(phones[2][0].table_screen)[f"kept:bot-shield-0-{at - 1}"]
    assert "prophecy" in lit.label


def _wof_in_bets(hub: Hub, name: str) -> Any:
    """A three-player Winds of Fate table at its first bets, Ann to bet."""
    table = hub.create_table("winds-of-fate", None, PLAYERS[:3], name)
    rng = random.Random(0)
    while table.state.phase != "bets":
        table.do(rng.choice(table.game.legal_actions(table.state)), Actor("host", "Host", None))
    assert table.state.queue[0] == 0
    return table


def test_winds_of_fate_sections_are_rebuilt_only_when_what_they_show_changes(hub: Hub) -> None:
    """The round track, the voyage, the score board and each of its rows, the payoff
    table, the move card, the destiny cards and the paths are each rebuilt when something
    they draw changes and reused as they are otherwise; taps on reused sections reach the
    screen drawn now."""
    table = _wof_in_bets(hub, "kept voyage")
    routes = [f"/t/{table.id}?k={token}" for token in table.seat_tokens[:2]]
    routes += [f"/t/{table.id}?key={hub.host_key}", f"/t/{table.id}?k={table.join_token}"]
    phones = _phones(hub, table, routes)
    live = phones[0][0].table_screen.live
    rows = [f"kept:wof-player-{seat}" for seat in range(3)]
    common = ["kept:wof-round-track", "kept:wof-voyage", "kept:wof-scoreboard", *rows]
    common += ["kept:wof-payoffs", "kept:wof-move"]
    # The destiny cards and the paths are not on the watching phone (it cannot act).
    private = ["kept:wof-secrets", "kept:wof-paths"]

    def step(counter: str, rebuilt: set[str], step_by: int = 1) -> None:
        before = [_kept_parts(shell.table_screen) for shell, _s, _w in phones]
        for k, parts in enumerate(before):
            assert set(common + (private if k < 3 else [])) <= set(parts), (k, sorted(parts))
        _deliver(phones, _correct(live, counter, step_by))
        for (shell, _s, _w), was in zip(phones, before, strict=True):
            now = _kept_parts(shell.table_screen)
            for key in was:
                assert (now[key] is not was[key]) == (key in rebuilt), (counter, key)

    step("crew", set())  # drawn in the status line only
    step("Bo VP", {rows[1], "kept:wof-scoreboard", "kept:wof-payoffs"})
    step("Cy Help cards", {rows[2], "kept:wof-scoreboard"})
    step("Bo chips", {rows[1], "kept:wof-scoreboard", "kept:wof-payoffs"}, -1)

    # A change of round moves the marker and the payoffs; Ann's bets are labelled with the
    # stack each would make, so her move card is rebuilt (on her phone and on the host's,
    # which acts for every seat); the others only say who bets.
    before = [_kept_parts(shell.table_screen) for shell, _s, _w in phones]
    _deliver(phones, _correct(live, "round"))
    for k, ((shell, _s, _w), was) in enumerate(zip(phones, before, strict=True)):
        now = _kept_parts(shell.table_screen)
        rebuilt = {key for key in was if now[key] is not was[key]}
        expect = {"kept:wof-round-track", "kept:wof-payoffs"} | (
            {"kept:wof-move"} if k in (0, 2) else set()
        )
        assert rebuilt == expect, (k, rebuilt)
    ann = _kept_parts(phones[0][0].table_screen)["kept:wof-move"]
    bet3 = tagged(ann)["wof-bet-3"]
    assert bet3.content.content == "Round 3 (2)"  # labelled for round 2 now

    # The host's destiny box and paths were drawn before these changes; their taps pick on
    # the screen drawn now, which shows the pick.
    shell, s, wire = phones[2]
    screen = shell.table_screen
    secrets = _kept_parts(screen)["kept:wof-secrets"]
    reveal = tagged(secrets)["wof-reveal-1"]
    wire.take()
    _click(s, reveal)
    _click(s, tagged(screen.body)["wof-show-1"])  # Bo, now holding the phone
    shown = " ".join(str(getattr(c, "value", "")) for c in _walk(screen.body))
    assert "Bo: card 1 is" in shown and "Ann: card 1 is" not in shown
    assert _kept_parts(screen)["kept:wof-secrets"] is not secrets
    assert wire.take()
    paths = _kept_parts(screen)["kept:wof-paths"]
    start = tagged(paths)["wof-path-from-3"]
    _click(s, start)
    redrawn = _kept_parts(screen)["kept:wof-paths"]
    assert redrawn is not paths
    again = tagged(redrawn)["wof-path-from-3"]
    assert isinstance(again.content, ft.FilledButton)  # the pick is drawn on the screen shown
    assert wire.take()
    # Ann's reused bet buttons act on the table as it is now.
    shell, s, _wire = phones[0]
    bet = tagged(_kept_parts(shell.table_screen)["kept:wof-move"])["wof-bet-4"]
    _click(s, bet)
    assert [b.space for b in live.state.bets_of(0)] == [4]


def test_fates_and_favors_sections_are_rebuilt_only_when_what_they_show_changes(
    hub: Hub,
) -> None:
    """The status, the Hero cards, the board, the card chips, the hand, the score pad, the
    "new hand" button and the match block are each rebuilt when something they draw
    changes and reused as they are otherwise; a tap on reused card chips picks on the
    screen drawn now."""
    table = hub.create_table("fates-and-favors", None, PLAYERS[:2], "kept board")
    routes = [f"/t/{table.id}?k={token}" for token in table.seat_tokens]
    routes += [f"/t/{table.id}?key={hub.host_key}", f"/t/{table.id}?k={table.join_token}"]
    phones = _phones(hub, table, routes)
    live = phones[0][0].table_screen.live

    def deliver(change: Any) -> list[set[str]]:
        before = [_kept_parts(shell.table_screen) for shell, _s, _w in phones]
        _deliver(phones, change)
        out = []
        for (shell, _s, _w), was in zip(phones, before, strict=True):
            now = _kept_parts(shell.table_screen)
            assert set(now) == set(was)
            out.append({key[5:] for key in was if now[key] is not was[key]})
        return out

    acting = {"board", "cards", "match", "hand", "score", "status", "stuck", "hero-cards"}
    assert {key[5:] for key in _kept_parts(phones[0][0].table_screen)} == {
        f"ff-{name}" for name in acting
    }
    # A Hero card count: the line of Hero cards on every phone, nothing else.
    assert deliver(_correct(live, "hero cards Bo", -1)) == [{"ff-hero-cards"}] * 4
    # A play moves a column and passes the turn: the board, whose turn it is, the "new
    # hand" button (hidden on Ann's phone, shown on Bo's, for Bo on the host's), the turn
    # player's playable cards on the seat phones, and the match block leaving the top (the
    # first move is made).
    host = Actor("host", "Host", None)
    moved = {"ff-board", "ff-status", "ff-match"}
    play = live.game.legal_actions(live.state)[0]
    assert deliver(live.do(play, host)) == [
        moved | {"ff-stuck", "ff-hand"},
        moved | {"ff-stuck", "ff-hand"},
        moved | {"ff-stuck"},
        {"ff-board", "ff-status"},
    ]
    # Ann notes her hand: her phone's hand section only (the hand never leaves her view).
    assert deliver(live.do(EnterHand(0, ("3", "7")), host)) == [{"ff-hand"}, set(), set(), set()]
    # A Fate edited to match the box: the match block saying so, on every phone that edits.
    fate = live.state.fates[0]
    edit = EditFate(1, fate.actions, fate.lightning + 1)
    assert deliver(live.do(edit, host)) == [{"ff-match"}, {"ff-match"}, {"ff-match"}, set()]

    # The host's card chips were drawn before these changes; a tap picks on the screen
    # drawn now, which lists that card's outcomes and redraws the chips with the pick.
    shell, s, wire = phones[2]
    screen = shell.table_screen
    chips = _kept_parts(screen)["kept:ff-cards"]
    three = tagged(chips)["ff-card-3"]
    wire.take()
    _click(s, three)
    redrawn = _kept_parts(screen)["kept:ff-cards"]
    assert redrawn is not chips
    picked = tagged(redrawn)["ff-card-3"]
    assert picked.selected
    assert any(getattr(c, "identifier", "") == "ff-outcome-0" for c in _walk(screen.body))
    assert wire.take()


def test_grimheim_hero_turn_card_is_rebuilt_only_when_what_it_shows_changes(hub: Hub) -> None:
    """The hero's turn card is reused through a change it does not show, and its reused
    "End turn" acts on the table as it is now; the next hero gets a new card."""
    table = hub.create_table("grimheim", None, PLAYERS[:2], "kept turn card")
    rng = random.Random(1)
    host = Actor("host", "Host", None)
    while table.state.phase != "heroes":
        table.do(rng.choice(table.game.legal_actions(table.state)), host)
    phones = _phones(
        hub, table, [f"/t/{table.id}?key={hub.host_key}", f"/t/{table.id}?k={table.join_token}"]
    )
    live = phones[0][0].table_screen.live
    turn = "kept:grim-hero-turn"
    before = [_kept_parts(shell.table_screen) for shell, _s, _w in phones]
    _deliver(phones, _correct(live, "town", -1))
    for (shell, _s, _w), was in zip(phones, before, strict=True):
        assert _kept_parts(shell.table_screen)[turn] is was[turn]
    # The host's reused card ends the turn of the hero the table is on now.
    at = (live.state.turn, live.state.phase)
    shell, s, _wire = phones[0]
    end = tagged(_kept_parts(shell.table_screen)[turn])["grim-turn-end"]
    _click(s, end)
    assert (live.state.turn, live.state.phase) != at
    # The watcher draws the next hero's card (or the monster turn) on its next change.
    _deliver(phones[1:], _correct(live, "town", -1))
    assert _kept_parts(phones[1][0].table_screen).get(turn) is not before[1][turn]


def test_grimheim_monster_steps_are_rebuilt_only_when_what_they_show_changes(hub: Hub) -> None:
    """The monster turn's list of steps and the current step's part are reused through a
    change they do not show; the reused button applies the step to the table as it is now,
    and the list then marks the next step."""
    table = hub.create_table("grimheim", None, PLAYERS[:2], "kept monster turn")
    rng = random.Random(1)
    host = Actor("host", "Host", None)
    for _ in range(400):
        if table.state.phase == "monsters" and table.state.monster_step in ("time", "move"):
            break
        legal = table.game.legal_actions(table.state)
        ends = [a for a in legal if type(a).__name__ == "EndTurn"]
        table.do(rng.choice(ends or legal), host)
    step = table.state.monster_step
    assert table.state.phase == "monsters" and step in ("time", "move"), table.state.phase
    phones = _phones(
        hub, table, [f"/t/{table.id}?key={hub.host_key}", f"/t/{table.id}?k={table.join_token}"]
    )
    live = phones[0][0].table_screen.live
    steps, part = "kept:grim-msteps", f"kept:grim-{step}-step"
    before = [_kept_parts(shell.table_screen) for shell, _s, _w in phones]
    hero = live.state.heroes[0].name
    _deliver(phones, _correct(live, f"{hero}.xp"))
    for (shell, _s, _w), was in zip(phones, before, strict=True):
        now = _kept_parts(shell.table_screen)
        assert now[steps] is was[steps] and now[part] is was[part]
    shell, s, _wire = phones[0]
    button = "grim-advance" if step == "time" else "grim-apply-move"
    tap = tagged(_kept_parts(shell.table_screen)[part])[button]
    _click(s, tap)
    assert live.state.monster_step != step or live.state.phase != "monsters"
    _deliver(phones[1:], _correct(live, f"{hero}.xp"))
    now = _kept_parts(phones[1][0].table_screen)
    assert now.get(steps) is not before[1][steps] and part not in now
