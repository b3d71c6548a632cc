"""The rules engine stays lint-clean and type-clean (ruff + mypy strict on rules/), and the
whole project stays lint-clean and in one format (ruff check and ruff format)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(*cmd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_clean_on_rules() -> None:
    pytest.importorskip("ruff")
    # Through the interpreter, so a freshly installed ruff works before any PATH rehash.
    result = _run(sys.executable, "-m", "ruff", "check", "rules")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_clean_and_formatted_everywhere() -> None:
    pytest.importorskip("ruff")
    checked = _run(sys.executable, "-m", "ruff", "check", ".")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    formatted = _run(sys.executable, "-m", "ruff", "format", "--check", ".")
    assert formatted.returncode == 0, formatted.stdout + formatted.stderr


def test_mypy_strict_clean_on_rules() -> None:
    pytest.importorskip("mypy")
    result = _run(sys.executable, "-m", "mypy", "rules")
    assert result.returncode == 0, result.stdout + result.stderr


def test_rules_never_import_ui_or_storage() -> None:
    offenders = []
    for path in (ROOT / "rules").rglob("*.py"):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            stripped = line.strip()
            if stripped.startswith(("import ", "from ")):
                module = stripped.split()[1].split(".")[0]
                if module in {"flet", "sqlmodel", "sqlalchemy", "companion"}:
                    offenders.append(f"{path.relative_to(ROOT)}:{n}: {stripped}")
    assert not offenders, "\n".join(offenders)
