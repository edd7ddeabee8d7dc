"""The fast PokerStars reader (:func:`_parse_fast`): the common hands, through the C scanner or a bounded cache of
what each line says; anything else goes back to the general reader."""

from __future__ import annotations

import os
from itertools import islice
from typing import Any

from ..._core import ffi as _ffi, lib as _lib
from .._model import (
    HandHistoryError,
    ImportedHand,
    Unit,
    parse_amount,
)
from ._lines import (
    _AMOUNTS,
    _CARD,
    _GROUPS,
    _HEADER,
    _PLAIN_STREETS,
    _body,
    _bracket_groups,
    _build,
    _cards,
    _finish,
    _Hand,
    _known_cards,
    _named,
    _read_header,
    _summary,
    _table_fields,
)

# --- the fast reader -------------------------------------------------------------
#
# Hand-history files repeat the same lines over and over ("bob: checks",
# "alice: calls $0.50", ...). _parse_fast reads a hand the way _parse_one does,
# but what each line says, as far as it depends on the line alone, is worked
# out once (_classify) and kept (_KINDS, by unit); the hand only applies it.
# At the first line it cannot read exactly as _parse_one would, or anything
# that would be an error, it gives the hand up (None) and _parse_one reads it:
# the rules for the rare lines and the error messages stay there.
# tests/test_histories_fast.py checks that the two read the same hands alike.

_ACT, _POST, _SEAT, _SHOW, _COLLECT, _STREET, _DEALT, _RETURN, _HOLE, _SHOWDOWN, _SUMMARY, _NOISE, _OTHER = range(13)
_KINDS: dict[str, dict[str, tuple[Any, ...]]] = {"cents": {}, "chips": {}}  # line -> what it says, by unit
_KIND_OTHER = (_OTHER,)
_KIND_KEY = 200  # longest line kept in _KINDS
_KEPT = frozenset((_ACT, _POST, _SEAT, _COLLECT, _RETURN, _HOLE, _SHOWDOWN, _SUMMARY, _NOISE))  # lines that recur
_NAMED = frozenset((_ACT, _POST, _SHOW, _COLLECT))  # kinds whose second field is the player named


def _classify(text: str, unit: Unit) -> tuple[Any, ...]:
    """What the line ``text`` says, worked out from it alone as
    :func:`_parse_one` reads it (whether a name is a player's is for the
    hand to check); ``(_OTHER,)`` for a line only _parse_one may read."""
    try:
        return _classify_text(text, unit)
    except ValueError:  # a bad amount or card: _parse_one says what
        return _KIND_OTHER


