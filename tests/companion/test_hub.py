"""The hub: roster, creating and listing tables, one LiveTable per table, tokens."""

from __future__ import annotations

import logging
import re
import threading

import pytest
from sqlmodel import select

from companion import codes
from companion.hub import Access, Hub
from companion.store import Database, GameTable, Meta, Seat
from companion.table import Actor, Change, LiveTable
from rules.core import MalformedAction
from tests.support.tally import Add

HOST = Actor("host-phone", "Host", None)


def test_roster_add_and_refuse(hub: Hub) -> None:
    ana = hub.add_player("  Ana  ")
    assert ana.name == "Ana"
    hub.add_player("bo")
    assert [p.name for p in hub.players()] == ["Ana", "bo"]
    with pytest.raises(ValueError, match="already a player called 'ANA'"):
        hub.add_player("ANA")
    with pytest.raises(ValueError, match="needs a name"):
        hub.add_player("   ")
    with pytest.raises(ValueError, match="at most"):
        hub.add_player("x" * 41)
    assert len(hub.players()) == 2


def test_create_table_adds_new_names_and_reuses_known_ones(hub: Hub) -> None:
    ana = hub.add_player("Ana")
    table = hub.create_table("tally", {"target": 12, "secret": "fox"}, ["ana", "Bo"], "Friday")
    assert table.title == "Friday" and table.options.target == 12
    assert [s.name for s in table.seats] == ["Ana", "Bo"]  # the roster's spelling
    assert table.seats[0].player_id == ana.id
    assert sorted(p.name for p in hub.players()) == ["Ana", "Bo"]
    assert re.fullmatch(r"[0-9a-f]{32}", table.id)
    assert table.state.secret == "fox" and table.version == 0
    default = hub.create_table("tally", None, ["Ana", "Cy"])
    assert default.title == "Tally: Ana, Cy"


@pytest.mark.parametrize(
    ("game", "options", "seats", "error", "match"),
    [
        ("chess", None, ["A", "B"], ValueError, "unknown game 'chess'"),
        ("tally", None, ["A"], ValueError, "needs 2 players; 1 were given"),
        ("tally", None, ["A", "B", "C"], ValueError, "needs 2 players"),
        ("tally", None, ["A", " a "], ValueError, "repeated"),
        ("tally", None, ["A", ""], ValueError, "needs a name"),
        ("tally", {"target": "ten"}, ["A", "B"], MalformedAction, r"\$options.target"),
        ("tally", {"colour": 1}, ["A", "B"], MalformedAction, "unknown field"),
        ("tally", {"target": 0}, ["A", "B"], ValueError, "target must be at least 1"),
    ],
)
def test_create_table_refuses_bad_input(
    hub: Hub,
    game: str,
    options: dict[str, object] | None,
    seats: list[str],
    error: type[Exception],
    match: str,
) -> None:
    with pytest.raises(error, match=match):
        hub.create_table(game, options, seats)
    assert hub.list_tables() == [] and hub.players() == []


def test_list_tables_newest_activity_first(hub: Hub) -> None:
    first = hub.create_table("tally", None, ["Ana", "Bo"], "First")
    second = hub.create_table("tally", None, ["Cy", "Di"], "Second")
    assert [t.title for t in hub.list_tables()] == ["Second", "First"]
    first.do(Add(0, 1), HOST)
    listed = hub.list_tables()
    assert [t.id for t in listed] == [first.id, second.id]
    top = listed[0]
    assert top.game == "tally" and top.seat_names == ["Ana", "Bo"]
    assert top.status == "active" and top.version == 1 and top.updated_at.tzinfo is not None


