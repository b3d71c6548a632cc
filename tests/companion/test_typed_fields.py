"""Typed fields on a live table screen, as a phone sends them: what is typed is stored as it
is typed (not only on leaving the field), the tap after typing is not swallowed by a redraw,
and the verdict that depends on the value follows it keystroke by keystroke."""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft

from companion.app import Shell
from companion.hub import Hub
from companion.table import Actor, Change
from rules.fates_and_favors import EnterHand
from rules.scales_of_fate.actions import DealDemigods
from tests.support.ui import tagged, texts
from tests.support.wire import first_draw, session

HOST = Actor("host", "Host", None)


def _phone(hub: Hub, route: str) -> tuple[Shell, Any, Any]:
    s, wire = session(route)
    shell = Shell(s.page, hub, "http://127.0.0.1:1")
    s.page.run_task = lambda *_a, **_k: None  # type: ignore[method-assign]  # no loop
    shell.start()
    first_draw(s, wire)
    return shell, s, wire


def _field(sem: ft.Semantics) -> ft.TextField:
    assert isinstance(sem.content, ft.TextField), sem.identifier
    return sem.content


def _type(s: Any, sem: ft.Semantics, text: str) -> None:
    """What a browser sends while a player types: the new value, then a change event."""
    field = _field(sem)
    s.apply_patch(field._i, {"value": text})
    asyncio.run(s.dispatch_event(field._i, "change", text))


def _leave(s: Any, sem: ft.Semantics) -> None:
    field = _field(sem)
    asyncio.run(s.dispatch_event(field._i, "blur", None))


def _submit(s: Any, sem: ft.Semantics) -> None:
    """The keyboard's Done (Enter) key in the field."""
    field = _field(sem)
    asyncio.run(s.dispatch_event(field._i, "submit", field.value or ""))


def _tap(s: Any, sem: ft.Semantics) -> None:
    asyncio.run(s.dispatch_event(sem.content._i, "focus", None))
    asyncio.run(s.dispatch_event(sem.content._i, "click", None))


def _scales_host(hub: Hub) -> tuple[Shell, Any, Any]:
    table = hub.create_table("scales-of-fate", None, ["Ann", "Bo"], "typed")
    table.do(DealDemigods(0, ("Pentha", "Klar")), HOST)
    table.do(DealDemigods(1, ("Naka", "Belan")), HOST)
    return _phone(hub, f"/t/{table.id}?key={hub.host_key}")


def test_age_card_from_is_kept_when_to_is_tapped(hub: Hub) -> None:
    shell, s, wire = _scales_host(hub)
    tags = tagged(shell.table_screen.body)
    _type(s, tags["sof-crit-min"], "4")
    assert _sent_fields(wire) == 0  # the field typed into stays on the phone as it is
    # The player moves on to To: leaving From must not lose the 4.
    _leave(s, tags["sof-crit-min"])
    tags = tagged(shell.table_screen.body)
    _tap(s, tags["sof-crit-max"])
    _type(s, tags["sof-crit-max"], "2")
    tags = tagged(shell.table_screen.body)
    assert _field(tags["sof-crit-min"]).value == "4"
    assert _field(tags["sof-crit-max"]).value == "2"
    # The verdict followed the typing: From above To is a problem, named at once.
    assert "range 4-2 is empty" in texts(tags["sof-setup-verdict"])
    _type(s, tags["sof-crit-max"], "9")
    tags = tagged(shell.table_screen.body)
    assert "is empty" not in texts(tags["sof-setup-verdict"])
    # Drawn again (as after opening a rule and coming back): the numbers are still there.
    shell.table_screen.render()
    tags = tagged(shell.table_screen.body)
    assert _field(tags["sof-crit-min"]).value == "4"
    assert _field(tags["sof-crit-max"]).value == "9"


def _sent_fields(wire: Any) -> int:
    """How many text fields the phone was sent anew (a field sent anew loses its keyboard)."""
    return sum(frame.count(b"TextField") for frame in wire.take())


