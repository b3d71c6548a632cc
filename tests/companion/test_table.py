"""The live table: do/undo/redo, the event log, broadcasts after commit, versions, seats,
snapshots and damaged logs."""

from __future__ import annotations

import contextlib
import json
import random
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlmodel import col, select

from companion.hub import Hub
from companion.store import Database, Event, Snapshot, open_database
from companion.table import Actor, Change, LiveTable, NotYourSeat, StaleVersion
from rules.core import Correct, IllegalAction
from tests.support.tally import TALLY, Add, TallyOptions

HOST = Actor("host-phone", "Host", None)
ANA = Actor("ana-phone", "Ana", frozenset({0}))
BO = Actor("bo-phone", "Bo", frozenset({1}))
LONG = {"target": 10**6}


def new_table(hub: Hub, options: dict[str, Any] | None = None) -> LiveTable:
    return hub.create_table("tally", options, ["Ana", "Bo"])


def reopen(db: Database, table_id: str, **kwargs: Any) -> LiveTable:
    """The table as a fresh process would load it from the same database."""
    return LiveTable.load(db, table_id, **kwargs)


def active_actions(db: Database, table_id: str, head: int) -> list[Any]:
    with db.session() as session:
        rows = session.exec(
            select(Event)
            .where(Event.table_id == table_id, Event.seq > 0, Event.seq <= head)
            .order_by(col(Event.seq))
        ).all()
    return [TALLY.decode_action(json.loads(r.action_json)) for r in rows]


# ----- doing ---------------------------------------------------------------------------------


def test_do_records_event_and_history(hub: Hub) -> None:
    table = new_table(hub)
    change = table.do(Add(0, 2), ANA)
    assert change == Change(table.id, 1, "do", "Ana: Seat 0 adds 2.")
    table.do(Correct("pile", 5, "box says 5"), HOST)
    assert table.state.pile == 5 and table.version == 2 and table.head == 2
    lines = table.history()
    assert [(h.seq, h.text, h.who, h.correction) for h in lines] == [
        (1, "Seat 0 adds 2.", "Ana", False),
        (2, "Correction to match the box: Pile set to 5 (was 2). Note: box says 5", "Host", True),
    ]
    assert lines[0].at.tzinfo is not None and lines[0].at <= lines[1].at
    assert lines[0].device == "ana-phone" and lines[0].seat == 0


def test_illegal_action_changes_nothing(hub: Hub) -> None:
    table = new_table(hub)
    with pytest.raises(IllegalAction) as info:
        table.do(Add(1, 1), HOST)
    assert info.value.verdict.rules == ("tally.turn",)
    with pytest.raises(IllegalAction):
        table.do(Correct("pile", 11), HOST)
    assert table.version == 0 and table.history() == [] and not table.can_undo
    assert reopen(hub.db, table.id).version == 0


def test_core_correction_same_value_is_not_a_move(hub: Hub) -> None:
    """core.correction.same: setting a counter to what it already shows is refused with
    a reason; nothing is logged, the history and Undo stay as they were, nobody hears."""
    table = new_table(hub)
    table.do(Add(0, 2), ANA)
    heard: list[Change] = []
    table.subscribe(heard.append)
    with pytest.raises(IllegalAction) as info:
        table.do(Correct("pile", 2, "box says 2"), HOST)
    verdict = info.value.verdict
    assert verdict.rules == ("core.correction.same",)
    assert verdict.reason == "pile is already 2: nothing to correct."
    assert table.version == 1 and table.head == 1 and heard == []
    assert [h.text for h in table.history()] == ["Seat 0 adds 2."]
    assert len(active_actions(hub.db, table.id, 10)) == 1
    assert reopen(hub.db, table.id).version == 1
    # A real change still goes through.
    table.do(Correct("pile", 3), HOST)
    assert table.head == 2 and heard


def test_check_has_no_side_effects(hub: Hub) -> None:
    table = new_table(hub)
    assert table.check(Add(0, 3)).legal
    assert not table.check(Add(0, 4)).legal
    assert table.version == 0 and table.state.pile == 0


