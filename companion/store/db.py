"""Opening the companion's database safely.

By default the data lives in one SQLite file in the user's data folder, in WAL mode with
``synchronous=FULL``: once a transaction commits, the action survives a crash or a pulled
battery. Any SQLAlchemy URL may be used instead (``url=`` or ``$FATEKEEPER_DB``), e.g.
PostgreSQL for a club server.

What is already on disk is never overwritten. A file that is not SQLite, is damaged, or is
SQLite belonging to some other program is moved aside (with its ``-wal``/``-shm``/``-journal``
companions) and a fresh database is started; the caller gets a notice naming both paths. A
database written by a newer Fatekeeper is refused and left untouched.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, Literal
from urllib.parse import quote

from sqlalchemy import Connection, Engine, Table, create_engine, event, inspect, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.pool import NullPool, StaticPool
from sqlmodel import Session, SQLModel

from . import migrations
from .models import Meta

log = logging.getLogger(__name__)

DB_FILE_NAME = "fatekeeper.db"
SQLITE_MAGIC = b"SQLite format 3\x00"
BUSY_TIMEOUT_MS = 10_000
_SIDE_FILES = ("-wal", "-shm", "-journal")
_OUR_TABLES = {"meta", "game_table"}


class StorageError(RuntimeError):
    """The database cannot be opened or written (read-only folder, full disk, busy or
    refused file). The message says what is wrong in plain words."""


class NewerSchema(StorageError):
    """The database was written by a newer version of Fatekeeper; it is left untouched."""


class ForeignDatabase(StorageError):
    """A non-SQLite database URL points at tables that are not Fatekeeper's."""


def default_data_dir() -> Path:
    """``$FATEKEEPER_HOME``, else ``$XDG_DATA_HOME/fatekeeper``, else
    ``~/.local/share/fatekeeper``. The folder is not created here."""
    home = os.environ.get("FATEKEEPER_HOME")
    if home:
        return Path(home).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg:
        return Path(xdg).expanduser() / "fatekeeper"
    return Path.home() / ".local" / "share" / "fatekeeper"


class Database:
    """One engine per process. Use ``session()`` for reads and ``transaction()`` for writes.

    ``transaction()`` serialises writers inside the process (SQLite allows one writer at a
    time anyway) and turns driver failures into ``StorageError`` with a readable message.
    """

    def __init__(self, engine: Engine, url: str, path: Path | None = None) -> None:
        self.engine = engine
        self.url = url
        self.path = path
        """The SQLite file, or ``None`` for in-memory and server databases."""
        self.write_lock = threading.RLock()

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    def session(self) -> Session:
        """A new explicit session; the caller closes it (use it as a context manager)."""
        return Session(self.engine, expire_on_commit=False)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """A session whose work commits when the block ends, or rolls back on any error.

        Raises ``StorageError`` when the database refuses the write (full disk, read-only
        file, busy) and nothing of the block is kept.
        """
        with self.write_lock, self.session() as session:
            try:
                yield session
                session.commit()
            except DBAPIError as exc:
                session.rollback()
                self._reconnect_later()
                raise StorageError(describe_failure(exc, self.where)) from None
            except BaseException:
                session.rollback()
                raise

    @contextmanager
    def write(self) -> Iterator[Connection]:
        """A Core connection in a transaction that commits when the block ends (the fast
        path for the live table's writes). Same guarantees and errors as ``transaction()``."""
        with self.write_lock:
            try:
                with self.engine.begin() as conn:
                    yield conn
            except DBAPIError as exc:
                self._reconnect_later()
                raise StorageError(describe_failure(exc, self.where)) from None

    def _reconnect_later(self) -> None:
        """After a failed write, drop the pooled connections: one opened while the file
        was read-only, or on storage that failed, would stay broken after the fault is
        fixed. The next use opens fresh ones (in-memory databases keep their only one)."""
        if self.path is not None or not self.is_sqlite:
            self.engine.dispose()

    @contextmanager
    def read(self) -> Iterator[Connection]:
        """A Core connection for reading."""
        try:
            with self.engine.connect() as conn:
                yield conn
        except DBAPIError as exc:
            raise StorageError(describe_failure(exc, self.where)) from None

    @property
    def where(self) -> str:
        return str(self.path) if self.path is not None else _safe_url(self.url)

    def close(self) -> None:
        self.engine.dispose()

    def __repr__(self) -> str:
        return f"Database({self.where!r})"


