"""``companion``: serve Fatekeeper on the local network (``companion export|import|restore``
are the data commands of ``companion.cli``).

Prints the host link (it carries the host key: open it on the device that runs the table),
its QR code, where the data is kept and any storage notice, then serves the Flet web app
with its engine from the installed ``flet-web`` package (no CDN, works offline).

``FATEKEEPER_EXTRA_GAMES=module:ATTR[,module:ATTR]`` registers extra games (a Game instance
each) before serving; the browser tests use it for their small fixture game.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys
from pathlib import Path
from typing import Any

from rules import registry


def _parser() -> argparse.ArgumentParser:
    from .cli import summary

    p = argparse.ArgumentParser(
        prog="companion",
        description="Serve Fatekeeper on the LAN.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=summary(),
    )
    p.add_argument("--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0)")
    p.add_argument("--port", type=int, default=8550, help="port to listen on (default 8550)")
    p.add_argument("--db", default=None, help="SQLAlchemy database URL (default: SQLite file)")
    p.add_argument("--data-dir", default=None, help="folder for the SQLite database")
    return p


def _register_extra_games(spec: str) -> None:
    for item in filter(None, (s.strip() for s in spec.split(","))):
        module_name, _, attr = item.partition(":")
        game = getattr(importlib.import_module(module_name), attr or "GAME")
        registry.register(game)


def _quiet_logs() -> None:
    # Our own messages, one line each; the frameworks' only as one rate-limited line
    # (see companion.server). Access logs would print URLs, and URLs carry join codes.
    from .server import OneLine, RateLimit, quiet_framework_logs

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(OneLine())
    handler.addFilter(RateLimit(per_minute=60))
    logger = logging.getLogger("companion")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    quiet_framework_logs(sys.stderr)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    from .cli import COMMANDS

    if argv and argv[0] in COMMANDS:
        from .cli import main as command

        # An import replays each table's moves with its game's rules: the data commands
        # know the same games the host serves.
        if extra := os.environ.get("FATEKEEPER_EXTRA_GAMES"):
            _register_extra_games(extra)

        return command(argv)
    args = _parser().parse_args(argv)
    _quiet_logs()
    # flet-web serves the engine itself; without this the page waits for a CDN forever.
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    from . import share
    from .store.db import StorageError, lock_host, open_database

    if extra := os.environ.get("FATEKEEPER_EXTRA_GAMES"):
        _register_extra_games(extra)
    data_dir = Path(args.data_dir).expanduser() if args.data_dir else None
    try:
        db, notices = open_database(args.db, data_dir=data_dir)
    except Exception as exc:
        print(f"companion: cannot open the database: {exc}", file=sys.stderr)
        return 2
    address = args.host if args.host not in ("0.0.0.0", "::", "") else share.lan_address()
    try:
        # One host per database: two would each keep their own copy of a table in memory
        # and refuse each other's changes.
        lock = lock_host(db, host=address, port=args.port)
    except StorageError as exc:
        db.close()
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    try:
        return _serve(args, db, notices, lock, address)
    finally:
        lock.release()
        db.close()


def _serve(args: argparse.Namespace, db: Any, notices: list[str], lock: Any, address: str) -> int:
    from . import share
    from .app import build_main
    from .hub import Hub
    from .server import serve
    from .store import backup
    from .store.db import StorageError
    from .theme import assets_dir

    try:
        hub = Hub(db)
    except StorageError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    backup.keep_daily(db)
    base_url = share.base_url(address, args.port)
    host_url = share.host_url(base_url, hub.host_key)
    print("Fatekeeper is starting.")
    print(f"Host link (keep it to yourself): {host_url}")
    print(share.qr_terminal(host_url))
    print(f"Data: {db.url}")
    for notice in notices:
        print(f"Notice: {notice}")
    if lock.taken_over:
        print(f"Notice: took over the data folder from {lock.taken_over}, which had stopped.")
    if not registry.available():
        print("Notice: no games are installed.")
    sys.stdout.flush()
    serve(build_main(hub, base_url), host=args.host, port=args.port, assets_dir=str(assets_dir()))
    return 0


def _with_system_allocator() -> None:
    """Start again (same process, same arguments) with ``PYTHONMALLOC=malloc`` when
    serving, unless an allocator was chosen: the host then gives the memory of closed
    visits back to the system (``server.give_memory_back``). Python's own small-object
    allocator keeps it: measured after 100 phones joined and left, 8 times over, the host
    stayed 85 MB above where it started with it and came back within 20 MB without it
    (README, "Memory after 100 visits")."""
    if os.environ.get("PYTHONMALLOC") or not sys.platform.startswith("linux"):
        return
    if sys.argv[1:2] and sys.argv[1] in ("export", "import", "restore", "-h", "--help"):
        return  # the data commands run once and exit
    env = {**os.environ, "PYTHONMALLOC": "malloc"}
    os.execve(sys.executable, [sys.executable, "-m", "companion", *sys.argv[1:]], env)


if __name__ == "__main__":
    _with_system_allocator()
    raise SystemExit(main())
