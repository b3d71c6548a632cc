"""Game options as form fields, derived from the game's ``options_type`` dataclass.

``fields_for`` is pure (no Flet) so it is tested directly; ``OptionsForm`` turns the specs
into controls and ``values`` reads them back as the JSON that ``Game.decode_options``
accepts, so the game itself validates every value.

A field marked ``metadata={"form": False}`` is left out: the game sets it in a step of
its own (Fates and Favors matches its board to the box on the table screen).

An ``int`` field named ``first_player`` (or marked ``metadata={"seat": True}``) is a seat:
a drop-down of the seats by number and player name, never a bare 0-based index.

A ``tuple[Literal[...], ...]`` field is an ordered pick of distinct choices ("picks"):
chips in tap order. Such a pick is one per seat by default: ``fit_to_seats`` keeps what
was picked, in order, and tops it up (or trims it) to the number of seats.
"""

from __future__ import annotations

import dataclasses
import enum
import re
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

import flet as ft

from ..panels.chips import chip, chip_row


@dataclass(frozen=True)
class FieldSpec:
    """One option: ``kind`` is bool, choice, picks, seat, int or text; ``choices`` for choice and
    picks fields as (wire value, label) pairs; a picks default is a tuple of wire values."""

    name: str
    label: str
    kind: str
    default: Any
    choices: tuple[tuple[Any, str], ...] = ()


def _label(name: str) -> str:
    return name.replace("_", " ").capitalize()


def _choice_label(value: Any) -> str:
    """A wire value as a player reads it: ``"short"`` -> "Short", ``"very_long"`` -> "Very
    long"; numbers stay as they are."""
    text = str(value).replace("_", " ")
    return text[:1].upper() + text[1:]


def _is_seat(name: str, metadata: Any) -> bool:
    return bool(metadata.get("seat", name == "first_player"))


def fields_for(options_type: type) -> list[FieldSpec]:
    """Form fields for each dataclass field of ``options_type`` that a form can edit."""
    hints = typing.get_type_hints(options_type)
    specs = []
    for f in dataclasses.fields(options_type):
        if not f.init or f.metadata.get("form") is False:
            continue  # set elsewhere (a game's own guided step), not on the new-table form
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
                FieldSpec(
                    f.name, label, "choice", default, tuple((v, _choice_label(v)) for v in values)
                )
            )
        elif isinstance(tp, type) and issubclass(tp, enum.Enum):
            members = tuple((m.value, _label(m.name.lower())) for m in tp)
            wire = default.value if isinstance(default, enum.Enum) else default
            specs.append(FieldSpec(f.name, label, "choice", wire, members))
        elif (item := _pick_item(tp)) is not None:
            values = typing.get_args(item)
            specs.append(
                FieldSpec(
                    f.name,
                    label,
                    "picks",
                    tuple(default or ()),
                    tuple((v, _choice_label(v)) for v in values),
                )
            )
        elif tp is int and _is_seat(f.name, f.metadata):
            specs.append(FieldSpec(f.name, label, "seat", int(default or 0)))
        elif tp is int:
            specs.append(FieldSpec(f.name, label, "int", default))
        elif tp is str:
            specs.append(FieldSpec(f.name, label, "text", default or ""))
        # Other field types (free tuples, nested data) keep their defaults: they are not
        # something players pick at the table.
    return specs


def described(specs: list[FieldSpec], options: dict[str, Any], seats: list[str]) -> list[str]:
    """Chosen ``options`` (wire values by field name) in words, one "Label: value" each, in
    the order of ``specs``: a switch reads yes or no, a choice by its label, a seat by the
    player's name from ``seats``. Fields the form does not show (players, free data) and
    values missing from ``options`` are left out."""
    out: list[str] = []
    for spec in specs:
        if spec.name not in options or spec.name == "players":
            continue
        value = options[spec.name]
        labels = dict(spec.choices)
        if spec.kind == "bool":
            shown = "yes" if value else "no"
        elif spec.kind == "seat":
            index = value if isinstance(value, int) else -1
            shown = seats[index] if 0 <= index < len(seats) else f"seat {value}"
        elif spec.kind == "choice":
            shown = labels.get(value, _choice_label(value))
        elif spec.kind == "picks":
            shown = ", ".join(labels.get(v, _choice_label(v)) for v in value or ()) or "none"
        else:
            shown = str(value) if value not in (None, "") else "none"
        out.append(f"{spec.label}: {shown}")
    return out


def _pick_item(tp: Any) -> Any:
    """The ``Literal`` item type of ``tuple[Literal[...], ...]``, else ``None``."""
    if typing.get_origin(tp) is not tuple:
        return None
    args = typing.get_args(tp)
    if len(args) == 2 and args[1] is Ellipsis and typing.get_origin(args[0]) is Literal:
        return args[0]
    return None


