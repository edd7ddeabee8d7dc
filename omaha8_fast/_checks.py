"""Argument checks shared by every public function and the CLI.

**The integer rule.** Wherever an integer belongs (a count of samples, a
seed, a number of threads, chips, a seat, a hole size), the value must be an
``int`` or an integer-like object such as a numpy integer (anything with
``__index__``), and not a ``bool``:

- the wrong *kind* of value raises ``TypeError``: a float (even ``100.0`` or
  ``1e5``), a bool, a string, ``None``;
- an integer outside the allowed range raises ``ValueError``.

Every such check in the package goes through :func:`check_int`, so the rule
and its messages live in one place.

>>> check_int(5, "samples", low=1)
5
>>> check_int(1e5, "samples")
Traceback (most recent call last):
...
TypeError: samples must be an int, not float 100000.0
>>> check_int(True, "threads")
Traceback (most recent call last):
...
TypeError: threads must be an int, not bool
>>> check_int(0, "samples", low=1)
Traceback (most recent call last):
...
ValueError: samples must be at least 1, got 0
"""

from __future__ import annotations

import operator
import re

__all__ = ["check_bool", "check_int", "check_range_text", "check_timeout"]


def check_int(value: object, name: str, *, low: int | None = None, high: int | None = None) -> int:
    """``value`` as an ``int``, checked by the integer rule (module docstring).

    ``low`` and ``high`` are inclusive bounds; ``name`` is what the message
    calls the value.
    """
    if type(value) is not int:
        if isinstance(value, bool) or not hasattr(value, "__index__"):
            shown = f" {value!r}" if isinstance(value, (float, str)) else ""
            raise TypeError(f"{name} must be an int, not {type(value).__name__}{shown}")
        # int.__index__ reads an int subclass's true value (its own __index__
        # may lie); numpy integers and other integer-likes go through __index__
        value = int.__index__(value) if isinstance(value, int) else operator.index(value)  # pyright: ignore[reportArgumentType]
    assert isinstance(value, int)
    if low is not None and high is not None and not low <= value <= high:
        raise ValueError(f"{name} must be an int in {low}..{high}, got {value}")
    if low is not None and value < low:
        raise ValueError(f"{name} must be at least {low}, got {value}")
    if high is not None and value > high:
        raise ValueError(f"{name} must be at most {high}, got {value}")
    return int(value)


def check_timeout(timeout: object) -> float | None:
    """A ``timeout=`` argument: None (no deadline) or a number of seconds > 0.

    >>> check_timeout(None), check_timeout(2)
    (None, 2.0)
    """
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        raise TypeError(f"timeout must be a number of seconds or None, not {type(timeout).__name__}")
    if not timeout > 0:
        raise ValueError(f"timeout must be > 0 seconds, got {timeout!r}")
    return float(timeout)


def check_bool(value: object, name: str) -> bool:
    """``value`` if it is a real ``bool``, else ``TypeError`` (flags are never 0/1 or strings).

    >>> check_bool(1, "progress")
    Traceback (most recent call last):
    ...
    TypeError: progress must be True or False, not int
    """
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {type(value).__name__}")
    return value


_CARD_WORD = re.compile(r"(10|[2-9tjqka])([cdhs]?)", re.IGNORECASE)


def check_range_text(text: str) -> None:
    """Refuse range text that looks like a mistyped hand.

    Text that names some cards exactly (rank and suit) and others by their
    rank alone, with nothing else (no ``*``, suit or rank variable, span,
    qualifier, operator, weight or percentage), is most likely a hand with a
    typo: ``"AsAd2s3"`` would otherwise be read as the range of the four hands
    holding As, Ad, 2s and a three. Such text raises ``ValueError``; to mean
    the range, write the bare rank as a rank list (``"AsAd2s[3]"``) or pass
    ``Range("AsAd2s3")``, which is never refused.

    >>> check_range_text("A2**ds"), check_range_text("AKQJ"), check_range_text("AsAd2s[3]")
    (None, None, None)
    >>> check_range_text("AsAd2s3")
    Traceback (most recent call last):
    ...
    ValueError: 'AsAd2s3' is neither a hand nor an unambiguous range: it mixes exact cards (As Ad 2s) with a bare rank (3); a typo in a hand? For the range write 'AsAd2s[3]'
    """
    packed = "".join(text.split()).replace(",", "")
    words = _CARD_WORD.findall(packed)
    if not words or "".join(rank + suit for rank, suit in words) != packed:
        return  # other syntax: the range parser decides
    exact = [rank.upper().replace("10", "T") + suit.lower() for rank, suit in words if suit]
    bare = [rank.upper().replace("10", "T") for rank, suit in words if not suit]
    if exact and bare:
        spelled = "".join(rank + suit if suit else f"[{rank}]" for rank, suit in words)
        raise ValueError(
            f"{text.strip()!r} is neither a hand nor an unambiguous range: it mixes exact cards ({' '.join(exact)}) "
            f"with {'bare ranks' if len(bare) > 1 else 'a bare rank'} ({', '.join(bare)}); "
            f"a typo in a hand? For the range write {spelled!r}"
        )
