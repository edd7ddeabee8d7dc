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
    HandHistoryError,
    ImportedHand,
)
from .._stream import CHUNK, blocks, normalize, stream_batches
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
        self._orphans: list[tuple[int, str]] = []  # the first line of text before any header, once per run
        self._blocks = blocks(batches, _headers, orphans=self._orphans)
        self._seen = False  # whether a PokerStars header was found
        self._done = False
        self._mode = errors
        self.skipped: Counter[str] = Counter()
        self.errors: list[HandHistoryError] = []
        self.error_count: int = 0
        self.hands_read: int = 0

    def __iter__(self) -> PokerStarsReader:
        return self

    def __next__(self) -> ImportedHand:
        for first, block, too_long, long_line, _ in self._blocks:
            self._seen = True
            try:
                result = read_block(first, block, too_long, long_line)
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
        if not self._done:
            self._done = True
            if not self._seen and self._orphans:  # text, and no PokerStars hand in it: parse(text, site=...)'s error
                from .._reading import _unknown_error
                from .._sites import readers
                number, line = self._orphans[0]
                unknown = _unknown_error(number, line, [r for r in readers() if r.site == "pokerstars"], True)
                if self._mode == "raise":
                    raise unknown
                self._keep_error(unknown)
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


def read_block(first: int, block: str | list[str], too_long: bool = False, long_line: bool = False) -> ImportedHand | str:
    """One hand as :func:`~omaha8_fast.histories._stream.blocks` cuts it:
    the hand, the name of the other game it is, or HandHistoryError."""
    if too_long or long_line:
        assert isinstance(block, list)
        lines = block
        if too_long:
            header = _HEADER.match(lines[0])
            raise HandHistoryError(f"the hand has more than {MAX_HAND_LINES} lines",
                                   hand_id=header.group(1) if header else None, line=first)
        while lines and not lines[-1].strip():
            lines.pop()
        return _parse_one(lines, first, long_line)
    text = block if isinstance(block, str) else "\n".join(block)
    body = text.rstrip("\n")
    fast = _parse_fast(body, first) if body and not body[-1].isspace() else None
    if fast is not None:
        return fast
    lines = text.split("\n")  # the general reader, with its error messages
    while lines and not lines[-1].strip():
        lines.pop()
    return _parse_one(lines, first, False)


_HEADER_START = re.compile(r"PokerStars (?:Zoom |Home Game |Rush )?(?:Hand|Game) #\d{1,30}:")  # what _HEADER needs


def _headers(text: str) -> Iterator[tuple[int, None]]:
    """Where the lines of ``text`` that are hand headers start (str.find does
    the scanning: no Python work per line)."""
    match = _HEADER_START.match
    if match(text):
        yield 0, None
    at = text.find("\nPokerStars ")
    while at >= 0:
        if match(text, at + 1):
            yield at + 1, None
        at = text.find("\nPokerStars ", at + 12)


def _blocks(batches: Iterable[str | list[str]]) -> Iterator[tuple[int, str | list[str], bool, bool]]:
    """The hands of the batches, as :func:`~omaha8_fast.histories._stream.blocks` cuts them (without the tag)."""
    for first, block, too_long, long_line, _ in blocks(batches, _headers):
        yield first, block, too_long, long_line


def _stream_batches(stream: IO[str], chunk: int = CHUNK) -> Iterator[str]:
    """:func:`~omaha8_fast.histories._stream.stream_batches` for read_pokerstars."""
    return stream_batches(stream, chunk, "read_pokerstars")


_split = normalize


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


