"""The "Card effects" part of each hero's board, built without a browser: the controls are
tapped through their own handlers, the effect goes through the table's real ``act`` path, and
a refused choice shows the rules' reason and rule IDs on a disabled button
(grim.free.effects, grim.free.share_gold, grim.assume.free_action_timing, grim.xp.*)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.panels.grimheim import ui as grimheim_ui
from companion.panels.grimheim.effects import areas_at
from rules.grimheim import GAME, hexmap
from rules.grimheim.actions import DealDamage, EndTurn, PlaceCard, PlaceHero
from rules.grimheim.state import GRIMHEIM, GrimheimOptions, with_hero
from tests.companion.panels.grimheim.test_grimheim_panel import Table
from tests.support.ui import click_on, one, one_line, starting_with


def hero_turn(seat: int | None = None) -> Table:
    """A table on Bjorn's first turn (the two opening cards placed), seen from ``seat``."""
    state = GAME.setup(GrimheimOptions())
    for action in (PlaceCard(14), PlaceCard(22)):
        state = GAME.apply(state, action)
    return Table(state, seat=seat, names=["Ann", "Bo"])


def tap(t: Table, identifier: str) -> Any:
    """Build the Heroes section as the phone shows it, tap ``identifier``, return the
    section built again (what the phone shows next)."""
    click_on(t.panel("heroes"), identifier)
    return t.panel("heroes")


def tap_times(t: Table, identifier: str, times: int) -> Any:
    root = None
    for _ in range(times):
        root = tap(t, identifier)
    return root


def test_card_effects_are_closed_until_asked_for() -> None:
    t = hero_turn()
    root = t.panel("heroes")
    for hero in ("Bjorn", "Alva"):
        assert one(root, f"grim-fx-{hero}-toggle").content.content == "Card effects…"
        assert not starting_with(root, f"grim-fx-{hero}-go")
    root = tap(t, "grim-fx-Bjorn-toggle")
    assert starting_with(root, "grim-fx-Bjorn-go") and not starting_with(root, "grim-fx-Alva-go")
    root = tap(t, "grim-fx-Bjorn-toggle")
    assert not starting_with(root, "grim-fx-Bjorn-go")


def test_gain_xp_goes_through_the_table_grim_free_effects() -> None:
    t = hero_turn()
    before = t.state.hero("Bjorn").xp
    root = tap(t, "grim-fx-Bjorn-toggle")
    # Nothing picked yet: the button says what is missing.
    assert one(root, "grim-fx-Bjorn-go").content.disabled
    assert "set an amount first" in one_line(one(root, "grim-why-fx-Bjorn-go"))
    root = tap_times(t, "grim-fx-Bjorn-xp-plus", 3)
    assert one_line(one(root, "grim-fx-Bjorn-xp-value")) == "3"
    verdict = one_line(one(root, "grim-fx-Bjorn-verdict"))
    assert verdict.startswith("Allowed") and f"gold/XP → {before + 3}" in verdict, verdict
    assert starting_with(root, "grim-fx-Bjorn-verdict-rule-grim.free.effects")
    root = tap(t, "grim-fx-Bjorn-go")
    assert t.state.hero("Bjorn").xp == before + 3
    assert one_line(one(root, "grim-hero-Bjorn-xp")) == f"XP/gold {before + 3}"
    # The amounts start again from zero; the part stays open.
    assert one_line(one(root, "grim-fx-Bjorn-xp-value")) == "0"


def test_spending_more_gold_than_held_is_refused_with_its_rule() -> None:
    t = hero_turn()
    held = t.state.hero("Bjorn").xp
    tap(t, "grim-fx-Bjorn-toggle")
    root = tap_times(t, "grim-fx-Bjorn-xp-minus", held + 1)
    verdict = one_line(one(root, "grim-fx-Bjorn-verdict"))
    assert verdict.startswith("Not allowed") and f"cannot spend {held + 1}" in verdict, verdict
    assert starting_with(root, "grim-fx-Bjorn-verdict-rule-grim.xp.one_resource")
    assert one(root, "grim-fx-Bjorn-go").content.disabled
    assert f"cannot spend {held + 1}" in one_line(one(root, "grim-why-fx-Bjorn-go"))
    assert t.state.hero("Bjorn").xp == held


def test_only_the_hero_whose_turn_it_is_takes_free_actions() -> None:
    """Alva's board on Bjorn's turn: the rules' refusal with grim.assume.free_action_timing."""
    t = hero_turn()
    tap(t, "grim-fx-Alva-toggle")
    root = tap(t, "grim-fx-Alva-xp-plus")
    assert "Not allowed" in one_line(one(root, "grim-fx-Alva-verdict"))
    assert starting_with(root, "grim-fx-Alva-verdict-rule-grim.assume.free_action_timing")
    assert one(root, "grim-fx-Alva-go").content.disabled
    assert "It is Bjorn's turn" in one_line(one(root, "grim-why-fx-Alva-go"))


