"""Full Tilt Poker hand histories: the Omaha Hi/Lo hands (issue 26).

The header is ``Full Tilt Poker Game #N: Table NAME (6 max) - PL Omaha H/L -
$0.25/$0.50 - 21:11:15 ET - 2014/01/05`` (older hands put the stakes before
the game); the button is said after the blinds (``The button is in seat
#3``); actions read ``NAME raises to $2, and is all in``; the halves are
labelled (``NAME wins the high pot ($5)``, ``NAME ties for the low main pot
($1.25)``, ``NAME wins side pot #1 ($3)``); the summary prints ``Total pot
$X | Rake $Y``. The 2006-2008 client writes ``FullTiltPoker Game #N: ...``;
the turn and river lines repeat the board so far (``*** TURN *** [Tc Th 7h]
[4c]``: only the last group is dealt). Courchevel Hi (high only) is another
game (skipped). Run it twice (``*** RIVER 2 ***``) is refused with an error.

>>> text = '''Full Tilt Poker Game #11: Table Ash (6 max) - PL Omaha H/L - $0.25/$0.50 - 21:11:15 ET - 2014/01/05
... Seat 1: ann ($20)
... Seat 2: bob ($20)
... ann posts the small blind of $0.25
... bob posts the big blind of $0.50
... The button is in seat #1
... *** HOLE CARDS ***
... ann raises to $1.50
... bob folds
... Uncalled bet of $1 returned to ann
... ann mucks
... ann wins the pot ($1)
... *** SUMMARY ***
... Total pot $1 | Rake $0
... Seat 1: ann (small blind) collected ($1), mucked
... Seat 2: bob (big blind) folded before the Flop'''
>>> hand = READER.parse_hand(text)
>>> hand.site, hand.total_pot, hand.paid, hand.returned
('fulltilt', 100, {'ann': 100}, (('ann', 100),))
"""

from __future__ import annotations

from collections.abc import Iterator

from ._model import HandHistoryError, ImportedHand, Tournament
from ._sites import register
from ._text_common import HandBuilder, body_lines, checked_lines, name_at_start, pot_name, seat_parts, split_hands, star_section

__all__ = ["FullTiltReader", "READER"]

_HEADERS = ("Full Tilt Poker Game #", "FullTiltPoker Game #")
_BETTING = (("Fixed Limit ", "limit"), ("Pot Limit ", "pot-limit"), ("No Limit ", "no-limit"), ("Limit ", "limit"),
            ("CAP PL ", "pot-limit"), ("CAP NL ", "no-limit"), ("FL ", "limit"), ("PL ", "pot-limit"),
            ("NL ", "no-limit"))
_OUT = ", is sitting out"
_HILO = {"Omaha H/L": 4, "Omaha Hi/Lo": 4, "Omaha Hi-Lo": 4, "5 Card Omaha H/L": 5, "5 Card Omaha Hi/Lo": 5}
_OTHER_GAMES = ("Hold'em", "Omaha", "Stud", "Razz", "Draw", "Badugi", "Triple", "2-7", "A-5", "HORSE", "Mixed")


def _game(part: str) -> tuple[int, str] | None:
    """(hole size, betting) of a header part naming an Omaha Hi/Lo game."""
    for prefix, betting in _BETTING:
        if part.startswith(prefix):
            size = _HILO.get(part[len(prefix):].strip())
            return None if size is None else (size, betting)
    return None


def _hand_id(line: str) -> str | None:
    """The hand id of a header line (``Full Tilt Poker Game #N:``, or
    ``FullTiltPoker Game #N:`` as the 2006-2008 client wrote it), or None."""
    for header in _HEADERS:
        if line.startswith(header):
            digits, colon, _ = line[len(header):].partition(":")
            return digits if colon and digits.isdigit() else None
    return None


class FullTiltReader:
    """The Full Tilt Poker reader (see the module docstring)."""

    site = "fulltilt"
    #: every header line starts so (the framework finds them all, and each block it cuts is one hand)
    prefixes: tuple[str, ...] = _HEADERS
    whole_blocks = True

    def is_header(self, line: str) -> bool:
        return _hand_id(line) is not None

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        return split_hands(text, self.is_header)

    def parse_hand(self, text: str, first_line: int = 1) -> ImportedHand | None:
        head = text.split("\n", 1)[0].rstrip("\r").lstrip("\ufeff")
        hand_id = _hand_id(head[:200])
        if hand_id is None:
            raise HandHistoryError("not a Full Tilt Poker hand header", line=first_line)
        rest = head.partition(":")[2]
        hand = HandBuilder(self.site, hand_id, first_line)
        lines = checked_lines(text, first_line, hand_id)
        if not _header(hand, rest.strip(), first_line):
            return None
        _body(hand, lines, first_line)
        return hand.finish()


