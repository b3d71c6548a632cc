"""Exact attack odds: closed forms, the rulebook's worked examples, monsters, the JSON door."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from rules.core import MalformedAction
from rules.grimheim import data, odds

ROOT = Path(__file__).resolve().parents[3]
F = Fraction


def binomial(n: int, p: Fraction) -> list[Fraction]:
    return [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


def brute_force(dice: int, **kw: object) -> list[Fraction]:
    """Enumerate every roll of the six faces (small dice counts only)."""
    faces = data.load().attack_die
    cover, runes_hit = bool(kw.get("cover")), bool(kw.get("runes_hit"))
    armor, bonus, rune_bonus = (int(kw.get(k, 0)) for k in ("armor", "bonus", "rune_bonus"))  # type: ignore[call-overload]
    counts: dict[int, int] = {}
    for roll in itertools.product(faces, repeat=dice):
        hits = sum(odds.face_counts(f, cover=cover, runes_hit=runes_hit) for f in roll)
        total = hits + bonus + (rune_bonus if "rune" in roll else 0)
        dmg = max(0, total - armor)
        counts[dmg] = counts.get(dmg, 0) + 1
    top = max(0, dice + bonus + rune_bonus - armor)
    return [F(counts.get(k, 0), 6**dice) for k in range(top + 1)]


def test_grim_dice_attack_faces_single_die() -> None:
    assert odds.damage_distribution(1) == [F(1, 2), F(1, 2)]
    assert odds.damage_distribution(1, cover=True) == [F(2, 3), F(1, 3)]
    assert odds.damage_distribution(1, runes_hit=True) == [F(1, 3), F(2, 3)]
    assert odds.damage_distribution(1, cover=True, runes_hit=True) == [F(1, 2), F(1, 2)]
    assert odds.damage_distribution(0) == [F(1)]


@pytest.mark.parametrize("n", [1, 2, 5, 12, 40])
def test_grim_combat_cover_binomial_closed_forms(n: int) -> None:
    assert odds.damage_distribution(n) == binomial(n, F(1, 2))
    assert odds.damage_distribution(n, cover=True) == binomial(n, F(1, 3))
    assert odds.damage_distribution(n, runes_hit=True) == binomial(n, F(2, 3))
    assert sum(odds.damage_distribution(n, cover=True, bonus=3, armor=1)) == 1


@pytest.mark.parametrize(
    "kw",
    [
        {},
        {"cover": True},
        {"runes_hit": True, "armor": 1},
        {"cover": True, "bonus": 2, "armor": 1},
        {"cover": True, "rune_bonus": 3},
        {"armor": 5},
    ],
)
def test_distribution_equals_full_enumeration(kw: dict[str, object]) -> None:
    for dice in range(5):
        assert odds.damage_distribution(dice, **kw) == brute_force(dice, **kw)  # type: ignore[arg-type]


def test_grim_combat_armor_prevents_one_per_attack_not_per_die() -> None:
    # Two hits against armor 1 deal 1 damage (per die it would deal 0).
    dist = odds.damage_distribution(2, armor=1)
    assert dist == [F(1, 4) + F(1, 2), F(1, 4)]
    # Armor also absorbs added damage: 0 hits + 2 bonus - 1 armor = 1.
    assert odds.damage_distribution(1, bonus=2, armor=1) == [F(0), F(1, 2), F(1, 2)]


def test_grim_combat_bonus_damage_bjorn_example() -> None:
    # Bjorn: 2 (hero) + 1 (bow) + 1 (Quiver) = 4 dice at the troll; Master Shot adds 2,
    # and the roll plus the card total 5 damage, i.e. exactly 3 dice hit.
    strength = data.load().heroes["Bjorn"].levels[1].strength + 1 + 1
    assert strength == 4
    dist = odds.damage_distribution(strength, bonus=2)
    assert len(dist) == 7 and dist[0] == dist[1] == 0  # the bonus makes 2 the minimum
    assert dist[5] == comb(4, 3) * F(1, 2) ** 4 == F(1, 4)
    # 5 damage leaves the 7-health troll alive; no roll of 4 dice + 2 kills it outright.
    troll = data.load().monsters["troll"]
    assert troll.health > 5
    assert odds.p_kill(4, troll.health, bonus=2) == 0
    # ...but after the 5 damage marked on it, a second identical attack always finishes it.
    assert odds.p_kill(4, troll.health, 5, bonus=2) == 1


def test_grim_combat_cover_embla_example() -> None:
    # Embla rolls 4 dice at a goblin in a forest: no die hits, but a rune showed, so Magic
    # Runes adds 3 damage and the 2-health goblin dies.
    goblin = data.load().monsters["goblin"]
    dist = odds.damage_distribution(4, cover=True, rune_bonus=3)
    # The example's outcome: no die hits under cover and at least one rune shows.
    no_hit_with_rune = F(4, 6) ** 4 - F(3, 6) ** 4
    assert no_hit_with_rune == F(175, 1296)
    # 3 damage also comes from 3 plain hits and no rune (hit 2/6; miss or cancelled 3/6).
    three_hits_no_rune = comb(4, 3) * F(2, 6) ** 3 * F(3, 6)
    assert dist[3] == no_hit_with_rune + three_hits_no_rune
    assert dist[0] == F(1, 2) ** 4  # only misses and cancelled hits
    assert odds.p_kill(4, goblin.health, cover=True, rune_bonus=3) == 1 - dist[0] - dist[1]


def test_p_at_least_and_p_kill() -> None:
    dist = odds.damage_distribution(4)
    assert odds.p_at_least(dist, 0) == 1
    assert odds.p_at_least(dist, 2) == F(11, 16)
    assert odds.p_at_least(dist, 5) == 0
    assert odds.p_kill(4, 2) == F(11, 16)
    assert odds.p_kill(4, 3, damage_taken=1) == F(11, 16)
    assert odds.expected_damage(dist) == 2
    with pytest.raises(ValueError, match="damage_taken"):
        odds.p_kill(4, 3, damage_taken=3)
    with pytest.raises(ValueError, match="health"):
        odds.p_kill(4, 0)


@pytest.mark.parametrize("bad", [{"dice": -1}, {"dice": 41}, {"dice": 2, "armor": -1}])
def test_absurd_numbers_are_refused(bad: dict[str, int]) -> None:
    with pytest.raises(ValueError):
        odds.damage_distribution(**bad)  # type: ignore[arg-type]


def test_grim_monster_trollkin_numbers() -> None:
    assert odds.monster_strength("goblin") == 1
    assert odds.monster_strength("goblin", adjacent_trollkin=3) == 4
    assert odds.monster_strength("troll", adjacent_trollkin=1) == 7
    # Other factions ignore neighbours.
    assert odds.monster_strength("sprite", adjacent_trollkin=3) == 1
    assert odds.monster_strength("brute", monster_die_attack=True) == 4
    assert odds.monster_strength("grendel", level=2) == 4
    with pytest.raises(ValueError, match="unknown monster"):
        odds.monster_strength("dragon")
    with pytest.raises(ValueError, match="levels"):
        odds.monster_strength("surt", level=3)


def test_grim_monster_dead_runes_and_hero_armor() -> None:
    # An imp (dead, strength 2) hits on 4 faces of 6; against Boldur's armor 1.
    imp = odds.monster_attack_distribution("imp")
    assert imp == binomial(2, F(2, 3))
    boldur = data.load().heroes["Boldur"].armor
    assert odds.monster_attack_distribution("imp", hero_armor=boldur) == [
        F(1, 9) + F(4, 9),
        F(4, 9),
    ]
    # A brute (trollkin) does not hit on runes; a hero in a forest has cover.
    assert odds.monster_attack_distribution("brute", hero_in_forest=True) == binomial(3, F(1, 3))
    # The Queen of the Dead is one of the Dead: her runes hit too.
    assert odds.monster_attack_distribution("queen_of_the_dead") == binomial(7, F(2, 3))
    # Nidhuggr has no attack strength.
    assert odds.monster_attack_distribution("nidhuggr") == [F(1)]


def test_odds_json_dice_request() -> None:
    out = odds.odds_json({"dice": 4, "cover": False, "runes_hit": False, "armor": 0, "need": 2})
    assert out["distribution"] == [1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16]
    assert out["p_at_least"] == pytest.approx(11 / 16)
    assert out["exact"]["p_at_least"] == "11/16"
    assert out["expected"] == 2.0
    assert odds.odds_json({"dice": 0})["distribution"] == [1.0]
    json.dumps(out)  # plain JSON


def test_odds_json_monster_request() -> None:
    out = odds.odds_json({"monster": "troll", "adjacent_trollkin": 1, "cover": True, "armor": 1})
    assert out["dice"] == 7
    expected = odds.damage_distribution(7, cover=True, armor=1)
    assert out["exact"]["distribution"] == [str(p) for p in expected]


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ([4], "object"),
        ({}, "missing"),
        ({"dice": "4"}, "whole number"),
        ({"dice": 4.0}, "whole number"),
        ({"dice": True}, "whole number"),
        ({"dice": -1}, "between"),
        ({"dice": 41}, "between"),
        ({"dice": 4, "cover": "yes"}, "true or false"),
        ({"dice": 4, "cover": 1}, "true or false"),
        ({"dice": 4, "colour": "red"}, "unknown field"),
        ({"dice": 4, "armor": -2}, "between"),
        ({"dice": 4, "need": -1}, "between"),
        ({"monster": "dragon"}, "unknown monster"),
        ({"monster": 3}, "monster name"),
        ({"monster": "troll", "dice": 3}, "either"),
        ({"monster": "surt", "level": 3}, "between"),
        ({"dice": 3, "adjacent_trollkin": 1}, "only applies"),
    ],
)
def test_odds_json_refuses_bad_input(raw: object, message: str) -> None:
    with pytest.raises(MalformedAction, match=message):
        odds.odds_json(raw)


def _registered() -> bool:
    try:
        from rules import registry

        registry.get("grimheim")
    except Exception:
        return False
    return True


@pytest.mark.skipif(not _registered(), reason="the Grimheim game is not registered yet")
def test_cli_odds_grimheim() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "rules", "odds", "grimheim"],
        input=json.dumps({"dice": 4, "cover": True, "need": 2}),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    out = json.loads(result.stdout)
    assert out["exact"]["p_at_least"] == str(odds.p_at_least(binomial(4, F(1, 3)), 2))
    bad = subprocess.run(
        [sys.executable, "-m", "rules", "odds", "grimheim"],
        input=json.dumps({"dice": 99}),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert bad.returncode == 2
    assert "dice" in json.loads(bad.stdout)["error"]
