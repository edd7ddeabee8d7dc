"""OnGame network hand histories: the Omaha Hi/Lo hands (``site == "ongame"``).

A hand starts ``***** History for hand R5-174523451-26 *****`` (cash; a
tournament's header adds ``(TOURNAMENT: "NAME", CODE, buy-in: $1.20)``;
``hand_id`` is the number as printed), then ``Start hand: DATE``, ``Table:
NAME [ID] (POT_LIMIT OMAHA_HI_LO $0.50/$1, Real money)`` (``Chips`` in
tournaments: chips, no currency), ``User: HERO``, ``Button: seat N``, the
seats (``Seat 2: NAME ($49.50)``), the posts (``NAME posts big blind
($0.50)``), ``Dealing to HERO: [Qc, 9s, 7h, Ac]``, the actions (``calls
$2``, ``bets 60``, ``raises $5.00 to $10.00``: the chips added, then the
street's bet reached; `` [all in]`` after an all-in) and the streets
(``--- Dealing flop [5h, As, 4h]``). The summary names each pot before the
rake and who won what of it after the rake: ``Main pot: 2880 won by A (1440
High), B (1440 Low)``, ``Side pot 1: ...``, then ``Rake taken: $0.25`` and
each seat's result, with the cards shown at the showdown (``Seat 7: NAME
(2290), net: +120, [Js, Kd, 5d, 3c] (STRAIGHT KING)``).

OnGame prints no uncalled bet: the reader infers it (what the player who put
in most put in beyond everyone else), and names the halves of a pot paid in
unlabelled parts from the shown hands.

>>> text = '''***** History for hand R5-1000-3 *****
... Start hand: Mon Jan 06 08:58:00 CET 2014
... Table: Lund [1000] (POT_LIMIT OMAHA_HI_LO $0.25/$0.50, Real money)
... User: ann
... Button: seat 1
... Players in round: 2
... Seat 1: ann ($20)
... Seat 4: bob ($30)
... ann posts small blind ($0.25)
... bob posts big blind ($0.50)
... ---
... Dealing pocket cards
... Dealing to ann: [Ah, 2h, 9c, Kd]
... ann raises $1.25 to $1.50
... bob folds
... ---
... Summary:
... Main pot: $1 won by ann ($1)
... Rake taken: $0
... Seat 1: ann ($20.50), net: +$0.50
... Seat 4: bob ($29.50), net: -$0.50'''
>>> hand = READER.parse_hand(text)
>>> hand.site, hand.hand_id, hand.total_pot, hand.paid, hand.returned
('ongame', 'R5-1000-3', 100, {'ann': 100}, (('ann', 100),))
"""

from __future__ import annotations

from collections.abc import Iterator

from ._model import HandHistoryError, ImportedHand, Tournament
from ._sites import register
from ._rooms import RoomHand
from ._text_b import TextHand, checked_lines, split_hands, strip_all_in
from ._text_common import player_line_problem

__all__ = ["OnGameReader", "READER"]

_HEADER = "***** History for hand "
_BETTING = {"POT_LIMIT": "pot-limit", "NO_LIMIT": "no-limit", "FIXED_LIMIT": "limit", "LIMIT": "limit"}
_STREETS = {"flop": "flop", "turn": "turn", "river": "river"}
_QUIET = ("sits out", "is sitting out", "has returned", "is disconnected", "is connected", "has timed out",
          "leaves the table", "joins the table", "sits down", "stands up")


class OnGameReader:
    """The OnGame reader (see the module docstring)."""

    site = "ongame"
    name = "OnGame"

    header_starts: tuple[str, ...] = (_HEADER,)  # see _sites.py: a header right after a hand, no blank line between

    def is_header(self, line: str) -> bool:
        return line.startswith(_HEADER) and line.rstrip().endswith("*****") and len(line) > len(_HEADER) + 6

    def hand_id(self, line: str) -> str | None:
        return line[len(_HEADER):].split(" ", 1)[0][:40] if line.startswith(_HEADER) else None

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        return split_hands(text, self.is_header)

    def parse_hand(self, text: str, first_line: int = 1) -> ImportedHand | str | None:
        head = text.split("\n", 1)[0].rstrip("\r").lstrip("\ufeff")
        if not self.is_header(head[:400]):
            raise HandHistoryError("not an OnGame hand header ('***** History for hand N *****')", line=first_line)
        rest = head[len(_HEADER):].rstrip().removesuffix("*****").strip()
        hand_id, _, about = rest.partition(" ")
        hand = RoomHand(self.site, hand_id, first_line)
        if not hand_id:
            raise hand.error("no hand number in the header", first_line)
        lines = checked_lines(text, hand.hand_id, first_line)
        tournament = about.startswith("(TOURNAMENT")
        if tournament:
            parts = about.strip("()").split(",")
            name = parts[0].partition(":")[2].strip().strip('"')
            code = parts[1].strip() if len(parts) > 1 else name
            buy_in = next((p.partition(":")[2].strip() for p in parts if "buy-in" in p), "")
            hand.tournament = Tournament(code, buy_in, "")
        game = _read(hand, lines, first_line, tournament)
        if game is not None:
            return game
        _small_blind(hand)
        hand.pay_back_uncalled(False)
        _single_pot(hand)
        hand.label_halves()
        hand.breakdown_from_collections()
        return hand.build()


