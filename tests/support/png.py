"""Read the pixels of a PNG with the standard library only (no Pillow on these machines):
enough for the 8-bit RGB and RGBA, non-interlaced pictures a browser's screenshot is."""

from __future__ import annotations

import struct
import zlib
from collections import Counter

Pixel = tuple[int, int, int]


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def decode(data: bytes) -> tuple[int, int, list[Pixel]]:
    """``(width, height, pixels)`` of a PNG, the pixels row by row as ``(r, g, b)``
    (alpha dropped). Raises ``ValueError`` for any other kind of PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat = 8, b""
    width = height = channels = 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                raise ValueError(f"unsupported PNG (depth {depth}, colour type {colour})")
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    stride = width * channels
    prev = bytearray(stride)
    pixels: list[Pixel] = []
    at = 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1 : at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = prev[i]
            corner = prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                line[i] = (line[i] + _paeth(left, up, corner)) & 0xFF
        pixels += [tuple(line[i : i + 3]) for i in range(0, stride, channels)]  # type: ignore[misc]
        prev = line
    return width, height, pixels


def hex_colour(pixel: Pixel) -> str:
    return "#{:02X}{:02X}{:02X}".format(*pixel)


def text_colours(pixels: list[Pixel]) -> tuple[Pixel, Pixel]:
    """``(background, ink)`` of a picture of text: the commonest colour, and the colour
    furthest from it in luminance (the text's solid middle; its edges are blends)."""
    from companion.theme import contrast_ratio

    background = Counter(pixels).most_common(1)[0][0]
    back = hex_colour(background)
    ink = max(set(pixels), key=lambda p: contrast_ratio(hex_colour(p), back))
    return background, ink
