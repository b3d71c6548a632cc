"""The Winds of Fate panel, built without a browser from real rules states: it draws in
every phase for every kind of device, taps send the actions the rules expect, and one
seat's destiny cards are never in another seat's control tree."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from companion.panels import panel_for
from companion.panels.base import PanelContext
from companion.panels.winds_of_fate import build_panel
from rules.core import Action, Verdict
from rules.winds_of_fate import GAME, WofOptions, WofState
from tests.support.ui import FakePage, click, tagged, texts

NAMES = ("Tom", "Ann", "Bo")


@dataclasses.dataclass
class Table:
    state: WofState
    sent: list[Action] = dataclasses.field(default_factory=list)
    shown: list[Verdict] = dataclasses.field(default_factory=list)

    def ctx(self, seat: int | None, role: str = "seat") -> PanelContext:
        def act(action: Action) -> None:
            self.sent.append(action)
            verdict = GAME.check(self.state, action)
            if verdict.legal:
                self.state = GAME.apply(self.state, action)
            else:
                self.shown.append(verdict)

        return PanelContext(
            page=FakePage(),  # type: ignore[arg-type]
            game=GAME,
            state=GAME.redact(self.state, seat),
            seat=seat,
            role=role,  # type: ignore[arg-type]
            seat_names=list(NAMES),
            version=len(self.sent),
            act=act,
            check=lambda a: GAME.check(self.state, a),
            show_verdict=self.shown.append,
            reveal=(lambda s: GAME.redact(self.state, s)) if role == "host" else None,
        )


def test_registered_for_the_game() -> None:
    assert panel_for("winds-of-fate") is build_panel


def test_panel_draws_in_every_phase_and_never_shows_others_destiny() -> None:
    phases: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        table = Table(GAME.setup(WofOptions(players=NAMES)))
        for _ in range(150):
            s = table.state
            phases.add(s.phase)
            for seat, role in ((0, "seat"), (1, "seat"), (None, "host"), (None, "viewer")):
                root = build_panel(table.ctx(seat, role))
                shown = texts(root)
                for other in range(3):
                    if other != seat and s.phase != "over":
                        assert f"{NAMES[other]}: card" not in shown
            legal = GAME.legal_actions(s)
            if not legal:
                break
            table.state = GAME.apply(s, rng.choice(legal))
    assert {"setup", "bets", "reveal", "play", "claim", "resolve", "journey", "over"} <= phases


def tap_id(table: Table, seat: int | None, ident: str, role: str = "seat") -> None:
    found = tagged(build_panel(table.ctx(seat, role)))
    assert ident in found, f"{ident} not on screen: {sorted(found)[:60]}"
    click(found[ident])


class Screen:
    """One device's panel kept across local taps (picks live in the panel object)."""

    def __init__(self, table: Table, seat: int | None, role: str = "seat") -> None:
        self.table, self.seat, self.role = table, seat, role
        self.version = -1
        self.panel: Any = None

    def tap(self, ident: str) -> None:
        from companion.panels.winds_of_fate import WofPanel

        if self.panel is None or self.version != len(self.table.sent):
            self.panel = WofPanel(self.table.ctx(self.seat, self.role))
            self.version = len(self.table.sent)
        found = tagged(self.panel.root)
        assert ident in found, f"{ident} not on screen: {sorted(found)}"
        click(found[ident])

    def text(self) -> str:
        return texts(WofPanel_root(self.table, self.seat, self.role))


def WofPanel_root(table: Table, seat: int | None, role: str) -> Any:
    return build_panel(table.ctx(seat, role))


def test_setup_and_a_bet_through_taps() -> None:
    table = Table(GAME.setup(WofOptions(players=NAMES)))
    host = Screen(table, None, "host")
    for tile in (
        "scylla",
        "aeolia",
        "scheria",
        "circe",
        "cyclops",
        "charybdis",
        "lotophagi",
        "sirens",
        "calypso",
    ):
        host.tap(f"wof-tile-{tile}")
    for seat in (0, 1, 2):
        host.tap(f"wof-order-{seat}")
    host.tap("wof-lay-board")
    assert table.state.board[0] == "scylla"
    for seat in (0, 1, 2):
        phone = Screen(table, seat)
        phone.tap("wof-start-1")
        for card in ("dead", "safe", "stranded"):
            phone.tap(f"wof-card-{card}")
        phone.tap("wof-record")
    assert table.state.phase == "bets"
    assert table.state.destiny_cards[1] == ("dead", "safe", "stranded")
    assert "Ann: card 2 is Safe Return" in Screen(table, 1).text()
    assert "Ann: card" not in Screen(table, 2).text()
    Screen(table, 0).tap("wof-bet-9")
    assert table.state.bets[0].chips == 9
    assert "Your bet on round 9 (9 chips)" in Screen(table, 0).text()


def test_secret_card_total_on_the_shared_phone_then_resolve() -> None:
    from rules.winds_of_fate import ClaimReward, Pass, PlayCard, RevealRewards
    from tests.rules.winds_of_fate.helpers import skip_all, started

    s = skip_all(started())
    s = GAME.apply(s, RevealRewards((1, 1, 1)))
    for act in (PlayCard(0, "hinder"), Pass(1), Pass(2), Pass(0)):
        s = GAME.apply(s, act)
    for i, seat in enumerate(s.order):
        s = GAME.apply(s, ClaimReward(seat, i))
    table = Table(s)
    host = Screen(table, None, "host")
    host.tap("wof-reveal-0")
    host.tap("wof-show-0")
    for _ in range(4):
        host.tap("wof-my-total-plus")
    host.tap("wof-contribute")
    assert table.state.contrib[0] == 4
    ann = build_panel(table.ctx(1))
    shown = texts(ann)
    assert "Totals entered in secret: Tom" in shown
    assert "wof-total-0" not in tagged(ann)  # no public entry needed any more
    host = Screen(table, None, "host")
    host.tap("wof-god-poseidon")
    host.tap("wof-resolve")
    last = table.state.last
    assert last is not None and last.hinder == 4 and not last.won
    assert table.state.phase == "journey"


def test_score_pad_at_the_end_matches_the_rules() -> None:
    from rules.winds_of_fate import PlaceBet, Skip
    from tests.rules.winds_of_fate.helpers import adventure, do, started

    s = started()
    s = do(s, GAME.decode_action({"type": "correct", "counter": "round", "value": 12}))
    s = do(s, PlaceBet(0, 12), Skip(1), Skip(2))
    s = adventure(s, won=True)
    assert s.ending == "stranded"
    table = Table(s)
    sheet = GAME.score(s)
    for seat, role in ((2, "seat"), (None, "viewer")):
        root = build_panel(table.ctx(seat, role))
        assert "wof-score" in tagged(root)
        shown = texts(root)
        assert sheet.summary in shown
        for p in sheet.players:
            assert f"{p.name}: {p.total} VP" in shown