def test_stale_version_is_refused(hub: Hub) -> None:
    table = new_table(hub)
    table.do(Add(0, 1), HOST, expected_version=0)
    with pytest.raises(StaleVersion, match="version 1"):
        table.do(Add(1, 1), HOST, expected_version=0)
    assert table.version == 1 and table.state.pile == 1
    table.do(Add(1, 1), HOST, expected_version=1)
    assert table.version == 2


def test_seat_permission(hub: Hub) -> None:
    table = new_table(hub)
    # the refusal names the players, never zero-based seat numbers
    with pytest.raises(NotYourSeat, match=r"^Bo may act only for Bo, not for Ana$"):
        table.do(Add(0, 1), BO)
    assert table.version == 0
    table.do(Add(0, 1), ANA)
    table.do(Add(1, 1), HOST)  # the host may act for any seat
    table.do(Correct("pile", 0), BO)  # corrections name no seat
    assert table.version == 3


def test_state_for_redacts_other_seats_secrets(hub: Hub) -> None:
    table = new_table(hub)
    assert table.state_for(0).secret == "owl"
    assert table.state_for(1).secret == "" and table.state_for(None).secret == ""
    assert table.state.secret == "owl"


# ----- undo / redo -----------------------------------------------------------------------------


def test_undo_redo_and_new_action_clears_redo(hub: Hub) -> None:
    table = new_table(hub)
    for amount in (1, 2, 3):
        table.do(Add(table.state.turn, amount), HOST)
    assert table.state.pile == 6 and not table.can_redo
    change = table.undo(ANA)
    assert change.kind == "undo" and change.version == 4 and "Seat 0 adds 3." in change.line
    assert table.state.pile == 3 and table.can_redo and table.head == 2
    table.undo(BO)  # event 2 was seat 1's move
    assert table.state.pile == 1
    assert table.redo(BO).kind == "redo"
    assert table.state.pile == 3 and table.can_redo and table.version == 6
    assert [h.seq for h in table.history()] == [1, 2]
    table.do(Add(table.state.turn, 1), HOST)
    assert not table.can_redo and table.state.pile == 4
    with pytest.raises(LookupError):
        table.redo(HOST)
    with hub.db.session() as session:
        seqs = session.exec(select(Event.seq).where(Event.table_id == table.id)).all()
    assert sorted(seqs) == [1, 2, 3]  # the undone event 3 was replaced, not kept
    for _ in range(3):
        table.undo(HOST)
    with pytest.raises(LookupError):
        table.undo(HOST)
    assert table.state == TALLY.setup(TallyOptions()) and not table.can_undo


def test_undo_and_redo_survive_reopening(hub: Hub) -> None:
    table = new_table(hub)
    table.do(Add(0, 1), HOST)
    table.do(Add(1, 2), HOST)
    table.undo(HOST)
    again = reopen(hub.db, table.id)
    assert again.state == table.state and again.can_redo and again.version == 3
    again.redo(HOST)
    assert again.state.pile == 3


def test_outcome_finishes_the_table_and_undo_reopens_it(hub: Hub) -> None:
    table = new_table(hub)
    for amount in (3, 3, 3, 1):
        table.do(Add(table.state.turn, amount), HOST)
    assert table.status == "finished" and table.outcome() is not None
    assert hub.list_tables()[0].status == "finished"
    with pytest.raises(IllegalAction) as info:
        table.do(Add(table.state.turn, 1), HOST)
    assert "core.finished" in info.value.verdict.rules
    table.undo(HOST)
    assert table.status == "active" and hub.list_tables()[0].status == "active"
    table.redo(HOST)
    assert table.status == "finished"


