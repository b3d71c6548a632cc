"""Where a URL leads and what credential it carries. Pure functions, no Flet.

Routes:
    /                       home (host only)
    /new                    new table (host only)
    /t/<table_id>           a table (host, or that table's seat/viewer token)
    /rules                  rules reference (host); /t/<table_id>/rules for table guests
    /plays, /plays/<id>     finished plays and one play (host only)
    /stats                  stats (host only)
    /settings               this device's settings (host, or any table guest; ``table``
                            names the table to go back to)
Credentials travel in the query: ``key`` is the host key, ``k`` a table token. Links inside
a session keep the credential so that reloading a page keeps working.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlencode, urlsplit

TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What a table id looks like."""
_TABLE = re.compile(r"^/t/([A-Za-z0-9_-]{1,64})(/rules)?/?$")
_PLAY = re.compile(r"^/plays/([A-Za-z0-9_-]{1,64})/?$")
_HOST_PAGES = ("plays", "stats", "settings")


@dataclass(frozen=True)
class Route:
    """A parsed route: ``screen`` is one of home, new, table, rules, plays, play, stats,
    settings, unknown."""

    screen: str
    table_id: str | None = None
    host_key: str | None = None
    token: str | None = None
    params: dict[str, str] = field(default_factory=dict)

    @property
    def credential(self) -> str | None:
        return self.host_key or self.token


def parse(route: str) -> Route:
    """Split a Flet route (path plus optional query) into a ``Route``."""
    parts = urlsplit(route or "/")
    query = dict(parse_qsl(parts.query, keep_blank_values=True))
    key = query.pop("key", None) or None
    token = query.pop("k", None) or None
    path = parts.path or "/"
    if path in ("/", ""):
        return Route("home", None, key, token, query)
    if path.rstrip("/") == "/new":
        return Route("new", None, key, token, query)
    if path.rstrip("/") == "/rules":
        return Route("rules", None, key, token, query)
    if path.strip("/") in _HOST_PAGES:
        return Route(path.strip("/"), None, key, token, query)
    if m := _PLAY.match(path):
        return Route("play", None, key, token, {**query, "play": m.group(1)})
    m = _TABLE.match(path)
    if m:
        return Route("rules" if m.group(2) else "table", m.group(1), key, token, query)
    return Route("unknown", None, key, token, query)


def link(path: str, *, host_key: str | None = None, token: str | None = None, **params: str) -> str:
    """``path`` with the session's credential and ``params`` in the query."""
    query: dict[str, str] = {}
    if host_key:
        query["key"] = host_key
    elif token:
        query["k"] = token
    query.update({k: v for k, v in params.items() if v})
    return f"{path}?{urlencode(query)}" if query else path
