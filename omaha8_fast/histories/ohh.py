"""Open Hand History (OHH): the JSON hand-history standard of
hh-specs.handhistory.org, ``game_type`` ``"OmahaHiLo"``, read and written.

:func:`to_ohh` writes a hand (an :class:`~omaha8_fast.histories.ImportedHand`
or a finished engine :class:`~omaha8_fast.engine.Hand`) as one OHH object,
``{"ohh": {...}}``; :func:`omaha8_fast.histories.parse` and ``read`` read OHH
files (site ``"ohh"``: one object per line, or pretty-printed objects each
starting with a line ``{``), and :func:`from_ohh` reads one object.

What OHH cannot say, and how this library keeps it: OHH has no field for
the number of hole cards (4, 5 or 6 in Omaha Hi/Lo), for which half of a
pot (high or low) a player won, for a second board when a hand is run
twice, for uncalled bets given back, or for the unit of the amounts (cents
or chips). The writer keeps them under the namespaced field
``"omaha8_fast"`` of the ``ohh`` object (``hole_size``, ``unit``,
``collected``: one ``[player, amount, pot, run]`` per half won, ``boards``,
``returned``, ``total_pot``, ``descriptions``); OHH readers that do not
know it ignore it, and this reader uses it when it is there (else the hole
size is the number of cards dealt or shown, each pot's ``player_wins`` is
one collection, and the unit is chips in a tournament or when every amount
is whole, cents otherwise).

Amounts are OHH decimals (``12.5`` for $12.50) and exact integers in the
hand's unit here. A ``Raise`` is written with the total it raises to (as a
site prints it); the reader also takes OHH files written with the chips the
raise adds, choosing the reading whose contributions add up to the pots.

>>> from omaha8_fast.engine import Hand
>>> from omaha8_fast.histories import parse_pokerstars, to_pokerstars
>>> played = Hand([1000, 1000], button=0, small_blind=25, big_blind=50, betting="pot-limit", seed=5)
>>> played.raise_to(150); played.fold()
>>> [hand] = parse_pokerstars(to_pokerstars(played, hand_id=5, currency="USD"))
>>> text = to_ohh(hand)
>>> import json; json.loads(text)["ohh"]["game_type"]
'OmahaHiLo'
>>> again = from_ohh(text)
>>> (again.hand_id, again.paid, again.returned, again.total_pot, again.unit)
('5', {'Player1': 100}, (('Player1', 100),), 100, 'cents')
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from typing import Any

from .._version import __version__
from ..cards import Card
from ..engine import Hand
from ._model import HandHistoryError, ImportedHand, Tournament, Unit, board_problem, new_hand
from ._sites import register
from ._stream import normalize
from .pokerstars import parse_pokerstars, to_pokerstars

__all__ = ["to_ohh", "ohh_dict", "from_ohh", "OhhReader", "READER", "SPEC_VERSION", "NAMESPACE"]

#: The OHH version written.
SPEC_VERSION = "1.4.6"
#: The field of the ``ohh`` object that keeps what OHH cannot say.
NAMESPACE = "omaha8_fast"
_BET_TYPES = {"limit": "FL", "pot-limit": "PL", "no-limit": "NL"}
_BETTING = {v: k for k, v in _BET_TYPES.items()}
_STREETS = (("preflop", "Preflop"), ("flop", "Flop"), ("turn", "Turn"), ("river", "River"))
_STREET_OF = {name: street for street, name in _STREETS}
_POSTS = {"small blind": "Post SB", "big blind": "Post BB", "ante": "Post Ante", "straddle": "Straddle"}
_KINDS = {"fold": "Fold", "check": "Check", "call": "Call", "bet": "Bet", "raise": "Raise"}
_MAX_OHH = 4_000_000  # characters of one object: a hand is a few kilobytes


def _number(value: int, unit: Unit) -> int | float:
    """An amount as an OHH decimal (a float whose shortest text is the exact decimal)."""
    return value if unit == "chips" else value / 100


def _cards(cards: Any) -> list[str]:
    return [str(c) for c in cards]


def ohh_dict(hand: Any) -> dict[str, Any]:
    """The OHH object of ``hand`` (see :func:`to_ohh`)."""
    imported = _imported(hand)
    h = imported
    unit = h.unit

    def money(value: int) -> int | float:
        return _number(value, unit)

    ids = {s.name: k for k, s in enumerate(h.seats)}
    number = 0

    def seated(player: str, what: str) -> int:
        k = ids.get(player)
        if k is None:  # a hand built by hand: OHH names players by their seat's id
            raise HandHistoryError(f"to_ohh: {what} of {str(player)[:40]!r}, who is not seated", hand_id=h.hand_id)
        return k

    def action(player: str, kind: str, amount: int | None = None, all_in: bool = False,
               cards: Any = None) -> dict[str, Any]:
        nonlocal number
        number += 1
        out: dict[str, Any] = {"action_number": number, "player_id": seated(player, kind), "action": kind}
        if amount is not None:
            out["amount"] = money(amount)
        if all_in:
            out["is_allin"] = True
        if cards is not None:
            out["cards"] = _cards(cards)
        return out

    preflop: list[dict[str, Any]] = []
    if h.hero is not None and h.hero in h.hole_cards:
        preflop.append(action(h.hero, "Dealt Cards", cards=h.hole_cards[h.hero]))
    small = big = 0
    for post in h.posts:
        live = post.amount - post.dead
        if post.kind in _POSTS and not post.dead:
            preflop.append(action(post.player, _POSTS[post.kind], post.amount, post.all_in))
            if post.kind == "small blind" and not small:
                small = post.amount
            elif post.kind == "big blind" and not big:
                big = post.amount
            continue
        if post.kind == "ante":
            preflop.append(action(post.player, "Post Ante", post.amount, post.all_in))
            continue
        if post.dead:
            preflop.append(action(post.player, "Post Dead", post.dead, post.all_in and not live))
        if live:
            preflop.append(action(post.player, "Post BB" if "big" in post.kind else "Post Extra Blind", live,
                                  post.all_in))
    rounds = [{"id": 0, "street": "Preflop", "actions": preflop}]
    board = h.board
    by_street: dict[str, list[Any]] = {}
    for a in h.actions:
        by_street.setdefault(a.street, []).append(a)
    for a in by_street.get("preflop", ()):
        preflop.append(action(a.player, _KINDS[a.kind], a.amount if a.kind != "check" and a.kind != "fold" else None,
                              a.all_in))
    for k, (street, name) in enumerate(_STREETS[1:], 1):
        cards = board[:3] if k == 1 else board[k + 1:k + 2]
        if not cards and street not in by_street:
            break
        rounds.append({"id": k, "street": name, "cards": _cards(cards), "actions": [
            action(a.player, _KINDS[a.kind], a.amount if a.kind not in ("check", "fold") else None, a.all_in)
            for a in by_street.get(street, ())
        ]})
    showdown = [action(s.player, "Shows Cards", cards=s.cards) for s in h.shown if s.run == 1]
    showdown += [action(name, "Mucks Cards", cards=h.hole_cards.get(name)) for name in h.mucked]
    if showdown:
        rounds.append({"id": len(rounds), "street": "Showdown", "actions": showdown})
    pots: list[dict[str, Any]] = []
    names: list[str] = []
    for c in h.collected:
        if c.pot not in names:
            names.append(c.pot)
    won: list[dict[str, int]] = []
    for pot in names:
        wins: dict[str, int] = {}
        for c in h.collected:
            if c.pot == pot:
                wins[c.player] = wins.get(c.player, 0) + c.amount
        won.append(wins)
    if not won:
        won.append({})
    rest = sum(sum(w.values()) for w in won[1:])  # the main pot (with the rake) holds the rest of the total pot
    for k, wins in enumerate(won):
        pots.append({"number": k, "amount": money(h.total_pot - rest if k == 0 else sum(wins.values())),
                     "rake": money(h.rake if k == 0 else 0),
                     "player_wins": [{"player_id": seated(p, "a win"), "win_amount": money(v)} for p, v in wins.items()]})
    body: dict[str, Any] = {
        "spec_version": SPEC_VERSION,
        "internal_version": f"omaha8_fast {__version__}",
        "site_name": h.site,
        "network_name": h.site,
        "game_number": h.hand_id,
        "start_date_utc": h.date,
        "table_name": h.table,
        "game_type": "OmahaHiLo",
        "bet_limit": {"bet_type": _BET_TYPES.get(h.betting, h.betting), "bet_cap": 0},
        "table_size": h.max_seats or len(h.seats),
        "currency": h.currency or "",
        "dealer_seat": h.button_seat,
        "small_blind_amount": money(small or (h.stakes[0] if h.betting != "limit" else 0)),
        "big_blind_amount": money(big or (h.stakes[1] if h.betting != "limit" else h.stakes[0])),
        "ante_amount": money(max((p.amount for p in h.posts if p.kind == "ante"), default=0)),
        "tournament": h.tournament is not None,
        "players": [{"id": k, "seat": s.number, "name": s.name, "display": s.name, "starting_stack": money(s.stack),
                     **({"is_sitting_out": True} if s.sitting_out else {})} for k, s in enumerate(h.seats)],
        "rounds": rounds,
        "pots": pots,
    }
    if h.hero is not None and h.hero in ids:
        body["hero_player_id"] = ids[h.hero]
    if h.tournament is not None:
        body["tournament_info"] = {"tournament_number": h.tournament.id, "name": h.tournament.level,
                                   "buyin_amount": h.tournament.buy_in}
    body[NAMESPACE] = {
        "hole_size": h.hole_size, "unit": unit, "symbol": h.symbol, "game": h.game, "mixed": h.mixed,
        "stakes": list(h.stakes),
        "collected": [[c.player, c.amount, c.pot, c.run] for c in h.collected],
        "boards": [_cards(b) for b in h.boards],
        "returned": [[name, amount] for name, amount in h.returned],
        "total_pot": h.total_pot, "rake": h.rake, "pot_breakdown": list(h.pot_breakdown),
        "shown": [[s.player, _cards(s.cards), s.description, s.run, s.board_cards] for s in h.shown],
        "hole_cards": {name: _cards(cards) for name, cards in h.hole_cards.items()},
        "cashed_out": h.cashed_out,
    }
    return {"ohh": body}


def _imported(hand: Any) -> ImportedHand:
    """``hand`` as an ImportedHand (a finished engine hand through its PokerStars text)."""
    if isinstance(hand, ImportedHand):
        return hand
    if isinstance(hand, Hand):
        [imported] = parse_pokerstars(to_pokerstars(hand))
        return imported
    raise TypeError(f"to_ohh takes an ImportedHand or a finished engine Hand, not {type(hand).__name__}")


def to_ohh(hand: Any, *, indent: int | None = None) -> str:
    """``hand`` (an ImportedHand, or a finished engine Hand) as OHH JSON text
    (one line; ``indent`` pretty-prints it, its first line ``{``)."""
    return json.dumps(ohh_dict(hand), ensure_ascii=False, indent=indent)


# --- reading ------------------------------------------------------------------------------------------------


class _Doc:
    """One OHH object being read: typed field access with errors naming the hand."""

    def __init__(self, body: dict[str, Any], line: int) -> None:
        self.body, self.line = body, line
        number = body.get("game_number")
        self.hand_id = str(number)[:60] if isinstance(number, (str, int)) and not isinstance(number, bool) else None

    def error(self, message: str) -> HandHistoryError:
        return HandHistoryError(message, hand_id=self.hand_id, line=self.line)

    def amount(self, value: Any, unit: Unit, what: str) -> int:
        if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
            if isinstance(value, str):
                try:
                    value = Decimal(value)
                except InvalidOperation:
                    raise self.error(f"{what}: {value!r} is not an amount") from None
            else:
                raise self.error(f"{what}: {value!r} is not an amount")
        scaled = Decimal(value) * (1 if unit == "chips" else 100)
        if scaled != scaled.to_integral_value() or not 0 <= scaled <= 10**15:
            raise self.error(f"{what}: {value} is not a whole number of {unit}")
        return int(scaled)


def _card_list(doc: _Doc, value: Any, what: str) -> tuple[int, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        value = value.split()
    if not isinstance(value, list) or len(value) > 7:
        raise doc.error(f"{what}: not a list of cards")
    try:
        cards = tuple(int(Card(c)) for c in value)
    except (TypeError, ValueError) as problem:
        raise doc.error(f"{what}: {problem}") from None
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise doc.error(f"{what}: the card {Card(twice)} is named twice")
    return cards


def from_ohh(text: str, first_line: int = 1) -> ImportedHand:
    """One OHH object (JSON text) as an ImportedHand; HandHistoryError if it
    is not an Omaha Hi/Lo OHH hand (the error names the other game)."""
    result = _read(text, first_line)
    if isinstance(result, str):
        raise HandHistoryError(f"not an Omaha Hi/Lo hand: OHH game_type {result!r}", line=first_line)
    return result


def _read(text: str, first_line: int) -> ImportedHand | str:
    """One OHH object: the hand, or the name of its game when it is not OmahaHiLo."""
    if len(text) > _MAX_OHH:
        raise HandHistoryError(f"the OHH object is longer than {_MAX_OHH} characters", line=first_line)
    try:
        data = json.loads(text, parse_float=Decimal, parse_int=int)
    except (ValueError, RecursionError) as problem:
        raise HandHistoryError(f"not valid JSON: {str(problem)[:200]}", line=first_line) from None
    if not isinstance(data, dict) or not isinstance(data.get("ohh"), dict):
        raise HandHistoryError("not an OHH object (no \"ohh\" object)", line=first_line)
    doc = _Doc(data["ohh"], first_line)
    body = doc.body
    game = body.get("game_type")
    if game != "OmahaHiLo":
        return f"OHH {game}" if isinstance(game, str) else "OHH (no game_type)"
    if doc.hand_id is None:
        raise doc.error("no game_number")
    extra = body.get(NAMESPACE)
    extra = extra if isinstance(extra, dict) else {}
    players = body.get("players")
    if not isinstance(players, list) or len(players) < 2 or len(players) > 23:
        raise doc.error("players must be a list of 2 to 23 players")
    rounds = body.get("rounds")
    if not isinstance(rounds, list) or len(rounds) > 8:
        raise doc.error("rounds must be a list of at most 8 rounds")
    pots = body.get("pots", [])
    if not isinstance(pots, list) or len(pots) > 24:
        raise doc.error("pots must be a list")
    unit: Unit = "chips" if extra.get("unit") == "chips" else "cents" if extra.get("unit") == "cents" else (
        "chips" if body.get("tournament") is True or _all_whole(body) else "cents")
    names: dict[Any, str] = {}
    seats = []
    for k, p in enumerate(players):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str) or isinstance(p.get("seat"), bool) \
                or not isinstance(p.get("seat"), int):
            raise doc.error(f"player {k}: needs a name and a seat number")
        names[p.get("id", k)] = p["name"][:100]
        seats.append((p["seat"], p["name"][:100], doc.amount(p.get("starting_stack", 0), unit, f"{p['name']}'s stack"),
                      p.get("is_sitting_out") is True))
    if len({s[1] for s in seats}) != len(seats):
        raise doc.error("two players have the same name")
    seats.sort()

    def who(a: dict[str, Any]) -> str:
        name = names.get(a.get("player_id"))
        if name is None:
            raise doc.error(f"action {a.get('action_number')}: no player {a.get('player_id')!r}")
        return name

    posts: list[tuple[Any, ...]] = []
    steps: list[tuple[str, str, str, int, bool]] = []  # (street, player, kind, amount as written, all-in)
    boards: list[int] = []
    holes: dict[str, tuple[int, ...]] = {}
    hero = None
    shown: list[tuple[Any, ...]] = []
    mucked: list[str] = []
    dead: dict[str, int] = {}
    for r in rounds:
        if not isinstance(r, dict) or r.get("street") not in ("Preflop", "Flop", "Turn", "River", "Showdown"):
            raise doc.error(f"a round with no known street: {str(r)[:80]}")
        street = r["street"]
        if street in ("Flop", "Turn", "River"):
            boards += _card_list(doc, r.get("cards"), f"the {street} cards")
        actions = r.get("actions", [])
        if not isinstance(actions, list) or len(actions) > 1000:
            raise doc.error(f"the {street} actions must be a list of at most 1000 actions")
        for a in actions:
            if not isinstance(a, dict) or not isinstance(a.get("action"), str):
                raise doc.error(f"a {street} action without an action: {str(a)[:80]}")
            kind, name = a["action"], who(a)
            all_in = a.get("is_allin") is True
            amount = doc.amount(a.get("amount", 0), unit, f"{name} {kind}")
            if kind == "Dealt Cards":
                cards = _card_list(doc, a.get("cards"), f"{name}'s cards")
                if cards:
                    holes[name] = cards
                    hero = hero or name
            elif kind in ("Post SB", "Post BB", "Post Ante", "Straddle", "Post Extra Blind"):
                label = {"Post SB": "small blind", "Post BB": "big blind", "Post Ante": "ante",
                         "Straddle": "straddle", "Post Extra Blind": "big blind"}[kind]
                if name in dead and label == "big blind":  # a dead small blind and the big blind
                    part = dead.pop(name)
                    posts.append((name, "small & big blinds", amount + part, all_in, part, doc.line))
                else:
                    posts.append((name, label, amount, all_in, amount if label == "ante" else 0, doc.line))
            elif kind == "Post Dead":
                dead[name] = dead.get(name, 0) + amount
            elif kind in ("Fold", "Check", "Call", "Bet", "Raise"):
                if street == "Showdown":
                    raise doc.error(f"{name}: {kind} at the showdown")
                steps.append((_STREET_OF[street], name, kind.lower(), amount, all_in))
            elif kind == "Shows Cards":
                cards = _card_list(doc, a.get("cards"), f"{name}'s shown cards")
                shown.append((name, cards))  # a whole hand is a hole (below); a player may show part of it
            elif kind == "Mucks Cards":
                mucked.append(name)
                cards = _card_list(doc, a.get("cards"), f"{name}'s mucked cards")
                if cards:
                    holes[name] = cards
            # other OHH actions (Sits Down, Stands Up, Added Chips, ...) move no chips in the hand
    for name, amount in dead.items():  # a dead blind alone
        posts.append((name, "small blind dead", amount, False, amount, doc.line))
    size = extra.get("hole_size")
    if size not in (4, 5, 6):
        sizes = {len(c) for c in holes.values()} | {len(c) for _, c in shown if len(c) in (4, 5, 6)}
        size = sizes.pop() if len(sizes) == 1 and sizes <= {4, 5, 6} else 4
    for name, cards in shown:
        if len(cards) == size:
            holes[name] = cards
    for name, cards in holes.items():
        if len(cards) != size:
            raise doc.error(f"{name} has {len(cards)} hole cards in a {size}-card game")
    pot_total = 0
    rake = 0
    wins: list[tuple[Any, ...]] = []
    for k, pot in enumerate(pots):
        if not isinstance(pot, dict):
            raise doc.error("a pot is not an object")
        pot_total += doc.amount(pot.get("amount", 0), unit, f"pot {k}")
        rake += doc.amount(pot.get("rake", 0), unit, f"pot {k}'s rake")
        label = "pot" if len(pots) == 1 else ("main pot" if k == 0 else f"side pot-{k}")
        for w in pot.get("player_wins", []) if isinstance(pot.get("player_wins", []), list) else ():
            if not isinstance(w, dict):
                raise doc.error("a player_wins entry is not an object")
            winner = names.get(w.get("player_id"))
            if winner is None:
                raise doc.error(f"pot {k}: no player {w.get('player_id')!r}")
            name = winner
            wins.append((name, doc.amount(w.get("win_amount", 0), unit, f"{name}'s win"), label, 1, doc.line))
    actions, returned = _actions(doc, steps, posts, pot_total, extra)
    collected = wins
    seated = set(names.values())

    def seated_name(value: Any, field: str) -> str:
        if not isinstance(value, str) or value not in seated:
            raise doc.error(f"omaha8_fast.{field}: {str(value)[:40]!r} is not seated at the table")
        return value

    if isinstance(extra.get("collected"), list):
        collected = [(seated_name(c[0], "collected"), doc.amount(c[1], "chips", "a collection"), str(c[2]), int(c[3]),
                      doc.line) for c in extra["collected"] if isinstance(c, list) and len(c) == 4]
    all_boards: tuple[tuple[int, ...], ...] = (tuple(boards),) if boards else ()
    if isinstance(extra.get("boards"), list) and len(extra["boards"]) == 2:
        all_boards = tuple(_card_list(doc, b, "a board") for b in extra["boards"])
    if isinstance(extra.get("hole_cards"), dict):
        for name, cards in extra["hole_cards"].items():
            holes.setdefault(seated_name(name, "hole_cards"), _card_list(doc, cards, f"{name}'s cards"))
    described = {}
    flat_shown = []
    if isinstance(extra.get("shown"), list):
        for s in extra["shown"]:
            if isinstance(s, list) and len(s) == 5:
                seated_name(s[0], "shown")
                cards = _card_list(doc, s[1], f"{s[0]}'s shown cards")
                flat_shown.append((str(s[0]), s[2] if isinstance(s[2], str) else None, int(s[3]), doc.line, int(s[4]),
                                   *cards))
                described[s[0]] = s[2]
    if not flat_shown:
        flat_shown = [(name, None, 1, doc.line, 5, *cards) for name, cards in shown]
    total = extra.get("total_pot") if isinstance(extra.get("total_pot"), int) else pot_total
    if isinstance(extra.get("rake"), int):
        rake = extra["rake"]
    stakes = extra.get("stakes")
    if not (isinstance(stakes, list) and len(stakes) == 2 and all(type(v) is int for v in stakes)):
        stakes = [doc.amount(body.get("small_blind_amount", 0), unit, "the small blind"),
                  doc.amount(body.get("big_blind_amount", 0), unit, "the big blind")]
    limit = body.get("bet_limit")
    bet_type = limit.get("bet_type") if isinstance(limit, dict) else None
    betting = _BETTING.get(bet_type, "limit") if isinstance(bet_type, str) else "limit"
    tournament = None
    if body.get("tournament") is True:
        given = body.get("tournament_info")
        info: dict[str, Any] = given if isinstance(given, dict) else {}
        tournament = Tournament(str(info.get("tournament_number", "")), str(info.get("buyin_amount", "")),
                                str(info.get("name", "")))
    flat_holes: list[Any] = []
    for name, cards in holes.items():
        if len(cards) != size:
            raise doc.error(f"{name} has {len(cards)} hole cards in a {size}-card game")
        flat_holes += [name, len(cards), *cards]
    wrong = board_problem(all_boards)
    if wrong is not None:
        raise doc.error(wrong)
    dealt = [c for cards in holes.values() for c in cards]
    for board in all_boards or ((),):
        if len(set(dealt).union(board)) != len(dealt) + len(board):
            known = dealt + list(board)
            twice = next(c for c in known if known.count(c) > 1)
            raise doc.error(f"the card {Card(twice)} is dealt twice")
    currency = body.get("currency") if isinstance(body.get("currency"), str) and body.get("currency") else None
    symbol = extra.get("symbol") if isinstance(extra.get("symbol"), str) else {"USD": "$", "EUR": "€", "GBP": "£"}.get(
        currency or "", "")
    breakdown = tuple(v for v in extra.get("pot_breakdown", ()) if type(v) is int) if isinstance(
        extra.get("pot_breakdown"), list) else ()
    button = body.get("dealer_seat")
    return new_hand(
        "ohh", doc.hand_id, str(extra.get("game", f"{'' if size == 4 else f'{size} Card '}Omaha Hi/Lo")), size,
        betting, unit, currency, symbol, tuple(stakes), str(body.get("table_name", ""))[:200],
        body.get("table_size") if type(body.get("table_size")) is int else None,
        button if type(button) is int else 0, tuple(seats), tuple(posts), tuple(actions), all_boards, hero,
        tuple(flat_holes), tuple(flat_shown), tuple(mucked), tuple(collected), returned, total, rake, breakdown,
        str(body.get("start_date_utc", ""))[:60], extra.get("mixed") if isinstance(extra.get("mixed"), str) else None,
        tournament, extra.get("cashed_out") is True, doc.line,
    )


def _all_whole(body: dict[str, Any]) -> bool:
    """Whether every stack is a whole number (chips, then)."""
    players = body.get("players")
    if not isinstance(players, list):
        return True
    return all(isinstance(p, dict) and isinstance(p.get("starting_stack", 0), int) for p in players)


def _actions(doc: _Doc, steps: list[tuple[str, str, str, int, bool]], posts: list[tuple[Any, ...]], pot_total: int,
             extra: dict[str, Any]) -> tuple[list[tuple[Any, ...]], tuple[tuple[str, int], ...]]:
    """The actions as the model keeps them (a raise's total and the chips it
    added), reading a raise as the total it reaches, or else (when only that
    adds up to the pots) as the chips it adds; and the uncalled bets."""
    readings = []
    for raise_to in (True, False):
        bets: dict[str, int] = {}
        for post in posts:
            live = post[2] - post[4]
            if live:
                bets[post[0]] = bets.get(post[0], 0) + live
        put = sum(p[2] for p in posts)
        street = "preflop"
        out: list[tuple[Any, ...]] = []
        for where, name, kind, amount, all_in in steps:
            if where != street:
                street, bets = where, {}
            before = bets.get(name, 0)
            if kind == "raise":
                to = amount if raise_to else before + amount
                added = to - before
                if added <= 0:
                    break
                bets[name] = to
                out.append((street, name, "raise", to, added, all_in, doc.line))
            elif kind in ("call", "bet"):
                bets[name] = before + amount
                out.append((street, name, kind, amount, amount, all_in, doc.line))
                added = amount
            else:
                out.append((street, name, kind, 0, 0, all_in and kind == "check", doc.line))
                added = 0
            put += added
        else:
            readings.append((out, put))
    if not readings:
        raise doc.error("a raise adds nothing however it is read")
    returned: tuple[tuple[str, int], ...] = ()
    if isinstance(extra.get("returned"), list):
        returned = tuple((str(r[0]), int(r[1])) for r in extra["returned"]
                         if isinstance(r, list) and len(r) == 2 and type(r[1]) is int)
    back = sum(v for _, v in returned)
    for out, put in readings:
        if put - back == pot_total:
            return out, returned
    return readings[0][0], returned


class OhhReader:
    """The OHH reader of the registry (site ``"ohh"``): JSON objects, one per
    line or pretty-printed (each starting with a line ``{``)."""

    site = "ohh"
    name = "Open Hand History"
    prefixes: tuple[str, ...] = ("{",)
    max_lines = 200_000
    max_line = _MAX_OHH
    max_chars = _MAX_OHH

    def is_header(self, line: str) -> bool:
        """A line that opens an OHH object: ``{`` alone, or ``{"ohh": ...``."""
        stripped = line.rstrip()
        return stripped == "{" or line.startswith('{"ohh"') or line.startswith('{ "ohh"')

    def hand_id(self, line: str) -> str | None:
        """OHH headers hold no hand number."""
        return None

    def split(self, text: str) -> Iterator[tuple[int, str]]:
        """The objects of ``text``: each line ``{"ohh"...`` is one, and each
        ``{`` line starts one that runs to the next."""
        lines = normalize(text).split("\n")
        start: int | None = None
        for k, line in enumerate(lines):
            if self.is_header(line):
                if start is not None:
                    yield start + 1, "\n".join(lines[start:k])
                start = k
        if start is not None:
            yield start + 1, "\n".join(lines[start:])

    def parse_hand(self, text: str, first_line: int = 1) -> ImportedHand | str:
        """One OHH object: the hand, or ``"OHH <game_type>"`` for another game."""
        return _read(text.strip(), first_line)


READER = OhhReader()
register(READER)
