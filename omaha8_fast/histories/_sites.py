"""The registry of hand-history readers, one per site (issue 26).

Each site's reader is its own module (``omaha8_fast/histories/<site>.py`` or a
package ``<site>/``) over the shared model (:mod:`._model`): it exposes one
:class:`SiteReader` and registers it with :func:`register` when imported.
``omaha8_fast.histories.parse`` and ``read`` ask every registered reader,
in :data:`ORDER`, which one knows a hand's header, and hand the hand to it.

A reader never guesses: text whose header it does not know is not its hand,
and a hand it knows but cannot read raises
:class:`~omaha8_fast.histories.HandHistoryError` naming the line.

How the framework (``omaha8_fast.histories._reading``) uses a reader:

1. It finds the header lines of the text: for a reader with ``prefixes``
   (optional: every header line starts with one of them) at every line that
   starts with one of them (``str.find`` does the scanning); for a reader
   without, at the first three lines of the text and of each run of lines
   after blank lines (a header may follow a line or two of its own, as 888's
   ``#Game No : N``; such lines before it then end the hand before), and also at every line that starts with one
   of its ``header_starts`` (optional). A line is a header of the first reader, in
   :data:`ORDER`, whose :meth:`SiteReader.is_header` says so. A byte-order mark at a line start is dropped first.
2. It cuts the text at the header lines into blocks, each bounded: at most
   ``max_lines`` lines (optional, default
   :data:`~omaha8_fast.histories._model.MAX_HAND_LINES`) of at most
   ``max_line`` characters (default
   :data:`~omaha8_fast.histories._model.MAX_LINE`), ``max_chars`` in all
   (default :data:`~omaha8_fast.histories._model.MAX_HAND_CHARS`). A block past a
   bound is an error of that hand (``hand_id(header)``, optional, names it);
   the reader never sees it.
3. It asks the block's reader to :meth:`SiteReader.split` the block into
   hands (a block holds one hand, or several for a site whose hands are not
   separated by blank lines and which has no ``prefixes``) and to
   :meth:`SiteReader.parse_hand` each. ``parse_hand`` may return the name
   of the other game (a ``str``) instead of None: the skipped hands are then
   counted by game. Any exception but HandHistoryError from a reader is
   turned into a HandHistoryError of that hand (a reader's bug is not the
   user's crash).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol, runtime_checkable

from ._model import ImportedHand

__all__ = ["SiteReader", "register", "readers", "reader_for", "sites", "ORDER"]


@runtime_checkable
class SiteReader(Protocol):
    """What one site's reader offers the shared ``parse``/``read``."""

    #: The site's name as ``ImportedHand.site`` gives it: ``"pokerstars"``,
    #: ``"fulltilt"``, ``"everleaf"``, ``"bovada"``, ``"winamax"``, ``"wpn"``,
    #: ``"888"``, ``"partypoker"``, ``"ggpoker"``, ``"ipoker"``, ``"ongame"``, ``"pkr"``, ``"kingsclub"``,
    #: ``"boss"``, ``"microgaming"``, ``"entraction"``, ``"absolute"``, ``"cake"``, ``"ohh"``.
    site: str

    def is_header(self, line: str) -> bool:
        """True when ``line`` is the first line of one of this site's hands
        (any game: the reader itself skips the games that are not Omaha Hi/Lo)."""
        ...

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        """The hands of ``text`` (which holds only this site's hands), each as
        (its first line's number in ``text``, counting from 1; its text)."""
        ...

    def parse_hand(self, text: str, first_line: int = 1) -> ImportedHand | str | None:
        """One hand: the :class:`ImportedHand` (``site`` set), None for a
        hand of another game (counted as skipped; a reader may instead give
        the game's name, a ``str``, to count it by name), or
        HandHistoryError with the hand id and the line."""
        ...


# Optional members a reader may have (the framework reads them with getattr):
#:   prefixes: tuple[str, ...]     every header line starts with one of these (fast header search at every line,
#:                                 instead of the search after blank lines)
#:   header_starts: tuple[str, ...]  a header line may start with one of these: the framework also looks at every
#:                                 line starting with one (a hand right after another site's hand, without a blank
#:                                 line, then starts a hand of its own); every reader should have it or prefixes
#:   max_lines: int                most lines of one block (default MAX_HAND_LINES)
#:   max_line: int                 longest line (default MAX_LINE)
#:   max_chars: int                most characters of one block (default MAX_HAND_CHARS)
#:   hand_id(line: str) -> str | None   the hand id in a header line (for the framework's own errors)
#:   name: str                     the site's name for people ("PokerStars"; default: ``site``)
#:   whole_blocks: bool            True: every block the framework cuts is one hand (split is not called)
#:   header_at(text, at) -> bool   is_header of the line of ``text`` starting at ``at`` (without cutting it out)
#:   parse_block(text, first_line) parse_hand of a block the framework cut (one hand: its text normalized and
#:                                 within the bounds), for a reader with whole_blocks


#: The order readers are asked in (the most specific headers first); sites
#: not listed come after, in the order they registered.
ORDER = ("pokerstars", "fulltilt", "everleaf", "bovada", "winamax", "wpn", "888", "partypoker", "ggpoker",
         "ipoker", "ongame", "pkr", "kingsclub", "boss", "merge", "microgaming", "entraction", "cake", "absolute",
         "ohh")

_READERS: dict[str, SiteReader] = {}


def register(reader: SiteReader) -> SiteReader:
    """Add ``reader`` to the registry (a site registers once; again replaces it)."""
    _READERS[reader.site] = reader
    return reader


def readers() -> list[SiteReader]:
    """Every registered reader, in :data:`ORDER`."""
    rank = {site: i for i, site in enumerate(ORDER)}
    return sorted(_READERS.values(), key=lambda r: rank.get(r.site, len(ORDER)))


def sites() -> list[str]:
    """The registered sites' names, in :data:`ORDER`."""
    return [reader.site for reader in readers()]


def reader_for(line: str) -> SiteReader | None:
    """The reader whose header ``line`` is, or None."""
    for reader in readers():
        if reader.is_header(line):
            return reader
    return None
