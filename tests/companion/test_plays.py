"""Finished plays: a table whose game ends becomes a play, built from the game's own
outcome and score pad, and kept in step with undo, abandoning and resuming."""

from __future__ import annotations

import random

import pytest

from companion import plays
from companion.hub import Hub
from companion.plays import placings
from companion.store import Database
from companion.store.migrations import SCHEMA_VERSION
from rules import registry
from tests.support.random_play import HOST, new_table, play
from tests.support.ui import texts


def real_games() -> list[str]:
    return [s for s in registry.available() if s in registry.SLUGS]


def test_placings_share_places_on_ties_and_put_winners_first() -> None:
    assert placings([10, 7, 7, 3], [True, False, False, False]) == [1, 2, 2, 4]
    assert placings([5, 9], [True, False]) == [1, 2]  # a tie-break can beat a higher total
    assert placings([None, None], [True, True]) == [1, 1]  # a co-op win
    assert placings([None, None], [False, False]) == [1, 1]


@pytest.mark.parametrize("slug", real_games())
def test_a_finished_game_becomes_a_play(db: Database, slug: str) -> None:
    hub = Hub(db)
    live = new_table(hub, slug, random.Random(3))
    # Random heroes wander: a Born of Titans game can take a few thousand moves to end.
    play(live, random.Random(3), max_moves=6000)
    assert live.outcome() is not None
    [record] = plays.list_plays(db)
    outcome = live.outcome()
    assert record.id == live.id and record.game == slug and record.status == "finished"
    assert record.summary == outcome.summary
    assert [s.name for s in record.seats] == live.seat_names
    assert record.moves == live.head and len(record.history) == live.head
    assert record.duration_s >= 0 and record.ended_at >= record.started_at
    assert {s.name for s in record.seats if s.winner} == set(record.winners)
    assert set(record.winners) <= set(outcome.winners) | set(live.seat_names)
    assert record.sheet is not None
    assert all(s.place is not None and s.place >= 1 for s in record.seats)
    if record.winners:
        assert all(s.place == 1 for s in record.seats if s.winner)
    assert all(s.player_id is not None for s in record.seats)
    assert plays.get(db, live.id) == record


def test_undoing_the_end_removes_the_play_and_redo_puts_it_back(db: Database) -> None:
    hub = Hub(db)
    live = new_table(hub, "scales-of-fate", random.Random(1))
    play(live, random.Random(1))
    assert [p.id for p in plays.list_plays(db)] == [live.id]
    live.undo(HOST)
    assert plays.list_plays(db) == []
    live.redo(HOST)
    assert [p.id for p in plays.list_plays(db)] == [live.id]


def test_abandoned_table_is_a_play_nobody_won_until_resumed(db: Database) -> None:
    hub = Hub(db)
    live = new_table(hub, "grimheim", random.Random(2), players=2)
    play(live, random.Random(2), max_moves=5)
    hub.abandon(live.id)
    [record] = plays.list_plays(db)
    assert record.status == "abandoned" and record.winners == () and record.moves == 5
    assert hub.list_tables()[0].status == "abandoned"
    hub.resume(live.id)
    assert plays.list_plays(db) == []
    hub.abandon(live.id)
    play(live, random.Random(4), max_moves=1)  # a move takes it back into play
    assert plays.list_plays(db) == []


def test_an_abandoned_play_keeps_the_players_secrets(db: Database) -> None:
    """A game given up halfway shows no one's demigods on the Plays screen (the host's
    device shows it): its pad is what a watcher could work out, here none at all."""
    from rules.scales_of_fate.actions import DealDemigods

    hub = Hub(db)
    live = hub.create_table("scales-of-fate", None, ["Ann", "Bo"], "given up")
    live.do(DealDemigods(seat=0, demigods=("Pentha", "Agamar")), HOST)
    live.do(DealDemigods(seat=1, demigods=("Klar", "Aponi")), HOST)
    hub.abandon(live.id)
    [record] = plays.list_plays(db)
    assert record.status == "abandoned"
    kept = repr(record)
    assert not any(name in kept for name in ("Pentha", "Agamar", "Klar", "Aponi"))


def test_an_ended_game_cannot_be_abandoned(db: Database) -> None:
    hub = Hub(db)
    live = new_table(hub, "scales-of-fate", random.Random(5))
    play(live, random.Random(5))
    with pytest.raises(ValueError, match="already over"):
        hub.abandon(live.id)


def test_filters_and_newest_first(db: Database) -> None:
    hub = Hub(db)
    a = new_table(hub, "scales-of-fate", random.Random(6), players=2)
    play(a, random.Random(6))
    b = hub.create_table("grimheim", None, ["Cy", "Di"])
    play(b, random.Random(7))
    assert [p.id for p in plays.list_plays(db)] == [b.id, a.id]
    assert [p.id for p in plays.list_plays(db, game="scales-of-fate")] == [a.id]
    ada = next(p.id for p in hub.players() if p.name == "Ada")
    assert [p.id for p in plays.list_plays(db, player_id=ada)] == [a.id]


def test_tables_that_ended_before_plays_were_kept_are_caught_up(db: Database) -> None:
    hub = Hub(db)
    live = new_table(hub, "scales-of-fate", random.Random(8))
    play(live, random.Random(8))
    plays.remove(db, live.id)
    assert plays.list_plays(db) == []
    Hub(db)
    assert [p.id for p in plays.list_plays(db)] == [live.id]


