"""Shared fixtures of the fault tests: the tally game, a file database, mounts."""

from __future__ import annotations

import hashlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.tally import tally_registered


@pytest.fixture(autouse=True, scope="module")
def _tally_in_registry() -> Iterator[None]:
    with tally_registered():
        yield


@pytest.fixture(autouse=True)
def _no_env_db(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests choose their own database; a developer's settings must not leak in."""
    monkeypatch.delenv("FATEKEEPER_DB", raising=False)
    monkeypatch.delenv("FATEKEEPER_HOME", raising=False)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def tmpfs(tmp_path: Path) -> Iterator[callable]:  # type: ignore[valid-type]
    """``mount(size, ro=False)`` mounts a small tmpfs under ``tmp_path`` (root only; the
    test is skipped where mounting is not permitted) and unmounts it afterwards."""
    mounted: list[Path] = []

    def mount(size: str, name: str = "disk") -> Path:
        where = tmp_path / name
        where.mkdir()
        if os.geteuid() != 0:
            pytest.skip("mounting a small file system needs root")
        proc = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(where)],
            capture_output=True,
        )
        if proc.returncode != 0:
            pytest.skip(f"mounting a tmpfs is not permitted here: {proc.stderr.decode()[:200]}")
        mounted.append(where)
        return where

    yield mount
    for where in reversed(mounted):
        subprocess.run(["umount", "-l", str(where)], capture_output=True)


def remount(where: Path, options: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{options}", str(where)], check=True)
