"""History lines every game writes: the shared correction in words (never as data), and the
chapters (Age, turn) the history is grouped by, for every registered game."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from rules.core import Correct, counter_label, describe_correction
from tests.conformance.harness import Conformance, game_slugs, get_game, real_game_slugs

SLUGS = game_slugs()


@pytest.mark.parametrize("slug", SLUGS)
def test_a_correction_reads_as_words_in_every_game(slug: str) -> None:
    game = get_game(slug)
    state = game.setup(game.decode_options(None))
    bounds = game.counters(state)
    if not bounds:
        pytest.skip(f"{slug} has no counters at its start")
    for name, (low, high) in list(bounds.items())[:5]:
        try:
            was: int | None = game.counter_values(state)[name]
        except NotImplementedError:
            was = None
        value = high if was == low else low
        line = game.history_line(state, Correct(name, value, "box  says so"))
        assert "{" not in line and "'" not in line, line
        assert counter_label(name) in line and f"set to {value}" in line, line
        assert line.endswith("Note: box says so"), line
        if was is not None and was != value:
            assert f"(was {was})" in line


@pytest.mark.parametrize("slug", real_game_slugs())
def test_a_games_own_describe_never_shows_a_correction_as_data(slug: str) -> None:
    game = get_game(slug)
    state = game.setup(game.decode_options(None))
    for name in list(game.counters(state))[:3]:
        line = game.describe(state, Correct(name, 0))
        assert "{" not in line, line


def test_describe_correction() -> None:
    assert describe_correction(Correct("Bjorn.xp", 3), 1) == (
        "Correction to match the box: Bjorn · XP set to 3 (was 1)."
    )
    assert describe_correction(Correct("time", 4)) == "Correction to match the box: Time set to 4."


@pytest.mark.parametrize(
    ("slug", "start", "pattern"),
    [
        (
            "scales-of-fate",
            "Dealing the demigods",
            r"^(Dealing the demigods|Age [123]|Final guesses)$",
        ),
        ("grimheim", "Turn 1 · new monsters", r"^Turn \d+ · (new monsters|heroes|monsters)$"),
    ],
)
def test_chapters_follow_the_game(slug: str, start: str, pattern: str) -> None:
    if slug not in real_game_slugs():
        pytest.skip(f"{slug} is not installed")
    game = get_game(slug)
    run = Conformance(game, game.decode_options(None))
    assert game.chapter(run.state) == start
    seen = [game.chapter(run.state)]
    rng = random.Random(8)
    for _ in range(300):
        run.step(run.choose(rng))
        if game.outcome(run.state) is not None:
            break
        seen.append(game.chapter(run.state))
    assert all(re.match(pattern, c) for c in seen), set(seen)
    assert len(set(seen)) >= 2, "random play never left the first chapter"
    # Chapters never go back: each one, once left, does not come again.
    runs = [c for i, c in enumerate(seen) if i == 0 or seen[i - 1] != c]
    assert len(runs) == len(set(runs)), runs
    # A part of a turn is never split in two (the monster turn's first step included).
    parts = [c.rsplit(" · ", 1)[-1] for c in runs]
    assert all(a != b for a, b in itertools.pairwise(parts)), runs
