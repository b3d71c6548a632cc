"""Draw Fatekeeper's icon (a gold balance on a purple disc) and write the PNGs the web app
serves: the browser tab's favicon, the loading screen's picture and the home-screen icons.

    python tools/make_icons.py

Pure Python (pypng, already a dependency): every pixel is the average of 4x4 samples of
the shapes below, so edges come out smooth.
"""

from __future__ import annotations

import math
from pathlib import Path

import png

ASSETS = Path(__file__).resolve().parent.parent / "assets"
PURPLE = (74, 44, 130)
GOLD = (240, 196, 92)
SAMPLES = 4


def _inside_disc(x: float, y: float, cx: float, cy: float, r: float) -> bool:
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def _segment(x: float, y: float, ax: float, ay: float, bx: float, by: float, w: float) -> bool:
    """Within ``w`` of the segment a-b."""
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
    px, py = ax + t * dx, ay + t * dy
    return (x - px) ** 2 + (y - py) ** 2 <= w * w


def _pan(x: float, y: float, cx: float, top: float, r: float) -> bool:
    """The lower half of a disc hanging at ``top``: a scale's pan."""
    return y >= top and _inside_disc(x, y, cx, top, r)


def colour_at(x: float, y: float, maskable: bool) -> tuple[int, int, int, int]:
    """The icon on a unit square (0..1): RGBA at (x, y)."""
    r_disc = 0.5 if maskable else 0.47
    if not maskable and not _inside_disc(x, y, 0.5, 0.5, r_disc):
        return (0, 0, 0, 0)
    s = 0.8 if maskable else 1.0  # a maskable icon keeps its drawing in the safe zone
    u, v = 0.5 + (x - 0.5) / s, 0.5 + (y - 0.5) / s
    gold = (
        _segment(u, v, 0.5, 0.24, 0.5, 0.74, 0.028)  # the post
        or _segment(u, v, 0.36, 0.76, 0.64, 0.76, 0.03)  # its foot
        or _segment(u, v, 0.24, 0.33, 0.76, 0.29, 0.024)  # the beam, tipped by fate
        or _inside_disc(u, v, 0.5, 0.22, 0.045)  # the knob
        or _segment(u, v, 0.24, 0.33, 0.17, 0.52, 0.012)
        or _segment(u, v, 0.24, 0.33, 0.31, 0.52, 0.012)
        or _segment(u, v, 0.76, 0.29, 0.69, 0.48, 0.012)
        or _segment(u, v, 0.76, 0.29, 0.83, 0.48, 0.012)
        or _pan(u, v, 0.24, 0.52, 0.1)
        or _pan(u, v, 0.76, 0.48, 0.1)
    )
    ring = not maskable and r_disc - 0.03 <= math.dist((x, y), (0.5, 0.5))
    rgb = GOLD if gold or ring else PURPLE
    return (*rgb, 255)


def draw(size: int, maskable: bool = False) -> list[list[int]]:
    rows = []
    for j in range(size):
        row: list[int] = []
        for i in range(size):
            acc = [0, 0, 0, 0]
            for sj in range(SAMPLES):
                for si in range(SAMPLES):
                    c = colour_at(
                        (i + (si + 0.5) / SAMPLES) / size,
                        (j + (sj + 0.5) / SAMPLES) / size,
                        maskable,
                    )
                    for k in range(3):
                        acc[k] += c[k] * c[3]
                    acc[3] += c[3]
            n = SAMPLES * SAMPLES
            alpha = acc[3] / n
            row += [round(acc[k] / acc[3]) if acc[3] else 0 for k in range(3)] + [round(alpha)]
        rows.append(row)
    return rows


def write(path: Path, size: int, maskable: bool = False) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fh:
        png.Writer(size, size, greyscale=False, alpha=True).write(fh, draw(size, maskable))


def main() -> None:
    write(ASSETS / "favicon.png", 32)
    write(ASSETS / "icons" / "loading-animation.png", 256)
    write(ASSETS / "icons" / "icon-192.png", 192)
    write(ASSETS / "icons" / "icon-512.png", 512)
    write(ASSETS / "icons" / "apple-touch-icon-192.png", 192, maskable=True)
    write(ASSETS / "icons" / "icon-maskable-192.png", 192, maskable=True)
    write(ASSETS / "icons" / "icon-maskable-512.png", 512, maskable=True)


if __name__ == "__main__":
    main()
