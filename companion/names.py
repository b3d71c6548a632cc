"""People's names as the roster keeps them: tidy, visible, and compared the way people
read them, in every script.

Two names are the same player when they match after NFKC normalisation and Unicode case
folding ("ANNA" and "anna", "Straße" and "STRASSE", a full-width "Ａｎａ" and "Ana", a
decomposed "é" and a composed one). Characters that cannot be seen or typed on purpose
(control characters, zero-width spaces, direction overrides, fillers) are refused with a
message naming the character, because two names that look identical must not be two
players. The joiners that emoji sequences and some scripts need between two visible
characters are kept.
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 40

_JOINERS = frozenset({"\u200c", "\u200d"})
"""Zero-width non-joiner and joiner: part of emoji sequences and of some scripts' spelling,
allowed between two visible characters, ignored when names are compared."""

_FILLERS = frozenset({"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800", "\u034f"})
"""Letters and symbols that draw nothing (Hangul fillers, the blank Braille pattern, the
combining grapheme joiner), used to make a name that looks empty or like another."""

_TAG_FLAG = "\U0001f3f4"
"""The black flag that tag characters follow in subdivision flags (Scotland, Wales)."""


def _is_tag(ch: str) -> bool:
    return "\U000e0020" <= ch <= "\U000e007f"


def _describe(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X} {name}".strip() if name else f"U+{ord(ch):04X}"


def invisible_problem(text: str, what: str = "player") -> str | None:
    """Why ``text`` may not be a name (a control or invisible character, named), or
    ``None`` when every character is one a person can see."""
    for i, ch in enumerate(text):
        category = unicodedata.category(ch)
        if category == "Cc":
            return f"a {what} name may not contain control characters ({_describe(ch)})"
        if ch in _JOINERS:
            before = text[i - 1] if i > 0 else " "
            after = text[i + 1] if i + 1 < len(text) else " "
            if before.isspace() or after.isspace() or before in _JOINERS or after in _JOINERS:
                return (
                    f"a {what} name may not contain invisible characters ({_describe(ch)}) "
                    f"except between two visible ones"
                )
            continue
        if _is_tag(ch) and i > 0 and (text[i - 1] == _TAG_FLAG or _is_tag(text[i - 1])):
            continue
        if category in ("Cf", "Co", "Cn", "Cs") or ch in _FILLERS:
            kind = "unassigned" if category == "Cn" else "invisible"
            return f"a {what} name may not contain {kind} characters ({_describe(ch)})"
    if text and all(unicodedata.category(ch) in ("Mn", "Me") for ch in text):
        return f"a {what} name needs a visible letter, not only accents or marks"
    return None


def clean_name(name: object, what: str = "player") -> str:
    """``name`` trimmed, inner runs of spaces collapsed, in Unicode NFC. Raises
    ``ValueError`` naming the problem: not text, blank, over-long, or holding a control or
    invisible character."""
    if not isinstance(name, str):
        raise ValueError(f"a {what} name must be text")
    problem = invisible_problem(name, what)
    if problem is not None:
        raise ValueError(problem)
    cleaned = unicodedata.normalize("NFC", " ".join(name.split()))
    if not cleaned:
        raise ValueError(f"a {what} needs a name")
    if len(cleaned) > MAX_NAME:
        raise ValueError(f"a {what} name may have at most {MAX_NAME} characters")
    return cleaned


def name_key(name: str) -> str:
    """What two names are compared by: NFKC, case-folded (then NFKC again, as folding can
    undo it), spaces collapsed, joiners and variation selectors left out."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    kept = "".join(ch for ch in folded if ch not in _JOINERS and not ("\ufe00" <= ch <= "\ufe0f"))
    return " ".join(kept.split())


def repeated(names: list[str]) -> list[str]:
    """The names in ``names`` that another one matches (``name_key``), in order, once each."""
    keys = [name_key(n) for n in names]
    seen: list[str] = []
    for name, key in zip(names, keys, strict=True):
        if keys.count(key) > 1 and name not in seen:
            seen.append(name)
    return seen