def describe_failure(exc: BaseException, where: str) -> str:
    """A plain sentence for a driver error. Only the driver's own message is used, never the
    statement or its parameters (they may hold tokens)."""
    orig = getattr(exc, "orig", None) or exc
    text = str(orig.args[0]) if getattr(orig, "args", None) else type(orig).__name__
    low = text.lower()
    if "full" in low:
        return f"the disk is full: could not save to {where} ({text})"
    if "readonly" in low or "read-only" in low or "read only" in low:
        return f"the database at {where} is read-only, so nothing can be saved ({text})"
    if "unable to open" in low or "permission" in low:
        return f"cannot open or create the database at {where} ({text})"
    if "locked" in low or "busy" in low:
        return (
            f"the database at {where} is busy: another program (perhaps a second Fatekeeper) "
            f"is using it ({text})"
        )
    if "disk i/o" in low:
        return f"the storage under {where} failed to read or write ({text})"
    return f"the database at {where} failed: {text}"


def open_database(
    url: str | None = None, *, data_dir: Path | None = None
) -> tuple[Database, list[str]]:
    """Open (creating or upgrading as needed) the companion's database.

    ``url`` ``None`` uses ``$FATEKEEPER_DB`` if set, else the SQLite file
    ``<data_dir>/fatekeeper.db`` (``data_dir`` defaults to ``default_data_dir()``).
    Returns the database and notices for the user (e.g. that a damaged file was moved
    aside). Raises ``NewerSchema`` for a database from a newer Fatekeeper,
    ``ForeignDatabase`` for a server database holding other tables, and ``StorageError``
    when the folder or file cannot be created, moved or written.
    """
    notices: list[str] = []
    url = url or os.environ.get("FATEKEEPER_DB") or None
    if url is None:
        folder = data_dir if data_dir is not None else default_data_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StorageError(
                f"cannot create the data folder {folder}: {exc.strerror or exc}"
            ) from None
        url = "sqlite:///" + str(folder / DB_FILE_NAME)

    try:
        parsed = make_url(url)
    except SQLAlchemyError as exc:
        raise StorageError(f"not a usable database address: {exc}") from None
    path: Path | None = None
    memory = False
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database or ""
        memory = database in ("", ":memory:") or parsed.query.get("mode") == "memory"
        if not memory:
            path = Path(database)
            notices.extend(_prepare_sqlite_file(path))

    engine = _make_engine(url, memory=memory)
    db = Database(engine, url, path)
    try:
        _initialise(db)
    except BaseException:
        engine.dispose()
        raise
    return db, notices


# ----- SQLite files ------------------------------------------------------------------------

FileKind = Literal["missing", "empty", "ours", "corrupt", "foreign"]


