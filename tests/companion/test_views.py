"""Screen logic that needs no browser: routes and credentials, option forms, panel lookup,
the counters panel's controls."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

import flet as ft
import pytest

from companion.panels import PanelContext, panel_for
from companion.panels.counters import build_panel as counters_panel
from companion.views import routes
from companion.views.home import ago
from companion.views.options_form import OptionsForm, fields_for
from rules.core import Correct, Verdict
from tests.support.tally import TALLY, TallyOptions


@pytest.mark.parametrize(
    ("url", "screen", "table", "key", "token"),
    [
        ("/", "home", None, None, None),
        ("/?key=H1", "home", None, "H1", None),
        ("/new?key=H1", "new", None, "H1", None),
        ("/t/abc123?k=T1", "table", "abc123", None, "T1"),
        ("/t/abc123/rules?k=T1&rule=x.y", "rules", "abc123", None, "T1"),
        ("/rules?key=H1&game=tally", "rules", None, "H1", None),
        ("/t/../../etc?k=T1", "unknown", None, None, "T1"),
        ("/t/abc?k=", "table", "abc", None, None),
        ("", "home", None, None, None),
    ],
)
def test_parse_routes(url: str, screen: str, table: str | None, key: Any, token: Any) -> None:
    r = routes.parse(url)
    assert (r.screen, r.table_id, r.host_key, r.token) == (screen, table, key, token)


def test_links_keep_the_credential_and_params() -> None:
    assert routes.link("/new", host_key="H") == "/new?key=H"
    assert routes.link("/t/x/rules", token="T", rule="a.b") == "/t/x/rules?k=T&rule=a.b"
    assert routes.link("/", rule="") == "/"
    assert routes.parse(routes.link("/rules", host_key="H", game="g")).params == {"game": "g"}


class Mode(enum.Enum):
    CALM = "calm"
    WILD = "wild"


@dataclass(frozen=True)
class Opts:
    players: int = 3
    expert: bool = False
    board: Literal["day", "night"] = "night"
    mode: Mode = Mode.WILD
    name: str = "x"
    fixed: tuple[int, ...] = (1, 2)


def test_fields_follow_the_options_dataclass() -> None:
    specs = {s.name: s for s in fields_for(Opts)}
    assert set(specs) == {"players", "expert", "board", "mode", "name"}
    assert (specs["players"].kind, specs["players"].default) == ("int", 3)
    assert (specs["expert"].kind, specs["expert"].default) == ("bool", False)
    assert specs["board"].kind == "choice" and specs["board"].default == "night"
    assert [v for v, _ in specs["board"].choices] == ["day", "night"]
    assert specs["mode"].default == "wild"


def test_form_values_round_trip_through_the_game_decoder() -> None:
    form = OptionsForm(fields_for(TallyOptions))
    form.controls["target"].value = "7"  # type: ignore[attr-defined]
    assert TALLY.decode_options(form.values()) == TallyOptions(target=7, secret="owl")
    form.controls["target"].value = "seven"  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="Target must be a whole number"):
        form.values()


def test_missing_panel_module_falls_back_to_counters() -> None:
    assert panel_for("tally") is counters_panel
    assert panel_for("no-such-game") is counters_panel


def _ctx(role: str = "host") -> tuple[PanelContext, list[Any]]:
    sent: list[Any] = []
    state = TALLY.apply(TALLY.setup(TallyOptions()), Correct("pile", 4))
    ctx = PanelContext(
        page=None,  # type: ignore[arg-type]
        game=TALLY,
        state=state,
        seat=None,
        role=role,  # type: ignore[arg-type]
        seat_names=["Ann", "Bo"],
        version=1,
        act=sent.append,
        check=lambda a: TALLY.check(state, a),
        show_verdict=lambda v: sent.append(v),
    )
    return ctx, sent


def _find(control: Any, identifier: str) -> Any:
    if isinstance(control, ft.Semantics) and control.identifier == identifier:
        return control.content
    for child in _children(control):
        found = _find(child, identifier)
        if found is not None:
            return found
    return None


def _children(control: Any) -> list[Any]:
    out = []
    for attr in ("controls", "content"):
        value = getattr(control, attr, None)
        if isinstance(value, list):
            out += value
        elif isinstance(value, ft.Control):
            out.append(value)
    return out


def test_counters_panel_shows_value_and_sends_corrections() -> None:
    ctx, sent = _ctx()
    panel = counters_panel(ctx)
    assert _find(panel, "counter-pile-value").value == "4"
    _find(panel, "counter-pile-plus").on_click(None)
    _find(panel, "counter-pile-minus").on_click(None)
    assert sent == [Correct("pile", 5), Correct("pile", 3)]
    field = _find(panel, "counter-pile-field")
    field.value = "9"
    _find(panel, "counter-pile-set").on_click(None)
    assert sent[-1] == Correct("pile", 9)


def test_counters_panel_is_read_only_for_viewers() -> None:
    ctx, _ = _ctx("viewer")
    panel = counters_panel(ctx)
    assert _find(panel, "counter-pile-plus").disabled
    assert _find(panel, "counter-pile-minus").disabled


def test_verdict_sheet_links_every_rule() -> None:
    from companion.views.verdict import sheet

    opened: list[str] = []
    bs = sheet(Verdict.no("Too far.", "tally.amount", "core.correction"), opened.append)
    for rule in ("tally.amount", "core.correction"):
        assert _find(bs, f"rule-link-{rule}") is not None
    assert _find(bs, "verdict-reason").value == "Too far."


def test_ago() -> None:
    now = datetime(2025, 1, 10, 12, 0, tzinfo=UTC)
    assert ago(now - timedelta(seconds=5), now) == "just now"
    assert ago(now - timedelta(minutes=5), now) == "5 min ago"
    assert ago(now - timedelta(hours=3), now) == "3 h ago"
    assert ago(now - timedelta(days=2), now) == "2 days ago"
    assert ago(now - timedelta(days=30), now) == "11 Dec 2024"


def test_a_live_shell_is_what_screens_are_given(hub: Any) -> None:
    """Screens are written against ``views.context.AppContext``; the app's ``Shell`` on a
    real session has every attribute and method it names."""
    from companion.views.context import AppContext
    from tests.support.phones import open_phone

    shell, _session = open_phone(hub, f"/?key={hub.host_key}")
    assert isinstance(shell, AppContext)
    assert shell.is_host
    members = [m for m in vars(AppContext) if not m.startswith("_")]
    members += list(AppContext.__annotations__)
    missing = [m for m in members if not hasattr(shell, m)]
    assert not missing, missing
