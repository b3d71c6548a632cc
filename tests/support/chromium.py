"""How the browser tests and the benchmarks start Debian's Chromium: one place for the path and
the flags that keep it offline and quiet on a machine without a display or network."""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("FATEKEEPER_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
PHONE = {"width": 390, "height": 844}
"""A phone in portrait, the size every screen is designed for."""
