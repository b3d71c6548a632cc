"""Small controls shared by several panels.

The "−  value  +" stepper: a value the players nudge by one with two thumb-sized buttons.
The panel owns the value and what a nudge does (clamp, correct, redraw); these helpers only
lay the controls out and tag them for the browser tests as ``<ident>-minus``,
``<ident>-value`` (unless told otherwise) and ``<ident>-plus``.

The typed field: a number or a name the players type, committed as typed.

The question: every dialog that asks before a move or an action (a tap that changes whose
turn it is, taking moves back, renewing the host link, revoking codes) is ``ask_dialog``.

The verdict box: how every game's screen shows a verdict before a move is committed.

The titled card: a section of a game's screen in an outlined card under its heading.

The reason line: why a move cannot be made yet, in one quiet line beside it.

The choice: a big button that looks pressed (filled) when it is the one picked.

The hand-over of the shared phone to one player is in ``handover``.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping, Sequence
from typing import Any

import flet as ft

from rules.core import Verdict

from .. import theme


def step_button(
    ident: str | None,
    delta: int,
    on_step: Callable[[int], None],
    *,
    tooltip: str | None = None,
    disabled: bool = False,
) -> ft.Control:
    """A − button (``delta`` < 0) or a + button that calls ``on_step(delta)`` when tapped,
    a full tap target in size, tagged ``ident`` unless that is None."""
    button = ft.IconButton(
        ft.Icons.REMOVE if delta < 0 else ft.Icons.ADD,
        tooltip=tooltip,
        disabled=disabled,
        on_click=lambda _: on_step(delta),
        width=theme.TAP,
        height=theme.TAP,
    )
    return button if ident is None else theme.tagged(ident, button)


def step_value(text: str, *, size: int = 18, width: int | None = None) -> ft.Text:
    """The number between a stepper's buttons: bold and centred in a fixed width, so the
    buttons do not jump as the number gains or loses a digit."""
    return ft.Text(
        text, size=size, weight=ft.FontWeight.BOLD, width=width, text_align=ft.TextAlign.CENTER
    )


def stepper(
    ident: str,
    value: ft.Control,
    on_step: Callable[[int], None],
    *,
    value_ident: str | None = None,
) -> list[ft.Control]:
    """[−, value, +] for a Row: the buttons call ``on_step(-1)`` and ``on_step(1)``; the
    value is tagged ``value_ident``, by default ``<ident>-value``."""
    return [
        step_button(f"{ident}-minus", -1, on_step),
        theme.tagged(value_ident or f"{ident}-value", value),
        step_button(f"{ident}-plus", 1, on_step),
    ]


def labelled_stepper(
    label: str,
    ident: str,
    value: ft.Control,
    on_step: Callable[[int], None],
    *,
    label_size: int | None = None,
    spacing: int = 4,
    value_ident: str | None = None,
) -> ft.Row:
    """One line: the label on the left, the stepper on the right. When both do not fit
    (large text on a narrow phone) the stepper moves under the label, so no word of the
    label is broken to make room."""
    lines = ft.Row(
        spacing=spacing,
        wrap=True,
        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
        controls=[
            ft.Text(label, size=label_size),
            ft.Row(
                spacing=spacing,
                tight=True,
                controls=stepper(ident, value, on_step, value_ident=value_ident),
            ),
        ],
    )
    # A wrapping row is only as wide as what it holds; expanded inside a plain row it takes
    # the whole width, so the stepper keeps to the right edge when it shares the line.
    return ft.Row(spacing=0, controls=[ft.Container(lines, expand=True)])


def whole_number(raw: str | None) -> int | None:
    """``raw`` as a whole number, or None when it is blank or not one (a lone "-" while
    typing a negative number included)."""
    raw = (raw or "").strip()
    return int(raw) if raw.lstrip("-").isdigit() and raw.count("-") <= 1 else None


def typed_field(
    memo: MutableMapping[str, ft.TextField],
    ident: str,
    label: str,
    value: str,
    on_text: Callable[[str], None],
    *,
    number: bool = False,
    on_enter: Callable[[], None] | None = None,
    **style: Any,
) -> ft.Control:
    """A field the players type into, tagged ``ident``, that commits every keystroke:
    ``on_text(text)`` runs on each change, so what was typed is stored before anything else
    is tapped and survives any redraw; the handler may redraw what depends on it (a
    verdict, a button) at once.

    Leaving the field commits nothing more and redraws nothing: a redraw on leaving would
    replace the very control the player is tapping next and swallow that tap. The field
    itself is kept in ``memo`` under ``ident`` (a mapping that outlives one drawing) and
    handed back on the next drawing, so a redraw while typing keeps the field, its cursor
    and its keyboard. ``number`` asks for the number keyboard and takes digits (and a
    leading minus) only; ``on_enter`` runs after ``on_text`` when Enter is pressed (a
    search that narrows only then); ``style`` goes to the TextField (width, expand, dense,
    ...)."""
    field = memo.get(ident)
    if field is None:
        field = ft.TextField(label=label, value=value, **style)
        if number:
            field.keyboard_type = ft.KeyboardType.NUMBER
            field.input_filter = ft.InputFilter(
                regex_string=r"^-?[0-9]*$", allow=True, replacement_string=""
            )
        memo[ident] = field
    elif (field.value or "") != value:
        field.value = value  # changed elsewhere (another device, a correction)
    field.label = label
    for name, setting in style.items():
        setattr(field, name, setting)

    def typed(_: Any) -> None:
        on_text(field.value or "")

    def entered(event: Any) -> None:
        typed(event)
        if on_enter is not None:
            on_enter()

    field.on_change = typed
    field.on_submit = entered
    field.on_blur = None
    return theme.tagged(ident, field)


def number_field(
    memo: MutableMapping[str, ft.TextField],
    ident: str,
    label: str,
    value: int | None,
    on_value: Callable[[int | None], None],
    **style: Any,
) -> ft.Control:
    """``typed_field`` for a whole number: blank stands for None, and ``on_value`` receives
    the number (None while blank or not yet a number) on every keystroke."""
    shown = memo.get(ident)
    text = "" if value is None else str(value)
    if shown is not None and whole_number(shown.value) == value:
        text = shown.value or ""  # what is being typed ("-", "07") stays as typed
    return typed_field(
        memo,
        ident,
        label,
        text,
        lambda text: on_value(whole_number(text)),
        number=True,
        **style,
    )


def ask_dialog(
    ident: str,
    title: str,
    body: ft.Control,
    keep: str,
    go: str,
    on_keep: Callable[[], object],
    on_go: Callable[[], object],
    *,
    danger: bool = False,
    title_tag: str | None = None,
    keep_tag: str | None = None,
    go_tag: str | None = None,
    **dialog: Any,
) -> ft.AlertDialog:
    """The one way the app asks before a move or an action: ``title`` asks, ``body`` says
    what follows; ``keep`` changes nothing (``on_keep()``, tagged ``keep_tag``, by default
    ``{ident}-keep``) and ``go`` does it (``on_go()``, tagged ``go_tag``, by default
    ``{ident}-confirm``), drawn as a warning when ``danger`` (it cannot be taken back).
    Each callback closes the dialog itself. The body scrolls when large text makes it
    taller than the screen. ``title_tag`` tags the title; ``dialog`` goes to the
    AlertDialog (``modal``, ``inset_padding``)."""
    style = ft.ButtonStyle(bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR) if danger else None
    heading: ft.Control = ft.Text(title)
    return ft.AlertDialog(
        title=heading if title_tag is None else theme.tagged(title_tag, heading),
        content=body,
        scrollable=True,
        actions=[
            theme.tagged(
                keep_tag or f"{ident}-keep", ft.TextButton(keep, on_click=lambda _: on_keep())
            ),
            theme.tagged(
                go_tag or f"{ident}-confirm",
                ft.FilledButton(go, on_click=lambda _: on_go(), style=style),
            ),
        ],
        **dialog,
    )


def confirm(
    page: Any,
    ident: str,
    question: str,
    detail: str,
    yes: str,
    on_yes: Callable[[], None],
) -> None:
    """Ask on ``page`` before a one-tap move that hands the turn on or takes one away
    (an ``ask_dialog``): ``question`` and ``detail`` name what it does, the buttons are
    "Cancel" (tagged ``{ident}-cancel``, nothing happens) and ``yes`` (tagged
    ``{ident}-yes``, closes the dialog, then ``on_yes()``). The title is tagged ``ident``."""

    def agree() -> None:
        page.pop_dialog()
        on_yes()

    page.show_dialog(
        ask_dialog(
            ident,
            question,
            ft.Text(detail),
            "Cancel",
            yes,
            page.pop_dialog,
            agree,
            title_tag=ident,
            keep_tag=f"{ident}-cancel",
            go_tag=f"{ident}-yes",
        )
    )


def reason_line(ident: str, text: str, size: int = 12) -> ft.Control:
    """The one quiet line beside a move that cannot be made yet, saying why (tagged
    ``ident``, by convention ``<button>-why``)."""
    return theme.tagged(ident, theme.muted(text, size))


def choice(
    ident: str,
    label: str,
    selected: bool,
    on_click: Callable[[Any], None],
    *,
    disabled: bool = False,
    keyed: bool = False,
) -> ft.Control:
    """A big toggle-looking button, filled when ``selected``, tagged ``ident``. ``keyed``
    also keys it by ``ident``: a redraw that puts a differently tagged choice in the same
    place then gives the phone a new node, never a patched one with a stale identifier."""
    cls = ft.FilledButton if selected else ft.OutlinedButton
    wrapped = theme.tagged(ident, cls(label, on_click=on_click, disabled=disabled))
    if keyed:
        wrapped.key = ident
    return wrapped


def titled_card(
    ident: str, title: str, parts: Sequence[ft.Control], *, title_size: int | None = None
) -> ft.Control:
    """A section of a game's screen as an outlined card: ``title`` as a heading above
    ``parts``, tagged ``ident``. ``title_size`` makes the heading smaller than a section
    heading (a screen of many cards, each a small part of one turn)."""
    heading = theme.heading(title)
    if title_size is not None:
        heading.size = title_size
    return theme.tagged(
        ident,
        ft.Container(
            padding=12,
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            content=ft.Column(spacing=8, controls=[heading, *parts]),
        ),
    )


def rule_links(
    ident: str, rules: Sequence[str], open_rule: Callable[[str], None] | None
) -> ft.Control:
    """The rule IDs behind a verdict, each a link to the rules reference (tagged
    ``{ident}-rule-{id}``). A long ID may wrap at its dots, never inside a word."""
    links: list[ft.Control] = []
    for rule_id in rules:
        text = ft.Text(
            rule_id.replace(".", ".\u200b"),
            semantics_label=rule_id,
            size=12,
            color=ft.Colors.PRIMARY,
            style=ft.TextStyle(decoration=ft.TextDecoration.UNDERLINE),
        )
        links.append(
            theme.tagged(
                f"{ident}-rule-{rule_id}",
                ft.TextButton(
                    content=text,
                    on_click=(lambda _, r=rule_id: open_rule(r)) if open_rule else None,
                    disabled=open_rule is None,
                ),
            )
        )
    return ft.Row(
        wrap=True,
        spacing=0,
        run_spacing=0,
        controls=[theme.muted("Rules:", 12), *links],
    )


def verdict_box(
    verdict: Verdict, ident: str, open_rule: Callable[[str], None] | None = None
) -> ft.Control:
    """A verdict as the players read it: allowed or not and why, what it changes, and the
    rules behind it, each rule ID a link to the rules reference when ``open_rule`` is given
    (tagged ``{ident}-rule-{id}``). The words are tagged ``ident``."""
    colour = theme.OK if verdict.legal else theme.BAD
    # The heading is not tagged on its own: a tagged node inside ``ident`` would split the
    # verdict's words into two blocks for the browser (heading apart from its effects).
    lines: list[ft.Control] = [
        ft.Text(
            ("Allowed: " if verdict.legal else "Not allowed: ") + verdict.reason,
            color=colour,
            size=14,
            weight=ft.FontWeight.W_600,
        )
    ]
    lines += [ft.Text("• " + effect, size=13) for effect in verdict.effects]
    # The words are tagged apart from the links: a browser reads a node as one block of
    # text only when no button sits inside it.
    parts: list[ft.Control] = [theme.tagged(ident, ft.Column(spacing=3, controls=lines))]
    if verdict.rules:
        parts.append(rule_links(ident, verdict.rules, open_rule))
    return ft.Container(
        padding=10,
        border_radius=10,
        border=ft.Border.all(1, colour),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        content=ft.Column(spacing=3, controls=parts),
    )