def inspect_sqlite_file(path: Path) -> tuple[FileKind, int | None, str]:
    """What is at ``path``, read without writing anything: its kind, our schema version
    (for ``"ours"``) and a short reason (for ``"corrupt"``/``"foreign"``).

    Raises ``StorageError`` when the file exists but cannot be read.
    """
    if not path.exists():
        return "missing", None, ""
    if path.is_dir():
        raise StorageError(f"{path} is a folder, not a database file")
    try:
        with path.open("rb") as fh:
            head = fh.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise StorageError(f"cannot read {path}: {exc.strerror or exc}") from None
    if not head:
        return "empty", None, ""
    if head != SQLITE_MAGIC:
        return "corrupt", None, "it is not an SQLite database"
    try:
        conn = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True)
    except sqlite3.OperationalError as exc:
        raise StorageError(f"cannot open {path}: {exc}") from None
    try:
        ok = conn.execute("PRAGMA quick_check(1)").fetchone()
        if ok is None or ok[0] != "ok":
            return "corrupt", None, f"SQLite reports damage ({ok[0] if ok else 'no answer'})"
        names = {
            row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }
        if not names:
            return "empty", None, ""
        if not names >= _OUR_TABLES:
            return "foreign", None, "it holds another program's tables"
        row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        if row is None:
            return "foreign", None, "it has no Fatekeeper schema version"
        try:
            version = int(row[0])
        except (TypeError, ValueError):
            return "corrupt", None, f"its schema version {row[0]!r} is not a number"
        return "ours", version, ""
    except sqlite3.OperationalError as exc:
        message = str(exc)
        if "locked" in message or "busy" in message:
            raise StorageError(describe_failure(exc, str(path))) from None
        return "corrupt", None, f"SQLite cannot read it ({message})"
    except sqlite3.DatabaseError as exc:
        return "corrupt", None, f"SQLite cannot read it ({exc})"
    finally:
        conn.close()


def _prepare_sqlite_file(path: Path) -> list[str]:
    kind, version, reason = inspect_sqlite_file(path)
    if kind == "ours" and version is not None and version > migrations.SCHEMA_VERSION:
        raise NewerSchema(
            f"the database at {path} was written by a newer Fatekeeper (schema version "
            f"{version}; this one knows up to {migrations.SCHEMA_VERSION}). It was left untouched: "
            f"update Fatekeeper, or choose another data folder."
        )
    if kind == "ours" and version is not None and version < migrations.SCHEMA_VERSION:
        # An upgrade cannot be taken back: keep the database as it was first.
        from .backup import make

        kept = make(path, f"before-v{migrations.SCHEMA_VERSION}")
        log.info("kept a copy of %s before upgrading it: %s", path, kept)
        return [
            f"the database was upgraded to schema version {migrations.SCHEMA_VERSION}; "
            f"a copy of it as it was is kept at {kept}"
        ]
    if kind not in ("corrupt", "foreign"):
        return []
    label = "corrupt" if kind == "corrupt" else "foreign"
    aside = move_aside(path, label)
    what = "damaged" if kind == "corrupt" else "not a Fatekeeper database"
    notice = (
        f"the file at {path} was {what} ({reason}); it was kept as {aside} "
        f"and a new database was started at {path}"
    )
    log.warning("%s", notice)
    return [notice]


def move_aside(path: Path, label: str) -> Path:
    """Rename ``path`` and its SQLite side files to ``<path>.<label>-<timestamp>``.

    Returns the new path of the main file. Raises ``StorageError`` (with everything left
    where it was) when the rename is not allowed.
    """
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{label}-{stamp}")
    n = 1
    while any(Path(str(target) + s).exists() for s in ("", *_SIDE_FILES)):
        n += 1
        target = path.with_name(f"{path.name}.{label}-{stamp}-{n}")
    moved: list[tuple[Path, Path]] = []
    try:
        # Side files first, the main file last: if anything fails, the main file is in
        # place and the side files are put back beside it.
        for suffix in (*_SIDE_FILES, ""):
            src = Path(str(path) + suffix)
            if src.exists():
                dst = Path(str(target) + suffix)
                os.replace(src, dst)
                moved.append((src, dst))
    except OSError as exc:
        for src, dst in reversed(moved):
            try:
                os.replace(dst, src)
            except OSError:
                log.error("could not put %s back at %s", dst, src)
        raise StorageError(
            f"the file at {path} cannot be used and could not be moved aside "
            f"({exc.strerror or exc}); it was left as it is"
        ) from None
    return target


# ----- engine and schema -------------------------------------------------------------------


def _make_engine(url: str, *, memory: bool) -> Engine:
    kwargs: dict[str, Any] = {"hide_parameters": True}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": BUSY_TIMEOUT_MS / 1000}
        if memory:
            # One shared connection, or every session would see its own empty database.
            kwargs["poolclass"] = StaticPool
    engine = create_engine(url, **kwargs)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode = WAL")
        # FULL: the WAL is synced on every commit, so an acknowledged action is on disk.
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.execute("PRAGMA foreign_keys = ON")
    finally:
        cursor.close()


