"""The yardstick for the browser figures: a minimal Flet counter app, served exactly as the
companion is (web, engine from flet-web, no CDN). Every connected page shows the same count;
a tap on one reaches the others through pubsub, as a table change does in the companion.

    python -m bench.bare_app --port 8560

Opened at ``/?controls=N`` it shows instead a still page of about N controls (the yardstick
for opening a table screen); at ``/?controls=N&live=1`` the same page, in flat cards, with
the count and its button on top, live like the small one (the yardstick for a change
reaching phones that show a screen of that size).
"""

from __future__ import annotations

import argparse
import os
import threading
from urllib.parse import parse_qs, urlsplit

import flet as ft

_count = 0
_lock = threading.Lock()


def _cards(controls: int, flat: bool = False) -> list[ft.Control]:
    """About ``controls`` controls in cards of a title and a few lines; the last one is
    tagged ``big-last``. ``flat``: filled cards without a shadow, as the game screens draw
    their sections (a shadow under every card is costly to redraw in software)."""
    cards: list[ft.Control] = []
    made = 0
    while made < controls:
        lines: list[ft.Control] = [ft.Text(f"line {made + n}") for n in range(6)]
        cards.append(
            ft.Card(
                variant=ft.CardVariant.FILLED if flat else ft.CardVariant.ELEVATED,
                content=ft.Container(
                    padding=12,
                    content=ft.Column([ft.Text(f"card {len(cards)}", size=16), *lines]),
                ),
            )
        )
        made += 10  # Card, Container, Column, the title and six lines
    cards.append(ft.Semantics(identifier="big-last", content=ft.Text("end")))
    return cards


def main(page: ft.Page) -> None:
    query = parse_qs(urlsplit(page.route or "").query)
    size = query.get("controls", [""])[0]
    live = bool(query.get("live"))
    big = _cards(int(size), flat=live) if size.isdigit() else None
    if big is not None and not live:
        page.add(ft.Column(big, scroll=ft.ScrollMode.AUTO, expand=True))
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
    counter: list[ft.Control] = [
        ft.Semantics(identifier="count", content=value),
        ft.Semantics(identifier="increment", content=ft.Button("Add one", on_click=increment)),
    ]
    if big is None:
        page.add(*counter)
    else:
        # One scrolling column with its cards as wide as the screen, as a table screen
        # is: the change redraws a page this big.
        page.add(
            ft.Column(
                [*counter, *big],
                scroll=ft.ScrollMode.AUTO,
                expand=True,
                horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
            )
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m bench.bare_app")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8560)
    args = parser.parse_args()
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    ft.run(main, view=ft.AppView.WEB_BROWSER, host=args.host, port=args.port, no_cdn=True)
