"""Settings reached from a table: a guest's About leaves out the host's machine, and the
back arrow leads each device to the right table."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from companion.hub import Access, Hub
from companion.store import Database
from companion.views import settings_view


def _shell(hub: Hub, access: Access | None) -> Any:
    return SimpleNamespace(
        hub=hub, access=access, is_host=access is not None and access.role == "host"
    )


def test_only_the_host_sees_the_data_folder(file_db: Database) -> None:
    hub = Hub(file_db)
    assert file_db.path is not None
    folder = str(file_db.path.parent)
    host = settings_view.about_lines(_shell(hub, Access("host", None, None)))
    assert ("Data folder", folder) in host
    for guest in (Access("seat", "abc", 0), Access("viewer", "abc", None)):
        rows = settings_view.about_lines(_shell(hub, guest))
        labels = [label for label, _ in rows]
        assert "Version" in labels
        assert not {"Data folder", "Backups", "Database"} & set(labels), rows
        assert all(folder not in value for _, value in rows)


def test_back_leads_to_the_table_settings_came_from(tmp_path: Path, file_db: Database) -> None:
    hub = Hub(file_db)
    host = _shell(hub, Access("host", None, None))
    assert settings_view.back_route(host, "tbl_1") == "/t/tbl_1"
    assert settings_view.back_route(host, None) == "/"
    assert settings_view.back_route(host, "../etc?key=x") == "/"
    seat = _shell(hub, Access("seat", "mine", 1))
    # A guest goes back to its own table, whatever the link named.
    assert settings_view.back_route(seat, "other") == "/t/mine"
    assert settings_view.back_route(seat, None) == "/t/mine"
