"""Undo and redo are versioned like every action, follow who-may-take-back-what, and are kept
in the history (the ``takeback`` table), durable and never replayed."""

from __future__ import annotations

import dataclasses
import threading
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import col, select

from companion.hub import Hub
from companion.store import Database, StorageError, Takeback, migrations, open_database
from companion.store.db import DB_FILE_NAME
from companion.table import Actor, AlreadyTakenBack, LiveTable, NotYourMove, StaleVersion
from rules.core import Correct
from tests.companion.test_store import write_v1
from tests.support.tally import TALLY, Add, TallyState

HOST = Actor("host-phone", "Host", None)
ANA = Actor("ana-phone", "Ana", frozenset({0}))
BO = Actor("bo-phone", "Bo", frozenset({1}))

pytestmark = pytest.mark.usefixtures("tally_game")


def new_table(hub: Hub, moves: int = 0) -> LiveTable:
    table = hub.create_table("tally", {"target": 10**6}, ["Ana", "Bo"])
    for n in range(moves):
        table.do(Add(table.state.turn, 1 + n % 3), HOST)
    return table


def stored(db: Database, table_id: str) -> list[Takeback]:
    with db.session() as session:
        return list(
            session.exec(
                select(Takeback)
                .where(Takeback.table_id == table_id)
                .order_by(col(Takeback.version))
            ).all()
        )


# ----- versions ----------------------------------------------------------------------------


def test_stale_undo_and_redo_are_refused_and_change_nothing(hub: Hub) -> None:
    table = new_table(hub, 3)
    seen = table.version
    table.do(Add(table.state.turn, 1), HOST)  # another device moves on
    with pytest.raises(StaleVersion, match="version 4"):
        table.undo(HOST, seen)
    assert table.head == 4 and table.version == 4 and stored(hub.db, table.id) == []
    table.undo(HOST, table.version)
    with pytest.raises(StaleVersion):
        table.redo(HOST, table.version - 1)
    assert table.head == 3 and table.can_redo
    table.redo(HOST, table.version)
    assert table.head == 4


@pytest.mark.parametrize("phones", [2, 4])
def test_phones_pressing_undo_at_once_take_back_exactly_one_move(hub: Hub, phones: int) -> None:
    """Each phone saw the same version and presses Undo in its own thread, released at the
    same instant: one move goes, the others are refused as stale."""
    table = new_table(hub, 6)
    seen, pile = table.version, table.state.pile
    barrier = threading.Barrier(phones)
    results: list[Any] = []
    lock = threading.Lock()

    def press(n: int) -> None:
        actor = Actor(f"phone-{n}", "Host", None)
        barrier.wait()
        try:
            outcome: Any = table.undo(actor, seen)
        except StaleVersion as exc:
            outcome = exc
        with lock:
            results.append(outcome)

    threads = [threading.Thread(target=press, args=(n,)) for n in range(phones)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    done = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, StaleVersion)]
    assert len(done) == 1 and len(refused) == phones - 1
    assert table.head == 5 and table.version == seen + 1
    assert table.state.pile == pile - 3  # the sixth move (Add 3) is the one taken back
    records = stored(hub.db, table.id)
    assert [(r.kind, r.first_seq, r.last_seq, r.version) for r in records] == [
        ("undo", 6, 6, seen + 1)
    ]
    again = LiveTable.load(hub.db, table.id)
    assert again.head == 5 and again.state == table.state and again.can_redo


def test_one_version_cannot_hold_two_takebacks(hub: Hub) -> None:
    """The store itself refuses a second record for one version (the unique key), so even
    a second process racing on the same database cannot record two."""
    table = new_table(hub, 2)
    table.undo(HOST)
    with pytest.raises(StorageError), hub.db.transaction() as session:
        session.add(
            Takeback(
                table_id=table.id,
                version=table.version,
                kind="undo",
                first_seq=1,
                last_seq=1,
                head_after=0,
                line="twice",
            )
        )
    assert len(stored(hub.db, table.id)) == 1


# ----- who may take back what --------------------------------------------------------------


