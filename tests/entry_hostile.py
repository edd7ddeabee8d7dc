"""A hostile loop over the ``omaha8_fast._entry`` extension
(csrc/cpython/entry.c and hh_records.c): random garbage in every member of
the hand engine's C base class (wrong types, huge and negative ints, bools,
int and list subclasses, tuples for lists, lists of the wrong length or
changed between calls, objects whose ``__index__``, ``__eq__`` or
``__hash__`` raise, objects whose finalizer changes or deletes the hand's
members while a C call runs), then ``act``/``start``/``next_turn`` and the
hand's public methods; the single calls (``evaluate_hilo``,
``evaluate_high``, ``equity`` of known hands) and their C entry points with
hostile cards; ``deal``/``split``; ``hh_records`` on real scanner output
edited at random.

Nothing may crash (tests/sanitize_entry.py runs this under AddressSanitizer
and UndefinedBehaviorSanitizer, where any bad read or write also aborts);
the C entry points answer None (not taken) or a well-formed answer, the
public calls on good objects answer or raise ValueError / TypeError (which
IllegalAction and HandHistoryError are). A hand whose private members hold
garbage may raise anything from its Python methods: only a crash fails.

``python tests/entry_hostile.py --seconds 30 --seed 1`` prints what it ran.
Imported by tests/test_entry_hostile.py (a short run) and
tests/test_entry_sanitized.py (a short run under the sanitizers).
"""

from __future__ import annotations

import argparse
import copy
import gc
import pickle
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from omaha8_fast import (
    equity,
    evaluate_high,
    evaluate_hilo,
    evaluator,
    parse_pokerstars,
)
from omaha8_fast.engine import Hand, _native as _engine_entry
from omaha8_fast.engine._betting import RULES
from omaha8_fast.engine._native import HAND_FIELDS
from omaha8_fast.histories.pokerstars import _fast as ps

__all__ = ["run"]

#: The C entry points, called with anything (None without the extension).
ACT: Any = _engine_entry.ACT
START: Any = _engine_entry.START
PLAY: Any = _engine_entry.PLAY
NEXT_TURN: Any = _engine_entry.NEXT_TURN
DEAL: Any = _engine_entry.DEAL
SPLIT: Any = _engine_entry.SPLIT

DATA = Path(__file__).resolve().parent / "data"
#: What a public call on well-formed objects may raise.
EXPECTED = (ValueError, TypeError)


class Hostile(RuntimeError):
    """What the hostile objects raise: a call that reads them (``operator.index``) may pass it on."""


class Raising:
    """An object every comparison, conversion and hash of which raises."""

    def _fail(self, *args: object) -> Any:
        raise Hostile("hostile")

    __index__ = __int__ = __eq__ = __ne__ = __lt__ = __hash__ = __bool__ = __len__ = __iter__ = _fail


class RaisingInt(int):
    """An int whose ``__index__``, ``__eq__`` and ``__hash__`` raise."""

    def _fail(self, *args: object) -> Any:
        raise Hostile("hostile int")

    __index__ = __eq__ = __hash__ = _fail


class IntSub(int):
    pass


class ListSub(list):  # type: ignore[type-arg]
    pass


class StrSub(str):
    pass


class Meddler:
    """On release, changes or deletes a random member of ``hand`` (it runs
    whenever the C code releases the last reference to it, or a collection
    finds it: in the middle of a call)."""

    def __init__(self, hand: Any, rng: random.Random) -> None:
        self.hand, self.field, self.value = hand, rng.choice(HAND_FIELDS), rng.choice([None, 0, -1, [], [0] * 3, ()])
        self.delete = rng.random() < 0.6

    def __del__(self) -> None:
        try:
            if self.delete:
                delattr(self.hand, self.field)
            else:
                setattr(self.hand, self.field, self.value)
        except Exception:  # noqa: BLE001, S110  # a member already gone
            pass


