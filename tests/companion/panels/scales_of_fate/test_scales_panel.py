"""The Scales of Fate panel, built without a browser from real rules states.

The control tree is walked directly: which semantics identifiers exist, what text is shown,
and what a tap handler sends to ``act``. Secrets must be absent from the tree (not merely
hidden) wherever the viewer may not see them.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import flet as ft
import pytest

from companion.panels import panel_for
from companion.panels.base import PanelContext
from companion.panels.scales_of_fate import build_panel
from rules.core import Action, Correct, Verdict
from rules.scales_of_fate import GAME
from rules.scales_of_fate.actions import (
    Announce,
    DealDemigods,
    FinalGuess,
    Note,
    PlaceDemigod,
    PlaceServant,
    SetupAge,
)
from rules.scales_of_fate.components import DEMIGODS
from rules.scales_of_fate.state import Criterion, PlacedQuest, SofOptions, SofState, TileSpec
from tests.support.ui import FakePage, click, tagged, texts, walk

SECRET = "sof-secret-demigods"
NAMES = ["Ada", "Bo"]


@dataclasses.dataclass
class Table:
    """A minimal live table in memory: the full state, redaction and an action log."""

    state: SofState
    sent: list[Action] = dataclasses.field(default_factory=list)
    shown: list[Verdict] = dataclasses.field(default_factory=list)
    opened: list[str] = dataclasses.field(default_factory=list)

    def ctx(
        self,
        seat: int | None,
        role: str = "seat",
        page: Any = None,
        own_phone: frozenset[int] = frozenset(),
    ) -> PanelContext:
        def act(action: Action) -> None:
            self.sent.append(action)
            verdict = GAME.check(self.state, action)
            if verdict.legal:
                self.state = GAME.apply(self.state, action)
            else:
                self.shown.append(verdict)

        return PanelContext(
            page=page or FakePage(),  # type: ignore[arg-type]
            game=GAME,
            state=GAME.redact(self.state, seat),
            seat=seat,
            role=role,  # type: ignore[arg-type]
            seat_names=NAMES,
            version=len(self.sent),
            act=act,
            check=lambda a: GAME.check(self.state, a),
            show_verdict=self.shown.append,
            reveal=(lambda s: GAME.redact(self.state, None if s in own_phone else s))
            if role == "host"
            else None,
            own_phone=own_phone,
            open_rule=self.opened.append,
        )


def age_one() -> SetupAge:
    quests = tuple(
        PlacedQuest(r, c, dark=(r + c) % 2 == 0, special=(r, c) == (1, 1), change=c - 1 or 2)
        for r in range(3)
        for c in range(3)
    )
    tiles = (
        TileSpec("h00", "penance"),
        TileSpec("h01", "smite"),
        TileSpec("v00", "abyss-fate"),
        TileSpec("v11", "vesper"),
        TileSpec("h21", "hadria"),
    )
    return SetupAge(1, quests, tiles, -2, 3, Criterion(min_renown=6, max_renown=8))


def dealt() -> Table:
    t = Table(GAME.setup(SofOptions(players=("Ada", "Bo"), first_player=0)))
    t.state = GAME.apply(t.state, DealDemigods(0, ("Pentha", "Klar")))
    t.state = GAME.apply(t.state, DealDemigods(1, ("Naka", "Belan")))
    return t


def playing() -> Table:
    t = dealt()
    t.state = GAME.apply(t.state, age_one())
    return t


def test_track_shows_nine_markers_stacked_on_one_space() -> None:
    root = build_panel(playing().ctx(0))
    found = tagged(root)
    markers = [k for k in found if k.startswith("sof-marker-")]
    assert sorted(markers) == sorted(f"sof-marker-{d}" for d in DEMIGODS)
    seven = found["sof-track-space-7"]
    inside = {s.identifier for s in walk(seven) if isinstance(s, ft.Semantics)}
    assert {f"sof-marker-{d}" for d in DEMIGODS} <= inside
    assert len([k for k in found if k.startswith("sof-track-space-")]) == 15


def test_secret_block_only_on_own_seat() -> None:
    t = playing()
    mine = build_panel(t.ctx(0))
    assert SECRET in tagged(mine)
    assert "Pentha" in texts(tagged(mine)[SECRET])
    theirs = build_panel(t.ctx(1))
    assert SECRET in tagged(theirs)
    hand = tagged(theirs)["sof-hand"]
    assert "Naka" in texts(hand) and "Pentha" not in texts(hand)
    assert hand.label == "Your demigods: Naka and Belan"
    everything = [c.label for c in walk(theirs) if isinstance(c, ft.Semantics)]
    assert "Your demigods: Pentha and Klar" not in everything
    viewer = build_panel(t.ctx(None, role="viewer"))
    assert SECRET not in tagged(viewer)


def test_host_builds_secrets_only_after_hand_over_and_hides_again() -> None:
    t = playing()
    root = build_panel(t.ctx(None, role="host"))
    assert SECRET not in tagged(root)
    assert "sof-hand" not in tagged(root)
    click(tagged(root)["sof-reveal-1"])
    # Step one: the whole screen asks to give the phone to Bo; nothing secret, no board.
    step = tagged(root)
    assert "sof-handover" in step and SECRET not in step and "sof-board" not in step
    assert "Give the phone to Bo" in texts(step["sof-handover"])
    click(step["sof-show-1"])
    shown = tagged(root)
    assert SECRET in shown
    assert "Naka" in texts(shown["sof-hand"]) and "Pentha" not in texts(shown["sof-hand"])
    click(shown["sof-hide"])
    assert SECRET not in tagged(root)


def test_deal_through_the_secret_picker() -> None:
    t = Table(GAME.setup(SofOptions(players=("Ada", "Bo"))))
    root = build_panel(t.ctx(0))
    found = tagged(root)
    click(found["sof-deal-Agamar"])
    click(tagged(root)["sof-deal-Isabel"])
    click(tagged(root)["sof-deal-submit"])
    assert t.sent == [DealDemigods(0, ("Agamar", "Isabel"))]
    assert t.state.hands[0] == ("Agamar", "Isabel")


def test_illegal_placement_shows_the_verdict_with_rule_ids() -> None:
    t = playing()
    # Bo's device: it is Ada's turn, so Bo's placement is refused with the turn rule.
    root = build_panel(t.ctx(1))
    click(tagged(root)["sof-place-Agamar"])
    click(tagged(root)["sof-tile-h00"])
    found = tagged(root)
    assert "Not allowed" in texts(found["sof-place-verdict"])
    # The refused move's button is disabled; the reason stands above it in words, and
    # each rule ID is a link to the rules reference.
    button = found["sof-place-demigod"].content
    assert isinstance(button, ft.FilledButton) and button.disabled
    link = found["sof-place-verdict-rule-sof.turn.order"]
    assert isinstance(link.content, ft.TextButton) and not link.content.disabled
    click(link)
    assert t.opened == ["sof.turn.order"]


def test_place_demigod_then_servant_preview_shows_renown_changes() -> None:
    t = playing()
    root = build_panel(t.ctx(None, role="host"))
    click(tagged(root)["sof-place-Agamar"])
    click(tagged(root)["sof-tile-h00"])
    assert "Allowed:" in texts(tagged(root)["sof-place-verdict"])
    click(tagged(root)["sof-place-demigod"])
    assert t.sent[-1] == PlaceDemigod(0, "Agamar", "h00")
    # Bo places a demigod on the Smite tile, naming a target.
    root = build_panel(t.ctx(None, role="host"))
    click(tagged(root)["sof-place-Saghari"])
    click(tagged(root)["sof-tile-h01"])
    click(tagged(root)["sof-target-Aponi"])
    click(tagged(root)["sof-place-demigod"])
    assert t.sent[-1] == PlaceDemigod(1, "Saghari", "h01", target="Aponi")
    assert t.state.where["Aponi"] == "abyss"
    # Ada holds Penance: tapping slot L0 previews who gains or loses renown.
    root = build_panel(t.ctx(0))
    click(tagged(root)["sof-servant-penance"])
    click(tagged(root)["sof-slot-L0"])
    preview = texts(tagged(root)["sof-servant-verdict"])
    assert "Agamar: renown 7 →" in preview
    click(tagged(root)["sof-place-servant"])
    assert t.sent[-1] == PlaceServant(0, "penance", "L0")
    assert t.state.renown["Agamar"] != 7


def test_tapping_a_marker_offers_a_renown_correction() -> None:
    t = playing()
    page = FakePage()
    root = build_panel(t.ctx(0, page=page))
    click(tagged(root)["sof-marker-Belan"])
    assert page.dialogs
    dialog = page.dialogs[-1]
    found = tagged(dialog)
    click(found["sof-correct-plus"])
    click(found["sof-correct-plus"])
    click(found["sof-correct-set"])
    assert t.sent[-1] == Correct("renown.Belan", 9, note="renown corrected to match the track")
    assert t.state.renown["Belan"] == 9


def test_setup_form_builds_age_one_and_reports_problems() -> None:
    t = dealt()
    page = FakePage()
    root = build_panel(t.ctx(None, role="host", page=page))
    assert "Enter nine quests" in texts(tagged(root)["sof-setup-verdict"])
    for r in range(3):
        for c in range(3):
            click(tagged(root)[f"sof-quest-{r}{c}"])
            if (r + c) % 2:
                click(tagged(root)["sof-cell-dark"])
            click(tagged(root)["sof-cell-change-2"])
    click(tagged(root)["sof-quest-11"])
    click(tagged(root)["sof-cell-special"])
    for pos, clicks in (("h00", 3), ("h01", 1), ("v00", 2)):
        for _ in range(clicks):
            click(tagged(root)[f"sof-tile-{pos}"])
    click(tagged(root)["sof-crit-place-abyss"])
    assert "laid out" in texts(tagged(root)["sof-setup-verdict"])
    click(tagged(root)["sof-setup-submit"])
    sent = t.sent[-1]
    assert isinstance(sent, SetupAge)
    assert {(x.position, x.action) for x in sent.tiles} == {
        ("h00", "penance"),
        ("h01", "smite"),
        ("v00", "abyss-fate"),
    }
    assert sent.criterion.place == "abyss"
    assert t.state.phase == "play"


def _finish(t: Table) -> None:
    """Play the rest of the game with legal actions (deterministic), answering honestly."""
    rng = random.Random(4)
    while t.state.phase not in ("over",):
        if t.state.phase == "setup":
            from rules.scales_of_fate.game import random_setup

            t.state = GAME.apply(t.state, random_setup(t.state, rng))
            continue
        legal = GAME.legal_actions(t.state)
        t.state = GAME.apply(t.state, legal[0])


def test_announce_buttons_and_honest_answer_verdict() -> None:
    t = playing()
    rng = random.Random(1)
    while t.state.phase == "play":
        t.state = GAME.apply(t.state, rng.choice(GAME.legal_actions(t.state)))
    assert t.state.phase == "announce"
    root = build_panel(t.ctx(0))
    found = tagged(root)
    assert "sof-announce-0-yes" in found and "sof-announce-1-yes" not in found
    truth = any(6 <= t.state.renown[d] <= 8 for d in ("Pentha", "Klar"))
    click(found[f"sof-announce-0-{'no' if truth else 'yes'}"])
    assert t.shown and "sof.age.announce" in t.shown[-1].rules
    click(found[f"sof-announce-0-{'yes' if truth else 'no'}"])
    assert t.sent[-1] == Announce(0, truth)


def test_final_guess_and_score_pad() -> None:
    t = playing()
    rng = random.Random(2)
    while t.state.phase != "guess":
        if t.state.phase == "setup":
            from rules.scales_of_fate.game import random_setup

            t.state = GAME.apply(t.state, random_setup(t.state, rng))
        else:
            t.state = GAME.apply(t.state, rng.choice(GAME.legal_actions(t.state)))
    root = build_panel(t.ctx(1))
    click(tagged(root)["sof-guess-Pentha"])
    click(tagged(root)["sof-guess-Klar"])
    click(tagged(root)["sof-guess-submit"])
    assert t.sent[-1] == FinalGuess(1, ("Pentha", "Klar"))
    t.state = GAME.apply(t.state, FinalGuess(0, ("Naka", "Agamar")))
    assert t.state.phase == "over"
    root = build_panel(t.ctx(0))
    found = tagged(root)
    assert "sof-score-pad" in found
    sheet = GAME.score(t.state)
    assert texts(found["sof-score-1-total"]) == str(sheet.players[1].total)
    labels = texts(found["sof-score-pad"]).upper()
    for column in ("DEMI POSITION", "GUESS", "GOD POWERS", "TOTAL"):
        assert column in labels
    assert sheet.winner is None or sheet.winner in texts(found["sof-winner"])


def test_deduction_helper_narrows_pairs_from_answers() -> None:
    t = playing()
    rng = random.Random(3)
    while t.state.phase != "announce":
        t.state = GAME.apply(t.state, rng.choice(GAME.legal_actions(t.state)))
    for seat in (0, 1):
        legal = [a for a in GAME.legal_actions(t.state) if getattr(a, "seat", None) == seat]
        t.state = GAME.apply(t.state, legal[0])
    root = build_panel(t.ctx(0))
    text = texts(tagged(root)["sof-pairs-left"])
    n = int(text.split()[0])
    assert 0 < n < 36


def test_registered_panel_is_this_one() -> None:
    assert panel_for("scales-of-fate") is build_panel


@pytest.mark.parametrize("phase_steps", [0, 1, 2])
def test_panel_draws_in_every_early_phase(phase_steps: int) -> None:
    t = Table(GAME.setup(SofOptions(players=("Ada", "Bo"))))
    if phase_steps >= 1:
        t = dealt()
    if phase_steps >= 2:
        t = playing()
    for seat, role in ((0, "seat"), (1, "seat"), (None, "host"), (None, "viewer")):
        root = build_panel(t.ctx(seat, role=role))
        assert "sof-turn" in tagged(root)


def test_notes_are_private_and_keep_the_hand_over_open_while_writing() -> None:
    t = playing()
    page = FakePage()
    root = build_panel(t.ctx(None, role="host", page=page))
    click(tagged(root)["sof-reveal-0"])
    click(tagged(root)["sof-show-0"])
    field = tagged(root)["sof-note-Naka"].content
    assert isinstance(field, ft.TextField)
    field.value = "bluffing about Naka?"
    field.on_blur(None)
    assert t.sent[-1] == Note(0, "Naka", "bluffing about Naka?")
    # The redraw the note causes keeps Ann's block open, with her note in it.
    again = build_panel(t.ctx(None, role="host", page=page))
    assert "bluffing about Naka?" in texts(tagged(again)[SECRET])
    # Any later redraw hides it; Bo's device never sees Ann's notes.
    later = build_panel(t.ctx(None, role="host", page=page))
    assert SECRET not in tagged(later)
    assert "bluffing" not in texts(build_panel(t.ctx(1)))


def test_hand_over_can_be_cancelled_without_showing_anything() -> None:
    t = playing()
    root = build_panel(t.ctx(None, role="host"))
    click(tagged(root)["sof-reveal-0"])
    click(tagged(root)["sof-handover-cancel"])
    back = tagged(root)
    assert SECRET not in back and "sof-handover" not in back and "sof-board" in back


def test_host_never_offers_the_secrets_of_a_seat_on_its_own_phone() -> None:
    t = playing()
    root = build_panel(t.ctx(None, role="host", own_phone=frozenset({1})))
    found = tagged(root)
    assert "sof-reveal-1" not in found and "sof-reveal-0" in found
    assert "Give the phone to Bo" not in texts(root)
    assert "Bo's demigods stay on Bo's own phone." in texts(found["sof-own-phone-1"])
    both = build_panel(t.ctx(None, role="host", own_phone=frozenset({0, 1})))
    assert not [k for k in tagged(both) if k.startswith("sof-reveal-")]
    assert SECRET not in tagged(both) and "sof-hand" not in tagged(both)
    # Even asked directly, the shared phone gets nothing of an own-phone seat's secrets.
    ctx = t.ctx(None, role="host", own_phone=frozenset({1}))
    assert ctx.reveal is not None and ctx.reveal(1).hands == ((), ())


def test_deal_and_guess_say_who_has_recorded_and_where() -> None:
    t = Table(GAME.setup(SofOptions(players=("Ada", "Bo"))))
    host = build_panel(t.ctx(None, role="host"))
    assert texts(tagged(host)["sof-deal-progress"]) == "Waiting for Ada, waiting for Bo"
    assert "“Give the phone to Ada” or “Give the phone to Bo” above" in texts(host)
    t.state = GAME.apply(t.state, DealDemigods(0, ("Pentha", "Klar")))
    # Bo's phone learns that Ada has recorded, never what.
    bo = build_panel(t.ctx(1))
    assert texts(tagged(bo)["sof-deal-progress"]) == "Ada ✓, waiting for Bo"
    assert "tap the two cards you drew in the “Bo: your demigods” box above" in texts(bo)
    assert "sof-hand" not in tagged(bo) and "Pentha and Klar" not in texts(bo)
    # Bo plays on his own phone: the host points only Ada... who is done.
    host = build_panel(t.ctx(None, role="host", own_phone=frozenset({1})))
    assert "Give the phone to" not in texts(host)
    ada = build_panel(t.ctx(0))
    assert "Ada: yours are recorded on this phone." in texts(ada)
    t.state = GAME.apply(t.state, DealDemigods(1, ("Naka", "Belan")))
    rng = random.Random(5)
    from rules.scales_of_fate.game import random_setup

    while t.state.phase != "guess":
        if t.state.phase == "setup":
            t.state = GAME.apply(t.state, random_setup(t.state, rng))
        else:
            t.state = GAME.apply(t.state, rng.choice(GAME.legal_actions(t.state)))
    t.state = GAME.apply(t.state, FinalGuess(1, ("Pentha", "Agamar")))
    ada = build_panel(t.ctx(0))
    assert texts(tagged(ada)["sof-guess-progress"]) == "Waiting for Ada, Bo ✓"
    assert "tap your guess in the “Ada: your demigods” box above" in texts(ada)


def _quest_labels(root: ft.Control) -> dict[str, str]:
    return {
        k: str(v.label) for k, v in tagged(root).items() if k.startswith("sof-quest-") and v.label
    }


def test_age_two_preview_shows_the_moved_quest_where_it_goes() -> None:
    t = playing()
    rng = random.Random(4)
    while t.state.phase != "setup":
        t.state = GAME.apply(t.state, rng.choice(GAME.legal_actions(t.state)))
    assert t.state.age == 2
    before = dict(t.state.quests)
    old_special = next(k for k, q in before.items() if q.special)
    assert old_special == "11"
    moved = before["02"]  # a regular quest, where the new special will go
    page = FakePage()
    root = build_panel(t.ctx(None, role="host", page=page))
    for ident in ("sof-quest-02", "sof-cell-special", "sof-cell-dark", "sof-cell-change-3"):
        click(tagged(root)[ident])
    labels = _quest_labels(root)
    kind = "Scorpion" if moved.dark else "Feather"
    sign = f"+{moved.change}" if moved.change > 0 else f"−{-moved.change}"
    # The old special's spot now shows the quest that moves there, with its own value.
    assert labels["sof-quest-11"] == f"{kind} quest {sign}"
    assert labels["sof-quest-02"] == "special Scorpion quest +3"
    # The preview is exactly the board the rules lay out when the Age starts.
    click(tagged(root)["sof-tile-v00"])
    click(tagged(root)["sof-setup-submit"])
    assert t.state.phase == "play"
    after = build_panel(t.ctx(None, role="host", page=page))
    assert _quest_labels(after) == labels


def test_deduction_keeps_the_real_pair_sof_assume_correction_rechecks_answers() -> None:
    """Pentha (Ada's) ended Age 1 on 10, the only demigod fitting "renown 10 or more"; the
    box shows 9, so the table corrects it before Ada answers. Bo's helper must still hold
    Pentha and Klar after Ada's honest no."""
    from tests.rules.scales_of_fate.test_ages import _announcing_after_pentha_at_ten

    t = Table(_announcing_after_pentha_at_ten())
    page = FakePage()
    root = build_panel(t.ctx(0, page=page))
    click(tagged(root)["sof-marker-Pentha"])  # the track's marker offers the correction
    found = tagged(page.dialogs[-1])
    click(found["sof-correct-minus"])
    click(found["sof-correct-set"])
    assert t.state.renown["Pentha"] == 9 and t.state.history[-1].fitting == ()
    root = build_panel(t.ctx(0))
    click(tagged(root)["sof-announce-0-yes"])
    assert t.shown and "sof.assume.honest-answers" in t.shown[-1].rules  # yes is refused
    click(tagged(root)["sof-announce-0-no"])
    assert t.sent[-1] == Announce(0, False) and t.state.history[-1].answers[0] is False
    root = build_panel(t.ctx(1))
    text = texts(tagged(root)["sof-pairs-left"])
    assert text.split()[0] == "36", text
