"""``swap_in``: a rebuilt child goes out as the fields that changed, and stays a normal control.

Runs a real Flet session over an in-memory connection that encodes every message exactly as
the web transport does (the encoder records the snapshots later diffs rely on), so the
frames checked here are the bytes a phone would receive.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable, Iterator
from typing import Any

import flet as ft
import msgpack
import pytest
from flet.messaging.session import Session

from companion.views.reconcile import isolate, isolate_control, settle, swap_in, unsent
from tests.support.wire import ENCODE, Wire


@dataclasses.dataclass
class Phone:
    wire: Wire
    session: Session
    page: ft.Page
    holder: ft.Column

    def ops(self) -> list[list[Any]]:
        """The patch operations sent since the last call, each as ``[op, path, value?]``
        with the path spelled out from the control the patch is addressed to."""
        ops: list[list[Any]] = []
        for frame in self.wire.take():
            _, body = msgpack.unpackb(frame, raw=False, strict_map_key=False)
            table, *patch = body["patch"]
            paths = _paths(table)
            for op, node, key, *value in patch:
                ops.append([op, [*paths[node], key], *value])
        return ops

    def click(self, control: ft.Control) -> None:
        asyncio.run(self.session.dispatch_event(control._i, "click", None))


def _paths(table: list[Any], prefix: tuple[Any, ...] = ()) -> dict[int, list[Any]]:
    """The protocol's path table (``[id, {key: [id, {...}]}]``) as id -> path."""
    found = {table[0]: list(prefix)}
    for key, sub in (table[1] if len(table) > 1 else {}).items():
        found.update(_paths(sub, (*prefix, key)))
    return found


@pytest.fixture
def phone() -> Iterator[Phone]:
    wire = Wire()
    session = Session(wire)
    page = session.page
    # The first frame a browser gets: the whole page, encoded (this records its snapshots).
    msgpack.packb(session.get_page_patch(), default=ENCODE)
    holder = ft.Column()
    page.views[0].controls.append(holder)
    page.update()
    wire.take()
    yield Phone(wire, session, page, holder)


def card(value: int, on_plus: Callable[[Any], None] | None = None, key: str | None = None) -> Any:
    """A small panel like the counters card: a title, a value, a button and a notes list."""
    return ft.Column(
        key=key,
        controls=[
            ft.Text("Pile", size=16, weight=ft.FontWeight.W_600),
            ft.Text(str(value), size=24),
            ft.IconButton(ft.Icons.ADD, tooltip="Pile + 1", on_click=on_plus),
            ft.Column(controls=[ft.Text("a note")]),
        ],
    )


def everything(root: Any) -> Iterator[Any]:
    """Every dataclass in a control tree (controls and nested values)."""
    stack = [root]
    while stack:
        value = stack.pop()
        if isinstance(value, list):
            stack.extend(value)
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            yield value
            stack += [
                getattr(value, f.name)
                for f in dataclasses.fields(value)
                if not f.metadata.get("skip", False)
            ]


def test_first_draw_off_a_page_only_puts_the_child_in_place() -> None:
    holder = ft.Column()
    first = card(0)
    swap_in(holder, first)
    assert holder.controls == [first] and holder.controls[0] is first


def test_a_changed_value_goes_out_as_that_one_field(phone: Phone) -> None:
    old = card(1)
    swap_in(phone.holder, old)
    assert [op[0] for op in phone.ops()] == [0]  # replaced whole: the phone had no child
    new = card(2)
    swap_in(phone.holder, new)
    frames = phone.wire.frames[:]
    ops = phone.ops()
    assert ops == [[0, ["controls", 0, "controls", 1, "value"], "2"]], ops
    assert len(frames) == 1 and len(frames[0]) < 120
    # The new tree took over the ids the phone knows, and is now the one in the holder.
    assert new._i == old._i
    assert phone.holder.controls == [new] and phone.holder.controls[0] is new


def test_the_new_tree_is_left_mutable_and_its_later_updates_are_small(phone: Phone) -> None:
    swap_in(phone.holder, card(1))
    phone.ops()
    new = card(2)
    swap_in(phone.holder, new)
    phone.ops()
    assert not any(hasattr(obj, "_frozen") for obj in everything(new))
    # Nothing is pending: updating the holder or the whole page sends nothing.
    phone.holder.update()
    phone.page.update()
    assert phone.ops() == []
    # A handler's in-place changes go out as just those changes (a list snapshot was
    # recorded: without it the appended note would not be sent at all).
    notes = new.controls[3]
    notes.controls.append(ft.Text("another note"))
    new.controls[1].value = "3"
    new.update()
    ops = phone.ops()
    assert sorted(op[0] for op in ops) == [0, 1], ops  # one replace, one add
    assert [0, ["controls", 1, "value"], "3"] in ops
    added = next(op for op in ops if op[0] == 1)
    assert added[1] == ["controls", 3, "controls", 1] and added[2]["value"] == "another note"


