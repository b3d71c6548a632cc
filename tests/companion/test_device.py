"""This device's settings: stored values are read safely, and the page serves the text-size
script and the app's own name and icon."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from companion import device
from companion.server import PageScripts


@pytest.mark.parametrize(
    ("stored", "expected"),
    [
        ({}, device.DeviceSettings()),
        (
            {device.KEY_THEME: "light", device.KEY_TEXT: 150, device.KEY_AWAKE: False},
            device.DeviceSettings("light", 150, False),
        ),
        (
            {device.KEY_THEME: "neon", device.KEY_TEXT: "lots", device.KEY_AWAKE: "yes"},
            device.DeviceSettings(),
        ),
        ({device.KEY_TEXT: 999}, device.DeviceSettings(text_scale=200)),
        ({device.KEY_TEXT: 40}, device.DeviceSettings(text_scale=100)),
        ({device.KEY_TEXT: 144}, device.DeviceSettings(text_scale=140)),
        ({device.KEY_TEXT: float("nan")}, device.DeviceSettings(text_scale=100)),
    ],
)
def test_stored_settings_are_read_safely(
    stored: dict[str, Any], expected: device.DeviceSettings
) -> None:
    assert device.read(stored) == expected


def _run(app: Any, path: str = "/", method: str = "GET") -> tuple[dict[str, Any], bytes]:
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(app({"type": "http", "method": method, "path": path}, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start, body


def _page(content_type: bytes, body: bytes) -> Any:
    async def app(scope: Any, receive: Any, send: Any) -> None:
        headers = [(b"content-type", content_type), (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        half = len(body) // 2
        await send({"type": "http.response.body", "body": body[:half], "more_body": True})
        await send({"type": "http.response.body", "body": body[half:]})

    return app


def test_html_page_gets_the_text_size_script_before_the_app() -> None:
    html = b"<html><head><title>Fatekeeper</title></head><body></body></html>"
    start, body = _run(PageScripts(_page(b"text/html; charset=utf-8", html)))
    scripts = b'<script src="textsize.js"></script><script src="connection.js"></script>'
    assert body == html.replace(b"</head>", scripts + b"</head>")
    assert dict(start["headers"])[b"content-length"] == str(len(body)).encode()


def test_other_files_pass_untouched() -> None:
    js = b"console.log('</head>')"
    _start, body = _run(PageScripts(_page(b"application/javascript", js)))
    assert body == js


def test_the_app_is_named_and_has_its_icons() -> None:
    from starlette.testclient import TestClient

    from companion.server import build_app
    from companion.theme import assets_dir

    client = TestClient(build_app(lambda page: None, str(assets_dir())))
    page = client.get("/")
    assert "<title>Fatekeeper</title>" in page.text
    assert '<script src="textsize.js"></script>' in page.text
    assert client.get("/textsize.js").status_code == 200
    ours = (assets_dir() / "icons" / "loading-animation.png").read_bytes()
    assert client.get("/icons/loading-animation.png").content == ours
    assert client.get("/favicon.png").content == (assets_dir() / "favicon.png").read_bytes()
    assert "Fatekeeper" in client.get("/manifest.json").text
