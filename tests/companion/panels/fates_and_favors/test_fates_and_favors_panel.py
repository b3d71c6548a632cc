"""The Fates and Favors screen built for real states, without a browser: tapping a card
lists the rules' outcomes, tapping one shows its verdict, committing applies it; the
private hand shows only on its own seat; the score pad and the "match your box" forms act
through the rules (ff.app.hand, ff.app.copy, ff.score.series)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import flet as ft

from companion.panels import panel_for
from companion.panels.base import PanelContext
from companion.panels.fates_and_favors import build_panel
from rules.core import Action, Verdict
from rules.core.words import counted
from rules.fates_and_favors import GAME, FfOptions, FfState
from tests.support.ui import FakePage, click_on, one, one_line, starting_with, walk


class Table:
    def __init__(self, state: FfState, seat: int | None = None) -> None:
        self.state = state
        self.page = FakePage()
        self.seat = seat
        self.version = 0
        self.shown: list[Verdict] = []
        self.role = "seat" if seat is not None else "host"
        self.table_id = "t1"

    def act(self, action: Action) -> None:
        self.state = GAME.apply(self.state, action)
        self.version += 1

    def ctx(self) -> PanelContext:
        return PanelContext(
            page=self.page,  # type: ignore[arg-type]
            game=GAME,
            state=GAME.redact(self.state, self.seat),
            seat=self.seat,
            role=self.role,  # type: ignore[arg-type]
            seat_names=list(self.state.players),
            version=self.version,
            act=self.act,
            check=lambda a: GAME.check(self.state, a),
            show_verdict=self.shown.append,
            table_id=self.table_id,
        )

    def panel(self) -> ft.Control:
        return build_panel(self.ctx())


def press(t: Table, identifier: str) -> None:
    """Draw ``t``'s screen and tap ``identifier`` on it."""
    click_on(t.panel(), identifier)


def test_registered_for_the_slug() -> None:
    assert panel_for("fates-and-favors") is build_panel


def test_pick_a_card_see_outcomes_verdict_and_commit() -> None:
    t = Table(GAME.setup(FfOptions(mode="2v2", players=("Ann", "Bo", "Cy", "Di"))))
    root = t.panel()
    click_on(root, "ff-card-2")
    root = t.panel()
    count = one_line(one(root, "ff-outcome-count"))
    plays = GAME.outcomes(t.state, 2)
    assert count == counted(len(plays), "outcome")
    assert len(starting_with(root, "ff-outcome-")) - 1 == len(plays)  # minus the count
    click_on(root, "ff-outcome-0")
    root = t.panel()
    assert one_line(one(root, "ff-verdict")).startswith("Allowed: Ann plays Fate #2")
    click_on(root, "ff-commit")
    assert t.state.seat == 1 and t.state.columns != GAME.setup(FfOptions(mode="2v2")).columns


def test_hand_is_private_to_its_seat() -> None:
    state = GAME.setup(FfOptions(mode="2v2", players=("Ann", "Bo", "Cy", "Di")))
    state = GAME.apply(
        state, GAME.decode_action({"type": "ff.hand", "seat": 0, "cards": ["3", "zeus"]})
    )
    mine = Table(state, seat=0).panel()
    assert "Playable now: 3, zeus" in one_line(one(mine, "ff-hand-note"))
    other = Table(state, seat=1).panel()
    assert "zeus" not in one_line(other) and "No hand noted" in one_line(one(other, "ff-hand-note"))
    assert starting_with(Table(state).panel(), "ff-hand-") == []


def test_score_pad_and_next_game() -> None:
    from tests.rules.fates_and_favors.helpers import RED, YELLOW, B, sites, table

    state = table(red=[*sites(RED)[1:], B.temple(RED, 1)], yellow=sites(YELLOW))
    t = Table(state)
    step = {"colour": RED, "start": B.temple(RED, 1), "spaces": 1}
    t.act(GAME.decode_action({"type": "ff.play", "seat": 0, "card": 1, "steps": [step]}))
    root = t.panel()
    assert one_line(one(root, "ff-score-0-total")) == "11"
    click_on(root, "ff-next-game")
    assert t.state.game_no == 2 and t.state.phase == "play"


