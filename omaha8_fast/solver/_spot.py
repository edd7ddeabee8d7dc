"""A heads-up Omaha Hi/Lo subgame from the river or the turn: the ranges on
the board and the betting tree.

>>> spot = Spot("Ks 8d 7c 6h 2c", ranges=({"As Ad 3d 2s": 1}, {"Qs Qd 5h 4c": 1}), pot=100, stacks=1000,
...             bet_sizes=(1.0,), raise_sizes=())
>>> spot.actions(()), spot.actions(("bet 100%",))
(('check', 'bet 100%'), ('fold', 'call'))
>>> spot.committed(("bet 100%", "call")), spot.player(("check",)), spot.player(("check", "check"))
((100.0, 100.0), 1, None)
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Any, Optional, Union

import numpy as np
import numpy.typing as npt

from ..cards import format_cards
from ._showdown import RangeInput, Table, _board, combos, ident

__all__ = ["Spot", "Node", "MAX_NODES", "MAX_BYTES", "BETTINGS"]

BETTINGS = ("pot-limit", "no-limit", "limit")
#: The most nodes a tree may have (a bigger tree is refused before anything is allocated).
MAX_NODES = 200_000
#: The most bytes the solver's arrays may take.
MAX_BYTES = 2 * 1024**3


class Node:
    """One node of the tree: ``kind`` is "act", "fold", "showdown" or "chance"."""

    __slots__ = ("kind", "player", "actions", "children", "committed", "history", "river", "winner", "id")

    def __init__(self, kind: str, committed: tuple[float, float], history: tuple[str, ...], river: int) -> None:
        self.kind: str = kind
        self.player: Optional[int] = None
        self.actions: tuple[str, ...] = ()
        self.children: list[Node] = []
        self.committed: tuple[float, float] = committed
        self.history: tuple[str, ...] = history
        self.river: int = river  # index of the river card dealt (turn spots), -1 on the turn street / a river spot: 0
        self.winner: int = -1
        self.id: int = -1


def _percent(f: float) -> str:
    return f"{f * 100:.10g}%"


def _sizes(values: Any, what: str) -> tuple[float, ...]:
    if isinstance(values, (int, float)):
        values = (values,)
    out = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or v <= 0:
            raise ValueError(f"{what} are positive fractions of the pot (0.5 = half pot), not {v!r}")
        out.append(float(v))
    return tuple(out)


def _amount(value: Any, what: str, positive: bool = True) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{what} must be a number, not {type(value).__name__}")
    v = float(value)
    if not math.isfinite(v) or (v <= 0 if positive else v < 0):
        raise ValueError(f"{what} must be {'> 0' if positive else '>= 0'}, not {value!r}")
    return v


class Spot:
    """A heads-up spot: board (4 cards: the turn, 5: the river), the ranges
    ``(out of position, in position)``, the pot and the stacks behind (one
    number or a pair), and the betting.

    ``bet_sizes``/``raise_sizes`` are fractions of the pot for pot-limit and
    no-limit (a pot-size raise is the call plus the pot after it; pot-limit
    sizes above the pot are refused); limit bets ``limit_bet`` chips with at
    most ``max_raises`` raises a street. A bet or raise that would leave less
    than ``all_in_threshold`` times the pot behind becomes all-in
    (``"allin"``); no-limit also offers all-in at every bet and raise.
    """

    def __init__(self, board: Any, ranges: Sequence[RangeInput], pot: float, stacks: Union[float, Sequence[float]],
                 betting: str = "pot-limit", bet_sizes: Any = (0.5, 1.0), raise_sizes: Any = (1.0,),
                 max_raises: Optional[int] = None, all_in_threshold: float = 0.0,
                 limit_bet: Optional[float] = None) -> None:
        self.board: list[int] = _board(board, (4, 5))
        if betting not in BETTINGS:
            raise ValueError(f"betting must be one of {', '.join(BETTINGS)}, not {betting!r}")
        self.betting: str = betting
        if isinstance(ranges, (str, dict)) or len(ranges) != 2:
            raise ValueError("ranges is a pair (out of position, in position)")
        self.pot: float = _amount(pot, "the pot")
        if isinstance(stacks, (int, float)) and not isinstance(stacks, bool):
            pair: tuple[Any, Any] = (stacks, stacks)
        elif isinstance(stacks, Sequence) and len(stacks) == 2:
            pair = (stacks[0], stacks[1])
        else:
            raise ValueError("stacks is one number (equal stacks) or a pair")
        self.stacks: tuple[float, float] = (_amount(pair[0], "the stack of player 0"), _amount(pair[1], "the stack of player 1"))
        self.effective: float = min(self.stacks)
        self.all_in_threshold: float = _amount(all_in_threshold, "all_in_threshold", positive=False)
        if betting == "limit":
            if limit_bet is None:
                raise ValueError("limit betting needs limit_bet= (the chips of a bet or raise)")
            self.limit_bet: Optional[float] = _amount(limit_bet, "limit_bet")
            self.bet_sizes: tuple[float, ...] = ()
            self.raise_sizes: tuple[float, ...] = ()
            self.max_raises: int = 3 if max_raises is None else max_raises
        else:
            if limit_bet is not None:
                raise ValueError("limit_bet= is for limit betting")
            self.limit_bet = None
            self.bet_sizes = _sizes(bet_sizes, "bet sizes")
            self.raise_sizes = _sizes(raise_sizes, "raise sizes")
            if betting == "pot-limit" and any(f > 1.0 for f in self.bet_sizes + self.raise_sizes):
                raise ValueError("pot-limit sizes are at most the pot (1.0)")
            self.max_raises = 1 if max_raises is None else max_raises
        if max_raises is not None and (isinstance(max_raises, bool) or not isinstance(max_raises, int)):
            raise TypeError(f"max_raises must be an int, not {type(max_raises).__name__}")
        if self.max_raises < 0:
            raise ValueError(f"max_raises must be >= 0, not {max_raises}")
        dead = sum(1 << c for c in self.board)
        self.hands: list[npt.NDArray[np.uint8]] = []
        self.weights: list[npt.NDArray[np.float64]] = []
        for p, rng in enumerate(ranges):
            what = ("the out-of-position range", "the in-position range")[p]
            hands, weights = combos(rng, what)
            masks = _masks(hands)
            meets = (masks & np.uint64(dead)) != 0
            if isinstance(rng, dict) and meets.any():
                bad = format_cards(hands[int(np.argmax(meets))].tolist())
                raise ValueError(f"{what}: combo {bad} shares a card with the board {format_cards(self.board)}")
            keep = ~meets
            hands, weights = np.ascontiguousarray(hands[keep]), weights[keep]
            if not len(hands):
                raise ValueError(f"{what} is empty after removing the combos that meet the board")
            self.hands.append(hands)
            self.weights.append(weights)
        self.combos: tuple[list[str], ...] = tuple([format_cards(h) for h in hs.tolist()] for hs in self.hands)
        self.masks: tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64]] = (_masks(self.hands[0]), _masks(self.hands[1]))
        self.idents: tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]] = (ident(self.hands[0], self.hands[1]), ident(self.hands[1], self.hands[0]))
        # every pair of combos must be able to meet: else there is no game
        table = Table(self.board[:4], (self.hands[0], self.hands[1]), self.idents, turn=True) if len(self.board) == 4 \
            else Table(self.board, (self.hands[0], self.hands[1]), self.idents)
        self._root_compat = (table.compat(0, self.weights[1]), table.compat(1, self.weights[0]))
        self.total_weight: float = float(np.dot(self.weights[0], self._root_compat[0]))
        if self.total_weight <= 0:
            raise ValueError("no combo of one range can meet a combo of the other (every pair shares a card)")
        self.node_count: int = self._count()
        if self.node_count > MAX_NODES:  # counted without building, stopped past the bound
            raise ValueError(f"the tree has more than {MAX_NODES:,} nodes (at least {self.node_count:,} counted "
                             "before stopping): use fewer sizes or raises")
        self.rivers: list[int] = [c for c in range(52) if c not in self.board] if len(self.board) == 4 else [-1]
        self.memory_bytes: int = self._bytes_estimate()
        if self.memory_bytes > MAX_BYTES:
            raise ValueError(f"the tree has {self.node_count:,} nodes and needs about {self.memory_bytes:,} bytes, "
                             f"more than the bound of {MAX_BYTES:,}")
        self.root: Node = self._build()
        self.nodes: dict[tuple[str, ...], Node] = {}
        self.node_list: list[Node] = []
        for node in _walk(self.root):
            node.id = len(self.node_list)
            self.node_list.append(node)
            self.nodes[node.history] = node
        self._tables: Optional[list[Table]] = None
        self._turn_table = table if len(self.board) == 4 else None

    # --- the betting ---------------------------------------------------------

    @property
    def street(self) -> str:
        return "turn" if len(self.board) == 4 else "river"

    def _options(self, c: tuple[float, float], q: int, raises: int) -> list[tuple[str, float]]:
        """(name, new commitment of q) of each action q has."""
        e = self.effective
        mine, theirs = c[q], c[1 - q]
        pot = self.pot + c[0] + c[1]
        out: list[tuple[str, float]] = []
        threshold = self.all_in_threshold * pot
        if mine == theirs:
            out.append(("check", mine))
            if mine >= e:
                return out
            if self.betting == "limit":
                assert self.limit_bet is not None
                out.append(("bet", min(e, mine + self.limit_bet)))
                return out
            for f in self.bet_sizes:
                to = mine + f * pot
                out.append((f"bet {_percent(f)}", to))
            max_to = mine + pot if self.betting == "pot-limit" else math.inf
        else:
            out.append(("fold", mine))
            out.append(("call", theirs))
            if theirs >= e or raises >= self.max_raises:
                return out
            if self.betting == "limit":
                assert self.limit_bet is not None
                out.append(("raise", min(e, theirs + self.limit_bet)))
                return out
            call = theirs - mine
            for f in self.raise_sizes:
                to = theirs + f * (pot + call)
                out.append((f"raise {_percent(f)}", to))
            max_to = theirs + pot + call if self.betting == "pot-limit" else math.inf
        base = out[:2] if mine != theirs else out[:1]
        sized: list[tuple[str, float]] = []
        for name, to in out[len(base):]:
            if to >= e - threshold and e <= max_to:
                name, to = "allin", e
            elif to >= e:
                name, to = "allin", e
            sized.append((name, to))
        if self.betting == "no-limit" and e > mine and all(to < e for _, to in sized):
            sized.append(("allin", e))
        seen: set[float] = set()
        result = list(base)
        for name, to in sized:
            if to in seen or to <= theirs:
                continue
            seen.add(to)
            result.append((name, to))
        return result

    def _street_nodes(self, c: tuple[float, float], river: int, history: tuple[str, ...], last: bool,
                      count_only: bool) -> Any:
        """The betting of one street from commitments c (player 0 first)."""
        counter = [0]

        def build(c: tuple[float, float], q: int, raises: int, checked: bool, h: tuple[str, ...]) -> Any:
            counter[0] += 1
            if counter[0] > MAX_NODES and count_only:
                raise _TooBig(counter[0])
            node = None if count_only else Node("act", c, h, river)
            if node is not None:
                node.player = q
            kids: list[Any] = []
            names: list[str] = []
            for name, to in self._options(c, q, raises):
                nc = (to, c[1]) if q == 0 else (c[0], to)
                nh = h + (name,)
                if name == "fold":
                    counter[0] += 1
                    if node is not None:
                        leaf = Node("fold", nc, nh, river)
                        leaf.winner = 1 - q
                        kids.append(leaf)
                elif name == "check" and (checked or q == 1):
                    kids.append(self._after_street(nc, river, nh, last, count_only, counter))
                elif name == "check":
                    kids.append(build(nc, 1 - q, raises, True, nh))
                elif name == "call":
                    kids.append(self._after_street(nc, river, nh, last, count_only, counter))
                else:
                    bet = c[q] == c[1 - q]
                    kids.append(build(nc, 1 - q, raises if bet else raises + 1, checked, nh))
                names.append(name)
            if node is not None:
                node.actions = tuple(names)
                node.children = kids
            return node

        if c[0] >= self.effective:  # all-in before this street: no betting
            return self._after_street(c, river, history, last, count_only, counter), counter[0]
        return build(c, 0, 0, False, history), counter[0]

    def _after_street(self, c: tuple[float, float], river: int, h: tuple[str, ...], last: bool, count_only: bool,
                      counter: list[int]) -> Any:
        counter[0] += 1
        if last:
            return None if count_only else Node("showdown", c, h, river)
        # the turn's chance node: every river card
        if count_only:
            _, n = self._street_nodes(c, 0, h, True, True)
            counter[0] += n * (52 - len(self.board))
            if counter[0] > MAX_NODES:
                raise _TooBig(counter[0])
            return None
        node = Node("chance", c, h, -1)
        for k, card in enumerate(self.rivers):
            child, _ = self._street_nodes(c, k, h + (format_cards([card]),), True, False)
            node.children.append(child)
        node.actions = tuple(format_cards([card]) for card in self.rivers)
        return node

    def _count(self) -> int:
        try:
            _, n = self._street_nodes((0.0, 0.0), 0, (), len(self.board) == 5, True)
        except _TooBig as big:
            return big.args[0]  # type: ignore[no-any-return]
        return n  # type: ignore[no-any-return]

    def _build(self) -> Node:
        node, _ = self._street_nodes((0.0, 0.0), 0 if len(self.board) == 5 else -1, (), len(self.board) == 5, False)
        return node  # type: ignore[no-any-return]

    def _bytes_estimate(self) -> int:
        n = max(len(self.hands[0]), len(self.hands[1]))
        # per node: regrets, strategy sums (each actions x combos), values and reaches in flight
        return self.node_count * n * 8 * 6 + len(self.rivers) * (n * 80 + 200_000)

    # --- tables --------------------------------------------------------------

    def tables(self) -> list[Table]:
        """One showdown table per river card (one on a river spot)."""
        if self._tables is None:
            if len(self.board) == 5:
                self._tables = [Table(self.board, (self.hands[0], self.hands[1]), self.idents)]
            else:
                self._tables = [Table(self.board + [c], (self.hands[0], self.hands[1]), self.idents)
                                for c in self.rivers]
        return self._tables

    # --- the tree, by history --------------------------------------------------

    def node(self, history: Sequence[str] = ()) -> Node:
        h = tuple(history)
        try:
            return self.nodes[h]
        except KeyError:
            raise ValueError(f"no node at history {h!r} (the actions there: "
                             f"{self._nearest(h)})") from None

    def _nearest(self, h: tuple[str, ...]) -> str:
        for k in range(len(h), -1, -1):
            node = self.nodes.get(h[:k])
            if node is not None:
                return f"after {h[:k]!r}: {', '.join(node.actions) or 'none (terminal)'}"
        return "none"

    def actions(self, history: Sequence[str] = ()) -> tuple[str, ...]:
        node = self.node(history)
        return node.actions if node.kind in ("act", "chance") else ()

    def player(self, history: Sequence[str] = ()) -> Optional[int]:
        return self.node(history).player

    def committed(self, history: Sequence[str] = ()) -> tuple[float, float]:
        return self.node(history).committed

    def __repr__(self) -> str:
        return (f"Spot({format_cards(self.board)!r}, {len(self.hands[0])} vs {len(self.hands[1])} combos, "
                f"pot={self.pot:g}, stacks={self.stacks}, {self.betting}, {self.node_count} nodes)")


class _TooBig(Exception):
    pass


def _walk(node: Node) -> Iterator[Node]:
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(n.children))


def _masks(hands: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint64]:
    out = np.zeros(len(hands), dtype=np.uint64)
    for k in range(hands.shape[1] if hands.ndim == 2 else 0):
        out |= np.uint64(1) << hands[:, k].astype(np.uint64)
    return out
