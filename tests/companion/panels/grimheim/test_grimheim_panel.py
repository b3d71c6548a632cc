"""The Grimheim screen built for real game states, without a browser: the control tree shows
the time track, the skull warning, supply counts and the verdict of a card that cannot be
placed (grim.time.skull, grim.reinforce.placeable, grim.supply.conservation)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import flet as ft
import pytest

from companion.panels import panel_for
from companion.panels.base import PanelContext
from companion.panels.grimheim import build_panel
from companion.panels.grimheim import ui as grimheim_ui
from rules.core import Action, Verdict
from rules.grimheim import GAME, data
from rules.grimheim.actions import AdvanceTime, EndTurn, MonstersAttack, MonstersMove, PlaceCard
from rules.grimheim.state import GrimheimOptions, GrimheimState, MonsterTile
from tests.support.ui import FakePage, click_on, one, one_line, starting_with


class Table:
    """A game state plus a panel context whose ``act`` applies actions for real."""

    def __init__(
        self,
        state: GrimheimState,
        seat: int | None = None,
        names: list[str] | None = None,
    ) -> None:
        self.state = state
        self.page = FakePage()
        self.shown: list[Verdict] = []
        self.opened: list[str] = []
        self.seat = seat
        self.names = names or [h.name for h in state.heroes]

    def act(self, action: Action) -> None:
        self.state = GAME.apply(self.state, action)

    def ctx(self) -> PanelContext:
        return PanelContext(
            page=self.page,  # type: ignore[arg-type]
            game=GAME,
            state=self.state,
            seat=self.seat,
            role="host" if self.seat is None else "seat",
            seat_names=self.names,
            version=0,
            act=self.act,
            check=lambda a: GAME.check(self.state, a),
            show_verdict=self.shown.append,
            open_rule=self.opened.append,
        )

    def panel(self, section: str = "turn") -> ft.Control:
        grimheim_ui.memory(self.page).section = section
        return build_panel(self.ctx())


def new_table(**options: Any) -> Table:
    return Table(GAME.setup(GrimheimOptions(**options)))


def play_to_monster_turn(t: Table) -> None:
    """Opening cards (both placeable at setup) then both heroes end their turns."""
    for action in (PlaceCard(14), PlaceCard(22), EndTurn("Bjorn"), EndTurn("Alva")):
        t.act(action)


def test_registered_for_the_grimheim_slug() -> None:
    assert panel_for("grimheim") is build_panel


@pytest.mark.parametrize(("track", "steps"), [("short", 12), ("long", 16)])
def test_time_track_shows_every_step_and_the_rune_stone(track: str, steps: int) -> None:
    t = new_table(track=track)
    root = t.panel()
    tiles = starting_with(root, "grim-step-")
    assert len(tiles) == steps == len(data.load().time_tracks[track])
    current = [s for s in tiles if s.selected]
    assert [s.identifier for s in current] == ["grim-step-1"]
    assert "last" in (one(root, f"grim-step-{steps}").label or "")
    assert one_line(one(root, "grim-time")) == f"Step 1 of {steps}"


def test_skull_step_is_highlighted_and_warned_grim_time_skull() -> None:
    t = new_table(track="short")
    play_to_monster_turn(t)
    skull_at = next(s.step for s in data.load().time_tracks["short"] if s.mark == "skull")
    # Play whole rounds (no monster moves, no damage) until the Rune Stone reaches the skull.
    while t.state.time < skull_at:
        assert t.state.phase == "monsters", t.state.phase
        t.act(AdvanceTime())
        if t.state.time == skull_at:
            break
        t.act(MonstersMove(steps=()))
        t.act(MonstersAttack(damage={}))
        while t.state.phase == "reinforce":
            number = next(
                n
                for n, c in data.load().cards.items()
                if c.deck == t.state.reinforce_deck and GAME.check(t.state, PlaceCard(n)).legal
            )
            t.act(PlaceCard(number))
        for hero in ("Bjorn", "Alva"):
            t.act(EndTurn(hero))
    root = t.panel()
    step = one(root, f"grim-step-{skull_at}")
    assert step.selected and "skull" in (step.label or "")
    assert "ALL MONSTERS CHARGE" in one_line(one(root, "grim-skull"))
    # Before the skull there is no warning.
    earlier = new_table(track="short")
    assert not starting_with(earlier.panel(), "grim-skull")


def test_monster_turn_checklist_follows_the_phase() -> None:
    t = new_table()
    play_to_monster_turn(t)
    root = t.panel()
    now = [s.identifier for s in starting_with(root, "grim-mstep-") if s.selected]
    assert now == ["grim-mstep-time"]
    assert "Allowed" in one_line(one(root, "grim-verdict"))
    t.act(AdvanceTime())
    now = [s.identifier for s in starting_with(t.panel(), "grim-mstep-") if s.selected]
    assert now == ["grim-mstep-move"]  # the die is skipped: the variant is off


def test_supply_counts_follow_a_placed_card_grim_supply_conservation() -> None:
    t = new_table()
    d = data.load()
    card = d.cards[14]
    placed = {k: sum(1 for s in card.slots if s.monster == k) for k in d.monsters}
    t.act(PlaceCard(14))
    root = t.panel("monsters")
    for key, kind in d.monsters.items():
        row = one_line(one(root, f"grim-supply-{key}"))
        assert row == f"{kind.name} {kind.tiles} {placed[key]} {kind.tiles - placed[key]}", row


def test_unplaceable_card_shows_why_and_sends_it_under_the_deck() -> None:
    t = new_table()
    mem = grimheim_ui.memory(t.page)
    card = data.load().cards[14]
    mem.card_number = 14
    mem.occupied = {card.slots[0].hex}  # the table reports a character on the card's area
    root = t.panel()
    verdict = one_line(one(root, "grim-verdict"))
    assert "Not allowed" in verdict and "occupied" in verdict
    assert starting_with(root, "grim-verdict-rule-grim.reinforce.placeable")
    assert "bottom of the yellow deck" in one_line(one(root, "grim-redraw-note"))
    assert starting_with(root, "grim-card-redraw") and not starting_with(root, "grim-card-place")
    # Cleared, the same card is placeable.
    mem.occupied = set()
    root = t.panel()
    assert "Allowed" in one_line(one(root, "grim-verdict"))
    assert starting_with(root, "grim-card-place")


def test_every_section_builds_and_odds_match_the_rules() -> None:
    t = new_table()
    play_to_monster_turn(t)
    for section in ("turn", "map", "heroes", "monsters", "tools"):
        assert t.panel(section) is not None
    root = t.panel("tools")
    mem = grimheim_ui.memory(t.page)
    from rules.grimheim import odds

    expected = odds.p_kill(int(mem.odds["dice"]), int(mem.odds["health"]))
    assert one_line(one(root, "grim-odds-kill")).endswith(f"{float(expected) * 100:.1f}%")


def test_counts_read_as_words_not_card_s() -> None:
    """Plurals in words on every section: "1 card still to draw", "0 kills", never "(s)"."""
    t = new_table()
    mem = grimheim_ui.memory(t.page)
    mem.card_number = 14
    verdict = one_line(one(t.panel(), "grim-verdict"))
    assert "1 card still to draw" in verdict, verdict
    events = " ".join(one_line(e) for e in starting_with(t.panel("monsters"), "grim-events-"))
    assert "Bjorn: 0 kills, knocked out 0 times" in events, events
    play_to_monster_turn(t)
    for section in ("turn", "map", "heroes", "monsters", "tools"):
        shown = one_line(t.panel(section))
        assert "(s)" not in shown, (section, shown)


def test_each_hero_shows_the_player_who_plays_it() -> None:
    """Seat i plays hero i (the rules' ``acting_seat``): the screen names the player."""
    t = Table(GAME.setup(GrimheimOptions()), names=["Ann", "Bo"])
    t.act(PlaceCard(14))
    t.act(PlaceCard(22))
    root = t.panel("heroes")
    assert one_line(one(root, "grim-hero-Bjorn-player")) == "Played by Ann"
    assert one_line(one(root, "grim-hero-Alva-player")) == "Played by Bo"
    assert one_line(one(root, "grim-status")).startswith("Bjorn's turn (Ann)")
    t.act(EndTurn("Bjorn"))
    assert one_line(one(t.panel(), "grim-status")).startswith("Alva's turn (Bo)")


def test_rule_ids_in_an_inline_verdict_open_the_rules_reference() -> None:
    t = new_table()
    mem = grimheim_ui.memory(t.page)
    mem.card_number = 14
    root = t.panel()
    assert "Allowed" in one_line(one(root, "grim-verdict"))
    click_on(root, "grim-verdict-rule-grim.reinforce.draw")
    assert t.opened == ["grim.reinforce.draw"]
    assert t.shown == []  # the rule itself opens, not the verdict sheet again


def test_a_disabled_button_says_why_in_words() -> None:
    """On Bo's phone during Bjorn's turn every action of Bjorn's is disabled with a reason
    taken from the rules' seat assignment; on Ann's phone a used action space says why."""
    state = GAME.setup(GrimheimOptions())
    for action in (PlaceCard(14), PlaceCard(22)):
        state = GAME.apply(state, action)
    bo = Table(state, seat=1, names=["Ann", "Bo"])
    root = bo.panel("heroes")
    for key in ("act-move", "act-prepare", "act-practice", "end-turn"):
        assert one(root, f"grim-{key}").content.disabled, key
        why = one_line(one(root, f"grim-why-{key}"))
        assert "Bjorn is played by Ann" in why, why
    turn = bo.panel("turn")
    assert one(turn, "grim-turn-end").content.disabled
    assert "Bjorn is played by Ann" in one_line(one(turn, "grim-why-turn-end"))
    ann = Table(state, seat=0, names=["Ann", "Bo"])
    assert not starting_with(ann.panel("turn"), "grim-why-turn-end")
    root = ann.panel("heroes")
    assert not starting_with(root, "grim-why-act-prepare")
    click_on(root, "grim-act-prepare")
    assert "prepare" in ann.state.hero("Bjorn").actions
    root = ann.panel("heroes")
    assert one(root, "grim-act-prepare").content.disabled
    why = one_line(one(root, "grim-why-act-prepare"))
    assert "already taken the prepare action" in why, why


def test_grim_mturn_attack_bound_the_attack_step_names_the_monsters_in_reach() -> None:
    t = new_table(track="short")
    play_to_monster_turn(t)
    t.act(AdvanceTime())
    t.act(MonstersMove(steps=()))
    assert t.state.monster_step == "attack"
    supply = {**t.state.supply, "goblin": t.state.supply["goblin"] - 1}
    bjorn = replace(t.state.heroes[0], at=(3, 9))
    t.state = replace(
        t.state,
        heroes=(bjorn, t.state.heroes[1]),
        monsters=(*t.state.monsters, MonsterTile("goblin", (4, 9))),
        supply=supply,
    )
    root = t.panel()
    assert one_line(one(root, "grim-reach-Bjorn")) == "Goblin at I4 (1 die); at most 1 damage"
    assert one_line(one(root, "grim-reach-Alva")) == "in Grimheim: no monster can attack"
    memory = grimheim_ui.memory(t.page)
    memory.attack_damage = {"Bjorn": 3}
    root = t.panel()
    verdict = one_line(one(root, "grim-verdict"))
    assert verdict.startswith("Not allowed: Bjorn can take at most 1 damage")


def test_grim_time_reinforce_the_time_card_agrees_with_the_stone_verdict() -> None:
    t = new_table(track="short")
    play_to_monster_turn(t)
    t.state = replace(t.state, time=3)
    shown = one_line(t.panel())
    assert (
        "This monster turn (the stone enters step 4): reinforcements: each player draws a "
        "monster card (yellow deck)"
    ) in shown
    assert "no reinforcements" not in shown
    assert "reinforcements this turn: each player draws a yellow card" in shown
