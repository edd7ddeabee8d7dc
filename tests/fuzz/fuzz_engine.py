"""Coverage-guided fuzz target (atheris) for the hand engine's action sequences.

Each input is decoded into a hand (players, structure, stacks from 1 chip to
the bound, ante, rake, runs, showdown mode, out-of-turn posts, a dead small
blind, sometimes junk settings) and a
sequence of calls: every action method with legal, illegal and ill-typed
arguments (bools, floats, strings, huge ints), time-outs, copies, pickles,
views and replays of the history, possibly tampered. The oracle: every call
returns or raises ``IllegalAction``/``ValueError``/``TypeError`` with a
message; a refused call changes nothing; chips are conserved
(``stacks + pot + rake``); ``to_act`` is None exactly when the hand is over;
every view holds only cards its seat may see; a copy, a pickle and a replay
of the history equal the hand; a tampered history is refused or replays to
a hand with that history. Anything else is a :class:`Finding`.

Run by hand through the shared driver, which bounds each input (1 s of CPU,
256 MiB), so slow or memory-hungry inputs are findings too::

    python tests/fuzz/driver.py tests/fuzz/fuzz_engine.py -max_total_time=600 tests/fuzz/corpus-engine

(or directly with atheris: ``python tests/fuzz/fuzz_engine.py -timeout=1
-rss_limit_mb=256 CORPUS``). Findings go into tests/fuzz/regressions-engine/;
tests/test_fuzz.py replays them and random inputs.
"""

from __future__ import annotations

import dataclasses
import pickle
import re
import sys
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # instrument the package for coverage before it is imported below
    import atheris

    with atheris.instrument_imports(include=["omaha8_fast"]):
        import omaha8_fast.engine  # noqa: F401

from omaha8_fast import Rake
from omaha8_fast.engine import MAX_CHIPS, Action, Hand, IllegalAction

sys.path.insert(0, str(Path(__file__).resolve().parent))  # loaded by path: find the shared reader
from byte_reader import Bytes  # noqa: E402

CARD = re.compile(r"(?<![A-Za-z0-9])[2-9TJQKA][cdhs](?![A-Za-z0-9])")
KINDS = ["fold", "check", "call", "bet", "raise", "all-in", "show", "muck", "timeout", "fold!", 3, None]


class Finding(AssertionError):
    """The engine broke a promise."""




def _chips(r: Bytes) -> Any:
    kind = r.below(8)
    if kind < 4:
        return 1 + r.byte()
    if kind == 4:
        return MAX_CHIPS - r.byte()
    if kind == 5:
        return [2**62, MAX_CHIPS + 1, 0, -1][r.below(4)]
    return [True, 2.0, "5", None][r.below(4)] if kind == 6 else 20 + 10 * r.byte()


def _amount(r: Bytes, hand: Hand) -> Any:
    kind = r.below(10)
    if kind < 7 and not hand.is_over:
        legal = hand.legal_actions()
        low, high = legal.min_raise_to, legal.max_raise_to
        return [low, high, low + (high - low) * r.byte() // 255, low - 1, high + 1, 0, r.byte()][kind]
    return [True, 3.5, "10", 2**70, None, 5, 0, -3, 10**20, 1][max(kind - 7, 0) if kind >= 7 else kind + 3]


def _hand(r: Bytes) -> Hand:
    n = 2 + r.below(5)
    settings: dict[str, Any] = {
        "betting": ["limit", "pot-limit", "no-limit", "no-limit", "mixed"][r.below(5)],
        "ante": [0, 0, 1, 5][r.below(4)],
        "rake": [None, None, Rake(0.05, cap=3), Rake(0.1), "5%"][r.below(5)],
        "runs": [1, 1, 2, 3, 0][r.below(5)],
        "showdown": ["all", "muck-losers", "choose", "choose", "none"][r.below(5)],
        "seed": r.byte(),
        "dead_small_blind": [False, False, False, True, 1][r.below(5)],
    }
    stacks = [_chips(r) for _ in range(n)]
    blinds = [(1, 2), (1, 2), (2, 2), (0, 1), (5, 3)][r.below(5)]
    settings["posts"] = [(), (), (), [n - 1], [r.below(n)], [0, 0]][r.below(6)]
    return Hand(stacks, r.below(n + 1), *blinds, **settings)


def _check(hand: Hand, start: int) -> None:
    if sum(hand.stacks) + hand.pot + hand.rake != start:
        raise Finding(f"chips not conserved: {hand.stacks} + {hand.pot} + {hand.rake} != {start}")
    if (hand.to_act is None) != hand.is_over:
        raise Finding(f"to_act {hand.to_act} but is_over {hand.is_over}")
    holes = hand.holes
    public = {str(c) for board in hand.boards for c in board} | {str(c) for s in hand.shown_seats for c in holes[s]}
    for seat in [None, *range(hand.players)]:
        view = hand.view(seat)
        allowed = public | ({str(c) for c in holes[seat]} if seat is not None else set())
        leaked = set(CARD.findall(view.to_json())) - allowed
        if leaked:
            raise Finding(f"seat {seat}'s view shows {leaked}")


def one_input(data: bytes) -> None:
    r = Bytes(data)
    try:
        hand = _hand(r)
    except (ValueError, TypeError) as error:
        if not str(error):
            raise Finding(f"an error without a message: {error!r}") from None
        return
    start = sum(hand.starting_stacks)
    _check(hand, start)
    for _ in range(200):
        if r.done:
            break
        op = r.below(16)
        before = hand.history
        try:
            if op < 9:
                kind = KINDS[r.below(len(KINDS))]
                amount = _amount(r, hand) if kind in ("bet", "raise") or r.below(8) == 0 else None
                hand.act(kind, amount)  # type: ignore[arg-type]
            elif op == 9:
                hand.bet(_amount(r, hand))
            elif op == 10:
                hand.raise_to(_amount(r, hand))
            elif op == 11:
                hand.timeout()
            elif op == 12:
                clone = [hand.copy(), pickle.loads(pickle.dumps(hand))][r.below(2)]
                if clone != hand or clone.history_text() != hand.history_text():
                    raise Finding("a copy differs from the hand")
            elif op == 13:
                if Hand.replay(hand.history) != hand:
                    raise Finding("the replay differs from the hand")
            elif op == 14:
                actions = list(before.actions)
                if actions:
                    k = r.below(len(actions))
                    field = r.below(4)
                    a = actions[k]
                    actions[k] = [a._replace(all_in=not a.all_in), a._replace(amount=a.amount + 1),
                                  a._replace(kind="all-in"), a._replace(seat=(a.seat + 1) % hand.players)][field]
                tampered = dataclasses.replace(before, actions=tuple(actions))
                try:
                    again = Hand.replay(tampered)
                except (IllegalAction, TypeError) as error:
                    if not str(error):
                        raise Finding("a refusal without a message") from None
                else:
                    if again.history != tampered:
                        raise Finding(f"a tampered history replayed to another one: {tampered.actions}")
            else:
                Hand.replay([None, "x", before.actions, (Action("preflop", 0, "fold", 0, False),)][r.below(4)])  # type: ignore[arg-type]
        except (IllegalAction, ValueError, TypeError) as error:
            if not str(error):
                raise Finding(f"an error without a message: {error!r}") from None
            if op < 12 and hand.history != before:
                raise Finding(f"a refused call changed the hand: {error}")
        _check(hand, start)
    while not hand.is_over:  # every hand can be finished by time-outs
        hand.timeout()
    _check(hand, start)


def main() -> None:
    import atheris

    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
