"""Paying out a finished hand: the rake, the runs of the board, who mucks.

Plain functions over card ids and :class:`~omaha8_fast.showdown.Pot` lists
(players numbered in the showdown module's order, starting left of the
button), used by :class:`omaha8_fast.engine.Hand` when a hand ends.

>>> run_parts(101, 2)   # the odd chip goes to the first run
[51, 50]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .._core import ffi
from ..evaluator import evaluate_hilo
from ..showdown import Pot, PotLike, Showdown, showdown, split_pot

__all__ = ["muck_losers", "run_parts", "settle"]


def run_parts(amount: int, runs: int) -> list[int]:
    """``amount`` divided into ``runs`` parts, the odd chips all to the first run."""
    part, odd = divmod(amount, runs)
    return [part + odd] + [part] * (runs - 1)


def settle(
    boards: Sequence[Sequence[int]], holes: Sequence[Sequence[int] | None], pots: PotLike, detailed: bool,
    chip: int = 1,
) -> tuple[list[int], list[Showdown]]:
    """The payouts of every player, and (when ``detailed``) one
    :class:`Showdown` per run. With one board and ``chip`` 1, ``pots`` is
    passed on as it is (contributions or a list of pots); else it must be a
    list of :class:`Pot` and each pot is divided with :func:`run_parts`,
    each part split on its own board: in units of ``chip`` when every part
    on that board is a multiple of it, else in single chips.

    >>> won, _ = settle([[48, 44, 40, 0, 4]], [[51, 47, 1, 5], [50, 46, 2, 6]], [Pot(775, (0, 1))], False, 5)
    >>> won, settle([[48, 44, 40, 0, 4]], [[51, 47, 1, 5], [50, 46, 2, 6]], [Pot(775, (0, 1))], False)[0]
    ([390, 385], [388, 387])
    """
    if chip != 1:
        return _settle_in_chips(boards, holes, pots, detailed, chip)
    if len(boards) == 1:
        if detailed:
            result = showdown(boards[0], holes, pots)
            return list(result.payouts), [result]
        return split_pot(boards[0], holes, pots), []
    runs = len(boards)
    assert isinstance(pots, list)
    parts = [run_parts(amount, runs) for amount, _ in pots]
    payouts = [0] * len(holes)
    results = []
    for r, board in enumerate(boards):
        these = [Pot(part[r], tuple(eligible)) for part, (_, eligible) in zip(parts, pots)]
        if detailed:
            result = showdown(board, holes, these)
            results.append(result)
            won = result.payouts
        else:
            won = split_pot(board, holes, these)
        for i, chips in enumerate(won):
            payouts[i] += chips
    return payouts, results


def _settle_in_chips(
    boards: Sequence[Sequence[int]], holes: Sequence[Sequence[int] | None], pots: PotLike, detailed: bool, chip: int,
) -> tuple[list[int], list[Showdown]]:
    """:func:`settle` with a chip above 1: each board's parts split in units
    of ``chip`` when they all are multiples of it; the payouts and the
    results in chips."""
    assert isinstance(pots, list)
    parts = [run_parts(amount, len(boards)) for amount, _ in pots]
    payouts = [0] * len(holes)
    results = []
    for r, board in enumerate(boards):
        unit = chip if all(part[r] % chip == 0 for part in parts) else 1
        these = [Pot(part[r] // unit, tuple(eligible)) for part, (_, eligible) in zip(parts, pots)]
        if detailed:
            result = _scaled(showdown(board, holes, these), unit)
            results.append(result)
            won = result.payouts
        else:
            won = [chips * unit for chips in split_pot(board, holes, these)]
        for i, chips in enumerate(won):
            payouts[i] += chips
    return payouts, results


def _scaled(result: Showdown, unit: int) -> Showdown:
    """``result`` (a split in units of ``unit`` chips) in chips: every amount and share times ``unit``."""
    if unit == 1:
        return result
    board, holes, live, first, pairs, detail, high, low = (
        result._board, result._holes, result._live, result._first, result._pairs, result._detail, result._high, result._low)
    shares = [v * unit if v > 0 else v for v in ffi.unpack(detail, len(pairs) * len(holes))]  # -1: not a winner
    amounts = [v * unit if k % 2 == 0 else v for k, v in enumerate(pairs)]  # (amount, eligible mask) pairs
    raw = (board, holes, live, first, amounts, ffi.new("int64_t[]", shares), high, low)
    return Showdown([v * unit for v in result.payouts], raw)


def muck_losers(
    order: Sequence[int], boards: Sequence[Sequence[int]], holes: Mapping[int, Sequence[int]], pots: Sequence[tuple[int, Sequence[int]]]
) -> tuple[list[int], list[int]]:
    """Who shows and who mucks when losers muck: ``order`` the live seats in
    showdown order, ``holes`` their cards, ``pots`` ``(amount, seats)``.

    Each player in turn shows when their hand could still win or tie some
    half of some pot they are in, on some run, against the hands already
    shown in that pot (a pot nobody in it has shown yet can be won); else
    they muck. The first player always shows. Returns ``(shown, mucked)``.
    """
    values = {s: [evaluate_hilo(holes[s], board) for board in boards] for s in order}
    contested = [set(seats) for amount, seats in pots if len(seats) > 1 and amount]
    shown: list[int] = []
    mucked: list[int] = []
    for s in order:
        can_win = not shown or any(
            _can_win(values[s][r], [values[o][r] for o in shown if o in pot])
            for pot in contested if s in pot for r in range(len(boards))
        )
        (shown if can_win else mucked).append(s)
    return shown, mucked


def _can_win(mine: tuple[int, int | None], theirs: list[tuple[int, int | None]]) -> bool:
    """Whether ``mine`` ties or beats every hand of ``theirs`` in the high, or
    in the low (lower values win; None: no low)."""
    if not theirs:
        return True
    high, low = mine
    if high <= min(t[0] for t in theirs):
        return True
    if low is None:
        return False
    lows = [t[1] for t in theirs if t[1] is not None]
    return not lows or low <= min(lows)