def _table(hand: TextHand, text: str, line: int, tournament: bool) -> str | None:
    """``Table: NAME [ID] (POT_LIMIT OMAHA_HI_LO $0.50/$1, Real money)``; the game's name when it is another game."""
    open_ = text.rfind(" (")
    if open_ < 0 or not text.endswith(")"):
        raise hand.error(f"cannot read the table line {text[:80]!r}", line)
    hand.table = text[7:open_].split(" [", 1)[0].strip()
    inside, _, kind = text[open_ + 2:-1].rpartition(", ")
    words = inside.split()
    if len(words) != 3:
        raise hand.error(f"cannot read the game {inside[:60]!r}", line)
    limit, game, stakes = words
    if game != "OMAHA_HI_LO":
        return f"{game} {limit}"
    if limit not in _BETTING:
        raise hand.error(f"unknown betting {limit[:30]!r}", line)
    hand.betting = _BETTING[limit]
    chips = tournament or kind.strip() != "Real money"
    hand.unit = "chips" if chips else "cents"
    if not chips:
        symbol = stakes[:1]
        if symbol not in "$€£":
            raise hand.error(f"cannot read the stakes {stakes[:30]!r}", line)
        hand.symbol, hand.currency = symbol, {"$": "USD", "€": "EUR", "£": "GBP"}[symbol]
    small, slash, big = stakes.partition("/")
    if not slash:
        raise hand.error(f"cannot read the stakes {stakes[:30]!r}", line)
    hand.stakes = (hand.money(small, line), hand.money(big, line))
    return None


def _read(hand: TextHand, lines: list[str], first: int, tournament: bool) -> str | None:
    summary = table = False
    for k in range(1, len(lines)):
        text = lines[k].strip()
        line = first + k
        if not text or text == "---" or text == "Dealing pocket cards":
            continue
        if text.startswith("Table: ") and not table:
            table = True
            game = _table(hand, text, line, tournament)
            if game is not None:
                return game
            continue
        if not table:
            if text.startswith(("Start hand: ", "Start hand:")):
                hand.date = text[11:].strip()
            continue
        if summary:
            _summary(hand, text, line)
            continue
        if text == "Summary:":
            summary = True
            continue
        if text.startswith("User: "):
            hand.hero = text[6:].strip() or None
            continue
        if text.startswith("Button: seat "):
            number = text[13:].strip()
            if not (number.isascii() and number.isdigit()) or len(number) > 3:
                raise hand.error(f"cannot read {text[:60]!r}", line)
            hand.button = int(number)
            continue
        if text.startswith("Players in round:"):
            continue
        if text.startswith("Seat ") and not hand.posts and not hand.actions:
            _seat(hand, text, line)
            continue
        if text.startswith("--- Dealing "):
            name, _, cards = text[12:].partition(" ")
            street = _STREETS.get(name)
            if street is None:
                raise hand.error(f"unknown street {text[:60]!r}", line)
            hand.deal(street, hand.cards(cards, line), line)
            continue
        if text.startswith("Dealing to "):
            name, colon, cards = text[11:].partition(": ")
            if not colon:
                raise hand.error(f"cannot read {text[:60]!r}", line)
            hand.dealt(hand.known(name, line), hand.cards(cards, line))
            continue
        named = hand.player(text)
        if named is None:
            if text.startswith("Seat "):
                raise hand.error(f"cannot read {text[:60]!r}", line)
            problem = player_line_problem(text, hand.by_length)
            if problem is not None:  # an action, a post, a show or a win of a name with no seat
                raise hand.error(problem, line)
            continue  # a line of the room's own (chat is not written in these files)
        _verb(hand, named[0], named[1].strip(), line)
    if not table:
        raise hand.error("no 'Table: ...' line", first)
    if not summary or hand.total is None:
        raise hand.error("the hand has no summary (is it cut short?)", first)
    return None


def _seat(hand: TextHand, text: str, line: int) -> None:
    number, colon, rest = text[5:].partition(": ")
    open_ = rest.rfind(" (")
    if not colon or not (number.isascii() and number.isdigit()) or open_ <= 0 or not rest.endswith(")"):
        raise hand.error(f"cannot read the seat {text[:80]!r}", line)
    hand.seat(int(number), rest[:open_].strip(), hand.money(rest[open_ + 2:-1], line), line)


