"""One gate for every event: a device whose code no longer grants what its screen was drawn
with changes nothing and receives nothing but the "ask the host" page, whichever control
it taps; a watching device reaches nothing of the host's.

The walk is exhaustive and automatic: every control that has an event handler on every
screen (home, new table, each game's table, Invite, the roster and table dialogs, Plays, a
play, Stats, Settings, the rules reference) is found by walking the real control tree of a
real Flet session (``tests.support.wire``, encoded exactly as the web transport encodes
it), and so is every control that a tap there brings up (a dialog, a dialog over a dialog,
a hand-over step). Each control is then attacked from a fresh copy of the same database, on
a screen opened while its code was good: with the host key renewed after the screen was
drawn, and with the seat code revoked (guests). A watch code tries every control of its own
screens and every host route. After each attack the database is unchanged and the frames
the device received hold no code, no table title, no player name and nothing else than the
"ask the host" page.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import random
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import flet as ft
import msgpack
import pytest
from flet.messaging.session import Session
from sqlalchemy import select
from sqlmodel import SQLModel

from companion.app import Shell
from companion.hub import HOST_KEY_HASH, Hub
from companion.store import open_database
from companion.table import Actor
from companion.views import denied
from rules import registry
from tests.support.tally import Add, tally_registered
from tests.support.wire import ENCODE, Wire, first_draw, session

BASE = "http://192.0.2.1:8550"
GAMES = registry.available()
# Names and titles no screen prints by itself, so finding one in a frame means a leak.
NAMES = {
    "fates-and-favors": ["Quillon", "Yvaine", "Auberon"],
    "scales-of-fate": ["Zephyrine", "Balthor", "Cordelune"],
    "born-of-titans": ["Oriel", "Caspian", "Drusilde"],
    "winds-of-fate": ["Thessaly", "Morrow", "Evander"],
    "grimheim": ["Ingrith", "Varrick", "Fennimore"],
    "tally": ["Pellinore", "Ysolde", "Gawaine"],
}
ROSTER_ONLY = "Ormundel"
HOST = Actor("world", "Host", None)


@dataclass
class World:
    """A database on disk with a table of every game (a few moves in), a finished table
    (a play), a roster player, and the plain codes of every table."""

    path: Path
    tables: dict[str, str] = field(default_factory=dict)
    """Game slug to table id."""
    titles: dict[str, str] = field(default_factory=dict)
    codes: dict[str, tuple[str, list[str]]] = field(default_factory=dict)
    """Table id to (watch code, seat codes)."""
    play_id: str = ""

    def secrets(self) -> set[str]:
        found = set(self.titles.values()) | {ROSTER_ONLY}
        for names in NAMES.values():
            found |= set(names)
        for join, seats in self.codes.values():
            found |= {join, *seats}
        return found


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    with tally_registered():
        folder = tmp_path_factory.mktemp("gate")
        w = World(folder / "pristine.db")
        db, _ = open_database(f"sqlite:///{w.path}")
        hub = Hub(db)
        hub.add_player(ROSTER_ONLY)
        rng = random.Random(21)
        for slug in [*GAMES, "tally"]:
            game = registry.get(slug)
            names = NAMES[slug][: max(game.min_players, 2)]
            title = f"Vault of {names[0]}"
            options = {"target": 3} if slug == "tally" else None
            table = hub.create_table(slug, options, names, title)
            for _ in range(6):  # a few moves in, so the panels offer what play offers
                if slug == "tally":
                    if table.outcome() is None:
                        table.do(Add(table.state.turn, 1), HOST)
                    continue
                legal = game.legal_actions(table.state)
                if not legal or table.outcome() is not None:
                    break
                table.do(rng.choice(legal), HOST)
            w.tables[slug] = table.id
            w.titles[slug] = title
            assert table.join_token is not None
            w.codes[table.id] = (table.join_token, [str(t) for t in table.seat_tokens])
        plays = hub.plays
        from companion import plays as plays_module

        found = plays_module.list_plays(db)
        assert found, "the finished table left no play"
        w.play_id = found[0].id
        del plays
        db.close()
        yield w


# ----- one device on a fresh copy of the world ---------------------------------------------


@dataclass
class Device:
    hub: Hub
    shell: Shell
    session: Session
    wire: Wire
    world: World

    def close(self) -> None:
        self.shell.leave_screen()  # the hub may serve the next device


def _hub(world: World, folder: Path) -> Hub:
    """A hub on ``world`` as it was made: the one of the last run while nothing stored has
    changed since it was made (an attack changes nothing, a host key renewal aside), else
    one on a fresh copy of the world's database."""
    kept = _HUBS.get(folder)
    if kept is not None:
        hub, made = kept
        if _rows(hub) == made:
            return hub
        hub.db.close()
    path = folder / "run.db"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    shutil.copy(world.path, path)
    db, _ = open_database(f"sqlite:///{path}")
    hub = Hub(db)
    for table_id, (join, seats) in world.codes.items():
        hub.open(table_id).remember_codes(join, seats)  # as the host that made them
    _HUBS[folder] = (hub, _rows(hub))
    return hub


