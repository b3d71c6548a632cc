"""Fixtures for the companion's storage, table and hub tests (no UI)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.hub import Hub
from companion.store import Database, open_database
from companion.table import Actor
from tests.support import postgres
from tests.support.tally import tally_registered

HOST = Actor(device="host-phone", name="Host", seats=None)


@pytest.fixture(autouse=True)
def _no_env_db(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests choose their own database; a developer's settings must not leak in."""
    monkeypatch.delenv("FATEKEEPER_DB", raising=False)
    monkeypatch.delenv("FATEKEEPER_HOME", raising=False)


@pytest.fixture
def tally_game() -> Iterator[None]:
    """The fixture game ``tally`` in the registry for the length of one test (other tests in
    this folder see only the real games)."""
    with tally_registered():
        yield


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[postgres.Cluster | None]:
    """One throwaway PostgreSQL server for the whole run (``None`` where there is none)."""
    if postgres.unavailable() is not None:
        yield None
        return
    with postgres.cluster() as cluster:
        yield cluster


_numbers = itertools.count()


@pytest.fixture
def pg_url(pg_cluster: postgres.Cluster | None) -> str:
    """The URL of an empty PostgreSQL database for one test; skipped without PostgreSQL
    (required under CI=true)."""
    reason = postgres.unavailable()
    if pg_cluster is None or reason is not None:
        postgres.skip_or_fail(reason or "no PostgreSQL server could be started")
    assert pg_cluster is not None
    return postgres.fresh_database(pg_cluster, f"t{next(_numbers)}")


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tally_game: None) -> Iterator[Database]:
    """The database of a storage, table or hub test: every such test runs twice, on
    in-memory SQLite and on PostgreSQL."""
    url = "sqlite://" if request.param == "sqlite" else request.getfixturevalue("pg_url")
    database, notices = open_database(url)
    assert notices == []
    yield database
    database.close()


@pytest.fixture
def file_db(tmp_path: Path, tally_game: None) -> Iterator[Database]:
    database, _ = open_database(data_dir=tmp_path)
    yield database
    database.close()


@pytest.fixture
def hub(db: Database) -> Hub:
    return Hub(db)