def _classify_text(text: str, unit: Unit) -> tuple[Any, ...]:
    """:func:`_classify`, raising ValueError on a bad amount or card."""
    c0 = text[0]
    if c0 == "*" and text.startswith("*** "):
        if text == "*** HOLE CARDS ***":
            return (_HOLE,)
        if text == "*** SHOW DOWN ***":
            return (_SHOWDOWN,)
        if text == "*** SUMMARY ***":
            return (_SUMMARY,)
        return _street(text)
    if ' said, "' in text:
        return _KIND_OTHER
    colon = text.find(": ")
    if c0 == "S" and text.startswith("Seat ") and " in chips" in text:
        number, sep, rest = text[5:].partition(": ")
        at = rest.rfind(" in chips")
        open_ = rest.rfind(" (", 0, at)
        if not sep or not number.isdigit() or open_ < 0:
            return _KIND_OTHER
        tail = rest[at:]
        return (_SEAT, int(number), rest[:open_], _amount(rest[open_ + 2:at], unit),
                "sitting out" in tail or "out of hand" in tail)
    if colon < 0:
        if c0 == "D" and text.startswith("Dealt to "):
            at = text.find(" [", 9)
            if at < 0:
                return (_NOISE,)
            if text[-1] == "]" and "]" not in text[at + 2:-1]:
                dealt = _cards(text[at + 2:-1], "", 0)
            else:
                dealt = _bracket_groups(text[at:], "", 0)
            return (_DEALT, text[9:at], dealt)
        if c0 == "U" and text.startswith("Uncalled bet ("):
            close = text.find(") returned to ")
            if close > 0:
                return (_RETURN, text[close + 14:], _amount(text[14:close], unit))
            return _KIND_OTHER
        at = text.find(" collected ")
        if at > 0:
            amount_text, sep, pot = text[at + 11:].partition(" from ")
            if sep and pot[-1:] != " ":
                return (_COLLECT, text[:at], _amount(amount_text, unit), pot)
        return _KIND_OTHER
    name = text[:colon]
    verb = text[colon + 2:]
    if verb[-1:] == " ":
        verb = verb.rstrip()
    if verb.startswith("shows ["):
        end = verb.find("]")
        if end < 0 or verb != verb.rstrip():
            return _KIND_OTHER
        description = verb[end + 1:].strip()
        if description.startswith("(") and description.endswith(")"):
            description = description[1:-1]
        return (_SHOW, name, _cards(verb[7:end], "", 0), description or None)
    first_word, _, rest = verb.partition(" ")
    if first_word == "folds" and not rest:
        return (_ACT, name, "fold", 0, False)
    if first_word == "checks":
        return (_ACT, name, "check", 0, False)
    if first_word == "calls" or first_word == "bets" or first_word == "raises":
        all_in = rest.endswith(" and is all-in")
        if all_in:
            rest = rest[:-14]
        elif " and has reached the " in rest:
            rest = rest[:rest.find(" and has reached the ")]
        if first_word == "raises":
            by, to_word, to_text = rest.partition(" to ")
            if not to_word:
                return _KIND_OTHER
            _amount(by, unit)
            return (_ACT, name, "raise", _amount(to_text, unit), all_in)
        return (_ACT, name, "call" if first_word == "calls" else "bet", _amount(rest, unit), all_in)
    if first_word == "posts" and rest.startswith(("small blind ", "big blind ")) and not rest.endswith(" and is all-in"):
        big = rest[0] == "b"
        return (_POST, name, "big blind" if big else "small blind", _amount(rest[10 if big else 12:], unit))
    return _KIND_OTHER


def _street(text: str) -> tuple[Any, ...]:
    """``*** TURN *** [Tc 9d As] [Ah]``, the first board's streets, as
    :func:`_parse_one` reads them inline: ``(_STREET, street, cards)``."""
    end = text.find(" *** [", 4)
    kind = _PLAIN_STREETS.get(text[4:end]) if end > 0 else None
    if kind is None or text[-1] != "]":
        return _KIND_OTHER
    inner = text[end + 6:-1]
    cut = inner.find("] [")
    if cut > 0:  # the board so far (read on the street before), then the new card
        head = _GROUPS.get(inner[:cut])
        card = _CARD.get(inner[cut + 3:])
        if head is not None and card is not None and len(head) + 1 == kind[1]:
            cards = head + (card,)
            if len(_GROUPS) > 50_000:
                _GROUPS.clear()
            _GROUPS[f"{inner[:cut]} {inner[cut + 3:]}"] = cards
            return (_STREET, kind[0], cards)
        inner = inner.replace("] [", " ")
    if "[" in inner or "]" in inner or len(cards := _GROUPS.get(inner) or _known_cards(inner)) != kind[1]:
        return _KIND_OTHER
    return (_STREET, kind[0], cards)


def _amount(text: str, unit: Unit) -> int:
    """``text`` as an amount in ``unit`` (through the cache of :meth:`_Hand.amount`)."""
    cache = _AMOUNTS[unit]
    value = cache.get(text)
    if value is None:
        value = parse_amount(text, unit)
        if len(cache) > 20_000:
            cache.clear()
        cache[text] = value
    return value


def _parse_fast(body: str, first: int) -> ImportedHand | str | None:
    """The hand in ``body`` (its lines, the header first, no blank line at
    the end, none longer than MAX_LINE, at most MAX_HAND_LINES) as
    :func:`_parse_one` reads it, or None when only _parse_one may read it."""
    end0 = body.find("\n")
    end1 = body.find("\n", end0 + 1) if end0 >= 0 else -1
    header = _HEADER.match(body, 0, end0)
    if header is None or end1 < 0:
        return None
    hand = _Hand(header.group(1), first)
    try:
        other = _read_header(header.group(2).lstrip(" "), hand, first)
        if other is not None:
            return other
        table_line = body[end0 + 1:end1]
        table = _TABLES.get(table_line)
        if table is None:
            table = _table_fields(table_line)
            if table is None:
                return None
            if len(_TABLES) > 10_000:
                _TABLES.clear()
            _TABLES[table_line] = table
        hand.table, hand.max_seats, hand.button = table
        if _SCAN is not None and body.isascii():
            raw = body.encode("ascii")
            out = _new_out(_OUT_TYPE)
            count = _SCAN(raw, len(raw), end1 + 1, hand.unit == "cents", hand.hole_size, first, out, _OUT_SIZE)
            if count:
                return _scanned(hand, body, _ffi.unpack(out, count))
        lines = body.split("\n")
        line = _fast_lines(hand, lines, first)
        if not line or not _fast_summary(hand, lines, line - first + 1, line):
            return None
        if hand.cancelled or len(hand.seats) < 2:
            return None
        return _build(hand)
    except HandHistoryError:
        return None