_HUBS: dict[Path, tuple[Hub, dict[str, list[tuple[Any, ...]]]]] = {}


@pytest.fixture(autouse=True)
def _fresh_hubs() -> Iterator[None]:
    yield
    for hub, _made in _HUBS.values():
        hub.db.close()
    _HUBS.clear()


def _device(world: World, folder: Path, route: Callable[[Hub], str]) -> Device:
    hub = _hub(world, folder)
    s, wire = session(route(hub))
    wire.page_url = BASE  # what the web transport knows of the page's address
    shell = Shell(s.page, hub, BASE)
    s.page.run_task = lambda *_a, **_k: None  # type: ignore[method-assign]  # no redraw loop
    shell.start()
    first_draw(s, wire)
    return Device(hub, shell, s, wire, world)


_EVENTS: dict[type, tuple[str, ...]] = {}


def _event_fields(kind: type) -> tuple[str, ...]:
    if kind not in _EVENTS:
        _EVENTS[kind] = tuple(f.name for f in dataclasses.fields(kind) if f.name.startswith("on_"))
    return _EVENTS[kind]


def _handlers(device: Device) -> list[tuple[ft.BaseControl, str]]:
    """(control, event name) for every event handler a phone can reach: each control the
    session knows by id (what it has sent to the phone), the page itself left out, in the
    order they were sent."""
    page = device.session.page
    out = []
    for control in list(device.session.index.values()):
        if control is page:
            continue
        for name in _event_fields(type(control)):
            if getattr(control, name, None) is not None:
                out.append((control, name[3:]))
    return out


def _label(control: ft.BaseControl) -> str:
    for name in ("identifier", "tooltip", "text", "value", "label", "content"):
        value = getattr(control, name, None)
        if isinstance(value, str) and value:
            return value[:40]
        if isinstance(value, ft.Text) and isinstance(value.value, str):
            return value.value[:40]
    return ""


def _signature(control: ft.BaseControl, event: str) -> str:
    return f"{type(control).__name__}:{_label(control)}:{event}"


def _run(coro: Any, timeout: float = 0.5) -> None:
    """Run a handler as Flet's receive loop would; one that waits on the phone (which
    never answers here) is cut short."""

    async def bounded() -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(coro, timeout)

    asyncio.run(bounded())


TYPED = "Mallory"
"""What a legitimate device types on the way to a control."""
ATTACK = "Mordred"
"""What the device that lost its code types."""


def _typed(control: ft.BaseControl, event: str) -> bool:
    """Does the phone send a value along with this event (text typed, an option picked)?"""
    return isinstance(control, (ft.TextField, ft.Dropdown)) and event in (
        "change",
        "submit",
        "select",
        "blur",
    )


def _fire(device: Device, control: ft.BaseControl, event: str, typed: str = TYPED) -> None:
    if _typed(control, event):
        # The phone sends the typed value first, then the event.
        device.session.apply_patch(control._i, {"value": typed})
    _run(device.session.dispatch_event(control._i, event, None))


