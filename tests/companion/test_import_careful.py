"""Import is as careful as the app: through the real command (``companion import FILE`` in
its own process), a file nested too deeply, names the app would refuse, a malformed score
pad and a play given twice are each met with exit status 2 and one plain sentence, or a
report of what was really stored; a big table is written with snapshots as it streams in,
so it opens from the nearest one."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion import transfer
from companion.hub import Hub
from companion.store import Database, open_database
from companion.store.db import DB_FILE_NAME
from companion.table import Actor, LiveTable
from rules.core.scoring import LineItem, PlayerScore, ScoreSheet
from tests.support.tally import Add

ROOT = Path(__file__).resolve().parents[2]
HOST = Actor("host", "Host", None)
pytestmark = pytest.mark.usefixtures("tally_game")
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "FATEKEEPER_EXTRA_GAMES": "tests.support.tally:TALLY"}


def run_import(data_dir: Path, file: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", "import", "--data-dir", str(data_dir), str(file)],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=300,
        check=False,
    )


def exported(tmp: Path, moves: int = 3, players: tuple[str, str] = ("Ana", "Bo")) -> dict[str, Any]:
    """An export of one finished tally table (its play included) plus ``moves`` more on a
    second table."""
    db, _ = open_database(data_dir=tmp / "source")
    try:
        hub = Hub(db)
        done = hub.create_table("tally", {"target": 4}, list(players), "finished")
        done.do(Add(0, 3), HOST)
        done.do(Add(1, 1), HOST)
        assert done.outcome() is not None
        live = hub.create_table("tally", {"target": 10**6}, list(players), "long")
        for n in range(moves):
            live.do(Add(n % 2, 1), HOST)
        data = transfer.export_data(db)
    finally:
        db.close()
    # Tally keeps no score pad; the play is given a well-formed one of the shape real games
    # store, which imports as it is.
    data["plays"][0]["sheet"] = ScoreSheet(
        (
            PlayerScore(players[0], (LineItem("Pile", 3, "tally.win"),)),
            PlayerScore(players[1], (LineItem("Pile", 1, "tally.win", "last add"),)),
        ),
        players[1],
    ).to_json()
    return data


def write(tmp: Path, data: Any, name: str = "file.json") -> Path:
    path = tmp / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def rows(data_dir: Path, sql: str) -> list[tuple[Any, ...]]:
    if not (data_dir / DB_FILE_NAME).exists():
        return []
    con = sqlite3.connect(data_dir / DB_FILE_NAME)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def refused(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode == 2, (result.returncode, result.stderr[-500:])
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    assert result.stderr.startswith("companion: cannot import"), result.stderr[:300]
    for word in words:
        assert word in result.stderr, (word, result.stderr[:500])


@pytest.mark.parametrize("where", ["top", "inside"])
def test_a_file_nested_a_million_deep_is_refused_with_a_sentence(
    tmp_path: Path, where: str
) -> None:
    depth = 1_000_000
    if where == "top":
        text = "[" * depth + "]" * depth
    else:
        head = '{"format": "fatekeeper-export", "version": 1, "players": [{"name": "Ana", "x": '
        text = head + "[" * depth + "]" * depth + "}]}"
    path = tmp_path / "deep.json"
    path.write_text(text)
    result = run_import(tmp_path / "data", path)
    if where == "top":
        refused(result, "not a Fatekeeper export")
    else:
        refused(result, "nested too deeply")
    assert rows(tmp_path / "data", "SELECT name FROM player") == []


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("A" * 50_000, "at most 40 characters"),
        ("Ana\x07", "control characters (U+0007"),
        ("Ana\u202eoB", "invisible characters (U+202E RIGHT-TO-LEFT OVERRIDE)"),
    ],
    ids=["long", "control", "bidi"],
)
@pytest.mark.parametrize("place", ["players", "seats", "play seats"])
def test_imported_names_meet_the_rules_of_typed_names(
    tmp_path: Path, name: str, said: str, place: str
) -> None:
    data = exported(tmp_path)
    if place == "players":
        data["players"][0]["name"] = name
        where = "players[0].name"
    elif place == "seats":
        data["tables"][1]["seats"][1]["name"] = name
        where = "tables[1].seats[1].name"
    else:
        data["plays"][0]["seats"][0]["name"] = name
        where = "plays[0].seats[0].name"
    result = run_import(tmp_path / "data", write(tmp_path, data))
    refused(result, where, said)
    assert len(result.stderr) < 600  # the name is not echoed back whole
    assert rows(tmp_path / "data", "SELECT name FROM player") == []
    assert rows(tmp_path / "data", "SELECT id FROM game_table") == []


def test_names_typed_two_ways_are_one_player(tmp_path: Path) -> None:
    """ "Straße" in the roster and "STRASSE" at a table are one person, as when typed."""
    data = exported(tmp_path, players=("Straße", "Bo"))
    data["tables"][1]["seats"][0]["name"] = "STRASSE"
    data["players"].append({"name": "strasse", "created_at": None, "archived": False})
    result = run_import(tmp_path / "data", write(tmp_path, data))
    assert result.returncode == 0, result.stderr
    assert "and 2 new players" in result.stdout, result.stdout
    names = sorted(n for (n,) in rows(tmp_path / "data", "SELECT name FROM player"))
    assert names == ["Bo", "Straße"]
    seats = rows(tmp_path / "data", "SELECT DISTINCT name FROM seat ORDER BY name")
    assert seats == [("Bo",), ("Straße",)]


@pytest.mark.parametrize(
    ("spoil", "said"),
    [
        (lambda pad: pad["players"][0]["items"][0].update(points="ten"), "points"),
        (lambda pad: pad["players"][0].pop("items"), "items must be a list"),
        (lambda pad: pad.update(players="Ana 4"), "players must be a list"),
        (lambda pad: pad["players"].append(7), "players[2] must be an object"),
    ],
)
def test_a_play_with_a_malformed_score_pad_is_refused_naming_it(
    tmp_path: Path, spoil: Any, said: str
) -> None:
    data = exported(tmp_path)
    play = data["plays"][0]
    assert play["sheet"]["players"][0]["items"], play["sheet"]
    spoil(play["sheet"])
    result = run_import(tmp_path / "data", write(tmp_path, data))
    refused(result, "plays[0]", "play 'finished'", play["id"], "malformed score pad", said)
    assert rows(tmp_path / "data", "SELECT id FROM play") == []
    assert rows(tmp_path / "data", "SELECT id FROM game_table") == []


def test_a_play_given_twice_is_stored_once_and_reported_so(tmp_path: Path) -> None:
    data = exported(tmp_path)
    twin = json.loads(json.dumps(data["plays"][0]))
    twin["title"] = "the same id again"
    data["plays"].append(twin)
    result = run_import(tmp_path / "data", write(tmp_path, data))
    assert result.returncode == 0, result.stderr
    assert "1 play appeared" in result.stdout and "a second time" in result.stdout, result.stdout
    stored = rows(tmp_path / "data", "SELECT id, title FROM play")
    assert stored == [(data["plays"][0]["id"], "finished")]


def test_a_long_table_is_stored_with_snapshots_and_opens_from_the_last(tmp_path: Path) -> None:
    """A file that carries no snapshots at all: the import replays the moves as they
    stream in and stores one every 100, so opening replays at most 99."""
    data = exported(tmp_path, moves=250)
    for t in data["tables"]:
        t["snapshots"] = []
    result = run_import(tmp_path / "data", write(tmp_path, data))
    assert result.returncode == 0, result.stderr
    long_id = data["tables"][1]["id"]
    snaps = rows(tmp_path / "data", f"SELECT seq FROM snapshot WHERE table_id = '{long_id}'")
    assert sorted(s for (s,) in snaps) == [100, 200]
    db, _ = open_database(data_dir=tmp_path / "data")
    try:
        from rules import registry
        from tests.support.tally import TALLY

        registry.register(TALLY)  # the fixture registered it already; harmless
        table = LiveTable.load(db, long_id)
        assert table.loaded_from_seq == 200 and table.head == 250
        assert table.state.pile == 250
    finally:
        db.close()


def test_a_streamed_import_stores_the_file_whole_on_each_database(
    tmp_path: Path, db: Database
) -> None:
    """The same file, streamed into SQLite and into PostgreSQL, is stored as it was
    exported (the snapshots the import makes are the ones the source had), and a second
    import adds nothing."""
    data = exported(tmp_path, moves=230)
    file = write(tmp_path, data)
    report = transfer.import_file(db, file)
    assert (report.tables_added, report.plays_added, report.players_added) == (2, 1, 2)
    again = transfer.import_file(db, file)
    assert (again.tables_added, again.plays_added, again.players_added) == (0, 0, 0)
    mine = transfer.export_data(db)
    strip = {"exported_at", "app_version"}
    assert {k: v for k, v in mine.items() if k not in strip} == {
        k: v for k, v in data.items() if k not in strip
    }