def test_version_1_database_gains_plays_and_keeps_working(tmp_path, tally_game) -> None:  # type: ignore[no-untyped-def]
    import sqlite3

    from companion.store import open_database
    from tests.companion.test_store import write_v1

    write_v1(tmp_path / "fatekeeper.db")
    db, _ = open_database(data_dir=tmp_path)
    hub = Hub(db)
    assert plays.list_plays(db) == []
    live = hub.open("t1")
    from tests.support.tally import Add

    live.do(Add(0, 3), HOST)
    live.do(Add(1, 2), HOST)  # the pile reaches 10: the game ends and becomes a play
    [record] = plays.list_plays(db)
    assert record.id == "t1" and record.seats[0].name == "Ana"
    db.close()
    conn = sqlite3.connect(tmp_path / "fatekeeper.db")
    assert conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone() == (
        str(SCHEMA_VERSION),
    )
    assert conn.execute("SELECT archived, deleted_at FROM game_table").fetchall() == [(0, None)]
    conn.close()


def test_plays_screens_build_for_every_filter(db: Database) -> None:
    from types import SimpleNamespace

    from companion.views import plays_view

    hub = Hub(db)
    live = new_table(hub, "scales-of-fate", random.Random(9), players=2)
    play(live, random.Random(9))
    went: list[tuple[str, dict[str, str]]] = []
    shell = SimpleNamespace(hub=hub, go=lambda path, **kw: went.append((path, kw)))
    listing = texts(plays_view.view(shell, None, None))  # type: ignore[arg-type]
    assert "1 of 1 plays" in listing and live.title in listing
    filtered = texts(plays_view.view(shell, "scales-of-fate", "999"))  # type: ignore[arg-type]
    assert "1 of 1 plays" in filtered  # an unknown player id is no filter
    one = texts(plays_view.detail(shell, live.id))  # type: ignore[arg-type]
    assert "Score pad" in one and "History" in one
    assert live.history()[0].text in one
    with pytest.raises(KeyError):
        plays_view.detail(shell, "nope")  # type: ignore[arg-type]


def test_a_tie_the_chips_break_credits_only_the_players_left_tied_wof_end_tiebreak(
    db: Database,
) -> None:
    """Winds of Fate: three players end on 2 VP, Ann without a chip. The banner's outcome
    and the saved play name Tom and Bo only."""
    from rules.core import Correct
    from rules.winds_of_fate import (
        ClaimReward,
        LayBoard,
        Pass,
        PlaceBet,
        RecordDestiny,
        Resolve,
        RevealRewards,
        Skip,
    )
    from tests.rules.winds_of_fate.helpers import TILES

    hub = Hub(db)
    live = hub.create_table("winds-of-fate", None, ["Tom", "Ann", "Bo"])
    moves = [LayBoard(TILES, (0, 1, 2))]
    moves += [RecordDestiny(seat, ("safe", "dead", "stranded"), 0) for seat in range(3)]
    moves += [Correct("round", 12), PlaceBet(0, 12), Skip(1), Skip(2), RevealRewards((1, 1, 1))]
    for move in moves:
        live.do(move, HOST)
    while live.state.phase == "play":
        live.do(Pass(live.state.queue[0]), HOST)
    tile = 0
    while live.state.phase == "claim":
        live.do(ClaimReward(live.state.queue[0], tile), HOST)
        tile += 1
    live.do(Resolve("poseidon", 5, (0, 0, 0)), HOST)
    for name, value in (("Tom VP", 0), ("Ann VP", 2), ("Ann chips", 0), ("Bo VP", 0)):
        if live.game.counter_values(live.state)[name] != value:  # no move sets what is so
            live.do(Correct(name, value), HOST)
    outcome = live.outcome()
    assert outcome is not None and outcome.winners == ("Tom", "Bo")
    from companion.views.table_view import _banner

    banner = texts(_banner(outcome))
    assert "Game over — Tom, Bo won" in banner and "Ann" not in banner
    [record] = plays.list_plays(db)
    assert set(record.winners) == {"Tom", "Bo"}
    assert [s.winner for s in record.seats] == [True, False, True]
    assert [s.place for s in record.seats] == [1, 3, 1]


def test_a_plays_options_read_in_words_with_names(db: Database) -> None:
    from types import SimpleNamespace

    from companion.views import plays_view

    hub = Hub(db)
    shell = SimpleNamespace(hub=hub, go=lambda path, **kw: None)
    bot = hub.create_table("born-of-titans", {"placings": False}, ["Ann", "Bo"], "placings")
    sof = hub.create_table("scales-of-fate", {"first_player": 1}, ["Ann", "Bo"], "first")
    for live in (bot, sof):
        hub.abandon(live.id)
    bot_words = texts(plays_view.detail(shell, bot.id))  # type: ignore[arg-type]
    assert "Placings" in bot_words and "False" not in bot_words
    assert ": no" in bot_words
    sof_words = texts(plays_view.detail(shell, sof.id))  # type: ignore[arg-type]
    assert "First player: Bo" in sof_words and "first player: 1" not in sof_words