_TABLES: dict[str, tuple[str, int | None, int]] = {}  # table lines already read

# The C scanner (csrc/histories/hh_scan.c, o8_hh_scan): it reads the common hands'
# lines as _fast_lines and _fast_summary do, and gives up (0) at anything
# else. None: the Python fast path only (tests set it to compare the two).
_SCAN: Any = _lib.o8_hh_scan
_OUT_SIZE: int = _lib.O8_HH_OUT_SIZE
_OUT_TYPE = f"int64_t[{_OUT_SIZE}]"
_new_out = _ffi.new_allocator(should_clear_after_alloc=False)  # o8_hh_scan writes what it returns
_STREET_NAMES = ("preflop", "flop", "turn", "river")
_VERBS = ("fold", "check", "call", "bet", "raise")
_BOOLS = (False, True)
_POST_KINDS = ("small blind", "big blind")


def _records_entry() -> Any:
    """The ``_entry`` extension's ``hh_records`` (csrc/cpython/hh_records.c):
    :func:`_scanned_python` in C, which also leaves none of the records'
    tuples tracked by the garbage collector; None without the extension,
    or when ``OMAHA8_ENTRY=0`` turns it off (tests of the fallback)."""
    if os.environ.get("OMAHA8_ENTRY", "1") == "0":
        return None
    try:
        from ..._entry import hh_records
    except ImportError:  # a build without it: _scanned_python answers
        return None
    return hh_records


_RECORDS: Any = _records_entry()
_RECORD_NAMES = (*_STREET_NAMES, *_VERBS, *_POST_KINDS)


def _scanned(hand: _Hand, body: str, v: list[int]) -> ImportedHand | None:
    """The hand from what o8_hh_scan wrote (``v``; layout in csrc/histories/hh_scan.c,
    write_out), ``hand`` holding the header and table fields; None when
    only _parse_one may read it."""
    if _RECORDS is None:
        return _scanned_python(hand, body, v)
    made = _RECORDS(body, v, hand.hole_size, _RECORD_NAMES)
    if made is None:
        return None
    (hand.seats, hand.posts, hand.actions, shown, hand.collected, hand.returned, breakdown, holes, board, hand.hero,
     hand.total, hand.rake) = made
    if breakdown:
        hand.breakdown = breakdown
    hand.boards = [board, ()]
    return _finish(hand, [], holes, shown)  # the extension checked the hole sizes and repeated cards