def test_clicks_reach_the_new_handlers(phone: Phone) -> None:
    seen: list[str] = []
    swap_in(phone.holder, card(1, on_plus=lambda _: seen.append("old")))
    new = card(2, on_plus=lambda _: seen.append("new"))
    swap_in(phone.holder, new)
    button = new.controls[2]
    phone.click(button)
    assert seen == ["new"]


def test_a_handler_can_rebuild_inside_the_new_tree(phone: Phone) -> None:
    swap_in(phone.holder, card(1))
    new = card(2)

    def rebuild(_: Any) -> None:
        new.controls[3].controls = [ft.Text("rebuilt")]
        new.controls[3].update()

    new.controls[2].on_click = rebuild
    swap_in(phone.holder, new)
    phone.ops()
    phone.click(new.controls[2])
    ops = phone.ops()
    assert ops and "rebuilt" in str(ops)


def test_a_different_type_is_sent_whole(phone: Phone) -> None:
    swap_in(phone.holder, card(1))
    phone.ops()
    row = ft.Row(controls=[ft.Text("other")])
    swap_in(phone.holder, row)
    ops = phone.ops()
    assert len(ops) == 1 and ops[0][:2] == [0, ["controls", 0]] and ops[0][2]["_c"] == "Row"
    assert phone.holder.controls[0] is row


def test_a_different_key_is_sent_whole(phone: Phone) -> None:
    swap_in(phone.holder, card(1, key="a"))
    phone.ops()
    other = card(1, key="b")
    swap_in(phone.holder, other)
    ops = phone.ops()
    assert len(ops) == 1 and ops[0][:2] == [0, ["controls", 0]]
    assert ops[0][2]["_c"] == "Column" and ops[0][2]["_i"] == other._i


def test_an_unchanged_rebuild_sends_nothing(phone: Phone) -> None:
    swap_in(phone.holder, card(5))
    phone.ops()
    swap_in(phone.holder, card(5))
    assert phone.wire.frames == []


def test_a_change_left_unsent_in_the_old_tree_still_reaches_the_phone(phone: Phone) -> None:
    def panel(error_shown: bool) -> Any:
        return ft.Column(controls=[ft.Text("Enter a number", visible=error_shown)])

    old = panel(True)
    swap_in(phone.holder, old)
    phone.ops()
    # A handler hides the error without sending it, then acts; the redraw hides it too.
    old.controls[0].visible = False
    swap_in(phone.holder, panel(False))
    assert phone.ops() == [[0, ["controls", 0, "controls", 0, "visible"], False]]


def test_an_isolated_holder_keeps_ancestor_updates_out_of_the_panel(phone: Phone) -> None:
    isolate(phone.holder)
    swap_in(phone.holder, card(1))
    phone.ops()
    # An update of the page does not walk into the holder: a change left unsent inside
    # it stays unsent (nothing else in the page changed, so nothing goes out at all)...
    phone.holder.controls[0].controls[1].value = "7"
    phone.page.update()
    assert phone.ops() == []
    # ... while updating the holder itself sends it, and a frozen diff still reaches the
    # child through the isolated holder.
    phone.holder.update()
    assert phone.ops() == [[0, ["controls", 0, "controls", 1, "value"], "7"]]
    swap_in(phone.holder, card(8))
    assert phone.ops() == [[0, ["controls", 0, "controls", 1, "value"], "8"]]
    assert phone.holder.is_isolated()


def test_a_tree_left_frozen_diffs_like_a_thawed_one_and_settles_on_demand(phone: Phone) -> None:
    seen: list[str] = []
    isolate(phone.holder)
    swap_in(phone.holder, card(1, on_plus=lambda _: seen.append("first")))
    phone.ops()
    second = card(2, on_plus=lambda _: seen.append("second"))
    swap_in(phone.holder, second, pending=False, thaw_now=False)
    assert phone.ops() == [[0, ["controls", 0, "controls", 1, "value"], "2"]]
    assert any(hasattr(obj, "_frozen") for obj in everything(second))
    # The next redraw diffs against the frozen tree as it is: one field again.
    third = card(3, on_plus=lambda _: seen.append("third"))
    swap_in(phone.holder, third, pending=False, thaw_now=False)
    assert phone.ops() == [[0, ["controls", 0, "controls", 1, "value"], "3"]]
    # Before a handler runs, settle: the tree is then ordinary, mutable and clickable.
    settle(phone.holder)
    assert not any(hasattr(obj, "_frozen") for obj in everything(third))
    phone.click(third.controls[2])
    assert seen == ["third"]
    third.controls[1].value = "4"
    third.update()
    assert phone.ops() == [[0, ["controls", 1, "value"], "4"]]