def test_titans_first_tap_after_typing_is_not_swallowed(hub: Hub) -> None:
    table = hub.create_table("born-of-titans", None, ["Ann", "Bo"], "typed")
    shell, s, wire = _phone(hub, f"/t/{table.id}?key={hub.host_key}")
    _tap(s, tagged(shell.table_screen.body)["bot-lowest-1"])
    tags = tagged(shell.table_screen.body)
    _tap(s, tags["bot-suggest-Cyrene"])
    tags = tagged(shell.table_screen.body)
    wire.take()
    _type(s, tags["bot-crew-name"], "Argo")
    assert _sent_fields(wire) == 0  # the field typed into stays on the phone as it is
    tags = tagged(shell.table_screen.body)
    # The verdict and the button already read the name as typed.
    _type(s, tags["bot-crew-name"], "Argonauts")
    tags = tagged(shell.table_screen.body)
    assert "Argonauts" in texts(tags["bot-pick-verdict"])
    # Leaving the field for the button: the button tapped is the one that commits.
    _leave(s, tags["bot-crew-name"])
    _tap(s, tags["bot-pick"])
    assert "Argonauts" in repr(table.state.heroes[1])


def test_titans_what_was_typed_survives_a_look_at_the_rules(hub: Hub) -> None:
    table = hub.create_table("born-of-titans", None, ["Ann", "Bo"], "typed")
    route = f"/t/{table.id}?key={hub.host_key}"
    shell, s, _wire = _phone(hub, route)
    _tap(s, tagged(shell.table_screen.body)["bot-lowest-1"])
    _type(s, tagged(shell.table_screen.body)["bot-crew-name"], "Argonauts")
    shell.show(f"/t/{table.id}/rules?key={hub.host_key}&rule=bot.setup.heroes")
    assert shell.table_screen is None
    shell.show(route)
    tags = tagged(shell.table_screen.body)
    assert _field(tags["bot-crew-name"]).value == "Argonauts"


def _leave_and_look_at_the_rules(shell: Shell, table_id: str, route: str, rule: str) -> None:
    """Leave the field for the rules reference, then come back to the table."""
    shell.show(route.replace(f"/t/{table_id}?", f"/t/{table_id}/rules?") + f"&rule={rule}")
    assert shell.table_screen is None
    shell.show(route)


def test_a_counter_typed_is_judged_as_typed_and_kept_over_a_look_at_the_rules(hub: Hub) -> None:
    table = hub.create_table("tally", None, ["Ann", "Bo"], "typed")
    route = f"/t/{table.id}?key={hub.host_key}"
    shell, s, wire = _phone(hub, route)
    tags = tagged(shell.table_screen.body)
    wire.take()
    _type(s, tags["counter-pile-field"], "99")
    assert _sent_fields(wire) == 0  # the field typed into stays on the phone as it is
    # The line under the field already says what Set would do (core.correction's bounds).
    tags = tagged(shell.table_screen.body)
    assert "between 0 and 10; 99 is outside" in texts(shell.table_screen.body)
    _type(s, tags["counter-pile-field"], "7")
    tags = tagged(shell.table_screen.body)
    assert "Set pile to 7" in texts(shell.table_screen.body)
    assert "outside" not in texts(shell.table_screen.body)
    # A look at the rules and back: the 7 is still there, and so is its verdict.
    _leave(s, tags["counter-pile-field"])
    _leave_and_look_at_the_rules(shell, table.id, route, "core.correction")
    tags = tagged(shell.table_screen.body)
    assert _field(tags["counter-pile-field"]).value == "7"
    assert "Set pile to 7" in texts(shell.table_screen.body)
    assert table.state.pile == 0  # typed, not set: nothing reached the table yet
    # Set commits what was typed.
    _tap(s, tags["counter-pile-set"])
    assert table.state.pile == 7
    tags = tagged(shell.table_screen.body)
    assert _field(tags["counter-pile-field"]).value == "7"
    assert "Set pile to" not in texts(shell.table_screen.body)


