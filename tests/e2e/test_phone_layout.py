"""Every main screen fits a 390 px phone: no control reaches past either edge (Flutter draws
on a canvas, so the semantics nodes stand in for the DOM layout), and the buttons a thumb
uses most are at least 44 px tall.

Screens: home, new table, a Scales of Fate table and a Grimheim table (each with its
Counters tab), all driven through the same taps a new player makes.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from .conftest import PHONE, Screen, Server, open_app

pytestmark = pytest.mark.e2e

MIN_TAP = 44
SHOTS = Path(__file__).resolve().parents[2] / "screenshots"
WIDTH = PHONE["width"]

_NODES = """() => [...document.querySelectorAll('flt-semantics')].map(el => {
    const r = el.getBoundingClientRect();
    return {
        id: el.getAttribute('flt-semantics-identifier') || '',
        text: (el.getAttribute('aria-label') || el.innerText || '').slice(0, 40),
        left: r.left, right: r.right, width: r.width, height: r.height,
    };
}).filter(n => n.width > 0 && n.height > 0)"""


def assert_fits(screen: Screen, where: str) -> None:
    """No semantics node starts left of 0 or ends right of the viewport."""
    nodes = screen.page.evaluate(_NODES)
    assert nodes, f"{where}: no semantics nodes (is the semantics tree on?)"
    outside = [
        (n["id"] or n["text"], round(n["left"]), round(n["right"]))
        for n in nodes
        if n["left"] < -0.5 or n["right"] > WIDTH + 0.5 or n["width"] > WIDTH + 0.5
    ]
    assert not outside, f"{where}: controls beyond the {WIDTH} px screen: {outside[:10]}"
    width = screen.page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= WIDTH, f"{where}: the page scrolls sideways ({width} px)"


def assert_tall_enough(screen: Screen, where: str, identifiers: list[str]) -> None:
    """Each tagged control's button is at least ``MIN_TAP`` px tall and wide."""
    small = []
    for identifier in identifiers:
        loc = screen.wait_id(identifier)
        inner = loc.locator("[role=button]")
        box = (inner.first if inner.count() else loc).bounding_box()
        assert box is not None, f"{where}: {identifier} is not laid out"
        if box["height"] < MIN_TAP or box["width"] < MIN_TAP:
            small.append((identifier, round(box["width"]), round(box["height"])))
    assert not small, f"{where}: buttons smaller than {MIN_TAP} px: {small}"


def settle(screen: Screen) -> None:
    screen.page.evaluate(
        "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
    )
    screen.page.wait_for_timeout(300)


TABLE_BUTTONS = [
    "undo",
    "redo",
    "history",
    "invite-open",
    "open-rules",
    "open-settings",
    "tab-game",
    "tab-counters",
]


def check_table(screen: Screen, name: str) -> None:
    screen.wait_id("table-title")
    settle(screen)
    assert_fits(screen, f"{name} table")
    assert_tall_enough(screen, f"{name} table", TABLE_BUTTONS)
    screen.tap("tab-counters")
    screen.wait_id("panel-counters")
    settle(screen)
    assert_fits(screen, f"{name} counters")
    body = screen.body_text()
    # Counters are named in words, not as the rules' keys.
    assert not re.search(r"\b[a-z]+\.[A-Za-z]+\b", body.split(" | ")[0]), body[:400]
    screen.tap("tab-game")
    screen.wait_id("panel-game")


def test_main_screens_fit_a_390_px_phone(server: Server, browser: Any) -> None:
    ctx = browser.new_context(viewport=PHONE)
    try:
        host = open_app(ctx, server.host_url("/"))
        host.wait_id("new-table")
        settle(host)
        assert_fits(host, "home")
        assert_tall_enough(host, "home", ["new-table", "add-player", "open-rules"])

        host.tap("new-table")
        host.wait_id("create-table")
        settle(host)
        assert_fits(host, "new table")
        assert_tall_enough(host, "new table", ["create-table"])
        host.tap("game-pick")
        host.page.get_by_text("Scales of Fate").last.click()
        host.fill("seat-0", "Ann")
        host.fill("seat-1", "Bo")
        host.tap("create-table")
        host.wait_id("sof-turn")
        check_table(host, "Scales of Fate")

        host.page.close()
        host = open_app(ctx, server.host_url("/new") + "&game=scales-of-fate")
        host.wait_id("create-table")
        host.tap("game-pick")
        host.page.get_by_text("Fate: Defenders of Grimheim").last.click()
        host.wait_id("option-track")
        settle(host)
        assert_fits(host, "new Grimheim table")
        host.fill("seat-0", "Ann")
        host.fill("seat-1", "Bo")
        host.tap("create-table")
        host.wait_id("grim-phase")
        check_table(host, "Grimheim")
        assert_tall_enough(host, "Grimheim", ["grim-nav-turn", "grim-nav-map"])
    finally:
        ctx.close()


# ----- Scales of Fate at every phone width, and with large system text ------------------------

