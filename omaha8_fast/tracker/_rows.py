"""One imported hand as the tracker's rows: its ``hands`` row, a ``players``
row per player dealt in (amounts and the flags the statistics count), and an
``actions`` row per post and action (docs/tracker.md defines each column).

The fields of :class:`~omaha8_fast.histories.ImportedHand` are read in
their stored form (:func:`omaha8_fast.histories._model.records`, the form
the payout audit reads too: plain tuples by index, cards as ids), so no
named tuple or Card is built for a hand stored; the payout audit (:func:`omaha8_fast.histories.audit`) gives the
verdict and the pots, :mod:`._showdowns` the halves each player won and
:mod:`._allin` the all-in equity.

>>> from omaha8_fast.histories import parse
>>> [hand] = parse("PokerStars Hand #1:  Omaha Hi/Lo Limit (2/4) - 2024/01/01 10:00:00 ET\\n"
...     "Table 'T' Seat #1 is the button\\nSeat 1: a (10 in chips)\\nSeat 2: b (10 in chips)\\n"
...     "a: posts small blind 1\\nb: posts big blind 2\\n*** HOLE CARDS ***\\na: folds\\n"
...     "Uncalled bet (1) returned to b\\nb collected 2 from pot\\n*** SUMMARY ***\\nTotal pot 2 | Rake 0")
>>> rows = hand_rows(hand, 7)
>>> rows.hand[:4], [(p[1], p[3], p[6], p[7], p[8], p[9]) for p in rows.players]
((7, 'pokerstars', '1', datetime.datetime(2024, 1, 1, 10, 0)), [('b', 'BB', 2, 1, 2, 1), ('a', 'BTN', 1, 0, 0, -1)])
"""

from __future__ import annotations

import datetime
import re
from typing import Any, NamedTuple

from ..histories import ImportedHand, audit
from ..histories._model import records, stored, stored_holes
from ._allin import allin_ev
from ._showdowns import Split, classify

__all__ = ["Rows", "hand_rows", "played_at", "card_text", "STREETS"]

STREETS = ("preflop", "flop", "turn", "river")
_BOARD_AT = {"preflop": 0, "flop": 3, "turn": 4}
_NAMES = tuple(r + s for r in "23456789TJQKA" for s in "cdhs")
_DATE = re.compile(r"(\d{4})[/-](\d{1,2})[/-](\d{1,2})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?")
_MAX_TINY = 127


class Rows(NamedTuple):
    """A hand's rows, in the tables' column order (see :mod:`._schema`)."""

    hand: tuple[Any, ...]
    players: list[tuple[Any, ...]]
    actions: list[tuple[Any, ...]]


def card_text(cards: Any) -> str | None:
    """Cards (ids or Cards) as ``"Ah 2c 7d"``; None for none."""
    return " ".join([_NAMES[c] for c in cards]) if cards else None


def played_at(date: str) -> datetime.datetime | None:
    """The first date and time written in a hand's ``date`` (None when there is none).

    >>> played_at("2024/06/01 20:00:00 ET"), played_at("2009-03-02"), played_at("")
    (datetime.datetime(2024, 6, 1, 20, 0), datetime.datetime(2009, 3, 2, 0, 0), None)
    """
    found = _DATE.search(date) if date else None
    if found is None:
        return None
    y, mo, d, h, mi, s = found.groups()
    try:
        return datetime.datetime(int(y), int(mo), int(d), int(h or 0), int(mi or 0), int(s or 0))
    except ValueError:
        return None


def _positions(order: list[str]) -> dict[str, str]:
    """Positions of the players dealt in, ``order`` clockwise from the first seat after the button."""
    n = len(order)
    if n == 2:  # heads-up: the button posts the small blind
        return {order[1]: "BTN", order[0]: "BB"}
    labels = ["SB", "BB"] + [("UTG" if k == 0 else f"UTG+{k}") for k in range(n - 4)] + (["CO"] if n > 3 else [])
    out = dict(zip(order[:-1], labels))
    out[order[-1]] = "BTN"
    return out


def _big_blind(hand: ImportedHand) -> int:
    """The hand's big blind: the stakes' (the small bet in limit, which is the big blind), else the big blind posted."""
    bb = hand.stakes[0] if hand.betting == "limit" else hand.stakes[1]
    if not bb:
        bb = max([p[2] for p in records(hand, "posts") if p[1] == "big blind"], default=0)
    return int(bb)


