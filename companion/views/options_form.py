"""Game options as form fields, derived from the game's ``options_type`` dataclass.

``fields_for`` is pure (no Flet) so it is tested directly; ``build_form`` turns the specs
into controls and ``values`` reads them back as the JSON that ``Game.decode_options``
accepts, so the game itself validates every value.
"""

from __future__ import annotations

import dataclasses
import enum
import typing
from dataclasses import dataclass
from typing import Any, Literal

import flet as ft


@dataclass(frozen=True)
class FieldSpec:
    """One option: ``kind`` is bool, choice, int or text; ``choices`` for choice fields as
    (wire value, label) pairs."""

    name: str
    label: str
    kind: str
    default: Any
    choices: tuple[tuple[Any, str], ...] = ()


def _label(name: str) -> str:
    return name.replace("_", " ").capitalize()


def fields_for(options_type: type) -> list[FieldSpec]:
    """Form fields for each dataclass field of ``options_type`` that a form can edit."""
    hints = typing.get_type_hints(options_type)
    specs = []
    for f in dataclasses.fields(options_type):
        if not f.init:
            continue
        default: Any
        if f.default is not dataclasses.MISSING:
            default = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            default = None
        tp = hints.get(f.name, Any)
        label = str(f.metadata.get("label", _label(f.name)))
        origin = typing.get_origin(tp)
        if tp is bool:
            specs.append(FieldSpec(f.name, label, "bool", bool(default)))
        elif origin is Literal:
            values = typing.get_args(tp)
            specs.append(
                FieldSpec(f.name, label, "choice", default, tuple((v, str(v)) for v in values))
            )
        elif isinstance(tp, type) and issubclass(tp, enum.Enum):
            members = tuple((m.value, _label(m.name.lower())) for m in tp)
            wire = default.value if isinstance(default, enum.Enum) else default
            specs.append(FieldSpec(f.name, label, "choice", wire, members))
        elif tp is int:
            specs.append(FieldSpec(f.name, label, "int", default))
        elif tp is str:
            specs.append(FieldSpec(f.name, label, "text", default or ""))
        # Other field types (tuples, nested data) keep their defaults: they are not
        # something players pick at the table.
    return specs


class OptionsForm:
    """Controls for ``specs`` and their current values as options JSON."""

    def __init__(self, specs: list[FieldSpec]) -> None:
        self.specs = specs
        self.controls: dict[str, ft.Control] = {}
        for spec in specs:
            self.controls[spec.name] = self._control(spec)

    @staticmethod
    def _control(spec: FieldSpec) -> ft.Control:
        if spec.kind == "bool":
            return ft.Switch(label=spec.label, value=bool(spec.default))
        if spec.kind == "choice":
            return ft.Dropdown(
                label=spec.label,
                value=str(spec.default),
                options=[ft.dropdown.Option(key=str(v), text=text) for v, text in spec.choices],
                expand=True,
            )
        if spec.kind == "int":
            return ft.TextField(
                label=spec.label,
                value="" if spec.default is None else str(spec.default),
                keyboard_type=ft.KeyboardType.NUMBER,
            )
        return ft.TextField(label=spec.label, value=str(spec.default or ""))

    def values(self) -> dict[str, Any]:
        """Options JSON; raises ``ValueError`` naming a field that is not a whole number."""
        out: dict[str, Any] = {}
        for spec in self.specs:
            control = self.controls[spec.name]
            raw = getattr(control, "value", None)
            if spec.kind == "bool":
                out[spec.name] = bool(raw)
            elif spec.kind == "choice":
                # Dropdown keys are text; map back to the typed value the game expects.
                by_key = {str(v): v for v, _ in spec.choices}
                out[spec.name] = by_key.get(str(raw), spec.default)
            elif spec.kind == "int":
                text = str(raw or "").strip()
                try:
                    out[spec.name] = int(text)
                except ValueError:
                    raise ValueError(f"{spec.label} must be a whole number, not {text!r}") from None
            else:
                out[spec.name] = str(raw or "")
        return out
