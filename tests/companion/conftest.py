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

registry.register(TALLY)

HOST = Actor(device="host-phone", name="Host", seats=None)


@pytest.fixture(autouse=True)
def _no_env_db(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests choose their own database; a developer's settings must not leak in."""
    monkeypatch.delenv("FATEKEEPER_DB", raising=False)
    monkeypatch.delenv("FATEKEEPER_HOME", raising=False)


@pytest.fixture
def db() -> Iterator[Database]:
    database, notices = open_database("sqlite://")
    assert notices == []
    yield database
    database.close()


@pytest.fixture
def file_db(tmp_path: Path) -> Iterator[Database]:
    database, _ = open_database(data_dir=tmp_path)
    yield database
    database.close()


@pytest.fixture
def hub(db: Database) -> Hub:
    return Hub(db)
