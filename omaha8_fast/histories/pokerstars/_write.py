"""Writing finished engine hands as PokerStars text (:func:`to_pokerstars`)."""

from __future__ import annotations

from typing import Any

from ...cards import Card
from .._model import (
    Unit,
    format_amount,
)
from ._lines import (
    _CURRENCY_SYMBOL,
)

# --- writing -------------------------------------------------------------------


_BET_NAMES = {"limit": "Limit", "pot-limit": "Pot Limit", "no-limit": "No Limit"}
_GAME_NAMES = {4: "Omaha Hi/Lo", 5: "5 Card Omaha Hi/Lo", 6: "6 Card Omaha Hi/Lo"}


def to_pokerstars(
    hand: object,
    *,
    hand_id: int | str = 1,
    names: list[str] | None = None,
    table: str = "omaha8_fast",
    currency: str | None = None,
    date: str = "2024/01/01 00:00:00 ET",
) -> str:
    """An engine :class:`~omaha8_fast.engine.Hand` that is over as PokerStars text.

    Amounts are the engine's chips; with ``currency="USD"`` (or ``"EUR"``,
    ``"GBP"``) a chip is written as one cent, else as play chips. Players are
    ``names`` (default ``Player1`` ...), sitting in seats 1 .. n. Shown hands
    carry PokerStars-style descriptions (``HI: ...; LO: ...``). A hand mucked
    at the showdown (``showdown="muck-losers"`` or ``"choose"``) is written as
    PokerStars writes it: ``NAME: mucks hand`` in the show down, no
    description, and ``Seat N: NAME mucked [cards]`` in the summary (the site
    prints the mucked cards there); in choose mode, a player whose opponents
    all mucked takes the pot without showing.
    """
    from ...engine import Hand

    if not isinstance(hand, Hand):
        raise TypeError(f"to_pokerstars takes an engine Hand, not {type(hand).__name__}")
    if hand.double_board:
        raise ValueError("to_pokerstars cannot write a double-board hand (PokerStars text has one board): use to_json")
    if hand.bomb_pot:
        raise ValueError("to_pokerstars does not write bomb pots: use to_json")
    if not hand.is_over:
        raise ValueError("the hand is not over yet")
    history = hand.history
    if history.extra_blinds:
        raise ValueError("to_pokerstars does not write extra blinds (dead blinds, straddles) yet")
    n = len(history.stacks)
    names = [f"Player{s + 1}" for s in range(n)] if names is None else list(names)
    if len(names) != n or len(set(names)) != n:
        raise ValueError(f"names must be {n} different names")
    unit: Unit = "cents" if currency else "chips"
    symbol = _CURRENCY_SYMBOL.get(currency or "", "") if currency else ""
    if currency and not symbol:
        raise ValueError(f"unknown currency {currency!r}")

    def money(value: int) -> str:
        return format_amount(value, unit, symbol)

    out = _written_header(history, names, money, hand_id, table, currency, date)
    small_seat, big_seat = _written_posts(history, names, money, out)
    out.append("*** HOLE CARDS ***")
    h = history.hole_size
    deck = history.deck
    board = deck[n * h:n * h + 5]
    holes = [deck[s * h:(s + 1) * h] for s in range(n)]
    boards: list[Any] = list(hand.boards)
    if len(boards) > 2:
        raise ValueError(f"PokerStars runs a board at most twice; this hand ran it {len(boards)} times")
    common = next(k for k in range(6) if k == 5 or boards[0][k] != boards[1][k]) if len(boards) == 2 else 5
    out.append(f"Dealt to {names[0]} [{' '.join(map(str, holes[0]))}]")
    reached = _written_actions(history, names, money, board, out)
    returned = hand.returned
    if returned:
        out.append(f"Uncalled bet ({money(returned[1])}) returned to {names[returned[0]]}")
    showdown = hand.street == "showdown"
    if showdown:
        reached = _written_runs(board, boards, common, reached, out)
    shown_desc, pots_text = _written_showdown(hand, names, money, holes, boards, showdown, out)
    _written_summary(hand, names, money, holes, board, boards, reached, showdown, shown_desc, pots_text,
                     small_seat, big_seat, out)
    return "\n".join(out) + "\n"


_STREET_ORDER = ("preflop", "flop", "turn", "river")


def _street_line(k: int, cards: tuple[Card, ...], run: str = "") -> str:
    """The line that deals street ``k`` (1 flop .. 3 river) of ``cards``, of run ``run`` (``"FIRST "``...)."""
    title = run + _STREET_ORDER[k].upper()
    if k == 1:
        return f"*** {title} *** [{' '.join(map(str, cards[:3]))}]"
    return f"*** {title} *** [{' '.join(map(str, cards[:k + 1]))}] [{cards[k + 1]}]"


