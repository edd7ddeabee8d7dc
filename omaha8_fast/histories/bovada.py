"""Bovada, Ignition and Bodog hand histories: the Omaha Hi/Lo hands (issue 26).

One network, several names: a hand starts ``Bovada Hand #N TBL#M OMAHA HiLo
Pot Limit - 2015-01-01 12:00:00`` (or ``Ignition``, ``Bodog``,
``Bodog.eu`` ...; Zone Poker writes ``Zone Poker ID#M OMAHA HiLoZonePoker``,
tournaments ``Tournament #T TBL#M, Normal- Level 2 (20/40)``). The seats
are anonymous, named by position (``Seat 3: UTG ($10 in chips)``), the
player whose file it is marked ``[ME]`` (``Seat 2: Big Blind [ME] ($25 in
chips)``: the name is ``Big Blind``, and they are ``hero``); every line of
the hand reads ``NAME : verb``. Every dealt hand is printed (``UTG : Card
dealt to a spot [Ah 2d Kc 9s]``), so ``hole_cards`` holds every player's.
The button is ``Dealer : Set dealer [N]``; raises read ``Raises $1 to
$1.50``, an all-in ``All-in $5`` (the chips added) or ``All-in(raise) $4 to
$6``; uncalled bets ``NAME : Return uncalled portion of bet $2``; the pots
are paid as ``NAME : Hand result $5`` (``Hand result-Side pot $2`` for a
side pot), the halves unlabelled (inferred from the shown hands); the rake
is read from ``Total Pot($X) | Rake ($Y)`` where printed, else it is the pot
less what was paid. Cash games carry no stakes in the header: they are the
blinds posted (or ``Table Info: ... Stakes: $0.25-$0.50`` where printed).
The older text (2012) prints no street markers: the reader ends the betting
rounds itself and deals the streets from the summary's ``Board [...]``
(:class:`_Rounds`); its ``Raises $X`` is a raise to $X and its ``Showdown
[...]`` shows the five cards played.

>>> text = '''Bovada Hand #9 TBL#4 OMAHA HiLo Pot Limit - 2015-01-01 12:00:00
... Seat 1: Dealer ($20 in chips)
... Seat 2: Small Blind [ME] ($20 in chips)
... Seat 3: Big Blind ($20 in chips)
... Dealer : Set dealer [1]
... Small Blind [ME] : Small Blind $0.25
... Big Blind : Big blind $0.50
... *** HOLE CARDS ***
... Dealer : Card dealt to a spot [Ah 2d Kc 9s]
... Small Blind [ME] : Card dealt to a spot [3h 4h Qs Qd]
... Big Blind : Card dealt to a spot [7c 7d 8s Js]
... Dealer : Folds
... Small Blind [ME] : Raises $1.25 to $1.50
... Big Blind : Folds
... Small Blind [ME] : Return uncalled portion of bet $1
... Small Blind [ME] : Hand result $1
... *** SUMMARY ***
... Total Pot($1)'''
>>> hand = READER.parse_hand(text)
>>> hand.site, hand.hero, hand.stakes, hand.paid, len(hand.hole_cards)
('bovada', 'Small Blind', (25, 50), {'Small Blind': 100}, 3)
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ._model import HandHistoryError, ImportedHand, Tournament
from ._sites import register
from ._text_common import HandBuilder, body_lines, checked_lines, seat_parts, split_hands, star_section

__all__ = ["BovadaReader", "READER"]

_BRANDS = ("Bovada", "Ignition", "Bodog", "Bodog.com", "Bodog.eu", "Bodog UK", "Bodog Canada", "Bodog88")
_HILO = ("OMAHA HiLo", "OMAHA_HL")
_OTHER = ("HOLDEM", "OMAHA", "7CARD")
#: A show or a muck with cards, whatever stands before it (a line not ``NAME : verb``, see _body).
_SHOWN = re.compile(r"(?i)\b(?:showdown|shows|mucks|does not show) ?\[")
_ACTIONS = frozenset(("folds", "fold", "checks", "check", "calls", "call", "bets", "double", "raises", "all-in"))
_BETTING = (("Pot Limit", "pot-limit"), ("No Limit", "no-limit"), ("Fixed Limit", "limit"))

def _id_after_brand(line: str) -> str | None:
    """The hand id of a header line, or None."""
    for brand in _BRANDS:
        if line.startswith(brand + " Hand #"):
            rest = line[len(brand) + 7:]
            if rest.startswith("C"):
                rest = rest[1:]
            end = 0
            while end < len(rest) and rest[end].isdigit():
                end += 1
            return rest[:end] if end and rest[end:end + 1] in (":", " ") else None
    return None


class BovadaReader:
    """The Bovada/Ignition/Bodog reader (see the module docstring)."""

    site = "bovada"
    #: every header line starts so (the framework finds them all, and each block it cuts is one hand)
    prefixes: tuple[str, ...] = tuple(brand + " Hand #" for brand in _BRANDS)
    whole_blocks = True

    def is_header(self, line: str) -> bool:
        return line[:1] in "BI" and _id_after_brand(line) is not None

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        return split_hands(text, self.is_header)

    def parse_hand(self, text: str, first_line: int = 1) -> ImportedHand | None:
        head = text.split("\n", 1)[0].rstrip("\r").lstrip("\ufeff")[:300]
        hand_id = _id_after_brand(head)
        if hand_id is None:
            raise HandHistoryError("not a Bovada/Ignition/Bodog hand header", line=first_line)
        hand = HandBuilder(self.site, hand_id, first_line)
        lines = checked_lines(text, first_line, hand_id)
        if not _header(hand, head, first_line):
            return None
        _body(hand, lines, first_line)
        _table_order(hand)
        hand.stakes_from_posts()
        if any(c[2] == "side pot" for c in hand.collected):
            hand.collected = [(p, v, "main pot" if pot == "pot" else pot, h, n) for p, v, pot, h, n in hand.collected]
        return hand.finish()


def _header(hand: HandBuilder, head: str, number: int) -> bool:
    """Fill the game fields from the header; False for another game."""
    rest, _, hand.date = head.partition(" - ")
    game = next((g for g in _HILO if f" {g} " in rest + " " or f" {g}ZonePoker" in rest), None)
    if game is None:
        if any(f" {g}" in rest for g in _OTHER):
            return False
        raise hand.error(f"cannot read the game in {rest[:80]!r}", number)
    hand.betting = next((b for text, b in _BETTING if text in rest), "pot-limit")
    table = rest.split("TBL#", 1)[1].split(" ", 1)[0].rstrip(",") if "TBL#" in rest else ""
    hand.table = table or (rest.split("Zone Poker ID#", 1)[1].split(" ", 1)[0] if "Zone Poker ID#" in rest else "")
    if "Tournament #" in rest:
        tid = rest.split("Tournament #", 1)[1].split(" ", 1)[0]
        level = rest.split("Level ", 1)[1].split(" ", 1)[0] if "Level " in rest else ""
        hand.tournament = Tournament(tid, "", level)
        hand.money("", None)
        if "(" in rest and "/" in rest[rest.rfind("("):]:
            low, _, high = rest[rest.rfind("(") + 1:].split(")", 1)[0].partition("/")
            hand.stakes = (hand.amount(low, number), hand.amount(high, number))
    else:
        hand.money("$", "USD")
    return True


_POSITIONS = {"Dealer": 0, "Small Blind": 1, "Big Blind": 2, "UTG": 3}


def _position(name: str) -> int | None:
    """Where a seat named by its position sits after the button (Dealer 0,
    Small Blind 1, Big Blind 2, UTG 3, UTG+1 4, ...), or None."""
    if name in _POSITIONS:
        return _POSITIONS[name]
    tail = name[4:]
    if name.startswith("UTG+") and tail.isascii() and tail.isdigit() and len(tail) < 3:
        return 3 + int(tail)
    return None


def _table_order(hand: HandBuilder) -> None:
    """Seat the players in the order their position names give, where the
    site's seat numbers do not (tournaments number seats at random, and a
    dead button names an empty seat the numbers do not place): the button is
    then seat 1 (the Dealer's, or left empty), the Small Blind seat 2, ...
    The numbers are kept when they already go round the table in that order."""
    rank = {s[1]: _position(s[1]) for s in hand.seats}
    if not rank or any(r is None for r in rank.values()) or len(set(rank.values())) != len(rank):
        return
    after = sorted(hand.seats, key=lambda s: (rank[s[1]] or 99))  # clockwise from the button, the Dealer last
    dealer = next((s[0] for s in hand.seats if s[1] == "Dealer"), None)
    numbers = {s[0] for s in hand.seats}
    if dealer == hand.button or (dealer is None and hand.button and hand.button not in numbers):
        top = max(numbers | {hand.button}) + 1
        clockwise = sorted(hand.seats, key=lambda s: (s[0] - hand.button - 1) % top)
        if [s[1] for s in clockwise] == [s[1] for s in after]:
            return
    start = 1 if dealer is not None else 2  # no Dealer: the button's seat 1 is empty
    ordered = ([next(s for s in hand.seats if s[1] == "Dealer")] if dealer is not None else []) + \
        [s for s in after if s[1] != "Dealer"]
    hand.seats = [(start + k, name, stack, out) for k, (_, name, stack, out) in enumerate(ordered)]
    hand.button = 1


class _Rounds:
    """Where the betting rounds end, for the hands that print no street
    markers (the network's older text): a round is over when every player
    who can still act has acted since the last bet or raise and matched it
    (a player is all in once they have put in their stack); the next action
    then opens the next street, its cards taken from the summary's board."""

    def __init__(self, hand: HandBuilder, board: tuple[int, ...]) -> None:
        self.hand, self.board = hand, board
        self.folded: set[str] = set()
        self.all_in: set[str] = set()
        self.acted: set[str] = set()
        self.put: dict[str, int] | None = None  # what each player has put in (from the first action on)

    def closed(self) -> bool:
        hand = self.hand
        assert self.put is not None
        live = set(self.put) - self.folded
        active = live - self.all_in
        high = max(hand.bets.values(), default=0)
        if len(live) <= 1 or not active:
            return True
        if len(active) == 1:
            return hand.bets.get(next(iter(active)), 0) >= high
        return all(p in self.acted and hand.bets.get(p, 0) == high for p in active)

    def before(self, number: int) -> None:
        """An action comes: open the next street if the round is over."""
        hand = self.hand
        if self.put is None:
            self.put = {}
            for post in hand.posts:
                self.put[post[0]] = self.put.get(post[0], 0) + post[2]
            for name in hand.holes:
                self.put.setdefault(name, 0)
            stacks = {seat[1]: seat[2] for seat in hand.seats}
            self.all_in = {p[0] for p in hand.posts if p[3]} | {n for n, v in self.put.items() if v >= stacks.get(n, 0)}
        elif hand.street == "showdown":
            raise hand.error("an action after the showdown", number)
        elif self.closed():
            if hand.street == "river":
                raise hand.error("an action after the river's betting is over", number)
            street = {"preflop": "flop", "flop": "turn", "turn": "river"}[hand.street]
            want = {"flop": 3, "turn": 4, "river": 5}[street]
            if len(self.board) < want:
                raise hand.error(f"an action on the {street}, but the summary's board has no {street}", number)
            hand.street_cards(street, self.board[:want], number)
            self.acted = set()

    def after(self, name: str, high: int) -> None:
        """``name`` acted; ``high`` was the bet to match before."""
        assert self.put is not None
        street, _, kind, _, added, all_in, _ = self.hand.actions[-1]
        self.put[name] = self.put.get(name, 0) + added
        if kind == "fold":
            self.folded.add(name)
        stack = next((s[2] for s in self.hand.seats if s[1] == name), 0)
        if all_in or self.put[name] >= stack:
            self.all_in.add(name)
        if self.hand.bets.get(name, 0) > high:
            self.acted = set()
        self.acted.add(name)


def _summary_board(hand: HandBuilder, lines: list[str], first: int) -> tuple[int, ...]:
    """The summary's ``Board [...]`` (the older text's only record of the board)."""
    for k in range(len(lines) - 1, 0, -1):
        text = lines[k].strip()
        if text.startswith("Board ["):
            return hand.cards(text[6:], first + k)
        if text.startswith("*** SUMMARY"):
            break
    return ()


def _body(hand: HandBuilder, lines: list[str], first: int) -> None:
    section = "header"
    board = _summary_board(hand, lines, first)
    rounds = None if any(t.startswith("*** FLOP") for t in lines) else _Rounds(hand, board)
    for number, text in body_lines(lines[1:], first + 1):
        if text.startswith("*** "):
            section = _marker(hand, text, number)
        elif section == "summary":
            if text.startswith("Total Pot(") and "| Rake (" in text:
                hand.rake = hand.amount(text.split("| Rake (", 1)[1].rstrip(")"), number)
            elif text.startswith("Board [") and hand.board and hand.cards(text[6:], number) != hand.board:
                raise hand.error("the summary board differs from the dealt board", number)
        elif text.startswith("Seat ") and section == "header" and text.endswith(" in chips)"):
            _seat(hand, text, number)
        elif text.startswith("Table Info:") and "Stakes: " in text and hand.tournament is None:
            low, _, high = text.split("Stakes: ", 1)[1].split(",", 1)[0].partition("-")
            hand.stakes = (hand.amount(low, number), hand.amount(high, number))
        elif " : " in text:
            name, _, verb = text.partition(" : ")
            hero = name.endswith("[ME]")
            name = name[:-4].strip() if hero else name.strip()
            _named(hand, name, verb.strip(), number, hero, section, rounds)
        elif "[" in text and _SHOWN.search(text):  # "NAME: Showdown [...]", "NAME\tShowdown [...]": a show not read
            raise hand.error(f"cannot read the show line {text[:80]!r}", number)
        # anything else ("Enter(Auto)", "Player Info: ...") says nothing about the hand
    if rounds is not None and len(board) > len(hand.board):
        hand.board = board  # the streets nobody bet on (all in, or checked through the end)


def _marker(hand: HandBuilder, text: str, number: int) -> str:
    section = star_section(hand, text, number)
    if section is None:
        raise hand.error(f"unknown section {text[:40]!r}", number)
    return section


def _seat(hand: HandBuilder, text: str, number: int) -> None:
    seat, name, stack = seat_parts(hand, text, number)
    hero = name.endswith(" [ME]")
    name = name[:-5] if hero else name
    hand.seat(seat, name, hand.amount(stack.removesuffix(" in chips"), number), number)
    if hero:
        hand.hero = name


def _named(hand: HandBuilder, name: str, verb: str, number: int, hero: bool, section: str,
           rounds: _Rounds | None) -> None:
    if "(" in verb:
        for tail in ("(timeout)", "(disconnect)"):
            verb = verb.replace(tail, " ").strip()
    if verb.endswith(")"):  # an action's tag: "Folds (auth)", "Fold(Blind Disconnected)", "Checks (auth)"
        at = verb.rfind("(")
        head, tag = verb[:at].strip(), verb[at + 1:-1]
        if at > 0 and head.split(" ", 1)[0].lower() in _ACTIONS and "[" not in verb \
                and not any(ch.isdigit() for ch in tag):
            verb = head
    low = verb.lower()
    if rounds is not None and section != "header" and low.split(" ", 1)[0].split("(", 1)[0] in _ACTIONS:
        rounds.before(number)
        high = max(hand.bets.values(), default=0)
        _named(hand, name, verb, number, hero, section, None)
        rounds.after(name, high)
        return
    if low.startswith("card dealt to a spot ["):  # the commonest lines first
        hand.hole(name, hand.cards(verb[20:], number), number, hero)
        return
    if low in ("folds", "fold", "checks", "check"):
        hand.act(name, "fold" if low.startswith("fold") else "check", number)
        return
    if low.startswith(("calls ", "call ")):
        hand.act(name, "call", number, hand.amount(verb.split(" ", 1)[1], number))
        return
    if low.startswith("raises "):
        hand.act(name, "raise", number, hand.amount(verb.split(" ", 1)[1].split(" to ")[-1], number), False)
        return
    if low.startswith("hand result"):
        pot = "side pot" if low.startswith("hand result-side pot") else "pot"
        hand.collect(name, hand.amount(verb.rsplit(" ", 1)[1], number), pot, number)
        return
    if name == "Dealer" and low.startswith("set dealer"):
        seat = verb[verb.find("[") + 1:verb.find("]")]
        if not seat.isdigit():
            raise hand.error(f"cannot read the button {verb[:40]!r}", number)
        hand.button = int(seat)
        return
    if low.startswith(("small blind ", "big blind ", "posts chip ", "posts dead chip ", "ante chip ", "ante/small blind ",
                       "big blind/bring in ")):
        _post(hand, name, verb, low, number)
    elif low.startswith("all-in") and section == "header":  # a blind that puts the player all in
        kind = {"Small Blind": "small blind", "Big Blind": "big blind"}.get(name, "ante")
        value = hand.amount(verb[6:].split(" to ")[-1], number)
        hand.post(name, kind, value, number, True, dead=value if kind == "ante" else 0)
    elif low.startswith("card dealt to a spot ["):
        hand.hole(name, hand.cards(verb[20:], number), number, hero)
    elif low in ("folds", "fold", "checks", "check"):
        hand.act(name, "fold" if low.startswith("fold") else "check", number)
    elif low.startswith(("calls ", "call ")):
        hand.act(name, "call", number, hand.amount(verb.split(" ", 1)[1], number))
    elif low.startswith(("bets ", "double bets ")):
        hand.act(name, "bet", number, hand.amount(verb.rsplit(" ", 1)[1], number))
    elif low.startswith(("raises ", "all-in(raise")):
        amounts = verb.split(")", 1)[1] if low.startswith("all-in(") else verb.split(" ", 1)[1]
        hand.act(name, "raise", number, hand.amount(amounts.split(" to ")[-1], number), low.startswith("all-in"))
    elif low.startswith("all-in "):
        hand.all_in(name, hand.amount(verb[7:], number), number)
    elif low.startswith("return uncalled portion of bet "):
        hand.give_back(name, hand.amount(verb[31:], number), number)
    elif low.startswith(("showdown [", "shows [")):  # the hole cards, or (older text) the five cards played
        shown = hand.cards(verb[verb.find("["):verb.find("]") + 1], number)
        if rounds is not None and len(rounds.board) > len(hand.board):
            hand.board = rounds.board  # all in before the river: the rest of the board, from the summary
        if name in hand.holes and set(shown) - set(hand.board) - set(hand.holes[name]):
            raise hand.error(f"{name} shows cards they were not dealt", number)
        hand.street = "showdown"
        hand.show(name, hand.holes.get(name, shown), number, _description(verb))
    elif low.startswith(("mucks [", "does not show [")):  # the cards are known; a muck gives up the pot
        hand.hole(name, hand.cards(verb[verb.find("["):verb.find("]") + 1], number), number)
        if low.startswith("mucks"):
            hand.muck(name, number)
    elif low.startswith("hand result"):
        pot = "side pot" if low.startswith("hand result-side pot") else "pot"
        hand.collect(name, hand.amount(verb.rsplit(" ", 1)[1], number), pot, number)
    elif low.split(" ", 1)[0].split("(", 1)[0] in _ACTIONS:
        raise hand.error(f"cannot read {name} : {verb[:60]!r}", number)
    elif low.startswith(("show", "muck", "does not show")) and "[" in verb:  # a show the forms above do not read
        raise hand.error(f"cannot read the shown cards in {name} : {verb[:60]!r}", number)
    # anything else (Leave(Auto), Table deposit, Ranking, Prize Cash, ...) says nothing about the pots


def _post(hand: HandBuilder, name: str, verb: str, low: str, number: int) -> None:
    value = hand.amount(verb.rsplit(" ", 1)[1], number)
    if low.startswith(("small blind ", "ante/small blind ")):
        hand.post(name, "small blind", value, number)
    elif low.startswith(("big blind ", "big blind/bring in ")):
        hand.post(name, "big blind", value, number)
    elif low.startswith("posts chip "):  # a player joining: a live post
        hand.post(name, "big blind" if value >= hand.big_blind() else "small blind", value, number)
    elif low.startswith("posts dead chip "):  # both blinds: the small one's part is dead
        hand.post(name, "small & big blinds", value, number, dead=max(0, value - hand.big_blind()))
    else:
        hand.post(name, "ante", value, number, dead=value)


def _description(verb: str) -> str | None:
    at = verb.find("] (")
    return verb[at + 3:].rstrip(")").strip() or None if at >= 0 and verb.endswith(")") else None


READER = register(BovadaReader())