def test_ff_app_copy_at_table_start_the_app_says_what_is_its_reading() -> None:
    """A new table says plainly that the board and the Fate card texts are the app's
    reading and offers the two guided steps; after the first move the notice gives way to
    the "Match your box" section further down."""
    t = Table(GAME.setup(FfOptions(mode="2v2", players=("Ann", "Bo", "Cy", "Di"))))
    root = t.panel()
    notice = one_line(one(root, "ff-match-notice"))
    assert "this board layout and the Fate cards are the app's reading" in notice
    assert one_line(one(root, "ff-match-status")) == (
        "Board: the app's reading. Fate cards: the app's reading."
    )
    one(root, "ff-match-board")
    one(root, "ff-match-cards")
    click_on(root, "ff-card-2")
    root = t.panel()
    click_on(root, "ff-outcome-0")
    click_on(t.panel(), "ff-commit")
    root = t.panel()
    assert starting_with(root, "ff-match-notice") == []
    assert "Match your box" in one_line(root)
    one(root, "ff-match-cards")


def test_ff_app_copy_match_your_cards_is_a_form_per_fate_number() -> None:
    """Fate #3 set by taps: its first action to 4 back, ANY, then take another turn; the
    rules check the draft (ff.app.copy) before it is saved, and the table plays it."""
    t = Table(GAME.setup(FfOptions(mode="1v1")))
    press(t, "ff-match-cards")
    press(t, "ff-match-fate-3")
    root = t.panel()
    assert one_line(one(root, "ff-match-a0-label")) == "Action 1: 3 forward, own"
    press(t, "ff-match-a0-dir-backward")
    press(t, "ff-match-a0-whose-any")
    click_on(t.panel(), "ff-match-a0-spaces-plus")
    toggle = one(t.panel(), "ff-match-a0-again").content
    toggle.value = True
    toggle.on_change(SimpleNamespace(control=toggle))
    root = t.panel()
    assert one_line(one(root, "ff-match-a0-label")) == "Action 1: 4 back, any, again"
    assert one_line(one(root, "ff-match-cards-verdict")).startswith(
        "Allowed: Fate #3 now reads: 4 back, any, again; 3 back, rival."
    )
    one(root, "ff-match-cards-verdict-rule-ff.app.copy")
    assert t.state.fates[2].actions[0].spaces == 3  # nothing stored before the save
    click_on(root, "ff-match-cards-save")
    action = t.state.fates[2].actions[0]
    assert (action.spaces, action.direction, action.whose, action.again) == (
        4,
        "backward",
        "any",
        True,
    )
    assert "#3 set to your box" in one_line(one(t.panel(), "ff-match-status"))


def test_ff_app_copy_match_your_board_shows_the_counts_and_saves() -> None:
    t = Table(GAME.setup(FfOptions(mode="2v2", players=("Ann", "Bo", "Cy", "Di"))))
    press(t, "ff-match-board")
    root = t.panel()
    counts = one_line(one(root, "ff-match-board-counts"))
    assert "Each arm of the cross: 6 spaces up one side" in counts
    assert "The whole loop: 56 spaces" in counts
    assert "on the 5th space out from the centre" in counts
    assert "Temple gate: 2 spaces before your inner corner" in counts
    one(root, "ff-match-board-picture")
    assert starting_with(root, "ff-match-board-save") == []  # nothing changed yet
    click_on(root, "ff-match-arm-plus")
    root = t.panel()
    assert "7 spaces up one side" in one_line(one(root, "ff-match-board-counts"))
    assert one_line(one(root, "ff-match-board-verdict")).startswith("Allowed: The board now has 7")
    click_on(root, "ff-match-board-save")
    assert (t.state.arm, t.state.arm_bridge) == (7, 5)
    assert "Board: set to your box (7 spaces per arm side" in one_line(
        one(t.panel(), "ff-match-status")
    )


def test_a_hand_favor_is_picked_checked_and_played_through_the_panel() -> None:
    """Hera (ff.favor.hera) from the Favor picker: the rules' accepted aims are listed,
    tapping one shows its verdict, committing records it (the rival will miss a turn)."""
    t = Table(GAME.setup(FfOptions(mode="2v2", players=("Ann", "Bo", "Cy", "Di"))))
    root = t.panel()
    assert starting_with(root, "ff-favor-hera") == []  # behind "More…" until asked for
    click_on(root, "ff-favor-more")
    root = t.panel()
    click_on(root, "ff-favor-hera")
    root = t.panel()
    assert one_line(one(root, "ff-favor-hera")) == "Hera"
    listed = [one_line(one(root, f"ff-outcome-{i}")) for i in range(2)]
    assert one_line(one(root, "ff-outcome-count")) == "2 outcomes"  # the two rivals
    assert listed[0].startswith("Hera aimed at Bo") and listed[1].startswith("Hera aimed at Di")
    click_on(root, "ff-outcome-1")
    root = t.panel()
    verdict = one_line(one(root, "ff-verdict"))
    assert verdict.startswith("Allowed: Ann plays Hera.")
    one(root, "ff-verdict-rule-ff.favor.hera")  # the rule, a link beside the words
    click_on(root, "ff-commit")
    assert t.state.skips == (3,) and t.state.seat == 1


