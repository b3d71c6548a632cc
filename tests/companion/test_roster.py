"""Roster and tables: rename, merge and delete players (archived when they have played);
rename, archive and delete tables (to a bin, emptied after 30 days)."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from companion import plays
from companion.hub import BIN_DAYS, Hub
from companion.store import Database
from companion.store.models import now
from tests.support.random_play import HOST, play
from tests.support.tally import Add


def pid(hub: Hub, name: str) -> int:
    return next(p.id for p in hub.all_players() if p.name == name)


def test_rename_player_follows_into_plays(db: Database) -> None:
    hub = Hub(db)
    live = hub.create_table("scales-of-fate", None, ["Ana", "Bo"])
    play(live, random.Random(1))
    hub.rename_player(pid(hub, "Ana"), "  Anna   Lee ")
    assert [p.name for p in hub.players()] == ["Anna Lee", "Bo"]
    assert plays.list_plays(db)[0].seats[0].name == "Anna Lee"
    with pytest.raises(ValueError, match="already a player called 'Bo'"):
        hub.rename_player(pid(hub, "Anna Lee"), "bo")
    with pytest.raises(ValueError, match="needs a name"):
        hub.rename_player(pid(hub, "Bo"), "  ")
    with pytest.raises(KeyError):
        hub.rename_player(999, "X")


def test_merge_players(db: Database) -> None:
    hub = Hub(db)
    a = hub.create_table("scales-of-fate", None, ["Ana", "Bo"])
    play(a, random.Random(2))
    b = hub.create_table("scales-of-fate", None, ["Anna", "Cy"])
    play(b, random.Random(3))
    ana, anna = pid(hub, "Ana"), pid(hub, "Anna")
    hub.merge_players(anna, ana)
    assert "Anna" not in [p.name for p in hub.all_players()]
    assert [r.id for r in plays.list_plays(db, player_id=ana)] == [b.id, a.id]
    with pytest.raises(ValueError, match="sat at the same table"):
        hub.merge_players(pid(hub, "Bo"), ana)
    with pytest.raises(ValueError, match="themselves"):
        hub.merge_players(ana, ana)


def test_delete_player_archives_those_who_played(db: Database) -> None:
    hub = Hub(db)
    hub.add_player("Solo")
    assert hub.delete_player(pid(hub, "Solo")) == "deleted"
    assert "Solo" not in [p.name for p in hub.all_players()]
    live = hub.create_table("scales-of-fate", None, ["Ana", "Bo"])
    play(live, random.Random(4))
    ana = pid(hub, "Ana")
    assert hub.delete_player(ana) == "archived"
    assert "Ana" not in [p.name for p in hub.players()]
    assert [p.archived for p in hub.all_players() if p.name == "Ana"] == [True]
    assert plays.list_plays(db, player_id=ana)  # the plays stay
    hub.add_player("ana")  # the name again brings them back, plays and all
    assert pid(hub, "Ana") == ana and "Ana" in [p.name for p in hub.players()]


def test_rename_and_archive_tables(db: Database) -> None:
    hub = Hub(db)
    live = hub.create_table("tally", None, ["Ana", "Bo"])
    assert hub.rename_table(live.id, " Friday   night ") == "Friday night"
    assert hub.list_tables()[0].title == "Friday night" and live.title == "Friday night"
    hub.archive_table(live.id)
    assert hub.list_tables() == []
    assert [t.id for t in hub.list_tables(archived=True)] == [live.id]
    assert hub.open(live.id) is live  # still opens
    hub.archive_table(live.id, False)
    assert [t.id for t in hub.list_tables()] == [live.id]
    with pytest.raises(ValueError):
        hub.rename_table(live.id, "")


def test_deleted_table_goes_to_the_bin_for_thirty_days(db: Database) -> None:
    hub = Hub(db)
    live = hub.create_table("tally", None, ["Ana", "Bo"])
    live.do(Add(0, 1), HOST)
    seat_token = live.seat_tokens[0]
    assert hub.authorize(seat_token) is not None
    hub.delete_table(live.id)
    assert hub.list_tables() == []
    assert [t.id for t in hub.list_tables(binned=True)] == [live.id]
    assert hub.authorize(seat_token) is None  # guests are refused
    with pytest.raises(KeyError):
        hub.open(live.id)
    hub.restore_table(live.id)
    assert hub.open(live.id).state.pile == 1
    assert hub.authorize(seat_token) is not None
    hub.delete_table(live.id)
    assert hub.empty_bin(now() + timedelta(days=BIN_DAYS - 1)) == []
    assert hub.empty_bin(now() + timedelta(days=BIN_DAYS, minutes=1)) == [live.id]
    assert hub.list_tables(binned=True) == []


def test_a_finished_tables_play_outlives_it_in_the_bin(db: Database) -> None:
    hub = Hub(db)
    live = hub.create_table("scales-of-fate", None, ["Ana", "Bo"])
    play(live, random.Random(5))
    hub.delete_table(live.id)
    hub.empty_bin(now() + timedelta(days=BIN_DAYS + 1))
    [record] = plays.list_plays(db)
    assert record.id == live.id and record.history