def _written_header(history: Any, names: list[str], money: Any, hand_id: int | str, table: str,
                    currency: str | None, date: str) -> list[str]:
    """:func:`to_pokerstars`: the header, the table line and the seats."""
    n = len(history.stacks)
    if history.betting == "limit":
        assert history.small_bet is not None and history.big_bet is not None
        stakes = f"{money(history.small_bet)}/{money(history.big_bet)}"
    else:
        stakes = f"{money(history.small_blind)}/{money(history.big_blind)}"
    if currency:
        stakes += f" {currency}"
    out = [
        f"PokerStars Hand #{hand_id}:  {_GAME_NAMES[history.hole_size]} {_BET_NAMES[history.betting]} ({stakes}) - {date}",
        f"Table '{table}' {max(n, 2)}-max Seat #{history.button + 1} is the button",
    ]
    out += [f"Seat {s + 1}: {names[s]} ({money(history.stacks[s])} in chips)" for s in range(n)]
    return out


def _written_posts(history: Any, names: list[str], money: Any, out: list[str]) -> tuple[int, int]:
    """:func:`to_pokerstars`: the antes and the blinds appended to ``out``; the blinds' seats."""
    n = len(history.stacks)
    button = history.button
    stacks = list(history.stacks)
    if history.ante:
        for s in range(n):
            paid = min(history.ante, stacks[s])
            stacks[s] -= paid
            out.append(f"{names[s]}: posts the ante {money(paid)}" + (" and is all-in" if not stacks[s] else ""))
    small_seat, big_seat = (button, 1 - button) if n == 2 else ((button + 1) % n, (button + 2) % n)
    for seat, blind, word in ((small_seat, history.small_blind, "small"), (big_seat, history.big_blind, "big")):
        paid = min(blind, stacks[seat])
        if paid:
            stacks[seat] -= paid
            out.append(f"{names[seat]}: posts {word} blind {money(paid)}" + (" and is all-in" if not stacks[seat] else ""))
    return small_seat, big_seat


def _written_actions(history: Any, names: list[str], money: Any, board: Any, out: list[str]) -> int:
    """:func:`to_pokerstars`: the actions and the streets they reach appended to ``out``; the last street reached."""
    high = history.big_blind
    street = "preflop"
    reached = 0
    for action in history.actions:
        if action.street == "showdown":  # a choose-mode show or muck: written in the show down
            continue
        while action.street != street:
            reached += 1
            street = _STREET_ORDER[reached]
            out.append(_street_line(reached, board))
            high = 0
        s, kind = action.seat, action.kind
        tail = " and is all-in" if action.all_in else ""
        if kind == "fold":
            out.append(f"{names[s]}: folds")
        elif kind == "check":
            out.append(f"{names[s]}: checks")
        elif kind == "call":
            out.append(f"{names[s]}: calls {money(action.amount)}{tail}")
        elif kind == "bet":
            high = action.amount
            out.append(f"{names[s]}: bets {money(action.amount)}{tail}")
        else:
            by = action.amount - high
            high = action.amount
            out.append(f"{names[s]}: raises {money(by)} to {money(action.amount)}{tail}")
    return reached


def _written_runs(board: Any, boards: list[Any], common: int, reached: int, out: list[str]) -> int:
    """:func:`to_pokerstars`: the streets dealt after the betting, to a showdown (both runs when run
    twice, sharing their first ``common`` cards), appended to ``out``; the last street reached (the river)."""
    twice = len(boards) == 2
    shared = (0, 0, 0, 1, 2, 3)[common]  # the last street dealt once, before the runs
    while reached < shared:
        reached += 1
        out.append(_street_line(reached, board))
    if twice:
        for run, cards in zip(("FIRST ", "SECOND "), boards):
            out += [_street_line(k, cards, run) for k in range(reached + 1, 4)]
    while reached < 3:
        reached += 1
        if not twice:
            out.append(_street_line(reached, board))
    return reached


