"""Without a valid token nothing about any table is learned; a revoked token stops
working at once; tokens are long, random and never logged; a seat's secrets never reach
another seat's session."""

from __future__ import annotations

import dataclasses
import logging
import math
import secrets
import string
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from companion.hub import Hub
from companion.store import open_database
from companion.table import Actor, Change
from companion.views import denied
from rules import registry
from rules.core import to_jsonable
from tests.conformance.harness import get_game
from tests.support.tally import Add

HOST = Actor("host", "Host", None)
SECRET_TITLE = "Midnight Séance at Zorblax"
SECRET_PLAYERS = ["Quillon", "Yvaine"]


@pytest.fixture
def hub(tmp_path: Path) -> Iterator[Hub]:
    db, _ = open_database(f"sqlite:///{tmp_path / 'fatekeeper.db'}")
    yield Hub(db)
    db.close()


def _wrong_tokens(real: list[str]) -> list[Any]:
    wrong: list[Any] = ["", " ", "null", "host", "0" * 22, "x" * 5000, None, 12345, b"abc"]
    wrong += [secrets.token_urlsafe(16) for _ in range(20)]
    for token in real:
        wrong += [
            token[:-1],
            token + "A",
            token.upper() if token.upper() != token else token.lower(),
            " " + token,
            token[1:] + token[0],
            token[:-1] + ("A" if token[-1] != "A" else "B"),
        ]
    return wrong


def test_without_a_valid_token_nothing_is_granted(hub: Hub) -> None:
    a = hub.create_table("tally", None, SECRET_PLAYERS, SECRET_TITLE)
    b = hub.create_table("tally", None, ["Ana", "Bo"], "Other")
    real = [hub.host_key, a.join_token, *a.seat_tokens, b.join_token, *b.seat_tokens]
    for token in _wrong_tokens(real):
        assert token in real or hub.authorize(token) is None, token
        for table_id in (a.id, b.id, None, "no-such-table"):
            assert token in real or hub.authorize(token, table_id) is None
    # A token of one table opens nothing at another.
    assert hub.authorize(a.join_token, b.id) is None
    assert hub.authorize(a.seat_tokens[0], b.id) is None
    assert hub.authorize(a.join_token, a.id) is not None


def _texts(control: Any, seen: set[int] | None = None) -> Iterator[str]:
    """Every string reachable from a Flet control tree (values of its properties)."""
    seen = seen if seen is not None else set()
    if id(control) in seen:
        return
    seen.add(id(control))
    if isinstance(control, str):
        yield control
    elif isinstance(control, (list, tuple)):
        for item in control:
            yield from _texts(item, seen)
    elif isinstance(control, dict):
        for item in control.values():
            yield from _texts(item, seen)
    elif isinstance(control, ft.BaseControl) and dataclasses.is_dataclass(control):
        for f in dataclasses.fields(control):
            if not f.name.startswith("_"):
                yield from _texts(getattr(control, f.name, None), seen)


def test_refusal_page_names_no_table_and_no_player(hub: Hub) -> None:
    hub.create_table("tally", None, SECRET_PLAYERS, SECRET_TITLE)
    for page in (denied.view(), denied.view("That table does not exist on this host.")):
        texts = " ".join(_texts(page))
        assert "Ask the host" in texts  # the walk does reach the page's words
        for secret in [SECRET_TITLE, *SECRET_PLAYERS, "Zorblax", "Quillon"]:
            assert secret not in texts


def test_revoked_tokens_stop_working_at_once(hub: Hub) -> None:
    table = hub.create_table("tally", None, ["Ana", "Bo"], "revoked")
    told: list[Change] = []
    table.subscribe(told.append)
    old = [table.join_token, *table.seat_tokens]
    assert all(hub.authorize(t, table.id) is not None for t in old)
    hub.revoke_tokens(table.id)
    assert all(hub.authorize(t) is None for t in old)
    assert all(hub.authorize(t, table.id) is None for t in old)
    new = [table.join_token, *table.seat_tokens]
    assert not set(new) & set(old)
    assert hub.authorize(new[0], table.id) is not None
    assert hub.authorize(new[1], table.id).seat == 0  # type: ignore[union-attr]
    assert [c.kind for c in told] == ["revoked"]
    # A second hub on the same database (a restarted host) agrees.
    again = Hub(hub.db)
    assert all(again.authorize(t) is None for t in old)


