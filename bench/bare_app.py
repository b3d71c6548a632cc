"""The yardstick for the browser figures: a minimal Flet counter app, served exactly as the
companion is (web, engine from flet-web, no CDN). Every connected page shows the same count;
a tap on one reaches the others through pubsub, as a table change does in the companion.

    python -m bench.bare_app --port 8560

Opened at ``/?controls=N`` it shows instead a still page of about N controls (the yardstick
for opening a table screen).
"""

from __future__ import annotations

import argparse
import os
import threading

import flet as ft

_count = 0
_lock = threading.Lock()


def _big_page(page: ft.Page, controls: int) -> None:
    """A page of about ``controls`` controls in cards of a title and a few lines, to open
    beside a table screen of that size; the last one is tagged ``big-last``."""
    cards: list[ft.Control] = []
    made = 0
    while made < controls:
        lines: list[ft.Control] = [ft.Text(f"line {made + n}") for n in range(6)]
        cards.append(
            ft.Card(
                content=ft.Container(
                    padding=12,
                    content=ft.Column([ft.Text(f"card {len(cards)}", size=16), *lines]),
                )
            )
        )
        made += 10  # Card, Container, Column, the title and six lines
    cards.append(ft.Semantics(identifier="big-last", content=ft.Text("end")))
    page.add(ft.Column(cards, scroll=ft.ScrollMode.AUTO, expand=True))


def main(page: ft.Page) -> None:
    query = (page.route or "").partition("controls=")[2]
    if query.isdigit():
        _big_page(page, int(query))
        return
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
