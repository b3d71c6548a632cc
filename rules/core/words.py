"""Counts in words: "1 card", "3 cards", never "card(s)"."""

from __future__ import annotations


def plural(n: int, noun: str, many: str | None = None) -> str:
    """``noun`` as it reads after the number ``n``: the singular for exactly one, else
    ``many`` (by default ``noun`` + "s", or + "es" after s, x, z, ch and sh: "successes").
    The number itself is not included."""
    if n == 1:
        return noun
    if many is not None:
        return many
    return noun + ("es" if noun.endswith(("s", "x", "z", "ch", "sh")) else "s")


def counted(n: int, noun: str, many: str | None = None) -> str:
    """``n`` followed by ``noun`` in the right number: ``counted(1, "card")`` is "1 card",
    ``counted(0, "card")`` is "0 cards", ``counted(2, "time")`` is "2 times"."""
    return f"{n} {plural(n, noun, many)}"
