"""The Grimheim component data matches the box (counts, decks, tracks, map, cards)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from rules.grimheim import build_data, data

# The printed component lists sit beside the checkout, in shared/reference/fate.
REFERENCE = Path(__file__).resolve().parents[3].parent / "shared" / "reference" / "fate"


@pytest.fixture(scope="module")
def d() -> data.GrimheimData:
    return data.load()


def test_load_is_cached(d: data.GrimheimData) -> None:
    assert data.load() is d


def test_monster_tile_counts_match_the_box(d: data.GrimheimData) -> None:
    tiles = {k: m.tiles for k, m in d.monsters.items()}
    assert tiles == {
        "draugr": 10, "skeleton": 15, "imp": 20,
        "jotunn": 10, "elemental": 15, "sprite": 20,
        "troll": 10, "brute": 15, "goblin": 20,
    }  # fmt: skip
    assert sum(tiles.values()) + len(d.legends) == 141
    assert len(d.legends) == 6


def test_monster_stats_match_the_printed_reference(d: data.GrimheimData) -> None:
    # (strength, health, xp, rank) as printed on the board's monster reference.
    printed = {
        "goblin": (1, 2, 1, 1), "brute": (3, 3, 2, 2), "troll": (6, 7, 3, 3),
        "sprite": (1, 2, 1, 1), "elemental": (3, 4, 2, 2), "jotunn": (5, 6, 3, 3),
        "imp": (2, 2, 1, 1), "skeleton": (4, 3, 2, 2), "draugr": (6, 5, 3, 3),
    }  # fmt: skip
    for key, (strength, health, xp, rank) in printed.items():
        m = d.monsters[key]
        assert (m.strength, m.health, m.xp, m.rank) == (strength, health, xp, rank), key
        assert m.xp == m.rank  # experience equals rank for standard monsters
    assert d.monsters["goblin"].steps == 2
    assert all(m.steps == 1 for k, m in d.monsters.items() if k != "goblin")
    assert [k for k, m in d.monsters.items() if m.armor] == ["draugr"]
    factions = Counter(m.faction for m in d.monsters.values())
    assert factions == {"trollkin": 3, "fire_horde": 3, "dead": 3}


def test_legends_have_two_levels(d: data.GrimheimData) -> None:
    assert set(d.legends) == {
        "queen_of_the_dead", "seer_of_odin", "grendel", "surt", "hrungbald", "nidhuggr",
    }  # fmt: skip
    for legend in d.legends.values():
        assert set(legend.levels) == {1, 2}
    assert d.legends["grendel"].levels[1].health == 12
    assert d.legends["surt"].levels[2].strength == 7
    assert d.legends["nidhuggr"].faction == "wyrm"


def test_54_cards_in_two_decks_with_legends_where_printed(d: data.GrimheimData) -> None:
    assert sorted(d.cards) == list(range(1, 55))
    yellow = [c for c in d.cards.values() if c.deck == "yellow"]
    red = [c for c in d.cards.values() if c.deck == "red"]
    assert [c.number for c in yellow] == list(range(1, 37))
    assert [c.number for c in red] == list(range(37, 55))
    with_legend = sorted(c.number for c in d.cards.values() if c.legend)
    assert with_legend == [*range(1, 7), *range(37, 43)]
    for card in d.cards.values():
        placed = [s for s in card.slots if s.monster == "legend"]
        assert len(placed) == (1 if card.legend else 0), card.number
        assert card.level == (1 if card.deck == "yellow" else 2)
    # Each Legend has exactly one yellow and one red card.
    assert Counter(c.legend for c in d.cards.values() if c.legend) == dict.fromkeys(d.legends, 2)


def test_spawn_patterns_fit_their_locations(d: data.GrimheimData) -> None:
    for card in d.cards.values():
        area = d.locations[card.location]
        assert len(card.spawn) == len(area), card.number
        expected = [xy for xy, ch in zip(area, card.spawn, strict=True) if ch != "-"]
        assert [s.hex for s in card.slots] == expected, card.number
        for slot in card.slots:
            assert d.hexes[slot.hex].location == card.location


def test_spawn_letters_decode_per_location_faction(d: data.GrimheimData) -> None:
    # "S" is a sprite in the Fire Horde's lands and a skeleton in the Dead's.
    assert Counter(s.monster for s in d.cards[12].slots) == {"sprite": 8}
    assert Counter(s.monster for s in d.cards[23].slots) == {"skeleton": 5}
    # Jotunn Youth Camp: 3 sprites and 3 elementals in Spewing Mountain.
    camp = d.cards[14]
    assert camp.location == "Spewing Mountain"
    assert Counter(s.monster for s in camp.slots) == {"sprite": 3, "elemental": 3}
    # Queen of the Dead (red) comes with 4 imps, 3 skeletons and 1 draugr.
    queen = d.cards[37]
    assert queen.location == "Dead Plains" and queen.legend == "queen_of_the_dead"
    assert Counter(s.monster for s in queen.slots) == {
        "imp": 4,
        "skeleton": 3,
        "draugr": 1,
        "legend": 1,
    }
    for card in d.cards.values():
        for slot in card.slots:
            if slot.monster != "legend":
                assert d.monsters[slot.monster].faction == card.faction, card.number


def test_grim_map_highlands_extent_assumption(d: data.GrimheimData) -> None:
    # Highlands cards describe 12 areas; two edge plains complete the location.
    highlands = d.locations["Highlands"]
    assert len(highlands) == 12
    assert (7, 16) in highlands and (8, 16) in highlands
    assert (
        max(len(c.spawn.rstrip("-")) for c in d.cards.values() if c.location == "Highlands") == 12
    )


def test_time_tracks(d: data.GrimheimData) -> None:
    short, long = d.time_tracks["short"], d.time_tracks["long"]
    assert len(short) == 12 and len(long) == 16
    for track in (short, long):
        assert [s.step for s in track] == list(range(1, len(track) + 1))
        assert track[0].mark == "axes" and track[0].deck == "yellow"
        assert [s.mark for s in track[-4:]] == ["skull"] * 4
        decks = [s.deck for s in track]
        assert decks == sorted(decks, key=lambda x: x == "red")  # yellow first, then red
    assert sum(s.mark == "axes" for s in short) == 3
    assert sum(s.mark == "axes" for s in long) == 5


def test_map_radius_8_around_grimheim(d: data.GrimheimData) -> None:
    assert len(d.hexes) == 1 + 3 * 8 * 9
    cx, cy = data.GRIMHEIM_CENTRE
    for x, y in d.hexes:
        dq, dr = x - cx, y - cy
        assert max(abs(dq), abs(dr), abs(dq + dr)) <= 8
    assert d.hexes[(9, 9)].location == "Grimheim"
    assert len(d.locations["Grimheim"]) == 7
    assert {h.terrain for h in d.hexes.values()} == {"plains", "forest", "mountain", "lake"}
    assert len(d.locations["Troll Caves"]) == 3
    assert all(d.hexes[c].terrain == "mountain" for c in d.locations["Troll Caves"])
    assert len(d.locations["Nailfare"]) == 2
    assert all(d.hexes[c].terrain == "lake" for c in d.locations["Nailfare"])
    for name, coords in d.locations.items():
        assert list(coords) == sorted(coords, key=lambda c: (c[1], c[0])), name


def test_heroes(d: data.GrimheimData) -> None:
    assert list(d.heroes) == ["Bjorn", "Alva", "Embla", "Boldur"]
    for hero in d.heroes.values():
        assert d.hexes[hero.start].location == "Grimheim"
        assert set(hero.levels) == {1, 2}
    assert d.heroes["Bjorn"].levels[1] == data.HeroLevel(strength=2, health=9)
    assert d.heroes["Embla"].move == 4
    assert [h.move for h in d.heroes.values()] == [3, 3, 4, 3]
    assert [h.armor for h in d.heroes.values()] == [0, 0, 0, 1]


def test_dice_and_upgrade_costs(d: data.GrimheimData) -> None:
    assert d.attack_die == ("miss", "miss", "rune", "hitcov", "hit", "hit")
    assert len(d.monster_die) == 6
    assert d.upgrade_costs == (5, 6, 8, 10)
    assert [d.upgrade_cost(n) for n in range(7)] == [5, 6, 8, 10, 10, 10, 10]
    with pytest.raises(ValueError):
        d.upgrade_cost(-1)


@pytest.mark.skipif(not REFERENCE.is_dir(), reason="reference component lists not present")
def test_generator_reproduces_the_committed_files(tmp_path: Path) -> None:
    build_data.build(REFERENCE, tmp_path)
    for name in ("map.json", "monsters.json", "cards.json", "tracks.json", "heroes.json",
                 "dice.json"):  # fmt: skip
        fresh = json.loads((tmp_path / name).read_text(encoding="utf-8"))
        committed = json.loads((data.DATA_DIR / name).read_text(encoding="utf-8"))
        assert fresh == committed, name


def test_data_files_hold_no_prose() -> None:
    # Facts only: no field of the generated files carries sentences from the components.
    for path in data.DATA_DIR.glob("*.json"):
        text = path.read_text(encoding="utf-8")
        for word in ("flavour", "ftext", "effect", "quest"):
            assert f'"{word}"' not in text, (path.name, word)
