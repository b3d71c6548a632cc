"""Take one phone screenshot per game, mid-game: the pictures kept in ``docs/screens``.

    python3 tests/e2e/screens.py docs/screens after [--width 320 --text 200 --look light]

writes ``<game>-<width>-<text>-<look>-<tag>.png`` for each of the five games: a table played
a fixed series of random legal moves (the same seed as the layout test), opened on a phone
of that width and height 844 px with Settings' text size and theme stored on the device,
its game tab scrolled to the top. The script is run as a file, so the same script can
photograph another checkout of the app (its ``PYTHONPATH`` decides which app is served).
"""

from __future__ import annotations

import argparse
import random
import tempfile
from pathlib import Path
from typing import Any

GAMES = {
    "fates-and-favors": ("panel-game", 40),
    "winds-of-fate": ("panel-game", 40),
    "grimheim": ("grim-phase", 30),
    "born-of-titans": ("panel-game", 40),
    "scales-of-fate": ("sof-turn", 25),
}
"""Game slug → (the control its screen waits for, random legal moves made before)."""

HEIGHT = 844


def _tables(data_dir: Path) -> dict[str, str]:
    from companion.hub import Hub
    from companion.store import open_database
    from tests.support.random_play import new_table, play

    db, _ = open_database(data_dir=data_dir)
    hub = Hub(db)
    tables: dict[str, str] = {}
    for slug, (_, moves) in GAMES.items():
        rng = random.Random(7)
        live = new_table(hub, slug, rng, players=4 if slug != "scales-of-fate" else 2)
        play(live, rng, max_moves=moves)
        tables[slug] = live.id
    db.close()
    return tables


def take(out: Path, tag: str, width: int, text: int, look: str) -> list[Path]:
    """Photograph every game of ``GAMES``; return the files written."""
    from playwright.sync_api import sync_playwright

    from tests.e2e.conftest import open_app, start_server
    from tests.support.chromium import ARGS, CHROMIUM

    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        tables = _tables(folder)
        server = start_server(folder)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
                for slug, (ready, _) in GAMES.items():
                    ctx: Any = browser.new_context(viewport={"width": width, "height": HEIGHT})
                    ctx.add_init_script(
                        f"localStorage.setItem('flutter.fk.theme', JSON.stringify('{look}'));"
                        f"localStorage.setItem('flutter.fk.text_scale', '{text}');"
                    )
                    screen = open_app(ctx, server.host_url(f"/t/{tables[slug]}"))
                    screen.wait_id(ready, timeout=30_000)
                    screen.page.wait_for_timeout(1500)
                    path = out / f"{slug}-{width}-{text}-{look}-{tag}.png"
                    screen.screenshot(path)
                    written.append(path)
                    ctx.close()
                browser.close()
        finally:
            server.process.terminate()
            server.process.wait(timeout=10)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("tag")
    parser.add_argument("--width", type=int, default=320)
    parser.add_argument("--text", type=int, default=200)
    parser.add_argument("--look", default="light")
    args = parser.parse_args()
    for path in take(args.out, args.tag, args.width, args.text, args.look):
        print(path)


if __name__ == "__main__":
    main()
