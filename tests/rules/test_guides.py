"""Every game's setup walkthrough and turn card: complete, in order, and tied to real rules."""

from __future__ import annotations

import dataclasses
import importlib
import typing
from pathlib import Path

import pytest

from rules import registry
from rules.core.guide import Guide, facts_of, guide_of, load

GAMES = ("scales-of-fate", "fates-and-favors", "born-of-titans", "winds-of-fate", "grimheim")


def _guide(slug: str) -> Guide:
    guide = guide_of(registry.get(slug))
    assert guide is not None, f"{slug} has no guide.toml"
    return guide


def _phases(slug: str) -> tuple[str, ...]:
    package = type(registry.get(slug)).__module__.rsplit(".", 1)[0]
    phase = importlib.import_module(f"{package}.state").Phase
    return typing.get_args(phase)


@pytest.mark.parametrize("slug", GAMES)
def test_every_setup_rule_appears_in_the_walkthrough(slug: str) -> None:
    game, guide = registry.get(slug), _guide(slug)
    setup_rules = {r.id for r in game.rules if ".setup." in r.id}
    cited = {rule for step in guide.steps for rule in step.rules}
    assert setup_rules, slug
    assert setup_rules <= cited, f"missing from the walkthrough: {sorted(setup_rules - cited)}"


@pytest.mark.parametrize("slug", GAMES)
def test_every_step_line_and_hint_cites_rules_that_exist(slug: str) -> None:
    game, guide = registry.get(slug), _guide(slug)
    assert guide.steps and guide.turn
    for step in guide.steps:
        assert step.rules and all(r in game.rules for r in step.rules), step.key
        assert step.title.strip() and step.text.strip()
    for section in guide.turn:
        assert section.lines, section.key
        for line in section.lines:
            assert line.rules and all(r in game.rules for r in line.rules), line.text
    for hint in guide.hints:
        assert hint.rules and all(r in game.rules for r in hint.rules), hint.phase


@pytest.mark.parametrize("slug", GAMES)
def test_phases_are_the_games_own(slug: str) -> None:
    """The guide orders the game's real phases, and every step that enters something
    names phases of the game, so its status at a table can be worked out."""
    guide = _guide(slug)
    assert set(guide.phases) == set(_phases(slug))
    for step in guide.steps:
        assert (step.enters is None) == (not step.phases), step.key
    assert {h.phase for h in guide.hints} <= set(guide.phases)


def _tables(slug: str) -> list[object]:
    """Options for every player count (and every mode or switch that changes the setup)."""
    game = registry.get(slug)
    base = game.decode_options(None)
    out: list[object] = []
    for n in range(game.min_players, game.max_players + 1):
        names = [f"P{i}" for i in range(n)]
        variants = [base]
        fields = {f.name for f in dataclasses.fields(base)}
        if "mode" in fields:
            modes = typing.get_args(typing.get_type_hints(type(base))["mode"])
            assert modes
            variants = [dataclasses.replace(base, mode=m) for m in modes]
        if "starting_resources" in fields:
            variants += [dataclasses.replace(base, starting_resources=False)]
        for options in variants:
            try:
                seated = game.seat_options(options, names)
                game.setup(seated)
            except ValueError:
                continue  # a mode for another player count
            out.append(seated)
    return out


@pytest.mark.parametrize("slug", GAMES)
def test_each_table_gets_one_walkthrough_without_repeats(slug: str) -> None:
    guide, game = _guide(slug), registry.get(slug)
    tables = _tables(slug)
    assert tables
    for options in tables:
        steps = guide.setup(facts_of(options, game.setup(options)))
        keys = [s.key for s in steps]
        assert len(keys) == len(set(keys)) >= 5, (options, keys)
        # Steps keep the file's (the rulebook's) order.
        assert keys == [s.key for s in guide.steps if s.key in keys]


def test_player_count_steps_follow_the_count() -> None:
    wof = _guide("winds-of-fate")
    for n, crew in ((3, "25"), (4, "30"), (5, "35")):
        steps = [s for s in wof.setup({"players": n}) if s.key.startswith("crew-")]
        assert len(steps) == 1 and crew in steps[0].title, (n, steps)
    grim = _guide("grimheim")
    for n, pieces in ((1, "Four"), (2, "Six"), (3, "Eight"), (4, "Ten")):
        steps = [
            s for s in grim.setup({"players": n, "starting_resources": True}) if "town" in s.key
        ]
        assert len(steps) == 1 and pieces in steps[0].title, (n, steps)
    harder = [s.key for s in grim.setup({"players": 2, "starting_resources": False})]
    assert "no-resources" in harder and "resources" not in harder
    ff = _guide("fates-and-favors")
    game = registry.get("fates-and-favors")
    options = game.seat_options(game.decode_options({"mode": "coop2"}), ["A", "B"])
    coop = [s.key for s in ff.setup(facts_of(options, game.setup(options)))]
    options = game.seat_options(game.decode_options(None), ["A", "B"])
    versus = [s.key for s in ff.setup(facts_of(options, game.setup(options)))]
    options = game.seat_options(game.decode_options(None), ["A"])
    solo = [s.key for s in ff.setup(facts_of(options, game.setup(options)))]
    assert "lightning" in solo and "solo-seat" in solo
    assert "lightning" in coop and "lightning" not in versus
    assert "two-colours" in versus and "teams" not in versus


def test_a_step_for_facts_a_table_lacks_is_left_out() -> None:
    grim = _guide("grimheim")
    assert not any(s.key == "resources" for s in grim.setup({"players": 2}))


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        (
            '[[step]]\nkey = "a"\ntitle = "A"\ntext = "t"\nrules = ["nope.rule"]\n',
            "unknown rule IDs",
        ),
        ('[[step]]\nkey = "a"\ntitle = "A"\nrules = ["core.action"]\n', "missing 'text'"),
        ('[[step]]\nkey = "a"\ntitle = "A"\ntext = "t"\nrules = []\n', "list of rule IDs"),
        (
            '[[step]]\nkey = "a"\ntitle = "A"\ntext = "t"\nrules = ["core.action"]\n'
            '[[step]]\nkey = "a"\ntitle = "B"\ntext = "t"\nrules = ["core.action"]\n',
            "repeated step keys",
        ),
        (
            '[[step]]\nkey = "a"\ntitle = "A"\ntext = "t"\nrules = ["core.action"]\n'
            'enters = "x"\nphases = ["later"]\n',
            "not among the guide's phases",
        ),
        ('[[turn]]\nkey = "t"\ntitle = "T"\n', "malformed"),
    ],
)
def test_a_malformed_guide_is_refused_naming_the_problem(
    tmp_path: Path, body: str, problem: str
) -> None:
    path = tmp_path / "guide.toml"
    path.write_text(body)
    with pytest.raises(ValueError, match=problem):
        load("scales-of-fate", path, registry.get("scales-of-fate").rules)
