"""The registry of hand-history readers, one per site (issue 26).

Each site's reader is its own module (``omaha8_fast/histories/<site>.py`` or a
package ``<site>/``) over the shared model (:mod:`._model`): it exposes one
:class:`SiteReader` and registers it with :func:`register` when imported.
``omaha8_fast.histories.parse`` and ``read`` ask every registered reader,
in :data:`ORDER`, which one knows a hand's header, and hand the hand to it.

A reader never guesses: text whose header it does not know is not its hand,
and a hand it knows but cannot read raises
:class:`~omaha8_fast.histories.HandHistoryError` naming the line.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from ._model import ImportedHand

__all__ = ["SiteReader", "register", "readers", "reader_for", "ORDER"]


class SiteReader(Protocol):
    """What one site's reader offers the shared ``parse``/``read``."""

    #: The site's name as ``ImportedHand.site`` gives it: ``"pokerstars"``,
    #: ``"fulltilt"``, ``"everleaf"``, ``"bovada"``, ``"winamax"``, ``"wpn"``,
    #: ``"888"``, ``"partypoker"``, ``"ggpoker"``, ``"ipoker"``, ``"ohh"``.
    site: str

    def is_header(self, line: str) -> bool:
        """True when ``line`` is the first line of one of this site's hands
        (any game: the reader itself skips the games that are not Omaha Hi/Lo)."""
        ...

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        """The hands of ``text`` (which holds only this site's hands), each as
        (its first line's number in ``text``, counting from 1; its text)."""
        ...

    def parse_hand(self, text: str, first_line: int = 1) -> ImportedHand | None:
        """One hand: the :class:`ImportedHand` (``site`` set), None for a
        hand of another game (counted as skipped), or HandHistoryError with
        the hand id and the line."""
        ...


#: The order readers are asked in (the most specific headers first); sites
#: not listed come after, in the order they registered.
ORDER = ("pokerstars", "fulltilt", "everleaf", "bovada", "winamax", "wpn", "888", "partypoker", "ggpoker",
         "ipoker", "ohh")

_READERS: dict[str, SiteReader] = {}


def register(reader: SiteReader) -> SiteReader:
    """Add ``reader`` to the registry (a site registers once; again replaces it)."""
    _READERS[reader.site] = reader
    return reader


def readers() -> list[SiteReader]:
    """Every registered reader, in :data:`ORDER`."""
    rank = {site: i for i, site in enumerate(ORDER)}
    return sorted(_READERS.values(), key=lambda r: rank.get(r.site, len(ORDER)))


def reader_for(line: str) -> SiteReader | None:
    """The reader whose header ``line`` is, or None."""
    for reader in readers():
        if reader.is_header(line):
            return reader
    return None
