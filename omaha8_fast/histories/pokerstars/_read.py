"""Reading PokerStars files and texts: hands split off a stream in bounded blocks, each read by the fast or the
general reader (:func:`read_pokerstars`, :func:`parse_pokerstars`)."""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import IO

from .._model import (
    MAX_HAND_LINES,
    MAX_LINE,
    HandHistoryError,
    ImportedHand,
)
from ._fast import (
    _parse_fast,
)
from ._lines import (
    _HEADER,
    Errors,
    Source,
    _parse_one,
)

#: The errors a reader keeps with ``errors="skip"`` (the first ones; ``error_count`` counts them all).
MAX_KEPT_ERRORS = 100
#: The game names a reader counts hands under in ``skipped``; hands of further games count as OTHER_GAMES.
MAX_KEPT_GAMES = 100
OTHER_GAMES = "(other games)"


class PokerStarsReader(Iterator[ImportedHand]):
    """An iterator over the Omaha Hi/Lo hands of a PokerStars file.

    ``skipped`` counts the hands of other games by game name (the first
    :data:`MAX_KEPT_GAMES` names; hands of further games are counted under
    ``"(other games)"``); ``error_count`` counts the hands that could not be
    read and ``errors`` keeps the :class:`HandHistoryError` of the first
    :data:`MAX_KEPT_ERRORS` of them (with ``errors="skip"``; with ``"raise"``
    the first one is raised). A reader holds constant memory whatever the
    file holds.
    """

    def __init__(self, batches: Iterable[str | list[str]], errors: Errors = "raise") -> None:
        if errors not in ("raise", "skip"):
            raise ValueError(f"errors must be 'raise' or 'skip', got {errors!r}")
        self._blocks = _blocks(batches)
        self._mode = errors
        self.skipped: Counter[str] = Counter()
        self.errors: list[HandHistoryError] = []
        self.error_count: int = 0
        self.hands_read: int = 0

    def __iter__(self) -> PokerStarsReader:
        return self

    def __next__(self) -> ImportedHand:
        for first, block, too_long, long_line in self._blocks:
            try:
                if too_long or long_line:
                    assert isinstance(block, list)
                    lines = block
                    if too_long:
                        header = _HEADER.match(lines[0])
                        raise HandHistoryError(f"the hand has more than {MAX_HAND_LINES} lines",
                                               hand_id=header.group(1) if header else None, line=first)
                    while lines and not lines[-1].strip():
                        lines.pop()
                    result = _parse_one(lines, first, long_line)
                else:
                    text = block if isinstance(block, str) else "\n".join(block)
                    body = text.rstrip("\n")
                    fast = _parse_fast(body, first) if body and not body[-1].isspace() else None
                    if fast is not None:
                        result = fast
                    else:  # the general reader, with its error messages
                        lines = text.split("\n")
                        while lines and not lines[-1].strip():
                            lines.pop()
                        result = _parse_one(lines, first, False)
            except HandHistoryError as error:
                if self._mode == "raise":
                    raise
                self._keep_error(error)
                continue
            if isinstance(result, str):
                self._count_skipped(result)
                continue
            self.hands_read += 1
            return result
        raise StopIteration

    def _keep_error(self, error: HandHistoryError) -> None:
        """Count an unreadable hand; keep its error (without the traceback,
        which holds the hand's lines) while fewer than MAX_KEPT_ERRORS are kept."""
        self.error_count += 1
        if len(self.errors) < MAX_KEPT_ERRORS:
            self.errors.append(error.with_traceback(None))

    def _count_skipped(self, game: str) -> None:
        """Count a hand of another game under its name, or under ``"(other
        games)"`` once MAX_KEPT_GAMES names are counted."""
        if game not in self.skipped and len(self.skipped) >= MAX_KEPT_GAMES:
            game = OTHER_GAMES
        self.skipped[game] += 1


_HEADER_START = re.compile(r"PokerStars (?:Zoom |Home Game |Rush )?(?:Hand|Game) #\d{1,30}:")  # what _HEADER needs


def _headers(text: str) -> Iterator[int]:
    """Where the lines of ``text`` that are hand headers start (str.find does
    the scanning: no Python work per line)."""
    match = _HEADER_START.match
    if match(text):
        yield 0
    at = text.find("\nPokerStars ")
    while at >= 0:
        if match(text, at + 1):
            yield at + 1
        at = text.find("\nPokerStars ", at + 12)


def _add_lines(current: list[str], lines: list[str], too_long: bool, long_line: bool) -> tuple[bool, bool]:
    """Add ``lines`` to the hand ``current``, keeping at most MAX_HAND_LINES + 1
    lines of at most MAX_LINE + 1 characters; the hand's flags
    ``(too_long, long_line)`` updated."""
    room = MAX_HAND_LINES + 1 - len(current)
    if len(lines) > room:
        too_long, lines = True, lines[:max(room, 0)]
    if lines and max(map(len, lines)) > MAX_LINE:
        long_line, lines = True, [t[:MAX_LINE + 1] for t in lines]
    current += lines
    return too_long, long_line


