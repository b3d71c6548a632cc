"""Reading a large JSON file a piece at a time, for imports.

``Reader`` walks the outer objects and arrays of a document itself and hands each inner
value (one event, one play) to the standard decoder, so memory holds one such value and a
window of the file, never the whole document. The caller says where to walk in and where to
take a value whole; the document's shape is the caller's business.

Anything that is not JSON raises ``StreamError`` with the line and column; a value nested
deeper than the decoder can follow, or larger than ``max_value`` characters, raises it too
(instead of a ``RecursionError`` or running out of memory).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, TextIO

CHUNK = 1 << 20
"""Characters read from the file at a time."""

MAX_VALUE = 64 << 20
"""The largest single value (one event, one snapshot, one play) read whole, in characters."""

_WHITESPACE = " \t\n\r"
_DECODER = json.JSONDecoder()


class StreamError(ValueError):
    """The document is not JSON here (the message says where and why)."""


class Reader:
    """A cursor over one JSON document in ``source``."""

    def __init__(self, source: TextIO, *, chunk: int = CHUNK, max_value: int = MAX_VALUE) -> None:
        self._source = source
        self._chunk = chunk
        self._max_value = max_value
        self._buf = ""
        self._pos = 0
        self._eof = False
        self._consumed_lines = 1  # the line number of the window's first character
        self._consumed_col = 0

    # ----- the window ---------------------------------------------------------------------

    def _more(self) -> bool:
        """Read another chunk into the window (dropping what was already used); ``False``
        at the end of the file."""
        if self._eof:
            return False
        used = self._buf[: self._pos]
        newlines = used.count("\n")
        if newlines:
            self._consumed_lines += newlines
            self._consumed_col = len(used) - used.rfind("\n") - 1
        else:
            self._consumed_col += len(used)
        self._buf = self._buf[self._pos :]
        self._pos = 0
        piece = self._source.read(self._chunk)
        if not piece:
            self._eof = True
            return False
        self._buf += piece
        return True

    def _where(self, pos: int | None = None) -> str:
        at = self._pos if pos is None else pos
        before = self._buf[:at]
        newlines = before.count("\n")
        line = self._consumed_lines + newlines
        col = (at - before.rfind("\n")) if newlines else self._consumed_col + at + 1
        return f"line {line}, column {col}"

    def _fail(self, what: str, pos: int | None = None) -> StreamError:
        return StreamError(f"{what} at {self._where(pos)}")

    def peek(self) -> str:
        """The next character that is not whitespace ('' at the end of the file)."""
        while True:
            while self._pos < len(self._buf) and self._buf[self._pos] in _WHITESPACE:
                self._pos += 1
            if self._pos < len(self._buf):
                return self._buf[self._pos]
            if not self._more():
                return ""

    def expect(self, ch: str, what: str) -> None:
        found = self.peek()
        if found != ch:
            shown = repr(found) if found else "the end of the file"
            raise self._fail(f"this is not JSON (expected {what} but found {shown})")
        self._pos += 1

    # ----- values -------------------------------------------------------------------------

    def value(self) -> Any:
        """The next value, decoded whole."""
        self.peek()
        while True:
            try:
                found, end = _DECODER.raw_decode(self._buf, self._pos)
            except RecursionError:
                raise self._fail("a value is nested too deeply to read") from None
            except json.JSONDecodeError as exc:
                if self._eof:
                    raise self._fail(f"this is not JSON ({exc.msg})", exc.pos) from None
                if len(self._buf) - self._pos > self._max_value:
                    raise self._fail(
                        f"a single value is larger than {self._max_value // (1 << 20)} MB"
                    ) from None
                self._more()  # perhaps the value goes on in the next chunk
                continue
            # A number (or true, false, null) that ends where the window ends may go on in
            # the next chunk: read on before taking it.
            if end >= len(self._buf) and not self._eof:
                self._more()
                continue
            self._pos = end
            return found

    def skip(self) -> None:
        """Pass over the next value (decoded and dropped: one value at a time)."""
        self.value()

    def members(self) -> Iterator[str]:
        """Walk into an object: yields each key, after which the caller must read (or walk
        into, or skip) its value before asking for the next key."""
        self.expect("{", "an object ('{')")
        if self.peek() == "}":
            self._pos += 1
            return
        while True:
            if self.peek() != '"':
                raise self._fail("this is not JSON (expected a key in quotes)")
            key = self.value()
            self.expect(":", "':' after a key")
            yield key
            nxt = self.peek()
            if nxt == ",":
                self._pos += 1
                continue
            if nxt == "}":
                self._pos += 1
                return
            raise self._fail("this is not JSON (expected ',' or '}' in an object)")

    def items(self) -> Iterator[int]:
        """Walk into an array: yields each element's index, after which the caller must
        read (or walk into, or skip) that element."""
        self.expect("[", "a list ('[')")
        if self.peek() == "]":
            self._pos += 1
            return
        index = 0
        while True:
            yield index
            index += 1
            nxt = self.peek()
            if nxt == ",":
                self._pos += 1
                continue
            if nxt == "]":
                self._pos += 1
                return
            raise self._fail("this is not JSON (expected ',' or ']' in a list)")

    def end(self) -> None:
        """Check that nothing but whitespace follows the document."""
        if self.peek():
            raise self._fail("this is not JSON (something follows the end of the document)")
