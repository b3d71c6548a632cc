"""Sharing a table on the LAN: the host's address, join links and their QR codes.

Links: the host opens ``http://IP:PORT/?key=<host_key>``; a table is joined at
``http://IP:PORT/t/<table_id>?k=<token>`` (a join token to watch, a seat token to play a seat).
QR codes are made without Pillow: PNG through pypng, SVG as text, and block characters for
printing in a terminal.
"""

from __future__ import annotations

import base64
import io
import ipaddress
import socket
from urllib.parse import quote

import qrcode  # type: ignore[import-untyped,unused-ignore]
from qrcode.image.pure import PyPNGImage  # type: ignore[import-untyped]
from qrcode.image.svg import SvgPathImage  # type: ignore[import-untyped]

LOOPBACK = "127.0.0.1"
# Any private address will do: connecting a UDP socket only picks the outgoing interface
# and sends nothing, so this works offline and never leaves the machine.
_PROBE = ("10.254.254.254", 1)


def lan_address() -> str:
    """The machine's IPv4 address on the local network, or ``127.0.0.1`` when it has none."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        sock.connect(_PROBE)
        address = str(sock.getsockname()[0])
    except OSError:
        return LOOPBACK
    finally:
        sock.close()
    try:
        parsed = ipaddress.IPv4Address(address)
    except ValueError:
        return LOOPBACK
    if parsed.is_unspecified or parsed.is_loopback or parsed.is_link_local:
        return LOOPBACK
    return address


def base_url(host: str, port: int) -> str:
    """``http://host:port`` (IPv6 hosts are bracketed)."""
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}"


def join_url(base: str, table_id: str, token: str) -> str:
    """The link that joins table ``table_id`` with ``token`` (join or seat token)."""
    return f"{base.rstrip('/')}/t/{quote(table_id, safe='')}?k={quote(token, safe='')}"


def host_url(base: str, host_key: str) -> str:
    """The link that gives host access to this companion."""
    return f"{base.rstrip('/')}/?key={quote(host_key, safe='')}"


def _qr(text: str, border: int = 2) -> qrcode.QRCode:  # type: ignore[type-arg,unused-ignore]
    code = qrcode.QRCode(error_correction=qrcode.ERROR_CORRECT_M, border=border)
    code.add_data(text)
    code.make(fit=True)
    return code


def qr_png(text: str, box_size: int = 8, border: int = 2) -> bytes:
    """A PNG of the QR code for ``text`` (``box_size`` pixels per module)."""
    code = qrcode.QRCode(
        error_correction=qrcode.ERROR_CORRECT_M,
        box_size=box_size,
        border=border,
        image_factory=PyPNGImage,
    )
    code.add_data(text)
    code.make(fit=True)
    out = io.BytesIO()
    code.make_image().save(out)
    return out.getvalue()


def qr_png_base64(text: str, box_size: int = 8, border: int = 2) -> str:
    """The PNG of ``qr_png`` as base64 text (for an image control's source)."""
    return base64.b64encode(qr_png(text, box_size, border)).decode("ascii")


def qr_svg(text: str, border: int = 2) -> str:
    """The QR code for ``text`` as an SVG document."""
    code = qrcode.QRCode(
        error_correction=qrcode.ERROR_CORRECT_M,
        border=border,
        image_factory=SvgPathImage,
    )
    code.add_data(text)
    code.make(fit=True)
    data = code.make_image().to_string(encoding="unicode")
    return data if isinstance(data, str) else data.decode("utf-8")


def qr_matrix(text: str, border: int = 2) -> list[list[bool]]:
    """The modules of the QR code for ``text`` (``True`` = dark), quiet zone included."""
    return [list(row) for row in _qr(text, border).get_matrix()]


def qr_terminal(text: str, *, dark_background: bool = True) -> str:
    """The QR code for ``text`` drawn with block characters, two modules per character row.

    On a dark terminal the light modules are drawn (blocks) and the dark ones left blank, so
    the code reads dark-on-light as scanners expect; pass ``dark_background=False`` for a
    light terminal.
    """
    matrix = qr_matrix(text, border=2)
    if len(matrix) % 2:
        matrix.append([False] * len(matrix[0]))  # light padding row below the quiet zone
    glyphs = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}
    lines = []
    for top, bottom in zip(matrix[::2], matrix[1::2], strict=True):
        row = []
        for upper, lower in zip(top, bottom, strict=True):
            # Draw what should look light on a dark background, dark on a light one.
            draw_upper = (not upper) if dark_background else upper
            draw_lower = (not lower) if dark_background else lower
            row.append(glyphs[(draw_upper, draw_lower)])
        lines.append("".join(row))
    return "\n".join(lines)