def _written_showdown(hand: Any, names: list[str], money: Any, holes: list[Any], boards: list[Any], showdown: bool,
                      out: list[str]) -> tuple[dict[int, list[str]], str]:
    """:func:`to_pokerstars`: the show downs and the collections appended to ``out``; each shown
    seat's descriptions (one a run), and the summary's pots after rake (``""`` for one pot)."""
    from .._describe import describe_pokerstars

    results = hand.showdown_results
    seats_order = hand.showdown_seats
    twice = len(boards) == 2
    shown_desc: dict[int, list[str]] = {}
    shown, mucked = set(hand.shown_seats), set(hand.mucked_seats)
    pots_text = ""
    if showdown and results:
        after_rake = [0] * len(results[0].pots)
        for r, (result, cards) in enumerate(zip(results, boards)):
            out.append(f"*** {('FIRST ', 'SECOND ')[r] if twice else ''}SHOW DOWN ***")
            for s in hand.showdown_order:
                if s in mucked:  # as PokerStars writes it; the cards only in the summary
                    if r == 0:
                        out.append(f"{names[s]}: mucks hand")
                    continue
                if s not in shown:  # the others all mucked (choose mode): the pot is theirs unseen
                    continue
                desc = describe_pokerstars(holes[s], cards)
                shown_desc.setdefault(s, []).append(desc)
                out.append(f"{names[s]}: shows [{' '.join(map(str, holes[s]))}] ({desc})")
            multi = len(result.pots) > 1
            any_low = False
            for k, pot in enumerate(result.pots):
                after_rake[k] += pot.amount
                label = "pot" if not multi else ("main pot" if k == 0 else f"side pot-{k}")
                if pot.low_winners:
                    any_low = True
                if not pot.shown:  # one player eligible: theirs without a showdown
                    winners, shares = pot.eligible, (pot.amount,) * len(pot.eligible)
                else:
                    winners, shares = pot.high_winners + pot.low_winners, pot.high_shares + pot.low_shares
                for i, chips in zip(winners, shares):
                    if chips:
                        out.append(f"{names[seats_order[i]]} collected {money(chips)} from {label}")
            if not any_low:
                out.append("No low hand qualified")
        if len(after_rake) > 1:  # PokerStars prints the pots after the rake
            pots_text = f" Main pot {money(after_rake[0])}." + "".join(
                f" Side pot-{k} {money(p)}." for k, p in enumerate(after_rake[1:], 1)
            )
    else:
        payouts = hand.payouts or [0] * len(names)
        winner = payouts.index(max(payouts))
        out.append(f"{names[winner]} collected {money(payouts[winner])} from pot")
    return shown_desc, pots_text


def _written_summary(hand: Any, names: list[str], money: Any, holes: list[Any], board: Any, boards: list[Any],
                     reached: int, showdown: bool, shown_desc: dict[int, list[str]], pots_text: str,
                     small_seat: int, big_seat: int, out: list[str]) -> None:
    """:func:`to_pokerstars`: the summary appended to ``out``: the pot and the rake, the board(s),
    a line a seat."""
    history = hand.history
    n = len(names)
    payouts = hand.payouts or [0] * n
    results = hand.showdown_results
    seats_order = hand.showdown_seats
    mucked = set(hand.mucked_seats)
    out.append("*** SUMMARY ***")
    out.append(f"Total pot {money(sum(payouts) + hand.rake)}{pots_text} | Rake {money(hand.rake)}")
    shown_board = board[:(0, 3, 4, 5)[reached]] if not showdown else board
    if len(boards) == 2:
        out.append("Hand was run twice")
        out += [f"{run} Board [{' '.join(map(str, cards))}]" for run, cards in zip(("FIRST", "SECOND"), boards)]
    elif shown_board:
        out.append(f"Board [{' '.join(map(str, shown_board))}]")
    run_won = [[0] * n for _ in results]
    for r, result in enumerate(results):
        for i, chips in enumerate(result.payouts):
            run_won[r][seats_order[i]] += chips
    folded_on = {}
    for action in history.actions:
        if action.kind == "fold":
            folded_on[action.seat] = action.street
    for s in range(n):
        role = " (button)" if s == history.button else ""
        role += " (small blind)" if s == small_seat and history.small_blind else ""
        role += " (big blind)" if s == big_seat else ""
        if s in folded_on:
            where = "before Flop" if folded_on[s] == "preflop" else f"on the {folded_on[s].capitalize()}"
            out.append(f"Seat {s + 1}: {names[s]}{role} folded {where}")
        elif s in mucked:
            out.append(f"Seat {s + 1}: {names[s]}{role} mucked [{' '.join(map(str, holes[s]))}]")
        elif s in shown_desc:
            verdicts = [
                (f"won ({money(run_won[r][s])})" if run_won[r][s] else "lost") + f" with {desc}"
                for r, desc in enumerate(shown_desc[s])
            ]
            out.append(f"Seat {s + 1}: {names[s]}{role} showed [{' '.join(map(str, holes[s]))}] and {', and '.join(verdicts)}")
        else:
            out.append(f"Seat {s + 1}: {names[s]}{role} collected ({money(payouts[s])})")