# ----- exploring what a tap brings up -------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """A control to attack: reached by tapping ``path`` (positions in the handler list of
    each successive screen state), then ``position`` with ``event``."""

    path: tuple[int, ...]
    position: int
    event: str
    signature: str


def _replay(device: Device, path: tuple[int, ...]) -> None:
    for position in path:
        control, event = _handlers(device)[position]
        _fire(device, control, event)


def _explore(
    world: World, folder: Path, route: Callable[[Hub], str], depth: int = 2
) -> list[Target]:
    """Every control with a handler on ``route``'s screen, and every control a tap there
    (then a tap on what that brought up, to ``depth``) adds, each found on a fresh copy of
    the world with a good code."""
    targets: list[Target] = []
    known: set[str] = set()
    frontier: list[tuple[int, ...]] = [()]
    for level in range(depth + 1):
        following: list[tuple[int, ...]] = []
        for path in frontier:
            device = _device(world, folder, route)
            try:
                _replay(device, path)
                handlers = _handlers(device)
            finally:
                device.close()
            fresh = []
            for position, (control, event) in enumerate(handlers):
                sig = _signature(control, event)
                if sig in known:
                    continue
                fresh.append((position, sig, event))
            for position, sig, event in fresh:
                known.add(sig)
                targets.append(Target(path, position, event, sig))
                if level < depth:
                    following.append((*path, position))
        frontier = following
    return targets


# ----- what must not happen -----------------------------------------------------------------


def _rows(hub: Hub) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the database (the host key's digest left out: the
    attack renews it before it starts)."""
    out = {}
    with hub.db.engine.connect() as conn:
        for name, table in sorted(SQLModel.metadata.tables.items()):
            rows = [tuple(r) for r in conn.execute(select(table)).all()]
            if name == "meta":
                rows = [r for r in rows if r[0] != HOST_KEY_HASH]
            out[name] = sorted(rows, key=repr)
    return out


def _strings(frames: list[bytes]) -> set[str]:
    found: set[str] = set()

    def visit(node: Any) -> None:
        if isinstance(node, str):
            found.add(node)
        elif isinstance(node, dict):
            for value in node.values():
                visit(value)
        elif isinstance(node, (list, tuple)):
            if len(node) == 4 and isinstance(node[0], int) and isinstance(node[2], str):
                visit(node[3])  # a patch operation: [kind, node, property name, value]
                return
            for value in node:
                visit(value)

    for raw in frames:
        visit(msgpack.unpackb(raw, raw=False, strict_map_key=False))
    return found


def _denied_strings() -> set[str]:
    """What the "ask the host" page is made of, as the wire carries it."""
    s, _wire = session("/denied")
    s.page.views.append(denied.view())
    return _strings([msgpack.packb(s.get_page_patch(), default=ENCODE)])


DENIED = _denied_strings()


def _leaks(frames: list[bytes], secrets: set[str]) -> list[str]:
    sent = " ".join(_strings(frames))
    return sorted(s for s in secrets if s in sent)


def _attack(
    world: World,
    folder: Path,
    route: Callable[[Hub], str],
    target: Target,
    cut_off: Callable[[Hub], None],
) -> None:
    device = _device(world, folder, route)
    try:
        _replay(device, target.path)
        handlers = _handlers(device)
        control, event = handlers[target.position]
        assert _signature(control, event) == target.signature, "the screen was not the same"
        cut_off(device.hub)
        before = _rows(device.hub)
        device.wire.take()
        _fire(device, control, event, ATTACK)
        sent = device.wire.take()
        where = f"{target.signature} after {target.path}"
        assert _rows(device.hub) == before, f"{where} changed the database"
        if _typed(control, event):
            assert getattr(control, "value", None) != ATTACK, f"{where} took the typed value"
        leaked = _leaks(sent, world.secrets() | _current_codes(device.hub, world) | {ATTACK})
        assert not leaked, f"{where} sent {leaked}"
        extra = _strings(sent) - DENIED
        assert not extra, f"{where} sent more than the ask-the-host page: {sorted(extra)[:8]}"
        assert device.shell.access is None
        # And the screen it had is gone: a second tap anywhere does nothing at all.
        _fire(device, control, event)
        assert not device.wire.take()
    finally:
        device.close()


def _current_codes(hub: Hub, world: World) -> set[str]:
    """The host key and every table's codes as they are now (after a revoke: the new ones)."""
    found = {hub.host_key}
    for table_id in world.codes:
        live = hub.open(table_id)
        found |= {c for c in (live.join_token, *live.seat_tokens) if c}
    return found


