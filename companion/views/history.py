"""The history drawer as a readable timeline, and the host's take-back confirmations.

The timeline (``LiveTable.timeline``) is drawn newest first, one heading per chapter of the
game (an Age, a turn), with every undo and redo in its place. On the host's device each
event but the last has "Undo to here", and the start of the game has one too; like the
app bar's Undo, it asks first, naming what would be taken back.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from .. import theme
from ..panels import widgets
from ..table import Chapter, HistoryLine, TimelineEntry
from .home import ago

SHOWN_IN_CONFIRMATION = 6
"""How many moves a confirmation lists by name before saying "and N more"."""

_ICONS = {"undo": ft.Icons.UNDO, "redo": ft.Icons.REDO}


def timeline_controls(
    chapters: list[Chapter], head: int, undo_to: Callable[[int], None] | None
) -> list[ft.Control]:
    """The drawer's rows, newest first. ``undo_to`` (host only) is called with an event
    number when its "Undo to here" is tapped; ``None`` draws no such buttons."""
    if not chapters:
        return [theme.muted("Nothing has happened yet.")]
    rows: list[ft.Control] = []
    for chapter in reversed(chapters):
        if chapter.title:
            rows.append(
                theme.tagged(
                    "history-chapter",
                    ft.Container(
                        padding=ft.Padding.only(left=8, top=12, bottom=4),
                        content=ft.Text(chapter.title, size=15, weight=ft.FontWeight.W_600),
                    ),
                )
            )
        for entry in reversed(chapter.entries):
            rows.append(_row(entry, head, undo_to))
    if undo_to is not None and head > 0:
        rows.append(
            ft.ListTile(
                dense=True,
                leading=ft.Icon(ft.Icons.FLAG, size=14),
                title=ft.Text("Start of the game", size=14),
                trailing=_undo_to_button(0, undo_to),
            )
        )
    return rows


def _row(entry: TimelineEntry, head: int, undo_to: Callable[[int], None] | None) -> ft.Control:
    when = f"{entry.who} · {ago(entry.at)}"
    if entry.kind != "event":
        return theme.tagged(
            f"history-{entry.kind}",
            ft.ListTile(
                dense=True,
                leading=ft.Icon(_ICONS[entry.kind], size=16, color=theme.MUTED),
                title=ft.Text(entry.text, size=14, italic=True),
                subtitle=ft.Text(when, size=12),
            ),
        )
    # Corrections say so in their own words; older lines may not.
    marker = " (correction)" if entry.correction and not entry.text.startswith("Correction") else ""
    trailing = (
        _undo_to_button(entry.seq, undo_to) if undo_to is not None and entry.seq < head else None
    )
    return theme.tagged(
        f"history-event-{entry.seq}",
        ft.ListTile(
            dense=True,
            leading=ft.Icon(ft.Icons.BUILD if entry.correction else ft.Icons.CIRCLE, size=14),
            title=ft.Text(f"{entry.text}{marker}", size=14),
            subtitle=ft.Text(when, size=12),
            trailing=trailing,
        ),
    )


def _undo_to_button(seq: int, undo_to: Callable[[int], None]) -> ft.Control:
    return theme.tagged(
        f"undo-to-{seq}",
        ft.IconButton(
            ft.Icons.RESTORE,
            tooltip="Undo to here",
            on_click=lambda _: undo_to(seq),
        ),
    )


def confirm_dialog(
    title: str,
    lines: list[str],
    on_confirm: Callable[[], object],
    on_cancel: Callable[[], object],
    *,
    kind: str = "undo",
) -> ft.AlertDialog:
    """ "Take back ...?" (``kind`` "undo") or "Put back ...?" ("redo") with the moves
    named, newest first; the go button ("Take back", "Put back") calls ``on_confirm``,
    "Keep" ``on_cancel`` (each is expected to close the dialog). Tagged ``{kind}-confirm``,
    ``{kind}-cancel`` and ``{kind}-confirm-text``."""
    return widgets.ask_dialog(
        kind,
        title,
        theme.tagged(
            f"{kind}-confirm-text",
            ft.Column(tight=True, spacing=6, controls=[ft.Text(line) for line in lines]),
        ),
        "Keep",
        "Put back" if kind == "redo" else "Take back",
        on_cancel,
        on_confirm,
        keep_tag=f"{kind}-cancel",
        go_tag=f"{kind}-confirm",
        modal=True,
        inset_padding=ft.Padding.symmetric(horizontal=12, vertical=24),
    )


def describe_last(line: HistoryLine) -> tuple[str, list[str]]:
    """The confirmation's title and lines for taking back the last move ``line``."""
    return "Take back this move?", [f"{line.who}: {line.text}"]


def describe_next(line: HistoryLine) -> tuple[str, list[str]]:
    """The confirmation's title and lines for putting back ``line``, the next to redo."""
    return "Put back this move?", [f"{line.who}: {line.text}"]


def describe_back_to(lines: list[HistoryLine], seq: int) -> tuple[str, list[str]]:
    """The confirmation's title and lines for taking back every event after ``seq``
    (``lines``: the events in effect, oldest first)."""
    taken = [h for h in lines if h.seq > seq]
    count = len(taken)
    title = "Take back this move?" if count == 1 else f"Take back {count} moves?"
    kept = next((h for h in lines if h.seq == seq), None)
    where = (
        "Back to the start of the game."
        if kept is None
        else f"Back to just after: {kept.who}: {kept.text}"
    )
    shown = [f"{h.who}: {h.text}" for h in reversed(taken[-SHOWN_IN_CONFIRMATION:])]
    more = count - len(shown)
    tail = [f"…and {more} earlier move{'s' if more != 1 else ''}"] if more else []
    return title, [where, "Taken back (they can be put back with Redo):", *shown, *tail]
