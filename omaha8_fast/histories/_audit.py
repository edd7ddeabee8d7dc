"""Audit an imported hand's payout, and replay it in the engine.

:func:`audit` rebuilds, from the posts, the actions and the uncalled bets,
what every player put in; builds the main and side pots from that
(:func:`omaha8_fast.showdown.pots_from_contributions`); takes the rake out of
the pots *before* they are split (PokerStars does that; when it prints the
pots after rake, ``Main pot $X. Side pot-1 $Y.``, those amounts say which pot
paid how much of the rake); then splits every pot high/low among the eligible
players who showed, by :func:`omaha8_fast.showdown.split_pot` (docs/rules.md: the
odd chip to the high half, inside a half to the tied winners nearest the
button's left), each run on its own board when the hand was run twice, and
compares with what the site paid.

PokerStars conventions the audit models (each was checked against real
PokerStars hands, see docs/histories.md):

* the rake comes out of the pot before the split; with side pots it is spread
  over them as printed in the summary (else: cumulative shares of the total,
  rounded, main pot first);
* a player who mucks at the showdown gives up their claim;
* run twice: each pot is halved, the first run getting the odd chip, and
  each half split on its own board;
* older hands split a pot in units of the stakes' smallest chip (e.g.
  $0.05): when the cent split does not match what was paid but such a unit
  does, the audit says so in ``notes`` and does not call it a mis-pay.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

from .._core import ffi, lib
from ..cards import Card
from ..engine.rake import Rake
from ..evaluator import HOLE_SIZES, _fast_hilo, _id_bytes, evaluate_hilo
from ._describe import UNREADABLE, check_values
from ._model import (
    _SLOTS,
    ImportedHand,
    _holes_dict,
    format_amount,
    records,
    stored,
    stored_holes,
)

if TYPE_CHECKING:
    pass
from ..showdown import _MAX_CHIPS, _side_pots, pots_from_contributions, split_pot

__all__ = ["Audit", "Difference", "AuditPot", "audit", "contributions", "INFERRED_RAKE", "RakeBound"]

Verdict = Literal["ok", "mispaid", "unjudged"]


@dataclass(frozen=True)
class RakeBound:
    """The most a room takes from a pot: ``percent`` of it, and at most
    ``cap`` (in cents, for a money table; None where no cap is known)."""

    percent: int = 10
    cap: int | None = None


#: The rooms whose texts print no rake, the reader taking the total less
#: what was paid, and the most a rake of theirs may be. The rooms' published
#: cash-game rakes are 5% of the pot (888's smallest stakes 6.25%, Bodog's
#: "$0.01 for each $0.20"); 10% leaves room for rounding and old schedules: a
#: "rake" beyond it is a payout the reader did not see (a missing or
#: unreadable collection line), and the audit says ``unjudged``, never
#: ``ok``. The cap where the room's schedule gives one for every stake: 888,
#: $5 (its largest, at $5/$10 and up); Bodog's published caps stop at $4 for
#: stakes up to $10/$20 (no cap above them is published), Everleaf's and
#: PartyPoker's are not known. A reader of another room that works its rake
#: out adds its room here.
INFERRED_RAKE: dict[str, RakeBound] = {
    "everleaf": RakeBound(), "bovada": RakeBound(), "888": RakeBound(cap=500), "partypoker": RakeBound(),
}
_UNITS = (5, 10, 25, 50, 100)
_MAX_PLAYERS: int = lib.O8_SHOWDOWN_MAX_PLAYERS


@dataclass(frozen=True)
class Difference:
    """A player paid differently from what the rules give them."""

    player: str
    expected: int
    paid: int


@dataclass(frozen=True)
class AuditPot:
    """One rebuilt pot: chips before rake, the rake it paid, the players who
    could win it and what each got by the rules (summed over runs)."""

    name: str
    amount: int
    rake: int
    eligible: tuple[str, ...]
    shares: dict[str, int]


@dataclass(frozen=True)
class Audit:
    """The result of :func:`audit`.

    ``verdict`` is ``"ok"`` (paid as the rules say), ``"mispaid"`` (see
    ``differences``: per player what they should have got and what they were
    paid) or ``"unjudged"`` (``reason`` says why: a needed hand was not
    shown, the hand was cashed out, ...). ``ok`` is True when the payout is
    right and every shown hand's description agrees with the cards
    (``description_errors`` lists those that do not).
    """

    hand_id: str
    verdict: Verdict
    differences: tuple[Difference, ...]
    reason: str | None
    expected: dict[str, int]
    paid: dict[str, int]
    pots: tuple[AuditPot, ...] = ()
    notes: tuple[str, ...] = ()
    description_errors: tuple[str, ...] = ()
    descriptions_checked: int = 0

    @property
    def ok(self) -> bool:
        """Paid right, and every description checked agrees."""
        return self.verdict == "ok" and not self.description_errors


class _StoredPots:
    """``Audit.pots``, stored as plain tuples ``(name, amount, rake, eligible,
    shares as (player, chips) pairs)``, which the garbage collector stops
    tracking (an audit kept by the thousand then costs it nothing more than
    the Audit itself; a tuple holding a dict would stay tracked); the
    :class:`AuditPot` objects are built from them on the first read."""

    def __get__(self, result: Any, owner: Any = None) -> Any:
        if result is None:
            return ()
        value = object.__getattribute__(result, "_stored_pots")
        if value and type(value[0]) is tuple:
            value = tuple([AuditPot(p[0], p[1], p[2], p[3], dict(p[4])) for p in value])
            object.__setattr__(result, "_stored_pots", value)
        return value

    def __set__(self, result: Any, value: Any) -> None:
        object.__setattr__(result, "_stored_pots", value)


setattr(Audit, "pots", _StoredPots())


def contributions(hand: ImportedHand) -> dict[str, int]:
    """What each player put in (posts and actions, less uncalled bets returned)."""
    put: dict[str, int] = {}
    for post in records(hand, "posts"):  # the stored records, read by index (see histories._model.records)
        put[post[0]] = put.get(post[0], 0) + post[2]
    for action in records(hand, "actions"):  # (street, player, kind, amount, added, all_in, line)
        if action[4]:
            put[action[1]] = put.get(action[1], 0) + action[4]
    for name, amount in hand.returned:
        put[name] = put.get(name, 0) - amount
    return put


def _button_order(hand: ImportedHand, names: list[str]) -> list[str]:
    """``names`` sorted clockwise from the first seat after the button."""
    seat_of = {s[1]: s[0] for s in records(hand, "seats")}
    size = max(max(seat_of.values()), hand.button_seat, hand.max_seats or 0) + 1
    return sorted(names, key=lambda n: (seat_of[n] - hand.button_seat - 1) % size)


def _rake_split(amounts: list[int], rake: int, breakdown: tuple[int, ...]) -> tuple[list[int], str]:
    """The rake each pot pays, and how that was decided."""
    if len(amounts) == 1:
        return [rake], "the pot"
    if len(breakdown) == len(amounts) and all(0 <= a - b for a, b in zip(amounts, breakdown)) and sum(
        a - b for a, b in zip(amounts, breakdown)
    ) == rake:
        return [a - b for a, b in zip(amounts, breakdown)], "the pots as the summary shows them"
    return Rake.shares(amounts, rake), "the pots in proportion (rounded cumulative shares, main pot first)"


def _fail(hand: ImportedHand, reason: str, paid: dict[str, int], verdict: Verdict = "unjudged") -> Audit:
    return Audit(hand.hand_id, verdict, (), reason, {}, paid)


def audit(hand: ImportedHand) -> Audit:
    """Check what the site paid in ``hand`` against this library's rules
    (see the module docstring and docs/histories.md)."""
    bound = INFERRED_RAKE.get(hand.site)
    if bound is not None and hand.rake:
        problem = _rake_beyond(hand, bound)
        if problem is not None:
            return _fail(hand, problem, hand.paid)
    try:
        fast = _audit_fast(hand)
    except Exception:  # noqa: BLE001 - anything unusual: the rule path below says what it says (or raises it)
        fast = None
    if fast is not None:
        return fast
    result = _audit(hand, False)
    if result.verdict == "mispaid" and result.reason is None and set(hand.mucked) - _shown(hand):
        # a hand mucked at the showdown may also be taken out of the pots, like a fold (this library's
        # engine in choose mode does so); when that reading pays exactly what the site paid, it is the one
        again = _audit(hand, True)
        if again.verdict == "ok":
            return replace(again, notes=again.notes + ("the mucked hands were taken out of the pots, like folds",))
    return result


def _rake_beyond(hand: ImportedHand, bound: RakeBound) -> str | None:
    """Why the rake of ``hand`` (a room's whose texts print none: the total
    less what was paid) is more than the room takes, or None."""
    rake, total = hand.rake, hand.total_pot
    cap = bound.cap if hand.unit == "cents" else None
    if rake * 100 <= bound.percent * total and (cap is None or rake <= cap):
        return None
    most = f"{bound.percent}% of the pot" + (f" and {format_amount(cap, hand.unit, hand.symbol)}" if cap else "")
    return (f"the text pays out {format_amount(total - rake, hand.unit, hand.symbol)} of a "
            f"{format_amount(total, hand.unit, hand.symbol)} pot: the rest, {format_amount(rake, hand.unit, hand.symbol)},"
            f" is more than {hand.site} takes (at most {most}); a payout the text does not state?")


def _contradiction(hand: ImportedHand) -> str | None:
    """Why the hand's text contradicts itself (None when it does not): chips
    in the pot and no award printed, awards and rake that do not add up to
    the pot (awards above the pot are :func:`_audit`'s first check), a post, an action or an award of a name with no seat."""
    if hand.cashed_out:
        return None
    paid = 0
    for c in _COLLECTED(hand):
        paid += c[1]
    total, rake = hand.total_pot, hand.rake
    if type(paid) is not int or type(total) is not int or type(rake) is not int:
        return None
    if not paid and total > rake:
        return "the site printed no award of the pot"
    if paid + rake != total:
        return f"the awards ({format_amount(paid, hand.unit, hand.symbol)}) and the rake " \
               f"({format_amount(rake, hand.unit, hand.symbol)}) do not add up to the pot " \
               f"({format_amount(total, hand.unit, hand.symbol)})"
    seated = {seat[1] for seat in _SEATS(hand)}
    for kind, rows, at in (("posts", _POSTS(hand), 0), ("acts", _ACTIONS(hand), 1), ("is paid", _COLLECTED(hand), 0)):
        for row in rows:
            if row[at] not in seated:
                return f"{str(row[at])[:40]!r} {kind} but has no seat"
    return None


def _shown(hand: ImportedHand) -> set[str]:
    """The players who showed a whole hand."""
    holes = stored(hand, "hole_cards")  # a dict, or the flat (name, count, *cards, ...): `in` finds the names alike
    return {s[0] for s in stored(hand, "shown") if s[0] in holes}  # the player first in either form of the records


_POSTS = _SLOTS["posts"].__get__  # the stored records (see histories._model.records), read without a call of records()
_ACTIONS = _SLOTS["actions"].__get__
_SEATS = _SLOTS["seats"].__get__
_SHOWN = _SLOTS["shown"].__get__
_COLLECTED = _SLOTS["collected"].__get__
_BOARDS = _SLOTS["boards"].__get__
_HOLES = _SLOTS["hole_cards"].__get__
_NEW_AUDIT = object.__new__
_SET = object.__setattr__


def _audit_fast(hand: ImportedHand) -> Audit | None:
    """:func:`_audit` of ``hand`` (mucked hands kept in) when it comes out
    ``"ok"`` with every description right, and the hand is plain: no cash
    out, no mucked hand, int amounts, cards that the C showdown takes as they
    are. None otherwise: :func:`audit` then asks :func:`_audit`, which also
    explains what is wrong. The same steps as :func:`_audit` (a test compares
    the two on generated and mutated hands), without its general forms."""
    if hand.cashed_out or hand.mucked:
        return None
    descriptions, checked = _descriptions(hand)
    if descriptions:
        return None
    put: dict[str, int] = {}
    get = put.get
    for post in _POSTS(hand):  # contributions(hand)
        put[post[0]] = get(post[0], 0) + post[2]
    folded = set()
    for action in _ACTIONS(hand):  # (street, player, kind, amount, added, all_in, line)
        if action[4]:
            put[action[1]] = get(action[1], 0) + action[4]
        if action[2] == "fold":
            folded.add(action[1])
    for name, amount in hand.returned:
        put[name] = get(name, 0) - amount
    total = 0
    for v in put.values():
        if type(v) is not int or v < 0:
            return None
        total += v
    rake = hand.rake
    if total != hand.total_pot or total > _MAX_CHIPS or type(rake) is not int or not 0 <= rake <= total:
        return None
    holes = _HOLES(hand)
    shown = set()  # _shown(hand), in loops (a comprehension costs a function object here)
    for record in _SHOWN(hand):
        if record[0] in holes:
            shown.add(record[0])
    seat_of = {}  # _button_order
    for seat in _SEATS(hand):
        seat_of[seat[1]] = seat[0]
    button = hand.button_seat
    size = max(max(seat_of.values()), button, hand.max_seats or 0) + 1
    clockwise = {}
    for name, v in put.items():
        if v > 0:
            if name not in seat_of:  # an unseated name: the rule path says so
                return None
            clockwise[name] = (seat_of[name] - button - 1) % size
    players = sorted(clockwise, key=clockwise.__getitem__)
    live = []
    amounts = []
    for i, name in enumerate(players):
        amounts.append(put[name])
        if name not in folded:
            live.append(i)
    if not live:
        return None
    pots = _side_pots(amounts, live)
    rakes, how = _rake_split([p[0] for p in pots], rake, hand.pot_breakdown)
    boards = _BOARDS(hand)
    runs = boards if len(boards) == 2 else boards[:1]
    expected = dict.fromkeys(players, 0)
    contested = []
    audit_shares: list[Any] = [None] * len(pots)
    for k, (amount, eligible) in enumerate(pots):
        net = amount - rakes[k]
        if len(eligible) > 1:
            claim = []
            for i in eligible:
                if players[i] in shown:
                    claim.append(i)
            if not claim:
                return None
            if len(claim) > 1:
                contested.append((k, net, tuple(claim)))
                continue
            eligible = claim
        name = players[eligible[0]]
        expected[name] += net
        audit_shares[k] = ((name, net),)
    if contested:
        if not runs or len(runs[0]) != 5 or len(runs[-1]) != 5:
            return None
        held = holes if type(holes) is dict else _holes_dict(holes)
        use: list[Any] = [None] * len(players)
        for _, _, showing in contested:
            for i in showing:
                use[i] = held.get(players[i])
        for h in use:
            if h is not None and len(h) != hand.hole_size:
                return None
        shares: dict[int, dict[int, int]] = {}
        for k, _, _ in contested:
            shares[k] = {}
        two = len(runs) == 2
        for r, board in enumerate(runs):
            pot_list = [((net - net // 2 if r == 0 else net // 2) if two else net, showing) for _, net, showing in contested]
            per_pot = _split_board(board, use, pot_list, hand.hole_size)
            if per_pot is None:
                return None
            for j, (k, _, _) in enumerate(contested):
                share = shares[k]
                for i, v in enumerate(per_pot[j]):
                    if v:
                        expected[players[i]] += v
                        share[i] = share.get(i, 0) + v
        for k, share in shares.items():
            audit_shares[k] = tuple([(players[i], v) for i, v in share.items()])
    paid: dict[str, int] = {}
    for c in _COLLECTED(hand):  # hand.paid
        paid[c[0]] = paid.get(c[0], 0) + c[1]
    for name, v in expected.items():
        if paid.get(name, 0) != v:
            return None
    for name, v in paid.items():
        if v and name not in expected:
            return None
    notes = []
    if rake:
        notes.append(f"rake {format_amount(rake, hand.unit, hand.symbol)} taken before the split, from {how}")
    if len(runs) == 2 and contested:
        notes.append("run twice: every pot halved (the odd chip to the first run), each half split on its board")
    one = len(pots) == 1
    result = _NEW_AUDIT(Audit)
    _SET(result, "__dict__", {  # what Audit(...) sets, in its order (pots are stored as _StoredPots keeps them)
        "hand_id": hand.hand_id, "verdict": "ok", "differences": (), "reason": None, "expected": expected, "paid": paid,
        "_stored_pots": tuple([
            ("pot" if one else ("main pot" if k == 0 else f"side pot-{k}"), amount, rakes[k],
             tuple([players[i] for i in eligible]), audit_shares[k])
            for k, (amount, eligible) in enumerate(pots)
        ]),
        "notes": tuple(notes), "description_errors": (), "descriptions_checked": checked,
    })
    return result


def _audit(hand: ImportedHand, mucked_out: bool) -> Audit:
    """:func:`audit`, the mucked hands taken out of the pots if ``mucked_out``."""
    paid = hand.paid
    descriptions, checked = _descriptions(hand)
    if hand.cashed_out:
        return Audit(hand.hand_id, "unjudged", (), "a player cashed out the hand", {}, paid,
                     description_errors=descriptions, descriptions_checked=checked)
    put = contributions(hand)
    if sum(paid.values()) > hand.total_pot:
        return _fail(hand, f"the collections ({format_amount(sum(paid.values()), hand.unit, hand.symbol)}) are more than "
                           f"the pot ({format_amount(hand.total_pot, hand.unit, hand.symbol)})", paid)
    if any(v < 0 for v in put.values()):  # no per-player difference to state: not judged
        bad = next(n for n, v in put.items() if v < 0)
        return _fail(hand, f"more was returned to {bad} than they put in", paid)
    total = sum(put.values())

    def money(value: int) -> str:
        return format_amount(value, hand.unit, hand.symbol)

    notes: list[str] = []
    folded = {a[1] for a in records(hand, "actions") if a[2] == "fold"}
    if total != hand.total_pot:
        uncalled = _unprinted_return(put, total - hand.total_pot, folded)
        if uncalled is None:
            return _fail(hand, f"the actions put in {money(total)} but the site's total pot is "
                               f"{money(hand.total_pot)}", paid)
        put[uncalled] -= total - hand.total_pot
        notes.append(f"an uncalled bet of {money(total - hand.total_pot)} returned to {uncalled} "
                     "(the text does not print it)")
    problem = _contradiction(hand)  # (the fast path never passes such a hand: its payout cannot match)
    if problem is not None:  # the text contradicts itself: nobody to blame, nothing to judge
        return _fail(hand, problem, paid)
    shown = _shown(hand)
    mucked = set(hand.mucked) - shown  # they gave up their claim
    if mucked_out:
        folded |= mucked
    players = _button_order(hand, [n for n, v in put.items() if v > 0])
    index = {n: i for i, n in enumerate(players)}
    if players and all(n in folded for n in players):
        return _fail(hand, "every player who put chips in folded", paid, "mispaid")
    pots = _pots([put[n] for n in players], [n not in folded for n in players])
    amounts = [p[0] for p in pots]
    if hand.rake > total:
        return _fail(hand, f"the rake {money(hand.rake)} is more than the pot", paid, "mispaid")
    rakes, how = _rake_split(amounts, hand.rake, hand.pot_breakdown)
    if hand.rake:
        notes.append(f"rake {money(hand.rake)} taken before the split, from {how}")
    boards = stored(hand, "boards")  # cards as ids or Cards (see histories._model.records)
    runs = boards if len(boards) == 2 else boards[:1]
    expected = {n: 0 for n in players}
    contested: list[tuple[int, int, tuple[int, ...]]] = []  # (pot index, net chips, shown eligible)
    audit_shares: list[dict[str, int]] = [{} for _ in pots]
    for k, (amount, eligible) in enumerate(pots):
        net = amount - rakes[k]
        claims = [i for i in eligible if players[i] not in mucked] if mucked else eligible
        if len(eligible) == 1 or len(claims) == 1:  # one player left to claim it: theirs, shown or not
            name = players[(claims or eligible)[0]]
            expected[name] += net
            audit_shares[k][name] = net
            continue
        showing = tuple([i for i in eligible if players[i] in shown])
        if not showing:
            names = ", ".join(players[i] for i in eligible)
            return Audit(hand.hand_id, "unjudged", (), f"nobody showed a hand for pot {k} ({names})", {}, paid,
                         description_errors=descriptions, descriptions_checked=checked)
        if len(showing) == 1:
            name = players[showing[0]]
            expected[name] += net
            audit_shares[k][name] = net
            continue
        contested.append((k, net, showing))
    if contested:
        if any(len(b) != 5 for b in runs) or not runs:
            return Audit(hand.hand_id, "unjudged", (), "a showdown without a full board", {}, paid,
                         description_errors=descriptions, descriptions_checked=checked)
        held = stored_holes(hand)
        holes = [held.get(n) for n in players]
        base = dict(expected)
        result = _split_runs(hand, players, holes, runs, contested, 1)
        if result is None:
            return Audit(hand.hand_id, "unjudged", (), "the shown cards do not fit the hand's size", {}, paid,
                         description_errors=descriptions, descriptions_checked=checked)
        winnings, shares = result
        candidate = {n: base[n] + winnings[i] for i, n in enumerate(players)}
        if not _same(candidate, paid) and hand.unit == "cents":
            for unit in _UNITS:
                if all(net % (unit * len(runs)) == 0 for _, net, _ in contested):
                    other = _split_runs(hand, players, holes, runs, contested, unit)
                    if other is not None:
                        alt = {n: base[n] + other[0][i] for i, n in enumerate(players)}
                        if _same(alt, paid):
                            notes.append(f"the site split in units of {money(unit)} (its smallest chip at these "
                                         "stakes), not cents; the rules applied to those units")
                            candidate, shares = alt, other[1]
                            break
        expected = candidate
        for k, share in shares.items():
            audit_shares[k] = {players[i]: v for i, v in share.items()}
    if len(runs) == 2 and contested:
        notes.append("run twice: every pot halved (the odd chip to the first run), each half split on its board")
    differences = tuple(
        Difference(n, expected.get(n, 0), paid.get(n, 0))
        for n in sorted(set(expected) | set(paid), key=lambda n: index.get(n, len(index)))
        if expected.get(n, 0) != paid.get(n, 0)
    )
    audit_pots = tuple([  # AuditPot fields, as plain tuples (see _StoredPots)
        ("pot" if len(pots) == 1 else ("main pot" if k == 0 else f"side pot-{k}"), amount, rakes[k],
         tuple([players[i] for i in eligible]), tuple(audit_shares[k].items()))
        for k, (amount, eligible) in enumerate(pots)
    ])
    return Audit(
        hand.hand_id, "mispaid" if differences else "ok", differences, None, expected, paid,
        audit_pots,  # type: ignore[arg-type]
        tuple(notes), descriptions, checked,
    )


def _unprinted_return(put: dict[str, int], excess: int, folded: set[str]) -> str | None:
    """The player an uncalled bet of ``excess`` went back to, when an old
    text does not print it: the one who put in most, ``excess`` above
    everybody else, who did not fold (a bet nobody called is never folded;
    None when that is not what the numbers say)."""
    if excess <= 0 or len(put) < 2:
        return None
    ranked = sorted(put.items(), key=lambda item: item[1], reverse=True)
    (top, most), (_, second) = ranked[0], ranked[1]
    return top if most - second == excess and top not in folded else None


def _pots(amounts: list[int], live: list[bool]) -> list[tuple[int, list[int]]]:
    """:func:`~omaha8_fast.showdown.pots_from_contributions` of ``amounts``
    (the players not ``live`` folded) as (amount, eligible) pairs; straight
    from its rule when the amounts are plain ints (what the checks there let
    through unchanged), else through it (which raises what it raises)."""
    alive = [i for i, v in enumerate(live) if v]
    if alive and all(type(a) is int and a >= 0 for a in amounts) and sum(amounts) <= _MAX_CHIPS:
        return _side_pots(amounts, alive)
    return [(p.amount, list(p.eligible)) for p in pots_from_contributions(amounts, [i for i, v in enumerate(live) if not v])]


def _same(expected: dict[str, int], paid: dict[str, int]) -> bool:
    return all(expected.get(n, 0) == paid.get(n, 0) for n in set(expected) | set(paid))


def _split_runs(
    hand: ImportedHand,
    players: list[str],
    holes: list[tuple[Card, ...] | None],
    runs: tuple[tuple[Card, ...], ...],
    contested: list[tuple[int, int, tuple[int, ...]]],
    unit: int,
) -> tuple[list[int], dict[int, dict[int, int]]] | None:
    """Split the contested pots on every run: each player's winnings, and per pot who got what."""
    shown = {i for _, _, showing in contested for i in showing}
    use = [holes[i] if i in shown else None for i in range(len(players))]
    if any(h is not None and len(h) != hand.hole_size for h in use):
        return None
    winnings = [0] * len(players)
    shares: dict[int, dict[int, int]] = {k: {} for k, _, _ in contested}
    for r, board in enumerate(runs):
        pot_list = []
        for _, net, showing in contested:
            part = net - net // 2 if (len(runs) == 2 and r == 0) else (net // 2 if len(runs) == 2 else net)
            pot_list.append((part // unit, showing))
        per_pot = _split_board(board, use, pot_list, hand.hole_size)
        for j, (k, _, showing) in enumerate(contested):
            single = split_pot(board, use, [pot_list[j]]) if per_pot is None else per_pot[j]
            for i, v in enumerate(single):
                if v:
                    winnings[i] += v * unit
                    shares[k][i] = shares[k].get(i, 0) + v * unit
    return winnings, shares


def _split_board(board: Any, holes: list[Any], pots: list[tuple[int, tuple[int, ...]]], size: int) -> list[list[int]] | None:
    """What each player gets of each pot on one board: what
    :func:`~omaha8_fast.showdown.split_pot` gives for each pot on its own
    (``split_pot(board, holes, [pot])``), from one call of the C showdown
    for all of them; None when the input is not plain (tuples or lists of
    int card ids, plain int amounts) or the C core refuses it: the caller
    then asks ``split_pot``, which explains."""
    n = len(holes)
    if size not in HOLE_SIZES or not 0 < n <= _MAX_PLAYERS or type(board) not in (tuple, list) or len(board) != 5:
        return None
    pairs: list[int] = []
    live = 0
    parts = []
    blank = bytes(size)
    for i, h in enumerate(holes):
        if h is None:
            parts.append(blank)
            continue
        ids = _id_bytes(h) if type(h) is tuple or type(h) is list else None  # what split_pot takes as they are
        if ids is None:
            return None
        parts.append(ids)
        live |= 1 << i
    rows = b"".join(parts)
    cards = _id_bytes(board)
    if cards is None or len(rows) != n * size:
        return None
    for amount, showing in pots:
        if type(amount) is not int:
            return None
        mask = 0
        for i in showing:
            mask |= 1 << i
        pairs += (amount, mask)
    count = len(pots)
    payouts = ffi.new("int64_t[]", n)
    detail = ffi.new("int64_t[]", 2 * count * n) if count > 1 else ffi.NULL
    try:
        if lib.o8_showdown(cards, 5, rows, size, n, live, 0, pairs, count, payouts, detail,  # the list goes as an array
                           ffi.NULL, ffi.NULL):
            return None
    except OverflowError:  # an amount past int64
        return None
    if count == 1:
        return [ffi.unpack(payouts, n)]
    rows_out = ffi.unpack(detail, 2 * count * n)
    return [
        [(high if high > 0 else 0) + (low if low > 0 else 0)
         for high, low in zip(rows_out[2 * p * n:(2 * p + 1) * n], rows_out[(2 * p + 1) * n:(2 * p + 2) * n])]
        for p in range(count)
    ]


def _descriptions(hand: ImportedHand) -> tuple[tuple[str, ...], int]:
    """Check every shown hand's description against the evaluator."""
    errors: list[str] = []
    checked = 0
    boards = _BOARDS(hand)
    size = hand.hole_size
    for shown in _SHOWN(hand):
        if type(shown[1]) is tuple:  # (player, cards, description, run, line, board_cards)
            player, cards, description, run, line, board_cards = shown
        else:  # the reader's flat record (see histories._model.records)
            player, description, run, line, board_cards = shown[:5]
            cards = shown[5:]
        if not description or len(cards) != size:
            continue
        board = boards[run - 1] if run - 1 < len(boards) else (boards[0] if boards else ())
        board = board[:board_cards]  # the board the description was written for
        if len(board) < 3:
            continue
        try:
            values = _fast_hilo(cards, board)  # evaluate_hilo's fast path, else evaluate_hilo (which explains)
            problem = check_values(description, *(evaluate_hilo(cards, board) if values is None else values))
        except ValueError as error:
            errors.append(f"line {line}: {player}: {error}")
            continue
        if problem == UNREADABLE:
            continue
        checked += 1
        if problem is not None:
            errors.append(f"line {line}: {player}: {problem}")
    return tuple(errors), checked
