"""A closed visit leaves nothing of its own behind: the choices a screen keeps for its page
(keyed by the page) go with the page, so a later visitor whose page Python happens to put
at the same address starts afresh, and the host's memory does not keep them."""

from __future__ import annotations

import asyncio
import gc
import weakref
from typing import Any

import pytest

from companion.app import Shell
from companion.hub import Hub
from companion.panels import counters
from companion.panels.born_of_titans import parts as born_of_titans
from companion.panels.fates_and_favors import picks as fates_and_favors
from companion.panels.grimheim import ui as grimheim_ui
from tests.support.wire import first_draw, session


def _visit(hub: Hub, slug: str, players: list[str]) -> tuple[weakref.ref[Any], int]:
    """Open ``slug``'s table screen on a fresh session, then close the session as Flet
    does once its phone has been away too long; the page, weakly, and its address."""
    table = hub.create_table(slug, None, players, "a visit")
    s, wire = session(f"/t/{table.id}?k={table.join_token}")
    s.page.run_task = lambda *_a, **_kw: None  # type: ignore[method-assign]
    shell = Shell(s.page, hub, "http://127.0.0.1:1")
    shell.start()
    first_draw(s, wire)
    page = weakref.ref(s.page)
    key = id(s.page)

    async def close() -> None:
        s.close()  # Flet's own end of a session: the page's "close" event follows
        for _ in range(5):
            await asyncio.sleep(0)

    asyncio.run(close())
    return page, key


@pytest.mark.parametrize(
    ("slug", "players", "kept"),
    [
        ("grimheim", ["Ann", "Bo"], grimheim_ui._MEMORY),
        ("fates-and-favors", ["Ann", "Bo"], fates_and_favors._MEMORY),
    ],
)
def test_a_closed_visits_choices_are_dropped_with_its_page(
    hub: Hub, slug: str, players: list[str], kept: dict[int, Any]
) -> None:
    before = len(kept)
    page, key = _visit(hub, slug, players)
    assert page() is None or key in kept  # the screen kept choices for its page
    gc.collect()
    assert page() is None  # nothing holds a closed visit's page
    assert key not in kept and len(kept) <= before


def test_every_per_page_store_drops_a_dead_page() -> None:
    """The same for every store of per-page choices, with a bare page object."""

    class Page:
        pass

    stores = [
        (lambda p: grimheim_ui.memory(p), grimheim_ui._MEMORY),
        (lambda p: fates_and_favors.memory(p, "t1"), fates_and_favors._MEMORY),
        (lambda p: born_of_titans._picks_for(p, 1), born_of_titans._PICKS),
    ]
    for open_for, kept in stores:
        page = Page()
        open_for(page)
        key = id(page)
        assert key in kept
        del page
        gc.collect()
        assert key not in kept
    page = Page()
    counters.typed_values(page, "t1")["pile"] = "7"
    key = (id(page), "t1")
    assert key in counters._TYPED
    del page
    gc.collect()
    assert key not in counters._TYPED
