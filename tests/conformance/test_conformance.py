"""Every registered game (and the tally fixture) keeps the engine's contracts under random
play: check and apply agree, verdicts cite indexed rules, actions and states round-trip
through JSON, invariants hold, redaction keeps seats' secrets apart, replay reproduces.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core import to_jsonable
from tests.conformance.budget import BUDGET
from tests.conformance.harness import (
    Conformance,
    game_slugs,
    get_game,
    option_variants,
    roundtrip_json,
    walk,
)
from tests.conformance.regressions import REGRESSIONS, Regression

SLUGS = game_slugs()


@pytest.mark.parametrize("slug", SLUGS)
def test_options_set_up_and_round_trip(slug: str) -> None:
    game = get_game(slug)
    variants, problems = option_variants(game)
    assert problems == [], "impossible options must raise ValueError"
    for options in variants:
        assert game.decode_options(roundtrip_json(to_jsonable(options))) == options
        Conformance(game, options)  # checks the starting state


@pytest.mark.parametrize("slug", SLUGS)
def test_random_play_keeps_every_contract(slug: str) -> None:
    game = get_game(slug)
    variants, _ = option_variants(game)
    totals = {"checked": 0, "applied": 0}

    @BUDGET.settings()
    @given(
        variant=st.integers(0, len(variants) - 1),
        steps=st.lists(
            st.integers(0, 2**32 - 1), min_size=BUDGET.min_steps, max_size=BUDGET.max_steps
        ),
    )
    def play(variant: int, steps: list[int]) -> None:
        run = walk(game, variants[variant], steps)
        totals["checked"] += run.actions_checked
        totals["applied"] += len(run.log)

    play()
    assert totals["checked"] >= BUDGET.min_actions
    # Random play that never gets a legal move through tests nothing of apply.
    assert totals["applied"] >= totals["checked"] // 20, totals


def _regression_id(reg: Regression) -> str:
    return f"{reg.slug}-{REGRESSIONS.index(reg)}"


@pytest.mark.parametrize("reg", REGRESSIONS, ids=_regression_id)
def test_recorded_regressions(reg: Regression) -> None:
    if reg.slug not in SLUGS:
        pytest.skip(f"{reg.slug} is not part of this build")
    game = get_game(reg.slug)
    actions = [game.decode_action(raw) for raw in reg.actions]
    run = Conformance(game, game.decode_options(reg.options), deep_every=1)
    verdicts = []
    for act in actions:
        run.probe()
        verdicts.append(run.step(act))
    run.probe()
    run.check_replay()
    if reg.expect_legal:
        assert tuple(verdicts) == reg.expect_legal


def _wof_secrets_blank(game: Any, state: Any) -> int:
    """Winds of Fate: each seat's view blanks the other seats' destiny cards (until the end)
    and privately entered card totals, but keeps everyone's chip counts per position."""
    recorded = 0
    for seat in range(len(state.players)):
        view = game.redact(state, seat)
        assert view.destiny_cards[seat] == state.destiny_cards[seat]
        assert view.destiny_chips == state.destiny_chips
        for other in range(len(state.players)):
            if other == seat:
                continue
            if state.phase != "over":
                assert view.destiny_cards[other] == ()
            if view.contrib:
                assert view.contrib[other] is None
            recorded += bool(state.destiny_cards[other])
    return recorded


def _sof_secrets_blank(game: Any, state: Any) -> int:
    """Scales of Fate: each seat's view blanks the other seat's demigods, guess and notes
    until the game is over. Returns how many states had dealt demigods to compare."""
    dealt = 0
    for seat in (0, 1):
        other = 1 - seat
        view = game.redact(state, seat)
        assert view.hands[seat] == state.hands[seat]
        assert view.notes[other] == {}
        if state.phase != "over":
            assert view.hands[other] == ()
            assert view.guesses[other] == ()
            assert game.redact(state, None).hands == ((), ())
        dealt += bool(state.hands[other])
    return dealt


def _bot_divine_hidden(game: Any, state: Any) -> int:
    """Born of Titans: each seat sees its own divine counters and only the number of the
    others'. Returns how many states had another seat's counters to hide."""
    held = 0
    for seat in range(len(state.players)):
        view = game.redact(state, seat)
        for other, hero in enumerate(view.heroes):
            full = state.heroes[other].divine
            if other == seat:
                assert hero.divine == full
            else:
                assert hero.divine == ("hidden",) * len(full)
                held += bool(full)
    return held


SECRET_CHECKS = {"scales-of-fate": _sof_secrets_blank, "born-of-titans": _bot_divine_hidden}

SECRET_CHECKS["winds-of-fate"] = _wof_secrets_blank


@pytest.mark.parametrize("slug", [s for s in SLUGS if s in SECRET_CHECKS])
def test_other_seats_secrets_are_blank(slug: str) -> None:
    game = get_game(slug)
    dealt = 0
    for n in range(30):
        run = Conformance(game, game.decode_options(None))
        rng = random.Random(n)
        for _ in range(80):
            legal = run.legal_actions() or game.sample_actions(run.state, rng)
            run.step(rng.choice(legal))
            dealt += SECRET_CHECKS[slug](game, run.state)
    assert dealt > 0, "no state had secrets to hide; the check proved nothing"
