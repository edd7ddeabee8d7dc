"""PokerStars as a :class:`~omaha8_fast.histories._sites.SiteReader` of the
registry: what ``omaha8_fast.histories.parse`` and ``read`` use for PokerStars
hands (the same fast and general readers as :func:`parse_pokerstars`)."""

from __future__ import annotations

from collections.abc import Iterator

from .._model import MAX_HAND_LINES, ImportedHand
from .._stream import blocks, bounded, normalize
from ._lines import _HEADER, is_header
from ._read import _HEADER_START, _headers, read_block

__all__ = ["PokerStarsSite", "READER"]


class PokerStarsSite:
    """The PokerStars reader of the registry (site ``"pokerstars"``).

    >>> text = "PokerStars Hand #7: Hold'em No Limit ($0.01/$0.02 USD) - 2024/01/01 ET\\nTable 'T' Seat #1 is the button"
    >>> READER.is_header(text.split("\\n")[0]), READER.hand_id(text), READER.parse_hand(text)
    (True, '7', "Hold'em No Limit")
    """

    site = "pokerstars"
    name = "PokerStars"
    prefixes: tuple[str, ...] = ("PokerStars ",)
    max_lines = MAX_HAND_LINES
    whole_blocks = True  # every header starts a hand: a block is one hand

    def is_header(self, line: str) -> bool:
        """Whether ``line`` starts a PokerStars hand (any game)."""
        return is_header(line)

    def header_at(self, text: str, at: int) -> bool:
        """Whether the line of ``text`` starting at ``at`` starts a PokerStars hand."""
        return _HEADER_START.match(text, at) is not None

    def parse_block(self, text: str, first_line: int) -> ImportedHand | str:
        """:meth:`parse_hand` of a hand the framework cut (normalized, within the bounds)."""
        return read_block(first_line, text)

    def hand_id(self, line: str) -> str | None:
        """The hand number of a header line."""
        header = _HEADER.match(line)
        return header.group(1) if header else None

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        """The hands of ``text``, each with its header's line number."""
        for first, block, _, _, _ in blocks([normalize(text)], _headers, 1 << 62):
            yield first, block if isinstance(block, str) else "\n".join(block)

    def parse_hand(self, text: str, first_line: int = 1) -> ImportedHand | str:
        """One hand's text: the hand, or the name of the other game it is."""
        text = normalize(text)
        return read_block(*bounded(first_line, text, MAX_HAND_LINES))


READER = PokerStarsSite()
