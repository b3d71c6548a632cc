"""Backups of the SQLite database, made with SQLite's online backup API (a consistent copy
even while the host is writing), kept in ``<data folder>/backups``.

- ``daily``: at most one per calendar day (UTC) while a host runs; the newest ``KEEP_DAILY``
  are kept.
- ``before-vN``: made before the database is upgraded to schema version N, kept.
- ``before-restore``: the database as it was just before a restore, kept.

``restore`` puts a backup back in place of the database, only while no host is serving it.
Server databases (PostgreSQL) are backed up by their own tools, not here.
"""

from __future__ import annotations

import logging
import os
import re
import sqlite3
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import quote

from .db import DB_FILE_NAME, LOCK_SUFFIX, Database, HostBusy, StorageError, _lock_file

log = logging.getLogger(__name__)

FOLDER = "backups"
KEEP_DAILY = 7
DAILY = "daily"
_NAME = re.compile(r"^fatekeeper-(\d{8}-\d{6})(?:-\d+)?-([a-z0-9-]+)\.db$")


@dataclass(frozen=True)
class Backup:
    name: str
    path: Path
    kind: str
    at: datetime
    size: int

    def describe(self) -> str:
        what = {
            DAILY: "daily",
            "before-restore": "the database just before a restore",
        }.get(self.kind, self.kind.replace("before-v", "before the upgrade to schema version "))
        return f"{self.at:%Y-%m-%d %H:%M} UTC, {what}, {self.size // 1024 + 1} KB"


def backup_dir(data_dir: Path) -> Path:
    return data_dir / FOLDER


def copy_database(source: Path, target: Path) -> None:
    """A consistent copy of the SQLite database ``source`` at ``target`` (written beside it
    first, then renamed, so ``target`` is never half written). Raises ``StorageError``."""
    tmp = target.with_name(target.name + ".part")
    try:
        src = sqlite3.connect(f"file:{quote(str(source.resolve()))}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise StorageError(f"cannot read {source} to back it up ({exc})") from None
    try:
        tmp.unlink(missing_ok=True)
        dst = sqlite3.connect(tmp)
        try:
            src.backup(dst)
            # A backup is one self-contained file: no write-ahead log beside it.
            dst.execute("PRAGMA journal_mode = DELETE")
        finally:
            dst.close()
        os.replace(tmp, target)
    except (sqlite3.Error, OSError) as exc:
        tmp.unlink(missing_ok=True)
        raise StorageError(f"could not write the backup {target} ({exc})") from None
    finally:
        src.close()


def make(db_file: Path, kind: str, *, moment: datetime | None = None) -> Path:
    """Back up ``db_file`` into the ``backups`` folder beside it; returns the new file."""
    folder = backup_dir(db_file.parent)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StorageError(
            f"cannot create the backup folder {folder}: {exc.strerror or exc}"
        ) from None
    stamp = (moment or datetime.now(UTC)).strftime("%Y%m%d-%H%M%S")
    target = folder / f"fatekeeper-{stamp}-{kind}.db"
    n = 1
    while target.exists():
        n += 1
        target = folder / f"fatekeeper-{stamp}-{n}-{kind}.db"
    copy_database(db_file, target)
    log.info("backed up the database to %s", target)
    return target


def list_backups(data_dir: Path) -> list[Backup]:
    """The backups in ``data_dir``, newest first."""
    folder = backup_dir(data_dir)
    if not folder.is_dir():
        return []
    found = []
    for path in folder.iterdir():
        m = _NAME.match(path.name)
        if m is None or not path.is_file():
            continue
        at = datetime.strptime(m.group(1), "%Y%m%d-%H%M%S").replace(tzinfo=UTC)
        found.append(Backup(path.name, path, m.group(2), at, path.stat().st_size))
    return sorted(found, key=lambda b: (b.at, b.name), reverse=True)


def prune(data_dir: Path, kind: str = DAILY, keep: int = KEEP_DAILY) -> list[Path]:
    """Delete all but the newest ``keep`` backups of ``kind``; returns what was deleted."""
    gone = []
    for old in [b for b in list_backups(data_dir) if b.kind == kind][keep:]:
        try:
            old.path.unlink()
            gone.append(old.path)
        except OSError as exc:
            log.warning("could not delete the old backup %s: %s", old.path, exc)
    return gone


def daily(db: Database, *, moment: datetime | None = None) -> Path | None:
    """Today's backup of ``db`` if there is none yet (``None`` when there already is one,
    or ``db`` is not an SQLite file); then only the newest ``KEEP_DAILY`` daily ones stay."""
    if db.path is None or not db.is_sqlite:
        return None
    when = moment or datetime.now(UTC)
    today = when.strftime("%Y%m%d")
    data_dir = db.path.parent
    if any(b.kind == DAILY and b.at.strftime("%Y%m%d") == today for b in list_backups(data_dir)):
        return None
    made = make(db.path, DAILY, moment=when)
    prune(data_dir)
    return made


def keep_daily(db: Database, every_s: float = 3600.0) -> threading.Event:
    """Make the daily backup now and check again every ``every_s`` seconds in a daemon
    thread (a host left running overnight gets the next day's). Set the returned event to
    stop. A failed backup is logged, never fatal."""
    stop = threading.Event()

    def run() -> None:
        while True:
            try:
                daily(db)
            except StorageError as exc:
                log.warning("daily backup failed: %s", exc)
            if stop.wait(every_s):
                return

    threading.Thread(target=run, name="daily-backup", daemon=True).start()
    return stop


def restore(data_dir: Path, name: str) -> Path:
    """Put backup ``name`` back as the database of ``data_dir``. The database as it was is
    backed up first (``before-restore``); returns that copy. Raises ``StorageError`` for an
    unknown backup, an unreadable one, or while a host is serving the database
    (``HostBusy``)."""
    chosen = next((b for b in list_backups(data_dir) if b.name == name), None)
    if chosen is None:
        raise StorageError(
            f"there is no backup called {name!r} in {backup_dir(data_dir)}; "
            f"run 'companion restore' to list them"
        )
    from .db import inspect_sqlite_file

    kind, _version, reason = inspect_sqlite_file(chosen.path)
    if kind != "ours":
        raise StorageError(f"the backup {name} cannot be used: {reason or kind}")
    db_file = data_dir / DB_FILE_NAME
    me = {"pid": os.getpid(), "machine": "", "address": "restore", "since": ""}
    try:
        lock = _lock_file(Path(str(db_file) + LOCK_SUFFIX), me)
    except HostBusy as exc:
        raise HostBusy(f"{exc} Restoring needs the host stopped.") from None
    try:
        saved = make(db_file, "before-restore") if db_file.exists() else db_file
        src = sqlite3.connect(f"file:{quote(str(chosen.path.resolve()))}?mode=ro", uri=True)
        try:
            dst = sqlite3.connect(db_file)
            try:
                # Through SQLite, not a file copy: the live file's write-ahead log is
                # replaced along with it, so nothing of the old state survives.
                src.backup(dst)
            finally:
                dst.close()
        except sqlite3.Error as exc:
            raise StorageError(f"could not restore {name} into {db_file} ({exc})") from None
        finally:
            src.close()
    finally:
        lock.release()
    log.info("restored %s into %s", name, db_file)
    return saved