def test_a_seat_takes_back_only_its_own_last_move(hub: Hub) -> None:
    table = new_table(hub)
    table.do(Add(0, 2), ANA)
    table.do(Add(1, 1), BO)
    with pytest.raises(NotYourMove) as info:
        table.undo(ANA, table.version)
    assert "Bo's" in str(info.value) and "Seat 1 adds 1." in str(info.value)
    assert table.head == 2 and not table.may_undo(ANA) and table.may_undo(BO)
    change = table.undo(BO, table.version)
    assert change.line == "Bo took back: Seat 1 adds 1."
    # Ana's move is now the last one, but she may not redo Bo's move.
    with pytest.raises(NotYourMove, match="put back only their own"):
        table.redo(ANA, table.version)
    table.undo(ANA, table.version)
    assert table.head == 0 and table.state.pile == 0
    # The host entered a move for seat 0: it is still seat 0's move.
    table.do(Add(0, 3), HOST)
    assert table.may_undo(ANA) and not table.may_undo(BO)


def test_the_move_offered_for_undo_or_redo_is_the_one_taken_back_or_put_back(hub: Hub) -> None:
    """What Undo and Redo name in their confirmations (``undo_offer``, ``redo_offer``): the
    move a plain undo or redo would act on, refused as the undo or redo itself would be,
    and nothing changes by asking."""
    table = new_table(hub)
    with pytest.raises(LookupError):
        table.undo_offer(ANA)
    table.do(Add(0, 2), ANA)
    table.do(Add(1, 1), BO)
    version = table.version
    with pytest.raises(NotYourMove) as asked:
        table.undo_offer(ANA)
    with pytest.raises(NotYourMove) as done:
        table.undo(ANA)
    assert str(asked.value) == str(done.value)
    offered = table.undo_offer(BO)
    assert (offered.who, offered.text) == ("Bo", "Seat 1 adds 1.")
    assert table.undo_offer(HOST).ref == offered.ref
    assert table.version == version and table.head == 2
    with pytest.raises(LookupError):
        table.redo_offer(HOST)
    table.undo(BO, move=offered.ref)
    with pytest.raises(NotYourMove, match="put back only their own"):
        table.redo_offer(ANA)
    following = table.redo_offer(BO)
    assert following.ref == offered.ref and table.redo_offer(HOST).ref == offered.ref
    table.redo(BO, move=following.ref)
    assert table.head == 2 and table.state.pile == 3


def test_a_seats_own_correction_is_its_own_after_a_reload(hub: Hub) -> None:
    table = new_table(hub)
    table.do(Correct("pile", 4, ""), ANA)
    reloaded = Actor("ana-new-tab", "Ana", frozenset({0}))  # a new device id, same seat
    assert table.may_undo(reloaded) and not table.may_undo(BO)
    with pytest.raises(NotYourMove):
        table.undo(BO)
    table.undo(reloaded)
    assert table.state.pile == 0


def test_the_host_takes_back_anything(hub: Hub) -> None:
    table = new_table(hub)
    table.do(Add(0, 2), ANA)
    table.do(Correct("pile", 7, ""), BO)
    assert table.may_undo(HOST)
    table.undo(HOST, table.version)
    assert table.state.pile == 2


# ----- undo to here ------------------------------------------------------------------------


def test_host_undo_to_here_takes_back_every_later_move_at_once(hub: Hub) -> None:
    table = new_table(hub, 5)
    seen = table.version
    change = table.undo(HOST, seen, to_seq=1)
    assert change.version == seen + 1 and table.head == 1 and table.state.pile == 1
    assert change.line.startswith("Host took back 4 moves, back to event 1: Seat 1 adds 2.")
    assert "and 1 more" in change.line
    # Everything taken back can be put back, one move at a time, in order.
    for expected in (2, 3, 4, 5):
        table.redo(HOST, table.version)
        assert table.head == expected
    assert table.state.pile == sum(1 + n % 3 for n in range(5))
    table.undo(HOST, table.version, to_seq=0)
    assert (
        table.head == 0
        and table.state.pile == 0
        and "back to the start" in (table.takebacks()[-1].line)
    )