def _initialise(db: Database) -> None:
    try:
        with db.write_lock, db.engine.begin() as conn:
            meta_table: Table = Meta.__table__  # type: ignore[attr-defined]
            names = set(inspect(conn).get_table_names())
            if not names:
                SQLModel.metadata.create_all(conn)
                conn.execute(
                    meta_table.insert(),
                    [{"key": "schema_version", "value": str(migrations.SCHEMA_VERSION)}],
                )
                return
            if not names >= _OUR_TABLES:
                raise ForeignDatabase(
                    f"the database at {db.where} holds other tables and no Fatekeeper data; "
                    f"it was left untouched. Point Fatekeeper at an empty database."
                )
            value = conn.execute(
                select(meta_table.c.value).where(meta_table.c.key == "schema_version")
            ).scalar_one_or_none()
            try:
                found = int(value) if value is not None else -1
            except ValueError:
                found = -1
            if found < 1:
                raise ForeignDatabase(
                    f"the database at {db.where} has no readable Fatekeeper schema version; "
                    f"it was left untouched"
                )
            if found > migrations.SCHEMA_VERSION:
                raise NewerSchema(
                    f"the database at {db.where} was written by a newer Fatekeeper (schema "
                    f"version {found}; this one knows up to {migrations.SCHEMA_VERSION}). "
                    f"It was left untouched: update Fatekeeper."
                )
            if found < migrations.SCHEMA_VERSION:
                try:
                    steps = migrations.pending(found)
                except LookupError as exc:
                    raise StorageError(f"cannot upgrade {db.where}: {exc}") from None
                for version, step in steps:
                    log.info("upgrading %s to schema version %d", db.where, version)
                    step(conn)
                conn.execute(
                    meta_table.update()
                    .where(meta_table.c.key == "schema_version")
                    .values(value=str(migrations.SCHEMA_VERSION))
                )
    except DBAPIError as exc:
        raise StorageError(describe_failure(exc, db.where)) from None


def _safe_url(url: str) -> str:
    try:
        return make_url(url).render_as_string(hide_password=True)
    except SQLAlchemyError:
        return "the configured database"


# ----- one host per database ---------------------------------------------------------------

LOCK_SUFFIX = ".lock"
# Two 32-bit keys for PostgreSQL's advisory lock: "FATE" and "HOST" in ASCII.
_PG_LOCK_KEYS = (0x46415445, 0x484F5354)


class HostBusy(StorageError):
    """Another Fatekeeper host already serves this database; the message names it."""


class HostLock:
    """Held while this process serves the database (keep a reference: a lock that is
    garbage collected is released); ``release()`` when it stops. A lock
    whose process died is free again by itself (the operating system or the database
    server drops it with the process), so a crash never leaves the data folder locked."""

    def __init__(self, release: Any = None, taken_over: str | None = None) -> None:
        self._release = release
        self.taken_over = taken_over
        """What the previous holder was, when its process had died without releasing."""

    def release(self) -> None:
        if self._release is not None:
            release, self._release = self._release, None
            release()


def lock_host(db: Database, *, host: str, port: int) -> HostLock:
    """Make this process the one host of ``db``. Raises ``HostBusy`` naming the running
    host (process id, machine, address) when another one holds it.

    SQLite: an exclusive ``flock`` on ``<database file>.lock``, which records who holds it.
    PostgreSQL: a session advisory lock, with the holder named in ``application_name``.
    An in-memory database is private to its process and needs no lock."""
    me = {
        "pid": os.getpid(),
        "machine": socket.gethostname(),
        "address": f"{host}:{port}",
        "since": datetime.now().isoformat(timespec="seconds"),
    }
    if db.path is not None:
        return _lock_file(Path(str(db.path) + LOCK_SUFFIX), me)
    if db.engine.dialect.name == "postgresql":
        return _lock_postgres(db, me)
    return HostLock()


