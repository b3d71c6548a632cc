"""Reading a built Flet control tree in tests without a browser."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import flet as ft

_ONE = ("content", "title", "subtitle", "leading", "trailing", "appbar", "label")
_MANY = ("controls", "actions")


def walk(control: Any) -> Iterator[Any]:
    """Every control below ``control``, depth first.

    Fails on a Semantics wrapper with no content or a hidden one: the phone would draw it
    as a red error box ("Semantics.content must be provided and visible"), so every test
    that reads a tree checks this on the way."""
    if isinstance(control, ft.Semantics) and control.visible is not False:
        content = control.content
        assert content is not None and content.visible is not False, (
            f"the wrapper {control.identifier or control.label!r} holds "
            f"{'no control' if content is None else 'a hidden control'}: "
            "a phone shows it as an error box"
        )
    yield control
    for name in _ONE:
        child = getattr(control, name, None)
        if isinstance(child, ft.Control):
            yield from walk(child)
    for name in _MANY:
        for child in getattr(control, name, None) or []:
            if isinstance(child, ft.Control):
                yield from walk(child)


def _shown(root: Any) -> Iterator[str]:
    """Each text shown below ``root`` as a person reads it: the zero-width breaks that let a
    long rule ID wrap at its dots left out, and see-through texts (which only hold a width)
    skipped."""
    for c in walk(root):
        if isinstance(c, (ft.Text, ft.TextField)) and c.value and c.opacity != 0:
            yield str(c.value).replace("\u200b", "")


def texts(root: Any) -> str:
    """All the text shown below ``root``, one control per line."""
    return "\n".join(_shown(root))


def one_line(root: Any) -> str:
    """All the text shown below ``root``, joined by spaces: a sentence split over several
    controls reads as one."""
    return " ".join(_shown(root))


def tagged(root: Any) -> dict[str, ft.Semantics]:
    """Controls by their test identifier."""
    return {c.identifier: c for c in walk(root) if isinstance(c, ft.Semantics) and c.identifier}


def starting_with(root: Any, prefix: str) -> list[ft.Semantics]:
    """The tagged controls whose identifier starts with ``prefix``, in screen order."""
    return [
        c
        for c in walk(root)
        if isinstance(c, ft.Semantics) and (c.identifier or "").startswith(prefix)
    ]


def one(root: Any, identifier: str) -> ft.Semantics:
    """The one control tagged ``identifier`` below ``root``; fails on none or several."""
    found = [c for c in walk(root) if isinstance(c, ft.Semantics) and c.identifier == identifier]
    assert len(found) == 1, f"{identifier}: {len(found)} found"
    return found[0]


def click(wrapper: ft.Semantics) -> None:
    """A finger on the control inside ``wrapper``: its click handler runs, as the phone's
    tap would make it. Fails on a disabled control, which a phone would not let through."""
    target = wrapper.content
    while target is not None and getattr(target, "on_click", None) is None:
        target = getattr(target, "content", None)
    assert target is not None, f"{wrapper.identifier} is not tappable"
    assert not target.disabled, f"{wrapper.identifier} is disabled"
    target.on_click(None)


def click_on(root: Any, identifier: str) -> None:
    """``click`` on the one control tagged ``identifier`` below ``root``."""
    click(one(root, identifier))


class FakePage:
    """Stands in for ``ft.Page`` in panel tests: a key for a panel's memory of its own
    controls, and a record of the dialogs opened on it instead of sending them."""

    def __init__(self) -> None:
        self.dialogs: list[ft.Control] = []

    def show_dialog(self, dialog: ft.Control) -> None:
        self.dialogs.append(dialog)

    def pop_dialog(self) -> None:
        if self.dialogs:
            self.dialogs.pop()


def top_dialog(session: Any) -> ft.AlertDialog:
    """The dialog open on top of a phone's page (as the phone shows it)."""
    dialogs = [d for d in session.page._dialogs.controls if getattr(d, "open", False)]
    assert dialogs, "no dialog is open"
    return dialogs[-1]


def dialog_tags(dialog: ft.AlertDialog) -> dict[str, ft.Semantics]:
    """Every tagged control of ``dialog``: its title, its content and its buttons."""
    found = tagged(dialog.title) if dialog.title is not None else {}
    if dialog.content is not None:
        found.update(tagged(dialog.content))
    for action in dialog.actions or []:
        found.update(tagged(action))
    return found
