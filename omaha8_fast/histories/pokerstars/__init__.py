"""PokerStars hand-history text: read Omaha Hi/Lo hands, and write them.

The reader takes the text PokerStars writes (cash games and tournaments, the
``Hand #`` and older ``Game #`` headers, mixed games), keeps the Omaha Hi/Lo
hands (4, 5 and 6 cards; limit, pot limit, no limit) and skips the other games,
counting them. It is one pass over the lines with a small state machine; every
line is capped at :data:`MAX_LINE` characters and every hand at
:data:`MAX_HAND_LINES` lines, so no input can make it slow or large. A fast
path (``pokerstars._fast``) reads the common hands and leaves every other hand
to the general reader (``pokerstars._lines``), which owns the rules and the error
messages. In the fast path, a hand of printable ASCII goes to a C scanner
(``o8_hh_scan``, csrc/histories/hh_scan.c) that reads the common line shapes exactly as
the Python code does and gives up at anything else, and its records are built
in C (``_entry.hh_records``, csrc/cpython/hh_records.c); any other hand is read
from a bounded cache of what each line says (``_fast_lines``).

>>> text = '''PokerStars Hand #1:  Omaha Hi/Lo Pot Limit ($0.25/$0.50 USD) - 2024/03/02 21:14:05 ET
... Table 'T' 6-max Seat #1 is the button
... Seat 1: alice ($10 in chips)
... Seat 2: bob ($10 in chips)
... alice: posts small blind $0.25
... bob: posts big blind $0.50
... *** HOLE CARDS ***
... alice: raises $1 to $1.50
... bob: folds
... Uncalled bet ($1) returned to alice
... alice collected $1 from pot
... *** SUMMARY ***
... Total pot $1 | Rake $0
... Seat 1: alice (button) (small blind) collected ($1)
... Seat 2: bob (big blind) folded before Flop'''
>>> [hand] = parse_pokerstars(text)
>>> hand.hand_id, hand.betting, hand.unit, hand.total_pot, hand.paid
('1', 'pot-limit', 'cents', 100, {'alice': 100})
"""

from __future__ import annotations

from .._sites import register
from ._lines import is_header
from ._read import MAX_KEPT_ERRORS, PokerStarsReader, parse_pokerstars, read_pokerstars
from ._site import READER, PokerStarsSite
from ._write import to_pokerstars

__all__ = ["MAX_KEPT_ERRORS", "parse_pokerstars", "read_pokerstars", "PokerStarsReader", "to_pokerstars", "is_header",
           "PokerStarsSite", "READER"]

register(READER)