def _describe_holder(info: dict[str, Any]) -> str:
    parts = [f"process {info.get('pid', '?')}"]
    if info.get("machine"):
        parts.append(f"on {info['machine']}")
    if info.get("address"):
        parts.append(f"serving {info['address']}")
    if info.get("since"):
        parts.append(f"since {info['since']}")
    return " ".join(parts)


def _read_holder(fh: Any) -> dict[str, Any]:
    fh.seek(0)
    try:
        info = json.loads(fh.read(4096) or "{}")
    except ValueError:
        return {}
    return info if isinstance(info, dict) else {}


def _lock_file(path: Path, me: dict[str, Any]) -> HostLock:
    try:
        fh = open(path, "a+", encoding="utf-8")  # noqa: SIM115 - held until release()
    except OSError as exc:
        raise StorageError(f"cannot create the lock file {path}: {exc.strerror or exc}") from None
    try:
        _flock(fh)
    except BlockingIOError:
        holder = _read_holder(fh)
        fh.close()
        raise HostBusy(
            f"another Fatekeeper ({_describe_holder(holder)}) is already using the database "
            f"at {path.with_suffix('') if path.suffix == LOCK_SUFFIX else path}. Stop it "
            f"first, or start this one with another data folder (--data-dir)."
        ) from None
    except OSError as exc:
        fh.close()
        raise StorageError(f"cannot lock {path}: {exc.strerror or exc}") from None
    previous = _read_holder(fh)
    taken_over = None
    if previous.get("pid") and previous.get("pid") != me["pid"]:
        # The lock was free, so whoever wrote this is gone: say so and take it over.
        taken_over = _describe_holder(previous)
        log.info("took over the lock of %s, which is no longer running", taken_over)
    fh.seek(0)
    fh.truncate()
    fh.write(json.dumps(me))
    fh.flush()

    def release() -> None:
        try:
            fh.seek(0)
            fh.truncate()
        finally:
            fh.close()  # closing drops the lock

    return HostLock(release, taken_over)


def _flock(fh: Any) -> None:
    """An exclusive, non-blocking lock on the open file ``fh``; ``BlockingIOError`` when
    another process holds it."""
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        try:
            fh.seek(0)
            msvcrt.locking(fh.fileno(), msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            raise BlockingIOError from None
        return
    fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)


def _lock_postgres(db: Database, me: dict[str, Any]) -> HostLock:
    # A connection of its own, outside the pool: the lock lives as long as this session.
    engine = create_engine(db.url, poolclass=NullPool, hide_parameters=True)
    name = f"fatekeeper {me['pid']}@{me['machine']} {me['address']}"[:63]
    try:
        conn = engine.connect()
        conn.execute(text("SELECT set_config('application_name', :n, false)"), {"n": name})
        got = conn.execute(
            text("SELECT pg_try_advisory_lock(:a, :b)"),
            {"a": _PG_LOCK_KEYS[0], "b": _PG_LOCK_KEYS[1]},
        ).scalar_one()
        conn.commit()
        if not got:
            holder = conn.execute(
                text(
                    "SELECT a.application_name, a.client_addr, a.backend_start FROM pg_locks l "
                    "JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' "
                    "AND l.classid = :a AND l.objid = :b AND l.granted"
                ),
                {"a": _PG_LOCK_KEYS[0], "b": _PG_LOCK_KEYS[1]},
            ).first()
            conn.close()
            engine.dispose()
            who = (
                f"{holder.application_name or 'a client'} (connected from "
                f"{holder.client_addr or 'this machine'} since "
                f"{holder.backend_start:%Y-%m-%d %H:%M})"
                if holder is not None
                else "another process"
            )
            raise HostBusy(
                f"another Fatekeeper host is already using the database at {db.where}: {who}. "
                f"Stop it first, or point this one at another database."
            )
    except DBAPIError as exc:
        engine.dispose()
        raise StorageError(describe_failure(exc, db.where)) from None

    def release() -> None:
        try:
            conn.close()  # ends the session, which drops the lock
        finally:
            engine.dispose()

    return HostLock(release)