def _junk(rng: random.Random, hand: Any = None) -> Any:
    """One hostile value."""
    k = rng.randrange(24)
    if k == 0:
        return None
    if k == 1:
        return rng.choice([True, False])
    if k == 2:
        return rng.choice([-1, 0, 1, 2, 3, 51, 52, 63, 64, 65, 2**31, 2**32, 2**53, 2**53 + 1, 2**63, 2**64, -2**63])
    if k == 3:
        return rng.choice([10**30, -10**30, 2**100])
    if k == 4:
        return IntSub(rng.randint(-2, 70))
    if k == 5:
        return RaisingInt(rng.randint(0, 5))
    if k == 6:
        return Raising()
    if k == 7:
        return rng.choice([1.5, float("nan"), "x", "all", b"", bytes(40), bytearray(17), StrSub("all")])
    if k == 8:
        return [rng.randint(-1, 300) for _ in range(rng.choice([0, 1, 2, 3, 5, 9, 64, 65, 300]))]
    if k == 9:
        return tuple(rng.randint(0, 300) for _ in range(rng.choice([0, 2, 3, 4, 5])))
    if k == 10:
        return ListSub(rng.randint(0, 300) for _ in range(3))
    if k == 11:
        return [rng.choice([True, False, 0, 1, None]) for _ in range(3)]
    if k == 12:
        return [_junk(rng) for _ in range(3)]
    if k == 13:
        return [rng.choice([IntSub(3), RaisingInt(2), Raising(), 2**60, -5]) for _ in range(3)]
    if k == 14:
        return rng.choice(list(RULES.values()))
    if k == 15 and hand is not None:
        return Meddler(hand, rng)
    if k == 16 and hand is not None:
        return [Meddler(hand, rng) for _ in range(3)]
    if k == 17:
        return rng.choice([(2, 2, 4, 4), (2, 2, 4), (IntSub(2), 2, 4, 4), (2**60,) * 4, (-1, 2, 4, 4)])
    return rng.randint(-3, 200)