WIDTHS = (320, 360, 390, 430)
LARGE_TEXT = 1.5
"""150 % system text: Flutter on the web follows the page's root font size (16 px = 100 %)."""

_TEXT_NODES = """() => [...document.querySelectorAll('flt-semantics')]
    .filter(el => !el.querySelector('flt-semantics'))
    .filter(el => !el.hasAttribute('flt-semantics-identifier') && !el.getAttribute('role'))
    .map(el => {
        const r = el.getBoundingClientRect();
        return {text: (el.getAttribute('aria-label') || el.innerText || '').trim(),
                height: r.height, width: r.width, top: r.top, bottom: r.bottom};
    })
    .filter(n => n.text && n.width > 0 && n.height > 4
                 && n.top >= 0 && n.bottom <= window.innerHeight)"""
"""Plain texts (no buttons, no tagged pieces with a fixed size) wholly on screen: a box cut
by the screen's edge would not show its real height."""

TALL = 2000
"""Viewport height for these checks: only the width shapes the layout, and a tall screen
shows (almost) every text without scrolling."""


def _scales_tables(data_dir: Any) -> dict[str, str]:
    """Tables of Scales of Fate at the moments worth looking at, written to the host's
    database before it starts: just created, in play on Age 1, laying out Age 2 (a quest
    moves) and over (the score pad). Every move is made on the shared phone."""
    import random

    from companion.hub import Hub
    from companion.store import open_database
    from companion.table import HOST_NAME, Actor
    from rules.scales_of_fate import GAME, random_setup
    from rules.scales_of_fate.actions import DealDemigods, FinalGuess, PlaceDemigod
    from tests.rules.scales_of_fate.helpers import age1_setup

    db, _ = open_database(data_dir=data_dir)
    hub = Hub(db)
    host = Actor("layout-test", HOST_NAME, None)
    tables: dict[str, str] = {}

    def new(kind: str) -> Any:
        live = hub.create_table("scales-of-fate", None, ["Ann", "Bo"])
        tables[kind] = live.id
        return live

    new("deal")
    for kind in ("play", "setup2", "over"):
        live = new(kind)
        live.do(DealDemigods(0, ("Pentha", "Klar")), host)
        live.do(DealDemigods(1, ("Naka", "Belan")), host)
        live.do(age1_setup(), host)
        live.do(PlaceDemigod(0, "Agamar", "v00"), host)  # Ann gains Penance
        rng = random.Random(9)
        want = {"play": None, "setup2": ("setup", 2), "over": ("over", 3)}[kind]
        while want is not None and (live.state.phase, live.state.age) != want:
            state = live.state
            if state.phase == "setup":
                action: Any = random_setup(state, rng)
            elif state.phase == "guess":
                seat = 0 if not state.guesses[0] else 1
                action = FinalGuess(seat, ("Aponi", "Isabel"))
            else:
                action = rng.choice(GAME.legal_actions(state))
            live.do(action, host)
    db.close()
    return tables


@pytest.fixture(scope="module")
def scales_server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    from .conftest import start_server

    folder = tmp_path_factory.mktemp("scales-layout")
    tables = _scales_tables(folder)
    srv = start_server(folder)
    yield srv, tables
    srv.process.terminate()
    try:
        srv.process.wait(timeout=10)
    except Exception:
        srv.process.kill()


def _phone(browser: Any, width: int, text_scale: float = 1.0) -> Any:
    ctx = browser.new_context(viewport={"width": width, "height": TALL})
    if text_scale != 1.0:
        ctx.add_init_script(
            "document.addEventListener('DOMContentLoaded', () => "
            f"{{ document.documentElement.style.fontSize = '{16 * text_scale}px'; }});"
        )
    return ctx


def fits_width(screen: Screen, where: str, width: int) -> None:
    """Like ``assert_fits`` for any phone width."""
    nodes = screen.page.evaluate(_NODES)
    assert nodes, f"{where}: no semantics nodes"
    outside = [
        (n["id"] or n["text"], round(n["left"]), round(n["right"]))
        for n in nodes
        if n["left"] < -0.5 or n["right"] > width + 0.5
    ]
    assert not outside, f"{where}: controls beyond the {width} px screen: {outside[:10]}"
    scroll = screen.page.evaluate("() => document.documentElement.scrollWidth")
    assert scroll <= width, f"{where}: the page scrolls sideways ({scroll} px)"
    assert_no_error_box(screen, where)


# How Flet words a control it cannot draw, in the red box it draws instead ("Semantics.content
# must be provided and visible", "Unknown control: ...").
_ERROR_BOX = re.compile(r"\b[A-Z]\w+\.\w+ must be\b|Unknown control")


def assert_no_error_box(screen: Screen, where: str) -> None:
    """No control on screen was drawn as Flet's red error box."""
    found = _ERROR_BOX.search(screen.body_text())
    assert found is None, f"{where}: an error box on screen: {found.group(0)!r}"


