"""The codes that grant access (host key, watch codes, seat codes) and how they are kept.

A code is 128 random bits in URL-safe text. Only its SHA-256 digest is ever written to the
database, so a copied database file or dump opens no table; a running host remembers the
codes it made itself, which is how it can show them again as links and QR codes. Codes are
compared digest to digest in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

MAX_CODE = 200
"""Longer credentials are refused before any hashing (ours are 22 characters)."""


def new_code() -> str:
    """An unguessable code for a URL (128 bits)."""
    return secrets.token_urlsafe(16)


def digest(code: str) -> str:
    """What is stored for ``code``: its SHA-256 as 64 hex digits. A 128-bit random code
    needs no slow hash: there is nothing to guess from its digest."""
    return hashlib.sha256(code.encode("utf-8")).hexdigest()


def same(a: str, b: str) -> bool:
    """Constant-time equality of two digests (or any two strings)."""
    return hmac.compare_digest(a.encode("utf-8"), b.encode("utf-8"))


def usable(code: object) -> bool:
    """Is ``code`` worth looking up at all (text, not empty, not absurdly long)?"""
    return isinstance(code, str) and 0 < len(code) <= MAX_CODE
