"""The Born of Titans screen built for real game states, without a browser: setup taps,
the crew sheet picture, a challenge walked roll by roll with its odds, and divine counters
named only on their owner's phone (bot.setup.sheets, bot.challenge.attack, bot.divine.play)."""

from __future__ import annotations

from dataclasses import replace

import flet as ft

from companion.panels import panel_for
from companion.panels.base import PanelContext
from companion.panels.born_of_titans import build_panel
from rules.born_of_titans import GAME, BotState, Foe, Place
from rules.core import Action
from tests.rules.born_of_titans.helpers import edit_hero, two_heroes
from tests.support.ui import FakePage, click_on, one, one_line, walk


class Table:
    def __init__(self, state: BotState, seat: int | None = None) -> None:
        self.state = state
        self.seat = seat

    def act(self, action: Action) -> None:
        self.state = GAME.apply(self.state, action)

    def panel(self) -> ft.Control:
        ctx = PanelContext(
            page=FakePage(),  # type: ignore[arg-type]
            game=GAME,
            state=GAME.redact(self.state, self.seat),
            seat=self.seat,
            role="host" if self.seat is None else "seat",
            seat_names=list(self.state.players),
            version=0,
            act=self.act,
            check=lambda a: GAME.check(self.state, a),
            show_verdict=lambda v: None,
            reveal=(lambda seat: GAME.redact(self.state, seat)) if self.seat is None else None,
        )
        return build_panel(ctx)


def test_registered_for_the_slug() -> None:
    assert panel_for("born-of-titans") is build_panel


def test_setup_through_the_screen() -> None:
    t = Table(GAME.setup(GAME.decode_options({"players": ["Ann", "Bea"]})))
    click_on(t.panel(), "bot-lowest-1")
    root = t.panel()
    assert "Bea picks a hero" in one_line(one(root, "bot-status"))
    click_on(root, "bot-suggest-Cyrene")  # the printed values: 6/5/4
    assert t.state.phase == "heroes"


def test_crew_sheet_picture_marks_crew_prophecy_and_quests() -> None:
    state = edit_hero(two_heroes(), 0, shields={3: "Medusa"}, crew=4)
    root = Table(replace(state, hubris=0)).panel()
    assert one(root, "bot-shield-0-4").label == "shield 4, crew"
    assert one(root, "bot-shield-0-2").label == "shield 2, prophecy"
    assert one(root, "bot-shield-0-3").label == "shield 3, quest Medusa"
    assert "HUBRIS" in one_line(one(root, "bot-hubris-0"))
    assert "Ann's quest: face down" in one_line(one(root, "bot-site-3"))


def test_challenge_walkthrough_with_odds_before_each_roll() -> None:
    state = edit_hero(two_heroes(), 0, place=Place("quest", site=3))
    t = Table(state)
    root = t.panel()
    click_on(root, "bot-foe-Medusa")  # fills in the printed 0/7/7 (a tap redraws the card)
    click_on(root, "bot-attr-navigation")
    assert "Medusa needs 7 successes" in one_line(one(root, "bot-encounter-verdict"))
    click_on(root, "bot-encounter")
    assert t.state.challenge is not None and t.state.challenge.dice == 7
    root = t.panel()
    odds = one_line(one(root, "bot-odds"))
    assert "This roll beats it: 0.8%" in odds  # all 7 dice must succeed: 1/128
    for _ in range(4):
        click_on(root, "bot-successes-plus")
    click_on(root, "bot-roll")
    assert t.state.heroes[0].crew == 5  # the short roll cost one crew
    root = t.panel()
    assert "Roll 1: 4 successes (total 4) — the foe strikes, 1 crew lost" in one_line(
        one(root, "bot-roll-0")
    )
    assert "This roll beats it: 77.3%" in one_line(one(root, "bot-odds"))  # 3+ of 7: 99/128
    click_on(root, "bot-retreat")
    assert t.state.challenge is None and t.state.heroes[0].place == Place("quest", site=3)


