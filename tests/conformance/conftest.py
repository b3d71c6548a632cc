"""Every conformance test sees the tally fixture game beside the real ones."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.tally import tally_registered


@pytest.fixture(autouse=True, scope="module")
def _tally_in_registry() -> Iterator[None]:
    with tally_registered():
        yield