def test_a_hand_favor_that_cannot_be_played_says_why() -> None:
    """Hephaestus takes the last Fate discarded by the hero on the right; at the start of a
    game there is none, and the screen says so with the rule."""
    t = Table(GAME.setup(FfOptions(mode="2v2", players=("Ann", "Bo", "Cy", "Di"))))
    click_on(t.panel(), "ff-favor-more")
    click_on(t.panel(), "ff-favor-hephaestus")
    root = t.panel()
    assert one_line(one(root, "ff-outcome-count")).startswith("No legal outcome")
    why = one_line(one(root, "ff-favor-why"))
    assert "ff.favor.hephaestus" in why and starting_with(root, "ff-commit") == []


def test_zeus_is_picked_columns_first_then_its_outcomes_listed_and_committed() -> None:
    """ff.assume.zeus-split-first: choosing Zeus shows the split picker (no outcomes until
    ten spaces are placed); +/- step through the amounts the rules offer; at ten, only that
    split's outcomes are listed, and one is committed through the rules."""
    from rules.fates_and_favors import zeus

    t = Table(GAME.setup(FfOptions(mode="2v2", players=("Ann", "Bo", "Cy", "Di"))))
    root = t.panel()
    click_on(root, "ff-favor-zeus")
    root = t.panel()
    assert one_line(one(root, "ff-zeus-total")).startswith("0 of 10")
    assert starting_with(root, "ff-outcome-") == []
    assert len(starting_with(root, "ff-zeus-col-")) == 4  # a column on each quarry exit
    for _ in range(4):
        click_on(root, "ff-zeus-plus-0-8")
        root = t.panel()
    assert one_line(one(root, "ff-zeus-amount-0-8")) == "4"
    for _ in range(6):
        click_on(root, "ff-zeus-plus-1-22")
        root = t.panel()
    assert one(root, "ff-zeus-plus-1-22").content.on_click is None  # ten placed: no dead +
    click_on(root, "ff-zeus-minus-1-22")
    root = t.panel()
    assert one_line(one(root, "ff-zeus-total")).startswith("9 of 10")
    click_on(root, "ff-zeus-plus-1-22")
    root = t.panel()
    assert one_line(one(root, "ff-zeus-total")).startswith("10 of 10")
    assert one(root, "ff-zeus-plus-0-8").content.on_click is None
    plays = zeus.split_outcomes(t.state, 0, {(0, 8): 4, (1, 22): 6})
    assert one_line(one(root, "ff-outcome-count")) == counted(len(plays), "outcome")
    click_on(root, "ff-outcome-0")
    root = t.panel()
    assert one_line(one(root, "ff-verdict")).startswith("Allowed: Ann plays Zeus")
    one(root, "ff-verdict-rule-ff.favor.zeus")  # the rule, a link beside the words
    click_on(root, "ff-commit")
    assert t.state.seat == 1 and 8 not in t.state.columns and 22 not in t.state.columns
    root = t.panel()
    # the next turn starts with nothing picked: Zeus is not carried over
    assert starting_with(root, "ff-zeus-total") == [] and starting_with(root, "ff-outcome-") == []
    assert one(root, "ff-favor-zeus").selected is False


def test_tapping_a_column_on_the_board_adds_it_to_the_zeus_split() -> None:
    from companion.panels.fates_and_favors.picture import WIDTH, space_at
    from rules.fates_and_favors import board

    b = board()
    half = b.arm + 2
    size = WIDTH / (2 * half + 1)
    x, y = b.cells[22]  # Bo's blue column on its quarry exit
    point = ((x + half + 0.5) * size, (half - y + 0.5) * size)
    t = Table(GAME.setup(FfOptions(mode="2v2", players=("Ann", "Bo", "Cy", "Di"))))
    assert space_at(t.state, *point) == 22
    root = t.panel()
    click_on(root, "ff-favor-zeus")
    root = t.panel()
    (detector,) = [c for c in walk(one(root, "ff-board")) if isinstance(c, ft.GestureDetector)]
    detector.on_tap_down(SimpleNamespace(local_position=SimpleNamespace(x=point[0], y=point[1])))
    detector.on_tap_down(SimpleNamespace(local_position=SimpleNamespace(x=point[0], y=point[1])))
    root = t.panel()
    assert one_line(one(root, "ff-zeus-amount-1-22")) == "2"
    assert one_line(one(root, "ff-zeus-total")).startswith("2 of 10")
    # off the track: nothing happens
    detector.on_tap_down(SimpleNamespace(local_position=SimpleNamespace(x=1.0, y=1.0)))
    assert one_line(one(t.panel(), "ff-zeus-total")).startswith("2 of 10")