def _cards(rng: random.Random, size: int) -> Any:
    """Hostile cards: good ids or text mostly, with one thing wrong at random."""
    ids = rng.sample(range(52), size)
    k = rng.randrange(20)
    if k == 0:
        return ids
    if k == 1:
        return tuple(ids)
    if k == 2:
        return " ".join("23456789TJQKA"[c // 4] + "cdhs"[c % 4] for c in ids)
    if k == 3:
        ids[rng.randrange(size)] = _junk(rng)
        return ids if rng.random() < 0.5 else tuple(ids)
    if k == 4:
        return [rng.randint(0, 51) for _ in range(rng.choice([0, 1, 3, 7, 10, 52, 53, 10**4]))]
    if k == 5:
        return rng.choice(["\ud800" * 4, "As Kd\udcff 2c 3h", "As\x00Kd2c3h", "AsKd2c3h" * 1000, "٣♠ 4d 5h 6c",
                           "Ａs Kd 2c 3h", "", " ", "10s 10d 10h 10c", StrSub("As Kd 2c 3h"), "As Kd 2c 3h 4s 5s 6s"])
    if k == 6:
        return [IntSub(c) for c in ids]
    if k == 7:
        return [c + 52 * rng.choice([1, -1, 2**30]) for c in ids]
    if k == 8:
        return ListSub(ids)
    if k == 9:
        return [ids[0]] * size  # repeated cards
    if k == 10:
        return [True] * size
    if k == 11:
        return b"\x00\x01\x02\x03"
    return ids


def _check_eval(answer: object, high: bool) -> None:
    if high:
        assert answer is None or type(answer) is int, answer
    else:
        assert answer is None or (type(answer) is tuple and len(answer) == 2), answer


def _public(count: Counter[str], name: str, call: Callable[[], object]) -> None:
    try:
        call()
        count[name + " ok"] += 1
    except EXPECTED:
        count[name + " refused"] += 1
    except Hostile:
        count[name + " passed on the object's own error"] += 1


def single_calls(rng: random.Random, count: Counter[str]) -> None:
    """evaluate_hilo, evaluate_high and equity of known hands, direct and public."""
    hole, board = _cards(rng, rng.choice([4, 4, 5, 6])), _cards(rng, rng.choice([3, 4, 5, 5]))
    entry: Any = evaluator._ENTRY
    if entry is not None:
        hilo, high = entry
        _check_eval(hilo(hole, board), False)
        _check_eval(high(hole, board), True)
        _check_eval(hilo(hole, board, board), False)  # wrong argument count: not taken
        count["entry eval"] += 1
    _public(count, "evaluate_hilo", lambda: evaluate_hilo(hole, board))
    _public(count, "evaluate_high", lambda: evaluate_high(hole, board))
    if isinstance(hole, list) and hole and rng.random() < 0.3:
        hole[rng.randrange(len(hole))] = _junk(rng)  # the same list, changed between two calls
        _public(count, "evaluate_hilo changed", lambda: evaluate_hilo(hole, board))
    players: list[Any] = [_cards(rng, 4) for _ in range(rng.choice([2, 2, 3, 10]))]
    spot: Any = (players, _cards(rng, 5) if rng.random() < 0.8 else rng.choice([(), [], "", [1], [1, 2]]),
            rng.choice([(), [], "", _cards(rng, 1), _cards(rng, 3), list(range(52)), _junk(rng)]))
    known: Any = sys.modules["omaha8_fast.equity"]._known
    answer = known(*spot)
    assert answer is None or (type(answer) is list and len(answer) == len(players)), answer
    if entry is not None:
        assert known(spot[0], spot[1]) is None  # two arguments: not taken
    else:  # the Python function (a build without the extension) takes three
        try:
            known(spot[0], spot[1])
        except TypeError:
            pass
        else:
            raise AssertionError("the Python _known took two arguments")
    count["entry known"] += 1
    _public(count, "equity", lambda: equity(spot[0], board=spot[1], dead=spot[2], exact=True,
                                            max_deals=20_000))


def _hand(rng: random.Random) -> Hand:
    n = rng.randint(2, 6)
    return Hand([rng.choice([1, 2, 5, 50, 400]) for _ in range(n)], rng.randrange(n), 1, 2,
                betting=rng.choice(["limit", "pot-limit", "no-limit"]), seed=rng.getrandbits(20),
                hole_size=rng.choice([4, 4, 5]), runs=rng.choice([1, 1, 2]),
                showdown=rng.choice(["all", "all", "muck-losers"]))


def _play(hand: Hand, rng: random.Random, steps: int, count: Counter[str]) -> None:
    """Up to ``steps`` random actions, and hostile amounts on a good hand (refused with ValueError/TypeError)."""
    for _ in range(steps):
        if hand.is_over:
            return
        legal = hand.legal_actions()
        kind = rng.choice(legal.actions)
        if rng.random() < 0.15:
            verb, junk = rng.choice([*legal.actions, "raise", "x"]), _junk(rng)
            _public(count, "act hostile", lambda: hand.act(verb, junk))  # noqa: B023
            continue
        if kind in ("bet", "raise"):
            hand.act(kind, rng.randint(legal.min_raise_to, legal.max_raise_to))
        else:
            hand.act(kind)


def _start_args(rng: random.Random, n: int) -> list[object]:
    args: list[object] = [tuple(rng.randint(1, 300) for _ in range(n)), 0, 1 if n > 2 else -1, 2 % n, 1, 2, 0, (),
                          RULES["no-limit"], (2, 2, 4, 4), 10**15, bytes(range(4 * n + 5)), 4, "all", None, 1]
    for _ in range(rng.choice([0, 1, 1, 2])):
        args[rng.randrange(len(args))] = _junk(rng)
    return args


def engine(rng: random.Random, count: Counter[str]) -> None:
    """Garbage in the hand's members, then the C calls and the hand's methods."""
    assert ACT is not None and START is not None and NEXT_TURN is not None
    hand = _hand(rng)
    _play(hand, rng, rng.randrange(6), count)
    for _ in range(rng.randint(1, 4)):
        field = rng.choice(HAND_FIELDS)
        if rng.random() < 0.1:
            try:
                delattr(hand, field)
            except AttributeError:
                pass
        elif rng.random() < 0.3 and isinstance(getattr(hand, field, None), list) and getattr(hand, field):
            items = getattr(hand, field)
            items[rng.randrange(len(items))] = _junk(rng, hand)  # an item, not the list
        else:
            setattr(hand, field, _junk(rng, hand))
    if rng.random() < 0.05:
        gc.collect()  # the finalizers of the meddlers caught in cycles
    for _ in range(rng.randint(1, 3)):
        try:
            answer = ACT(hand, rng.randrange(-1, 6), rng.choice([0, 1, 2, 4, 50, 400, -1, 2**60, _junk(rng)]))
            assert answer is None or answer in (0, 1, 2, 3, 4), answer
            count["act " + ("none" if answer is None else "taken")] += 1
        except (TypeError, MemoryError):  # a finalizer changed the hand during the call
            count["act changed"] += 1
    target = hand if rng.random() < 0.5 else Hand.__new__(Hand)
    try:
        answer = START(target, *_start_args(rng, rng.randint(2, 6)))
        assert answer in (None, 0, 1), answer
        count["start " + ("none" if answer is None else "taken")] += 1
    except (TypeError, MemoryError):
        count["start changed"] += 1
    lists = [getattr(hand, name, None) for name in ("_stacks", "_bets", "_folded", "_acted", "_committed")]
    answer = NEXT_TURN(*lists, rng.randrange(-1, 7), _junk(rng), 2, 1, 10**15, rng.choice(list(RULES.values())))
    assert answer is None or answer is False or type(answer).__name__ == "LegalActions", answer
    if any(type(getattr(hand, name, 0)) is int and abs(getattr(hand, name, 0)) > 10_000 for name in HAND_FIELDS):
        return  # the Python methods loop over range(hand._n) and the like: a huge count would take for ever
    if PLAY is not None:  # the built-in agents' turns (it runs the hand's Python methods too: any error, no crash)
        choosers = tuple(rng.choice([random.Random(rng.getrandbits(16)).random, None, False, _junk(rng)])
                         for _ in range(rng.randint(0, 7)))
        try:
            answer = PLAY(hand, choosers)
            assert answer is None or (type(answer) is int and answer >= -1), answer
            count["play " + ("none" if answer is None else "taken")] += 1
        except Exception:  # noqa: BLE001
            count["play raised"] += 1
    for method in (lambda: hand.legal_actions(), lambda: hand.call(), lambda: hand.fold(), lambda: hand.check(),
                   lambda: hand.raise_to(rng.randint(0, 500)), lambda: hand.copy(), lambda: hand.view(0),
                   lambda: pickle.loads(pickle.dumps(hand)), lambda: copy.deepcopy(hand), lambda: hand.history_text(),
                   lambda: hand.payouts, lambda: hand.pots):
        try:
            method()
            count["method ok"] += 1
        except Exception:  # noqa: BLE001  # private garbage: any error, but no crash
            count["method raised"] += 1


def deal_split(rng: random.Random, count: Counter[str]) -> None:
    assert DEAL is not None and SPLIT is not None
    bits = rng.choice([bytes(rng.getrandbits(8) for _ in range(rng.choice([0, 1, 8, 64, 65, 1000]))), _junk(rng)])
    n = rng.choice([0, 5, 52, 53, -1, 2**53, _junk(rng)])
    answer = DEAL(bits, n)
    assert answer is None or (type(answer) is bytes and len(answer) == n and len(set(answer)) == n), answer
    cards = rng.choice([bytes(rng.sample(range(52), 17)), bytes(rng.getrandbits(8) for _ in range(17)), bytes(5),
                        bytes(range(52)), _junk(rng)])
    pots = rng.choice([[30, 7], [30, 7, 10, 3], [2**53, 7, 2**53, 7], [-1, 7], [1, 0], [1, 2**70], [1], _junk(rng)])
    answer = SPLIT(cards, rng.choice([3, 2, 64, 65, _junk(rng)]), rng.choice([4, 5, 3, 7]),
                   rng.choice([7, 3, 0, -1, 2**64 + 7, 2**63, _junk(rng)]), rng.choice([0, 1, 2, 3, -1, 2**32, _junk(rng)]),
                   pots)
    assert answer is None or type(answer) is list, answer
    count["deal/split"] += 1


def _scanned_hands() -> list[tuple[str, list[int], int]]:
    """(body, o8_hh_scan's values, hole size) of the hands in tests/data, as the reader hands them to hh_records."""
    seen: list[tuple[str, list[int], int]] = []
    real = ps._RECORDS
    if real is None:
        return seen

    def spy(body: str, v: list[int], hole_size: int, names: tuple[str, ...]) -> Any:
        seen.append((body, list(v), hole_size))
        return real(body, v, hole_size, names)

    ps._RECORDS = spy
    try:
        for path in sorted(DATA.glob("pokerstars_*.txt")):
            parse_pokerstars(path.read_text(encoding="utf-8"), errors="skip")
    finally:
        ps._RECORDS = real
    return seen


def records(rng: random.Random, count: Counter[str], scanned: list[tuple[str, list[int], int]]) -> None:
    """hh_records on real scanner output with values, lengths, the body or the names changed."""
    build = ps._RECORDS
    if build is None or not scanned:
        return
    body, scanned_v, hole_size = rng.choice(scanned)
    v: list[Any] = list(scanned_v)
    names: object = ps._RECORD_NAMES
    for _ in range(rng.randint(1, 4)):
        k = rng.randrange(8)
        i = rng.randrange(len(v)) if v else 0
        if not v:
            v.append(0)
        if k == 0:
            v[i] = rng.choice([-1, 0, 1, 5, 6, 9, 10, 11, 51, 52, 63, 64, 512, 2**31, 2**62, -2**62])
        elif k == 1:
            v[i] = (v[i] if type(v[i]) is int else 0) + rng.choice([-1, 1, len(body), -len(body)])
        elif k == 2:
            del v[i:]
        elif k == 3:
            v.extend(rng.randint(-1, 60) for _ in range(rng.randint(1, 20)))
        elif k == 4:
            body = body[: rng.randrange(len(body) + 1)] + rng.choice(["", "\ud800", "é" * 10])
        elif k == 5:
            v[i] = rng.choice([True, IntSub(3), 1.0, None, 2**70])
        elif k == 6:
            names = rng.choice([ps._RECORD_NAMES[:-1], (*ps._RECORD_NAMES[:-1], 5), list(ps._RECORD_NAMES)])
        else:
            hole_size = rng.choice([0, 1, 4, 5, 6, 7, 2**70, -1])
    answer = build(body, v, hole_size, names)
    assert answer is None or (type(answer) is tuple and len(answer) == 12), answer
    count["hh_records " + ("none" if answer is None else "built")] += 1
    if rng.random() < 0.1:  # the public reader on edited text
        text = body
        for _ in range(rng.randint(1, 5)):
            at = rng.randrange(len(text) + 1)
            text = text[:at] + rng.choice(["", "1", "$", "\n", " ", ":", "[", "]", "99999999999999999999"]) + text[at + 1:]
        _public(count, "parse_pokerstars", lambda: parse_pokerstars(text, errors=rng.choice(["raise", "skip"])))


def run(seconds: float | None = None, seed: int = 0, *, rounds: int | None = None) -> Counter[str]:
    """The hostile loop, what it ran by outcome: ``rounds`` rounds of 20 calls
    (a counted amount of work, the same under any load: the test suite's
    way), or rounds until about ``seconds`` have passed (the command line's
    and the sanitizer run's way)."""
    if (seconds is None) == (rounds is None):
        raise ValueError("give seconds or rounds")
    rng = random.Random(seed)
    count: Counter[str] = Counter()
    scanned = _scanned_hands()
    end = time.monotonic() + (seconds or 0.0)
    done = 0
    # The loop's gc.collect() calls look for the meddlers' cycles among the
    # loop's own objects: what the process held before (a test worker holds
    # hundreds of thousands) is set aside, or each call scans it all.
    gc.freeze()
    try:
        while (done < rounds) if rounds is not None else (time.monotonic() < end):
            done += 1
            for _ in range(20):
                k = rng.randrange(10)
                if k < 3:
                    single_calls(rng, count)
                elif k < 7 and ACT is not None:
                    engine(rng, count)
                elif k < 8 and DEAL is not None:
                    deal_split(rng, count)
                else:
                    records(rng, count, scanned)
    finally:
        gc.unfreeze()
    gc.collect()
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    started = time.monotonic()
    count = run(args.seconds, args.seed)
    for name, times in sorted(count.items()):
        print(f"{name}: {times}")
    print(f"total: {sum(count.values())} calls in {time.monotonic() - started:.1f} s (seed {args.seed})")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