def test_random_play_replays_to_the_live_state(hub: Hub) -> None:
    rng = random.Random(7)
    hub.snapshot_every = 7
    table = new_table(hub, {"target": 400})
    assert table.history() == []  # from here on the history is kept in memory
    for _ in range(300):
        roll = rng.random()
        if roll < 0.15 and table.can_undo:
            table.undo(HOST)
        elif roll < 0.25 and table.can_redo:
            table.redo(HOST)
        elif roll < 0.3:
            table.do(Correct("pile", rng.randrange(0, 400)), HOST)
        else:
            with contextlib.suppress(IllegalAction):
                table.do(rng.choice(TALLY.sample_actions(table.state, rng)), HOST)
    options = TALLY.decode_options({"target": 400})
    assert TALLY.replay(options, active_actions(hub.db, table.id, table.head)) == table.state
    again = reopen(hub.db, table.id, snapshot_every=7)
    assert again.state == table.state and again.version == table.version
    assert again.can_redo == table.can_redo and again.load_problem is None
    assert [h.seq for h in again.history()] == list(range(1, table.head + 1))
    assert again.history() == table.history()


# ----- broadcasting ----------------------------------------------------------------------------


def test_subscribers_hear_after_commit_and_failures_are_contained(
    hub: Hub, caplog: pytest.LogCaptureFixture
) -> None:
    table = new_table(hub)
    seen: list[tuple[str, int, int]] = []

    def reads_database(change: Change) -> None:
        # A subscriber on its own session must already find the event in the database.
        with hub.db.session() as session:
            count = len(session.exec(select(Event).where(Event.table_id == table.id)).all())
        seen.append((change.kind, change.version, count))

    def broken(change: Change) -> None:
        raise RuntimeError("screen went away")

    later: list[int] = []
    table.subscribe(broken)
    table.subscribe(reads_database)
    stop = table.subscribe(lambda c: later.append(c.version))
    table.do(Add(0, 1), HOST)
    table.undo(HOST)
    stop()
    table.redo(HOST)
    assert seen == [("do", 1, 1), ("undo", 2, 1), ("redo", 3, 1)]
    assert later == [1, 2]
    assert table.version == 3 and table.state.pile == 1
    assert "screen went away" in caplog.text


def test_failed_save_tells_nobody(file_db: Database) -> None:
    hub = Hub(file_db)
    table = new_table(hub)
    heard: list[Change] = []
    table.subscribe(heard.append)
    table.do(Add(0, 1), HOST)
    file_db.engine.dispose()
    from sqlalchemy import event

    event.listen(file_db.engine, "connect", lambda c, _r: c.execute("PRAGMA query_only = ON"))
    from companion.store import StorageError

    with pytest.raises(StorageError):
        table.do(Add(1, 1), HOST)
    with pytest.raises(StorageError):
        table.undo(HOST)
    assert [c.version for c in heard] == [1]
    assert table.version == 1 and table.state.pile == 1 and table.can_undo


