"""The Grimheim screen built for real game states, without a browser: the control tree shows
the time track, the skull warning, supply counts and the verdict of a card that cannot be
placed (grim.time.skull, grim.reinforce.placeable, grim.supply.conservation)."""

from __future__ import annotations

from collections.abc import Iterator
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


class FakePage:
    """Stands in for ``ft.Page``: the panel only uses it as a key for its UI memory."""


def children(c: Any) -> Iterator[Any]:
    for name in ("content", "controls", "leading", "label"):
        value = getattr(c, name, None)
        if isinstance(value, list):
            yield from value
        elif isinstance(value, ft.BaseControl):
            yield value


def walk(c: Any) -> Iterator[Any]:
    yield c
    for child in children(c):
        yield from walk(child)


def tagged(root: Any, prefix: str) -> list[ft.Semantics]:
    return [
        c
        for c in walk(root)
        if isinstance(c, ft.Semantics) and (c.identifier or "").startswith(prefix)
    ]


def one(root: Any, identifier: str) -> ft.Semantics:
    found = [c for c in tagged(root, identifier) if c.identifier == identifier]
    assert len(found) == 1, f"{identifier}: {len(found)} found"
    return found[0]


def texts(c: Any) -> str:
    # Rule IDs may wrap at their dots (a zero-width space after each): read them whole.
    # A see-through text only holds a width: nobody reads it.
    words = (str(x.value) for x in walk(c) if isinstance(x, ft.Text) and x.value and x.opacity != 0)
    return " ".join(words).replace("\u200b", "")


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
    tiles = tagged(root, "grim-step-")
    assert len(tiles) == steps == len(data.load().time_tracks[track])
    current = [s for s in tiles if s.selected]
    assert [s.identifier for s in current] == ["grim-step-1"]
    assert "last" in (one(root, f"grim-step-{steps}").label or "")
    assert texts(one(root, "grim-time")) == f"Step 1 of {steps}"


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
    assert "ALL MONSTERS CHARGE" in texts(one(root, "grim-skull"))
    # Before the skull there is no warning.
    earlier = new_table(track="short")
    assert not tagged(earlier.panel(), "grim-skull")


def test_monster_turn_checklist_follows_the_phase() -> None:
    t = new_table()
    play_to_monster_turn(t)
    root = t.panel()
    now = [s.identifier for s in tagged(root, "grim-mstep-") if s.selected]
    assert now == ["grim-mstep-time"]
    assert "Allowed" in texts(one(root, "grim-verdict"))
    t.act(AdvanceTime())
    now = [s.identifier for s in tagged(t.panel(), "grim-mstep-") if s.selected]
    assert now == ["grim-mstep-move"]  # the die is skipped: the variant is off


def test_supply_counts_follow_a_placed_card_grim_supply_conservation() -> None:
    t = new_table()
    d = data.load()
    card = d.cards[14]
    placed = {k: sum(1 for s in card.slots if s.monster == k) for k in d.monsters}
    t.act(PlaceCard(14))
    root = t.panel("monsters")
    for key, kind in d.monsters.items():
        row = texts(one(root, f"grim-supply-{key}"))
        assert row == f"{kind.name} {kind.tiles} {placed[key]} {kind.tiles - placed[key]}", row


def test_unplaceable_card_shows_why_and_sends_it_under_the_deck() -> None:
    t = new_table()
    mem = grimheim_ui.memory(t.page)
    card = data.load().cards[14]
    mem.card_number = 14
    mem.occupied = {card.slots[0].hex}  # the table reports a character on the card's area
    root = t.panel()
    verdict = texts(one(root, "grim-verdict"))
    assert "Not allowed" in verdict and "occupied" in verdict
    assert tagged(root, "grim-verdict-rule-grim.reinforce.placeable")
    assert "bottom of the yellow deck" in texts(one(root, "grim-redraw-note"))
    assert tagged(root, "grim-card-redraw") and not tagged(root, "grim-card-place")
    # Cleared, the same card is placeable.
    mem.occupied = set()
    root = t.panel()
    assert "Allowed" in texts(one(root, "grim-verdict"))
    assert tagged(root, "grim-card-place")