def test_open_shares_one_live_table(hub: Hub) -> None:
    table = hub.create_table("tally", None, ["Ana", "Bo"])
    assert hub.open(table.id) is table
    fresh = Hub(hub.db)
    results: list[LiveTable] = []
    threads = [
        threading.Thread(target=lambda: results.append(fresh.open(table.id))) for _ in range(8)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len({id(r) for r in results}) == 1
    with pytest.raises(KeyError):
        hub.open("0" * 32)


def test_host_key_is_renewed_and_never_stored(db: Database) -> None:
    hub = Hub(db)
    assert len(hub.host_key) >= 22
    old = hub.host_key
    new = hub.renew_host_key()
    assert new != old
    assert hub.authorize(old) is None and hub.authorize(new) == Access("host", None, None)
    # Only a digest is stored, so a host started later cannot know the key: it issues its
    # own, and the earlier link stops opening anything.
    later = Hub(db)
    assert later.host_key not in (old, new) and later.authorize(new) is None


def test_only_digests_of_codes_are_stored(hub: Hub) -> None:
    table = hub.create_table("tally", None, ["Ana", "Bo"])
    plain = [hub.host_key, table.join_token, *table.seat_tokens]
    with hub.db.session() as session:
        stored = " ".join(
            str(v)
            for query in (select(Meta.value), select(GameTable.join_token), select(Seat.seat_token))
            for v in session.exec(query).all()
        )
    assert all(code and code not in stored for code in plain)
    assert codes.digest(table.join_token or "") in stored
    # A host started on the same database still admits the devices (digest to digest),
    # but cannot show codes it never saw.
    again = Hub(hub.db).open(table.id)
    assert again.join_token is None and again.seat_tokens == [None, None]
    assert Hub(hub.db).authorize(table.seat_tokens[0] or "", table.id) == Access(
        "seat", table.id, 0
    )


def test_one_code_can_be_renewed(hub: Hub) -> None:
    table = hub.create_table("tally", None, ["Ana", "Bo"])
    join, ana, bo = table.join_token, *table.seat_tokens
    code = hub.renew_code(table.id, 1)
    assert table.seat_tokens[1] == code and hub.authorize(bo or "", table.id) is None
    assert hub.authorize(code, table.id) == Access("seat", table.id, 1)
    assert hub.authorize(ana or "", table.id) == Access("seat", table.id, 0)
    watch = hub.renew_code(table.id, None)
    assert hub.authorize(join or "", table.id) is None
    assert hub.authorize(watch, table.id) == Access("viewer", table.id, None)


def test_authorize_roles(hub: Hub) -> None:
    table = hub.create_table("tally", None, ["Ana", "Bo"])
    other = hub.create_table("tally", None, ["Cy", "Di"])
    assert hub.authorize(hub.host_key) == Access("host", None, None)
    assert hub.authorize(hub.host_key, table.id) == Access("host", None, None)
    assert hub.authorize(table.join_token) == Access("viewer", table.id, None)
    assert hub.authorize(table.join_token, table.id) == Access("viewer", table.id, None)
    assert hub.authorize(table.seat_tokens[1], table.id) == Access("seat", table.id, 1)
    assert hub.authorize(other.seat_tokens[0]) == Access("seat", other.id, 0)
    # A token of one table opens nothing at another.
    assert hub.authorize(table.join_token, other.id) is None
    assert hub.authorize(table.seat_tokens[0], other.id) is None
    for bad in ("", "nope", table.join_token[:-1], table.join_token + "x", "é" * 22, "x" * 500):
        assert hub.authorize(bad) is None
    assert hub.authorize(None) is None  # type: ignore[arg-type]
    tokens = {table.join_token, *table.seat_tokens, other.join_token, *other.seat_tokens}
    assert len(tokens) == 6 and all(len(t) >= 22 for t in tokens)


def test_revoke_tokens(hub: Hub) -> None:
    table = hub.create_table("tally", None, ["Ana", "Bo"])
    old = [table.join_token, *table.seat_tokens]
    heard: list[Change] = []
    table.subscribe(heard.append)
    hub.revoke_tokens(table.id)
    assert heard and heard[-1].kind == "revoked" and heard[-1].version == table.version
    assert all(hub.authorize(t) is None for t in old)
    assert hub.authorize(table.join_token, table.id) == Access("viewer", table.id, None)
    assert hub.authorize(table.seat_tokens[0]) == Access("seat", table.id, 0)
    # The new tokens are stored, not just held in memory.
    assert Hub(hub.db).authorize(table.seat_tokens[1]) == Access("seat", table.id, 1)
    with pytest.raises(KeyError):
        hub.revoke_tokens("missing")


def test_tokens_never_reach_the_log(hub: Hub, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    table = hub.create_table("tally", None, ["Ana", "Bo"])
    tokens = [hub.host_key, table.join_token, *table.seat_tokens]
    table.do(Add(0, 1), HOST)
    hub.authorize("wrong")
    hub.authorize(table.join_token)
    hub.revoke_tokens(table.id)
    tokens += [table.join_token, *table.seat_tokens]
    table.subscribe(lambda c: (_ for _ in ()).throw(RuntimeError("boom")))
    table.do(Add(1, 1), HOST)
    assert caplog.records
    for record in caplog.records:
        message = record.getMessage() + (record.exc_text or "")
        assert not any(t in message for t in tokens)


def test_seat_names_reach_the_rules_so_verdicts_name_real_people(hub: Hub) -> None:
    live = hub.create_table("scales-of-fate", None, ["Ana", "Ben"])
    assert live.state.players == ("Ana", "Ben")
    stored = hub.open(live.id)
    assert stored.options.players == ("Ana", "Ben")


def test_plain_codes_of_an_older_database_are_turned_into_digests(db: Database) -> None:
    """Schemas 1 and 2 kept codes in plain; upgrading keeps every table and every device's
    access, and leaves no code in plain (on SQLite and PostgreSQL alike)."""
    from sqlalchemy import text

    from companion.store.db import _initialise

    hub = Hub(db)
    table = hub.create_table("tally", None, ["Ana", "Bo"])
    table.do(Add(0, 2), HOST)
    join, seats = table.join_token or "", [t or "" for t in table.seat_tokens]
    with db.engine.begin() as conn:  # the table as schema 2 stored it
        conn.execute(text("UPDATE game_table SET join_token = :c"), {"c": join})
        for position, code in enumerate(seats):
            conn.execute(
                text("UPDATE seat SET seat_token = :c WHERE position = :p"),
                {"c": code, "p": position},
            )
        conn.execute(text("DELETE FROM meta WHERE key = 'host_key_hash'"))
        conn.execute(text("INSERT INTO meta (key, value) VALUES ('host_key', 'plain-host-key')"))
        conn.execute(text("UPDATE meta SET value = '2' WHERE key = 'schema_version'"))
    _initialise(db)
    with db.engine.connect() as conn:
        stored = " ".join(
            str(v)
            for q in (
                "SELECT value FROM meta",
                "SELECT join_token FROM game_table",
                "SELECT seat_token FROM seat",
            )
            for v in conn.execute(text(q)).scalars()
        )
    assert not any(code in stored for code in (join, *seats, "plain-host-key"))
    later = Hub(db)
    assert later.open(table.id).state.pile == 2
    assert later.authorize(join, table.id) == Access("viewer", table.id, None)
    assert later.authorize(seats[1], table.id) == Access("seat", table.id, 1)
    assert later.authorize("plain-host-key") is None
