"""Strict JSON conversion for frozen dataclasses (actions, states, snapshots).

``to_jsonable`` turns a dataclass tree into plain JSON values; ``from_jsonable`` rebuilds it
from its type hints and rejects anything that does not fit, naming the offending path. The
supported field types are the ones game states use: ``int``, ``float``, ``str``, ``bool``,
``None``, ``Literal[...]``, ``Enum`` (by value), ``X | None``, ``tuple[X, ...]``,
``tuple[X, Y]``, ``dict[str, X]``, ``dict[int, X]`` and nested dataclasses.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin

from .verdict import MalformedAction

JSON = Any

_MAX_DEPTH = 40


def to_jsonable(value: Any) -> JSON:
    """Return ``value`` as plain JSON data (dicts, lists, str, int, float, bool, None)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [to_jsonable(v) for v in value]
    if isinstance(value, (frozenset, set)):
        return sorted((to_jsonable(v) for v in value), key=repr)
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    return value


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_jsonable(tp: Any, data: JSON, path: str = "$", _depth: int = 0) -> Any:
    """Rebuild a value of type ``tp`` from JSON data.

    Raises ``MalformedAction`` naming the path (``$.seat``, ``$.quests[2]``...) of the first
    value that does not fit the type.
    """
    if _depth > _MAX_DEPTH:
        raise MalformedAction(f"{path}: nested too deeply")
    origin = get_origin(tp)
    if tp is Any:
        return data
    if tp is type(None) or tp is None:
        if data is not None:
            raise MalformedAction(f"{path}: expected null, got {_kind(data)}")
        return None
    if origin in (Union, types.UnionType):
        options = get_args(tp)
        if data is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return from_jsonable(option, data, path, _depth + 1)
            except MalformedAction as exc:
                errors.append(str(exc))
        raise MalformedAction(errors[0] if len(errors) == 1 else f"{path}: does not fit {tp}")
    if origin is Literal:
        allowed_values = get_args(tp)
        same_kind = isinstance(data, bool) == isinstance(allowed_values[0], bool)
        if data not in allowed_values or not same_kind:
            raise MalformedAction(f"{path}: expected one of {list(allowed_values)}, got {data!r}")
        return data
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(data)
        except (ValueError, TypeError):
            allowed = [m.value for m in tp]
            raise MalformedAction(f"{path}: expected one of {allowed}, got {data!r}") from None
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return _dataclass_from(tp, data, path, _depth)
    if origin is tuple:
        args = get_args(tp)
        if not isinstance(data, list):
            raise MalformedAction(f"{path}: expected a list, got {_kind(data)}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(
                from_jsonable(args[0], item, f"{path}[{i}]", _depth + 1)
                for i, item in enumerate(data)
            )
        if len(args) != len(data):
            raise MalformedAction(f"{path}: expected {len(args)} items, got {len(data)}")
        return tuple(
            from_jsonable(a, item, f"{path}[{i}]", _depth + 1)
            for i, (a, item) in enumerate(zip(args, data, strict=True))
        )
    if origin is frozenset:
        (arg,) = get_args(tp)
        if not isinstance(data, list):
            raise MalformedAction(f"{path}: expected a list, got {_kind(data)}")
        return frozenset(
            from_jsonable(arg, v, f"{path}[{i}]", _depth + 1) for i, v in enumerate(data)
        )
    if origin is dict:
        key_t, val_t = get_args(tp)
        if not isinstance(data, dict):
            raise MalformedAction(f"{path}: expected an object, got {_kind(data)}")
        out = {}
        for k, v in data.items():
            key: Any = k
            if key_t is int:
                try:
                    key = int(k)
                except ValueError:
                    raise MalformedAction(f"{path}: key {k!r} is not a whole number") from None
            elif key_t is not str:
                key = from_jsonable(key_t, k, f"{path}.{k}", _depth + 1)
            out[key] = from_jsonable(val_t, v, f"{path}.{k}", _depth + 1)
        return out
    if tp is bool:
        if not isinstance(data, bool):
            raise MalformedAction(f"{path}: expected true or false, got {_kind(data)}")
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise MalformedAction(f"{path}: expected a whole number, got {_kind(data)}")
        return data
    if tp is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise MalformedAction(f"{path}: expected a number, got {_kind(data)}")
        return float(data)
    if tp is str:
        if not isinstance(data, str):
            raise MalformedAction(f"{path}: expected text, got {_kind(data)}")
        return data
    raise TypeError(f"codec cannot handle type {tp!r} at {path}")


def _dataclass_from(cls: type, data: JSON, path: str, depth: int) -> Any:
    if not isinstance(data, dict):
        raise MalformedAction(f"{path}: expected an object, got {_kind(data)}")
    hints = _hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
    unknown = sorted(set(data) - set(fields) - {"type"})
    if unknown:
        raise MalformedAction(f"{path}: unknown field(s) {', '.join(unknown)}")
    kwargs = {}
    for name, f in fields.items():
        if name not in data:
            has_default = (
                f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
            )
            if has_default:
                continue
            raise MalformedAction(f"{path}: missing field {name!r}")
        kwargs[name] = from_jsonable(hints[name], data[name], f"{path}.{name}", depth + 1)
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise MalformedAction(f"{path}: {exc}") from None


def _kind(data: JSON) -> str:
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "true/false"
    if isinstance(data, (int, float)):
        return f"the number {data!r}"
    if isinstance(data, str):
        return f"the text {data[:40]!r}"
    if isinstance(data, list):
        return "a list"
    if isinstance(data, dict):
        return "an object"
    return type(data).__name__
