"""``companion --help`` names every data command a newcomer can run, with its arguments."""

from __future__ import annotations

import subprocess
import sys

from companion.cli import COMMANDS


def test_companion_help_lists_export_import_and_restore() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "companion", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    assert "--port" in out  # the serving options are still there
    for command in COMMANDS:
        line = next((ln for ln in out.splitlines() if f"companion {command} " in ln), "")
        assert line, f"'companion {command}' is missing from --help"
    assert "companion export FILE" in out
    assert "companion import FILE" in out
    assert "companion restore [NAME]" in out