def test_concurrent_devices_never_diverge(tmp_path: Path, tally_game: None) -> None:
    db, _ = open_database(data_dir=tmp_path)
    hub = Hub(db)
    table = new_table(hub, LONG)
    done: list[int] = []
    heard: list[int] = []
    table.subscribe(lambda c: heard.append(c.version))

    def device(n: int) -> None:
        actor = Actor(f"phone-{n}", f"P{n}", None)
        for _ in range(15):
            while True:
                version = table.version
                action = Add(table.state.turn, 1 + n % 3)
                try:
                    change = table.do(action, actor, expected_version=version)
                except (StaleVersion, IllegalAction):
                    continue
                done.append(change.version)
                break

    threads = [threading.Thread(target=device, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(done) == list(range(1, 61)) and table.version == 60
    assert heard == list(range(1, 61))  # delivered once each, in commit order
    options = TALLY.decode_options(LONG)
    assert TALLY.replay(options, active_actions(db, table.id, 60)) == table.state
    db.close()


def test_second_process_writing_the_same_table_is_refused(file_db: Database) -> None:
    table = new_table(Hub(file_db))
    other_db, _ = open_database(f"sqlite:///{file_db.path}")
    other = Hub(other_db).open(table.id)
    other.do(Add(0, 1), HOST)
    with pytest.raises(StaleVersion, match="another program"):
        table.do(Add(0, 2), HOST)
    assert table.version == 0
    assert reopen(file_db, table.id).state.pile == 1
    other_db.close()


# ----- snapshots and resuming ------------------------------------------------------------------


def snapshot_seqs(db: Database, table_id: str) -> list[int]:
    with db.session() as session:
        return sorted(session.exec(select(Snapshot.seq).where(Snapshot.table_id == table_id)).all())


def test_snapshots_every_n_events_and_resume_from_latest(hub: Hub) -> None:
    hub.snapshot_every = 10
    table = new_table(hub, LONG)
    for _ in range(35):
        table.do(Add(table.state.turn, 2), HOST)
    assert snapshot_seqs(hub.db, table.id) == [0, 10, 20, 30]
    again = reopen(hub.db, table.id, snapshot_every=10)
    assert again.loaded_from_seq == 30 and again.state == table.state
    for _ in range(6):
        table.undo(HOST)  # back to 29: the snapshot at 30 no longer describes the head
    assert table.state.pile == 58 and snapshot_seqs(hub.db, table.id) == [0, 10, 20]
    table.redo(HOST)
    assert snapshot_seqs(hub.db, table.id) == [0, 10, 20, 30]
    again = reopen(hub.db, table.id, snapshot_every=10)
    assert again.loaded_from_seq == 30 and again.state == table.state and again.can_redo


def test_long_game_opens_from_snapshot(hub: Hub) -> None:
    table = new_table(hub, LONG)
    for _ in range(250):
        table.do(Add(table.state.turn, 1), HOST)
    again = reopen(hub.db, table.id)
    assert again.loaded_from_seq == 200 and again.state.pile == 250


def test_damaged_snapshot_falls_back_to_an_older_one(hub: Hub) -> None:
    hub.snapshot_every = 5
    table = new_table(hub, LONG)
    for _ in range(12):
        table.do(Add(table.state.turn, 1), HOST)
    with hub.db.transaction() as session:
        session.execute(text("UPDATE snapshot SET state_json = '{\"pile\": ' WHERE seq = 10"))
    again = reopen(hub.db, table.id)
    assert again.loaded_from_seq == 5 and again.state == table.state
    assert again.load_problem is None


def test_damaged_event_opens_at_last_good_event_and_is_kept(hub: Hub) -> None:
    table = new_table(hub, LONG)
    for _ in range(6):
        table.do(Add(table.state.turn, 1), HOST)
    with hub.db.transaction() as session:
        session.execute(text('UPDATE event SET action_json = \'{"type": "fly"}\' WHERE seq = 4'))
    again = reopen(hub.db, table.id)
    assert again.load_problem is not None and "event 4" in again.load_problem
    assert again.head == 3 and again.state.pile == 3 and not again.can_redo
    assert again.history()[-1].seq == 3
    with hub.db.session() as session:
        assert len(session.exec(select(Event).where(Event.table_id == table.id)).all()) == 6
    # Playing on keeps the unreadable events aside instead of deleting them.
    again.do(Add(again.state.turn, 2), HOST)
    assert again.load_problem is None and again.state.pile == 5
    with hub.db.session() as session:
        rows = session.exec(select(Event).where(Event.table_id == table.id)).all()
    assert len(rows) == 7
    assert sorted(r.seq for r in rows if r.seq > 0) == [1, 2, 3, 4]
    assert {r.action_json for r in rows if r.seq < 0} >= {'{"type": "fly"}'}
    final = reopen(hub.db, table.id)
    assert final.state == again.state and final.load_problem is None


def test_missing_event_is_reported(hub: Hub) -> None:
    table = new_table(hub, LONG)
    for _ in range(4):
        table.do(Add(table.state.turn, 1), HOST)
    with hub.db.transaction() as session:
        session.execute(text("DELETE FROM event WHERE seq = 3"))
    again = reopen(hub.db, table.id)
    assert again.head == 2 and again.load_problem is not None
    assert "event 3 is missing" in again.load_problem


def test_redo_is_checked_again(hub: Hub, monkeypatch: pytest.MonkeyPatch) -> None:
    table = new_table(hub)
    table.do(Add(0, 3), HOST)
    table.undo(HOST)
    # Rules that changed between undo and redo (e.g. after an update) are enforced.
    stricter = replace(TallyOptions(), target=2)
    monkeypatch.setattr(table, "_state", TALLY.setup(stricter))
    with pytest.raises(IllegalAction):
        table.redo(HOST)
    assert table.can_redo and table.version == 2


def test_seats_on_own_phone_come_from_moves_made_with_a_seat_code(hub: Hub) -> None:
    table = new_table(hub)
    assert table.seats_on_own_phone() == frozenset()
    table.do(Add(0, 1), HOST)  # Ana's move made on the shared phone
    assert table.seats_on_own_phone() == frozenset()
    table.do(Add(1, 1), BO)  # Bo's move made on his own phone
    assert table.seats_on_own_phone() == frozenset({1})
    # Read back from the database by a fresh process, the answer is the same.
    assert reopen(hub.db, table.id).seats_on_own_phone() == frozenset({1})
    table.undo(HOST)
    assert table.seats_on_own_phone() == frozenset()


def test_the_shared_phone_is_a_device_not_a_name(hub: Hub) -> None:
    """A player called "Host" acting from her own phone is on her own phone; the host's
    device acting for her seat is not, whatever the names say."""
    table = hub.create_table("tally", None, ["Host", "Bo"])
    her_phone = Actor("her-phone", "Host", frozenset({0}))
    table.do(Add(0, 1), HOST)  # the shared phone, for her seat
    assert table.seats_on_own_phone() == frozenset()
    table.do(Add(1, 1), HOST)
    assert table.seats_on_own_phone() == frozenset()
    table.do(Add(0, 1), her_phone)
    assert table.seats_on_own_phone() == frozenset({0})
    assert reopen(hub.db, table.id).seats_on_own_phone() == frozenset({0})
    # A seatless move (a correction) from her phone counts as well: she plays from it.
    other = hub.create_table("tally", None, ["Host", "Bo"])
    other.do(Correct(counter="pile", value=2), her_phone)
    assert other.seats_on_own_phone() == frozenset({0})


def test_moves_stored_before_the_acting_seat_was_kept_fall_back_to_their_name(hub: Hub) -> None:
    """Events from before schema version 4 have no ``by_seat``: one recorded under its
    seat's player name still keeps that seat's secrets on its phone."""
    table = new_table(hub)
    table.do(Add(0, 1), HOST)
    table.do(Add(1, 1), BO)
    with hub.db.transaction() as session:
        session.execute(text(f"UPDATE event SET by_seat = NULL WHERE table_id = '{table.id}'"))
    assert reopen(hub.db, table.id).seats_on_own_phone() == frozenset({1})


def test_a_seat_code_acted_with_is_never_shown_again_until_a_new_one_is_made(hub: Hub) -> None:
    from companion.disclosure import Disclosure

    table = new_table(hub)
    host, seat, watcher = (
        Disclosure(table, "host"),
        Disclosure(table, "seat", 1),
        Disclosure(table, "viewer"),
    )
    first = table.seat_tokens[1]
    assert first is not None and host.seat_code(1) == first
    assert seat.seat_code(1) is None and watcher.seat_code(1) is None
    assert watcher.watch_code() is None and host.watch_code() == table.join_token
    table.do(Add(0, 1), HOST)  # the shared phone playing changes nothing
    assert host.seat_code(1) == first
    table.do(Add(1, 1), BO)
    assert host.seat_code(1) is None and host.seat_code(0) == table.seat_tokens[0]
    table.undo(BO)  # taken back, the code is still in Bo's hands
    assert host.seat_code(1) is None
    new = hub.renew_code(table.id, 1)
    assert new != first and host.seat_code(1) == new
    assert hub.authorize(first, table.id) is None
    # Bo's move from his phone is taken back, so the shared phone may hold his secrets
    # again; with it in effect, it may not (whatever the new code did).
    assert host.may_reveal(1)
    table.do(Add(1, 1), BO)
    assert not host.may_reveal(1) and host.may_reveal(0)
    assert not seat.may_reveal(0) and not watcher.may_reveal(0)