def test_a_column_blocked_by_its_own_colour_says_so_in_the_zeus_picker() -> None:
    from tests.rules.fates_and_favors.helpers import table

    t = Table(table("2v2", red=[8, 9], blue=[22], yellow=[36], green=[50]))
    root = t.panel()
    click_on(root, "ff-favor-zeus")
    root = t.panel()
    assert "once its own red column ahead has moved" in one_line(one(root, "ff-zeus-col-0-8"))
    assert "ahead" not in one_line(one(root, "ff-zeus-col-0-9"))
    click_on(root, "ff-zeus-plus-0-8")
    root = t.panel()
    assert "Only after its own red column ahead" in one_line(one(root, "ff-zeus-col-0-8"))


def tap_space(root: Any, state: FfState, space: int) -> None:
    """A finger on ``space`` of the board picture: the canvas's own tap, at its place."""
    from companion.panels.fates_and_favors.picture import WIDTH, centre_of

    x, y = centre_of(state, space, WIDTH)
    (detector,) = [c for c in walk(one(root, "ff-board")) if isinstance(c, ft.GestureDetector)]
    detector.on_tap_down(SimpleNamespace(local_position=SimpleNamespace(x=x, y=y)))


def test_ff_cards_whose_a_tapped_rival_column_gets_the_reason_and_rule() -> None:
    """Ann holds a #9 (9 forward, TEAM, share 2) and taps Bo's blue column on the board:
    the answer next to the board says why, with the rule; her own red column gets its
    outcomes listed and their ends ringed on the picture."""
    from rules.fates_and_favors import board

    b = board()
    t = Table(GAME.setup(FfOptions(mode="2v2", players=("Ann", "Bo", "Cy", "Di"))))
    press(t, "ff-card-9")
    tap_space(t.panel(), t.state, b.exits[1])
    root = t.panel()
    assert one_line(one(root, "ff-spot")) == "Picked: the blue column on blue quarry exit."
    assert one_line(one(root, "ff-answer")) == (
        "Not allowed: Fate #9 cannot move blue on blue quarry exit: it moves Ann's TEAM "
        "columns (red, yellow), and blue is not one of them."
    )
    one(root, "ff-answer-rule-ff.cards.whose")
    assert starting_with(root, "ff-outcome-0") == []
    # the answer sits right under the board, before anything else of the play
    order = [c.identifier for c in walk(root) if isinstance(c, ft.Semantics) and c.identifier]
    assert order.index("ff-board") < order.index("ff-answer") < order.index("ff-stuck")
    tap_space(t.panel(), t.state, b.exits[0])
    root = t.panel()
    answer = one_line(one(root, "ff-answer"))
    mine = [p for p in GAME.outcomes(t.state, 9) if any(s.colour == 0 for s in p.steps)]
    assert answer == f"Allowed: Fate #9 can move red on red quarry exit: {len(mine)} outcomes."
    assert len(starting_with(root, "ff-outcome-")) - 1 == len(mine)  # minus the count
    (canvas,) = [c for c in walk(one(root, "ff-board")) if c.__class__.__name__ == "Canvas"]
    from rules.fates_and_favors.plays import resolve

    ends = {p for play in mine for p in resolve(t.state, play).sim.columns()[0:4]} - {-1, 8}
    rings = [
        s.x
        for s in canvas.shapes
        if s.__class__.__name__ == "Circle" and s.paint.color == "#00838F"
    ]
    assert len(rings) == len(ends) == 9  # red's nine places: 1 to 9 spaces on


def test_a_card_that_cannot_be_played_says_why_not_just_no() -> None:
    from tests.rules.fates_and_favors.helpers import B, table

    red = [B.temple(0, k) for k in (2, 3, 4, 5)]
    yellow = [B.temple(2, k) for k in (3, 4, 5)]
    t = Table(table("2v2", red=red, yellow=yellow))
    press(t, "ff-card-6")
    root = t.panel()
    answer = one_line(one(root, "ff-answer"))
    assert answer.startswith("Not allowed: No column can carry out Fate #6. Red on red temple")
    assert "run past the end of the temple track" in answer
    one(root, "ff-answer-rule-ff.move.in-full")
    assert "cannot be played now" not in one_line(root)


