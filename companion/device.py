"""Settings that belong to one device (each phone at the table chooses its own): colour
theme, text size and keeping the screen awake during a game.

They live in the device's browser storage (Flet's ``SharedPreferences``, which a web page
keeps in ``localStorage`` as ``flutter.<key>``), so they need no account and survive a
reload. ``assets/textsize.js`` reads the text size from there before the app starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

Theme = Literal["system", "light", "dark"]
THEMES: tuple[Theme, ...] = ("system", "light", "dark")
KEY_THEME = "fk.theme"
KEY_TEXT = "fk.text_scale"
KEY_AWAKE = "fk.keep_awake"
KEY_HINTS = "fk.first_game_hints"
KEYS = (KEY_THEME, KEY_TEXT, KEY_AWAKE, KEY_HINTS)
"""Every setting a device keeps."""
TEXT_MIN, TEXT_MAX, TEXT_STEP = 100, 200, 10


@dataclass(frozen=True)
class DeviceSettings:
    theme: Theme = "dark"
    text_scale: int = 100
    """Text size in percent of the normal size, 100 to 200."""
    keep_awake: bool = True
    """Keep the screen on while a table is open."""
    hints: bool = False
    """First-game hints: the table screen says in one line what the table is waiting for."""


def text_scale(value: Any) -> int:
    """A stored text size made safe: a whole number of percent within 100..200 on the
    10 % steps the slider offers; anything unreadable is 100."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return TEXT_MIN
    if number != number:  # NaN
        return TEXT_MIN
    stepped = int(round(number / TEXT_STEP) * TEXT_STEP)
    return max(TEXT_MIN, min(TEXT_MAX, stepped))


def read(raw: dict[str, Any]) -> DeviceSettings:
    """Settings from what the device had stored (missing or damaged values: defaults)."""
    theme = raw.get(KEY_THEME)
    awake = raw.get(KEY_AWAKE)
    hints = raw.get(KEY_HINTS)
    return DeviceSettings(
        theme=theme if theme in THEMES else "dark",
        text_scale=text_scale(raw.get(KEY_TEXT, TEXT_MIN)),
        keep_awake=awake if isinstance(awake, bool) else True,
        hints=hints if isinstance(hints, bool) else False,
    )
