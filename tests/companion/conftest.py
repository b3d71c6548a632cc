"""Fixtures for the companion's storage, table and hub tests (no UI)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.hub import Hub
from companion.store import Database, open_database
from companion.table import Actor
from rules import registry
from tests.support.tally import TALLY

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
    had = "tally" in registry._EXTRA
    registry.register(TALLY)
    yield
    if not had:
        registry._EXTRA.pop("tally", None)


@pytest.fixture
def db(tally_game: None) -> Iterator[Database]:
    database, notices = open_database("sqlite://")
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
