"""Read hand histories of any registered site: :func:`parse` and :func:`read`.

The site is found per hand, from its header line (:mod:`._sites`), so a file
may mix sites; ``site=`` forces one reader. The text is cut into hands by
the shared, bounded splitter (:mod:`._stream`), each hand read by its site's
reader. What happens to a hand that cannot be read is the ``errors`` option:

``"raise"`` (the default)
    the first unreadable hand raises its
    :class:`~omaha8_fast.histories.HandHistoryError` (hand id and line).
``"skip"``
    unreadable hands are left out, counted (``error_count``) and the first
    :data:`MAX_KEPT_ERRORS` errors kept (``errors``); when the input is done
    one :class:`HandHistoryWarning` says how many were left out and why the
    first one was (never a silent loss).
``"collect"``
    as ``"skip"``, without the warning: the caller reads ``errors``.

Text that is no registered site's format (no header line anywhere) is an
error of its own (line 1, or its first line that is not blank), which says
what the text looks like where it can tell (another site's header, XML,
JSON, binary data). Hands of other games of a known site (a PokerStars
Hold'em hand) are no error: they are skipped and counted (``skipped``,
by ``"site: game"``). But with ``errors="raise"``, an input whose every hand
is of another game raises, saying what it holds, instead of giving nothing.

>>> text = '''PokerStars Hand #1:  Omaha Hi/Lo Limit (2/4) - 2024/01/01 ET
... Table 'T' Seat #1 is the button
... Seat 1: a (10 in chips)
... Seat 2: b (10 in chips)
... a: posts small blind 1
... b: posts big blind 2
... *** HOLE CARDS ***
... a: folds
... Uncalled bet (1) returned to b
... b collected 2 from pot
... *** SUMMARY ***
... Total pot 2 | Rake 0'''
>>> broken = "PokerStars Hand #2:  Omaha Hi/Lo Limit (2/4) - 2024/01/01 ET\\nSeat 1: a (10 in chips)"
>>> hands = parse(text + "\\n\\n\\n" + broken, errors="collect")
>>> [h.site for h in hands], hands.error_count, str(hands.errors[0])
(['pokerstars'], 1, "hand 2, line 16: no 'Table ... is the button' line")
>>> parse("hello")
Traceback (most recent call last):
...
omaha8_fast.histories._model.HandHistoryError: line 1: not a known site's hand history format (line 1 reads 'hello'; ...)
"""

from __future__ import annotations

import os
import re
import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Literal, Union

from ._model import MAX_HAND_CHARS, MAX_HAND_LINES, MAX_LINE, HandHistoryError, ImportedHand
from ._sites import SiteReader, readers
from ._stream import Block, blocks, normalize, stream_batches

__all__ = [
    "parse", "read", "HandReader", "HandList", "SiteStats", "HandHistoryWarning", "Errors", "Source",
    "MAX_KEPT_ERRORS", "MAX_KEPT_GAMES",
]

Errors = Literal["raise", "skip", "collect"]
#: What :func:`read` takes: a path (a file or a directory), or an open text file.
Source = Union[str, "os.PathLike[str]", IO[str]]
#: How many lines of a paragraph (lines after blank lines) are asked whether they are the header of a reader
#: without ``prefixes``.
PARAGRAPH_LINES = 3
#: The errors a reader keeps (the first ones; ``error_count`` counts them all).
MAX_KEPT_ERRORS = 100
#: The game names ``skipped`` counts hands under; further games count as ``"SITE: (other games)"``.
MAX_KEPT_GAMES = 100
_UNKNOWN = "unknown"


