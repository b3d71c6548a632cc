"""Re-derive the Grimheim component data files from the reference CSVs.

Usage::

    python -m rules.grimheim.build_data REFERENCE_DIR

``REFERENCE_DIR`` holds the pipe-separated ``*_material.csv`` files describing the printed
components (map, monster tiles, monster cards, time tracks, dice, hero cards). The script
writes six JSON files into ``rules/grimheim/data/`` (``map.json``, ``monsters.json``,
``cards.json``, ``tracks.json``, ``heroes.json``, ``dice.json``) holding facts only: names,
numbers, terrain, locations, spawn patterns, time steps and die faces. Flavour and rule text
columns are never copied into the output. Running it twice gives byte-identical files.

The upgrade cost track (5, 6, 8, 10, then 10 for every further upgrade) is printed on the
player board rather than in the CSVs, so it is written from a constant here.

(The script lives beside ``data.py`` rather than inside ``data/`` so that ``data/`` holds no
Python and never shadows the ``rules.grimheim.data`` module for type checkers.)
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

OUT_DIR = Path(__file__).resolve().parent / "data"

UPGRADE_COSTS = (5, 6, 8, 10)

# Display names of the map locations, keyed by the reference's identifiers.
LOCATION_NAMES = {
    "DarkForest": "Dark Forest",
    "DeadPlains": "Dead Plains",
    "Grimheim": "Grimheim",
    "Highlands": "Highlands",
    "MarshOfSorrow": "Marsh of Sorrow",
    "Nailfare": "Nailfare",
    "OgreValley": "Ogre Valley",
    "RobberCamp": "Robber Camp",
    "SpewingMountain": "Spewing Mountain",
    "TempleRuins": "Temple Ruins",
    "TrollCaves": "Troll Caves",
    "WitchCabin": "Witch Cabin",
    "WyrmLair": "Wyrm Lair",
}

# The monster cards spawning in the Highlands describe 12 areas, but the reference map names
# only 10. We take the two unnamed plains areas on the board's edge row between Wyrm Lair and
# the Highlands as its missing areas (rule index: grim.map.highlands_extent, an assumption).
# Edit this table if your board shows otherwise and re-run the script.
LOCATION_CORRECTIONS: dict[tuple[int, int], tuple[str, str]] = {
    (7, 16): ("Highlands", "red"),
    (8, 16): ("Highlands", "red"),
}

FACTIONS = {"trollkin": "trollkin", "firehorde": "fire_horde", "dead": "dead", "wyrm": "wyrm"}

# Which monster each spawn letter stands for, per faction (S is a sprite for the Fire Horde
# but a skeleton for the Dead).
SPAWN_LETTERS = {
    "trollkin": {"G": "goblin", "B": "brute", "T": "troll"},
    "fire_horde": {"S": "sprite", "E": "elemental", "J": "jotunn"},
    "dead": {"I": "imp", "S": "skeleton", "D": "draugr"},
}


def read_rows(path: Path) -> list[dict[str, str]]:
    """Rows of a pipe-separated material file as dicts keyed by its header line.

    Lines starting with ``#`` and blank lines are skipped; short rows are padded with ``""``.
    """
    header: list[str] | None = None
    rows: list[dict[str, str]] = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        cells = line.split("|")
        if header is None:
            header = cells
            continue
        cells += [""] * (len(header) - len(cells))
        rows.append(dict(zip(header, cells, strict=False)))
    return rows


def _sections(path: Path, marker: str) -> list[list[str]]:
    """Data lines of ``path`` split into sections at every ``#set`` line containing
    ``marker`` (used for the two time tracks that share one file)."""
    sections: list[list[str]] = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line.startswith("#set") and marker in line:
            sections.append([])
        elif line and not line.startswith("#") and sections and line != "num|r":
            sections[-1].append(line)
    return sections


def build_map(ref: Path) -> dict[str, Any]:
    hexes: list[dict[str, Any]] = []
    for row in read_rows(ref / "map_material.csv"):
        loc = row["loc"]
        hexes.append(
            {
                "x": int(row["x"]),
                "y": int(row["y"]),
                "terrain": row["terrain"],
                "location": LOCATION_NAMES[loc] if loc else "",
                "border": row["c"],
                "road": row["road"] == "1",
                "dir": int(row["dir"]) if row["dir"] else None,
            }
        )
    corrected = []
    for h in hexes:
        fix = LOCATION_CORRECTIONS.get((h["x"], h["y"]))
        if fix is not None:
            if h["location"]:
                raise ValueError(f"correction for ({h['x']}, {h['y']}) hits {h['location']}")
            h["location"], h["border"] = fix
            corrected.append([h["x"], h["y"]])
    hexes.sort(key=lambda h: (h["y"], h["x"]))
    return {"centre": [9, 9], "radius": 8, "corrected": corrected, "hexes": hexes}


def _legend_key(name: str) -> str:
    return re.sub(r"[^a-z]+", "_", name.lower()).strip("_")


def build_monsters(ref: Path) -> dict[str, Any]:
    kinds: dict[str, Any] = {}
    legends: dict[str, Any] = {}
    legend_ids: dict[str, str] = {}
    for row in read_rows(ref / "monster_material.csv"):
        ident = row["id"]
        if ident.startswith("monster_legend_"):
            number, level = ident.removeprefix("monster_legend_").split("_")
            name = re.sub(r"\s*\([IV]+\)$", "", row["name"])
            key = _legend_key(name)
            legend_ids[ident] = key
            entry = legends.setdefault(
                key,
                {
                    "name": name,
                    "number": int(number),
                    "faction": FACTIONS[row["faction"]],
                    "levels": {},
                },
            )
            entry["levels"][level] = {
                "strength": int(row["strength"] or 0),
                "health": int(row["health"] or 0),
                "xp": int(row["xp"] or 0),
                "armor": int(row["armor"] or 0),
                "move": row["move"],
            }
        elif ident.startswith("monster_") and row["faction"] in FACTIONS:
            key = ident.removeprefix("monster_")
            kinds[key] = {
                "name": row["name"],
                "faction": FACTIONS[row["faction"]],
                "rank": int(row["rank"]),
                "strength": int(row["strength"]),
                "health": int(row["health"]),
                "xp": int(row["xp"]),
                "armor": int(row["armor"] or 0),
                "move": row["move"],
                "tiles": int(row["count"]),
            }
    return {"kinds": kinds, "legends": legends, "_legend_ids": legend_ids}


def build_cards(ref: Path, hexes: list[dict[str, Any]], monsters: dict[str, Any]) -> dict[str, Any]:
    by_location: dict[str, list[list[int]]] = {}
    for h in hexes:  # already sorted by (y, x)
        if h["location"]:
            by_location.setdefault(h["location"], []).append([h["x"], h["y"]])
    legend_ids: dict[str, str] = monsters["_legend_ids"]
    rows = read_rows(ref / "monstercard_material.csv")
    cards = []
    for row in rows:
        number = int(row["num"])
        location = LOCATION_NAMES[row["spawnloc"]]
        legend = legend_ids[row["legend"]] if row["legend"] else None
        cards.append((number, row["name"], location, row["spawn"], legend))
    # A location's faction is the one whose letters cover every card that spawns there.
    letters_at: dict[str, set[str]] = {}
    for _number, _name, location, spawn, _legend in cards:
        letters_at.setdefault(location, set()).update(c for c in spawn if c not in "-L")
    location_faction: dict[str, str] = {}
    for location, letters in letters_at.items():
        if not letters:
            continue
        fits = [f for f, table in SPAWN_LETTERS.items() if letters <= table.keys()]
        if len(fits) != 1:
            raise ValueError(f"{location}: letters {sorted(letters)} fit factions {fits}")
        location_faction[location] = fits[0]
    out = []
    for number, name, location, spawn, legend in cards:
        if len(spawn) > len(by_location[location]):
            raise ValueError(f"card {number}: spawn {spawn!r} is longer than {location}")
        # Shorter patterns leave the location's remaining areas empty (grim.monster.spawn_pattern).
        spawn = spawn.ljust(len(by_location[location]), "-")
        legend_faction = monsters["legends"][legend]["faction"] if legend else None
        faction = location_faction.get(location) or legend_faction
        if faction is None:
            raise ValueError(f"card {number}: no faction for {location}")
        slots = []
        for char, xy in zip(spawn, by_location[location], strict=True):
            if char == "-":
                continue
            monster = "legend" if char == "L" else SPAWN_LETTERS[faction][char]
            slots.append({"hex": xy, "monster": monster})
        out.append(
            {
                "number": number,
                "name": name,
                "deck": "yellow" if number <= 36 else "red",
                "location": location,
                "faction": faction,
                "legend": legend,
                "spawn": spawn,
                "slots": slots,
            }
        )
    return {"location_factions": location_faction, "cards": out}


def build_tracks(ref: Path) -> dict[str, Any]:
    names = ("short", "long")
    tracks: dict[str, Any] = {}
    for name, lines in zip(
        names, _sections(ref / "time_material.csv", "slot_timetrack"), strict=True
    ):
        steps = []
        for line in lines:
            num, mark = line.split("|")[:2]
            _, deck, sign = mark.split("_")
            steps.append({"step": int(num), "deck": deck, "mark": sign})
        tracks[name] = steps
    return {"time_tracks": tracks, "upgrade_costs": list(UPGRADE_COSTS)}


def build_heroes(ref: Path) -> dict[str, Any]:
    starts: dict[str, tuple[int, list[int]]] = {}
    for row in read_rows(ref / "monster_material.csv"):
        if row["id"].startswith("hero_"):
            _, x, y = row["location"].split("_")
            starts[row["name"]] = (int(row["id"].removeprefix("hero_")), [int(x), int(y)])
    heroes: dict[str, Any] = {}
    for row in read_rows(ref / "card_hero_material.csv"):
        hero = row["name"].split()[0]
        number, start = starts[hero]
        entry = heroes.setdefault(
            hero,
            {"name": hero, "number": number, "start": start, "move": 3, "armor": 0, "levels": {}},
        )
        entry["levels"][row["num"]] = {
            "strength": int(row["strength"]),
            "health": int(row["health"]),
        }
        # Numbers printed in the hero's ability (only the number is kept).
        effect = row.get("effect", "")
        move = re.search(r"\bMove (\d+)\b", effect)
        if move:
            entry["move"] = int(move.group(1))
        if re.search(r"\bArmor\b", effect):
            entry["armor"] = 1
    return {"heroes": heroes}


def build_dice(ref: Path) -> dict[str, Any]:
    faces: dict[str, list[str]] = {}
    for row in read_rows(ref / "dice_material.csv"):
        faces.setdefault(row["dtype"], []).append(row["rule"])
    return {"attack": faces["attack"], "monster": faces["monster"]}


def build(ref: Path, out: Path = OUT_DIR) -> list[Path]:
    """Write every data file into ``out``; returns the paths written."""
    map_data = build_map(ref)
    monsters = build_monsters(ref)
    cards = build_cards(ref, map_data["hexes"], monsters)
    monsters.pop("_legend_ids")
    files = {
        "map.json": map_data,
        "monsters.json": monsters,
        "cards.json": cards,
        "tracks.json": build_tracks(ref),
        "heroes.json": build_heroes(ref),
        "dice.json": build_dice(ref),
    }
    written = []
    for name, payload in files.items():
        path = out / name
        path.write_text(json.dumps(payload, indent=1, sort_keys=False) + "\n", encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    for path in build(Path(argv[0])):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
