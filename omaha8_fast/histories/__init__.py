"""Hand histories in and out: the sites' text with a payout audit, PHH, OHH and JSON.

Read Omaha Hi/Lo hands of every registered site (:func:`parse`,
:func:`read`; :func:`sites` lists them), check what the site paid against
this library's rules, replay them in the engine, and write hands as PHH (the
format of pokerkit's authors), OHH (Open Hand History JSON), JSON or
PokerStars text. See ``docs/histories.md`` for the formats and the
conventions.

>>> from omaha8_fast.engine import Hand
>>> hand = Hand([200, 200, 200], button=0, small_blind=1, big_blind=2, betting="pot-limit", seed=11)
>>> hand.call(); hand.call(); hand.check()          # pre-flop: everybody in for 2
>>> for _ in range(9): hand.check()                  # checked down
>>> text = to_pokerstars(hand, hand_id=42)
>>> [imported] = parse_pokerstars(text)
>>> imported.hand_id, imported.total_pot, audit(imported).ok
('42', 6, True)
>>> again = from_phh(to_phh(hand))
>>> again.stacks == hand.stacks
True
"""

from __future__ import annotations

from .._hooks import HAND_FORMATS, IMPORTED_HAND
from ._audit import Audit, AuditPot, Difference, audit, contributions
from ._replay import to_engine
from ._describe import check_description, describe_pokerstars
from ._json import SCHEMA as JSON_SCHEMA, VERSION as JSON_VERSION, from_dict, from_json, to_dict, to_json
from ._model import (
    Collection,
    HandHistoryError,
    ImportedHand,
    PlayerAction,
    Post,
    Seat,
    ShownHand,
    Tournament,
)
from ._phh import from_phh, from_phh_all, imported_to_phh, to_phh, to_phh_all
from ._frame import to_dataframe
from .ohh import from_ohh, ohh_dict, to_ohh
from ._reading import HandHistoryWarning, HandList, HandReader, SiteStats, parse, read
from ._sites import SiteReader as SiteReader, readers, register, sites  # (the protocol: importable, not in __all__)
from .pokerstars import (
    PokerStarsReader,
    parse_pokerstars,
    read_pokerstars,
    to_pokerstars,
)
# Each site's reader registers itself on import (see _sites.py).
from . import bovada, everleaf, fulltilt, ggpoker, ipoker, pacific, partypoker, winamax, wpn  # noqa: F401
from . import absolute, boss, cake, entraction, kingsclub, merge, microgaming, ongame, pkr  # noqa: F401,E402,I001  (the rooms of issue 38)

# The site readers: importing one registers it with _sites (one line per site, in any order:
# the registry asks them in _sites.ORDER).
from . import pokerstars  # noqa: E402,F401,I001  (registers "pokerstars")
from . import ohh  # noqa: E402,F401,I001  (registers "ohh")

# The conveniences of the lower layers' classes (Hand.to_phh(), ImportedHand.audit() ...).
HAND_FORMATS.register(to_phh=to_phh, from_phh=from_phh, to_pokerstars=to_pokerstars)
IMPORTED_HAND.register(to_phh=imported_to_phh, to_json=to_json, to_engine=to_engine, audit=audit)

__all__ = [
    "parse",
    "read",
    "to_dataframe",
    "to_ohh",
    "ohh_dict",
    "from_ohh",
    "sites",
    "readers",
    "register",
    "HandReader",
    "HandList",
    "SiteStats",
    "HandHistoryWarning",
    "HandHistoryError",
    "ImportedHand",
    "Seat",
    "Post",
    "PlayerAction",
    "Collection",
    "ShownHand",
    "Tournament",
    "PokerStarsReader",
    "parse_pokerstars",
    "read_pokerstars",
    "to_pokerstars",
    "Audit",
    "AuditPot",
    "Difference",
    "audit",
    "contributions",
    "to_engine",
    "describe_pokerstars",
    "check_description",
    "to_phh",
    "from_phh",
    "to_phh_all",
    "from_phh_all",
    "imported_to_phh",
    "JSON_SCHEMA",
    "JSON_VERSION",
    "to_json",
    "from_json",
    "to_dict",
    "from_dict",
]
