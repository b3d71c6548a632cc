"""The yardstick for the browser figures: a minimal Flet counter app, served exactly as the
companion is (web, engine from flet-web, no CDN). Every connected page shows the same count;
a tap on one reaches the others through pubsub, as a table change does in the companion.

    python -m bench.bare_app --port 8560
"""

from __future__ import annotations

import argparse
import os
import threading

import flet as ft

_count = 0
_lock = threading.Lock()


def main(page: ft.Page) -> None:
    value = ft.Text(str(_count), size=40)

    def show(message: str) -> None:
        value.value = message
        page.update()

    def increment(_: ft.Event[ft.Button]) -> None:
        global _count
        with _lock:
            _count += 1
            now = _count
        page.pubsub.send_all(str(now))

    page.pubsub.subscribe(show)
    page.add(
        ft.Semantics(identifier="count", content=value),
        ft.Semantics(identifier="increment", content=ft.Button("Add one", on_click=increment)),
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m bench.bare_app")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8560)
    args = parser.parse_args()
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    ft.run(main, view=ft.AppView.WEB_BROWSER, host=args.host, port=args.port, no_cdn=True)