def test_tokens_are_long_and_random(hub: Hub) -> None:
    tables = [hub.create_table("tally", None, ["Ana", "Bo"], f"t{i}") for i in range(40)]
    tokens = [hub.host_key] + [t for tb in tables for t in (tb.join_token, *tb.seat_tokens)]
    assert len(set(tokens)) == len(tokens)
    alphabet = set(string.ascii_letters + string.digits + "-_")
    for token in tokens:
        assert set(token) <= alphabet, "tokens must be URL-safe"
        assert len(token) * math.log2(len(alphabet)) >= 128, f"{len(token)} characters is short"
    counts = Counter("".join(tokens))
    total = sum(counts.values())
    entropy = -sum(c / total * math.log2(c / total) for c in counts.values())
    assert entropy > 5.7, f"characters spread too unevenly for random tokens ({entropy:.2f})"
    # No two tokens share a long common prefix (they are not counters or timestamps).
    prefixes = Counter(t[:6] for t in tokens)
    assert prefixes.most_common(1)[0][1] <= 2


def test_tokens_never_reach_the_log(hub: Hub, caplog: pytest.LogCaptureFixture) -> None:
    # Everything of ours at DEBUG; the database driver at INFO, i.e. with every statement
    # (what ``echo=True`` shows). Its DEBUG level prints result rows and is never enabled.
    caplog.set_level(logging.DEBUG)
    levels = {
        "companion": logging.DEBUG,
        "rules": logging.DEBUG,
        "flet": logging.DEBUG,
        "sqlalchemy": logging.INFO,
        "sqlalchemy.engine": logging.INFO,
    }
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)
    try:
        table = hub.create_table("tally", None, ["Ana", "Bo"], "logged")
        tokens = [hub.host_key, table.join_token, *table.seat_tokens]
        for token in [*tokens, "not-a-token"]:
            hub.authorize(token)
            hub.authorize(token, table.id)
        table.do(Add(0, 1), HOST)
        table.undo(HOST)
        table.redo(HOST)
        hub.revoke_tokens(table.id)
        tokens += [table.join_token, *table.seat_tokens]
        hub.authorize(table.join_token, table.id)
        tokens.append(hub.renew_host_key())
        again = Hub(hub.db)
        again.open(table.id)
        again.list_tables()
        for t in tokens:
            again.authorize(t)
    finally:
        for name in levels:
            logging.getLogger(name).setLevel(logging.NOTSET)
    assert caplog.records, "nothing was logged; the check would prove nothing"
    logged = caplog.text + "".join(repr(r.args) for r in caplog.records)
    for token in tokens:
        assert token not in logged


@pytest.mark.skipif(
    "scales-of-fate" not in registry.available(), reason="Scales of Fate is not in this build"
)
def test_scales_secret_demigods_reach_only_their_seat(hub: Hub) -> None:
    """Play Scales of Fate until the demigods are dealt; each seat's view (what its session
    receives) holds its own demigods and none of the other seat's."""
    import random

    game = get_game("scales-of-fate")
    table = hub.create_table("scales-of-fate", None, ["Ana", "Bo"], "secrets")
    rng = random.Random(7)
    checked = 0
    for _ in range(400):
        state = table.state
        if game.outcome(state) is not None:
            break
        if state.phase != "over" and all(state.hands):
            for seat in (0, 1):
                view = table.state_for(seat)
                other = 1 - seat
                assert view.hands[seat] == state.hands[seat]
                assert view.hands[other] == ()
                sent = str(to_jsonable(view))
                assert str(to_jsonable(view.hands[seat])) in sent
                assert table.state_for(None).hands == ((), ())
                assert view.notes[other] == {}
            checked += 1
        legal = game.legal_actions(state)
        if not legal:
            break
        table.do(rng.choice(legal), HOST)
    assert checked > 0, "the demigods were never dealt; nothing was checked"
