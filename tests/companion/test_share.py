"""LAN address, join links and QR codes (PNG without Pillow, SVG, terminal art)."""

from __future__ import annotations

import base64
import ipaddress
import socket
from urllib.parse import parse_qs, urlsplit

import png
import pytest

from companion import share


def test_lan_address_is_ipv4() -> None:
    address = share.lan_address()
    assert isinstance(ipaddress.ip_address(address), ipaddress.IPv4Address)


def test_lan_address_falls_back_without_network(monkeypatch: pytest.MonkeyPatch) -> None:
    class NoRoute(socket.socket):
        def connect(self, address: object) -> None:
            raise OSError(101, "Network is unreachable")

    monkeypatch.setattr(share.socket, "socket", NoRoute)
    assert share.lan_address() == "127.0.0.1"


def test_urls() -> None:
    base = share.base_url("192.168.1.20", 8550)
    assert base == "http://192.168.1.20:8550"
    assert share.host_url(base + "/", "k-_Y") == "http://192.168.1.20:8550/?key=k-_Y"
    url = share.join_url(base, "ab12", "t/k?&=")
    parts = urlsplit(url)
    assert parts.path == "/t/ab12" and parse_qs(parts.query) == {"k": ["t/k?&="]}
    assert share.base_url("fe80::1", 80) == "http://[fe80::1]:80"


def test_qr_png_base64_is_a_real_png() -> None:
    data = base64.b64decode(share.qr_png_base64("http://10.0.0.2:8550/t/x?k=y", box_size=4))
    width, height, rows, _info = png.Reader(bytes=data).read()
    assert width == height and width % 4 == 0 and width >= 4 * (21 + 4)
    pixels = [list(r) for r in rows]
    assert len(pixels) == height
    # The quiet zone is light, the finder pattern's corner is dark.
    assert pixels[0][0] != pixels[8][8]


def test_qr_svg_is_svg() -> None:
    svg = share.qr_svg("hello")
    assert svg.lstrip().startswith(("<svg", "<?xml")) and "<path" in svg


def test_terminal_art_matches_the_matrix() -> None:
    text = "http://192.168.1.20:8550/t/0123456789abcdef?k=abcdefghijklmnopqrstuv"
    matrix = share.qr_matrix(text)
    art = share.qr_terminal(text).split("\n")
    assert len(art) == (len(matrix) + 1) // 2
    assert all(len(line) == len(matrix) for line in art)
    # Dark background: light modules drawn, dark left blank; the quiet zone is all blocks.
    assert set(art[0]) == {"█"}
    top, bottom = matrix[2], matrix[3]
    line = art[1]
    for x, ch in enumerate(line):
        expected = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}
        assert ch == expected[(not top[x], not bottom[x])]
    light = share.qr_terminal(text, dark_background=False).split("\n")
    assert set(light[0]) == {" "}
