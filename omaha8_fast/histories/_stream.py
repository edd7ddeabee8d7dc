"""Text in bounded pieces, for every site's reader: line endings made ``\\n``,
a stream read in batches of whole lines, and the text cut into hands at their
header lines, with every line and every hand bounded.

The bounds are the framework's, so that no reader can be made slow or large
by its input: a hand is cut off after ``max_lines`` lines (the reader's
``max_lines``, default :data:`~omaha8_fast.histories._model.MAX_HAND_LINES`)
and every line after ``max_line`` characters (the reader's ``max_line``,
default :data:`~omaha8_fast.histories._model.MAX_LINE`); a file without a
newline is read :data:`CHUNK` characters at a time and only the first
``max_line + 1`` characters of a line are ever kept.

>>> list(blocks([normalize("junk\\r\\nH1\\r\\na\\nH2\\nb")], lambda text: _starts(text, "H")))
[(2, 'H1\\na', False, False, None), (4, ['H2', 'b'], False, False, None)]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

from ._model import MAX_HAND_LINES, MAX_LINE

__all__ = ["CHUNK", "Block", "normalize", "stream_batches", "blocks", "bounded", "add_lines"]

#: Characters read from a stream at a time.
CHUNK = 1 << 20

#: ``(first line number, the hand's text or lines, too many lines, a line too long, the header's tag)``.
Block = tuple[int, "str | list[str]", bool, bool, Any]
#: Where the header lines of a text start, each with a tag (what the caller wants to know of it).
Headers = Callable[[str], Iterable[tuple[int, Any]]]


def _starts(text: str, prefix: str) -> Iterator[tuple[int, None]]:
    """Where the lines of ``text`` starting with ``prefix`` start (for the example above)."""
    if text.startswith(prefix):
        yield 0, None
    at = text.find("\n" + prefix)
    while at >= 0:
        yield at + 1, None
        at = text.find("\n" + prefix, at + 1)


def normalize(text: str) -> str:
    """``text`` with every line ending (``\\r\\n`` or ``\\r``) made ``\\n``,
    and a byte-order mark at the start of any line dropped (two UTF-8 files
    with BOMs joined by ``cat a.txt b.txt`` have one before the second
    file's first header).

    >>> normalize("a\\r\\n\\ufeffb\\rc")
    'a\\nb\\nc'
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "\ufeff" in text:
        text = _MARKS.sub("", text)
    return text


_MARKS = re.compile("^\ufeff+", re.MULTILINE)  # (linear: a mark is one character, a run is matched once)


def stream_batches(stream: IO[str], chunk: int = CHUNK, who: str = "read", max_line: int = MAX_LINE) -> Iterator[str]:
    """The text of a text stream in batches of whole lines (``\\n`` endings,
    none at a batch's end), ``chunk`` characters read at a time, so that a
    file without newlines cannot fill the memory (only the first ``max_line
    + 1`` characters of a line are kept); a byte-order mark is dropped."""
    carry = ""
    first = True
    while True:
        data = stream.read(chunk)
        if not isinstance(data, str):
            raise TypeError(f"{who} needs a file opened in text mode")
        if first:
            first = False
            if data.startswith("\ufeff"):
                data = data[1:]
        if not data:
            if carry:
                yield normalize(carry)
            return
        text = carry + data
        end = len(text) - 1 if text.endswith("\r") else len(text)  # a \r\n may be cut between two chunks
        cut = max(text.rfind("\n", 0, end), text.rfind("\r", 0, end)) + 1
        if cut <= 0:
            carry = text if len(text) <= max_line else text[: max_line + 1]  # keep only what refuses it
            continue
        body, carry = text[:cut], text[cut:]
        if len(carry) > max_line + 1:
            carry = carry[: max_line + 1]
        body = body[:-2] if body.endswith("\r\n") else body[:-1]
        yield normalize(body)


def add_lines(current: list[str], lines: list[str], too_long: bool, long_line: bool,
              max_lines: int = MAX_HAND_LINES, max_line: int = MAX_LINE, max_chars: int | None = None) -> tuple[bool, bool]:
    """Add ``lines`` to the hand ``current``, keeping at most ``max_lines`` + 1
    lines of at most ``max_line`` + 1 characters, and at most ``max_chars``
    characters in all (None: no bound but those); the hand's flags
    ``(too_long, long_line)`` updated (too_long: more lines or characters
    than the bounds; nothing more is kept then)."""
    if too_long:
        return too_long, long_line
    room = max_lines + 1 - len(current)
    if len(lines) > room:
        too_long, lines = True, lines[:max(room, 0)]
    if lines and max(map(len, lines)) > max_line:
        long_line, lines = True, [t[:max_line + 1] for t in lines]
    if max_chars is not None:
        left = max_chars - sum(map(len, current)) - len(current)
        for k, line in enumerate(lines):
            left -= len(line) + 1
            if left < 0:
                too_long, lines = True, lines[:k + 1]
                break
    current += lines
    return too_long, long_line


def bounded(start: int, text: str, max_lines: int = MAX_HAND_LINES) -> tuple[int, str | list[str], bool, bool]:
    """``(start, text, False, False)`` when ``text`` is within the bounds, else
    ``(start, its lines, too many lines, a line too long)`` as :func:`blocks`
    gives them (at most ``max_lines`` + 1 lines of at most MAX_LINE + 1
    characters)."""
    block = _block(start, text, text.count("\n") + 1, None, max_lines, MAX_LINE, None)
    return block[0], block[1], block[2], block[3]


def _block(start: int, text: str, count: int, tag: Any, max_lines: int, max_line: int, max_chars: int | None) -> Block:
    """The hand ``text`` (``count`` lines) beginning on line ``start``, as :func:`blocks` gives it."""
    if count <= max_lines + 1 and (len(text) <= max_line or max(map(len, text.split("\n"))) <= max_line) and (
            max_chars is None or len(text) <= max_chars):
        return start, text, False, False, tag
    lines: list[str] = []
    too_long, long_line = add_lines(lines, text.split("\n"), False, False, max_lines, max_line, max_chars)
    return start, lines, too_long, long_line, tag


def blocks(batches: Iterable[str | list[str]], headers: Headers, max_lines: int = MAX_HAND_LINES,
           orphans: list[tuple[int, str]] | None = None, max_line: int = MAX_LINE,
           max_chars: int | None = None) -> Iterator[Block]:
    """Cut the text into hands at the lines ``headers`` finds: ``(header line
    number, the hand's text or lines, whether it had more than ``max_lines``
    lines (or more than ``max_chars`` characters), whether a line is longer
    than ``max_line``, the header's tag)``. A
    batch is text of whole lines (``\\n`` endings, none at its end) or a list
    of lines. Lines before the first header are no hand: when ``orphans`` is
    a list, the first of them that is not blank is put there, once per run
    of such lines, as (its line number, its first 80 characters). A hand
    that lies in one batch and is within the limits comes as its text (lines
    joined by ``\\n``); any other as a list of at most ``max_lines`` + 1
    lines, each cut to ``max_line`` + 1 characters."""
    done = 0  # lines in the batches before this one
    current: list[str] | None = None  # the lines of a hand begun in an earlier batch
    start = 0
    tag: Any = None
    too_long = long_line = False
    loose = True  # the lines at this point belong to no hand (no header yet)
    for batch in batches:
        text = batch if isinstance(batch, str) else "\n".join(batch)
        pos = 0  # where the lines not yet given to a hand start
        here = False  # whether a hand begins at pos
        for at, found in headers(text):
            if at > pos:
                piece = text[pos:at - 1]
                count = piece.count("\n") + 1
                if here:
                    yield _block(start, piece, count, tag, max_lines, max_line, max_chars)
                elif current is not None:
                    too_long, long_line = add_lines(current, piece.split("\n"), too_long, long_line, max_lines,
                                                    max_line, max_chars)
                elif orphans is not None and loose:
                    loose = not _orphan(piece, done, orphans)
                done += count
            if current is not None:
                yield start, current, too_long, long_line, tag
                current = None
            here, start, pos, tag, loose = True, done + 1, at, found, True
        rest = text[pos:]
        if not here and current is None and orphans is not None and loose:
            loose = not _orphan(rest, done, orphans)
        lines = rest.split("\n") if here or current is not None else None
        done += len(lines) if lines is not None else rest.count("\n") + 1
        if here:
            current, too_long, long_line = [], False, False
        if current is not None and lines is not None:
            too_long, long_line = add_lines(current, lines, too_long, long_line, max_lines, max_line, max_chars)
    if current is not None:
        yield start, current, too_long, long_line, tag


def _orphan(piece: str, done: int, orphans: list[tuple[int, str]]) -> bool:
    """Note the first line of ``piece`` (which follows ``done`` lines) that is
    not blank, if there is one; whether there was."""
    stripped = piece.lstrip()
    if not stripped:
        return False
    at = len(piece) - len(stripped)
    number = done + piece.count("\n", 0, at) + 1
    end = stripped.find("\n", 0, 81)
    orphans.append((number, stripped[:80] if end < 0 else stripped[:end]))
    return True