def test_divine_counters_named_only_on_the_owners_phone() -> None:
    state = edit_hero(two_heroes(), 0, divine=("athena", "ares"))
    own = one_line(Table(state, seat=0).panel())
    other = one_line(Table(state, seat=1).panel())
    assert "Your divine counters: Athena, Ares" in own
    assert "Athena" not in other and "Divine counters: 2 face down" in other


def test_verdicts_are_shown_before_committing() -> None:
    t = Table(two_heroes())
    root = t.panel()
    verdict = one_line(one(root, "bot-move-verdict"))
    assert "Not allowed" in verdict
    one(root, "bot-move-verdict-rule-bot.move.cost")  # the rule, as a link beside it


def test_typed_values_are_fixed_through_a_checked_action_bot_values_edit() -> None:
    t = Table(two_heroes())
    root = t.panel()
    click_on(root, "bot-edit-hero")
    click_on(root, "bot-edit-navigation-plus")
    assert "now matches the counter" in one_line(one(root, "bot-edit-save-verdict"))
    click_on(root, "bot-edit-save")
    assert t.state.heroes[0].hero is not None and t.state.heroes[0].hero.navigation == 6
    root = t.panel()
    click_on(root, "bot-edit-crew")
    for _ in range(12):
        click_on(root, "bot-edit-battle-plus")  # the stepper stops at the bound
    click_on(root, "bot-edit-save")
    assert t.state.heroes[0].crew_counter is not None
    assert t.state.heroes[0].crew_counter.battle == 12


def test_a_revealed_quests_numbers_are_fixed_on_the_screen_bot_values_edit() -> None:
    medusa = Foe("Medusa", "quest", 0, 7, 7)
    t = Table(edit_hero(two_heroes(), 0, quest=medusa))
    root = t.panel()
    click_on(root, "bot-edit-quest")
    click_on(root, "bot-edit-navigation-minus")
    assert "Medusa" in one_line(one(root, "bot-edit-save-verdict"))
    click_on(root, "bot-edit-save")
    assert t.state.heroes[0].quest == Foe("Medusa", "quest", 0, 6, 7)
    root = t.panel()
    click_on(root, "bot-edit-quest")
    for _ in range(21):
        click_on(root, "bot-edit-wits-plus")  # the stepper stops at the bound, 20
    click_on(root, "bot-edit-save")
    assert t.state.heroes[0].quest == Foe("Medusa", "quest", 0, 6, 20)


def test_two_athenas_offer_any_attribute_against_any_bot_divine_athena() -> None:
    state = edit_hero(two_heroes(), 0, place=Place("quest", site=3), athena=True)
    t = Table(state)
    root = t.panel()
    click_on(root, "bot-foe-Medusa")
    click_on(root, "bot-attr-battle")  # Battle 7 against Medusa's Navigation 7
    click_on(root, "bot-against-navigation")
    click_on(root, "bot-encounter")
    ch = t.state.challenge
    assert ch is not None and (ch.attribute, ch.against, ch.dice) == ("battle", "navigation", 7)


def test_own_muses_and_fates_join_the_odds_only_on_the_owners_phone() -> None:
    state = edit_hero(two_heroes(), 0, place=Place("quest", site=3), divine=("fates",))
    t = Table(state)
    root = t.panel()
    click_on(root, "bot-foe-Medusa")
    click_on(root, "bot-attr-navigation")
    click_on(root, "bot-encounter")
    t.seat = 0
    assert "With your 0 Muses and 1 Fates" in one_line(one(t.panel(), "bot-odds"))
    t.seat = 1
    assert "Fates" not in one_line(one(t.panel(), "bot-odds"))


def test_shared_phone_names_a_seats_counters_only_after_the_hand_over() -> None:
    state = edit_hero(two_heroes(), 1, divine=("muses",))
    root = Table(state).panel()
    assert "Muses" not in one_line(root)
    click_on(root, "bot-reveal-1")
    assert "Muses" not in one_line(root) and "Give the phone to" in one_line(root)
    click_on(root, "bot-show-1")
    assert "Your divine counters: Muses" in one_line(root)


