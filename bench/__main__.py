"""``python -m bench [--quick] [--json PATH] [--no-browser]``: print the benchmark table.

Each figure is the median over repeated runs; the JSON file holds every run's numbers.
"""

from __future__ import annotations

import argparse
import platform
import shlex
import sys
import time
import traceback
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from .big_data import import_figures, open_figures, undo_race_figures
from .data import data_figures
from .fates_and_favors import enumeration_figures
from .figures import FULL, QUICK, Sizes, commit_latency, host_memory, resume_time, rules_speed
from .odds_speed import odds_speed
from .report import Figure, table, write_json
from .takeback import takeback_figures

DEFAULT_JSON = Path(__file__).resolve().parent / "results" / "latest.json"


def _guard(
    name: str, measure: Callable[[], list[Figure] | Figure], *, tries: int = 1
) -> list[Figure]:
    """Run one measurement (up to ``tries`` times while it fails); a measurement that
    still fails becomes a row saying so instead of ending the run."""
    for attempt in range(1, tries + 1):
        try:
            result = measure()
        except Exception as exc:
            traceback.print_exc(file=sys.stderr)
            if attempt < tries:
                print(f"{name}: measuring again after {type(exc).__name__}", file=sys.stderr)
                continue
            return [Figure(name, "", None, error=f"{type(exc).__name__}: {exc}")]
        return result if isinstance(result, list) else [result]
    raise AssertionError("unreachable")


def run(sizes: Sizes, browser: bool, quick: bool) -> list[Figure]:
    figures: list[Figure] = []
    figures += _guard("commit latency", lambda: commit_latency(sizes))
    figures += _guard("resume", lambda: resume_time(sizes))
    figures += _guard("rules speed", lambda: rules_speed(sizes))
    figures += _guard("odds speed", lambda: odds_speed(sizes))
    figures += _guard("undo and history", lambda: takeback_figures(sizes))
    figures += _guard("fates-and-favors outcomes", lambda: enumeration_figures(sizes))
    if browser:
        from .browser import browser_figures
        from .browser_fanout import browser_fanout_figures

        # A browser run can fail for reasons of its own (a page that never loads on a
        # busy machine): it is measured again once before its row says it failed.
        figures += _guard("browser", lambda: browser_figures(quick), tries=2)
        figures += _guard("browser fan-out", lambda: browser_fanout_figures(quick), tries=2)
    from .fanout import fanout_figures

    figures += _guard("fan-out", lambda: fanout_figures(quick))
    from .flood import flood_figures
    from .visits import memory_figures

    figures += _guard("flood", lambda: flood_figures(quick))
    figures += _guard("memory after visits", lambda: memory_figures(quick))
    figures += _guard("host memory", lambda: host_memory(sizes))
    figures += _guard("data", lambda: data_figures(sizes, quick))
    figures += _guard("big import", lambda: import_figures(quick))
    figures += _guard("opening a long table", lambda: open_figures(quick))
    figures += _guard("undo race", lambda: undo_race_figures(quick))
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="tiny counts: proves it runs")
    parser.add_argument("--json", type=Path, default=DEFAULT_JSON, help="where to write JSON")
    parser.add_argument("--no-browser", action="store_true", help="skip the Chromium figures")
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else FULL
    started = time.perf_counter()
    figures = run(sizes, browser=not args.no_browser, quick=args.quick)
    print(table(figures))
    rerun = ["python", "-m", "bench", *(argv if argv is not None else sys.argv[1:])]
    write_json(
        args.json,
        figures,
        {
            "when": datetime.now(UTC).isoformat(timespec="seconds"),
            "quick": args.quick,
            "seconds": round(time.perf_counter() - started, 1),
            "python": platform.python_version(),
            "machine": platform.platform(),
            "rerun": shlex.join(rerun),
        },
    )
    print(f"\nresults: {args.json}")
    print(f"rerun:   {shlex.join(rerun)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