def test_another_players_phone_sees_the_button_disabled() -> None:
    t = hero_turn(seat=1)  # Bo plays Alva; Bjorn is Ann's
    tap(t, "grim-fx-Bjorn-toggle")
    root = tap(t, "grim-fx-Bjorn-xp-plus")
    assert one_line(one(root, "grim-fx-Bjorn-verdict")).startswith("Allowed")
    assert one(root, "grim-fx-Bjorn-go").content.disabled
    assert "Bjorn is played by Ann" in one_line(one(root, "grim-why-fx-Bjorn-go"))


def test_share_gold_with_a_hero_in_town_grim_free_share_gold() -> None:
    t = hero_turn()
    giver, taker = t.state.hero("Bjorn").xp, t.state.hero("Alva").xp
    tap(t, "grim-fx-Bjorn-toggle")
    root = tap(t, "grim-fx-Bjorn-kind-share")
    assert "pick the hero who takes the gold" in one_line(one(root, "grim-why-fx-Bjorn-go"))
    if giver == 0:  # a table started without gold: Bjorn earns one first
        tap(t, "grim-fx-Bjorn-kind-gain")
        tap(t, "grim-fx-Bjorn-xp-plus")
        tap(t, "grim-fx-Bjorn-go")
        tap(t, "grim-fx-Bjorn-kind-share")
        giver += 1
    root = tap(t, "grim-fx-Bjorn-taker-Alva")
    assert starting_with(root, "grim-fx-Bjorn-verdict-rule-grim.free.share_gold")
    tap(t, "grim-fx-Bjorn-go")
    assert (t.state.hero("Bjorn").xp, t.state.hero("Alva").xp) == (giver - 1, taker + 1)


def test_card_damage_to_a_monster_uses_the_target_chips() -> None:
    t = hero_turn()
    monster = t.state.monsters[0]
    chip = f"grim-fx-Bjorn-target-{hexmap.grid_name(monster.at)}"
    tap(t, "grim-fx-Bjorn-toggle")
    root = tap(t, "grim-fx-Bjorn-kind-deal")
    assert "pick the monster first" in one_line(one(root, "grim-why-fx-Bjorn-go"))
    tap(t, chip)
    tap(t, "grim-fx-Bjorn-pierce")
    root = tap(t, "grim-fx-Bjorn-damage-plus")
    # From inside Grimheim no card reaches a monster outside: refused, with its rule.
    assert one_line(one(root, "grim-fx-Bjorn-verdict")).startswith("Not allowed")
    assert starting_with(root, "grim-fx-Bjorn-verdict-rule-grim.map.grimheim_apart")
    assert one(root, "grim-fx-Bjorn-go").content.disabled
    assert "in Grimheim" in one_line(one(root, "grim-why-fx-Bjorn-go"))
    # Out of town (a card put him there), the same picks are allowed and recorded.
    out = next(h for h in areas_at(GRIMHEIM, 1) if GAME.check(t.state, _place(h)).legal)
    t.act(_place(out))
    root = t.panel("heroes")
    assert one_line(one(root, "grim-fx-Bjorn-verdict")).startswith("Allowed")
    before = t.state
    tap(t, "grim-fx-Bjorn-go")
    assert t.state == GAME.apply(before, _deal(monster.at))
    assert t.state != before


def _place(at: tuple[int, int]) -> Any:
    return PlaceHero(hero="Bjorn", to=at)


def _deal(at: tuple[int, int]) -> Any:
    return DealDamage(hero="Bjorn", target=at, damage=1, unpreventable=True)


def test_damage_taken_from_a_card_grim_hero_health() -> None:
    t = hero_turn()
    tap(t, "grim-fx-Bjorn-toggle")
    tap(t, "grim-fx-Bjorn-kind-hurt")
    root = tap_times(t, "grim-fx-Bjorn-taken-plus", 2)
    # In Grimheim nothing outside can reach Bjorn (grim.map.grimheim_apart): refused.
    assert starting_with(root, "grim-fx-Bjorn-verdict-rule-grim.map.grimheim_apart")
    assert one(root, "grim-fx-Bjorn-go").content.disabled
    free = next(a for a in areas_at(GRIMHEIM, 1) if t.state.monster_at(a) is None)
    t.act(PlaceHero("Bjorn", free))
    root = t.panel("heroes")
    assert starting_with(root, "grim-fx-Bjorn-verdict-rule-grim.hero.health")
    tap(t, "grim-fx-Bjorn-go")
    assert t.state.hero("Bjorn").damage == 2