def test_placings_after_the_third_quest_bot_end_win() -> None:
    state = edit_hero(two_heroes(), 0, shields={1: "Hydra", 2: "Sirens"})
    state = edit_hero(state, 0, place=Place("quest", site=3))
    state = replace(state, hubris_first=True, hubris_second=True)
    t = Table(state)
    root = t.panel()
    click_on(root, "bot-foe-Medusa")
    click_on(root, "bot-attr-navigation")
    click_on(root, "bot-encounter")
    root = t.panel()
    for _ in range(7):
        click_on(root, "bot-successes-plus")
    click_on(root, "bot-roll")
    root = t.panel()
    assert "1st  Ann (Atalanta): 3 quests (shields 1: Hydra, 2: Sirens, 3: Medusa)" in one_line(
        one(root, "bot-place-0")
    )
    assert "2nd  Bea (Cyrene)" in one_line(one(root, "bot-place-1"))
    assert "Ann wins" in one_line(one(root, "bot-winner"))


def test_lion_skin_recounts_the_dice_and_the_odds_on_the_screen_bot_challenge_dice() -> None:
    from rules.born_of_titans.actions import Encounter, Move
    from tests.rules.born_of_titans.helpers import HYDRA, THEBES, play
    from tests.rules.born_of_titans.test_corner_verdicts import LION_SKIN

    state = edit_hero(two_heroes(), 0, gear=LION_SKIN)
    state = play(state, Move(0, 4, 2, 1, THEBES), Encounter(0, attribute="battle", reveal=HYDRA))
    t = Table(state)
    root = t.panel()
    assert "9 dice per roll" in one_line(root)
    assert "This roll beats it: 0.2%" in one_line(one(root, "bot-odds"))  # all 9 of 9: 1/512
    click_on(root, "bot-lion-skin")
    assert t.state.challenge is not None and t.state.challenge.dice == 7
    root = t.panel()
    assert "7 dice per roll" in one_line(root) and "9 dice per roll" not in one_line(root)
    odds = one_line(one(root, "bot-odds"))
    assert "This roll beats it: 0.0%" in odds  # 7 dice cannot make 9 successes
    assert "No more crew losses" in odds and "Crew lost" not in odds
    for _ in range(7):
        click_on(root, "bot-successes-plus")
    click_on(root, "bot-roll")
    assert t.state.challenge is not None and t.state.challenge.rolls == (7,)


def test_a_city_another_hero_cleared_offers_recruit_bot_encounter_city_first() -> None:
    from tests.rules.born_of_titans.test_corner_verdicts import _bea_clears_thebes_while_ann_waits

    t = Table(_bea_clears_thebes_while_ann_waits())
    root = t.panel()
    assert "outside the gates" not in one_line(one(root, "bot-sheet-0"))
    assert "In Thebes" in one_line(root)


def test_first_quests_are_offered_once_every_hero_stands_bot_setup_quests() -> None:
    from rules.born_of_titans.actions import PickHero, StartSite
    from tests.rules.born_of_titans.helpers import ATALANTA, CYRENE, PHEACIANS, picking, play

    t = Table(play(picking(), PickHero(1, CYRENE, PHEACIANS), PickHero(0, ATALANTA, PHEACIANS)))
    root = t.panel()
    assert "once every hero stands on her site" in one_line(root)
    assert not any(
        isinstance(c, ft.Semantics) and str(c.identifier).startswith("bot-quest-")
        for c in walk(root)
    )
    t.act(StartSite(0, 1))
    click_on(t.panel(), "bot-start-1-6")
    root = t.panel()
    assert "once every hero stands" not in one_line(root)
    click_on(root, "bot-quest-1-3")  # Bea lays Ann's quest on site 3
    assert t.state.heroes[0].quest_site == 3
