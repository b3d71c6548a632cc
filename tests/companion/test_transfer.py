"""Export and import: the round trip is lossless and idempotent for every game, a newer
format is refused, nothing local is ever overwritten, and the BG Stats export carries the
fields that format lists."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import plays, transfer
from companion.__main__ import main as companion
from companion.hub import Hub
from companion.store import Database, open_database
from rules import registry
from tests.support.random_play import HOST, new_table, play
from tests.support.tally import TALLY


def every_game() -> list[str]:
    return [*[s for s in registry.available() if s in registry.SLUGS], TALLY.slug]


def comparable(data: dict[str, Any]) -> dict[str, Any]:
    """An export without the moment it was written."""
    return {k: v for k, v in data.items() if k != "exported_at"}


def fill(hub: Hub, slug: str, seed: int) -> None:
    """A few tables of ``slug``: finished, abandoned, mid-game with undone moves."""
    rng = random.Random(seed)
    done = new_table(hub, slug, rng)
    # Random play can take a few thousand moves to finish a Born of Titans game (it wanders
    # between quests); the cap is for a game that never ends, not a slow one.
    play(done, rng, max_moves=8000)
    assert done.outcome() is not None, f"random play did not finish {slug} (seed {seed})"
    mid = new_table(hub, slug, rng)
    play(mid, rng, max_moves=rng.randint(1, 12))
    if mid.can_undo:
        mid.undo(HOST)
    if mid.outcome() is None and rng.random() < 0.5:
        hub.abandon(mid.id)
    untouched = new_table(hub, slug, rng)
    assert untouched.head == 0


def stored_codes(db: Database, table_id: str) -> set[str]:
    """The digests of a table's watch and seat codes as its database keeps them."""
    from sqlalchemy import text

    with db.engine.connect() as conn:
        join = conn.execute(
            text("SELECT join_token FROM game_table WHERE id = :t"), {"t": table_id}
        ).scalars()
        seats = conn.execute(
            text("SELECT seat_token FROM seat WHERE table_id = :t"), {"t": table_id}
        ).scalars()
        return {*join, *seats}


def fresh(tmp: Path | None = None) -> Database:
    db, _ = open_database("sqlite://") if tmp is None else open_database(data_dir=tmp)
    return db


@pytest.mark.parametrize("slug", every_game())
@settings(
    max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 10_000))
def test_export_import_round_trip_is_lossless_and_idempotent(
    tally_game: None, slug: str, seed: int
) -> None:
    source = fresh()
    fill(Hub(source), slug, seed)
    exported = transfer.export_data(source)
    assert exported["tables"] and exported["plays"]
    text = json.loads(json.dumps(exported))  # through a file's text
    target = fresh()
    hub = Hub(target)
    report = transfer.import_data(target, text, on_added=hub.plays.know)
    assert report.tables_added == 3 and report.tables_skipped == 0
    again = transfer.export_data(target)
    assert comparable(again) == comparable(exported)
    # Idempotent: the second import adds nothing and changes nothing.
    second = transfer.import_data(target, text)
    assert (second.tables_added, second.plays_added, second.players_added) == (0, 0, 0)
    assert comparable(transfer.export_data(target)) == comparable(exported)
    # The imported tables are live: they open at the same state and play on.
    for t in exported["tables"]:
        original = Hub(source).open(t["id"])
        copy = hub.open(t["id"])
        assert copy.game.state_to_json(copy.state) == original.game.state_to_json(original.state)
        assert stored_codes(target, t["id"]).isdisjoint(stored_codes(source, t["id"]))
    source.close()
    target.close()


def test_one_table_exports_alone_with_its_play_and_players(tally_game: None) -> None:
    db = fresh()
    hub = Hub(db)
    a = hub.create_table("scales-of-fate", None, ["Ana", "Bo"])
    play(a, random.Random(1))
    hub.create_table("scales-of-fate", None, ["Cy", "Di"])
    data = transfer.export_data(db, a.id)
    assert [t["id"] for t in data["tables"]] == [a.id]
    assert [p["id"] for p in data["plays"]] == [a.id]
    assert {p["name"] for p in data["players"]} == {"Ana", "Bo"}
    with pytest.raises(KeyError):
        transfer.export_data(db, "missing")


