"""The audit's fast path (``_hh_audit._audit_fast``) against its rule path
(``_hh_audit._audit``): on every hand the fast path answers, the two give the
same Audit, field for field and in the same stored form; on every other hand
``audit`` gives what the rule path gives (or raises what it raises).

Also: ``_split_board`` (one C showdown for all the contested pots of a board)
against ``split_pot`` pot by pot, the one-level shortcut of the side pots
against the rule written out, and the cached reading of descriptions.
"""

from __future__ import annotations

import os
import random
import re
from dataclasses import replace
from typing import Any

import pytest
from random_play import play_out

from omaha8_fast.engine import Hand
from omaha8_fast.evaluator import evaluate_hilo
from omaha8_fast.histories import _audit as _hh_audit, parse_pokerstars, to_pokerstars
from omaha8_fast.histories._audit import _audit, _audit_fast, _split_board, audit
from omaha8_fast.histories._describe import _read, check_values
from omaha8_fast.histories._model import ImportedHand
from omaha8_fast.engine.rake import Rake
from omaha8_fast.showdown import pots_from_contributions, split_pot

HANDS = int(os.environ.get("OMAHA8_HH_FAST_HANDS", "1500" if os.environ.get("CI") else "300"))


def _play(rng: random.Random) -> Hand:
    """A finished hand by random legal agents: 4- to 6-card holes, raked or
    not, run once or twice, often all-in (side pots), some mucked at the end."""
    hole_size = rng.choice([4, 4, 4, 5, 6])
    n = rng.randint(2, 6 if hole_size == 4 else 5)
    hand = Hand([rng.choice([3, 7, 20, 61, 200, 1001]) for _ in range(n)], button=rng.randrange(n),
                small_blind=1, big_blind=2, betting=rng.choice(["limit", "pot-limit", "no-limit"]),  # type: ignore[arg-type]
                ante=rng.choice([0, 0, 1]), seed=rng.getrandbits(32), hole_size=hole_size,
                rake=rng.choice([None, None, Rake(0.05, cap=3), Rake(0.1, cap=7, no_flop_no_drop=False, split="proportional")]),
                runs=rng.choice([1, 1, 2]), showdown=rng.choice(["all", "all", "muck-losers"]))
    shove = rng.random() < 0.5
    return play_out(hand, rng, raise_below=0.5 if shove else 0.25, fold_below=0.15 if shove else 0.4,
                    shove=0.6 if shove else 0.0)


@pytest.fixture(scope="module")
def texts() -> list[str]:
    rng = random.Random(1207)
    return [to_pokerstars(_play(rng), hand_id=k + 1, currency=rng.choice([None, "USD"])) for k in range(HANDS)]


def _same(one: Any, other: Any) -> None:
    """Two Audits alike in every field, in their stored form and attribute order."""
    assert type(one) is type(other) and list(vars(one)) == list(vars(other))
    assert one.pots == other.pots  # (built on first read on both)
    assert vars(one) == vars(other)
    assert repr(one) == repr(other) and one == other and one.ok == other.ok
    assert list(one.expected) == list(other.expected) and list(one.paid) == list(other.paid)
    assert one.pots == other.pots and [list(p.shares) for p in one.pots] == [list(p.shares) for p in other.pots]


def _check(hand: ImportedHand) -> bool:
    """audit(hand) as the rule path says; True when the fast path answered."""
    fast = _audit_fast(hand)
    plain = _audit(hand, False)
    if fast is not None:
        assert plain.verdict == "ok" and plain.ok
        assert vars(fast) == vars(plain)  # the stored forms too (pots as plain tuples)
        _same(fast, plain)
    _same(audit(hand), fast if fast is not None else _rule_audit(hand))
    return fast is not None


