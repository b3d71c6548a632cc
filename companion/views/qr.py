"""QR codes as base64 PNG strings for ``ft.Image`` (raw bytes draw nothing on a LAN
address, which is not a secure context; a base64 string always renders)."""

from __future__ import annotations

import base64
import io

import qrcode
from qrcode.image.pure import PyPNGImage


def png_base64(data: str, box_size: int = 8) -> str:
    """The QR code of ``data`` as a base64-encoded PNG (pure Python, no Pillow)."""
    qr = qrcode.QRCode(border=2, box_size=box_size, image_factory=PyPNGImage)
    qr.add_data(data)
    qr.make(fit=True)
    buf = io.BytesIO()
    qr.make_image().save(buf)
    return base64.b64encode(buf.getvalue()).decode("ascii")
