"""A supplied ``"state"`` is judged only when it could arise in play (``Game.load_state``).

Two sides of one property, for Scales of Fate, Born of Titans and Winds of Fate:

* every position random play reaches, corrections within bounds included, is accepted
  (the validation never refuses a real table);
* each impossible position below, one change away from a real one, is refused by
  ``python -m rules check`` with exit code 2 and a message naming what is impossible,
  never answered with a verdict or a crash.
"""

from __future__ import annotations

import copy
import io
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from rules import cli
from tests.conformance.budget import PROFILE
from tests.conformance.harness import Conformance, get_game, option_variants

GAMES = ("scales-of-fate", "born-of-titans", "winds-of-fate")
WALKS = {"quick": 4, "ci": 12, "deep": 120}[PROFILE]
STEPS = 150


@pytest.mark.parametrize("slug", GAMES)
def test_every_position_reached_in_play_is_accepted(slug: str) -> None:
    """Random play (legal, sampled and corrected moves, as the conformance walk makes them):
    ``validate_state`` finds nothing wrong with any position it reaches."""
    game = get_game(slug)
    variants, _ = option_variants(game)
    checked = 0
    for walk in range(WALKS):
        rng = random.Random(f"{slug}/{walk}")
        run = Conformance(game, variants[walk % len(variants)], deep_every=50)
        for _ in range(STEPS):
            if run.step(run.choose(rng)):
                problems = game.validate_state(run.state)
                assert problems == [], (walk, [game.encode_action(a) for a in run.log])
                checked += 1
    assert checked > WALKS * 10, checked


# ----- impossible positions, each a real one with one thing changed -----------------------

Patch = Callable[[dict[str, Any]], None]


def _scales_play() -> Any:
    from tests.rules.scales_of_fate.helpers import playing

    return playing()


def _scales_age_two_setup() -> Any:
    from rules.scales_of_fate import Announce
    from tests.rules.scales_of_fate.helpers import run
    from tests.rules.scales_of_fate.test_ages import _ending

    state, last = _ending(0)
    state = run(state, last, Announce(0, False), Announce(1, False))
    assert state.phase == "setup" and state.age == 2
    return state


def _off_grid(s: dict[str, Any]) -> None:
    s["quests"]["33"] = s["quests"].pop("22")


def _eighth_tile(s: dict[str, Any]) -> None:
    s["tiles"].append({"position": "v11", "action": "smite", "flipped": False})


def _flipped_before_smite(s: dict[str, Any]) -> None:
    s["tiles"][0]["flipped"] = True


def _no_quests(s: dict[str, Any]) -> None:
    s["quests"] = {}


def _tile_nowhere(s: dict[str, Any]) -> None:
    s["tiles"][0]["position"] = "x99"


def _two_flipped(s: dict[str, Any]) -> None:
    s["god_powers"]["smite"] = 0
    s["tiles"][0]["flipped"] = True
    s["tiles"][1]["flipped"] = True


def _bot_play() -> Any:
    from tests.rules.born_of_titans.helpers import two_heroes

    return two_heroes()


def _bot_fight() -> Any:
    from tests.rules.born_of_titans.helpers import fighting

    return fighting()


def _bot_picking() -> Any:
    from tests.rules.born_of_titans.helpers import picking

    return picking()


def _hero(seat: int, **fields: Any) -> Patch:
    def patch(s: dict[str, Any]) -> None:
        s["heroes"][seat].update(fields)

    return patch


def _set(**fields: Any) -> Patch:
    def patch(s: dict[str, Any]) -> None:
        s.update(fields)

    return patch


def _wof_started() -> Any:
    from tests.rules.winds_of_fate.helpers import skip_all, started

    return skip_all(started())


def _wof_started_bets() -> Any:
    from tests.rules.winds_of_fate.helpers import started

    state = started()
    assert state.phase == "bets"
    return state


def _wof_tiles(s: dict[str, Any]) -> None:
    s["board"][0] = s["board"][1]


