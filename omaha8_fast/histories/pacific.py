"""888poker hand histories (888poker, Pacific Poker, the "Cassava"
software): the Omaha Hi/Lo hands, read into
:class:`~omaha8_fast.histories.ImportedHand` (``site == "888"``).

A hand starts ``#Game No : N`` then ``***** 888poker Hand History for Game N
*****``; then ``$0.05/$0.10 Blinds Pot Limit Omaha Hi/Lo - *** 02 01 2024
03:04:05``, ``Table NAME 6 Max (Real Money)``, ``Seat 1 is the button``,
seats as ``Seat 1: NAME ( $10.00 )``. Amounts stand in brackets (``NAME
calls [$0.10]``); a raise gives the chips it adds (``raises [$0.30]``), not
the total; cards are written ``[ 7h, 2c, Ad, 3s ]``; the board comes as
``** Dealing flop ** [ ... ]``.

888 prints neither a total pot nor the rake, nor (in most years) the
uncalled bet, and a split pot is paid as one unlabelled ``collected`` line
per half. The reader takes the total from what the players put in, infers
the uncalled bet (what the player who put in most put in beyond everyone
else; taken out of the collections when the site paid it back as a win),
sets the rake to what was not paid out, and names the high and the low half
from the shown hands. A text where the site printed no award, or paid the
pots short by exactly the uncalled bet (a side pot printed less the bet it
never held), is broken: no rake is inferred from it, and the audit calls it
unjudged (its awards do not add up to the pot). Play money (``Practice
Play``) amounts have cents (``1,459.13``): read in hundredths, like money.

>>> text = '''#Game No : 555
... ***** 888poker Hand History for Game 555 *****
... $0.05/$0.10 Blinds Pot Limit Omaha Hi/Lo - *** 02 01 2024 03:04:05
... Table Oslo 6 Max (Real Money)
... Seat 2 is the button
... Total number of players : 2
... Seat 1: eve ( $10 )
... Seat 2: finn ( $10 )
... finn posts small blind [$0.05]
... eve posts big blind [$0.10]
... ** Dealing down cards **
... Dealt to eve [ Ah, 2d, Ks, 9c ]
... finn raises [$0.25]
... eve folds
... ** Summary **
... finn collected [ $0.40 ]'''
>>> [(first, hand)] = READER.split(text)
>>> first, hand.split(chr(10))[0]
(2, '***** 888poker Hand History for Game 555 *****')
>>> imported = READER.parse_hand(hand, first)
>>> imported.site, imported.total_pot, imported.rake, imported.paid, imported.returned
('888', 20, 0, {'finn': 20}, (('finn', 20),))
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ._model import HandHistoryError, ImportedHand, Tournament
from ._sites import register
from ._text_b import TextHand, checked_lines, hilo_game, seat_line, split_hands, stakes_and_money, strip_all_in
from ._text_common import player_line_problem

__all__ = ["PacificReader", "READER"]

_GAME_NO = re.compile(r"#Game No : (\d{1,30})\s*$")
_TITLE = re.compile(r"\*{4,5} (?:888poker|Cassava|888|Pacific Poker)[\w.\-]* (?:Snap Poker |BLAST )?Hand History "
                    r"for Game (\d{1,30}) \*{4,5}\s*$")
_STREETS = {"flop": "flop", "turn": "turn", "river": "river"}


class PacificReader:
    """The reader of 888poker text (see the module docstring)."""

    site = "888"
    #: every header line starts so (the framework finds them all, and each block it cuts is one hand: the
    #: next hand's "#Game No : N" line at its end is no line of it, and parse_hand passes it by)
    prefixes: tuple[str, ...] = ("****",)
    whole_blocks = True

    def is_header(self, line: str) -> bool:
        """The ``***** 888poker Hand History for Game N *****`` line (the
        ``#Game No : N`` line before it is optional: a hand starts here)."""
        return line.startswith("****") and _TITLE.match(line) is not None

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        for first, hand in split_hands(text, self.is_header):
            # the "#Game No : N" line of the next hand is not part of this one
            lines = hand.split("\n")
            while len(lines) > 1 and (not lines[-1].strip() or _GAME_NO.match(lines[-1].strip())):
                lines.pop()
            yield first, "\n".join(lines)

    def parse_hand(self, text: str, first_line: int = 1) -> ImportedHand | None:
        raw = text.split("\n", 3)
        offset = 1 if _GAME_NO.match(raw[0].rstrip("\r")) and len(raw) > 1 else 0
        title = _TITLE.match(raw[offset].rstrip("\r")) if len(raw) > offset else None
        if title is None:
            raise HandHistoryError("not an 888poker hand header (no 'Hand History for Game N' line)",
                                   line=first_line + offset)
        hand = TextHand(self.site, title.group(1), first_line)
        lines = checked_lines(text, hand.hand_id, first_line)
        if len(lines) < offset + 3:
            raise hand.error("the hand is cut short after its header", first_line)
        game_line = lines[offset + 1].strip()
        game_text, _, hand.date = game_line.partition(" - *** ")
        game = hilo_game(game_text)
        if game is None:
            return None
        hand.hole_size, hand.betting = game
        tournament = "Tournament #" in text[:2000]
        stakes_and_money(hand, "(" + game_text.split(" Blinds", 1)[0].replace(" ", "") + ")", first_line,
                         tournament)
        if not tournament and hand.unit == "chips":  # play money: amounts with cents ("1,459.13")
            hand.unit = "cents"
            hand.stakes = (hand.stakes[0] * 100, hand.stakes[1] * 100)
        if not _read(hand, lines, first_line, offset + 2):
            raise hand.error("the hand has no '** Summary **' (is it cut short?)", first_line)
        extra = hand.pay_back_uncalled(None)
        hand.total = sum(hand.put_in().values()) - extra
        kept = hand.total - sum(c[1] for c in hand.collected)
        # 888 prints no rake: it is what was not paid out, unless the text is broken (no award printed, or
        # the awards short by exactly the uncalled bet): then no rake is inferred, and the awards do not
        # add up to the pot (the audit leaves such a hand unjudged)
        broken = not hand.collected or (extra > 0 and kept == extra)
        hand.rake = 0 if broken else max(0, kept)
        hand.label_halves()
        return hand.build()


def _bracket(text: str) -> str:
    """The amount in ``[$0.10]``."""
    return text.strip().removeprefix("[").removesuffix("]").strip()


def _read(hand: TextHand, lines: list[str], first: int, start: int) -> bool:
    """Read the hand's lines; whether its summary was there."""
    summary = False
    for k in range(start, len(lines)):
        text = lines[k].strip()
        line = first + k
        if not text:
            continue
        if text.startswith("Table ") or text.startswith("Tournament #"):
            hand.table = text.split(" Max", 1)[0].rsplit(" ", 1)[0][6:].strip() if " Max" in text else text[6:60]
            words = text.split(" Max", 1)[0].rsplit(" ", 1)
            if len(words) == 2 and (words[1].isascii() and words[1].isdigit()) and len(words[1]) < 4:
                hand.max_seats = int(words[1])
            if text.startswith("Tournament #"):
                hand.tournament = Tournament(text[12:].split(" ", 1)[0], "", "")
            continue
        if text.startswith("Seat ") and text.endswith(" is the button"):
            number = text[5:-14]
            if not (number.isascii() and number.isdigit()) or len(number) > 3:
                raise hand.error(f"cannot read the button {text[:60]!r}", line)
            hand.button = int(number)
            continue
        if text.startswith("Seat ") and seat_line(hand, text, line):
            continue
        if text.startswith("** "):
            name = text[3:text.find(" **", 3)].lower() if text.find(" **", 3) > 0 else ""
            summary = summary or name == "summary"
            if name.startswith("dealing "):
                street = _STREETS.get(name[8:])
                if street is not None:
                    hand.deal(street, hand.cards(text[text.find(" **", 3) + 3:], line), line)
            continue
        if text.startswith("Dealt to "):
            at = text.find(" [", 9)
            if at > 0:
                hand.dealt(hand.known(text[9:at], line), hand.cards(text[at:], line))
            continue
        named = hand.player(text)
        if named is None or not _verb(hand, named[0], named[1].strip(), line):
            # a player's line not read (a name with no seat, a verb in another case): an error of the hand
            problem = player_line_problem(text, hand.by_length)
            if problem is not None:
                raise hand.error(problem, line)
    return summary


_POSTS = {"small blind": "small blind", "big blind": "big blind", "ante": "ante", "the ante": "ante"}


def _verb(hand: TextHand, name: str, rest: str, line: int) -> bool:
    """``NAME rest`` of a seated player read into ``hand``; False when it is none of the lines read."""
    rest, all_in = strip_all_in(rest)
    word, _, tail = rest.partition(" ")
    if word in ("folds", "checks"):
        hand.act(name, "fold" if word == "folds" else "check", line)
    elif word in ("calls", "bets", "raises"):
        added = hand.money(_bracket(tail), line)
        hand.act(name, {"calls": "call", "bets": "bet", "raises": "raise"}[word], line, added=added, all_in=all_in)
    elif word == "posts":
        kind, _, amount = tail.partition(" [")
        if kind == "dead blind":  # "[$0.05 + $0.10]": a dead small blind and a live big blind
            small, _, big = amount.rstrip("]").partition("+")
            dead = hand.money(small, line)
            live = hand.money(big, line) if big.strip() else 0
            hand.post(name, "small & big blinds" if live else "small blind", dead + live, line, all_in, dead)
        elif kind in _POSTS:
            value = hand.money(_bracket("[" + amount), line)
            hand.post(name, _POSTS[kind], value, line, all_in, value if _POSTS[kind] == "ante" else 0)
        else:
            raise hand.error(f"unknown post {rest[:60]!r}", line)
    elif word in ("shows", "mucks") and ("[" in tail or word == "shows"):
        if not tail.startswith("[") or "]" not in tail:
            raise hand.error(f"cannot read the shown cards {rest[:60]!r} of {name[:40]!r}", line)
        cards = hand.cards(tail[:tail.find("]") + 1], line)
        if word == "shows":
            hand.show(name, cards, None, line)
        else:
            hand.muck(name, cards, line)
    elif word == "mucks":
        hand.muck(name, (), line)
    elif word == "collected":
        hand.collect(name, hand.money(_bracket(tail), line), "pot", line)
    elif word.lower().startswith(("show", "muck")):  # "shows[ ... ]", "Shows [ ... ]": a show not read
        raise hand.error(f"cannot read the shown cards {rest[:60]!r} of {name[:40]!r}", line)
    else:
        return False
    return True


#: The 888poker reader, registered for ``omaha8_fast.histories.parse``.
READER = PacificReader()
register(READER)
