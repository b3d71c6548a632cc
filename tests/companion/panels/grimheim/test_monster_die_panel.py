"""The Grimheim turn panel's monster die step without a browser: for every face, the action
the panel sends carries what the rules move or place (``hexmap.die_proposal``), the game's
check accepts it, and the panel says in words what moves where (grim.mturn.die)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.panels.base import PanelContext
from companion.panels.grimheim import build_panel
from companion.panels.grimheim import ui as grimheim_ui
from companion.panels.grimheim.monster_turn import die_action, die_lines
from rules.core import Action
from rules.grimheim import GAME, data, hexmap
from rules.grimheim.reinforcements import display_name
from rules.grimheim.state import GrimheimOptions, GrimheimState, MonsterTile, sorted_tiles
from tests.support.ui import FakePage, one, one_line, walk

BJORN, ALVA = (9, 5), (9, 7)


def die_step() -> GrimheimState:
    """Monster die step; monsters beside both heroes, one between them, one by Grimheim."""
    state = GAME.setup(GrimheimOptions(heroes=("Bjorn", "Alva"), monster_die=True))
    spots = {"Bjorn": BJORN, "Alva": ALVA}
    monsters = {(9, 4): "goblin", (9, 6): "troll", hexmap.step(ALVA, 3): "sprite"}
    supply = dict(state.supply)
    for kind in monsters.values():
        supply[kind] -= 1
    return replace(
        state,
        heroes=tuple(replace(h, at=spots[h.name]) for h in state.heroes),
        monsters=sorted_tiles([MonsterTile(k, at) for at, k in monsters.items()]),
        supply=supply,
        phase="monsters",
        monster_step="die",
    )


@pytest.mark.parametrize("face", data.load().monster_die)
def test_the_die_the_panel_sends_is_legal(face: str) -> None:
    state = die_step()
    action = die_action(state, face)
    verdict = GAME.check(state, action)
    assert verdict.legal, verdict.reason
    if face in ("maneuver_1", "maneuver_2", "push"):
        assert action.shifts  # pieces must move on this board, and the action says which
    if face == "ambush":
        assert len(action.ambush) == 2


@pytest.mark.parametrize("face", ["maneuver_1", "maneuver_2", "push", "ambush"])
def test_the_panel_shows_the_plan_and_applies_it(face: str) -> None:
    state = die_step()
    sent: list[Action] = []
    page = FakePage()
    mem = grimheim_ui.memory(page)
    mem.section, mem.die_face, mem.die_rolled_at = "turn", face, 0
    ctx = PanelContext(
        page=page,  # type: ignore[arg-type]
        game=GAME,
        state=state,
        seat=None,
        role="host",
        seat_names=["Ann", "Bo"],
        version=0,
        act=sent.append,
        check=lambda a: GAME.check(state, a),
        show_verdict=lambda v: pytest.fail(f"refused: {v.reason}"),
    )
    root = build_panel(ctx)
    plan = one_line(one(root, "grim-die-plan"))
    for line in die_lines(state, die_action(state, face)):
        assert line in plan
    assert "Allowed" in one_line(one(root, "grim-verdict"))
    apply = next(c for c in walk(one(root, "grim-apply-die")) if getattr(c, "on_click", None))
    assert not apply.disabled
    apply.on_click(None)
    assert sent == [die_action(state, face)]
    after = GAME.apply(state, sent[0])
    assert after != replace(state, die_face=face, monster_step="move")  # the board changed


def test_plan_lines_name_pieces_and_places() -> None:
    state = die_step()
    maneuver = " ".join(die_lines(state, die_action(state, "maneuver_1")))
    assert f"The {display_name('goblin')} at D4 turns to D5." in maneuver  # 9,4 → 10,4
    assert "into Grimheim" in maneuver  # the sprite beside Alva turns into the town
    push = die_lines(state, die_action(state, "push"))
    assert any(line.startswith("Alva is pushed from G7 into Grimheim") for line in push)
    ambush = die_lines(state, die_action(state, "ambush"))
    assert len(ambush) == 2 and all("next to" in line for line in ambush)


def test_monster_names_come_from_the_rules() -> None:
    assert grimheim_ui.monster_name is display_name