def test_every_section_builds_and_odds_match_the_rules() -> None:
    t = new_table()
    play_to_monster_turn(t)
    for section in ("turn", "map", "heroes", "monsters", "tools"):
        assert t.panel(section) is not None
    root = t.panel("tools")
    mem = grimheim_ui.memory(t.page)
    from rules.grimheim import odds

    expected = odds.p_kill(int(mem.odds["dice"]), int(mem.odds["health"]))
    assert texts(one(root, "grim-odds-kill")).endswith(f"{float(expected) * 100:.1f}%")


def test_counts_read_as_words_not_card_s() -> None:
    """Plurals in words on every section: "1 card still to draw", "0 kills", never "(s)"."""
    t = new_table()
    mem = grimheim_ui.memory(t.page)
    mem.card_number = 14
    verdict = texts(one(t.panel(), "grim-verdict"))
    assert "1 card still to draw" in verdict, verdict
    events = " ".join(texts(e) for e in tagged(t.panel("monsters"), "grim-events-"))
    assert "Bjorn: 0 kills, knocked out 0 times" in events, events
    play_to_monster_turn(t)
    for section in ("turn", "map", "heroes", "monsters", "tools"):
        shown = texts(t.panel(section))
        assert "(s)" not in shown, (section, shown)


def click(root: Any, identifier: str) -> None:
    """Press the control tagged ``identifier`` the way a tap does (its ``on_click``)."""
    control = one(root, identifier).content
    assert not control.disabled, f"{identifier} is disabled"
    control.on_click(None)


def test_each_hero_shows_the_player_who_plays_it() -> None:
    """Seat i plays hero i (the rules' ``acting_seat``): the screen names the player."""
    t = Table(GAME.setup(GrimheimOptions()), names=["Ann", "Bo"])
    t.act(PlaceCard(14))
    t.act(PlaceCard(22))
    root = t.panel("heroes")
    assert texts(one(root, "grim-hero-Bjorn-player")) == "Played by Ann"
    assert texts(one(root, "grim-hero-Alva-player")) == "Played by Bo"
    assert texts(one(root, "grim-status")).startswith("Bjorn's turn (Ann)")
    t.act(EndTurn("Bjorn"))
    assert texts(one(t.panel(), "grim-status")).startswith("Alva's turn (Bo)")


def test_rule_ids_in_an_inline_verdict_open_the_rules_reference() -> None:
    t = new_table()
    mem = grimheim_ui.memory(t.page)
    mem.card_number = 14
    root = t.panel()
    assert "Allowed" in texts(one(root, "grim-verdict"))
    click(root, "grim-verdict-rule-grim.reinforce.draw")
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
        why = texts(one(root, f"grim-why-{key}"))
        assert "Bjorn is played by Ann" in why, why
    turn = bo.panel("turn")
    assert one(turn, "grim-turn-end").content.disabled
    assert "Bjorn is played by Ann" in texts(one(turn, "grim-why-turn-end"))
    ann = Table(state, seat=0, names=["Ann", "Bo"])
    assert not tagged(ann.panel("turn"), "grim-why-turn-end")
    root = ann.panel("heroes")
    assert not tagged(root, "grim-why-act-prepare")
    click(root, "grim-act-prepare")
    assert "prepare" in ann.state.hero("Bjorn").actions
    root = ann.panel("heroes")
    assert one(root, "grim-act-prepare").content.disabled
    why = texts(one(root, "grim-why-act-prepare"))
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
    assert texts(one(root, "grim-reach-Bjorn")) == "Goblin at I4 (1 die); at most 1 damage"
    assert texts(one(root, "grim-reach-Alva")) == "in Grimheim: no monster can attack"
    memory = grimheim_ui.memory(t.page)
    memory.attack_damage = {"Bjorn": 3}
    root = t.panel()
    verdict = texts(one(root, "grim-verdict"))
    assert verdict.startswith("Not allowed: Bjorn can take at most 1 damage")


def test_grim_time_reinforce_the_time_card_agrees_with_the_stone_verdict() -> None:
    t = new_table(track="short")
    play_to_monster_turn(t)
    t.state = replace(t.state, time=3)
    shown = texts(t.panel())
    assert (
        "This monster turn (the stone enters step 4): reinforcements: each player draws a "
        "monster card (yellow deck)"
    ) in shown
    assert "no reinforcements" not in shown
    assert "reinforcements this turn: each player draws a yellow card" in shown