def _rule_audit(hand: ImportedHand) -> Any:
    """``audit(hand)`` with the fast path switched off."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_hh_audit, "_audit_fast", lambda _hand: None)
        return audit(hand)


def test_generated_hands_fast_and_rule_paths_agree(texts: list[str]) -> None:
    answered = total = 0
    kinds = {"side pots": 0, "run twice": 0, "rake": 0, "mucked": 0}
    for text in texts:
        for hand in parse_pokerstars(text):
            total += 1
            answered += _check(hand)
            result = audit(hand)
            kinds["side pots"] += len(result.pots) > 1
            kinds["run twice"] += hand.run_twice
            kinds["rake"] += hand.rake > 0
            kinds["mucked"] += bool(hand.mucked)
    assert total == len(texts)
    assert answered >= 0.7 * total  # the fast path takes the common hands
    assert all(count >= 5 for count in kinds.values()), kinds


def test_built_forms_agree(texts: list[str]) -> None:
    """After the public attributes were read (named tuples and Cards stored), both paths still agree."""
    for text in texts[:80]:
        [hand] = parse_pokerstars(text)
        hand.seats, hand.posts, hand.actions, hand.shown, hand.collected, hand.boards, hand.hole_cards  # noqa: B018
        _check(hand)


_NUMBER = re.compile(r"\d+(?:\.\d\d)?")
_CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")


def _mutate(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    kind = rng.randrange(4)
    if kind == 0 and _NUMBER.search(lines[i]):
        m = rng.choice(list(_NUMBER.finditer(lines[i])))
        lines[i] = lines[i][:m.start()] + str(int(float(m.group())) + rng.choice([-1, 1, 3])) + lines[i][m.end():]
    elif kind == 1 and _CARD.search(lines[i]):
        m = rng.choice(list(_CARD.finditer(lines[i])))
        lines[i] = lines[i][:m.start()] + rng.choice("23456789TJQKA") + rng.choice("cdhs") + lines[i][m.end():]
    elif kind == 2:
        del lines[i]
    else:
        lines[i] = lines[i].replace("Kings", "Queens").replace("shows", "mucks").replace("LO: ", "LO: 8,")
    return "\n".join(lines)


def test_mutated_hands_agree(texts: list[str]) -> None:
    rng = random.Random(3)
    mispaid = 0
    for _ in range(3 * len(texts)):
        for hand in parse_pokerstars(_mutate(rng.choice(texts), rng), errors="skip"):
            _check(hand)
            mispaid += audit(hand).verdict != "ok"
    assert mispaid > 0


def _hand(texts: list[str]) -> ImportedHand:
    """A showdown hand (two players or more shown)."""
    for text in texts:
        [hand] = parse_pokerstars(text)
        if len(hand.shown) >= 2 and _audit_fast(hand) is not None:
            return hand
    raise AssertionError("no showdown hand")  # pragma: no cover


def _same_outcome(hand: ImportedHand) -> None:
    """audit(hand) gives or raises what the rule path gives or raises."""
    try:
        plain: Any = _audit(hand, False)
    except Exception as error:  # noqa: BLE001 - the exception itself is what is compared
        with pytest.raises(type(error)) as raised:
            audit(hand)
        assert str(raised.value) == str(error)
        return
    _same(audit(hand), _rule_audit(hand))
    if _audit_fast(hand) is not None:
        _same(_audit_fast(hand), plain)


@pytest.mark.parametrize("change", [
    "bool cards", "card 52", "card -1", "string hole", "short hole", "hole size 2", "float amount", "bool amount",
    "negative post", "huge amounts", "unseated player", "no board", "four-card board", "string board", "float rake",
    "negative rake", "description not a str", "repeated card",
])
def test_hostile_stored_forms(texts: list[str], change: str) -> None:
    """Hands built by hand with odd values: the fast path leaves them to the rule path."""
    base = _hand(texts)
    holes = dict(base.hole_cards)
    name = base.shown[0].player  # a player in the showdown
    board = tuple(int(c) for c in base.boards[0])
    posts = list(base.posts)
    if change == "bool cards":  # True is id 1 to bytes(): the rule path refuses bools
        holes[name] = (True,) + tuple(int(c) for c in holes[name][1:])
        quiet = tuple(s._replace(description="") for s in base.shown)  # no description check sees them first
        hand = replace(base, hole_cards=holes, shown=quiet)
    elif change in ("card 52", "card -1", "repeated card"):
        bad = {"card 52": 52, "card -1": -1, "repeated card": board[0]}[change]
        holes[name] = (bad,) + tuple(holes[name][1:])
        hand = replace(base, hole_cards=holes)
    elif change == "string hole":
        holes[name] = " ".join(str(c) for c in holes[name])  # type: ignore[assignment]
        hand = replace(base, hole_cards=holes)
    elif change == "short hole":
        holes[name] = tuple(holes[name][:-1])
        hand = replace(base, hole_cards=holes)
    elif change == "hole size 2":
        hand = replace(base, hole_size=2, hole_cards={n: h[:2] for n, h in holes.items()})
    elif change in ("float amount", "bool amount", "negative post", "huge amounts"):
        value = {"float amount": float(posts[0].amount), "bool amount": True, "negative post": -5,
                 "huge amounts": 2**62}[change]
        posts[0] = posts[0]._replace(amount=value)
        if change == "huge amounts":
            posts[1] = posts[1]._replace(amount=2**62)
        hand = replace(base, posts=tuple(posts))
    elif change == "unseated player":
        hand = replace(base, seats=base.seats[1:])
    elif change == "no board":
        hand = replace(base, boards=())
    elif change == "four-card board":
        hand = replace(base, boards=(board[:4],))
    elif change == "string board":
        hand = replace(base, boards=(" ".join(str(c) for c in base.boards[0]),))  # type: ignore[arg-type]
    elif change == "float rake":
        hand = replace(base, rake=0.0)  # type: ignore[arg-type]
    elif change == "negative rake":
        hand = replace(base, rake=-1)
    else:
        shown = base.shown[0]._replace(description=42)  # type: ignore[arg-type]
        hand = replace(base, shown=(shown,) + base.shown[1:])
    _same_outcome(hand)


def test_split_board_is_split_pot_pot_by_pot() -> None:
    rng = random.Random(5)
    for _ in range(400):
        size = rng.choice([4, 5, 6])
        n = rng.randint(2, 7)
        deck = rng.sample(range(52), 5 + n * size)
        board = tuple(deck[:5])
        holes: list[Any] = [tuple(deck[5 + i * size:5 + (i + 1) * size]) for i in range(n)]
        for i in range(n):
            if rng.random() < 0.3:
                holes[i] = None
        shown = [i for i in range(n) if holes[i] is not None]
        if not shown:
            continue
        pots = []
        for _ in range(rng.randint(1, 4)):
            eligible = tuple(sorted(rng.sample(shown, rng.randint(1, len(shown)))))
            pots.append((rng.choice([0, 1, 2, 3, 7, 100, 101, 10**12 + 3]), eligible))
        got = _split_board(board, holes, pots, size)
        assert got == [split_pot(board, holes, [pot]) for pot in pots]


@pytest.mark.parametrize(("board", "holes", "pots"), [
    ((10, 11, 12, 13, 52), [(4, 5, 6, 7), (20, 21, 22, 23)], [(10, (0, 1))]),  # card 52
    ((10, 11, 12, 13, 14), [(True, 5, 6, 7), (20, 21, 22, 23)], [(10, (0, 1))]),  # a bool (bytes() reads it as 1)
    ((False, 11, 12, 13, 14), [(4, 5, 6, 7), (20, 21, 22, 23)], [(10, (0, 1))]),
    ((10, 11, 12, 13, 14), [(4, 5, 6, 7), (4, 21, 22, 23)], [(10, (0, 1))]),  # a card twice
    ((10, 11, 12, 13, 14), [(4, 5, 6, 7), (20, 21, 22)], [(10, (0, 1))]),  # holes of two sizes
    ((10, 11, 12, 13, 14), [(4, 5, 6, 7), (20, 21, 22, 23)], [(-1, (0, 1))]),  # a negative pot
    ((10, 11, 12, 13, 14), [(4, 5, 6, 7), (20, 21, 22, 23)], [(10.0, (0, 1))]),  # a float pot
    ((10, 11, 12, 13, 14), [(4, 5, 6, 7), None], [(10, (1,))]),  # nobody live eligible
    ((10, 11, 12, 13), [(4, 5, 6, 7), (20, 21, 22, 23)], [(10, (0, 1))]),  # four board cards
    ((10, 11, 12, 13, 14), [(4, 5, 6, 7), (20, 21, 22, 23)], [(2**63, (0, 1))]),  # too many chips
])
def test_split_board_refuses_what_split_pot_refuses(board: Any, holes: Any, pots: Any) -> None:
    """No answer from the fast split: the caller asks split_pot, which raises."""
    assert _split_board(board, holes, pots, 4) is None
    assert _split_board((10, 11, 12, 13, 14), [(4, 5, 6, 7), "As Kd Qh Jc"], [(10, (0, 1))], 4) is None  # text: split_pot reads it
    with pytest.raises((ValueError, TypeError)):
        for pot in pots:
            split_pot(board, holes, [pot])


def _side_pots_reference(amounts: list[int], live: list[int]) -> list[tuple[int, list[int]]]:
    """The side-pot rule written out: each live stake closes a pot; folded chips above them go to the last."""
    levels = sorted({amounts[i] for i in live if amounts[i]})
    pots, below = [], 0
    for k, level in enumerate(levels):
        top = max(amounts) if k == len(levels) - 1 else level
        chips = sum(min(a, top) for a in amounts) - below
        pots.append((chips, [i for i in live if amounts[i] >= level]))
        below += chips
    return pots


def test_side_pots_with_one_level_and_more() -> None:
    rng = random.Random(8)
    for _ in range(2000):
        n = rng.randint(1, 7)
        amounts = [rng.choice([0, 5, 5, 5, 20, 100]) for _ in range(n)]
        folded = [i for i in range(n) if rng.random() < 0.3]
        live = [i for i in range(n) if i not in folded]
        if not live or not any(amounts[i] for i in live):
            continue
        pots = pots_from_contributions(amounts, folded=folded)
        assert [(p.amount, list(p.eligible)) for p in pots] == _side_pots_reference(amounts, live)


def test_cached_description_reading_is_the_plain_reading() -> None:
    class Text(str):
        """A str subclass: read without the cache."""

    rng = random.Random(4)
    for _ in range(300):
        cards = rng.sample(range(52), 9)
        high, low = evaluate_hilo(cards[:4], cards[4:])
        for text in ("HI: a pair of Kings; LO: 7,5,3,2,A", "HI: high card Ace", "LO: 8,7,6,5,4", "HI: nonsense; LO: 8,x",
                     "HI: two pair, Kings and Queens - Ace kicker", "HI: a flush, Ace high; LO: 6,4,3,2,A"):
            assert check_values(text, high, low) == check_values(Text(text), high, low)
    assert _read("HI: a Royal Flush") == (True, ("Straight Flush", (8, 12), ()), False, None)
    with pytest.raises(AttributeError):
        check_values(42, 1, None)  # type: ignore[arg-type]