def _blocks(batches: Iterable[str | list[str]]) -> Iterator[tuple[int, str | list[str], bool, bool]]:
    """Cut the text into hands: ``(header line number, the hand's text or
    lines, whether it had more than MAX_HAND_LINES lines, whether a line is
    longer than MAX_LINE)``. A batch is text of whole lines (``\n`` endings,
    none at its end) or a list of lines. Lines before the first header are
    ignored. A hand that lies in one batch and is within the limits comes as
    its text (lines joined by ``\n``); any other as a list of at most
    MAX_HAND_LINES + 1 lines, each cut to MAX_LINE + 1 characters."""
    done = 0  # lines in the batches before this one
    current: list[str] | None = None  # the lines of a hand begun in an earlier batch
    start = 0
    too_long = long_line = False
    for batch in batches:
        text = batch if isinstance(batch, str) else "\n".join(batch)
        pos = 0  # where the lines not yet given to a hand start
        here = False  # whether a hand begins at pos
        for at in _headers(text):
            if at > pos:
                piece = text[pos:at - 1]
                count = piece.count("\n") + 1
                if here:
                    yield _block(start, piece, count)
                elif current is not None:
                    too_long, long_line = _add_lines(current, piece.split("\n"), too_long, long_line)
                done += count
            if current is not None:
                yield start, current, too_long, long_line
                current = None
            here, start, pos = True, done + 1, at
        lines = text[pos:].split("\n")
        done += len(lines)
        if here:
            current, too_long, long_line = [], False, False
        if current is not None:
            too_long, long_line = _add_lines(current, lines, too_long, long_line)
    if current is not None:
        yield start, current, too_long, long_line


def _block(start: int, text: str, count: int) -> tuple[int, str | list[str], bool, bool]:
    """The hand ``text`` (``count`` lines) beginning on line ``start``, as :func:`_blocks` gives it."""
    if count <= MAX_HAND_LINES + 1 and (len(text) <= MAX_LINE or max(map(len, text.split("\n"))) <= MAX_LINE):
        return start, text, False, False
    lines: list[str] = []
    too_long, long_line = _add_lines(lines, text.split("\n"), False, False)
    return start, lines, too_long, long_line


def _split(text: str) -> str:
    """``text`` with every line ending (\\r\\n or \\r) made ``\\n``."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def _stream_batches(stream: IO[str], chunk: int = 1 << 20) -> Iterator[str]:
    """The text of a stream in batches of whole lines (see :func:`_blocks`),
    read ``chunk`` characters at a time, so that a file without newlines
    cannot fill the memory."""
    carry = ""
    first = True
    while True:
        data = stream.read(chunk)
        if not isinstance(data, str):
            raise TypeError("read_pokerstars needs a file opened in text mode")
        if first:
            first = False
            if data.startswith("\ufeff"):
                data = data[1:]
        if not data:
            if carry:
                yield _split(carry)
            return
        text = carry + data
        end = len(text) - 1 if text.endswith("\r") else len(text)  # a \r\n may be cut between two chunks
        cut = max(text.rfind("\n", 0, end), text.rfind("\r", 0, end)) + 1
        if cut <= 0:
            carry = text if len(text) <= MAX_LINE else text[: MAX_LINE + 1]  # keep only what refuses it
            continue
        body, carry = text[:cut], text[cut:]
        if len(carry) > MAX_LINE + 1:
            carry = carry[: MAX_LINE + 1]
        body = body[:-2] if body.endswith("\r\n") else body[:-1]
        yield _split(body)


def read_pokerstars(source: Source, *, errors: Errors = "raise") -> PokerStarsReader:
    """Stream the Omaha Hi/Lo hands of a PokerStars hand-history file.

    ``source`` is a path or an open text file. With ``errors="skip"`` a hand
    that cannot be read is left out, counted in ``.error_count`` and its
    error kept in ``.errors`` (the first :data:`MAX_KEPT_ERRORS`); with
    ``"raise"`` (the default) the :class:`HandHistoryError` is raised.
    Hands of other games are skipped and counted in ``.skipped``.
    """
    if isinstance(source, (str, os.PathLike)):
        stream: IO[str] = open(source, encoding="utf-8-sig", errors="replace", newline="")
        return _ClosingReader(stream, errors)
    if hasattr(source, "read"):
        return PokerStarsReader(_stream_batches(source), errors)
    raise TypeError(f"read_pokerstars takes a path or a text file, not {type(source).__name__}")


class _ClosingReader(PokerStarsReader):
    """A reader that closes the file it opened when it is exhausted."""

    def __init__(self, stream: IO[str], errors: Errors) -> None:
        super().__init__(_stream_batches(stream), errors)
        self._stream = stream

    def __next__(self) -> ImportedHand:
        try:
            return super().__next__()
        except BaseException:
            self._stream.close()
            raise

    def __del__(self) -> None:
        self._stream.close()


def parse_pokerstars(text: str, *, errors: Errors = "raise") -> list[ImportedHand]:
    """The Omaha Hi/Lo hands in PokerStars hand-history ``text`` (see :func:`read_pokerstars`)."""
    if not isinstance(text, str):
        raise TypeError(f"parse_pokerstars takes a str, not {type(text).__name__}")
    if text.startswith("\ufeff"):
        text = text[1:]
    return list(PokerStarsReader([_split(text)], errors))


