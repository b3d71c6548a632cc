"""Actions: small frozen dataclasses that round-trip through JSON.

Each game declares its action classes with the ``@action("kind")`` decorator. On the wire an
action is its fields plus ``"type": kind``. ``Correct`` is shared by every game: it sets one
named counter to what the physical box shows and is checked only against hard bounds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, ClassVar, TypeVar, dataclass_transform

from .codec import from_jsonable, to_jsonable
from .verdict import MalformedAction

MAX_ACTION_JSON_CHARS = 10_000
"""Decoded actions come from phones and scripts; anything larger is refused outright."""


@dataclass(frozen=True)
class Action:
    """Base of every action. Subclasses are frozen dataclasses with a class-level ``kind``."""

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        data = to_jsonable(self)
        assert isinstance(data, dict)
        return {"type": self.kind, **data}


A = TypeVar("A", bound=Action)


@dataclass_transform(frozen_default=True)
def action(kind: str) -> Callable[[type[A]], type[A]]:
    """Class decorator: make ``cls`` a frozen dataclass action with wire name ``kind``.
    (Declared as a dataclass transform so type checkers see each action's constructor.)"""

    def wrap(cls: type[A]) -> type[A]:
        cls.kind = kind
        made = dataclass(frozen=True)(cls)
        # "type" carries the wire name and "kind" is the class's name for it: a field of
        # either name would silently corrupt every stored copy of the action.
        clash = {"type", "kind"} & {f.name for f in fields(made)}
        if clash:
            raise TypeError(f"action {cls.__name__} may not have a field named {clash.pop()!r}")
        return made

    return wrap


@action("correct")
class Correct(Action):
    """Set counter ``counter`` (a name from ``Game.counters``) to ``value``, to match the box."""

    counter: str
    value: int
    note: str = ""


def decode_action(types: dict[str, type[Action]], data: Any) -> Action:
    """Build the action described by ``data`` (a dict with ``"type"``).

    Raises ``MalformedAction`` naming the problem: not an object, missing or unknown type,
    missing/unknown/wrong-typed fields.
    """
    if not isinstance(data, dict):
        raise MalformedAction('an action must be a JSON object with a "type" field')
    kind = data.get("type")
    if not isinstance(kind, str):
        raise MalformedAction('the action has no "type" text field')
    cls = types.get(kind)
    if cls is None:
        known = ", ".join(sorted(types))
        raise MalformedAction(f"unknown action type {kind[:40]!r}; known types: {known}")
    result = from_jsonable(cls, data, f"${kind}")
    assert isinstance(result, Action)
    return result
