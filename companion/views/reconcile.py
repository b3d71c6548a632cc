"""Send a rebuilt panel to the phone as the few fields that changed, not as a new tree.

Panels are pure functions of the table's state: every change builds a NEW control tree.
Assigned as is, Flet sees brand-new controls and sends the whole tree to every phone
(about 1.5 KB for the smallest panel on every tap, far more for the big ones). Flet can
instead compare two trees field by field (a *frozen* diff, the one ``use_dialog`` uses):
each new control takes over the id of the control it replaces, and only real differences
go out. ``swap_in`` does that for the single child of a holder Column and then puts the
new tree into the state an ordinary, already-sent tree is in, so event handlers keep
mutating controls and calling ``.update()`` on them as before.

This leans on Flet 1.0.5 internals (the ``_frozen`` marker, the ``__prev_*`` snapshots the
encoder records, ``Session.patch_control``, the ``_isolated`` update boundary); they are all
used in this one module.

Why not Flet's declarative components (``@ft.component``, ``ft.memo``) instead? They reach
the phone through the same frozen diff, so re-rendering a whole panel costs what a
``swap_in`` costs (measured on 40 counter cards, one value changed, host CPU per change:
45 ms as one component, 34 ms rebuilt and swapped in). What makes them fast is ``ft.memo``
skipping the parts whose inputs did not change (3.4 ms there): ``PanelContext.kept`` does the
same for a panel built the usual way, one section at a time, without rewriting every screen
as components. So the project keeps this small layer: components would cost a rewrite of
five game screens for no gain on the phone. Its price is the reliance on Flet internals
listed above, kept in this one module (``tests/companion/test_reconcile.py`` pins it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import flet as ft
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import _control_setattr, get_control_key
from flet.messaging.protocol import configure_encode_object_for_msgpack

_PATH = ["controls", 0]
"""Where the child sits inside its holder: the patch is addressed to the holder, so the
client applies it to the child it already has there."""

_record_snapshot = configure_encode_object_for_msgpack(BaseControl)  # type: ignore[no-untyped-call]
"""Flet's own wire encoder. Encoding a control records, as a side effect, the snapshots of
its lists, dicts and nested objects that the next ordinary diff compares against."""


def isolate_control(control: ft.Control) -> None:
    """Mark ``control`` as an update boundary: updates and diffs compare its own fields
    but never go into what it holds (see ``isolate``)."""
    object.__setattr__(control, "_isolated", True)


def isolate(holder: ft.Column) -> ft.Column:
    """Mark ``holder`` as its own update boundary and return it.

    An update of any ancestor (the table screen's app bar, status line, tabs) then stops at
    the holder instead of walking the whole panel below it: ``swap_in`` has already brought
    the panel up to date, and walking a big panel to find nothing changed costs more than
    anything else a redraw does. Updating the holder itself (``swap_in``, Flet's update
    after an event in the panel) still reaches every control inside it.
    """
    isolate_control(holder)
    return holder


_UNTHAWED = "_fk_unthawed"
"""Holder attribute: the child a frozen diff left frozen (``swap_in(..., thaw_now=False)``)
until ``settle`` thaws it."""


def settle(holder: ft.Column) -> None:
    """Thaw the child a ``swap_in(..., thaw_now=False)`` left frozen, if any. Call it before
    anything may change or update that child: an event handler, a value the phone sends."""
    tree = holder.__dict__.pop(_UNTHAWED, None)
    if tree is not None:
        thaw(tree)


def swap_in(
    holder: ft.Column,
    new: ft.Control,
    *,
    pending: bool = True,
    thaw_now: bool = True,
    kept: frozenset[int] = frozenset(),
) -> None:
    """Make ``new`` the only child of ``holder`` and bring every phone up to date.

    ``pending=False`` tells that nothing in the old tree can have been changed without
    being sent since the last ``swap_in`` (no event was handled on this page meanwhile):
    the walk that looks for such changes is then skipped.

    ``thaw_now=False`` leaves the new tree as the diff left it (frozen: it refuses changes)
    until ``settle(holder)``; the next ``swap_in`` diffs against it as it is. A phone that
    only watches then never pays for thawing trees it never touches. Only for a holder
    that is isolated (``isolate``), so no ancestor's update walks into the frozen tree, and
    whose owner calls ``settle`` before every event and every value the phone sends.

    ``kept`` holds the ``id()`` of controls of the old tree that ``new`` reuses as they are
    (see ``PanelContext.kept``): the diff passes over them (the same object on both sides),
    and they keep what the phone was sent of them.

    When the phone already shows a child of the same type (and key) in ``holder``, the two
    trees are diffed field by field: only what differs is sent, and each new control takes
    over the id (and, on the phone, the widget state: scroll position, focus) of the one
    it replaces. Otherwise (first draw, different type or key, holder not on a page yet,
    or a child the phone has never been sent) the child is replaced whole, and sent at
    once if the holder is on a page.

    Afterwards ``new`` and all its descendants are ordinary mutable controls: handlers may
    change them and call ``.update()``, and events reach the new handlers.
    """
    old = holder.controls[0] if len(holder.controls) == 1 else None
    page = _page_of(holder)
    shown = _sent_children(holder)
    if (
        old is None
        or old is new
        or page is None
        or shown is None
        or len(shown) != 1
        or shown[0] is not old
        or type(old) is not type(new)
        or get_control_key(old) != get_control_key(new)
        or (hasattr(old, "_frozen") and holder.__dict__.get(_UNTHAWED) is not old)
    ):
        settle(holder)
        holder.controls = [new]
        if page is not None:
            holder.update()
        return
    # The frozen diff compares the new tree with the old one as it is now in Python. A
    # handler may have changed the old tree without sending it (hiding an error just before
    # acting, say), and then the phone and Python disagree on a field the new tree leaves
    # as it is: send such pending changes first. Nothing pending, nothing is sent.
    isolated = holder.is_isolated()
    if pending:
        settle(holder)
        if unsent(old):
            holder.update()
    # The old tree is about to be dropped: forget its snapshots. Flet lists the controls a
    # frozen diff replaces by walking each one's snapshots, so with them every control
    # would list its whole subtree again (quadratic in the depth); without them it lists
    # only itself, and a control that really goes away is still walked through its fields.
    _forget_snapshots(old, kept)
    # An isolated holder would stop the diff at its own children: lift the boundary for
    # this one diff.
    if isolated:
        object.__setattr__(holder, "_isolated", False)
    # Addressed to the holder with the child's path, so the root control is reconciled
    # like every other one: it gets its parent and replaces ``old`` in the session's index
    # (without a parent, events for its id would still reach the old instance).
    try:
        page.session.patch_control(
            control=new, prev_control=old, parent=holder, path=list(_PATH), frozen=True
        )
    finally:
        if isolated:
            object.__setattr__(holder, "_isolated", True)
    holder.controls[0] = new
    # The holder's snapshot is what the phone has; without this the next update of any
    # ancestor would see a different object at index 0 and re-send the whole child.
    shown[0] = new
    holder.__dict__.pop(_UNTHAWED, None)  # the old tree is gone, thawed or not
    if thaw_now:
        thaw(new)
    else:
        holder.__dict__[_UNTHAWED] = new


def _objects(root: Any) -> Iterator[tuple[Any, list[Any]]]:
    """Each dataclass object (control or nested value) found from ``root`` through lists,
    tuples and dicts, once, with the list to add what to look at next: the caller says
    which of an object's fields to go on into."""
    seen: set[int] = set()
    stack: list[Any] = [root]
    while stack:
        value = stack.pop()
        if isinstance(value, list | tuple):
            stack.extend(value)
            continue
        if isinstance(value, dict):
            stack.extend(value.values())
            continue
        if not dataclasses.is_dataclass(value) or isinstance(value, type):
            continue
        if id(value) in seen:
            continue
        seen.add(id(value))
        yield value, stack


def thaw(root: Any) -> None:
    """Put a tree that went through a frozen diff into the state of a tree sent whole.

    The diff marks the controls it touched ``_frozen`` (they then refuse ``.update()`` and
    any change), and it records no snapshots for them, so a later ordinary diff would miss
    changes to their lists. For every dataclass in the tree: drop the marker, forget the
    pending changes (the phone has them now) and record the snapshots of what the phone
    holds.
    """
    for value, more in _objects(root):
        if not hasattr(value, "_frozen") and "__prev_lists" in getattr(value, "__dict__", {}):
            # Untouched by the diff and already as sent (a kept subtree, or one thawed
            # before): the diff marks every control it reconciles or adds frozen, and
            # frozen controls get no snapshots.
            continue
        if hasattr(value, "_frozen"):
            object.__delattr__(value, "_frozen")
        dirty = getattr(value, "_dirty", None)
        if dirty is not None:
            dirty.clear()
        else:
            # A plain dataclass (no property tracking): Flet tracks its scalar changes
            # through this hook once the object has been configured unfrozen.
            cls = type(value)
            if cls.__setattr__ is not _control_setattr:
                cls.__setattr__ = _control_setattr  # type: ignore[method-assign,assignment]
            object.__setattr__(value, "__changes", {})
        _record_snapshot(value)
        more.extend(_children(value))


_SNAPSHOTS = ("__prev_lists", "__prev_dicts", "__prev_classes")

_NO_PREPARATION = BaseControl.before_update
"""The ``before_update`` of every control that derives nothing before it is sent (most of
them: texts, rows, containers); ``unsent`` calls only the others."""


def unsent(root: Any) -> bool:
    """Was anything in ``root`` (a settled tree, as the phone was sent it) changed since,
    without being sent?

    Read from the same evidence Flet's ordinary update works from: each control's
    ``before_update`` (which turns settings such as a button's style into what is sent),
    then each object's record of the properties set since it was sent (``_dirty``, or
    ``__changes`` for a plain dataclass) and the snapshots of its lists, dicts and nested
    objects. Building no patch and validating nothing, it costs a fraction of the update
    it lets a redraw skip (on a big panel, most of the tapping phone's own redraw).
    Whatever it cannot vouch for (an object never sent, a tree still frozen) counts as
    changed, so the answer errs towards sending.
    """
    for value, more in _objects(root):
        own = value.__dict__
        if hasattr(value, "_frozen") or "__prev_lists" not in own:
            return True
        # Flet's update stops at an isolated control below the root (a hidden panel): so
        # does this look, at its own fields.
        if value is not root and isinstance(value, BaseControl) and value.is_isolated():
            more = []
        if isinstance(value, BaseControl) and type(value).before_update is not _NO_PREPARATION:
            value.before_update()
        if getattr(value, "_dirty", None) or own.get("__changes"):
            return True
        lists, dicts, classes = (own.get(name) or {} for name in _SNAPSHOTS)
        values = getattr(value, "_values", None)
        structural = getattr(type(value), "_structural_fields", None)
        if isinstance(values, dict) and structural is not None:
            names: Any = structural
            more.extend(values.values())
        else:
            names = [f.name for f in dataclasses.fields(value) if not f.metadata.get("skip")]
        for name in names:
            field = getattr(value, name)
            if isinstance(field, list):
                before = lists.get(name)
                if before is None or len(before) != len(field):
                    return True
                pairs: Any = zip(before, field, strict=True)
            elif isinstance(field, dict):
                before_dict = dicts.get(name)
                if before_dict is None or before_dict.keys() != field.keys():
                    return True
                pairs = ((before_dict[key], item) for key, item in field.items())
            elif dataclasses.is_dataclass(field):
                pairs = [(classes.get(name), field)]
            elif field is None and (name in lists or name in dicts or name in classes):
                return True  # a list, dict or object the phone has was taken away
            else:
                continue
            for sent, now in pairs:
                if sent is now:
                    more.append(now)  # the same object: look inside it
                elif isinstance(now, BaseControl) or sent != now:
                    # A new value equal to the one sent (a style made afresh by
                    # ``before_update``) is no change; anything else is, and so is
                    # any other control, however alike: the phone must learn its id.
                    return True
    return False


def _forget_snapshots(root: Any, kept: frozenset[int] = frozenset()) -> None:
    """Drop the snapshots the encoder recorded on every control of a tree about to be
    replaced (walked through those very snapshots: what the phone was sent), except in the
    subtrees the new tree keeps."""
    stack: list[Any] = [root]
    while stack:
        value = stack.pop()
        if id(value) in kept:
            continue
        if isinstance(value, list):
            stack.extend(value)
            continue
        if isinstance(value, dict):
            stack.extend(value.values())
            continue
        for name in _SNAPSHOTS:
            snapshot = value.__dict__.pop(name, None) if hasattr(value, "__dict__") else None
            if isinstance(snapshot, dict):
                stack.extend(snapshot.values())


def _children(value: Any) -> list[Any]:
    """The field values of a dataclass that may hold more dataclasses."""
    values = getattr(value, "_values", None)
    structural = getattr(type(value), "_structural_fields", None)
    if isinstance(values, dict) and structural is not None:
        # Property-tracked types keep every non-default property in ``_values`` and their
        # lists, dicts and internals in the structural fields: the same walk as Flet's
        # encoder, and far fewer fields than ``dataclasses.fields`` lists.
        return [*values.values(), *(getattr(value, name) for name in structural)]
    return [
        getattr(value, field.name)
        for field in dataclasses.fields(value)
        if not field.metadata.get("skip", False)
    ]


def _page_of(control: ft.Control) -> ft.Page | None:
    try:
        page = control.page
    except RuntimeError:
        return None
    return page if isinstance(page, ft.Page) else None


def _sent_children(holder: ft.Column) -> list[Any] | None:
    """The holder's children as the phone last received them (``None``: never sent)."""
    prev_lists = getattr(holder, "__prev_lists", None)
    if not isinstance(prev_lists, dict):
        return None
    children = prev_lists.get("controls")
    return children if isinstance(children, list) else None