class OptionsForm:
    """Controls for ``specs`` and their current values as options JSON.

    ``on_change`` is called after the form redraws a control by itself (a chip tapped), so
    the screen can push the change to the browser."""

    def __init__(self, specs: list[FieldSpec], on_change: Callable[[], None] | None = None) -> None:
        self.specs = specs
        self.on_change = on_change
        self.picked: dict[str, list[Any]] = {
            s.name: list(s.default) for s in specs if s.kind == "picks"
        }
        self.seat_names: list[str] = ["", ""]
        self.controls: dict[str, ft.Control] = {}
        for spec in specs:
            self.controls[spec.name] = self._control(spec)

    # ----- picks (ordered multi-select) ---------------------------------------------------

    def toggle(self, name: str, value: Any) -> None:
        """Tap on a pick chip: add ``value`` at the end of the pick, or take it out."""
        picked = self.picked[name]
        if value in picked:
            picked.remove(value)
        else:
            picked.append(value)
        self._draw_picks(name)

    def fit_to_seats(self, seats: int) -> None:
        """Make every pick one per seat: keep the current picks in order, drop any beyond
        ``seats``, then add the first choices not picked yet until there are ``seats``
        (or the choices run out). Seat drop-downs offer exactly ``seats`` seats."""
        names = self.seat_names[: max(seats, 0)]
        self.name_seats(names + [""] * (seats - len(names)))
        for spec in self.specs:
            if spec.kind != "picks":
                continue
            picked = self.picked[spec.name][: max(seats, 0)]
            for value, _ in spec.choices:
                if len(picked) >= seats:
                    break
                if value not in picked:
                    picked.append(value)
            self.picked[spec.name] = picked
            self._draw_picks(spec.name)

    # ----- seats --------------------------------------------------------------------------

    def name_seats(self, names: list[str]) -> None:
        """Offer one entry per seat in every seat drop-down, "Seat 1 · Ann" once a name is
        typed; a choice beyond the seats falls back to the first seat."""
        self.seat_names = list(names)
        for spec in self.specs:
            control = self.controls.get(spec.name)
            if spec.kind == "seat" and isinstance(control, ft.Dropdown):
                control.options = self._seat_options()
                if int(control.value or 0) >= len(names):
                    control.value = "0"

    def _seat_options(self) -> list[ft.dropdown.Option]:
        return [
            ft.dropdown.Option(
                key=str(i), text=f"Seat {i + 1} · {name}" if name.strip() else f"Seat {i + 1}"
            )
            for i, name in enumerate(self.seat_names)
        ]

    def _pick_chips(self, spec: FieldSpec) -> list[ft.Control]:
        picked = self.picked[spec.name]
        chips: list[ft.Control] = []
        for value, text in spec.choices:
            order = picked.index(value) + 1 if value in picked else 0
            chips.append(
                chip(
                    f"pick-{spec.name}-{value}",
                    f"{order}. {text}" if order else text,
                    selected=bool(order),
                    on_click=lambda _, v=value, n=spec.name: self._tapped(n, v),
                )
            )
        return chips

    def _tapped(self, name: str, value: Any) -> None:
        self.toggle(name, value)
        if self.on_change is not None:
            self.on_change()

    def _draw_picks(self, name: str) -> None:
        spec = next(s for s in self.specs if s.name == name)
        column = self.controls.get(name)
        if isinstance(column, ft.Column):
            row = column.controls[1]
            assert isinstance(row, ft.Row)
            row.controls = self._pick_chips(spec)

    # ----- building and reading -----------------------------------------------------------

    def _control(self, spec: FieldSpec) -> ft.Control:
        if spec.kind == "picks":
            return ft.Column(
                spacing=4,
                controls=[
                    ft.Text(f"{spec.label} (tap in order)", size=14),
                    chip_row(self._pick_chips(spec)),
                ],
            )
        if spec.kind == "bool":
            return ft.Switch(label=spec.label, value=bool(spec.default))
        if spec.kind == "choice":
            return ft.Dropdown(
                label=spec.label,
                value=str(spec.default),
                options=[ft.dropdown.Option(key=str(v), text=text) for v, text in spec.choices],
                expand=True,
            )
        if spec.kind == "seat":
            return ft.Dropdown(
                label=spec.label,
                value=str(spec.default),
                options=self._seat_options(),
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
            if spec.kind == "picks":
                out[spec.name] = list(self.picked[spec.name])
            elif spec.kind == "bool":
                out[spec.name] = bool(raw)
            elif spec.kind == "choice":
                # Dropdown keys are text; map back to the typed value the game expects.
                by_key = {str(v): v for v, _ in spec.choices}
                out[spec.name] = by_key.get(str(raw), spec.default)
            elif spec.kind == "seat":
                out[spec.name] = int(str(raw or spec.default))
            elif spec.kind == "int":
                text = str(raw or "").strip()
                try:
                    out[spec.name] = int(text)
                except ValueError:
                    message = f"{spec.label} must be a whole number, not “{text}”."
                    raise ValueError(message) from None
            else:
                out[spec.name] = str(raw or "")
        return out


def refusal(message: str, specs: list[FieldSpec]) -> str:
    """A game's refusal of the options, in the form's words: the decoder's ``$options.x``
    paths become the field's label ("Heroes: ..."), a whole-options problem reads
    "Options: ..."."""
    labels = {s.name: s.label for s in specs}

    def field_label(m: re.Match[str]) -> str:
        return labels.get(m.group(1), _label(m.group(1)))

    text = re.sub(r"\$options\.([A-Za-z_][A-Za-z0-9_]*)(\[\d+\])?", field_label, message)
    text = text.replace("$options", "Options")
    return f"The game refused these options. {text}"
