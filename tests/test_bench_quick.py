"""``python -m bench --quick`` runs every figure with tiny counts and writes its table and
JSON. This proves the benchmarks work; it asserts their shape, never their speed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = [sys.executable, *(["-S"] if sys.flags.no_site else [])]


def test_quick_bench_prints_the_table_and_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "quick.json"
    proc = subprocess.run(
        [*PYTHON, "-m", "bench", "--quick", "--json", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = proc.stdout.splitlines()
    assert lines[0].split() == ["figure", "target", "measured", "result"]
    assert lines[-1] == f"rerun:   python -m bench --quick --json {out}"

    data = json.loads(out.read_text())
    assert data["quick"] is True and data["rerun"].startswith("python -m bench")
    figures = {f["name"]: f for f in data["figures"]}
    for f in figures.values():
        assert set(f) >= {"name", "unit", "measured", "target", "verdict", "details", "error"}
        assert f["verdict"] in {"pass", "miss", "info", "n/a"}
        assert f["name"] in proc.stdout
        if f["error"]:
            assert f["measured"] is None and f["verdict"] == "n/a"
        else:
            assert isinstance(f["measured"], (int, float)) and f["measured"] >= 0

    def measured(prefix: str) -> list[dict[str, object]]:
        found = [f for name, f in figures.items() if name.startswith(prefix)]
        assert found, f"no figure {prefix!r} in {sorted(figures)}"
        assert all(not f["error"] for f in found), found
        return found

    (p95,) = [f for f in measured("commit latency") if "p95" in str(f["name"])]
    assert p95["target"] == 10.0 and len(p95["details"]["runs_p95_ms"]) == 2  # type: ignore[index]
    measured("resume a")
    checks = measured("check p")
    games = {str(f["name"]).split("[")[1].rstrip("]") for f in checks}
    from rules import registry

    assert games == {s for s in registry.available() if s in registry.SLUGS}
    measured("peak RSS")
    for prefix in ("export everything", "import everything", "stats, every", "one backup"):
        measured(prefix)
    measured("host CPU per change per phone, bare Flet")
    measured("host CPU per change per phone [")
    measured("open a table screen, app / bare")
    (lost,) = measured("4 phones on one table: changes lost")
    assert lost["measured"] == 0 and lost["target"] == 0
    imports = measured("import a ")
    assert any(f["unit"] == "MB" and f["target"] == 300.0 for f in imports), imports
    assert len(measured("open a 2000-move table")) == 2
    assert len(measured("another table's tap meanwhile")) == 2
    (race,) = measured("undo race")
    assert race["measured"] == 1 and race["target"] == 1
    browser_rows = [
        f for name, f in figures.items() if "cold start" in name or name.startswith("browser")
    ]
    if Path("/usr/bin/chromium").exists() or shutil.which("chromium"):
        ratios = measured("cold start, app / bare") + measured("tap to second device, app / bare")
        ratios += measured("browser: tap -> last of 1 phones, app / bare [")
        same_size = measured("browser: tap -> last of 1 phones, app / bare page of the same size")
        # The yardstick page is as big as the game's screen (a table screen is hundreds of
        # controls, never a handful).
        sizes = [int(str(f["name"]).split("(")[1].split()[0]) for f in same_size]
        assert sizes and all(size > 100 for size in sizes), sizes
        ratios += same_size
        assert all(f["unit"] == "x" for f in ratios)
        drawing = measured("browser: CPU per tap, renderers + GPU process [")
        assert all(f["measured"] > 0 for f in drawing), drawing  # type: ignore[operator]
    else:
        assert browser_rows and all(f["error"] for f in browser_rows)
