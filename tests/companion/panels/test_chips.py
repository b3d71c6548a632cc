"""The piece chip of the shared kit (``companion/panels/chips.py``): its contract, and every
screen that draws chips drawing the kit's, with their taps still picking what they pick.
A static check keeps any screen from growing a chip of its own again."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import flet as ft

from companion import theme
from companion.hub import Hub
from companion.panels.chips import chip, chip_row, restyle
from companion.views.options_form import OptionsForm, fields_for
from rules.fates_and_favors import GAME as FF
from rules.fates_and_favors import FfOptions
from rules.grimheim.state import GrimheimOptions
from tests.companion.panels.fates_and_favors.test_fates_and_favors_panel import Table as FfTable
from tests.companion.panels.grimheim.test_grimheim_effects_panel import hero_turn
from tests.companion.test_handover_secrets import host_of
from tests.support.ui import tagged, texts, walk

ROOT = Path(__file__).resolve().parents[3]
KIT = ROOT / "companion" / "panels" / "chips.py"


def kit_chip(control: Any) -> bool:
    """``control`` is a chip as the kit draws it: a tagged wrapper around a rounded box
    whose floor is a full tap target under the label."""
    if not isinstance(control, ft.Semantics) or not isinstance(control.content, ft.Container):
        return False
    stack = control.content.content
    if not isinstance(stack, ft.Stack) or not stack.controls:
        return False
    floor = stack.controls[0]
    return isinstance(floor, ft.Container) and floor.height == theme.TAP


def chips_of(root: Any, prefix: str) -> dict[str, ft.Semantics]:
    found = {k: v for k, v in tagged(root).items() if k.startswith(prefix)}
    assert found, f"no control tagged {prefix}* on the screen"
    return found


def assert_all_kit_chips(root: Any, prefix: str) -> dict[str, ft.Semantics]:
    found = chips_of(root, prefix)
    own = sorted(k for k, v in found.items() if not kit_chip(v))
    assert not own, f"chips not drawn by the kit: {own}"
    return found


# ----- the contract ----------------------------------------------------------------------


def test_a_chip_carries_its_tag_label_and_selected_state_and_taps() -> None:
    taps: list[Any] = []
    piece = chip("c-1", "Poseidon", selected=True, on_click=taps.append, min_width=96)
    assert kit_chip(piece)
    assert (piece.identifier, piece.selected, piece.button) == ("c-1", True, True)
    assert texts(piece) == "Poseidon"  # its name, said once (no label repeating it)
    assert piece.label is None
    box = piece.content
    assert isinstance(box, ft.Container) and isinstance(box.content, ft.Stack)
    floor, label = box.content.controls
    assert floor.height == theme.TAP and floor.width == 96 - 20  # padding makes up the rest
    # The label is not held on one line: past the row's width it wraps between words.
    assert isinstance(label, ft.Text) and not label.no_wrap and label.value == "Poseidon"
    assert box.bgcolor == ft.Colors.PRIMARY_CONTAINER
    assert label.color == ft.Colors.ON_PRIMARY_CONTAINER  # the fill's own pair of colours
    box.on_click("tap")
    assert taps == ["tap"]


def test_a_chip_without_a_tap_is_display_only_and_a_disabled_one_is_faded() -> None:
    shown = chip("c-2", "Naka")
    assert not shown.button and shown.content.on_click is None
    assert shown.content.opacity == 1.0 and not shown.content.ink
    off = chip("c-3", "+", on_click=lambda _: None, disabled=True)
    assert off.content.disabled and off.content.opacity < 0.5


def test_restyle_changes_the_look_and_keeps_the_controls() -> None:
    piece = chip("c-4", "Klar", on_click=lambda _: None, leading=ft.Icon(ft.Icons.PERSON))
    box = piece.content
    restyle(piece, True)
    assert piece.content is box and piece.selected
    assert box.bgcolor == ft.Colors.PRIMARY_CONTAINER
    label = next(c for c in walk(box) if isinstance(c, ft.Text))
    assert label.color == ft.Colors.ON_PRIMARY_CONTAINER
    restyle(piece, False)
    assert not piece.selected and box.bgcolor is None and label.color == ft.Colors.ON_SURFACE


def test_chip_row_wraps() -> None:
    row = chip_row([chip("a", "A"), chip("b", "B")])
    assert row.wrap and len(row.controls) == 2


# ----- every game's chips are the kit's --------------------------------------------------


def test_fates_and_favors_card_and_favor_chips_are_the_kits_and_pick() -> None:
    t = FfTable(FF.setup(FfOptions(mode="2v2", players=("Ann", "Bo", "Cy", "Di"))))
    root = t.panel()
    assert_all_kit_chips(root, "ff-card-")
    assert_all_kit_chips(root, "ff-favor-")
    chips_of(root, "ff-card-7")["ff-card-7"].content.on_click(None)
    root = t.panel()
    assert chips_of(root, "ff-card-7")["ff-card-7"].selected
    assert not chips_of(root, "ff-card-5")["ff-card-5"].selected


def test_scales_of_fate_demigod_chips_are_the_kits_and_pick(hub: Hub) -> None:
    live = hub.create_table("scales-of-fate", None, ["Ann", "Bo"], "chips")
    host = host_of(hub, live)
    host.tap("sof-reveal-0")
    host.tap("sof-show-0")
    found = assert_all_kit_chips(host.screen.body, "sof-deal-P")
    assert not found["sof-deal-Pentha"].selected
    host.tap("sof-deal-Pentha")  # a real tap on the wire
    assert host.shown()["sof-deal-Pentha"].selected
    assert "Pentha" in texts(host.shown()["sof-deal-Pentha"])  # its full name, by its marker


def test_grimheim_chips_are_the_kits_and_pick() -> None:
    t = hero_turn()
    heroes = t.panel("heroes")
    targets = assert_all_kit_chips(heroes, "grim-target-")
    assert_all_kit_chips(heroes, "grim-attack-noarmor")
    first = sorted(targets)[0]
    targets[first].content.on_click(None)
    assert chips_of(t.panel("heroes"), first)[first].selected
    on_map = assert_all_kit_chips(t.panel("map"), "grim-map-hero-")
    assert set(on_map) == {"grim-map-hero-Bjorn", "grim-map-hero-Alva"}


def test_the_new_table_hero_pick_is_the_kits_chips_in_tap_order() -> None:
    form = OptionsForm(fields_for(GrimheimOptions))
    column = form.controls["heroes"]
    assert isinstance(column, ft.Column)
    picks = assert_all_kit_chips(column, "pick-heroes-")
    picks["pick-heroes-Embla"].content.on_click(None)
    picks = chips_of(form.controls["heroes"], "pick-heroes-")
    assert picks["pick-heroes-Embla"].selected and texts(picks["pick-heroes-Embla"]) == "3. Embla"


# ----- no screen draws a chip of its own -------------------------------------------------


def own_chips(source: str) -> list[str]:
    """Where ``source`` draws a chip of its own: a Material ``ft.Chip`` (a second look,
    and a tap that reports "select" rather than a click), or a function named ``chip`` or
    ``*_chip`` that does not hand its work to the kit's ``chip``."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "Chip"
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "ft"
        ):
            found.append(f"{node.lineno}: ft.Chip")
        if isinstance(node, ast.FunctionDef) and (
            node.name.lstrip("_") == "chip" or node.name.endswith("_chip")
        ):
            delegates = any(
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Name)
                and call.func.id == "chip"
                for call in ast.walk(node)
            )
            if not delegates:
                found.append(f"{node.lineno}: def {node.name}")
    return found


def test_no_screen_builds_its_own_chip() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{where}"
        for path in sorted((ROOT / "companion").rglob("*.py"))
        if path != KIT
        for where in own_chips(path.read_text(encoding="utf-8"))
    ]
    assert not found, f"chips drawn outside companion/panels/chips.py: {found}"


def test_the_static_check_sees_a_chip_of_ones_own() -> None:
    """The two shapes a screen's own chip took before the kit are caught; a helper that
    draws the kit's chip with a game's marker is not."""
    source = (
        "import flet as ft\n"
        "from ..chips import chip\n"
        "def _chip(name):\n"
        "    return ft.Container(content=ft.Text(name))\n"
        "x = ft.Chip(label=ft.Text('a'))\n"
        "def demigod_chip(ident, name):\n"
        "    return chip(ident, name)\n"
    )
    assert sorted(own_chips(source)) == ["3: def _chip", "5: ft.Chip"]
