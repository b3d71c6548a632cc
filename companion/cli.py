"""The companion's maintenance commands (``companion export|import|restore``).

    companion export [--table ID] [--bgstats] FILE    write one table or everything
    companion import FILE                             add what the file holds
    companion restore [NAME]                          list the backups, or restore one

Each takes ``--db URL`` / ``--data-dir DIR`` like the server. Exit status 0 on success,
2 with one plain line on standard error when something is refused.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rules.core.words import counted

COMMANDS = ("export", "import", "restore")


def _parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--db", default=None, help="SQLAlchemy database URL (default: SQLite file)")
    common.add_argument("--data-dir", default=None, help="folder of the SQLite database")
    p = argparse.ArgumentParser(prog="companion", description="Fatekeeper's data commands.")
    sub = p.add_subparsers(dest="command", required=True)
    e = sub.add_parser("export", parents=[common], help="write tables and plays to a JSON file")
    e.add_argument("file", help="the file to write")
    e.add_argument("--table", default=None, help="only this table (its id)")
    e.add_argument(
        "--bgstats", action="store_true", help="write the plays in the BG Stats import format"
    )
    i = sub.add_parser("import", parents=[common], help="add the tables and plays of a file")
    i.add_argument("file", help="a file written by companion export")
    r = sub.add_parser("restore", parents=[common], help="list the backups, or restore one")
    r.add_argument("name", nargs="?", default=None, help="the backup to restore (see the list)")
    return p


def summary() -> str:
    """The data commands, one line each with its usage and help, for ``companion --help``."""
    sub = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    helps = {c.dest: c.help or "" for c in sub._choices_actions}
    lines = ["data commands (each has its own --help):"]
    for name, parser in sub.choices.items():
        usage = parser.format_usage().removeprefix("usage: ").split(" [-h]")[0]
        args = " ".join(
            f"[{a.dest.upper()}]" if a.nargs == "?" else a.dest.upper()
            for a in parser._actions
            if not a.option_strings
        )
        lines.append(f"  {usage} {args}".ljust(34) + f"  {helps.get(name, '')}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    from .store.db import StorageError

    try:
        if args.command == "restore":
            return _restore(args)
        return _with_database(args)
    except StorageError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2


def _data_dir(args: argparse.Namespace) -> Path | None:
    return Path(args.data_dir).expanduser() if args.data_dir else None


def _with_database(args: argparse.Namespace) -> int:
    from . import plays, transfer
    from .store.db import open_database

    db, notices = open_database(args.db, data_dir=_data_dir(args))
    for notice in notices:
        print(f"Notice: {notice}", file=sys.stderr)
    try:
        if args.command == "export":
            target = Path(args.file).expanduser()
            try:
                if args.bgstats:
                    records = plays.list_plays(db)
                    if args.table:
                        records = [r for r in records if r.id == args.table]
                    data = transfer.bgstats(records)
                    what = f"{counted(len(data['plays']), 'play')} in the BG Stats format"
                else:
                    data = transfer.export_data(db, args.table)
                    what = (
                        f"{counted(len(data['tables']), 'table')} and "
                        f"{counted(len(data['plays']), 'play')}"
                    )
            except KeyError:
                print(f"companion: there is no table {args.table!r}", file=sys.stderr)
                return 2
            try:
                transfer.write_json(data, target)
            except OSError as exc:
                print(f"companion: cannot write {target}: {exc.strerror or exc}", file=sys.stderr)
                return 2
            print(f"Wrote {what} to {target}.")
            return 0
        try:
            report = transfer.import_file(db, Path(args.file).expanduser())
        except transfer.ImportRefused as exc:
            print(f"companion: cannot import {args.file}: {exc}", file=sys.stderr)
            return 2
        print(report.sentence())
        return 0
    finally:
        db.close()


def _restore(args: argparse.Namespace) -> int:
    from .store import backup
    from .store.db import default_data_dir

    if args.db:
        print(
            "companion: restore works on the SQLite file of a data folder (--data-dir)",
            file=sys.stderr,
        )
        return 2
    folder = _data_dir(args) or default_data_dir()
    found = backup.list_backups(folder)
    if args.name is None:
        if not found:
            print(f"No backups yet in {backup.backup_dir(folder)}.")
            return 0
        print(f"Backups in {backup.backup_dir(folder)} (newest first):")
        for b in found:
            print(f"  {b.name}  {b.describe()}")
        print("Restore one with: companion restore NAME")
        return 0
    saved = backup.restore(folder, args.name)
    print(f"Restored {args.name}. The database as it was is kept as {saved.name}.")
    return 0