def _scanned_python(hand: _Hand, body: str, v: list[int]) -> ImportedHand | None:
    """:func:`_scanned` in Python."""
    n_seats, n_posts, n_actions, n_shown, n_collected, n_returned, n_breakdown, n_holes, total, rake, hero, n_board \
        = v[:12]
    if n_seats < 2:
        return None
    names = []
    seats = []
    i = 17
    for i in range(i, i + 5 * n_seats, 5):
        name = body[v[i + 1]:v[i + 2]]
        names.append(name)
        seats.append((v[i], name, v[i + 3], v[i + 4] == 1))
    i = 17 + 5 * n_seats
    hand.seats = seats
    hand.posts = [(names[v[k]], _POST_KINDS[v[k + 1]], v[k + 2], False, 0, v[k + 3]) for k in range(i, i + 4 * n_posts, 4)]
    i += 4 * n_posts
    j = i + 7 * n_actions
    hand.actions = list(zip(map(_STREET_NAMES.__getitem__, v[i:j:7]), map(names.__getitem__, v[i + 1:j:7]),
                            map(_VERBS.__getitem__, v[i + 2:j:7]), v[i + 3:j:7], v[i + 4:j:7],
                            map(_BOOLS.__getitem__, v[i + 5:j:7]), v[i + 6:j:7]))
    i = j
    shown = []
    if n_shown:
        shown = [(names[v[k]], body[v[k + 3]:v[k + 4]] if v[k + 3] >= 0 else None, 1, v[k + 1], v[k + 2],
                  *v[k + 6:k + 6 + v[k + 5]]) for k in range(i, i + 12 * n_shown, 12)]
        i += 12 * n_shown
    hand.collected = [(names[v[k]], v[k + 1], body[v[k + 2]:v[k + 3]], 1, v[k + 4]) for k in range(i, i + 5 * n_collected, 5)]
    i += 5 * n_collected
    if n_returned:
        hand.returned = [(names[v[k]], v[k + 1]) for k in range(i, i + 2 * n_returned, 2)]
        i += 2 * n_returned
    if n_breakdown:
        hand.breakdown = tuple(v[i:i + n_breakdown])
        i += n_breakdown
    holes: list[Any] = []
    known: list[int] = []
    for k in range(i, i + 8 * n_holes, 8):
        count = v[k + 1]
        if count != hand.hole_size:
            return None  # _build's error, from _parse_one
        holes.append(names[v[k]])
        holes += v[k + 1:k + 2 + count]
        known += v[k + 2:k + 2 + count]
    hand.boards = [tuple(v[12:12 + n_board]), ()]
    hand.hero = names[hero] if hero >= 0 else None
    if total < 0:
        return None  # _build's error, from _parse_one
    hand.total = total
    hand.rake = rake
    return _finish(hand, known, tuple(holes), tuple(shown) if n_shown else ())
_TOTALS: dict[str, dict[str, tuple[int, tuple[int, ...] | None, int | None]]] = {"cents": {}, "chips": {}}


def _fast_summary(hand: _Hand, lines: list[str], start: int, line: int) -> bool:
    """Read the summary, ``lines[start:]`` (``line`` the number of the line
    before), as :func:`_parse_one` reads it; False if only _parse_one may."""
    hand.section = "summary"
    boards = hand.boards
    groups = _GROUPS
    totals = _TOTALS[hand.unit]
    seat_names: dict[int, str] | None = None
    for text in islice(lines, start, None):
        line += 1
        if not text:
            continue
        c0 = text[0]
        if c0 == "S" and text.startswith("Seat "):
            if " showed [" not in text:
                if " mucked [" not in text:
                    continue
                _summary(hand, text, line)
                continue
            # "Seat N: NAME ... showed [cards] ...": as _summary reads it
            number, colon, rest = text[5:].partition(": ")
            if not colon or not number.isdigit() or not number.isascii():
                _summary(hand, text, line)
                continue
            if seat_names is None:
                seat_names = {}
                for known in reversed(hand.seats):  # the first seat of a number wins, as in _summary
                    seat_names[known[0]] = known[1]
            name = seat_names.get(int(number))
            if name is None or not rest.startswith(name):
                continue
            tail = rest[len(name):]
            if " mucked [" in tail:
                _summary(hand, text, line)
                continue
            at = tail.find(" showed [")
            end = tail.find("]", at) if at >= 0 else -1
            if end > 0:
                cards = _cards(tail[at + 9:end], hand.hand_id, line)
                if len(cards) == hand.hole_size:
                    hand.holes.setdefault(name, cards)
            continue
        if c0 == "B" and text.startswith("Board [") and groups.get(text[7:-1]) == boards[0] \
                and text[-1] == "]" and boards[0]:
            continue
        if c0 == "*" and text.startswith("*** "):
            return False
        if c0 == "T" and text.startswith("Total pot "):
            total = totals.get(text)
            if total is None:
                _summary(hand, text, line)
                if len(totals) > 20_000:
                    totals.clear()
                body = text[len("Total pot "):]
                totals[text] = (hand.total, hand.breakdown if "pot" in body else None,  # type: ignore[assignment]
                                hand.rake if body.find("| Rake ") >= 0 else None)
                continue
            hand.total = total[0]
            if total[1] is not None:
                hand.breakdown = total[1]
            if total[2] is not None:
                hand.rake = total[2]
            continue
        _summary(hand, text, line)
    return True