def test_a_pending_redraw_settles_a_frozen_tree_first(phone: Phone) -> None:
    isolate(phone.holder)
    swap_in(phone.holder, card(1))
    frozen = card(2)
    swap_in(phone.holder, frozen, pending=False, thaw_now=False)
    phone.ops()
    # ``pending`` (an event was handled) looks for unsent changes: that needs a thawed tree.
    swap_in(phone.holder, card(5), pending=True)
    assert not any(hasattr(obj, "_frozen") for obj in everything(phone.holder.controls[0]))
    assert phone.ops() == [[0, ["controls", 0, "controls", 1, "value"], "5"]]


def boxed(value: int) -> Any:
    """``card`` with a padded, bordered box and a styled button: nested values to change."""
    tree = card(value)
    tree.controls.append(
        ft.Container(
            padding=ft.Padding.all(4),
            border=ft.Border.all(1, ft.Colors.RED),
            content=ft.Text("boxed"),
        )
    )
    tree.controls.append(ft.Button("Go", style=ft.ButtonStyle(color=ft.Colors.BLUE)))
    return tree


CHANGES: dict[str, Callable[[Any], None]] = {
    "a value": lambda t: setattr(t.controls[1], "value", "9"),
    "hidden": lambda t: setattr(t.controls[0], "visible", False),
    "a handler given": lambda t: setattr(t.controls[2], "on_click", lambda _: None),
    "an item added": lambda t: t.controls[3].controls.append(ft.Text("more")),
    "an item removed": lambda t: t.controls[3].controls.pop(),
    "a list replaced": lambda t: setattr(t.controls[3], "controls", [ft.Text("other")]),
    "an item replaced by its twin": lambda t: t.controls[3].controls.__setitem__(
        0, ft.Text("a note")
    ),
    "the items reordered": lambda t: t.controls.reverse(),
    "a content replaced": lambda t: setattr(t.controls[4], "content", ft.Text("new")),
    "a nested value changed": lambda t: setattr(t.controls[4].padding, "left", 9),
    "a nested value replaced": lambda t: setattr(t.controls[4], "padding", ft.Padding.all(8)),
    "a nested value removed": lambda t: setattr(t.controls[4], "border", None),
    "a style changed": lambda t: setattr(t.controls[5].style, "color", ft.Colors.GREEN),
}


@pytest.mark.parametrize("change", CHANGES)
def test_unsent_sees_every_change_the_ordinary_update_would_send(phone: Phone, change: str) -> None:
    isolate(phone.holder)
    swap_in(phone.holder, boxed(1))
    tree = boxed(2)
    swap_in(phone.holder, tree, pending=False, thaw_now=False)
    settle(phone.holder)  # as the tapping phone's tree is when its handler runs
    phone.ops()
    assert not unsent(tree)
    CHANGES[change](tree)
    assert unsent(tree)
    # ... and it is a change the phone has not got: the ordinary update sends it.
    phone.holder.update()
    assert phone.ops()
    assert not unsent(tree)  # sent now


def test_a_redraw_after_a_handler_that_changed_nothing_skips_the_update(
    phone: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    isolate(phone.holder)
    swap_in(phone.holder, boxed(1))
    tree = boxed(2)
    swap_in(phone.holder, tree)
    phone.ops()
    tree.controls[1].value = "2"  # set to what it already is: not a change
    walks: list[Any] = []
    monkeypatch.setattr(ft.Column, "update", lambda self: walks.append(self))
    swap_in(phone.holder, boxed(3), pending=True)
    assert walks == []  # no whole-tree update was needed
    assert phone.ops() == [[0, ["controls", 0, "controls", 1, "value"], "3"]]


def test_unsent_looks_at_an_isolated_control_below_the_root_but_not_inside_it(
    phone: Phone,
) -> None:
    """Flet's update stops at an isolated control (a hidden tab's panel); so does the look
    for pending changes: a change inside it is not one an update would send, a change to
    the control itself is."""
    isolate(phone.holder)
    swap_in(phone.holder, boxed(1))
    tree = boxed(2)
    isolate_control(tree.controls[4])  # the container, holding a text
    swap_in(phone.holder, tree, pending=False, thaw_now=False)
    settle(phone.holder)
    phone.ops()
    tree.controls[4].content.value = "changed inside"
    assert not unsent(tree)
    phone.holder.update()
    assert "changed inside" not in str(phone.ops())  # the ordinary update does not send it
    tree.controls[4].padding = ft.Padding.all(8)
    assert unsent(tree)
