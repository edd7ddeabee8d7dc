"""Hands in the Poker Hand History (PHH) format of pokerkit's authors (TOML).

What we write (docs/histories.md has the details):

* ``variant``: ``'FO/8'`` (fixed-limit Omaha hi/lo, the standard's code) for
  limit hands; the standard has no code for pot- or no-limit Omaha hi/lo, so
  those get the nearest one, ``'PO'`` (pot-limit Omaha), plus the
  user-defined fields below that say the rest;
* ``antes``, ``blinds_or_straddles`` (``[small, big, 0, ...]``),
  ``small_bet``/``big_bet`` (limit) or ``min_bet`` (the big blind),
  ``starting_stacks``, ``actions`` (``d dh p1 AsKs2c3d``, ``p1 f``,
  ``p1 cc``, ``p1 cbr 20``, ``d db 2c3c4c``, ``p1 sm AsKs2c3d``; at a
  ``showdown="choose"`` showdown each show or muck in the order made, a
  muck as ``p1 sm -``, the standard's "show or muck" with no cards) and
  ``players`` / ``hand`` / ``table`` / ``currency`` when known. Players are
  in PHH order: the first seat left of the button first, the button last.
* user-defined fields (``_`` prefix, which the standard sets aside for them):
  ``_omaha8_split = 'hi/lo 8 or better'``, ``_omaha8_betting`` (``'limit'``,
  ``'pot-limit'``, ``'no-limit'``), ``_omaha8_hole_size`` (4, 5, 6),
  ``_omaha8_button`` (the engine seat of the button: PHH player ``p{i+1}`` is
  engine seat ``(button + 1 + i) % n``), ``_omaha8_showdown`` (the showdown
  mode, when not ``'all'``) and, for imported hands,
  ``_omaha8_rake`` and ``_omaha8_unit``; an engine hand's rake as
  ``_omaha8_rake_fraction`` (``'1/20'``), ``_omaha8_rake_cap`` (absent: no cap),
  ``_omaha8_rake_no_flop_no_drop``, and ``_omaha8_runs`` with the further runs'
  own cards in ``_omaha8_run_cards`` (PHH has no field for either).

Only ``FO/8`` with 4 hole cards is a hand pokerkit can replay as it is; the
other files still load in ``pokerkit.HandHistory.loads`` (pokerkit keeps the
underscore fields in ``user_defined_fields``).

>>> from omaha8_fast.engine import Hand
>>> hand = Hand([50, 50, 50], button=0, small_blind=1, big_blind=2, seed=4)
>>> hand.call(); hand.call(); hand.check()
>>> for _ in range(9): hand.check()
>>> text = to_phh(hand)
>>> print(text.splitlines()[0])
variant = 'FO/8'
>>> from_phh(text).history == hand.history
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from typing import Any

from ..cards import Card
from ..engine import Hand, HandHistory, IllegalAction
from ..engine.rake import Rake
from ._model import HandHistoryError, ImportedHand

__all__ = ["to_phh", "from_phh", "to_phh_all", "from_phh_all", "imported_to_phh"]

_VARIANT = {"limit": "FO/8", "pot-limit": "PO", "no-limit": "PO"}
_MAX_PHH = 2_000_000


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        if "'" not in value and "\n" not in value and "\\" not in value and value.isprintable():
            return f"'{value}'"
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} in PHH")


def _chip(value: Any) -> int:
    """The ``_omaha8_chip`` field: a whole number of chips (HandHistoryError otherwise)."""
    if type(value) is not int:
        raise HandHistoryError(f"_omaha8_chip must be an integer, not {value!r:.40}")
    return value


def _history(hand: Hand | HandHistory) -> HandHistory:
    if isinstance(hand, Hand):
        history = hand.history
    elif isinstance(hand, HandHistory):
        history = hand
    else:
        raise TypeError(f"to_phh takes an engine Hand or HandHistory, not {type(hand).__name__}")
    if history.boards != 1:
        raise ValueError("PHH has no double-board Omaha Hi/Lo: to_phh cannot write a double-board hand (use to_json)")
    if history.bomb_pot:
        raise ValueError("to_phh does not write bomb pots (the preflop would read as unplayed): use to_json")
    if history.extra_blinds or history.posts or history.dead_small_blind:
        # PHH's blinds are the first seats' after the button, all live: not written rather than written wrong
        raise ValueError("this PHH writer cannot state the hand's extra posts (out-of-turn, dead blinds, "
                         "straddles, a dead small blind)")
    return history


def _fields(
    history: HandHistory,
    *,
    names: Sequence[str] | None = None,
    unknown: Iterable[int] = (),
    extra: dict[str, Any] | None = None,
) -> list[tuple[str, Any]]:
    n = len(history.stacks)
    button, h = history.button, history.hole_size
    order = [(button + 1 + i) % n for i in range(n)]  # engine seat of PHH player i
    hidden = set(unknown)
    deck = [str(c) for c in history.deck]
    fields: list[tuple[str, Any]] = [("variant", _VARIANT[history.betting])]
    fields.append(("antes", [history.ante] * n))
    blinds = [0] * n
    if n == 2:
        blinds = [history.small_blind, history.big_blind]  # pokerkit swaps heads-up blinds itself
    else:
        blinds[0], blinds[1] = history.small_blind, history.big_blind
    fields.append(("blinds_or_straddles", blinds))
    if history.betting == "limit":
        fields += [("small_bet", history.small_bet), ("big_bet", history.big_bet)]
    else:
        fields.append(("min_bet", history.big_blind))
    fields.append(("starting_stacks", [history.stacks[s] for s in order]))
    player_of = {seat: i + 1 for i, seat in enumerate(order)}
    actions = []
    for i, seat in enumerate(order):
        cards = "??" * h if seat in hidden else "".join(deck[seat * h:(seat + 1) * h])
        actions.append(f"d dh p{i + 1} {cards}")
    board = deck[n * h:n * h + 5]
    replay = Hand.replay(history)
    streets = ("preflop", "flop", "turn", "river")
    dealt = 0

    def deal_to(street_index: int) -> None:
        nonlocal dealt
        want = (0, 3, 4, 5)[street_index]
        while want > dealt:  # the flop, then the turn and the river one by one
            step = 3 if dealt == 0 else dealt + 1
            actions.append("d db " + "".join(board[dealt:step]))
            dealt = step

    for action in history.actions:
        p = player_of[action.seat]
        if action.street == "showdown":  # a choose-mode show, or a muck (PHH ``sm -``: the cards stay hidden)
            deal_to(3)
            seat = action.seat
            shown = "??" * h if seat in hidden else "".join(deck[seat * h:(seat + 1) * h])
            actions.append(f"p{p} sm {shown if action.kind == 'show' else '-'}")
            continue
        deal_to(streets.index(action.street))
        if action.kind == "fold":
            actions.append(f"p{p} f")
        elif action.kind in ("check", "call"):
            actions.append(f"p{p} cc")
        else:
            actions.append(f"p{p} cbr {action.amount}")
    if replay.street in streets:  # the board of the street the hand is on (dealt even before anyone acts on it)
        deal_to(min(streets.index(replay.street), (0, 0, 0, 1, 2, 3)[min(len(board), 5)]))
    if replay.is_over and replay.street == "showdown" and history.showdown != "choose":
        deal_to(3)
        for seat in replay.showdown_order:
            cards = "??" * h if seat in hidden else "".join(deck[seat * h:(seat + 1) * h])
            actions.append(f"p{player_of[seat]} sm {cards}")
    fields.append(("actions", actions))
    if names is not None:
        fields.append(("players", [names[s] for s in order]))
    fields += [
        ("_omaha8_split", "hi/lo 8 or better"),
        ("_omaha8_betting", history.betting),
        ("_omaha8_hole_size", h),
        ("_omaha8_button", button),
    ]
    if history.showdown != "all":
        fields.append(("_omaha8_showdown", history.showdown))
    if history.rake is not None:  # PHH has no rake field (pokerkit's rake is a function, not data)
        rake = history.rake
        fields.append(("_omaha8_rake_fraction", str(rake.fraction)))
        if rake.cap is not None:
            fields.append(("_omaha8_rake_cap", rake.cap))
        fields.append(("_omaha8_rake_no_flop_no_drop", rake.no_flop_no_drop))
        if rake.split != "main-first":
            fields.append(("_omaha8_rake_split", rake.split))
    if history.free_folds:  # a fold when checking was free, which the engine takes only when told
        fields.append(("_omaha8_free_folds", True))
    if history.chip != 1:  # the smallest chip the pots were split in (older tables: their stakes' smallest chip)
        fields.append(("_omaha8_chip", history.chip))
    if history.runs != 1:
        fields.append(("_omaha8_runs", history.runs))
        if len(deck) > n * h + 5:  # the further runs' own cards, after run 1's board
            fields.append(("_omaha8_run_cards", "".join(deck[n * h + 5:])))
    for key, value in (extra or {}).items():
        if value is not None:
            fields.append((key, value))
    return fields


def _dump(fields: list[tuple[str, Any]]) -> str:
    return "\n".join(f"{key} = {_value(value)}" for key, value in fields) + "\n"


def to_phh(hand: Hand | HandHistory, *, names: Sequence[str] | None = None) -> str:
    """One engine hand (or its history) as PHH text."""
    history = _history(hand)
    if names is not None and len(names) != len(history.stacks):
        raise ValueError(f"names must give {len(history.stacks)} names")
    return _dump(_fields(history, names=names))


def to_phh_all(hands: Iterable[Hand | HandHistory | ImportedHand]) -> str:
    """Several hands as one PHH file: sections ``[1]``, ``[2]``, ... (as pokerkit writes them)."""
    parts = []
    for k, hand in enumerate(hands, 1):
        text = imported_to_phh(hand) if isinstance(hand, ImportedHand) else to_phh(hand)
        parts.append(f"[{k}]\n{text}")
    return "\n".join(parts)


def imported_to_phh(hand: ImportedHand, *, seed: int | None = 0) -> str:
    """An imported hand as PHH: the hand as the engine replays it
    (:func:`omaha8_fast.histories.to_engine`), unknown hole cards written
    ``????``, with the site's names, hand number, table, currency and rake.
    A hand PHH cannot state (a post out of turn, a dead or a missing blind,
    a straddle, a disconnected player left all-in) raises :class:`HandHistoryError` with the hand id, as
    ``to_phh(to_engine(hand))`` does: never a file of another hand."""
    from ._replay import to_engine

    protected = sorted({a.player for a in hand.actions if a.kind == "check" and a.all_in})
    if protected:  # the replay starts them with what they put in: PHH would state other stacks
        raise HandHistoryError(f"{', '.join(protected)} stayed in all-in for less than their stack (a disconnected "
                               "player's protection), which PHH cannot state; to_json or to_ohh state it",
                               hand_id=hand.hand_id)
    engine = to_engine(hand, seed=seed)
    dealt = {p.player for p in hand.posts} | {a.player for a in hand.actions}
    names = [s.name for s in hand.seats if s.name in dealt]
    unknown = [k for k, name in enumerate(names) if len(hand.hole_cards.get(name, ())) != hand.hole_size]
    try:  # what to_phh refuses of the engine hand, refused here too: PHH would state another hand
        history = _history(engine)
    except ValueError as problem:
        raise HandHistoryError(f"{problem}; to_json or to_ohh state it", hand_id=hand.hand_id) from None
    fields = _fields(history, names=names, unknown=unknown, extra={
        "hand": hand.hand_id, "table": hand.table, "currency": hand.currency,
        "_omaha8_site": hand.site, "_omaha8_unit": hand.unit, "_omaha8_rake": hand.rake,
    })
    return _dump(fields)


def _toml(text: str) -> dict[str, Any]:
    if not isinstance(text, str):
        raise TypeError(f"from_phh takes a str, not {type(text).__name__}")
    if len(text) > _MAX_PHH:
        raise HandHistoryError(f"the PHH text is longer than {_MAX_PHH} characters")
    try:
        import tomllib
    except ImportError:  # Python 3.10
        try:
            import tomli as tomllib  # type: ignore[no-redef,import-not-found,unused-ignore]
        except ImportError:
            raise HandHistoryError("reading PHH needs Python 3.11 or the tomli package") from None
    try:
        return tomllib.loads(text)
    except (ValueError, RecursionError) as error:  # ValueError: TOMLDecodeError, or an int of over 4,300 digits
        raise HandHistoryError(f"not TOML: {error}") from None


def _ints(data: dict[str, Any], key: str, n: int | None = None) -> list[int]:
    values = data.get(key)
    if not isinstance(values, list) or not all(type(v) is int and v >= 0 for v in values):
        raise HandHistoryError(f"PHH field {key!r} must be a list of non-negative integers")
    if n is not None and len(values) != n:
        raise HandHistoryError(f"PHH field {key!r} must have {n} entries, got {len(values)}")
    return values


def _int(data: dict[str, Any], key: str, default: int | None = None) -> int:
    value = data.get(key, default)
    if type(value) is not int or value < 0:
        raise HandHistoryError(f"PHH field {key!r} must be a non-negative integer, got {value!r}")
    return value


def _split_cards(text: str, what: str) -> list[str | None]:
    if len(text) % 2:
        raise HandHistoryError(f"bad cards {text!r} in {what}")
    out: list[str | None] = []
    for k in range(0, len(text), 2):
        pair = text[k:k + 2]
        out.append(None if pair == "??" else pair)
    return out


def _from_fields(data: dict[str, Any], *, seed: int | None = 0) -> Hand:
    variant = data.get("variant")
    if variant not in ("FO/8", "PO", "NT"):
        raise HandHistoryError(f"PHH variant {variant!r} is not Omaha hi/lo (FO/8, or PO with _omaha8_ fields)")
    betting = data.get("_omaha8_betting", "limit" if variant == "FO/8" else "pot-limit")
    if betting not in ("limit", "pot-limit", "no-limit"):
        raise HandHistoryError(f"PHH field '_omaha8_betting' must be limit, pot-limit or no-limit, got {betting!r}")
    if variant == "PO" and "_omaha8_split" not in data:
        raise HandHistoryError("a PO file without '_omaha8_split' is plain pot-limit Omaha, not hi/lo")
    stacks = _ints(data, "starting_stacks")
    n = len(stacks)
    if not 2 <= n <= 11:
        raise HandHistoryError(f"PHH hands need 2 to 11 players, got {n}")
    antes = _ints(data, "antes", n)
    blinds = _ints(data, "blinds_or_straddles", n)
    if len(set(antes)) > 1:
        raise HandHistoryError("the engine plays one ante size for everyone")
    if any(blinds[2:]):
        raise HandHistoryError("straddles are not supported")
    hole_size = _int(data, "_omaha8_hole_size", 4)
    showdown = data.get("_omaha8_showdown", "all")
    if showdown not in ("all", "muck-losers", "choose"):
        raise HandHistoryError(f"PHH field '_omaha8_showdown' must be all, muck-losers or choose, got {showdown!r}")
    button = _int(data, "_omaha8_button", n - 1)
    if button >= n:
        raise HandHistoryError(f"'_omaha8_button' must be a seat 0..{n - 1}")
    order = [(button + 1 + i) % n for i in range(n)]
    seat_stacks = [0] * n
    for i, seat in enumerate(order):
        seat_stacks[seat] = stacks[i]
    small_bet = big_bet = None
    if betting == "limit":
        small_bet, big_bet = _int(data, "small_bet"), _int(data, "big_bet")
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions) or len(actions) > 10_000:
        raise HandHistoryError("PHH field 'actions' must be a list of strings")
    holes: list[list[str | None]] = [[None] * hole_size for _ in range(n)]
    board: list[str | None] = []
    moves: list[tuple[int, str, int | None, int]] = []
    for number, text in enumerate(actions, 1):
        parts = text.split()
        if len(parts) >= 3 and parts[0] == "d" and parts[1] == "dh":
            p = _player(parts[2], n, number)
            cards = _split_cards(parts[3] if len(parts) > 3 else "", f"action {number}")
            if len(cards) != hole_size:
                raise HandHistoryError(f"action {number}: {len(cards)} hole cards, the hand deals {hole_size}")
            holes[order[p]] = cards
        elif len(parts) >= 3 and parts[0] == "d" and parts[1] == "db":
            board += _split_cards(parts[2], f"action {number}")
        elif len(parts) >= 2 and parts[0].startswith("p"):
            p = _player(parts[0], n, number)
            if parts[1] == "f":
                moves.append((order[p], "fold", None, number))
            elif parts[1] == "cc":
                moves.append((order[p], "cc", None, number))
            elif parts[1] == "cbr" and len(parts) == 3 and parts[2].isdigit():
                moves.append((order[p], "cbr", int(parts[2]), number))
            elif parts[1] == "sm":
                if showdown == "choose" and len(parts) == 3:
                    moves.append((order[p], "muck" if parts[2] == "-" else "show", None, number))
                if len(parts) == 3 and parts[2] != "-":
                    cards = _split_cards(parts[2], f"action {number}")
                    if len(cards) == hole_size:
                        holes[order[p]] = [c if c is not None else old for c, old in zip(cards, holes[order[p]])]
            elif parts[1] == "sd":
                raise HandHistoryError(f"action {number}: draws are not Omaha")
            else:
                raise HandHistoryError(f"action {number}: cannot read {text!r}")
        elif parts and parts[0] == "#":
            continue
        else:
            raise HandHistoryError(f"action {number}: cannot read {text!r}")
    rake, runs, run_cards = _rake_and_runs(data)
    board_dealt = len(board)
    rng = random.Random(seed)
    try:
        known = [Card(c) for h in holes for c in h if c is not None] + [Card(c) for c in board + run_cards if c is not None]
    except ValueError as error:
        raise HandHistoryError(f"bad card in the actions: {error}") from None
    if len(set(known)) != len(known):
        raise HandHistoryError("a card is dealt twice")
    left = [Card(c) for c in range(52) if c not in set(known)]
    rng.shuffle(left)
    deck = [Card(c) if c is not None else left.pop() for h in holes for c in h]
    deck += [Card(c) if c is not None else left.pop() for c in board[:5]]
    deck += [left.pop() for _ in range(5 - min(5, board_dealt))]
    deck += [Card(c) if c is not None else left.pop() for c in run_cards]
    try:
        hand = Hand(seat_stacks, button, blinds[0], blinds[1], betting=betting, small_bet=small_bet, big_bet=big_bet,
                    ante=antes[0], deck=deck, hole_size=hole_size, rake=rake, runs=runs, showdown=showdown,
                    free_folds=data.get("_omaha8_free_folds") is True, chip=_chip(data.get("_omaha8_chip", 1)))
    except ValueError as error:
        raise HandHistoryError(f"the engine cannot set up this hand: {error}") from None
    for seat, kind, amount, number in moves:
        if hand.to_act != seat:
            raise HandHistoryError(f"action {number}: out of turn (engine seat {hand.to_act} is to act)")
        try:
            if kind in ("fold", "show", "muck"):
                hand.act(kind)
            elif kind == "cc":
                hand.act("call" if "call" in hand.legal_actions() else "check")
            else:
                assert amount is not None
                hand.act("raise" if "raise" in hand.legal_actions() else "bet", amount)
        except IllegalAction as error:
            raise HandHistoryError(f"action {number}: {error}") from None
    return hand


def _rake_and_runs(data: dict[str, Any]) -> tuple[Rake | None, int, list[str | None]]:
    """The ``_omaha8_rake_*`` fields as a :class:`Rake` (None when absent),
    ``_omaha8_runs`` and the further runs' cards ``_omaha8_run_cards``."""
    rake = None
    if "_omaha8_rake_fraction" in data:
        fraction, cap = data["_omaha8_rake_fraction"], data.get("_omaha8_rake_cap")
        flag = data.get("_omaha8_rake_no_flop_no_drop", True)
        split = data.get("_omaha8_rake_split", "main-first")
        if not isinstance(fraction, str) or (cap is not None and (type(cap) is not int)) or type(flag) is not bool:
            raise HandHistoryError("PHH fields '_omaha8_rake_*' must be a fraction text, an integer cap and a bool")
        try:
            rake = Rake(fraction, cap=cap, no_flop_no_drop=flag, split=split)
        except (TypeError, ValueError) as error:
            raise HandHistoryError(f"bad PHH rake: {error}") from None
    runs = _int(data, "_omaha8_runs", 1)
    if not 1 <= runs <= 10:
        raise HandHistoryError(f"PHH field '_omaha8_runs' must be 1 to 10, got {runs}")
    text = data.get("_omaha8_run_cards", "")
    if not isinstance(text, str):
        raise HandHistoryError("PHH field '_omaha8_run_cards' must be a text of cards")
    return rake, runs, _split_cards(text, "'_omaha8_run_cards'") if text else []


def _player(text: str, n: int, number: int) -> int:
    if not (text.startswith("p") and text[1:].isdigit() and 1 <= int(text[1:]) <= n):
        raise HandHistoryError(f"action {number}: no player {text!r}")
    return int(text[1:]) - 1


def from_phh(text: str, *, seed: int | None = 0) -> Hand:
    """The engine hand of one PHH text (unknown cards drawn from ``seed``)."""
    data = _toml(text)
    if any(isinstance(v, dict) for v in data.values()):
        raise HandHistoryError("this PHH text holds several hands: use from_phh_all")
    return _from_fields(data, seed=seed)


def from_phh_all(text: str, *, seed: int | None = 0) -> list[Hand]:
    """The hands of a PHH file of several hands (``[1]``, ``[2]``, ... sections), or of one."""
    data = _toml(text)
    tables = [v for v in data.values() if isinstance(v, dict)]
    if not tables:
        return [_from_fields(data, seed=seed)]
    return [_from_fields(t, seed=seed) for t in tables]
