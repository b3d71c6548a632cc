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


def texts(root: Any) -> str:
    """All the text shown below ``root``, one control per line, as a person reads it (the
    zero-width breaks that let a long rule ID wrap at its dots are left out, and so are
    see-through texts that only hold a width)."""
    return "\n".join(
        str(c.value).replace("\u200b", "")
        for c in walk(root)
        if isinstance(c, (ft.Text, ft.TextField)) and c.value and c.opacity != 0
    )


def tagged(root: Any) -> dict[str, ft.Semantics]:
    """Controls by their test identifier."""
    return {c.identifier: c for c in walk(root) if isinstance(c, ft.Semantics) and c.identifier}


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
