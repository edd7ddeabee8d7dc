"""What the readers of the rooms of issue 38 (OnGame, PKR, KingsClub, Boss
Media, MicroGaming, Entraction, Absolute/UB) share beyond :mod:`._text_b`:
:class:`RoomHand`, a :class:`~._text_b.TextHand` that remembers the amounts
and cards it has read (a room writes the same few hundred amounts and 52
cards over and over; the rule that reads them stays the one of
:mod:`._text_b`, this only keeps its answers).

>>> hand = RoomHand("test", "1", 1)
>>> hand.money("$1,250.50", 1), hand.money("$1,250.50", 2), hand.cards("Ah 2d", 3)
(125050, 125050, (50, 1))
"""

from __future__ import annotations

from ._text_b import TextHand

__all__ = ["RoomHand", "MAX_REMEMBERED"]

#: Most amounts (per unit) and card texts remembered; past it, new ones are read each time.
MAX_REMEMBERED = 4096
_AMOUNTS: dict[str, dict[str, int]] = {"cents": {}, "chips": {}}
_CARDS: dict[str, tuple[int, ...]] = {}


class RoomHand(TextHand):
    """A :class:`~._text_b.TextHand` whose ``money`` and ``cards`` remember their answers."""

    def money(self, text: str, line: int) -> int:
        known = _AMOUNTS[self.unit]
        value = known.get(text)
        if value is None:
            value = TextHand.money(self, text, line)  # raises HandHistoryError for a bad amount
            if len(known) < MAX_REMEMBERED:
                known[text] = value
        return value

    def cards(self, text: str, line: int) -> tuple[int, ...]:
        value = _CARDS.get(text)
        if value is None:
            value = TextHand.cards(self, text, line)
            if len(_CARDS) < MAX_REMEMBERED:
                _CARDS[text] = value
        return value