def test_a_card_moves_the_hero_to_a_free_area() -> None:
    t = hero_turn()
    assert t.state.hero("Bjorn").at == GRIMHEIM
    tap(t, "grim-fx-Bjorn-toggle")
    root = tap(t, "grim-fx-Bjorn-kind-place")
    chips = [c.identifier for c in starting_with(root, "grim-fx-Bjorn-to-")]
    assert chips, "no area offered next to Grimheim"
    # Every chip offered is one the rules accept; occupied areas are not offered.
    taken = {m.at for m in t.state.monsters}
    assert all(hexmap.grid_name(at) not in " ".join(chips) for at in taken if at != GRIMHEIM)
    root = tap(t, chips[0])
    assert one_line(one(root, "grim-fx-Bjorn-verdict")).startswith("Allowed")
    tap(t, "grim-fx-Bjorn-go")
    assert t.state.hero("Bjorn").at != GRIMHEIM
    assert hexmap.grid_name(t.state.hero("Bjorn").at) == chips[0].removeprefix("grim-fx-Bjorn-to-")
    assert grimheim_ui.memory(t.page).odds.get("_fx-Bjorn-to") is None


def test_in_the_monster_turn_only_paying_for_prevention_is_recorded() -> None:
    """Any hero may discard a card to prevent damage during the monster turn; a gain of
    gold/XP waits for a hero turn (grim.assume.free_action_timing)."""
    t = hero_turn()
    for action in (EndTurn("Bjorn"), EndTurn("Alva")):
        t.act(action)
    assert t.state.phase == "monsters"
    hand = t.state.hero("Alva").hand
    tap(t, "grim-fx-Alva-toggle")
    root = tap(t, "grim-fx-Alva-xp-plus")
    assert one_line(one(root, "grim-fx-Alva-verdict")).startswith("Not allowed")
    assert starting_with(root, "grim-fx-Alva-verdict-rule-grim.assume.free_action_timing")
    assert one(root, "grim-fx-Alva-go").content.disabled
    tap(t, "grim-fx-Alva-xp-minus")
    root = tap(t, "grim-fx-Alva-cards-minus")
    assert one_line(one(root, "grim-fx-Alva-verdict")).startswith("Allowed")
    tap(t, "grim-fx-Alva-go")
    assert t.state.hero("Alva").hand == hand - 1


def test_the_attack_box_still_picks_its_target_from_the_shared_chips() -> None:
    t = hero_turn()
    monster = t.state.monsters[0]
    root = tap(t, f"grim-target-{hexmap.grid_name(monster.at)}")
    assert one(root, f"grim-target-{hexmap.grid_name(monster.at)}").selected
    assert starting_with(root, "grim-attack-verdict")
    # The effects' chips keep their own pick: nothing is selected there.
    tap(t, "grim-fx-Bjorn-toggle")
    root = tap(t, "grim-fx-Bjorn-kind-deal")
    assert not one(root, f"grim-fx-Bjorn-target-{hexmap.grid_name(monster.at)}").selected


def test_grim_action_extra_the_attack_box_offers_a_card_s_attack_after_the_action() -> None:
    """After Bjorn's attack action the attack box stays, as an additional attack from a card
    (grim.action.extra): checked like the action, no marker moved. Eagle Eye II's armor
    rule is a switch of its own (grim.combat.ignore_armor)."""
    t = hero_turn()
    t.state = with_hero(t.state, replace(t.state.hero("Bjorn"), at=(15, 3)))
    imp = hexmap.grid_name((15, 2))
    tap(t, f"grim-target-{imp}")
    tap(t, "grim-attack-damage-up")
    root = tap(t, "grim-attack-go")
    assert t.state.hero("Bjorn").actions == ("attack",)
    assert t.state.monster_at((15, 2)) is not None  # 1 of the imp's 2 health
    # The box is still there, now for the card's attack; its switch is fixed on.
    chip = one(root, "grim-attack-extra")
    assert chip.selected and chip.content.disabled
    tap(t, f"grim-target-{imp}")
    root = tap(t, "grim-attack-damage-up")
    verdict = one(root, "grim-attack-verdict")
    assert starting_with(root, "grim-attack-verdict-rule-grim.action.extra")
    assert "no action marker moves" in one_line(verdict)
    tap(t, "grim-attack-go")
    assert t.state.monster_at((15, 2)) is None
    assert t.state.hero("Bjorn").actions == ("attack",)
    assert t.state.hero("Bjorn").kills == 1
    # Out of range, the card's attack is refused like any attack.
    tap(t, f"grim-target-{hexmap.grid_name((16, 4))}")
    root = tap(t, "grim-attack-damage-up")
    assert one(root, "grim-attack-go").content.disabled
    assert "range is 1" in one_line(one(root, "grim-attack-verdict"))