def test_ff_turn_order_a_phone_offers_play_this_only_for_its_own_seat() -> None:
    state = GAME.setup(FfOptions(mode="2v2", players=("Ann", "Bo", "Cy", "Di")))
    bo = Table(state, seat=1)
    press(bo, "ff-card-2")
    press(bo, "ff-outcome-0")
    root = bo.panel()
    assert one_line(one(root, "ff-verdict")) == "Not allowed: It is Ann's turn."
    assert starting_with(root, "ff-commit") == []
    assert one(root, "ff-stuck").visible is False
    ann = Table(state, seat=0)
    press(ann, "ff-card-2")
    press(ann, "ff-outcome-0")
    root = ann.panel()
    assert one_line(one(root, "ff-verdict")).startswith("Allowed: Ann plays Fate #2")
    one(root, "ff-commit")
    watcher = Table(state)
    watcher.role = "viewer"
    press(watcher, "ff-card-2")
    press(watcher, "ff-outcome-0")
    root = watcher.panel()
    assert one_line(one(root, "ff-verdict")).startswith("Not allowed: This phone watches")
    assert starting_with(root, "ff-commit") == []


def _see_through(root: Any) -> list[str]:
    """The see-through texts below ``root`` that hold a width (never shown or read)."""
    return [c.value for c in walk(root) if isinstance(c, ft.Text) and c.opacity == 0]


def test_ff_hero_card_use_shows_on_the_game_screen() -> None:
    t = Table(GAME.setup(FfOptions(mode="2v2", players=("Ann", "Bo", "Cy", "Di"))))
    line = one(t.panel(), "ff-hero-cards")
    assert line.content.label == "Hero cards: Ann ready · Bo ready · Cy ready · Di ready"
    assert one_line(line) == "Hero cards: Ann ready · Bo ready · Cy ready · Di ready"
    held = _see_through(line)
    t.act(GAME.outcomes(t.state, 0, "hero")[0])
    line = one(t.panel(), "ff-hero-cards")
    assert line.content.label == "Hero cards: Ann used · Bo ready · Cy ready · Di ready"
    assert one_line(line) == "Hero cards: Ann used · Bo ready · Cy ready · Di ready"
    # Each entry keeps the width of its widest wording, used or not: the line wraps the
    # same way, so nothing under it moves.
    assert _see_through(line) == held == ["Ann ready ·", "Bo ready ·", "Cy ready ·", "Di ready"]


def test_ff_hero_cards_in_co_op_hold_the_width_of_a_full_count() -> None:
    t = Table(GAME.setup(FfOptions(mode="coop2", players=("Ann", "Bo"))))
    line = one(t.panel(), "ff-hero-cards")
    assert line.content.label == "Hero cards: Ann 2 of 2 · Bo 2 of 2"
    assert _see_through(line) == ["Ann 2 of 2 ·", "Bo 2 of 2"]


def test_picks_end_with_the_turn_and_with_the_table() -> None:
    t = Table(GAME.setup(FfOptions(mode="2v2", players=("Ann", "Bo", "Cy", "Di"))))
    press(t, "ff-card-7")
    press(t, "ff-favor-poseidon")
    root = t.panel()
    assert one(root, "ff-card-7").selected and one(root, "ff-favor-poseidon").selected
    # Bo notes his hand on his phone: the same turn, the picks stay
    t.act(GAME.decode_action({"type": "ff.hand", "seat": 1, "cards": ["3"]}))
    assert one(t.panel(), "ff-card-7").selected
    press(t, "ff-outcome-0")
    click_on(t.panel(), "ff-commit")
    root = t.panel()
    assert not one(root, "ff-card-7").selected and not one(root, "ff-favor-poseidon").selected
    assert one(root, "ff-favor-none").selected
    # the same phone opens another table: nothing picked there either
    press(t, "ff-card-5")
    assert one(t.panel(), "ff-card-5").selected
    t.table_id = "another"
    assert not one(t.panel(), "ff-card-5").selected


def test_ff_turn_stuck_new_hand_asks_first_naming_what_it_does() -> None:
    t = Table(GAME.setup(FfOptions(mode="2v2", players=("Ann", "Bo", "Cy", "Di"))))
    press(t, "ff-stuck")
    root = t.panel()
    assert t.state.seat == 0  # nothing happened yet
    assert one_line(one(root, "ff-stuck-ask")).startswith(
        "Ann discards the whole hand, draws 5 new cards and plays nothing this turn; then "
        "it is Bo's turn."
    )
    press(t, "ff-stuck-no")
    assert starting_with(t.panel(), "ff-stuck-ask") == []
    press(t, "ff-stuck")
    press(t, "ff-stuck-yes")
    assert t.state.seat == 1
