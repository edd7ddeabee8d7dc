"""The house's cut of a pot: :class:`Rake`.

A rake is a fraction of the pot, rounded **down** to a whole chip, at most
``cap`` chips, and (with ``no_flop_no_drop``, the default) nothing when the
hand ends before the flop. It is taken before the pots are split: by default
out of the main pot first, then the side pots in order; with
``split="proportional"`` spread over the pots in proportion to their size,
which is what real PokerStars hands show (docs/histories.md): pot ``k`` pays
the rounded share of the pots up to ``k`` less what the pots before it paid.

>>> rake = Rake(0.05, cap=3)
>>> rake.amount(59, flop_seen=True), rake.amount(60, flop_seen=True), rake.amount(1000, flop_seen=True)
(2, 3, 3)
>>> rake.amount(1000, flop_seen=False)   # no flop, no drop
0
>>> rake.take([Pot(40, (0, 1, 2)), Pot(20, (0, 1))], 3)
[Pot(amount=37, eligible=(0, 1, 2)), Pot(amount=20, eligible=(0, 1))]
>>> Rake(0.05, cap=3, split="proportional").take([Pot(40, (0, 1, 2)), Pot(20, (0, 1))], 3)
[Pot(amount=38, eligible=(0, 1, 2)), Pot(amount=19, eligible=(0, 1))]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Literal, Union

from ..showdown import Pot
from ._betting import check_chips

__all__ = ["RAKE_SPLITS", "Rake", "RakeSplit"]

FractionLike = Union[float, int, Fraction, Decimal, str]
RakeSplit = Literal["main-first", "proportional"]
#: The ways a rake can come out of the pots (:attr:`Rake.split`).
RAKE_SPLITS: tuple[RakeSplit, ...] = ("main-first", "proportional")


@dataclass(frozen=True)
class Rake:
    """A rake of ``fraction`` of the pot (``0 <= fraction < 1``; a float is
    read as the decimal it prints as, so ``0.29`` is exactly 29/100), rounded
    down to whole chips and capped at ``cap`` chips (None: no cap). With
    ``no_flop_no_drop`` a hand that ends before the flop is not raked.
    ``split`` says which pots pay it: ``"main-first"`` (the main pot, then
    the side pots in order) or ``"proportional"`` (see the module docstring)."""

    fraction: Fraction
    cap: int | None = None
    no_flop_no_drop: bool = True
    split: RakeSplit = "main-first"

    def __init__(self, fraction: FractionLike, cap: int | None = None, no_flop_no_drop: bool = True,
                 split: RakeSplit = "main-first") -> None:
        if isinstance(fraction, bool) or not isinstance(fraction, (float, int, Fraction, Decimal, str)):
            raise TypeError(f"the rake fraction must be a number, not {type(fraction).__name__}")
        try:
            exact = Fraction(repr(fraction)) if isinstance(fraction, float) else Fraction(fraction)
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"the rake fraction must be a number from 0 to 1, got {fraction!r}") from None
        if not 0 <= exact < 1:
            raise ValueError(f"the rake fraction must be at least 0 and below 1, got {fraction!r}")
        if cap is not None:
            cap = check_chips(cap, "the rake cap")
        if type(no_flop_no_drop) is not bool:
            raise TypeError(f"no_flop_no_drop must be a bool, not {type(no_flop_no_drop).__name__}")
        object.__setattr__(self, "fraction", exact)
        object.__setattr__(self, "cap", cap)
        if split not in RAKE_SPLITS:
            raise ValueError(f"split must be one of {', '.join(map(repr, RAKE_SPLITS))}, got {split!r}")
        object.__setattr__(self, "no_flop_no_drop", no_flop_no_drop)
        object.__setattr__(self, "split", split)

    def amount(self, pot: int, *, flop_seen: bool) -> int:
        """The rake of a pot of ``pot`` chips: ``floor(pot * fraction)``, at most ``cap``."""
        if self.no_flop_no_drop and not flop_seen:
            return 0
        chips = pot * self.fraction.numerator // self.fraction.denominator
        return chips if self.cap is None or chips < self.cap else self.cap

    @staticmethod
    def shares(amounts: Sequence[int], rake: int) -> list[int]:
        """The rake each pot of ``amounts`` (main pot first) pays: in
        proportion to the pots, by rounded cumulative shares (half up), so
        the shares sum to ``rake`` and none is more than its pot (``rake``
        at most the total).

        >>> Rake.shares([247, 93, 30], 18)   # a real PokerStars hand: $2.47, $0.93, $0.30 raked $0.18
        [12, 5, 1]
        """
        total = sum(amounts)
        if not 0 <= rake <= total:
            raise ValueError(f"the rake {rake} must be from 0 to the pots' {total} chips")
        out, cum, given = [], 0, 0
        for amount in amounts:
            cum += amount
            share = (2 * rake * cum + total) // (2 * total) if total else 0
            out.append(share - given)
            given = share
        return out

    @staticmethod
    def main_first(amounts: Sequence[int], rake: int) -> list[int]:
        """The rake each pot of ``amounts`` (main pot first) pays when the
        main pot pays first, then each side pot in order.

        >>> Rake.main_first([247, 93, 30], 18), Rake.main_first([10, 93, 30], 18)
        ([18, 0, 0], [10, 8, 0])
        """
        if not 0 <= rake <= sum(amounts):
            raise ValueError(f"the rake {rake} must be from 0 to the pots' {sum(amounts)} chips")
        out = []
        for amount in amounts:
            taken = min(amount, rake)
            rake -= taken
            out.append(taken)
        return out

    def take(self, pots: Sequence[Pot], rake: int) -> list[Pot]:
        """The pots with ``rake`` chips taken out, by :meth:`main_first` or
        :meth:`shares` as ``split`` says."""
        spread = Rake.shares if self.split == "proportional" else Rake.main_first
        shares = spread([amount for amount, _ in pots], rake)
        return [Pot(amount - taken, eligible) for (amount, eligible), taken in zip(pots, shares)]

    def to_dict(self) -> dict[str, object]:
        """JSON-ready: the fraction as ``"numerator/denominator"`` text."""
        return {"fraction": str(self.fraction), "cap": self.cap, "no_flop_no_drop": self.no_flop_no_drop,
                "split": self.split}

    def __repr__(self) -> str:
        return (f"Rake({str(self.fraction)!r}, cap={self.cap}, no_flop_no_drop={self.no_flop_no_drop}, "
                f"split={self.split!r})")