def test_undo_to_here_is_for_the_host_and_for_real_points_only(hub: Hub) -> None:
    table = new_table(hub, 3)
    with pytest.raises(NotYourMove, match="only the host"):
        table.undo(BO, table.version, to_seq=1)
    for bad in (3, 7, -1, True, "1"):
        with pytest.raises(LookupError):
            table.undo(HOST, table.version, to_seq=bad)  # type: ignore[arg-type]
    assert table.head == 3 and stored(hub.db, table.id) == []


# ----- the history -------------------------------------------------------------------------


def test_undo_and_redo_are_in_the_history_durably_and_never_replayed(hub: Hub) -> None:
    table = new_table(hub, 3)
    table.undo(ANA, table.version)  # event 3 was seat 0's move
    table.redo(ANA, table.version)
    table.undo(HOST, table.version, to_seq=1)
    table.do(Add(1, 1), BO)  # replaces the undone events 2 and 3
    lines = [(t.kind, t.who, t.line) for t in table.takebacks()]
    assert lines == [
        ("undo", "Ana", "Ana took back: Seat 0 adds 3."),
        ("redo", "Ana", "Ana put back: Seat 0 adds 3."),
        ("undo", "Host", "Host took back 2 moves, back to event 1: Seat 1 adds 2. Seat 0 adds 3."),
    ]
    again = LiveTable.load(hub.db, table.id)
    assert [(t.kind, t.who, t.line) for t in again.takebacks()] == lines
    assert again.state == table.state and again.head == 2 and again.version == table.version
    entries = [(e.kind, e.who, e.text) for c in again.timeline() for e in c.entries]
    # In the order it happened (events 2 and 3 were replaced; their undo and redo stay).
    assert entries == [
        ("event", "Host", "Seat 0 adds 1."),
        ("undo", "Ana", lines[0][2]),
        ("redo", "Ana", lines[1][2]),
        ("undo", "Host", lines[2][2]),
        ("event", "Bo", "Seat 1 adds 1."),
    ]
    assert all(t.at.tzinfo is not None for t in again.takebacks())


