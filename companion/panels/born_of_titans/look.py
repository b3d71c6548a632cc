"""Born of Titans: small presentation helpers shared by the screen's modules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from ... import theme
from .. import widgets


def tag(identifier: str, control: ft.Control) -> ft.Semantics:
    """``theme.tagged`` keyed by its identifier: when a redraw puts a differently tagged
    control in the same place (site buttons becoming quest buttons), the phone gets a new
    node instead of a patched one, so the identifier on the phone is always the new one."""
    wrapped = theme.tagged(identifier, control)
    wrapped.key = identifier
    return wrapped


def choice(ident: str, label: str, selected: bool, on_click: Callable[[Any], None]) -> ft.Control:
    """The kit's choice (``widgets.choice``), keyed by ``ident`` as ``tag`` keys."""
    return widgets.choice(ident, label, selected, on_click, keyed=True)