def _header(hand: HandBuilder, rest: str, line: int) -> bool:
    """Fill the game fields; False for a hand of another game."""
    parts = [p.strip() for p in rest.split(" - ")]
    game_at = next((k for k, p in enumerate(parts) if _game(p) is not None), -1)
    if game_at < 0:
        if len(parts) >= 3 and any(name in rest for name in _OTHER_GAMES):
            return False
        if any(p.endswith(" Courchevel Hi") or p.endswith(" Courchevel") for p in parts):
            return False  # Courchevel high only: another game
        raise hand.error(f"cannot read the header {rest[:80]!r}", line)
    game = _game(parts[game_at])
    assert game is not None
    hand.hole_size, hand.betting = game
    size = game[0]
    hand.game = "5 Card Omaha Hi/Lo" if size == 5 else "Omaha Hi/Lo"
    table = parts[0]
    if ", Table " in table:  # a tournament: "$10 + $1 Sit & Go (12345), Table 1"
        event, _, table = table.rpartition(", Table ")
        number = event[event.rfind("(") + 1:event.rfind(")")] if "(" in event else ""
        hand.tournament = Tournament(number, event[:event.rfind("(")].strip() if "(" in event else event, "")
        table = "Table " + table
    if not table.startswith("Table "):
        raise hand.error(f"cannot read the table in {parts[0][:80]!r}", line)
    name = table[6:]
    if name.endswith(")") and " (" in name:
        name, _, about = name[:-1].rpartition(" (")
        if about == "heads up":
            hand.max_seats = 2
        elif about.split(" ", 1)[0].isdigit():
            hand.max_seats = int(about.split(" ", 1)[0])
    hand.table = name
    stakes_at = next((k for k, p in enumerate(parts) if k and "/" in p and p[:1] in "$€£0123456789"
                      and ":" not in p and p.count("/") == 1), -1)
    if stakes_at < 0:
        raise hand.error("no stakes in the header", line)
    low, _, high = parts[stakes_at].split(" Ante ", 1)[0].partition("/")
    symbol = low[0] if low[:1] in "$€£" else ""
    if hand.tournament is None:
        hand.money(symbol, None)
    hand.stakes = (hand.amount(low, line), hand.amount(high, line))
    hand.date = " - ".join(p for k, p in enumerate(parts) if k > max(game_at, stakes_at))
    return True


def _body(hand: HandBuilder, lines: list[str], first: int) -> None:
    section = "header"
    for number, text in body_lines(lines[1:], first + 1):
        if text.startswith("*** "):
            section = _marker(hand, text, number, section)
            continue
        if section == "summary":
            _summary(hand, text, number)
            continue
        if section == "header" and text.startswith("Seat ") and text.endswith((")", _OUT)):
            _seat(hand, text, number)
            continue
        if text.startswith("The button is in seat #"):
            seat = text[23:]
            if not seat.isdigit():
                raise hand.error(f"cannot read {text[:80]!r}", number)
            hand.button = int(seat)
            continue
        if text.startswith("Dealt to "):
            at = text.find(" [")
            if at > 0 and text.endswith("]"):
                hand.hole(text[9:at], hand.cards(text[at:], number), number, hero=True)
            continue
        if text.startswith(("Uncalled bet of ", "Ante of ")):
            amount, sep, name = text.split(" of ", 1)[1].partition(" returned to ")
            if not sep:
                raise hand.error(f"cannot read {text[:80]!r}", number)
            hand.give_back(name, hand.amount(amount, number), number)
            continue
        if text.startswith("Players agree to Run It Twice"):
            raise hand.error("a hand run twice (not read from Full Tilt text)", number)
        who = name_at_start(text, hand.names)
        if who is not None and text[len(who):len(who) + 1] == " ":
            _named(hand, who, text[len(who) + 1:], number)
        elif not (who is not None and text[len(who):len(who) + 1] == ":") and ": " not in text[:80]:
            hand.unread(text, number)  # a player's line after a tab, or of a name with no seat: an error
        # anything else (chat "NAME: ...", table news) says nothing about the hand


def _marker(hand: HandBuilder, text: str, number: int, section: str) -> str:
    name = text[4:].split(" ***", 1)[0]
    if name == "SHOW DOWN":
        hand.street = "showdown"
        return "showdown"
    if name.startswith(("SUMMARY ", "FLOP ", "TURN ", "RIVER ", "SHOW DOWN ")):
        raise hand.error("a hand run twice (not read from Full Tilt text)", number)
    found = star_section(hand, text, number)
    if found is None:
        raise hand.error(f"unknown section {name[:40]!r}", number)
    return found