def hand_rows(hand: ImportedHand, key: int, *, site: str | None = None, hand_id: str | None = None) -> Rows:
    """The rows of ``hand`` under ``hand_key`` ``key`` (``site`` and
    ``hand_id`` stored instead of the hand's own when given)."""
    # the stored records, read by index (histories._model.records: no named tuples or Cards built)
    seats = records(hand, "seats")  # (number, name, stack, sitting_out)
    posts = records(hand, "posts")  # (player, kind, amount, all_in, dead, line)
    actions = records(hand, "actions")  # (street, player, kind, amount, added, all_in, line)
    put: dict[str, int] = {}
    for p in posts:
        put[p[0]] = put.get(p[0], 0) + p[2]
    returned: dict[str, int] = {}
    for name, amount in hand.returned:
        returned[name] = returned.get(name, 0) + amount
    collected: dict[str, int] = {}
    for c in records(hand, "collected"):  # (player, amount, pot, run, line)
        collected[c[0]] = collected.get(c[0], 0) + c[1]
    holes = stored_holes(hand)
    dealt = set(put) | {a[1] for a in actions} | set(collected) | set(returned)
    if hand.hero is not None and hand.hero in holes:
        dealt.add(hand.hero)
    seat_of = {s[1]: s[0] for s in seats}
    stack_of = {s[1]: s[2] for s in seats}
    size = max([s[0] for s in seats] + [hand.button_seat, hand.max_seats or 0]) + 1
    order = sorted((n for n in dealt if n in seat_of), key=lambda n: (seat_of[n] - hand.button_seat - 1) % size)
    positions = _positions(order) if len(order) >= 2 else {}

    # the flags of the betting
    folded: dict[str, str] = {}
    vpip: set[str] = set()
    pfr: set[str] = set()
    chance: set[str] = set()
    three: set[str] = set()
    aggressive: dict[str, int] = {}
    calls: dict[str, int] = {}
    raises = 1  # preflop: the big blind is the first bet
    for a in actions:
        street, name, kind, _, added = a[:5]
        if added:
            put[name] = put.get(name, 0) + added
        if kind == "fold":
            folded.setdefault(name, street)
        if street == "preflop":
            if kind in ("call", "bet", "raise"):
                vpip.add(name)
            if raises == 2 and name not in pfr:
                chance.add(name)
            if kind in ("bet", "raise"):
                pfr.add(name)
                if raises == 2 and name in chance:
                    three.add(name)
                raises += 1
        elif kind in ("bet", "raise"):
            aggressive[name] = aggressive.get(name, 0) + 1
        elif kind == "call":
            calls[name] = calls.get(name, 0) + 1
    live_flop = [n for n in order if folded.get(n) != "preflop"]
    saw_flop = len(live_flop) >= 2
    live_end = [n for n in order if n not in folded]
    at_showdown = len(live_end) >= 2
    last_action_street = actions[-1][0] if actions else "preflop"
    boards = stored(hand, "boards")
    full = bool(boards) and all(len(b) == 5 for b in boards)

    verdict: str | None = None
    split: dict[str, Split] = {}
    ev: dict[str, tuple[float, float | None, float | None, float]] = {}
    allin_street: str | None = None
    try:
        result = audit(hand)
    except (ValueError, TypeError, KeyError, IndexError):  # the audit raises nothing on a hand read; be safe
        result = None
    if result is not None:
        verdict = result.verdict
        pots = result.pots
        if at_showdown and pots and full:
            split = classify(hand, pots)
            if last_action_street in _BOARD_AT and split:
                ev = allin_ev(hand, pots, _BOARD_AT[last_action_street])
                if ev:
                    allin_street = last_action_street

    total = sum(put.values()) - sum(returned.values())
    rake = hand.rake
    player_rows: list[tuple[Any, ...]] = []
    for name in order:
        seat = seat_of[name]
        stack = stack_of[name]
        p_in = put.get(name, 0)
        back = returned.get(name, 0)
        got = collected.get(name, 0)
        cards = holes.get(name)
        showed = at_showdown and name in live_end
        s = split.get(name)
        e = ev.get(name)
        player_rows.append((
            key, name, seat, positions.get(name), name == hand.hero, stack, p_in, back, got, got + back - p_in,
            (rake * (p_in - back) / total) if total > 0 and rake else 0.0, card_text(cards),
            folded.get(name), name in vpip, name in pfr, name in chance, (name in three) if name in chance else None,
            min(aggressive.get(name, 0), _MAX_TINY), min(calls.get(name, 0), _MAX_TINY),
            saw_flop and name in live_flop, showed, showed and got > 0,
            s.scoop if s else None, s.quartered if s else None, s.hi_only if s else None, s.lo_only if s else None,
            e is not None, e[0] if e else None, e[1] if e else None, e[2] if e else None, e[3] if e else None,
        ))

    tour = hand.tournament
    when = played_at(hand.date)
    hand_row = (
        key, site or hand.site, hand_id or hand.hand_id, when, f"{when.year:04d}-{when.month:02d}" if when else "unknown",
        hand.game, hand.hole_size, hand.betting, hand.stakes[0], hand.stakes[1], _big_blind(hand), hand.unit,
        hand.currency, tour is not None, tour.id if tour is not None else None, hand.table, hand.max_seats,
        hand.button_seat, len(order), card_text(boards[0]) if boards else None,
        card_text(boards[1]) if len(boards) > 1 else None, hand.total_pot, rake, verdict, allin_street,
    )
    action_rows: list[tuple[Any, ...]] = [(key, seq, "preflop", p[0], p[1], p[2], p[2], p[3])
                                          for seq, p in enumerate(posts)]
    first = len(posts)  # an action record starts (street, player, kind, amount, added, all_in): the columns' order
    action_rows += [(key, seq) + a[:6] for seq, a in enumerate(actions, first)]
    return Rows(hand_row, player_rows, action_rows)
