"""A hand as text (private): the readable hand log of
:class:`omaha8_fast.engine.Hand` (its ``str``) and its ``repr``, as the
mixin :class:`_Records` (no state of its own)."""

from __future__ import annotations

from ._log import pot_lines, render_log
from ._settlement import _Settlement

__all__ = ["_Records"]


class _Records(_Settlement):
    """The hand log and repr of :class:`omaha8_fast.engine.Hand`."""

    __slots__ = ()

    def history_text(self) -> str:
        """The hand as a readable history, like a card room's hand log (every hole card shown)."""
        if self._payouts is not None and self._street == 4 and self._pot_text is None:
            self._pot_text = tuple(pot_lines(self.showdown_results, self.showdown_seats, "Board" if self._n_boards == 2 else "Run"))
        return render_log(
            betting=self._rules.name, blinds=(self._sb, self._bb), bets=(self._small_bet, self._big_bet),
            ante=self._ante, button=self._button, starting_stacks=self._start, holes=self.holes, posts=self._posts,
            dead_small_blind=self._dead_sb, double_board=self._n_boards == 2, bomb_pot=self._bomb,
            extra_blinds=self._extra[0],
            actions=self._log(), boards=self.boards, street=self._street, run_from=self._run_from,
            returned=self._returned, shown=self.shown_seats, mucked=self._mucked, pot_text=self._pot_text or (),
            rake=self._raked, payouts=self._payouts, stacks=self._stacks,
        )

    def __str__(self) -> str:
        return self.history_text()

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self.street}, seat {self._to_act} to act"
        return f"<Hand {self._rules.name} {self._n} players, {state}, pot {self.pot}>"
