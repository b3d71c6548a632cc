"""A throwaway PostgreSQL server for the storage, table and hub tests.

``cluster()`` starts one with Debian's ``postgresql`` binaries (``initdb`` and ``pg_ctl``
from ``/usr/lib/postgresql/<version>/bin``) in a temporary folder on a free loopback port,
as the ``postgres`` user when the tests run as root (``initdb`` refuses root), and stops
it and removes the folder when the test session ends. Where PostgreSQL or the ``psycopg``
driver is missing the tests that need it are skipped, except under ``CI=true``, where
that is a failure: CI installs both (see ``.ci/run``).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest


@dataclass(frozen=True)
class Cluster:
    port: int
    user: str

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://{self.user}@127.0.0.1:{self.port}/{database}"


def _bin_dir() -> Path | None:
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit() else 0,
    )
    if found:
        return found[-1].parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def unavailable() -> str | None:
    """Why no PostgreSQL can be started here, or ``None``."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "the psycopg driver is not installed (pip install 'psycopg[binary]')"
    if _bin_dir() is None:
        return "PostgreSQL is not installed (apt-get install postgresql)"
    return None


def skip_or_fail(reason: str) -> None:
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"PostgreSQL tests are required in CI: {reason}")
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def cluster() -> Iterator[Cluster]:
    """Start a cluster; yields it; stops it and deletes its files afterwards."""
    bin_dir = _bin_dir()
    assert bin_dir is not None
    as_root = os.geteuid() == 0
    folder = Path(tempfile.mkdtemp(prefix="fk-pg-"))
    data, sockets = folder / "data", folder / "run"
    sockets.mkdir()
    prefix: list[str] = []
    if as_root:
        shutil.chown(folder, "postgres")
        shutil.chown(sockets, "postgres")
        prefix = ["runuser", "-u", "postgres", "--"]
    user = "fatekeeper"
    port = _free_port()
    log = folder / "server.log"

    def run(*args: str) -> None:
        proc = subprocess.run([*prefix, *args], capture_output=True, text=True, cwd=folder)
        if proc.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {proc.stderr[-2000:]}")

    try:
        run(
            str(bin_dir / "initdb"),
            "-D",
            str(data),
            "-U",
            user,
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--no-sync",
            "--no-instructions",
        )
        options = (
            f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=60"
        )
        if as_root:
            log.touch()
            shutil.chown(log, "postgres")
        run(
            str(bin_dir / "pg_ctl"),
            "-D",
            str(data),
            "-o",
            options,
            "-l",
            str(log),
            "-w",
            "-t",
            "60",
            "start",
        )
        yield Cluster(port, user)
    finally:
        if (data / "postmaster.pid").exists():
            subprocess.run(
                [*prefix, str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
                capture_output=True,
                cwd=folder,
            )
        shutil.rmtree(folder, ignore_errors=True)


def fresh_database(c: Cluster, name: str) -> str:
    """An empty database called ``name`` (dropped first if it exists); returns its URL."""
    import psycopg

    with psycopg.connect(
        host="127.0.0.1", port=c.port, user=c.user, dbname="postgres", autocommit=True
    ) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
    return c.url(name)
