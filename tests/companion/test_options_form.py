"""The new-table options form without a browser: a ``tuple[Literal[...], ...]`` option (the
Grimheim heroes) becomes an ordered pick, follows the number of seats, reaches the game as
JSON it accepts, and a refusal is shown in the form's words with nothing entered lost."""

from __future__ import annotations

from typing import Any

import flet as ft
import pytest

from companion.hub import Hub
from companion.views import new_table
from companion.views.options_form import OptionsForm, fields_for, refusal
from rules.core import MalformedAction
from rules.grimheim.game import GAME
from rules.grimheim.state import GrimheimOptions
from tests.support.ui import texts


def heroes_form() -> OptionsForm:
    return OptionsForm(fields_for(GrimheimOptions))


def chip_labels(form: OptionsForm, name: str = "heroes") -> list[str]:
    column = form.controls[name]
    assert isinstance(column, ft.Column)
    row = column.controls[1]
    assert isinstance(row, ft.Row)
    labels = []
    for wrapper in row.controls:
        assert isinstance(wrapper, ft.Semantics) and wrapper.button  # the kit's chip
        labels.append(f"{texts(wrapper)}{' *' if wrapper.selected else ''}")
    return labels


def test_heroes_become_an_ordered_pick_of_the_four_heroes() -> None:
    spec = next(s for s in fields_for(GrimheimOptions) if s.name == "heroes")
    assert spec.kind == "picks"
    assert [v for v, _ in spec.choices] == ["Bjorn", "Alva", "Embla", "Boldur"]
    assert spec.default == ("Bjorn", "Alva")
    form = heroes_form()
    assert chip_labels(form) == ["1. Bjorn *", "2. Alva *", "Embla", "Boldur"]


def test_tapping_builds_the_order_the_game_receives() -> None:
    form = heroes_form()
    form.toggle("heroes", "Bjorn")  # off
    form.toggle("heroes", "Boldur")
    form.toggle("heroes", "Bjorn")  # back on, now last
    assert form.values()["heroes"] == ["Alva", "Boldur", "Bjorn"]
    assert chip_labels(form) == ["3. Bjorn *", "1. Alva *", "Embla", "2. Boldur *"]
    assert GAME.decode_options(form.values()).heroes == ("Alva", "Boldur", "Bjorn")


def test_fit_to_seats_keeps_picks_in_order_and_tops_up() -> None:
    form = heroes_form()
    form.fit_to_seats(3)
    assert form.picked["heroes"] == ["Bjorn", "Alva", "Embla"]
    form.fit_to_seats(1)
    assert form.picked["heroes"] == ["Bjorn"]
    form.toggle("heroes", "Bjorn")
    form.toggle("heroes", "Boldur")
    form.toggle("heroes", "Embla")
    form.fit_to_seats(4)
    assert form.picked["heroes"] == ["Boldur", "Embla", "Bjorn", "Alva"]
    form.fit_to_seats(9)  # more seats than heroes: all four, nothing invented
    assert form.picked["heroes"] == ["Boldur", "Embla", "Bjorn", "Alva"]


def test_free_tuples_are_still_left_out() -> None:
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Opts:
        sizes: tuple[int, ...] = (1, 2)
        pair: tuple[str, str] = ("a", "b")

    assert fields_for(Opts) == []


@pytest.mark.parametrize(
    ("picks", "expected"),
    [
        ([], "The game refused these options. Options: choose 1 to 4 heroes, not 0"),
        (["Bjorn", "Bjorn"], "The game refused these options. Options: each hero"),
        (["Zed"], "The game refused these options. Heroes: expected one of"),
    ],
)
def test_refusals_read_in_the_forms_words(picks: list[str], expected: str) -> None:
    form = heroes_form()
    form.picked["heroes"] = picks
    with pytest.raises(MalformedAction) as exc:
        GAME.decode_options(form.values())
    assert refusal(str(exc.value), form.specs).startswith(expected)
    assert "$options" not in refusal(str(exc.value), form.specs)


# ----- the whole new-table screen, driven through its handlers ---------------------------


class FakePage:
    def __init__(self) -> None:
        self.updates = 0

    def update(self) -> None:
        self.updates += 1


class FakeShell:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.page = FakePage()
        self.went: list[str] = []

    def go(self, path: str, **params: str) -> None:
        self.went.append(path)

    def allowed(self) -> bool:
        return True  # the host key is not renewed in these tests


def walk(control: Any) -> list[Any]:
    out = [control]
    for attr in ("controls", "content"):
        child = getattr(control, attr, None)
        if isinstance(child, list):
            for c in child:
                out += walk(c)
        elif child is not None and hasattr(child, "__dict__"):
            out += walk(child)
    return out


def by_identifier(view: ft.View, identifier: str) -> Any:
    for c in walk(view):
        if isinstance(c, ft.Semantics) and c.identifier == identifier:
            return c.content
    raise LookupError(identifier)


class Event:
    def __init__(self, control: Any) -> None:
        self.control = control


def test_screen_fits_heroes_to_seats_and_shows_a_refusal(hub: Hub) -> None:
    shell = FakeShell(hub)
    view = new_table.view(shell, "grimheim")  # type: ignore[arg-type]
    count = next(c for c in walk(view) if isinstance(c, ft.Dropdown) and c.label == "Players")
    count.value = "3"
    count.on_select(Event(count))
    heroes = by_identifier(view, "option-heroes")
    assert [w.selected for w in heroes.controls[1].controls] == [True, True, True, False]

    for i, name in enumerate(("Ann", "Bo", "Cy")):
        by_identifier(view, f"seat-{i}").value = name
    # Untick every hero: the game refuses, the screen says why and keeps every entry.
    for _ in range(3):
        heroes = by_identifier(view, "option-heroes")
        first_on = next(w.content for w in heroes.controls[1].controls if w.selected)
        first_on.on_click(Event(first_on))
    create = by_identifier(view, "create-table")
    create.on_click(Event(create))
    error = by_identifier(view, "new-table-error")
    assert error.value.startswith("The game refused these options. Options: choose 1 to 4")
    assert shell.went == []
    assert [by_identifier(view, f"seat-{i}").value for i in range(3)] == ["Ann", "Bo", "Cy"]

    # Pick two heroes in a chosen order: the table starts with them.
    heroes = by_identifier(view, "option-heroes")
    for name in ("Boldur", "Embla"):
        chip = by_identifier(view, f"pick-heroes-{name}")
        chip.on_click(Event(chip))
    create.on_click(Event(create))
    assert len(shell.went) == 1 and shell.went[0].startswith("/t/")
    table_id = shell.went[0].removeprefix("/t/")
    state = hub.open(table_id).state
    assert [h.name for h in state.heroes] == ["Boldur", "Embla"]


def test_ff_app_copy_the_board_numbers_are_not_bare_new_table_options() -> None:
    """Fates and Favors' board is matched to the box on the table screen, where the counts
    to check are shown; the new-table form no longer offers a bare "Arm 0"."""
    from rules.fates_and_favors import FfOptions

    names = [s.name for s in fields_for(FfOptions)]
    assert "arm" not in names and "arm_bridge" not in names
    assert "mode" in names and "first_player" in names