def _renew(hub: Hub) -> None:
    hub.renew_host_key()


def _host_table(slug: str) -> Callable[[World], Callable[[Hub], str]]:
    return lambda w: lambda h: f"/t/{w.tables[slug]}?key={h.host_key}"


HOST_SCREENS: dict[str, Callable[[World], Callable[[Hub], str]]] = {
    "home": lambda w: lambda h: f"/?key={h.host_key}",
    "new table": lambda w: lambda h: f"/new?key={h.host_key}",
    "plays": lambda w: lambda h: f"/plays?key={h.host_key}",
    "a play": lambda w: lambda h: f"/plays/{w.play_id}?key={h.host_key}",
    "stats": lambda w: lambda h: f"/stats?key={h.host_key}",
    "settings": lambda w: lambda h: f"/settings?key={h.host_key}",
    "rules": lambda w: lambda h: f"/rules?key={h.host_key}",
    **{f"table {slug}": _host_table(slug) for slug in [*GAMES, "tally"]},
}


@pytest.mark.parametrize("screen", list(HOST_SCREENS))
def test_a_renewed_host_key_opens_no_control(
    world: World, tmp_path: Path, screen: str, tally_game: None
) -> None:
    route = HOST_SCREENS[screen](world)
    targets = _explore(world, tmp_path, route)
    assert targets, f"no control with a handler was found on {screen}"
    for target in targets:
        _attack(world, tmp_path, route, target, _renew)
    print(f"{screen}: {len(targets)} controls refused")


GUEST_SCREENS: dict[str, tuple[str, str]] = {
    **{f"table {slug}": (slug, "/t/{id}?k={code}") for slug in GAMES},
    "settings": ("scales-of-fate", "/settings?k={code}&table={id}"),
    "rules": ("grimheim", "/t/{id}/rules?k={code}"),
}


def _guest_route(world: World, screen: str, which: int | None) -> Callable[[Hub], str]:
    """The route of ``screen`` with seat ``which``'s code (``None``: the watch code)."""
    slug, pattern = GUEST_SCREENS[screen]
    table_id = world.tables[slug]
    join, seats = world.codes[table_id]
    code = join if which is None else seats[which]
    route = pattern.format(id=table_id, code=code)
    return lambda _hub: route


def _revoke(slug: str, world: World) -> Callable[[Hub], None]:
    return lambda hub: hub.revoke_tokens(world.tables[slug])


REVOKED = [(screen, 0) for screen in GUEST_SCREENS] + [("table scales-of-fate", None)]


@pytest.mark.parametrize(
    ("screen", "which"),
    REVOKED,
    ids=[f"{s}, {'watch' if w is None else 'seat'} code" for s, w in REVOKED],
)
def test_a_revoked_code_opens_no_control(
    world: World, tmp_path: Path, screen: str, which: int | None, tally_game: None
) -> None:
    route = _guest_route(world, screen, which)
    targets = _explore(world, tmp_path, route)
    assert targets, f"no control with a handler was found on {screen}"
    cut_off = _revoke(GUEST_SCREENS[screen][0], world)
    for target in targets:
        _attack(world, tmp_path, route, target, cut_off)
    print(f"{screen} ({'watch' if which is None else 'seat'}): {len(targets)} controls refused")


def _own_words(world: World, slug: str) -> set[str]:
    """What a watcher of ``slug``'s table may be shown: its title and players."""
    return {world.titles[slug], *NAMES[slug]}


@pytest.mark.parametrize("screen", list(GUEST_SCREENS))
def test_a_watch_code_reaches_nothing_of_the_host(
    world: World, tmp_path: Path, screen: str, tally_game: None
) -> None:
    """Every control of a watching device's own screens: nothing changes (a watcher does
    not move), and no code, no other table and nobody else is sent to it."""
    slug = GUEST_SCREENS[screen][0]
    route = _guest_route(world, screen, None)
    own_code = world.codes[world.tables[slug]][0]
    targets = _explore(world, tmp_path, route)
    assert targets, f"no control with a handler was found on {screen}"
    for target in targets:
        device = _device(world, tmp_path, route)
        try:
            _replay(device, target.path)
            control, event = _handlers(device)[target.position]
            before = _rows(device.hub)
            device.wire.take()
            _fire(device, control, event)
            sent = device.wire.take()
            where = f"{target.signature} after {target.path}"
            assert _rows(device.hub) == before, f"{where} changed the database"
            forbidden = (world.secrets() | _current_codes(device.hub, world)) - _own_words(
                world, slug
            )
            forbidden.discard(own_code)
            assert not _leaks(sent, forbidden), f"{where} sent {_leaks(sent, forbidden)}"
        finally:
            device.close()