def test_import_never_overwrites_a_table_that_is_here(tally_game: None) -> None:
    db = fresh()
    hub = Hub(db)
    live = hub.create_table("tally", None, ["Ana", "Bo"])
    data = transfer.export_data(db)
    data["tables"][0]["title"] = "Changed elsewhere"
    report = transfer.import_data(db, data)
    assert report.tables_skipped == 1 and report.tables_added == 0
    assert hub.list_tables()[0].title == live.title


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(version=2), "newer Fatekeeper (export version 2"),
        (lambda d: d.update(format="something"), "not a Fatekeeper export"),
        (lambda d: d["tables"][0].pop("events"), "tables[0].events is missing"),
        (
            lambda d: d["tables"][0]["events"][0].update(seq="one"),
            "tables[0].events[0].seq must be",
        ),
        (
            lambda d: d["tables"][0].update(created_at="yesterday"),
            "tables[0].created_at is not a date",
        ),
        (lambda d: d["players"][0].update(name="  "), "players[0].name"),
    ],
)
def test_bad_files_are_refused_with_the_reason_and_change_nothing(
    tally_game: None, change: Any, message: str
) -> None:
    db = fresh()
    live = Hub(db).create_table("tally", None, ["Ana", "Bo"])
    from tests.support.tally import Add

    live.do(Add(0, 1), HOST)
    data = transfer.export_data(db)
    target = fresh()
    before = transfer.export_data(target)
    change(data)
    with pytest.raises(
        transfer.ImportRefused, match=message.replace("(", r"\(").replace("[", r"\[")
    ):
        transfer.import_data(target, data)
    assert comparable(transfer.export_data(target)) == comparable(before)


def test_bgstats_export_has_the_listed_fields(tally_game: None) -> None:
    db = fresh()
    hub = Hub(db)
    for seed, slug in enumerate(["scales-of-fate", "grimheim", "scales-of-fate"]):
        play(new_table(hub, slug, random.Random(seed)), random.Random(seed))
    records = plays.list_plays(db)
    data = transfer.bgstats(records)
    assert set(data) >= {"games", "players", "plays", "locations", "userInfo"}
    game_ids = {g["id"] for g in data["games"]}
    player_ids = {p["id"] for p in data["players"]}
    assert {g["name"] for g in data["games"]} == {"Scales of Fate", registry.get("grimheim").title}
    assert len(data["plays"]) == 3
    for p in data["plays"]:
        assert set(p) == set(transfer.BGSTATS_PLAY_FIELDS)
        assert p["gameRefId"] in game_ids
        assert len(p["playDate"]) == 19 and p["playDate"][10] == " "
        assert sum(1 for s in p["playerScores"] if s["startPlayer"]) == 1
        for s in p["playerScores"]:
            assert set(s) == set(transfer.BGSTATS_SCORE_FIELDS)
            assert s["playerRefId"] in player_ids and s["rank"] >= 1
            assert isinstance(s["score"], str)
    # Stable ids: exporting again gives the same file.
    assert transfer.bgstats(records) == data
    competitive = [r for r in records if r.game == "scales-of-fate"]
    for r in competitive:
        out = next(p for p in data["plays"] if p["comments"].startswith(r.title))
        winners = [s for s in out["playerScores"] if s["winner"]]
        assert len(winners) == 1 and winners[0]["rank"] == 1


def test_cli_export_import_round_trip(tmp_path: Path, tally_game: None, capsys: Any) -> None:
    home, other = tmp_path / "home", tmp_path / "other"
    db = fresh(home)
    hub = Hub(db)
    live = hub.create_table("scales-of-fate", None, ["Ana", "Bo"])
    play(live, random.Random(2))
    hub.create_table("tally", None, ["Cy", "Di"])
    db.close()
    out = tmp_path / "all.json"
    assert companion(["export", "--data-dir", str(home), str(out)]) == 0
    assert "2 tables and 1 play" in capsys.readouterr().out
    one = tmp_path / "one.json"
    assert companion(["export", "--table", live.id, "--data-dir", str(home), str(one)]) == 0
    assert len(json.loads(one.read_text())["tables"]) == 1
    bg = tmp_path / "bg.json"
    assert companion(["export", "--bgstats", "--data-dir", str(home), str(bg)]) == 0
    assert len(json.loads(bg.read_text())["plays"]) == 1
    assert companion(["import", "--data-dir", str(other), str(out)]) == 0
    assert "Imported 2 tables, 1 play" in capsys.readouterr().out
    assert companion(["import", "--data-dir", str(other), str(out)]) == 0
    assert "Imported 0 tables, 0 plays" in capsys.readouterr().out
    copy = fresh(other)
    assert comparable(transfer.export_data(copy)) == comparable(json.loads(out.read_text()))
    copy.close()
    newer = json.loads(out.read_text())
    newer["version"] = transfer.VERSION + 1
    (tmp_path / "newer.json").write_text(json.dumps(newer))
    assert companion(["import", "--data-dir", str(other), str(tmp_path / "newer.json")]) == 2
    assert "newer Fatekeeper" in capsys.readouterr().err
    assert companion(["export", "--table", "nope", "--data-dir", str(home), str(one)]) == 2
    (tmp_path / "junk.json").write_text("{not json")
    assert companion(["import", "--data-dir", str(other), str(tmp_path / "junk.json")]) == 2
    assert "is not JSON" in capsys.readouterr().err
