"""The random legal player the hand-history tests share: it plays a hand to
its end so that the histories written from it cover bets, raises, folds,
calls, checks and (with ``shove``) all-ins.

Test modules import it by name (pytest puts ``tests/`` on ``sys.path``).
"""

from __future__ import annotations

import random

from omaha8_fast.engine import Hand

__all__ = ["play_out", "random_action"]


def play_out(hand: Hand, rng: random.Random, *, raise_below: float, fold_below: float,
             shove: float = 0.0) -> Hand:
    """Play ``hand`` to its end: each turn draws r in [0, 1); a bet or raise
    when one is legal and r < ``raise_below`` (all-in with probability
    ``shove``, else uniform between the minimum and the maximum), a fold when
    r < ``fold_below`` and folding is legal, else a call or a check."""
    while not hand.is_over:
        legal = hand.legal_actions()
        r = rng.random()
        if ("raise" in legal.actions or "bet" in legal.actions) and r < raise_below:
            if shove and rng.random() < shove:
                to = legal.max_raise_to
            else:
                to = rng.randint(legal.min_raise_to, legal.max_raise_to)
            hand.act(legal.actions[-1], to)
        elif r < fold_below and "fold" in legal.actions:
            hand.fold()
        elif "call" in legal.actions:
            hand.call()
        else:
            hand.check()
    return hand


def random_action(hand: Hand, rng: random.Random, *, edges: bool = False) -> None:
    """One random legal action: a kind drawn uniformly among the legal ones;
    a bet or raise to an amount uniform between the minimum and the maximum,
    or with ``edges`` one of the minimum, the maximum and such an amount."""
    legal = hand.legal_actions()
    kind = rng.choice(legal.actions)
    if kind in ("bet", "raise"):
        to = rng.randint(legal.min_raise_to, legal.max_raise_to)
        hand.act(kind, rng.choice([legal.min_raise_to, legal.max_raise_to, to]) if edges else to)
    else:
        hand.act(kind)
