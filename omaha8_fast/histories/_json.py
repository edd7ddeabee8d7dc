"""Hands as JSON, with a versioned schema (documented in docs/histories.md).

Every document is an object with ``"schema": "omaha8_fast/hand"``,
``"version": 1`` and ``"kind"``: ``"engine"`` for an engine
:class:`~omaha8_fast.engine.HandHistory` (settings, the cards in dealing
order, the actions) or ``"imported"`` for an
:class:`~omaha8_fast.histories.ImportedHand`. Cards are text (``"As"``),
amounts integers in the hand's unit. Readers refuse a document of another
schema or a newer version.

>>> from omaha8_fast.engine import Hand
>>> hand = Hand([100, 100], button=0, small_blind=1, big_blind=2, betting="no-limit", seed=1)
>>> hand.fold()
>>> text = to_json(hand.history)
>>> from_json(text) == hand.history
True
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from ..cards import Card
from ..engine import Action, HandHistory
from ..engine.rake import Rake
from ._model import (
    Collection,
    HandHistoryError,
    ImportedHand,
    PlayerAction,
    Post,
    Seat,
    ShownHand,
    Tournament,
)

__all__ = ["SCHEMA", "VERSION", "to_json", "from_json", "to_dict", "from_dict"]

SCHEMA = "omaha8_fast/hand"
VERSION = 1
_MAX_JSON = 5_000_000  # characters: a hand is a few kilobytes
_ENGINE_FIELDS = ("stacks", "button", "small_blind", "big_blind", "betting", "small_bet", "big_bet", "ante",
                  "hole_size", "deck", "actions")
#: HandHistory's other fields, written under "extra" when not their defaults
_EXTRA_FIELDS = tuple(f.name for f in dataclasses.fields(HandHistory) if f.name not in _ENGINE_FIELDS)


def _plain(value: object) -> bool:
    """Whether ``value`` is JSON as it is (numbers, text, lists of them)."""
    if value is None or isinstance(value, (bool, int, str)):
        return True
    return isinstance(value, (tuple, list)) and all(_plain(v) for v in value)


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


def to_dict(hand: HandHistory | ImportedHand) -> dict[str, Any]:
    """The JSON object of ``hand`` (see the module docstring)."""
    head: dict[str, Any] = {"schema": SCHEMA, "version": VERSION}
    if isinstance(hand, HandHistory):
        # fields the engine added later (with defaults) travel under "extra"
        extra = {k: _extra_value(k, getattr(hand, k)) for k in _EXTRA_FIELDS if getattr(hand, k) != _default(k)}
        return head | ({"extra": extra} if extra else {}) | {
            "kind": "engine",
            "stacks": list(hand.stacks), "button": hand.button, "small_blind": hand.small_blind,
            "big_blind": hand.big_blind, "betting": hand.betting, "small_bet": hand.small_bet,
            "big_bet": hand.big_bet, "ante": hand.ante, "hole_size": hand.hole_size, "deck": _cards(hand.deck),
            "actions": [
                {"street": a.street, "seat": a.seat, "kind": a.kind, "amount": a.amount, "all_in": a.all_in}
                for a in hand.actions
            ],
        }
    if isinstance(hand, ImportedHand):
        return head | {
            "kind": "imported",
            "site": hand.site, "hand_id": hand.hand_id, "game": hand.game, "hole_size": hand.hole_size,
            "betting": hand.betting, "unit": hand.unit, "currency": hand.currency, "symbol": hand.symbol,
            "stakes": list(hand.stakes), "table": hand.table, "max_seats": hand.max_seats,
            "button_seat": hand.button_seat, "date": hand.date, "mixed": hand.mixed,
            "tournament": None if hand.tournament is None else {
                "id": hand.tournament.id, "buy_in": hand.tournament.buy_in, "level": hand.tournament.level},
            "seats": [{"number": s.number, "name": s.name, "stack": s.stack, "sitting_out": s.sitting_out}
                      for s in hand.seats],
            "posts": [{"player": p.player, "kind": p.kind, "amount": p.amount, "all_in": p.all_in, "dead": p.dead,
                       "line": p.line} for p in hand.posts],
            "actions": [{"street": a.street, "player": a.player, "kind": a.kind, "amount": a.amount, "added": a.added,
                         "all_in": a.all_in, "line": a.line} for a in hand.actions],
            "boards": [_cards(b) for b in hand.boards],
            "hero": hand.hero,
            "hole_cards": {name: _cards(cards) for name, cards in hand.hole_cards.items()},
            "shown": [{"player": s.player, "cards": _cards(s.cards), "description": s.description, "run": s.run,
                       "line": s.line, "board_cards": s.board_cards} for s in hand.shown],
            "mucked": list(hand.mucked),
            "collected": [{"player": c.player, "amount": c.amount, "pot": c.pot, "run": c.run, "line": c.line}
                          for c in hand.collected],
            "returned": [{"player": name, "amount": amount} for name, amount in hand.returned],
            "total_pot": hand.total_pot, "rake": hand.rake, "pot_breakdown": list(hand.pot_breakdown),
            "cashed_out": hand.cashed_out, "first_line": hand.first_line,
        }
    raise TypeError(f"to_json takes a HandHistory or an ImportedHand, not {type(hand).__name__}")


def _extra_value(name: str, value: object) -> Any:
    """The JSON value of the engine field ``name`` (a rake as its three
    numbers, the fraction as exact text such as ``"1/20"``)."""
    if isinstance(value, Rake):
        return value.to_dict()
    if not _plain(value):  # a field this writer does not know how to write: never drop it silently
        raise TypeError(f"cannot write the engine field {name!r} ({type(value).__name__}) as JSON")
    return list(value) if isinstance(value, tuple) else value


def _read_extra(name: str, value: Any, where: str) -> Any:
    """The engine field ``name`` from its JSON value (see :func:`_extra_value`)."""
    if name == "rake" and value is not None:
        rake = _Reader(value, f"{where}: rake")
        try:
            return Rake(rake.get("fraction", str), cap=rake.get("cap", int, optional=True),
                        no_flop_no_drop=rake.get("no_flop_no_drop", bool),
                        split=rake.get("split", str, optional=True) or "main-first")
        except (TypeError, ValueError) as error:
            raise HandHistoryError(f"{where}: rake: {error}") from None
    if name == "extra_blinds" and isinstance(value, list):
        return tuple(tuple(v) if isinstance(v, list) else v for v in value)
    return tuple(value) if isinstance(value, list) else value


def _default(name: str) -> object:
    for f in dataclasses.fields(HandHistory):
        if f.name == name:
            return f.default
    return dataclasses.MISSING


def to_json(hand: HandHistory | ImportedHand, *, indent: int | None = None) -> str:
    """``hand`` as a JSON document."""
    return json.dumps(to_dict(hand), indent=indent, ensure_ascii=False)


class _Reader:
    """Typed access to a JSON object, with errors naming the field."""

    def __init__(self, data: object, where: str) -> None:
        if not isinstance(data, dict):
            raise HandHistoryError(f"{where} must be an object")
        self.data, self.where = data, where

    def get(self, key: str, kind: type | tuple[type, ...], *, optional: bool = False) -> Any:
        if key not in self.data:
            if optional:
                return None
            raise HandHistoryError(f"{self.where}: missing {key!r}")
        value = self.data[key]
        if value is None and optional:
            return None
        if kind is int and (type(value) is not int):
            raise HandHistoryError(f"{self.where}: {key!r} must be an integer, got {value!r}")
        if kind is bool and type(value) is not bool:
            raise HandHistoryError(f"{self.where}: {key!r} must be true or false, got {value!r}")
        if not isinstance(value, kind):
            raise HandHistoryError(f"{self.where}: {key!r} has the wrong type ({type(value).__name__})")
        return value

    def ints(self, key: str) -> list[int]:
        values = self.get(key, list)
        if not all(type(v) is int for v in values):
            raise HandHistoryError(f"{self.where}: {key!r} must be a list of integers")
        return [int(v) for v in values]

    def cards(self, key: str) -> tuple[Card, ...]:
        return _card_list(self.get(key, list), f"{self.where}: {key!r}")

    def objects(self, key: str) -> list[_Reader]:
        return [_Reader(item, f"{self.where}: {key}[{k}]") for k, item in enumerate(self.get(key, list))]


def _card_list(values: list[Any], where: str) -> tuple[Card, ...]:
    try:
        return tuple(Card(v) for v in values if isinstance(v, str) or _bad(v))
    except ValueError as error:
        raise HandHistoryError(f"{where}: {error}") from None


def _bad(value: object) -> bool:
    raise ValueError(f"a card must be text like 'As', got {value!r}")


def from_dict(data: object) -> HandHistory | ImportedHand:
    """The hand of a JSON object made by :func:`to_dict`."""
    top = _Reader(data, "the document")
    if top.get("schema", str) != SCHEMA:
        raise HandHistoryError(f"not an {SCHEMA} document: schema {top.data.get('schema')!r}")
    version = top.get("version", int)
    if version != VERSION:
        raise HandHistoryError(f"schema version {version} is not supported (this library reads version {VERSION})")
    kind = top.get("kind", str)
    if kind == "engine":
        actions = tuple(
            Action(a.get("street", str), a.get("seat", int), a.get("kind", str), a.get("amount", int),
                   a.get("all_in", bool))
            for a in top.objects("actions")
        )
        extra = top.get("extra", dict, optional=True) or {}
        known = {f.name for f in dataclasses.fields(HandHistory)}
        unknown = sorted(set(extra) - known)
        if unknown:
            raise HandHistoryError(f"the document: extra field {unknown[0]!r} is not known to this engine")
        return HandHistory(
            tuple(top.ints("stacks")), top.get("button", int), top.get("small_blind", int), top.get("big_blind", int),
            top.get("betting", str), top.get("small_bet", int, optional=True), top.get("big_bet", int, optional=True),
            top.get("ante", int), top.get("hole_size", int), top.cards("deck"), actions,
            **{k: _read_extra(k, v, "the document: extra") for k, v in extra.items()},
        )
    if kind != "imported":
        raise HandHistoryError(f"unknown kind {kind!r}: 'engine' or 'imported'")
    tournament = top.get("tournament", dict, optional=True)
    t = None
    if tournament is not None:
        tr = _Reader(tournament, "the document: tournament")
        t = Tournament(tr.get("id", str), tr.get("buy_in", str), tr.get("level", str))
    holes_obj = top.get("hole_cards", dict)
    stakes = top.ints("stakes")
    if len(stakes) != 2:
        raise HandHistoryError("the document: 'stakes' must have two amounts")
    unit = top.get("unit", str)
    if unit not in ("cents", "chips"):
        raise HandHistoryError(f"the document: 'unit' must be 'cents' or 'chips', got {unit!r}")
    return ImportedHand(
        site=top.get("site", str), hand_id=top.get("hand_id", str), game=top.get("game", str),
        hole_size=top.get("hole_size", int), betting=top.get("betting", str), unit=unit,
        currency=top.get("currency", str, optional=True), symbol=top.get("symbol", str),
        stakes=(stakes[0], stakes[1]), table=top.get("table", str), max_seats=top.get("max_seats", int, optional=True),
        button_seat=top.get("button_seat", int),
        seats=tuple(Seat(s.get("number", int), s.get("name", str), s.get("stack", int), s.get("sitting_out", bool))
                    for s in top.objects("seats")),
        posts=tuple(Post(p.get("player", str), p.get("kind", str), p.get("amount", int), p.get("all_in", bool),
                         p.get("dead", int), p.get("line", int)) for p in top.objects("posts")),
        actions=tuple(PlayerAction(a.get("street", str), a.get("player", str), a.get("kind", str),
                                   a.get("amount", int), a.get("added", int), a.get("all_in", bool),
                                   a.get("line", int)) for a in top.objects("actions")),
        boards=tuple(_card_list(b, "the document: boards") if isinstance(b, list) else _card_list([b], "boards")
                     for b in top.get("boards", list)),
        hero=top.get("hero", str, optional=True),
        hole_cards={str(name): _card_list(cards if isinstance(cards, list) else [cards], f"hole_cards {name!r}")
                    for name, cards in holes_obj.items()},
        shown=tuple(ShownHand(s.get("player", str), s.cards("cards"), s.get("description", str, optional=True),
                              s.get("run", int), s.get("line", int), s.get("board_cards", int))
                    for s in top.objects("shown")),
        mucked=tuple(str(m) for m in top.get("mucked", list)),
        collected=tuple(Collection(c.get("player", str), c.get("amount", int), c.get("pot", str), c.get("run", int),
                                   c.get("line", int)) for c in top.objects("collected")),
        returned=tuple((r.get("player", str), r.get("amount", int)) for r in top.objects("returned")),
        total_pot=top.get("total_pot", int), rake=top.get("rake", int),
        pot_breakdown=tuple(top.ints("pot_breakdown")), date=top.get("date", str),
        mixed=top.get("mixed", str, optional=True), tournament=t, cashed_out=top.get("cashed_out", bool),
        first_line=top.get("first_line", int),
    )


def from_json(text: str) -> HandHistory | ImportedHand:
    """The hand of a JSON document made by :func:`to_json`."""
    if not isinstance(text, str):
        raise TypeError(f"from_json takes a str, not {type(text).__name__}")
    if len(text) > _MAX_JSON:
        raise HandHistoryError(f"the JSON document is longer than {_MAX_JSON} characters")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:  # ValueError: JSONDecodeError, or an int of over 4,300 digits
        raise HandHistoryError(f"not JSON: {error}") from None
    return from_dict(data)