def test_the_timeline_groups_events_by_the_games_chapters(
    hub: Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(TALLY, "chapter", lambda s: f"Round {s.pile // 4 + 1}", raising=False)
    table = new_table(hub)
    for amount in (3, 1, 2, 3, 1):  # piles before: 0 3 4 6 9 -> rounds 1 1 2 2 3
        table.do(Add(table.state.turn, amount), HOST)
    table.undo(HOST, table.version)
    chapters = table.timeline()
    assert [c.title for c in chapters] == ["Round 1", "Round 2"]
    assert [[(e.kind, e.seq) for e in c.entries] for c in chapters] == [
        [("event", 1), ("event", 2)],
        [("event", 3), ("event", 4), ("undo", 4)],
    ]
    assert chapters[1].entries[-1].text == "Host took back: Seat 0 adds 1."


def test_corrections_read_as_words_even_when_stored_as_data(tmp_path: Path) -> None:
    """A v1 database (written by raw SQL) opens at the new schema: undo is recorded, and a
    correction stored by older versions as a dict reads as words."""
    write_v1(tmp_path / DB_FILE_NAME)
    db, _ = open_database(data_dir=tmp_path)
    try:
        with db.write() as conn:
            conn.exec_driver_sql(
                "INSERT INTO event (table_id, seq, action_json, seat, who, device, at, "
                "correction, undone, line) VALUES ('t1', 3, "
                '\'{"type": "correct", "counter": "pile", "value": 6}\', NULL, '
                "'Host', 'h', '2025-01-02 10:03:00', 1, 0, "
                "'Correction: {''type'': ''correct'', ''counter'': ''pile'', ''value'': 6}')"
            )
            conn.exec_driver_sql("UPDATE game_table SET head_seq = 3, version = 3")
        table = Hub(db).open("t1")
        assert table.state.pile == 6
        assert table.history()[-1].text == "Correction to match the box: Pile set to 6."
        table.undo(HOST, 3)
        assert [t.line for t in table.takebacks()] == [
            "Host took back: Correction to match the box: Pile set to 6."
        ]
        assert isinstance(table.state, TallyState) and table.state.pile == 5
    finally:
        db.close()


def test_the_upgrade_to_schema_4_works_on_every_database(db: Database) -> None:
    """The step from version 3 (no ``takeback`` table, no ``event.chapter``/``by_seat``)
    run on a database put back into that shape, on SQLite and on PostgreSQL."""
    hub = Hub(db)
    table = new_table(hub, 2)
    with db.write() as conn:
        conn.exec_driver_sql("DROP TABLE takeback")
        conn.exec_driver_sql("ALTER TABLE event DROP COLUMN chapter")
        conn.exec_driver_sql("ALTER TABLE event DROP COLUMN by_seat")
    with db.write() as conn:
        migrations.MIGRATIONS[4](conn)
    with db.write() as conn:
        migrations.MIGRATIONS[4](conn)  # a rerun changes nothing and does not fail
    again = LiveTable.load(db, table.id)
    assert [h.chapter for h in again.history()] == ["", ""]
    again.undo(HOST, again.version)
    assert [t.line for t in LiveTable.load(db, table.id).takebacks()] == [
        "Host took back: Seat 1 adds 2."
    ]


# ----- naming the move ----------------------------------------------------------------------


def test_an_undo_naming_a_move_taken_back_already_takes_back_nothing(hub: Hub) -> None:
    """Four screens showed move 3; each Undo names it. The first takes it back; the others
    are told it already was, however late they land (the version they carry is no help:
    their screens were redrawn at once)."""
    table = new_table(hub, 3)
    shown = table.last_move()
    assert shown is not None and shown.seq == 3 and shown.event_id is not None
    table.undo(HOST, move=shown.ref)
    for actor in (HOST, ANA, HOST):
        with pytest.raises(AlreadyTakenBack, match="already taken back"):
            table.undo(actor, move=shown.ref)
    assert table.head == 2 and len(stored(hub.db, table.id)) == 1


def test_a_new_move_with_the_same_number_is_not_the_named_one(hub: Hub) -> None:
    """After an undo and a new move, event 3 is another move: an Undo still naming the old
    event 3 takes back nothing, even in a database that reuses the highest row id."""
    table = new_table(hub, 3)
    old = table.last_move()
    assert old is not None
    table.undo(HOST, move=old.ref)
    table.do(Add(table.state.turn, 2), HOST)
    new = table.last_move()
    assert new is not None and new.seq == old.seq and new.event_id != old.event_id
    with pytest.raises(AlreadyTakenBack, match="already taken back"):
        table.undo(HOST, move=old.ref)
    reopened = LiveTable.load(hub.db, table.id)
    assert reopened.last_move() == dataclasses.replace(new, at=reopened.last_move().at)  # type: ignore[union-attr]
    table.undo(HOST, move=new.ref)
    assert table.head == 2


def test_an_undo_naming_an_earlier_move_says_more_came_after(hub: Hub) -> None:
    table = new_table(hub, 2)
    shown = table.last_move()
    assert shown is not None
    table.do(Add(table.state.turn, 1), HOST)
    with pytest.raises(AlreadyTakenBack, match="1 more move came after"):
        table.undo(HOST, move=shown.ref)
    with pytest.raises(AlreadyTakenBack, match="1 more move came after"):
        table.undo(HOST, to_seq=0, move=shown.ref)  # "undo to here" names its move too
    assert table.head == 3


def test_a_redo_naming_a_move_put_back_already_puts_back_nothing(hub: Hub) -> None:
    table = new_table(hub, 3)
    table.undo(HOST)
    following = table.next_move()
    assert following is not None and following.seq == 3
    table.redo(HOST, move=following.ref)
    with pytest.raises(AlreadyTakenBack, match="already put back"):
        table.redo(HOST, move=following.ref)
    table.undo(HOST)
    table.do(Add(table.state.turn, 1), HOST)  # replaces what could have been put back
    with pytest.raises(AlreadyTakenBack, match="can no longer be put back"):
        table.redo(HOST, move=following.ref)
    assert table.head == 3 and not table.can_redo