def _visit(ctx: Any, url: str, kind: str) -> Screen:
    """Open one table and bring up its most crowded screen for ``kind``."""
    screen = open_app(ctx, url)
    screen.wait_id("sof-turn", timeout=30_000)
    if kind == "deal":
        screen.tap("sof-reveal-0")
        screen.wait_id("sof-show-0")
        screen.tap("sof-show-0")
        screen.wait_id("sof-deal-Pentha")
    elif kind == "play":
        screen.tap("sof-place-Klar")
        screen.wait_id("sof-tile-h00")
        screen.tap("sof-tile-h00")
        screen.wait_id("sof-target-Isabel")
    elif kind == "setup2":
        screen.tap("sof-quest-02")
        screen.wait_id("sof-cell-editor")
    else:
        screen.wait_id("sof-score-pad")
    settle(screen)
    return screen


def _shot(screen: Screen, name: str) -> None:
    """Keep a picture of the screen in ``screenshots/`` (or the folder
    ``FATEKEEPER_SCREENSHOTS`` names), to look at after the run."""
    folder = Path(os.environ.get("FATEKEEPER_SCREENSHOTS", "") or SHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    screen.screenshot(folder / f"layout-{name}.png")


def _texts(screen: Screen) -> dict[str, float]:
    """Each text on screen → the height of its tallest box."""
    out: dict[str, float] = {}
    for node in screen.page.evaluate(_TEXT_NODES):
        out[node["text"]] = max(out.get(node["text"], 0.0), node["height"])
    return out


def test_scales_screens_fit_every_width_and_large_text(scales_server: Any, browser: Any) -> None:
    """At 320, 360, 390 and 430 px nothing of the Scales screens reaches past the edge, and
    with 150 % text no word is broken across lines: a text of one word stays on one line,
    and no text gets more lines than it has words."""
    server, tables = scales_server
    for width in WIDTHS:
        for kind, table_id in tables.items():
            url = server.host_url(f"/t/{table_id}")
            normal_ctx = _phone(browser, width)
            large_ctx = _phone(browser, width, LARGE_TEXT)
            try:
                normal = _visit(normal_ctx, url, kind)
                _shot(normal, f"{kind}-{width}")
                fits_width(normal, f"{kind} at {width} px", width)
                large = _visit(large_ctx, url, kind)
                _shot(large, f"{kind}-{width}-large")
                fits_width(large, f"{kind} at {width} px, large text", width)
                before, after = _texts(normal), _texts(large)
                broken = []
                for text, tall in after.items():
                    line = before.get(text)
                    if not line:
                        continue
                    words = len(text.split())
                    # One line of large text is 1.5 times as tall; a word broken over two
                    # lines makes its box (at least) twice that.
                    lines = tall / (line * LARGE_TEXT)
                    if lines > words + 0.4 or (words == 1 and lines > 1.4):
                        broken.append((text[:30], round(line), round(tall)))
                assert not broken, f"{kind} at {width} px: text broken mid-word: {broken[:8]}"
            finally:
                normal_ctx.close()
                large_ctx.close()


def _top(screen: Screen, identifier: str) -> float:
    box = screen.wait_id(identifier).bounding_box()
    assert box is not None, f"{identifier} is not laid out"
    return float(box["y"])


def test_scales_tapping_a_chip_keeps_the_panel_where_it_was(
    scales_server: Any, browser: Any
) -> None:
    """A choice low on the play screen is tapped after scrolling down to it: the panel
    stays scrolled where it was (the chip does not jump away under the thumb)."""
    server, tables = scales_server
    ctx = browser.new_context(viewport=PHONE)
    try:
        screen = open_app(ctx, server.host_url(f"/t/{tables['play']}"))
        screen.wait_id("sof-place-Klar")
        settle(screen)
        screen.page.mouse.move(195, 600)
        for _ in range(20):  # scroll until the demigod choices sit mid-screen
            if _top(screen, "sof-place-Klar") < 450:
                break
            screen.page.mouse.wheel(0, 150)
            screen.page.wait_for_timeout(150)
        settle(screen)
        before = _top(screen, "sof-place-Klar")
        assert 0 < before < 450, before
        for chip in ("sof-place-Klar", "sof-place-Naka", "sof-power-smite", "sof-power-smite"):
            want = _top(screen, chip)
            screen.tap(chip)
            settle(screen)
            screen.page.wait_for_timeout(400)
            assert abs(_top(screen, chip) - want) < 3, f"{chip} moved after its tap"
        # A board tile just above, then a Smite target that its choice brings up.
        screen.page.mouse.wheel(0, -250)
        settle(screen)
        for chip in ("sof-tile-h00", "sof-target-Isabel"):
            for _ in range(10):  # a thumb taps what it sees: bring it on screen first
                if 80 < _top(screen, chip) < 650:
                    break
                screen.page.mouse.wheel(0, 150 if _top(screen, chip) >= 650 else -150)
                screen.page.wait_for_timeout(150)
            settle(screen)
            want = _top(screen, chip)
            screen.tap(chip)
            settle(screen)
            screen.page.wait_for_timeout(400)
            assert abs(_top(screen, chip) - want) < 3, f"{chip} moved after its tap"
    finally:
        ctx.close()


# ----- Grimheim at every phone width ---------------------------------------------------------

GRIM_SECTIONS = ["turn", "map", "heroes", "monsters", "tools"]


def _grimheim_fits(
    browser: Any, server: Server, width: int, text_scale: float, shots: Any = None
) -> Screen:
    """Open a new Grimheim table at ``width`` px with the browser's text at ``text_scale``
    and check that every section fits; returns the screen (on the Heroes section)."""
    ctx = browser.new_context(viewport={"width": width, "height": 844})
    if text_scale != 1.0:
        # The phone's text size setting: Flutter scales its text by the page's font size.
        ctx.add_init_script(
            f"document.addEventListener('DOMContentLoaded', () => "
            f"document.documentElement.style.fontSize = '{16 * text_scale}px')"
        )
    host = open_app(ctx, server.host_url("/new"))
    host.wait_id("create-table")
    host.tap("game-pick")
    host.page.get_by_text("Fate: Defenders of Grimheim").last.click()
    host.wait_id("option-track")
    host.fill("seat-0", "Ann")
    host.fill("seat-1", "Bo")
    host.tap("create-table")
    host.wait_id("grim-phase")
    for section in GRIM_SECTIONS:
        host.tap(f"grim-nav-{section}")
        settle(host)
        nodes = host.page.evaluate(_NODES)
        outside = [
            (n["id"] or n["text"], round(n["left"]), round(n["right"]))
            for n in nodes
            if n["left"] < -0.5 or n["right"] > width + 0.5
        ]
        where = f"Grimheim {section} at {width} px, text {text_scale:.0%}"
        assert not outside, f"{where}: controls beyond the screen: {outside[:8]}"
        scroll = host.page.evaluate("() => document.documentElement.scrollWidth")
        assert scroll <= width, f"{where}: the page scrolls sideways ({scroll} px)"
        if shots is not None:
            host.screenshot(shots / f"grimheim-{section}-{width}-{int(text_scale * 100)}.png")
    return host


@pytest.mark.parametrize(
    ("width", "text_scale"),
    [
        (320, 1.0),
        (360, 1.0),
        (390, 1.0),
        (430, 1.0),
        (320, 1.5),
    ],
)
def test_grimheim_sections_fit_every_phone_width(
    server: Server, browser: Any, width: int, text_scale: float, tmp_path: Any
) -> None:
    host = _grimheim_fits(browser, server, width, text_scale, tmp_path)
    host.page.context.close()


# ----- twice the text size (Settings' largest) on a table screen ------------------------------

DOUBLE = 2.0
_BUTTONS = """() => [...document.querySelectorAll('flt-semantics[role=button]')].map(el => {
    const r = el.getBoundingClientRect();
    const tag = el.closest('[flt-semantics-identifier]');
    return {id: tag ? tag.getAttribute('flt-semantics-identifier') : '',
            text: (el.getAttribute('aria-label') || el.innerText || '').trim(),
            width: r.width, height: r.height, top: r.top,
            board: !!el.closest('[flt-semantics-identifier="panel-game"]')};
}).filter(n => n.width > 0 && n.height > 0 && n.text)"""


_LABEL_WIDTH = """async ([label, px]) => {
    // The app's own font file, as the app serves it: the width a label needs is measured,
    // not guessed from its letter count (narrow letters such as "l" and "f" take a third
    // of an em, "m" nearly a whole one). A button's label has 0.1 px between letters.
    if (!window.__fkMeasure) {
        const face = new FontFace("fk-measure", "url(/fonts/DejaVuSans.ttf)");
        await face.load();
        document.fonts.add(face);
        window.__fkMeasure = document.createElement("canvas").getContext("2d");
    }
    const pen = window.__fkMeasure;
    pen.font = `${px}px fk-measure`;
    return pen.measureText(label).width + 0.1 * label.length;
}"""


TAB_SIDE = 10
"""The tab buttons' padding on each side (the table screen's ``_tab_button``)."""


def assert_unclipped(
    screen: Screen,
    where: str,
    text_buttons: tuple[str, ...] = (),
    scale: float = DOUBLE,
    *,
    with_game: bool = False,
) -> None:
    """Every button of the table's own frame (app bar, tabs, the Counters tab; the game's
    panel too when ``with_game``: a board's pieces are drawn to the board's scale) stays a
    full tap target, and the tagged ``text_buttons`` (buttons that show their label as
    text) are big enough for the whole label at ``scale``: taller than a fixed 48 px (their
    text line grew), and wide enough, over the lines they hold, for the label
    as the page's own font draws it (measured in the page with the app's DejaVu Sans)."""
    font = 14 * scale
    line = font * 1.15
    buttons = screen.page.evaluate(_BUTTONS)
    small = [
        (b["id"] or b["text"][:20], round(b["height"]))
        for b in buttons
        if b["height"] < 47.5 and (with_game or not b["board"])
    ]
    assert not small, f"{where}: buttons under 48 px: {small}"
    cut = []
    for ident in text_buttons:
        mine = [b for b in buttons if b["id"] == ident]
        assert mine, f"{where}: no button {ident} on screen"
        b = mine[0]
        lines = max(1, round((b["height"] - 28) / line))
        room = (b["width"] - 2 * TAB_SIDE) * lines
        need = screen.page.evaluate(_LABEL_WIDTH, [b["text"], font])
        # A button sized to its one-line label has exactly its width: allow a pixel of
        # rounding.
        if b["height"] < 28 + line or room + 1 < need:
            cut.append((ident, b["text"], round(b["width"]), round(b["height"]), round(need)))
    assert not cut, f"{where}: labels cut off at {scale:.0%} text: {cut}"


def test_a_table_at_twice_the_text_size(scales_server: Any, browser: Any) -> None:
    """Settings' largest text (200 %, stored on the device as Settings stores it) on a
    table screen at 390 px: nothing past the edge, every button a full tap target, and no
    tab or app bar button cuts off its label."""
    server, tables = scales_server
    # Tall, so that no button is cut by the bottom edge (its box would shrink with it).
    ctx = browser.new_context(viewport={"width": WIDTH, "height": TALL})
    ctx.add_init_script("window.localStorage.setItem('flutter.fk.text_scale', '200')")
    try:
        screen = open_app(ctx, server.host_url(f"/t/{tables['play']}"))
        screen.wait_id("sof-turn", timeout=30_000)
        assert (
            screen.page.evaluate("() => getComputedStyle(document.documentElement).fontSize")
            == "32px"
        )
        settle(screen)
        assert_fits(screen, "table at 200% text")
        assert_tall_enough(screen, "table at 200% text", TABLE_BUTTONS)
        assert_unclipped(screen, "table at 200% text", ("tab-game", "tab-counters"))
        SHOTS.mkdir(exist_ok=True)
        screen.screenshot(SHOTS / "table-200.png")
        screen.tap("tab-counters")
        screen.wait_id("panel-counters")
        settle(screen)
        assert_fits(screen, "counters at 200% text")
        assert_unclipped(screen, "counters at 200% text", ("tab-game", "tab-counters"))
        screen.screenshot(SHOTS / "table-counters-200.png")
    finally:
        ctx.close()


# ----- every game mid-game: every width × text size × theme ----------------------------------

MID_GAMES = {
    "fates-and-favors": ("panel-game", 40),
    "scales-of-fate": ("sof-turn", 25),
    "scales-of-fate-start": ("sof-turn", 0),
    "grimheim": ("grim-phase", 30),
    "winds-of-fate": ("panel-game", 40),
    "born-of-titans": ("panel-game", 40),
}
"""Each table's name (its game's slug, or the slug and when) → (the control its screen
waits for, random legal moves made before the screen is opened). Scales of Fate is also
opened at its start, where all nine renown markers share space 7."""

GRID = [
    (width, scale, look)
    for width in (320, 390, 360, 430)
    for scale in (1.0, 1.5, 2.0)
    for look in ("light", "dark")
    # 150 % text on the narrowest phone and the commonest one (the grid's run time).
    if scale != 1.5 or width in (320, 390)
]

PHONE_HEIGHT = 844
HEADER_SHARE = 0.4
"""With large text the table's own header (app bar, connection line, tabs) takes at most
this share of a 844 px tall phone: the game keeps the rest."""

_LEAF_TEXTS = """(panel) => [...document.querySelectorAll(
        `[flt-semantics-identifier="${panel}"] flt-semantics`)]
    .filter(el => !el.querySelector('flt-semantics') && !el.getAttribute('role'))
    .filter(el => !el.hasAttribute('flt-semantics-identifier'))
    // A board picture's spoken description is no text on screen.
    .filter(el => !el.closest('[flt-semantics-identifier="ff-board"]'))
    .map(el => {
        const r = el.getBoundingClientRect();
        return {text: (el.getAttribute('aria-label') || el.innerText || '').trim(),
                width: r.width, height: r.height, top: r.top};
    })
    .filter(n => n.text && n.width > 0 && n.height > 4 && n.top >= 0
                 && n.top + n.height <= window.innerHeight - 32
                 && !/characters? remaining$/.test(n.text))"""
"""Plain texts of a tab's panel (``panel``: its tag) wholly on screen (a text field's
spoken length counter, which is not drawn, left out; a text at the screen's foot may be
cut by the panel's scrolling, not by its layout, and is left out too)."""

LINE, LINE_MAX = 1.16, 1.42
"""Least and most height of one line of DejaVu Sans (the app's font) per pixel of font
size, as measured in the page (a 12 px label's box is 17 px tall)."""


def _mid_game_tables(data_dir: Any) -> dict[str, str]:
    """One table per game of ``MID_GAMES``, played some random legal moves into the game
    on the shared phone and written to the host's database before it starts."""
    import random

    from companion.hub import Hub
    from companion.store import open_database
    from tests.support.random_play import new_table, play

    db, _ = open_database(data_dir=data_dir)
    hub = Hub(db)
    tables: dict[str, str] = {}
    for name, (_, moves) in MID_GAMES.items():
        slug = name.removesuffix("-start")
        rng = random.Random(7)
        live = new_table(hub, slug, rng, players=4 if slug != "scales-of-fate" else 2)
        play(live, rng, max_moves=moves)
        assert live.outcome() is None, f"{name}: the game ended before the screen was opened"
        tables[name] = live.id
    db.close()
    return tables


@pytest.fixture(scope="module")
def mid_game_server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    from .conftest import start_server

    folder = tmp_path_factory.mktemp("mid-game-layout")
    tables = _mid_game_tables(folder)
    srv = start_server(folder)
    yield srv, tables
    srv.process.terminate()
    try:
        srv.process.wait(timeout=10)
    except Exception:
        srv.process.kill()


def _device(browser: Any, width: int, scale: float, look: str) -> Any:
    """A phone ``width`` px wide with Settings' text size ``scale`` and theme ``look``,
    stored on the device as Settings stores them."""
    ctx = browser.new_context(viewport={"width": width, "height": TALL})
    ctx.add_init_script(
        f"localStorage.setItem('flutter.fk.theme', JSON.stringify('{look}'));"
        f"localStorage.setItem('flutter.fk.text_scale', '{int(scale * 100)}');"
    )
    return ctx


def _cut_texts(screen: Screen, nodes: list[dict[str, Any]], scale: float) -> list[Any]:
    """Of ``nodes`` (each a text with its box's width and height), those whose box does not
    hold the whole text as the app's font draws it, on one line or a few, or that break a
    word across lines. The font size is read from the box's height (a whole number of
    lines of DejaVu Sans, 10–34 px at 100 %), leniently: the smallest size that height
    allows."""
    cut = []
    for node in nodes:
        text, width, height = node["text"], node["width"], node["height"]
        one = screen.page.evaluate(_LABEL_WIDTH, [text, 1.0]) - 0.1 * len(text)
        word = max(
            (screen.page.evaluate(_LABEL_WIDTH, [w, 1.0]) - 0.1 * len(w) for w in text.split()),
            default=0.0,
        )
        fits = False
        for lines in range(1, 7):
            # The smallest font this many lines of that height can hold (a line is 1.16 to
            # 1.42 times the font's size, as Flutter on the web lays DejaVu Sans out).
            font = max(height / (LINE_MAX * lines), 9.5 * scale)
            if font > min(height / (LINE * lines), 34 * scale):
                continue
            if one * font <= lines * (width + 2) and word * font <= width + 2:
                fits = True
                break
        if not fits:
            cut.append((text[:30], round(width), round(height)))
    return cut


def assert_texts_whole(screen: Screen, where: str, scale: float, panel: str = "panel-game") -> None:
    """No plain text of the open tab's panel (``panel``; not its tagged pieces, which carry
    a spoken label of their own) is cut, and neither are the header's two lines above it,
    the line saying who this device is and the table's title (tagged, so the panel's texts
    leave them out, and outside the panel): see ``_cut_texts``."""
    cut = _cut_texts(screen, screen.page.evaluate(_LEAF_TEXTS, panel), scale)
    for ident, name in HEADER_LINES.items():
        line = screen.page.evaluate(_HEADER_LINE, ident)
        assert line, f"{where}: no {name} on the screen"
        cut += [(f"{name}: {text}", w, h) for text, w, h in _cut_texts(screen, line, scale)]
    assert not cut, f"{where}: texts cut or broken mid-word: {cut[:10]}"


_COUNTER_NAMES = """() => [...document.querySelectorAll('flt-semantics[flt-semantics-identifier]')]
    .filter(el => /^counter-.+-name$/.test(el.getAttribute('flt-semantics-identifier')))
    .map(el => ({text: (el.getAttribute('aria-label') || el.innerText || '').trim(),
                 width: el.getBoundingClientRect().width}))
    .filter(n => n.text)"""


def assert_counter_names_whole(screen: Screen, where: str, scale: float) -> None:
    """Every counter's name on the Counters tab is wide enough for its longest word at the
    name's own size (``counters.NAME_SIZE`` × the text size): none breaks mid-word. The
    general check above guesses a text's size from its box, which a squeezed name of
    three lines passes as four lines of smaller text; a name's size is known."""
    from companion.panels.counters import NAME_SIZE

    names = screen.page.evaluate(_COUNTER_NAMES)
    assert names, f"{where}: no counter names on the Counters tab"
    px = NAME_SIZE * scale
    broken = [
        (name["text"], round(name["width"]))
        for name in names
        if max(
            screen.page.evaluate(_LABEL_WIDTH, [word, px]) - 0.1 * len(word)
            for word in name["text"].split()
        )
        > name["width"] + 2
    ]
    assert not broken, f"{where}: counter names broken mid-word (name, width): {broken}"


HEADER_LINES = {"table-subtitle": "device line", "table-title": "title"}
"""The header's texts checked whole, by tag: who this device is, and the table's title."""

_HEADER_LINE = """(ident) => [...document.querySelectorAll(`[flt-semantics-identifier="${ident}"]`)]
    .map(el => {
        const r = el.getBoundingClientRect();
        return {text: (el.getAttribute('aria-label') || el.innerText || '').trim(),
                width: r.width, height: r.height};
    })
    .filter(n => n.text && n.width > 0)"""
"""A line of the header as it shows it (its spoken label is the whole line, however much
of it the box shows)."""


GRIM_SHOWN = {
    "map": '[flt-semantics-identifier="grim-map"]',
    "heroes": '[flt-semantics-identifier^="grim-hero-"]',
}
"""What each Grimheim section shows once it is drawn (the others: a moment's wait)."""


def _wait_section(screen: Screen, section: str) -> None:
    """Wait until the Grimheim section just tapped is drawn."""
    if section in GRIM_SHOWN:
        screen.page.locator(GRIM_SHOWN[section]).first.wait_for(state="attached")
    else:
        screen.page.wait_for_timeout(1000)
    settle(screen)


_MARKERS_IN_SPACES = """() => [...document.querySelectorAll(
        '[flt-semantics-identifier^="sof-marker-"]')].map(el => {
    const r = el.getBoundingClientRect();
    const space = el.closest('[flt-semantics-identifier^="sof-track-space-"]');
    const s = space ? space.getBoundingClientRect() : null;
    return {id: el.getAttribute('flt-semantics-identifier'), width: r.width,
            inside: !!s && r.left >= s.left - 0.5 && r.right <= s.right + 0.5
                    && r.top >= s.top - 0.5 && r.bottom <= s.bottom + 0.5};
})"""


def width_of(screen: Screen) -> float:
    size = screen.page.viewport_size
    return float(size["width"]) if size else 390.0


def assert_all_renown_markers_shown(screen: Screen, where: str) -> None:
    """All nine demigods' renown markers are on the track, each wholly inside its space
    (a crowded space grows; it never hides or cuts a marker)."""
    # The track scrolled to the top of the screen: a box cut by the screen's edge is cut
    # short in the semantics tree too.
    screen.find("sof-track-space-0")
    for _ in range(20):
        box = screen.by_id("sof-track-space-0").bounding_box()
        if box is None or box["y"] < 300:
            break
        screen.page.mouse.move(width_of(screen) / 2, 500)
        screen.page.mouse.wheel(0, min(800, box["y"] - 150))
        screen.page.wait_for_timeout(200)
    settle(screen)
    _shot(screen, f"{where.replace(' ', '-').replace(',', '').replace('%', '')}-track")
    markers = screen.page.evaluate(_MARKERS_IN_SPACES)
    shown = {m["id"] for m in markers if m["inside"] and m["width"] > 0}
    assert len(shown) == 9, f"{where}: renown markers not wholly shown: {markers}"


_PIECES = """(prefix) => [...document.querySelectorAll(
        `[flt-semantics-identifier^="${prefix}"]`)].map(el => {
    const r = el.getBoundingClientRect();
    return {id: el.getAttribute('flt-semantics-identifier'), left: r.left, right: r.right,
            width: r.width};
})"""

PIECES = {
    "winds-of-fate": [f"wof-round-{n}" for n in range(1, 13)],
    "born-of-titans": [f"bot-shield-{seat}-{n}" for seat in range(4) for n in range(7)],
}
"""Pieces of a board that must all be drawn, wholly on the screen: the twelve round spaces,
every crew sheet's seven shields."""


def assert_pieces_shown(screen: Screen, where: str, width: int, pieces: list[str]) -> None:
    """Every piece of ``pieces`` is on the screen at a size of its own, within its width
    (a row too wide for the phone pushes its last pieces off or leaves them out)."""
    found = {p["id"]: p for p in screen.page.evaluate(_PIECES, pieces[0].rsplit("-", 1)[0])}
    if pieces[0].startswith("bot-shield"):
        found = {}
        for seat in range(4):
            found |= {p["id"]: p for p in screen.page.evaluate(_PIECES, f"bot-shield-{seat}-")}
    missing = [
        ident
        for ident in pieces
        if ident not in found
        or found[ident]["width"] < 8
        or found[ident]["left"] < -0.5
        or found[ident]["right"] > width + 0.5
    ]
    assert not missing, f"{where}: pieces not wholly shown: {missing}"


_INKED = """() => [...document.querySelectorAll('flt-semantics[flt-semantics-identifier]')]
    .filter(el => /^connection-status$|-heading$|^bot-site-\\d-quest-\\d$|^wof-bet-\\d+-\\d$/
                  .test(el.getAttribute('flt-semantics-identifier')))
    .map(el => {
        const r = el.getBoundingClientRect();
        return {id: el.getAttribute('flt-semantics-identifier'),
                x: r.left, y: r.top, width: r.width, height: r.height};
    })
    .filter(n => n.width > 4 && n.height > 4 && n.y >= 0
                 && n.y + n.height <= window.innerHeight)"""
"""Coloured texts whose contrast is checked: the connection line (the verdicts' green),
any tagged heading, Born of Titans' quest names and Winds of Fate's bets (each on its
player's colour)."""


def assert_text_contrast(screen: Screen, where: str) -> None:
    """Each coloured text of ``_INKED`` on screen stands out from what is behind it by
    WCAG's 4.5:1 (3:1 for large text), measured on the screenshot's pixels: its
    background is the box's commonest colour, its ink the colour furthest from that."""
    from companion.theme import MIN_CONTRAST, contrast_ratio
    from tests.support.png import decode, hex_colour, text_colours

    nodes = screen.page.evaluate(_INKED)
    assert any(n["id"] == "connection-status" for n in nodes), f"{where}: no connection line"
    weak = []
    for node in nodes:
        clip = {k: node[k] for k in ("x", "y", "width", "height")}
        for _ in range(6):
            # A frame caught mid-change (the theme the device stored fades in after the
            # page opens) is looked at again; a colour that stays weak is reported.
            _, _, pixels = decode(screen.page.screenshot(clip=clip))
            back, ink = text_colours(pixels)
            ratio = contrast_ratio(hex_colour(ink), hex_colour(back))
            if ratio >= MIN_CONTRAST:
                break
            screen.page.wait_for_timeout(500)
        else:
            if ink == back:
                # One flat colour: nothing is drawn in the box at all (a frame not painted
                # yet on a busy machine), which says nothing about the text's colours.
                continue
            weak.append((node["id"], hex_colour(ink), hex_colour(back), round(ratio, 2)))
    assert not weak, f"{where}: texts without contrast (ink, background, ratio): {weak}"


def assert_compact_header(screen: Screen, where: str) -> None:
    """The game's panel starts within ``HEADER_SHARE`` of a phone's height."""
    box = screen.by_id("panel-game").bounding_box()
    assert box is not None, f"{where}: the game's panel is not laid out"
    limit = HEADER_SHARE * PHONE_HEIGHT
    assert box["y"] <= limit, (
        f"{where}: the header takes {box['y']:.0f} px of a {PHONE_HEIGHT} px phone "
        f"(at most {limit:.0f})"
    )


def _check_screen(screen: Screen, where: str, width: int, scale: float, name: str) -> None:
    _shot(screen, name)
    fits_width(screen, where, width)
    assert_texts_whole(screen, where, scale)
    assert_compact_header(screen, where)
    if scale in (1.0, 2.0):
        assert_text_contrast(screen, where)
    for game, pieces in PIECES.items():
        if name.startswith(game):
            assert_pieces_shown(screen, where, width, pieces)
    if name.startswith("scales-of-fate"):
        assert_all_renown_markers_shown(screen, where)


@pytest.mark.parametrize("slug", list(MID_GAMES))
def test_mid_game_screens_fit_every_phone(mid_game_server: Any, browser: Any, slug: str) -> None:
    """Each game's screen mid-game at 320, 390, 360 and 430 px, with 100 % and 200 % text
    (and 150 % at 320 and 390 px), in the light and dark themes: no control past the
    screen's edge, no text cut off or broken mid-word, a header within 40 % of a phone's
    height, and coloured texts with WCAG contrast (at 100 % and 200 %). The Counters tab
    too, at 320 px and with large text: no control past the edge, no text cut."""
    server, tables = mid_game_server
    for width, scale, look in GRID:
        ctx = _device(browser, width, scale, look)
        try:
            screen = open_app(ctx, server.host_url(f"/t/{tables[slug]}"))
            screen.wait_id(MID_GAMES[slug][0], timeout=30_000)
            settle(screen)
            sections = GRIM_SECTIONS if slug == "grimheim" else [""]
            for section in sections:
                if section:
                    screen.tap(f"grim-nav-{section}")
                    _wait_section(screen, section)
                name = f"{slug}{'-' + section if section else ''}-{width}-{int(scale * 100)}-{look}"
                where = f"{slug} {section} at {width} px, text {scale:.0%}, {look}"
                _check_screen(screen, where, width, scale, name)
            if scale > 1.0 or width == min(w for w, _, _ in GRID):
                # The Counters tab mid-game: every counter's name and bounds beside its
                # −/+ on the narrowest phone and with large text.
                screen.tap("tab-counters")
                screen.wait_id("panel-counters")
                settle(screen)
                where = f"{slug} counters at {width} px, text {scale:.0%}, {look}"
                _shot(screen, f"{slug}-counters-{width}-{int(scale * 100)}-{look}")
                fits_width(screen, where, width)
                assert_texts_whole(screen, where, scale, panel="panel-counters")
                assert_counter_names_whole(screen, where, scale)
        finally:
            ctx.close()