def _seat(hand: HandBuilder, text: str, number: int) -> None:
    """``Seat 1: NAME ($1,000)``, maybe followed by ``, is sitting out``."""
    seat, name, stack = seat_parts(hand, text.removesuffix(_OUT), number)
    hand.seat(seat, name, hand.amount(stack, number), number, text.endswith(_OUT))


def _named(hand: HandBuilder, name: str, verb: str, number: int) -> None:
    all_in = False
    for tail in (", and is all in", ", and is capped"):
        if verb.endswith(tail):
            verb, all_in = verb[: -len(tail)], tail.endswith("all in")
    word, _, rest = verb.partition(" ")
    if word in ("folds", "checks") and not rest:
        hand.act(name, "fold" if word == "folds" else "check", number)
    elif word in ("calls", "bets") and rest:
        hand.act(name, "call" if word == "calls" else "bet", number, hand.amount(rest, number), all_in)
    elif word == "raises" and rest.startswith("to "):
        hand.act(name, "raise", number, hand.amount(rest[3:], number), all_in)
    elif word == "posts":
        _post(hand, name, rest, number, all_in)
    elif word == "antes":
        hand.post(name, "ante", hand.amount(rest, number), number, all_in, dead=hand.amount(rest, number))
    elif word == "shows":
        if rest.startswith("["):
            end = rest.find("]")
            if end < 0:
                raise hand.error(f"cannot read the shown cards {verb[:80]!r}", number)
            hand.show(name, hand.cards(rest[:end + 1], number), number, rest[end + 1:].strip() or None)
        elif "[" in rest or "]" in rest:
            raise hand.error(f"cannot read the shown cards {verb[:80]!r}", number)
        # "NAME shows two pair, ..." repeats a shown hand's name at the showdown
    elif word == "mucks":
        hand.muck(name, number)
        if rest.startswith("[") and rest.endswith("]"):
            hand.hole(name, hand.cards(rest, number), number)
    elif word in ("wins", "ties"):
        _wins(hand, name, verb, number)
    elif word in ("folds", "checks", "calls", "bets", "raises") or word.lower().startswith(("show", "muck")):
        raise hand.error(f"cannot read {name} {verb[:80]!r}", number)  # (a show or muck: "Shows [...]", "shows[...]")


def _post(hand: HandBuilder, name: str, rest: str, number: int, all_in: bool) -> None:
    for phrase, kind in (("the small blind of ", "small blind"), ("the big blind of ", "big blind"),
                         ("a dead small blind of ", "small blind dead"), ("a dead big blind of ", "big blind dead")):
        if rest.startswith(phrase):
            value = hand.amount(rest[len(phrase):], number)
            hand.post(name, kind, value, number, all_in, dead=value if kind.endswith("dead") else 0)
            return
    hand.post(name, "big blind", hand.amount(rest, number), number, all_in)  # "posts $1": a player joining the game


def _wins(hand: HandBuilder, name: str, verb: str, number: int) -> None:
    """``wins the high pot ($5)``, ``ties for the low side pot #1 ($1)``, ``wins the pot ($3) with ...``."""
    text = verb[5:] if verb.startswith("wins ") else verb[9:] if verb.startswith("ties for ") else ""
    open_ = text.find(" (")
    close = text.find(")", open_)
    if open_ < 0 or close < 0:
        raise hand.error(f"cannot read {name} {verb[:80]!r}", number)
    pot = text[:open_]
    if pot.startswith("the "):
        pot = pot[4:]
    half = None
    for word, label in (("high ", "hi"), ("low ", "lo")):
        if pot.startswith(word):
            pot, half = pot[len(word):], label
    hand.collect(name, hand.amount(text[open_ + 2:close], number), pot_name(hand, pot, number), number, half)


def _summary(hand: HandBuilder, text: str, number: int) -> None:
    if text.startswith("Total pot "):
        total, _, rake = text[10:].partition("| Rake ")
        hand.total = hand.amount(total.split(" ", 1)[0], number)
        hand.rake = hand.amount(rake, number) if rake else 0
    elif text.startswith("Board: "):
        board = hand.cards(text[7:], number)
        if board != hand.board:
            raise hand.error("the summary board differs from the dealt board", number)
    elif text.startswith("Seat ") and (" showed [" in text or " mucked [" in text):
        seat, _, rest = text[5:].partition(": ")
        owner = next((s[1] for s in hand.seats if str(s[0]) == seat), None)
        at = max(rest.find(" showed ["), rest.find(" mucked ["))
        end = rest.find("]", at)
        if owner is not None and rest.startswith(owner) and end > 0:
            held = hand.cards(rest[at + 8:end + 1], number)
            if owner not in hand.holes:
                hand.hole(owner, held, number)


READER = register(FullTiltReader())