class HandHistoryWarning(UserWarning):
    """Hands left out by ``errors="skip"`` (how many, and the first one's error)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)


@dataclass
class SiteStats:
    """What a reader found of one site: hands read, hands of other games
    skipped, hands that could not be read. ``site`` is ``"unknown"`` for
    text that no reader knows."""

    site: str
    hands: int = 0
    skipped: int = 0
    errors: int = 0


def _line_at(text: str, at: int, limit: int = MAX_LINE) -> str:
    """The line starting at ``at`` (at most ``limit`` + 1 characters of it)."""
    end = text.find("\n", at, at + limit + 1)
    return text[at:end] if end >= 0 else text[at:at + limit + 1]


def _prefix_hits(text: str, prefix: str) -> Iterator[int]:
    """Where the lines of ``text`` starting with ``prefix`` start."""
    if text.startswith(prefix):
        yield 0
    find = text.find
    key = "\n" + prefix
    at = find(key)
    while at >= 0:
        yield at + 1
        at = find(key, at + 1)


def _paragraphs(text: str) -> Iterator[int]:
    """Where line 1 and the first line after each run of blank lines start."""
    yield 0
    find = text.find
    at = find("\n\n")
    size = len(text)
    while at >= 0:
        at += 2
        while at < size and text[at] == "\n":
            at += 1
        if at < size:
            yield at
        at = find("\n\n", at)


def _first(item: tuple[int, SiteReader]) -> int:
    return item[0]


def _check(reader: SiteReader) -> Callable[[str, int], bool]:
    """Whether a line of a text starting at a position is ``reader``'s header:
    its optional ``header_at(text, at)``, else ``is_header`` of the line."""
    fast = getattr(reader, "header_at", None)
    if fast is not None:
        return fast  # type: ignore[no-any-return]

    def check(text: str, at: int) -> bool:
        return reader.is_header(_line_at(text, at))
    return check


def _finder(chosen: list[SiteReader]) -> Callable[[str], list[tuple[int, SiteReader]]]:
    """The header finder of :func:`~omaha8_fast.histories._stream.blocks` for these readers (see :mod:`._sites`)."""
    by_prefix: dict[str, list[SiteReader]] = {}
    plain: list[SiteReader] = []
    for reader in chosen:
        prefixes = getattr(reader, "prefixes", None)
        if prefixes:
            for prefix in prefixes:
                by_prefix.setdefault(prefix, []).append(reader)
        else:
            plain.append(reader)

    checks = {prefix: [(_check(r), r) for r in group] for prefix, group in by_prefix.items()}
    # the lines a reader without ``prefixes`` also looks at, wherever they are (its ``header_starts``): a header
    # right after another site's hand, without a blank line, starts a new hand instead of joining that one
    # (one regular expression finds them all: the engine looks for the newlines and tries the starts there, 1 ms a
    # MB, where a str.find per start cost 9)
    starting: list[tuple[tuple[str, ...], SiteReader]] = []
    for r in plain:
        begin: tuple[str, ...] = tuple(getattr(r, "header_starts", None) or ())
        if begin:
            starting.append((begin, r))
    every = sorted({b for begin, _ in starting for b in begin}, key=len, reverse=True)
    after_newline = re.compile("\n(?:" + "|".join(map(re.escape, every)) + ")") if every else None
    first_line = tuple(every)

    def headers(text: str) -> list[tuple[int, SiteReader]]:
        found: dict[int, SiteReader] = {}
        for prefix, group in checks.items():  # in ORDER: a line two prefixes find is the first reader's
            for at in _prefix_hits(text, prefix):
                if at not in found:
                    for check, reader in group:
                        if check(text, at):
                            found[at] = reader
                            break
        if after_newline is not None:
            hits = [m.start() + 1 for m in after_newline.finditer(text)]
            if text.startswith(first_line):
                hits.insert(0, 0)
            for at in hits:
                if at not in found:
                    line = _line_at(text, at)
                    started = next((r for begin, r in starting if line.startswith(begin) and r.is_header(line)), None)
                    if started is not None:
                        found[at] = started
        if plain:
            for start in _paragraphs(text):
                at = start
                for _ in range(PARAGRAPH_LINES):  # a header may follow a line or two (888's '#Game No : N')
                    if at in found or at >= len(text) or text[at] == "\n":
                        break
                    line = _line_at(text, at)
                    reader_found = next((reader for reader in plain if reader.is_header(line)), None)
                    if reader_found is not None:
                        found[at] = reader_found
                        break
                    end = text.find("\n", at)
                    if end < 0:
                        break
                    at = end + 1
        return sorted(found.items(), key=_first) if len(checks) > 1 or plain else list(found.items())

    return headers


def _looks_like(line: str) -> str:
    """What an unknown text's first line looks like, where one can tell: the
    room whose own words the line holds (a room without a reader says so),
    never a room whose headers merely start alike."""
    if sum(1 for c in line[:200] if c == "\ufffd" or (ord(c) < 32 and c not in "\t")) > 3:
        return "binary data, not text"
    words = (  # a room's own name or header words anywhere in the line, most specific first
        ("Betfair", "a Betfair hand (a room this library does not read)"),
        ("SwCPoker", "a Seals With Clubs hand (a room this library does not read)"),
        ("Seals With Clubs", "a Seals With Clubs hand (a room this library does not read)"),
        ("History for hand ", "an OnGame hand"), ("888poker", "an 888 hand"), ("Cassava", "an 888 hand"),
        ("Pacific Poker", "an 888 hand"), ("PartyPoker", "a PartyPoker hand"), ("Full Tilt Poker", "a Full Tilt hand"),
        ("FullTiltPoker", "a Full Tilt hand"), ("Everleaf", "an Everleaf hand"), ("Bovada", "a Bovada hand"),
        ("Ignition", "an Ignition hand"), ("Bodog", "a Bodog hand"), ("Winamax", "a Winamax hand"),
    )
    for word, what in words:
        if word in line[:300]:
            return what
    hints = (
        ("***** Hand History for Game ", "a PartyPoker hand"), ("#Game No", "an 888 or PartyPoker hand"),
        ("Poker Hand #", "a GGPoker hand"), ("Game Hand #", "a WPN hand"), ("<?xml", "XML"), ("<", "XML or HTML"),
        ("{", "JSON"), ("[", "JSON"), ("PokerStars ", "a PokerStars text that is no hand (a tournament summary?)"),
    )
    for start, what in hints:
        if line.startswith(start):
            return what
    return ""


def _unknown_error(number: int, line: str, chosen: list[SiteReader], forced: bool) -> HandHistoryError:
    """The error of a text in which no reader finds a header."""
    looks = _looks_like(line)
    what = f"not a {chosen[0].site} hand history" if forced else "not a known site's hand history format"
    seen = f"line {number} reads {line[:60]!r}" + (f", which looks like {looks}" if looks else "")
    known = ", ".join(r.site for r in readers())
    return HandHistoryError(f"{what} ({seen}; the sites read are {known})", line=number)


def _opened(path: Path) -> IO[str]:
    return open(path, encoding="utf-8-sig", errors="replace", newline="")


def _files(source: Source, max_line: int) -> Iterator[tuple[str | None, Iterable[str]]]:
    """``(the file's name, its text in batches)`` for each file of ``source``."""
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        if path.is_dir():
            for member in sorted(path.iterdir()):
                if member.is_file() and not member.name.startswith("."):
                    yield str(member), _file_batches(member, max_line)
            return
        yield str(path), _file_batches(path, max_line)
        return
    name = getattr(source, "name", None)
    yield (name if isinstance(name, str) else None), stream_batches(source, who="read", max_line=max_line)


def _file_batches(path: Path, max_line: int) -> Iterator[str]:
    with _opened(path) as stream:  # closed when done, or when the reader is dropped
        yield from stream_batches(stream, who="read", max_line=max_line)


def _chosen(site: str | None) -> list[SiteReader]:
    """The readers asked: every registered one, or the one of ``site``."""
    chosen = readers()
    if site is None:
        return chosen
    if not isinstance(site, str):
        raise TypeError(f"site must be a str or None, not {type(site).__name__}")
    chosen = [r for r in chosen if r.site == site]
    if not chosen:
        raise ValueError(f"no reader for site {site!r}; the sites read are {', '.join(r.site for r in readers())}")
    return chosen


def _longest(chosen: list[SiteReader]) -> int:
    """The longest line any of these readers accepts."""
    return max([getattr(r, "max_line", MAX_LINE) for r in chosen], default=MAX_LINE)


class HandReader(Iterator[ImportedHand]):
    """The Omaha Hi/Lo hands of a source, one at a time (constant memory).

    After (or during) the iteration: ``hands_read``; ``stats``, per site, a
    :class:`SiteStats`; ``skipped`` counts the hands of other games by
    ``"site: game"``; ``error_count`` the hands that could not be read, and
    ``errors`` keeps the first :data:`MAX_KEPT_ERRORS` of their
    :class:`HandHistoryError` (``errors="skip"`` or ``"collect"``; with
    ``"raise"`` the first one is raised). Errors of a file of a directory
    name the file (``error.path``).
    """

    def __init__(self, files: Iterable[tuple[str | None, Iterable[str | list[str]]]], *, site: str | None = None,
                 errors: Errors = "raise") -> None:
        if errors not in ("raise", "skip", "collect"):
            raise ValueError(f"errors must be 'raise', 'skip' or 'collect', got {errors!r}")
        self._readers = _chosen(site)
        # some reader takes longer lines or more lines than another: each block is checked against its own reader
        self._limits = {r.site: (getattr(r, "max_lines", MAX_HAND_LINES), getattr(r, "max_line", MAX_LINE),
                                 getattr(r, "max_chars", MAX_HAND_CHARS)) for r in self._readers}
        self._wide = len(set(self._limits.values())) > 1
        self._forced = site is not None
        self._mode = errors
        self._files = iter(files)
        self._blocks: Iterator[tuple[str | None, Block]] = self._all_blocks()
        self._done = False
        self._pending: Iterator[ImportedHand | None] = iter(())
        self.hands_read: int = 0
        self.error_count: int = 0
        self.errors: list[HandHistoryError] = []
        self.skipped: Counter[str] = Counter()
        self.stats: dict[str, SiteStats] = {}

    def __iter__(self) -> HandReader:
        return self

    def _all_blocks(self) -> Iterator[tuple[str | None, Block]]:
        headers = _finder(self._readers)
        most = max([getattr(r, "max_lines", MAX_HAND_LINES) for r in self._readers], default=MAX_HAND_LINES)
        longest = _longest(self._readers)
        size = max([getattr(r, "max_chars", MAX_HAND_CHARS) for r in self._readers], default=MAX_HAND_CHARS)
        for path, batches in self._files:
            orphans: list[tuple[int, str]] = []
            seen = False
            for block in blocks(batches, headers, most, orphans, longest, size):
                seen = True
                yield path, block
            if not seen and orphans:
                number, line = orphans[0]
                self._error(_unknown_error(number, line, self._readers, self._forced), path, _UNKNOWN)

    def __next__(self) -> ImportedHand:
        for hand in self._pending:  # the rest of a block of several hands
            if hand is not None:
                return hand
        for path, (first, block, too_long, long_line, reader) in self._blocks:
            whole = getattr(reader, "parse_block", None)
            if whole is not None and type(block) is str and not (too_long or long_line) and not (
                    self._wide and _past(block, *self._limits[reader.site])):
                # a reader whose every block is one hand, handed its normalized, bounded text directly
                try:
                    result = whole(block, first)
                except HandHistoryError as error:
                    self._error(error, path, reader.site)
                    continue
                except Exception as error:  # noqa: BLE001 - a reader's bug is an error of this hand, not a crash
                    self._error(_wrapped(reader, block, first, error), path, reader.site)
                    continue
                if type(result) is ImportedHand:
                    self._stats(reader.site).hands += 1
                    self.hands_read += 1
                    return result
                self._skip(reader.site, result)
                continue
            self._pending = self._read_block(path, first, block, too_long, long_line, reader)
            for hand in self._pending:
                if hand is not None:
                    return hand
        if not self._done:
            self._done = True
            self._finish()
        raise StopIteration

    def _read_block(self, path: str | None, first: int, block: str | list[str], too_long: bool, long_line: bool,
                    reader: SiteReader) -> Iterator[ImportedHand | None]:
        """The hands of one block (None for a hand skipped or not read)."""
        site = reader.site
        limit = getattr(reader, "max_lines", MAX_HAND_LINES)
        width = getattr(reader, "max_line", MAX_LINE)
        size = getattr(reader, "max_chars", MAX_HAND_CHARS)
        if too_long or long_line or (self._wide and _past(block, limit, width, size)):
            lines = block if isinstance(block, list) else block.split("\n")
            hand_id = _hand_id(reader, lines[0][:width + 1])
            if too_long or len(lines) > limit or sum(map(len, lines)) + len(lines) - 1 > size:
                what = f"{limit} lines" if len(lines) > limit else f"{size} characters"
                self._error(HandHistoryError(f"the hand has more than {what}", hand_id=hand_id, line=first),
                            path, site)
                yield None
                return
            at = next((k for k, text in enumerate(lines) if len(text) > width), None)
            if at is not None:
                self._error(HandHistoryError(f"line longer than {width} characters", hand_id=hand_id,
                                             line=first + at), path, site)
                yield None
                return
        text = block if isinstance(block, str) else "\n".join(block)
        try:
            pieces = [(1, text)] if getattr(reader, "whole_blocks", False) else list(reader.split(text))
        except HandHistoryError as error:
            self._error(error, path, site)
            yield None
            return
        except Exception as error:  # noqa: BLE001 - a reader's bug is an error of this hand, not a crash
            self._error(_wrapped(reader, text, first, error), path, site)
            yield None
            return
        for offset, piece in pieces:
            start = first + offset - 1
            try:
                result = reader.parse_hand(piece, start)
            except HandHistoryError as error:
                self._error(error, path, site)
                yield None
                continue
            except Exception as error:  # noqa: BLE001 - as above
                self._error(_wrapped(reader, piece, start, error), path, site)
                yield None
                continue
            if not isinstance(result, ImportedHand):
                self._skip(site, result)
                yield None
                continue
            self._stats(site).hands += 1
            self.hands_read += 1
            yield result

    def _skip(self, site: str, result: object) -> None:
        """Count a hand of another game (``result``: its name, or None)."""
        self._stats(site).skipped += 1
        game = f"{site}: {result if isinstance(result, str) and result else '(other games)'}"
        if game not in self.skipped and len(self.skipped) >= MAX_KEPT_GAMES:
            game = f"{site}: (other games)"
        self.skipped[game] += 1

    def _stats(self, site: str) -> SiteStats:
        stats = self.stats.get(site)
        if stats is None:
            stats = self.stats[site] = SiteStats(site)
        return stats

    def _error(self, error: HandHistoryError, path: str | None, site: str) -> None:
        """Raise ``error`` (mode "raise") or count and keep it."""
        if path is not None and getattr(error, "path", None) is None:
            error.path = path
        self._stats(site).errors += 1
        if self._mode == "raise":
            raise error
        self.error_count += 1
        if len(self.errors) < MAX_KEPT_ERRORS:
            self.errors.append(error.with_traceback(None))

    def _finish(self) -> None:
        """At the end: the warning of ``errors="skip"``, and the error of an
        input whose every hand is of another game (``errors="raise"``)."""
        if self._mode == "raise" and not self.hands_read and self.skipped:
            games = ", ".join(f"{game} ({count})" for game, count in self.skipped.most_common(3))
            raise HandHistoryError(f"no Omaha Hi/Lo hand: the text looks like hands of other games: {games}")
        if self._mode == "skip" and self.error_count:
            first = self.errors[0]
            where = f"{first.path}: " if getattr(first, "path", None) else ""
            warnings.warn(HandHistoryWarning(
                f"{self.error_count} hand(s) could not be read and were left out; the first: {where}{first}"
            ), stacklevel=3)


def _past(block: str | list[str], limit: int, width: int, size: int) -> bool:
    """Whether ``block`` has more than ``limit`` lines, more than ``size``
    characters or a line longer than ``width``."""
    if isinstance(block, list):
        return len(block) > limit or max(map(len, block), default=0) > width or sum(map(len, block)) > size
    if block.count("\n") >= limit or len(block) > size:
        return True
    return len(block) > width and max(map(len, block.split("\n"))) > width


def _hand_id(reader: SiteReader, line: str) -> str | None:
    """The reader's hand id of a header line, if it can say."""
    find = getattr(reader, "hand_id", None)
    if find is None:
        return None
    try:
        value = find(line)
    except Exception:  # noqa: BLE001 - no id, then
        return None
    return value if isinstance(value, str) else None


def _wrapped(reader: SiteReader, text: str, first: int, error: Exception) -> HandHistoryError:
    """A reader's unexpected exception as an error of its hand."""
    wrapped = HandHistoryError(f"the {reader.site} reader failed: {type(error).__name__}: {error}"[:300],
                               hand_id=_hand_id(reader, _line_at(text, 0)), line=first)
    wrapped.__cause__ = error.with_traceback(None)
    return wrapped


class HandList(list[ImportedHand]):
    """The hands :func:`parse` returns: a list, with the reader's counts
    (``hands_read``, ``stats``, ``skipped``, ``error_count``, ``errors``: see
    :class:`HandReader`)."""

    hands_read: int
    error_count: int
    errors: list[HandHistoryError]
    skipped: Counter[str]
    stats: dict[str, SiteStats]

    def __init__(self, hands: Iterable[ImportedHand] = ()) -> None:
        super().__init__(hands)
        self.hands_read, self.error_count, self.errors = len(self), 0, []
        self.skipped, self.stats = Counter(), {}


def read(source: Source, site: str | None = None, *, errors: Errors = "raise") -> HandReader:
    """Stream the Omaha Hi/Lo hands of ``source``: a path of a file, a path
    of a directory (every file in it that is not hidden, in name order; not
    its subdirectories), or an open text file. Each hand's site is found
    from its header (``site=`` forces one reader). See the module docstring
    for ``errors``; the reader's ``stats``, ``skipped`` and ``errors`` say
    what was read and what was not."""
    if not isinstance(source, (str, os.PathLike)) and not hasattr(source, "read"):
        raise TypeError(f"read takes a path or a text file, not {type(source).__name__}")
    return HandReader(_files(source, _longest(_chosen(site))), site=site, errors=errors)


def parse(text: str, site: str | None = None, *, errors: Errors = "raise") -> HandList:
    """The Omaha Hi/Lo hands of ``text`` (see :func:`read`), as a
    :class:`HandList`: a list of :class:`ImportedHand` that also carries the
    counts of what was skipped and what could not be read."""
    if not isinstance(text, str):
        raise TypeError(f"parse takes a str, not {type(text).__name__}")
    if text.startswith("\ufeff"):
        text = text[1:]
    reader = HandReader([(None, [normalize(text)])], site=site, errors=errors)
    out = HandList(reader)
    out.hands_read, out.error_count, out.errors = reader.hands_read, reader.error_count, reader.errors
    out.skipped, out.stats = reader.skipped, reader.stats
    return out