def test_ff_a_hand_typed_is_judged_as_typed_and_kept_until_noted(hub: Hub) -> None:
    """ff.app.hand: the hand typed on a seat's phone is checked at each keystroke and kept
    over a look at the rules and another player's move, until it is noted."""
    table = hub.create_table("fates-and-favors", None, ["Ann", "Bo"], "typed")
    route = f"/t/{table.id}?k={table.seat_tokens[0]}"
    shell, s, wire = _phone(hub, route)
    tags = tagged(shell.table_screen.body)
    wire.take()
    _type(s, tags["ff-hand-field"], "3 7 zues")
    assert _sent_fields(wire) == 0  # the field typed into stays on the phone as it is
    tags = tagged(shell.table_screen.body)
    assert "Unknown card: zues" in texts(tags["ff-hand-check"])
    _type(s, tags["ff-hand-field"], "3 7 Zeus")
    tags = tagged(shell.table_screen.body)
    assert texts(tags["ff-hand-check"]) == "To note: 3, 7, zeus."
    # A look at the rules and back, then another player's move: still there, still judged.
    _leave(s, tags["ff-hand-field"])
    _leave_and_look_at_the_rules(shell, table.id, route, "ff.app.hand")
    table.do(EnterHand(1, ("5",)), HOST)
    asyncio.run(shell.table_screen._refresh(Change(table.id, table.version, "do", "")))
    tags = tagged(shell.table_screen.body)
    assert _field(tags["ff-hand-field"]).value == "3 7 Zeus"
    assert texts(tags["ff-hand-check"]) == "To note: 3, 7, zeus."
    assert table.state.hands[0] == ()  # typed, not noted: nothing reached the table yet
    _tap(s, tags["ff-hand-save"])
    assert table.state.hands[0] == ("3", "7", "zeus")
    tags = tagged(shell.table_screen.body)
    assert "3, 7, zeus" in texts(tags["ff-hand-note"])
    assert not tags["ff-hand-check"].visible


def test_grim_a_card_number_typed_is_kept_and_enter_finds_it(hub: Hub) -> None:
    """grim.reinforce.draw: what is typed is kept keystroke by keystroke without a redraw
    (the field stays on the phone as it is), Enter finds the drawn card by it, and what was
    typed survives a look at the rules."""
    table = hub.create_table("grimheim", None, ["Ann", "Bo"], "typed")
    route = f"/t/{table.id}?key={hub.host_key}"
    shell, s, wire = _phone(hub, route)
    tags = tagged(shell.table_screen.body)
    assert "grim-card-14" in tags and "grim-card-3" in tags
    wire.take()
    _type(s, tags["grim-card-search"], "1")
    _type(s, tags["grim-card-search"], "14")
    assert _sent_fields(wire) == 0  # typing sends nothing back
    _submit(s, tags["grim-card-search"])
    tags = tagged(shell.table_screen.body)
    assert [k for k in tags if k.startswith("grim-card-") and k[10:].isdigit()] == ["grim-card-14"]
    _type(s, tags["grim-card-search"], "149")
    _submit(s, tags["grim-card-search"])
    assert "No yellow card matches '149'" in texts(shell.table_screen.body)
    _type(s, tags["grim-card-search"], "14")
    _leave(s, tagged(shell.table_screen.body)["grim-card-search"])
    _leave_and_look_at_the_rules(shell, table.id, route, "grim.reinforce.draw")
    tags = tagged(shell.table_screen.body)
    assert _field(tags["grim-card-search"]).value == "14"
    assert [k for k in tags if k.startswith("grim-card-") and k[10:].isdigit()] == ["grim-card-14"]
    _tap(s, tags["grim-card-14"])
    assert "Card 14: Jotunn Youth Camp" in texts(
        tagged(shell.table_screen.body)["grim-card-picked"]
    )
