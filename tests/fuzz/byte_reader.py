"""The byte reader the fuzz targets share: it turns a fuzzer's input into
choices and never fails (past the end it yields zeros), so every input is a
valid program for the target.

The targets are loaded by file path (by driver.py, by the tests, and as
``__main__`` under atheris), so each puts this directory on ``sys.path``
before importing this module.
"""

from __future__ import annotations

__all__ = ["Bytes"]


class Bytes:
    """A reader that never fails: past the end it yields zeros.

    >>> r = Bytes(b"\\x07\\x02")
    >>> r.byte(), r.below(2), r.byte(), r.done
    (7, 0, 0, True)
    """

    def __init__(self, data: bytes) -> None:
        self.data, self.pos = data, 0

    def byte(self) -> int:
        value = self.data[self.pos] if self.pos < len(self.data) else 0
        self.pos += 1
        return value

    def below(self, n: int) -> int:
        return self.byte() % n

    def chunk(self, limit: int) -> bytes:
        """Up to ``limit`` raw bytes, as many as the next byte says."""
        size = self.below(limit + 1)
        out = self.data[self.pos:self.pos + size]
        self.pos += size
        return out

    def rest(self) -> bytes:
        """Every byte not read yet."""
        out, self.pos = self.data[self.pos:], len(self.data)
        return out

    @property
    def done(self) -> bool:
        return self.pos >= len(self.data)