IMPOSSIBLE: list[tuple[str, str, Callable[[], Any], Patch, str]] = [
    # (game, what, a real position, the change, a fragment the message must hold)
    ("scales-of-fate", "a quest off the 3×3 grid", _scales_play, _off_grid, "off the 3×3 grid"),
    ("scales-of-fate", "an eighth action tile", _scales_play, _eighth_tile, "the box holds 7"),
    ("scales-of-fate", "a tile at no position", _scales_play, _tile_nowhere, "do not exist"),
    (
        "scales-of-fate",
        "a flipped tile while Smite is unused",
        _scales_play,
        _flipped_before_smite,
        "Smite god power is still unused",
    ),
    ("scales-of-fate", "two flipped tiles", _scales_play, _two_flipped, "more than one"),
    (
        "scales-of-fate",
        "Age 2 set up with no quests",
        _scales_age_two_setup,
        _no_quests,
        "nine quests the last Age left",
    ),
    (
        "scales-of-fate",
        "an Age in play with no quests",
        _scales_play,
        _no_quests,
        "board to have been entered",
    ),
    (
        "scales-of-fate",
        "a question the app cannot use",
        _scales_play,
        _set(criterion={"min_renown": 9, "max_renown": 3}),
        "cannot be used",
    ),
    (
        "scales-of-fate",
        "a demigod on the board between Ages",
        _scales_age_two_setup,
        lambda s: s["where"].update(Pentha="abyss"),
        "beside the board between Ages",
    ),
    (
        "born-of-titans",
        "a hero value past the bounds",
        _bot_play,
        _hero(0, hero={"name": "Atalanta", "battle": 99}),
        "must be 0 to 12",
    ),
    (
        "born-of-titans",
        "a hero on quest site 9",
        _bot_play,
        _hero(1, place={"kind": "quest", "site": 9}),
        "no quest site",
    ),
    (
        "born-of-titans",
        "a city monster with no monster known",
        _bot_play,
        _set(cities={"Thebes": "monster"}),
        "disagree",
    ),
    (
        "born-of-titans",
        "five actions in a two-action turn",
        _bot_play,
        _set(actions_used=5),
        "5 actions were taken",
    ),
    ("born-of-titans", "Hubris before any quest", _bot_play, _set(hubris=0), "Hubris is held"),
    (
        "born-of-titans",
        "a turn kept by a Lose Turn counter",
        _bot_play,
        _hero(0, lose_turn=True),
        "Lose Turn counter",
    ),
    (
        "born-of-titans",
        "a hero placed before the picks are done",
        _bot_picking,
        _hero(0, place={"kind": "quest", "site": 1}),
        "once every hero is picked",
    ),
    (
        "born-of-titans",
        "play with a hero nowhere",
        _bot_play,
        _hero(1, place=None),
        "every hero stands somewhere",
    ),
    (
        "born-of-titans",
        "a foe fought with an attribute it lacks",
        _bot_fight,
        lambda s: s["challenge"].update(against="wits", attribute="wits"),
        "cannot be fought with Wits",
    ),
    (
        "born-of-titans",
        "two players with one hero",
        _bot_play,
        _hero(1, hero={"name": "Atalanta", "battle": 5, "navigation": 5, "wits": 2}),
        "same hero",
    ),
    ("winds-of-fate", "one tile twice on the board", _wof_started, _wof_tiles, "nine different"),
    (
        "winds-of-fate",
        "a safe return away from Ithaca",
        _wof_started,
        _set(phase="over", ending="safe"),
        "Safe Return",
    ),
    (
        "winds-of-fate",
        "a path that loops onto its own place",
        _wof_started,
        _set(paths={"3:calm": "3"}),
        "path",
    ),
    (
        "winds-of-fate",
        "the marker away from the last place of the voyage",
        _wof_started,
        _set(at="5"),
        "voyage",
    ),
    (
        "winds-of-fate",
        "a second adventure away from Ithaca",
        _wof_started,
        _set(adventure=2),
        "Ithaca",
    ),
    (
        "winds-of-fate",
        "a bet by a seat that does not exist",
        _wof_started,
        lambda s: s["bets"].append({"seat": 7, "space": 3, "chips": 1}) or s.update(supply=47),
        "seat",
    ),
    (
        "winds-of-fate",
        "Sirens' draws during the bets",
        _wof_started_bets,
        _set(step="sirens"),
        "has no step",
    ),
    (
        "winds-of-fate",
        "two players with one name",
        _wof_started,
        _set(players=["Tom", "Tom", "Bo"]),
        "name",
    ),
]


def _check(slug: str, state_json: Any, action: Any) -> tuple[int, Any]:
    doc = {"state": state_json, "action": action}
    return cli.run(["check", slug], io.StringIO(json.dumps(doc)))


@pytest.mark.parametrize(
    ("slug", "real", "patch", "fragment"),
    [case[0:1] + case[2:] for case in IMPOSSIBLE],
    ids=[f"{case[0]}: {case[1]}" for case in IMPOSSIBLE],
)
def test_impossible_state_is_exit_2_naming_what_is_impossible(
    slug: str, real: Callable[[], Any], patch: Patch, fragment: str
) -> None:
    game = get_game(slug)
    state = real()
    moves = game.legal_actions(state) or game.sample_actions(state, random.Random(0))
    action = game.encode_action(moves[0])
    good = game.state_to_json(state)
    code, result = _check(slug, good, action)
    assert code == 0 and set(result) == {"legal", "reason", "rules", "effects"}, result
    bad = copy.deepcopy(good)
    patch(bad)
    code, result = _check(slug, bad, action)
    assert code == 2 and set(result) == {"error"}, result
    assert result["error"].startswith(f"$state is not a possible {game.title} position"), result
    assert fragment in result["error"], result


def test_impossible_state_through_the_real_command() -> None:
    """The same refusal from ``python -m rules check`` run as a program, once per game."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for slug in GAMES:
        _, what, real, patch, fragment = next(c for c in IMPOSSIBLE if c[0] == slug)
        game = get_game(slug)
        state = real()
        moves = game.legal_actions(state) or game.sample_actions(state, random.Random(0))
        bad = game.state_to_json(state)
        patch(bad)
        doc = json.dumps({"state": bad, "action": game.encode_action(moves[0])})
        proc = subprocess.run(
            [sys.executable, "-m", "rules", "check", slug],
            input=doc.encode(),
            capture_output=True,
            cwd=root,
            timeout=60,
        )
        assert proc.returncode == 2 and proc.stderr == b"", (what, proc.stderr)
        out = json.loads(proc.stdout)
        assert set(out) == {"error"} and fragment in out["error"], (what, out)