def test_grim_combat_ignore_armor_switch_on_the_attack_box() -> None:
    t = hero_turn()
    t.state = with_hero(t.state, replace(t.state.hero("Bjorn"), at=(15, 3)))
    root = tap(t, "grim-attack-noarmor")
    assert one(root, "grim-attack-noarmor").selected
    tap(t, f"grim-target-{hexmap.grid_name((15, 2))}")
    root = tap(t, "grim-attack-damage-up")
    verdict = one(root, "grim-attack-verdict")
    assert one_line(verdict).startswith("Allowed")
    assert starting_with(root, "grim-attack-verdict-rule-grim.combat.ignore_armor")


def test_grim_setup_wyrm_lair_markers_taken_once_from_the_hero_board() -> None:
    t = hero_turn()
    assert not starting_with(t.panel("heroes"), "grim-markers-")  # in town: no site, no button
    t.state = with_hero(t.state, replace(t.state.hero("Bjorn"), at=(6, 15)))
    xp = t.state.hero("Bjorn").xp
    root = t.panel("heroes")
    assert one_line(one(root, "grim-markers-wyrm_lair-text")) == (
        "The Wyrm Lair's setup markers are here: take them to gain 3 gold."
    )
    button = one(root, "grim-markers-wyrm_lair").content
    assert button.content == "Take the markers" and not button.disabled
    root = tap(t, "grim-markers-wyrm_lair")
    assert t.state.hero("Bjorn").xp == xp + 3
    assert t.state.site_markers["wyrm_lair"] == 0
    assert not starting_with(root, "grim-markers-")  # taken once: the button is gone


def test_grim_upgrade_once_end_turn_with_an_upgrade_left_asks_first() -> None:
    t = hero_turn()
    t.state = with_hero(t.state, replace(t.state.hero("Bjorn"), xp=5))  # the first step: 5
    root = tap(t, "grim-end-turn")
    assert t.state.turn == 0  # not ended: asked first
    assert one_line(one(root, "grim-end-confirm")) == (
        "Bjorn can still upgrade this turn for 5 XP (new ability, flip hero card, flip an "
        "ability). End the turn without upgrading?"
    )
    assert not starting_with(root, "grim-end-turn")
    # "Choose an upgrade" goes back to the choice; picking one ends the turn at once.
    root = tap(t, "grim-end-confirm-back")
    assert not starting_with(root, "grim-end-confirm") and t.state.turn == 0
    tap(t, "grim-end-turn")
    tap(t, "grim-end-confirm-go")
    assert t.state.turn == 1 and t.state.hero("Bjorn").upgrades == 0
    # Alva, with 2 XP, has no upgrade to lose: her turn ends without a question.
    tap(t, "grim-end-turn")
    assert t.state.phase == "monsters"


def test_grim_upgrade_once_end_turn_with_the_upgrade_chosen_does_not_ask() -> None:
    t = hero_turn()
    t.state = with_hero(t.state, replace(t.state.hero("Bjorn"), xp=5))
    tap(t, "grim-upgrade-new_ability")
    tap(t, "grim-end-turn")
    assert t.state.turn == 1 and t.state.hero("Bjorn").abilities_gained == 1


def test_grim_upgrade_once_the_turn_tab_s_end_turn_asks_on_the_hero_board() -> None:
    t = hero_turn()
    t.state = with_hero(t.state, replace(t.state.hero("Bjorn"), xp=5))
    click_on(t.panel("turn"), "grim-turn-end")
    assert t.state.turn == 0
    memory = grimheim_ui.memory(t.page)
    assert memory.section == "heroes"
    assert one_line(one(t.panel("heroes"), "grim-end-confirm")).startswith(
        "Bjorn can still upgrade this turn for 5 XP"
    )


def test_grim_action_extra_a_second_move_on_the_map_is_a_card_s_additional_move() -> None:
    t = hero_turn()
    memory = grimheim_ui.memory(t.page)
    t.panel("map")
    memory.map_hero = "Bjorn"
    memory.selected_hex = (9, 7)
    root = t.panel("map")
    button = one(root, "grim-move-go").content
    assert button.content == "Move Bjorn here"
    button.on_click(None)
    assert t.state.hero("Bjorn").actions == ("move",)
    memory.map_hero = "Bjorn"
    memory.selected_hex = (9, 5)
    root = t.panel("map")
    button = one(root, "grim-move-go").content
    assert button.content == "Move Bjorn here (card)"
    assert "no action marker moves" in one_line(one(root, "grim-move-verdict"))
    button.on_click(None)
    bjorn = t.state.hero("Bjorn")
    assert (bjorn.at, bjorn.actions) == ((9, 5), ("move",))
