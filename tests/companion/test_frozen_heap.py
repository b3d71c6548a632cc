"""What the host holds from its start is set aside from the cycle collector's passes
(``companion.server.freeze_what_stays``), while everything made afterwards is still
collected as before. Run in a fresh interpreter: freezing is for the whole process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = r"""
import gc, json, sys
from companion.server import freeze_what_stays
before = len(gc.get_objects())
freeze_what_stays()
frozen = gc.get_freeze_count()
left = len(gc.get_objects())
loaded = sorted(m for m in sys.modules if m.startswith("companion.panels."))

import weakref

class Node:
    def __init__(self):
        self.me = self  # a cycle: only the collector frees it

gc.disable()  # no automatic pass: the one below must find them
refs = [weakref.ref(Node()) for _ in range(1000)]
alive_before = sum(r() is not None for r in refs)
gc.collect()
collected = alive_before - sum(r() is not None for r in refs)
print(json.dumps({"before": before, "frozen": frozen, "left": left,
                  "loaded": loaded, "collected": collected}))
"""


def test_the_start_up_load_is_frozen_and_later_garbage_is_still_collected() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    probe = json.loads(out.strip().splitlines()[-1])
    # Every game's screen modules were loaded before the freeze, as a first table would.
    for game in ("scales_of_fate", "grimheim", "born_of_titans", "winds_of_fate"):
        assert f"companion.panels.{game}" in probe["loaded"], probe["loaded"]
    assert "companion.panels.fates_and_favors.picture" in probe["loaded"]
    # The load is frozen: a full pass no longer walks it (tens of thousands of objects;
    # the serving host adds its web stack's).
    assert probe["frozen"] > probe["before"] > 10_000, probe
    assert probe["left"] < 1000, probe
    # Garbage made after the freeze is found as before: 1,000 cycles, all freed.
    assert probe["collected"] == 1000, probe