def _change_route(device: Device, route: str) -> None:
    """The phone's route change event, as the browser sends it; fails unless the shell
    drew that route."""
    shell = device.shell
    drawn: list[str] = []
    show = shell.show

    def recorded(to: str) -> None:
        drawn.append(to)
        show(to)

    shell.show = recorded  # type: ignore[method-assign]
    page = device.session.page
    _run(device.session.dispatch_event(page._i, "route_change", {"route": route}))
    assert drawn == [route], f"the route change to {route} was not drawn"


def _host_routes(world: World, credential: str) -> list[str]:
    other = world.tables["tally"]
    return [
        f"/?{credential}",
        f"/new?{credential}",
        f"/plays?{credential}",
        f"/plays/{world.play_id}?{credential}",
        f"/stats?{credential}",
        f"/rules?{credential}",
        f"/settings?{credential}",
        f"/t/{other}?{credential}",
        f"/t/{other}/rules?{credential}",
    ]


def test_a_watch_code_opens_no_host_route(world: World, tmp_path: Path, tally_game: None) -> None:
    """A watching device that changes its route to each host screen (with its code as a
    watch code and as a host key) is shown its own table or the ask-the-host page."""
    slug = "scales-of-fate"
    table_id = world.tables[slug]
    join = world.codes[table_id][0]
    route = f"/t/{table_id}?k={join}"
    for credential in (f"k={join}", f"key={join}"):
        for target in _host_routes(world, credential):
            device = _device(world, tmp_path, lambda _h: route)
            try:
                before = _rows(device.hub)
                device.wire.take()
                _change_route(device, target)
                sent = device.wire.take()
                assert _rows(device.hub) == before
                forbidden = (world.secrets() | {device.hub.host_key}) - _own_words(world, slug)
                forbidden.discard(join)
                assert not _leaks(sent, forbidden), f"{target} sent {_leaks(sent, forbidden)}"
                access = device.shell.access
                assert access is None or (access.role, access.table_id) == ("viewer", table_id)
            finally:
                device.close()


@pytest.mark.parametrize(
    "cut_off",
    ["renewed host key", "revoked seat code"],
)
def test_a_stale_route_change_shows_only_the_ask_the_host_page(
    world: World, tmp_path: Path, cut_off: str, tally_game: None
) -> None:
    """A device whose code stopped working that changes its route (a link it kept, a
    crafted event) to any screen, with the code it had, sees the ask-the-host page only."""
    table_id = world.tables["scales-of-fate"]
    seat_code = world.codes[table_id][1][0]
    for index in range(len(_host_routes(world, "x=y"))):
        device = _device(
            world,
            tmp_path,
            (lambda h: f"/?key={h.host_key}")
            if cut_off == "renewed host key"
            else (lambda _h: f"/t/{table_id}?k={seat_code}"),
        )
        try:
            old = (
                f"key={device.hub.host_key}" if cut_off == "renewed host key" else f"k={seat_code}"
            )
            if cut_off == "renewed host key":
                device.hub.renew_host_key()
            else:
                device.hub.revoke_tokens(table_id)
            target = _host_routes(world, old)[index]
            before = _rows(device.hub)
            device.wire.take()
            _change_route(device, target)
            sent = device.wire.take()
            assert _rows(device.hub) == before
            secrets = world.secrets() | {device.hub.host_key}
            assert not _leaks(sent, secrets), f"{target} sent {_leaks(sent, secrets)}"
            assert device.shell.access is None, target
            shown = _strings(sent)
            assert "Ask the host for the code" in shown, target
        finally:
            device.close()
