"""``companion``: serve Fatekeeper on the local network.

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

from rules import registry


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="companion", description="Serve Fatekeeper on the LAN.")
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
    # Our own messages only. Access logs would print URLs, and URLs carry join codes.
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    for name in ("companion",):
        logger = logging.getLogger(name)
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
    logging.getLogger("uvicorn.access").disabled = True


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    _quiet_logs()
    # flet-web serves the engine itself; without this the page waits for a CDN forever.
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    import flet as ft

    from . import share
    from .app import build_main
    from .hub import Hub
    from .store.db import open_database
    from .theme import assets_dir

    if extra := os.environ.get("FATEKEEPER_EXTRA_GAMES"):
        _register_extra_games(extra)
    data_dir = Path(args.data_dir).expanduser() if args.data_dir else None
    try:
        db, notices = open_database(args.db, data_dir=data_dir)
    except Exception as exc:
        print(f"companion: cannot open the database: {exc}", file=sys.stderr)
        return 2
    hub = Hub(db)
    address = args.host if args.host not in ("0.0.0.0", "::", "") else share.lan_address()
    base_url = share.base_url(address, args.port)
    host_url = share.host_url(base_url, hub.host_key)
    print("Fatekeeper is starting.")
    print(f"Host link (keep it to yourself): {host_url}")
    print(share.qr_terminal(host_url))
    print(f"Data: {db.url}")
    for notice in notices:
        print(f"Notice: {notice}")
    if not registry.available():
        print("Notice: no games are installed.")
    sys.stdout.flush()
    ft.run(
        build_main(hub, base_url),
        name="",
        host=args.host,
        port=args.port,
        view=ft.AppView.WEB_BROWSER,
        assets_dir=str(assets_dir()),
        no_cdn=True,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