def _verb(hand: TextHand, name: str, rest: str, line: int) -> None:
    rest, all_in = strip_all_in(rest)
    if rest.endswith(" [all in]"):
        rest, all_in = rest[:-9].rstrip(), True
    word, _, tail = rest.partition(" ")
    if word in ("folds", "checks") and not tail:
        hand.act(name, "fold" if word == "folds" else "check", line)
    elif word in ("calls", "bets") and tail:
        hand.act(name, "call" if word == "calls" else "bet", line, added=hand.money(tail, line), all_in=all_in)
    elif word == "raises" and " to " in tail:
        added, _, to = tail.partition(" to ")
        hand.money(added, line)
        hand.act(name, "raise", line, to=hand.money(to, line), all_in=all_in)
    elif word == "posts" and tail.endswith(")") and " (" in tail:
        kind, _, amount = tail[:-1].rpartition(" (")
        if kind not in ("small blind", "big blind", "ante"):
            raise hand.error(f"unknown post {rest[:60]!r}", line)
        value = hand.money(amount, line)
        hand.post(name, kind, value, line, all_in, value if kind == "ante" else 0)
    elif word == "shows" and tail.startswith("["):
        end = tail.find("]")
        if end < 0:
            raise hand.error(f"cannot read the shown cards {rest[:60]!r}", line)
        hand.show(name, hand.cards(tail[:end + 1], line), tail[end + 1:].strip().strip("()") or None, line)
    elif word == "mucks":
        hand.muck(name, hand.cards(tail, line) if tail.startswith("[") else (), line)
    elif not rest.startswith(_QUIET):
        raise hand.error(f"cannot read {name[:40]} {rest[:60]!r}", line)


def _summary(hand: TextHand, text: str, line: int) -> None:
    """``Main pot: $5 won by A ($4.75)``, ``Side pot 1: ...``, ``Rake taken: $0.25`` and the seats' results."""
    if text.startswith("Rake taken:"):
        hand.rake = hand.money(text[11:], line)
        return
    if text.startswith(("Main pot:", "Side pot ")):
        label, _, rest = text.partition(": ")
        amount, by, winners = rest.partition(" won by ")
        if not by:
            raise hand.error(f"cannot read the pot {text[:60]!r}", line)
        hand.total = (hand.total or 0) + hand.money(amount, line)
        pot = "main pot" if label == "Main pot" else "side pot-" + label[9:].strip()
        if not pot[9:].isdigit() and pot != "main pot":
            raise hand.error(f"cannot read the pot {label[:30]!r}", line)
        for part in winners.split("), "):
            who, open_, inside = part.removesuffix(")").rpartition(" (")
            if not open_:
                raise hand.error(f"cannot read the winner {part[:60]!r}", line)
            value, _, half = inside.partition(" ")
            suffix = {"": "", "High": " (hi)", "Low": " (lo)"}.get(half)
            if suffix is None:
                raise hand.error(f"cannot read the winner {part[:60]!r}", line)
            hand.collect(hand.known(who.strip(), line), hand.money(value, line), pot + suffix, line)
        return
    if text.startswith("Seat ") and "[" in text:
        number, _, rest = text[5:].partition(": ")
        name = next((n for n in hand.by_length if rest.startswith(n + " (")), None)
        if name is None:
            raise hand.error(f"cannot read the seat {text[:60]!r}", line)
        at = rest.find("[", len(name))
        end = rest.find("]", at)
        if end < 0:
            raise hand.error(f"cannot read the cards {text[:60]!r}", line)
        cards = hand.cards(rest[at:end + 1], line)
        description = rest[end + 1:].strip().strip("()") or None
        if name not in {s[0] for s in hand.shown}:
            hand.show(name, cards, description, line)


def _small_blind(hand: TextHand) -> None:
    """At stakes whose blinds are equal (``$0.50/$0.50``) OnGame may write the
    first post as ``posts big blind``, with the big blind posted after it: a
    first post of the small blind's size, in a hand with no small blind and
    another big blind, is the small blind (the same chips, live)."""
    kinds = [p[1] for p in hand.posts if p[1] != "ante"]
    if "small blind" in kinds or kinds.count("big blind") < 2:
        return
    k = next(k for k, p in enumerate(hand.posts) if p[1] == "big blind")
    name, _, amount, all_in, dead, line = hand.posts[k]
    if amount == hand.stakes[0] and not dead:
        hand.posts[k] = (name, "small blind", amount, all_in, dead, line)


def _single_pot(hand: TextHand) -> None:
    """One pot, no side pot: the collections are of ``pot``."""
    if all(c[2].startswith("main pot") for c in hand.collected):
        hand.collected = [(n, v, "pot" + p[8:], r, line) for n, v, p, r, line in hand.collected]


#: The OnGame reader, registered for ``omaha8_fast.histories.parse``.
READER = OnGameReader()
register(READER)