def _fast_lines(hand: _Hand, lines: list[str], first: int) -> int:
    """Read into ``hand`` the lines after the header and the table line up
    to the summary: the summary line's number, or 0 at the first line that
    only :func:`_parse_one` may read."""
    names = hand.names
    add = hand.actions.append
    unit = hand.unit
    kinds = _KINDS[unit]
    street, bets, section = hand.street, hand.bets, hand.section
    for line, text in enumerate(islice(lines, 2, None), first + 2):
        kind: tuple[Any, ...] | None = kinds.get(text)
        if kind is None:
            kind = _classify(text, unit) if text else (_NOISE,)
            if kind[0] in _KEPT and len(text) <= _KIND_KEY:
                if len(kinds) > 50_000:
                    kinds.clear()
                kinds[text] = kind
        k = kind[0]
        if k in _NAMED and kind[1] not in names:  # not a seated player: what the general reader makes of it
            if not _fast_line(hand, text, line):
                return 0
            continue
        if k == _ACT:
            _, name, verb, value, all_in = kind
            if verb == "fold" or verb == "check":
                add((street, name, verb, 0, 0, False, line))
            elif verb == "raise":
                added = value - bets.get(name, 0)
                if added <= 0:
                    return 0
                bets[name] = value
                add((street, name, "raise", value, added, all_in, line))
            else:
                bets[name] = bets.get(name, 0) + value
                add((street, name, verb, value, value, all_in, line))
        elif k == _SEAT:
            if section != "header":
                if not _fast_line(hand, text, line):
                    return 0
                continue
            _, number, name, stack, out = kind
            if name in names:
                return 0
            hand.seats.append((number, name, stack, out))
            names.add(name)
        elif k == _POST:
            _, name, verb, value = kind
            if verb == "big blind" and not hand.big_blind:
                hand.big_blind = value
            bets[name] = bets.get(name, 0) + value
            hand.posts.append((name, verb, value, False, 0, line))
        elif k == _STREET:
            hand.boards[0] = kind[2]
            street = section = hand.street = hand.section = kind[1]
            bets.clear()  # (hand.bets is bets)
        elif k == _SHOW:
            _, name, cards, description = kind
            if len(cards) == hand.hole_size:
                hand.holes[name] = cards
            out = 5 if section == "showdown" or section == "summary" else len(hand.boards[0])
            hand.shown.append((name, cards, description, hand.run, line, out))
        elif k == _COLLECT:
            _, name, value, pot = kind
            hand.collected.append((name, value, pot, hand.run, line))
        elif k == _DEALT:
            _, name, cards = kind
            if name in names:
                hand.dealt(name, cards)
        elif k == _RETURN:
            if kind[1] not in names:
                return 0
            hand.returned.append((kind[1], kind[2]))
        elif k == _HOLE:
            section = hand.section = "hole cards"
        elif k == _SHOWDOWN:
            section = hand.section = "showdown"
            hand.run = 1
        elif k == _SUMMARY:
            return line
        elif k == _OTHER:
            if text.startswith("*** ") or section == "header" and (
                    text.startswith("Seat ") and " in chips" in text or text.startswith("Table '")):
                return 0
            if not _fast_line(hand, text, line):
                return 0
        # _NOISE: nothing to read
    return 0


def _fast_line(hand: _Hand, text: str, line: int) -> bool:
    """A line that is not a section, a seat or the first table line, read
    as :func:`_parse_one` reads it; False if only _parse_one may read it."""
    names = hand.names
    colon = text.find(": ")
    if ' said, "' in text:
        return True  # chat
    if colon < 0:
        if text.startswith("Dealt to "):
            at = text.find(" [", 9)
            return not (at >= 0 and text[9:at] in names)
        if text.startswith("Uncalled bet ("):
            return False
        at = text.find(" collected ")
        if at > 0 and text[:at] in names:
            return False
        _body(hand, text, line)
        return True
    name = text[:colon]
    if name not in names:
        _body(hand, text, line)
        return True
    verb = text[colon + 2:]
    if verb[-1:] == " ":
        verb = verb.rstrip()
    word, _, rest = verb.partition(" ")
    if word in ("checks", "calls", "bets", "raises") or word == "folds" and not rest or word == "posts" and \
            rest.startswith(("small blind ", "big blind ")) and not rest.endswith(" and is all-in"):
        return False  # read by _parse_one's own lines
    _named(hand, name, text, verb.rstrip(), line)
    return True


