"""A whole game of Scales of Fate played through the app in headless Chromium, as two people
at a table would: the host phone creates the table and is handed to Ann for her secrets
(two steps: "Give the phone to Ann", then Ann taps "Show my demigods"), Bo joins with his own
seat code and plays his moves from his phone. Once Bo has recorded his demigods there, the
shared phone never offers to hand itself to Bo.

Along the way: the Age setup form, placing demigods (Smite target, Abyss direction),
placing a servant with its renown preview, a god power, a refused god power with its rule
IDs, passing, end-of-Age answers, final guesses and the score pad, whose totals must match
the rules engine replaying the same moves. Bo's phone must never receive Ann's demigods.
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from rules.scales_of_fate import GAME
from rules.scales_of_fate.actions import (
    Announce,
    DealDemigods,
    FinalGuess,
    GodSmite,
    Pass,
    PlaceDemigod,
    PlaceServant,
    SetupAge,
)
from rules.scales_of_fate.state import Criterion, PlacedQuest, SofOptions, TileSpec

from .conftest import PHONE, Screen, Server, open_app

pytestmark = pytest.mark.e2e

ANN_PAIR = "Your demigods: Pentha and Klar"
BO_PAIR = "Your demigods: Naka and Belan"
SHOTS = os.environ.get("FATEKEEPER_SCREENSHOTS", "")
"""A folder to save 390×844 screenshots of the screens along the way (none when unset)."""


def press(screen: Screen, identifier: str) -> None:
    """Tap ``identifier`` and wait until the app has answered.

    The tap is delivered to the control's semantics node (no pixel coordinates, so a
    scrolled screen cannot send it elsewhere); every tap on this screen redraws the section
    holding the control, so the old node leaving the page means the answer has arrived.
    """
    loc = screen.wait_id(identifier)
    inner = loc.locator("[role=button]")
    target = inner.first if inner.count() else loc
    handle = loc.element_handle()
    target.evaluate("el => el.click()")
    # A tap that redraws nothing is fine too: then the wait simply runs out.
    with contextlib.suppress(PlaywrightTimeout):
        screen.page.wait_for_function("el => !el.isConnected", arg=handle, timeout=5_000)


def until(screen: Screen, identifier: str, text: str, timeout_ms: int = 15_000) -> None:
    """Wait until control ``identifier`` shows ``text`` (a device acts only once it has the
    table's latest version; an out-of-date tap would be refused as stale)."""
    loc = screen.wait_id(identifier)
    screen.page.wait_for_function(
        """([sel, want]) => [...document.querySelectorAll(sel)].some(
               el => (el.innerText || '').includes(want)
                     || (el.getAttribute('aria-label') || '').includes(want))""",
        arg=[f'[flt-semantics-identifier="{identifier}"]', text],
        timeout=timeout_ms,
    )
    del loc


def in_step(ahead: Screen, behind: Screen) -> None:
    """Wait until ``behind`` shows the same table move as ``ahead``."""
    want = ahead.text_of("sof-version").strip()
    behind.wait_id("sof-version")
    behind.page.wait_for_function(
        """want => [...document.querySelectorAll('[flt-semantics-identifier="sof-version"]')]
               .some(el => (el.innerText || '').trim() === want
                           || (el.getAttribute('aria-label') || '').trim() === want)""",
        arg=want,
    )


def said(screen: Screen, identifier: str) -> str:
    """Everything control ``identifier`` says: its visible text and the accessible labels
    of the parts inside it (a verdict with rule links is split into several nodes)."""
    loc = screen.wait_id(identifier)
    return str(
        loc.evaluate(
            """el => [el, ...el.querySelectorAll('*')]
                   .map(n => (n.getAttribute && n.getAttribute('aria-label')) || '')
                   .concat([el.innerText || '']).join(' | ')"""
        )
    )


def html(screen: Screen) -> str:
    """The page's whole DOM (texts and semantics labels alike)."""
    return str(screen.page.content())


def setup_age_one(host: Screen) -> None:
    for r in range(3):
        for c in range(3):
            press(host, f"sof-quest-{r}{c}")
            if (r + c) % 2 == 0:
                press(host, "sof-cell-dark")
            press(host, f"sof-cell-change-{AGE1_CHANGES[c]}")
    press(host, "sof-quest-11")
    press(host, "sof-cell-special")
    for _ in range(3):  # smite → abyss-fate → penance
        press(host, "sof-tile-h00")
    press(host, "sof-crit-place-abyss")
    shot(host, "setup-grid", 300)
    shot(host, "setup-criterion", 1100)
    assert "laid out" in host.text_of("sof-setup-verdict")
    press(host, "sof-setup-submit")
    host.wait_id("sof-play")


AGE1_CHANGES = (2, -1, 1)


def expected_final_state() -> Any:
    """The same game, move for move, through the rules engine."""
    quests = tuple(
        PlacedQuest(r, c, (r + c) % 2 == 0, (r, c) == (1, 1), AGE1_CHANGES[c])
        for r in range(3)
        for c in range(3)
    )
    abyss = Criterion(place="abyss")
    s = GAME.setup(SofOptions(players=("Ann", "Bo")))
    moves = [
        DealDemigods(0, ("Pentha", "Klar")),
        DealDemigods(1, ("Naka", "Belan")),
        SetupAge(1, quests, (TileSpec("h00", "penance"),), -2, 2, abyss),
        PlaceDemigod(0, "Agamar", "h00"),
        Pass(1),
        PlaceServant(0, "penance", "L0"),
        Announce(0, False),
        Announce(1, False),
        SetupAge(
            2,
            (PlacedQuest(0, 2, True, True, 3),),
            (TileSpec("v00", "abyss-fate"),),
            -2,
            2,
            Criterion(),
        ),
        PlaceDemigod(1, "Agamar", "v00", direction="left"),
        Announce(0, True),
        Announce(1, True),
        SetupAge(
            3, (PlacedQuest(2, 0, True, True, -2),), (TileSpec("h00", "smite"),), -2, 2, abyss
        ),
        GodSmite(0, "Isabel"),
        PlaceDemigod(1, "Pentha", "h00", target="Aponi"),
        Announce(0, False),
        Announce(1, False),
        FinalGuess(0, ("Naka", "Belan")),
        FinalGuess(1, ("Pentha", "Aponi")),
    ]
    for move in moves:
        s = GAME.apply(s, move)
    return s


def shot(screen: Screen, name: str, scroll: int = 0) -> None:
    if not SHOTS:
        return
    folder = Path(SHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    if scroll:
        screen.page.mouse.move(195, 500)
        screen.page.mouse.wheel(0, scroll)
    screen.screenshot(folder / f"scales-{name}.png")
    if scroll:
        screen.page.mouse.wheel(0, -scroll)
        screen.page.wait_for_timeout(300)


def record_frames(ctx: Any) -> list[bytes]:
    """Every websocket message any page of ``ctx`` receives from the server, as bytes: what
    the device was actually sent, whether or not anything drew it."""
    frames: list[bytes] = []

    def on_socket(ws: Any) -> None:
        ws.on(
            "framereceived",
            lambda payload: frames.append(
                payload if isinstance(payload, bytes) else payload.encode("utf-8")
            ),
        )

    ctx.on("page", lambda page: page.on("websocket", on_socket))
    return frames


def test_a_whole_game_from_new_table_to_score_pad(server: Server, browser: Any) -> None:
    host_ctx = browser.new_context(viewport=PHONE)
    bo_ctx = browser.new_context(viewport=PHONE)
    host_frames = record_frames(host_ctx)
    bo_frames = record_frames(bo_ctx)
    try:
        bo_on_own_phone = _play(server, host_ctx, bo_ctx, host_frames)
    finally:
        host_ctx.close()
        bo_ctx.close()
    # Flet's protocol carries texts as UTF-8 strings, so a secret that was ever sent to a
    # device shows up in its raw frames. The positive controls prove the search can hit.
    assert any(BO_PAIR.encode() in f for f in bo_frames), "Bo's own secret never reached Bo"
    assert any(ANN_PAIR.encode() in f for f in host_frames), "Ann's reveal never reached the host"
    assert not any(ANN_PAIR.encode() in f for f in bo_frames), "Ann's secret was sent to Bo"
    assert not any(b"Pentha and Klar" in f for f in bo_frames)
    # Once Bo had recorded his demigods on his own phone, the shared phone was never sent
    # an offer to hand itself to Bo, nor anything of his secrets.
    later = host_frames[bo_on_own_phone:]
    assert any(b"Give the phone to Ann" in f for f in later), "the search cannot hit"
    assert not any(b"Give the phone to Bo" in f for f in later)
    assert not any(BO_PAIR.encode() in f or b"Naka and Belan" in f for f in host_frames)


def _play(server: Server, host_ctx: Any, bo_ctx: Any, host_frames: list[bytes]) -> int:
    """Play the game; returns how many frames the host had received when Bo's own phone
    recorded his demigods."""
    host = open_app(host_ctx, server.host_url("/new") + "&game=scales-of-fate")
    host.wait_id("create-table")
    host.fill("seat-0", "Ann")
    host.fill("seat-1", "Bo")
    host.tap("create-table")
    host.wait_id("sof-turn")
    table_id = re.search(r"/t/([A-Za-z0-9_-]+)", host.page.url)
    assert table_id

    # Bo joins with his own seat code from the invite dialog.
    host.tap("invite-open")
    host.tap("invite-seat-1")
    host.page.wait_for_timeout(300)
    link = re.search(rf"/t/{table_id.group(1)}\?k=([A-Za-z0-9_-]+)", host.body_text())
    assert link
    host.tap("invite-close")
    bo = open_app(bo_ctx, f"{server.url}{link.group(0)}")
    bo.wait_id("sof-secret-demigods")
    # On a seat device the secrets are the seat's own; no hand-over screen.
    assert "sof-reveal-0" not in html(bo)

    # --- deal: the host phone is handed to Ann, then Bo records on his own phone.
    assert 'flt-semantics-identifier="sof-secret-demigods"' not in html(host)
    assert "Waiting for Ann, waiting for Bo" in host.text_of("sof-deal-progress")
    assert "“Give the phone to Ann” or “Give the phone to Bo” above" in host.body_text()
    # The hand-over takes two steps: "Give the phone to Ann" shows nothing secret (and no
    # board); only Ann's own tap on "Show my demigods" opens her block.
    press(host, "sof-reveal-0")
    host.wait_id("sof-handover")
    host.wait_body("Give the phone to Ann")
    assert 'flt-semantics-identifier="sof-secret-demigods"' not in html(host)
    assert 'flt-semantics-identifier="sof-turn"' not in html(host)
    shot(host, "hand-over")
    press(host, "sof-show-0")
    host.wait_id("sof-secret-demigods")
    press(host, "sof-deal-Pentha")
    press(host, "sof-deal-Klar")
    press(host, "sof-deal-submit")
    in_step(host, bo)
    until(bo, "sof-deal-progress", "Ann ✓, waiting for Bo")
    assert "in the “Bo: your demigods” box above" in bo.body_text()
    press(bo, "sof-deal-Naka")
    press(bo, "sof-deal-Belan")
    mark = len(host_frames)
    press(bo, "sof-deal-submit")
    host.wait_id("sof-setup")
    bo.wait_id("sof-hand")
    shot(bo, "seat-device-secrets", 1400)
    assert BO_PAIR in html(bo) and ANN_PAIR not in html(bo)
    assert ANN_PAIR not in html(host) and BO_PAIR not in html(host)

    # --- Age 1: Ann takes Penance, Bo must pass, Ann's Penance scores.
    setup_age_one(host)
    press(host, "sof-place-Agamar")
    press(host, "sof-tile-h00")
    assert "Allowed" in said(host, "sof-place-verdict")
    press(host, "sof-place-demigod")
    until(bo, "sof-turn", "Bo to play")
    press(bo, "sof-pass")
    host.wait_id("sof-servant-penance")
    press(host, "sof-servant-penance")
    press(host, "sof-slot-L0")
    preview = said(host, "sof-servant-verdict")
    assert "Agamar: renown 7 → 9" in preview, preview
    shot(host, "servant-preview")
    press(host, "sof-place-servant")
    host.wait_id("sof-announce")
    press(host, "sof-announce-0-no")
    until(bo, "sof-announce", "Ann said NO")
    press(bo, "sof-announce-1-no")

    # --- Age 2: only the new special quest and one tile; Bo (first player now) tries a
    # Switch that changes nothing, is refused with the rule, then moves the Abyss marker.
    host.wait_id("sof-setup")
    press(host, "sof-quest-02")
    press(host, "sof-cell-special")
    press(host, "sof-cell-change-3")
    press(host, "sof-tile-v00")
    press(host, "sof-tile-v00")
    press(host, "sof-setup-submit")
    bo.wait_id("sof-play")
    press(bo, "sof-power-switch")
    press(bo, "sof-first-Klar")
    press(bo, "sof-second-Naka")
    shot(bo, "power-verdict", 700)
    # Refused: the button is disabled, the reason is written above it, and the rule it
    # rests on is a link into the rules reference.
    assert "Not allowed" in said(bo, "sof-power-verdict")
    use = bo.wait_id("sof-use-power").locator("[role=button]").first
    assert use.get_attribute("aria-disabled") == "true" or use.is_disabled()
    press(bo, "sof-power-verdict-rule-sof.assume.switch-different-places")
    bo.wait_id("rule-sof.assume.switch-different-places")
    press(bo, "rules-back")
    bo.wait_id("sof-play")
    press(bo, "sof-place-Agamar")
    press(bo, "sof-tile-v00")
    press(bo, "sof-dir-left")
    press(bo, "sof-place-demigod")
    host.wait_id("sof-announce")
    shot(host, "announce")
    press(host, "sof-announce-0-yes")
    until(bo, "sof-announce", "Ann said YES")
    press(bo, "sof-announce-1-yes")

    # --- Age 3: Ann smites Isabel with the god power; Bo smites Aponi with the tile.
    host.wait_id("sof-setup")
    press(host, "sof-quest-20")
    press(host, "sof-cell-special")
    press(host, "sof-cell-dark")
    press(host, "sof-cell-change--2")
    press(host, "sof-tile-h00")
    press(host, "sof-crit-place-abyss")
    press(host, "sof-setup-submit")
    host.wait_id("sof-play")
    press(host, "sof-power-smite")
    press(host, "sof-first-Isabel")
    press(host, "sof-use-power")
    until(bo, "sof-turn", "Bo to play")
    press(bo, "sof-place-Pentha")
    press(bo, "sof-tile-h00")
    press(bo, "sof-target-Aponi")
    shot(bo, "smite-target", 500)
    press(bo, "sof-place-demigod")
    host.wait_id("sof-announce")
    press(host, "sof-announce-0-no")
    until(bo, "sof-announce", "Ann said NO")
    press(bo, "sof-announce-1-no")

    # --- final guesses: Ann on the handed-over host phone, Bo on his own.
    host.wait_id("sof-guess-status")
    assert "Waiting for Ann, waiting for Bo" in host.text_of("sof-guess-progress")
    host.wait_id("sof-own-phone-1")
    assert 'flt-semantics-identifier="sof-reveal-1"' not in html(host)
    assert "Give the phone to Bo" not in host.body_text()
    press(host, "sof-reveal-0")
    press(host, "sof-show-0")
    press(host, "sof-guess-Naka")
    press(host, "sof-guess-Belan")
    press(host, "sof-guess-submit")
    in_step(host, bo)
    until(bo, "sof-guess-progress", "Ann ✓, waiting for Bo")
    press(bo, "sof-guess-Pentha")
    press(bo, "sof-guess-Aponi")
    assert ANN_PAIR not in html(bo)
    press(bo, "sof-guess-submit")

    # --- the score pad, as the rules engine reckons the same game.
    host.wait_id("sof-score-pad")
    bo.wait_id("sof-score-pad")
    sheet = GAME.score(expected_final_state())
    for seat, player in enumerate(sheet.players):
        assert host.text_of(f"sof-score-{seat}-total") == str(player.total)
        assert bo.text_of(f"sof-score-{seat}-total") == str(player.total)
    pad = html(host).upper()
    for column in ("DEMI POSITION", "GUESS", "GOD POWERS", "TOTAL"):
        assert column in pad
    if sheet.winner:
        assert sheet.winner in host.text_of("sof-winner")
    shot(host, "score-pad")
    # Even now Bo's phone never held Ann's private block.
    assert ANN_PAIR not in html(bo)
    return mark
