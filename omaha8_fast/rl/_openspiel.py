"""The OpenSpiel game ``python_omaha8_hilo`` (needs ``open_spiel``: the ``rl``
extra). Importing this module registers the game with ``pyspiel``;
:func:`omaha8_fast.rl.openspiel_game` loads it and documents it.

The deal is chance nodes, one card each, the chance action the card id:
first each seat's hole cards (seat 0's, then seat 1's, ...), then the board
when the betting of a street is over (three, one, one), uniform over the
cards of the deck not dealt yet. The engine plays the hand
(``Hand(..., deck=holes, manual_board=True)``, the board by ``deal_board``):
legality, turns, side pots and the split are its own.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel

from ..cards import card_ids, format_cards
from ..engine import Hand
from ._spec import MAX_PLAYERS, ActionLayout, TableSpec, table_spec

__all__ = ["GAME_NAME", "DEFAULTS", "OmahaHiLoGame", "OmahaHiLoObserver", "OmahaHiLoState", "load_game",
           "max_betting_actions"]

#: The name the game is registered under.
GAME_NAME = "python_omaha8_hilo"
#: The game's parameters and their defaults (``pyspiel.load_game(GAME_NAME, {...})``).
DEFAULTS: dict[str, Any] = {"players": 2, "betting": "limit", "hole_size": 4, "stack": 200, "small_blind": 1,
                            "big_blind": 2, "deck": ""}

_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Omaha Hi/Lo 8-or-better (omaha8_fast)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


def max_betting_actions(spec: TableSpec) -> int:
    """A bound on the players' actions in one hand. Between two bets or
    raises each player acts at most once, so a street of ``r`` bets and
    raises has at most ``(r + 1) n`` actions, the hand at most ``(R + 4) n``
    with ``R`` its bets and raises. A full bet or raise lifts the highest
    total put in by at least the big blind, which no stack passes, and each
    player goes all-in for less at most once: ``R <= stack / big blind + n``
    (and at most four a street in limit)."""
    n = spec.num_players
    raises = max(spec.stacks) // spec.big_blind + n
    if spec.betting == "limit":
        raises = min(raises, 16 + n)
    return (raises + 4) * n


def _spec(params: dict[str, Any]) -> tuple[TableSpec, tuple[int, ...]]:
    p = {**DEFAULTS, **params}
    unknown = set(p) - set(DEFAULTS)
    if unknown:
        raise ValueError(f"unknown parameters {sorted(unknown)}; the game takes {sorted(DEFAULTS)}")
    spec = table_spec(p["players"], p["betting"], p["hole_size"], p["stack"], (p["small_blind"], p["big_blind"]))
    if not isinstance(p["deck"], str):
        raise TypeError(f"deck must be card text (\"\" for all 52 cards), not {type(p['deck']).__name__}")
    deck = tuple(sorted(card_ids(p["deck"]))) if p["deck"] else tuple(range(52))
    if len(set(deck)) != len(deck):
        raise ValueError("deck names a card twice")
    need = spec.num_players * spec.hole_size + 5
    if len(deck) < need:
        raise ValueError(f"deck has {len(deck)} cards; {spec.num_players} players need {need}")
    return spec, deck


class OmahaHiLoGame(pyspiel.Game):  # type: ignore[misc,unused-ignore]  # pyspiel is untyped
    """Omaha Hi/Lo for OpenSpiel (see :func:`omaha8_fast.rl.openspiel_game`)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec, deck = _spec(dict(params or {}))
        n, stack, bound = spec.num_players, max(spec.stacks), max_betting_actions(spec)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(ActionLayout(spec.betting)),
            max_chance_outcomes=52,
            num_players=n,
            min_utility=-stack / spec.big_blind,
            max_utility=(n - 1) * stack / spec.big_blind,
            utility_sum=0.0,
            max_game_length=n * spec.hole_size + 5 + bound,
        )
        super().__init__(_GAME_TYPE, info, {**DEFAULTS, **(params or {})})

    # The settings are read from the game's parameters on first use: a game
    # rebuilt by pyspiel (unpickled, deserialized) does not run __init__.
    @functools.cached_property
    def _settings(self) -> tuple[TableSpec, tuple[int, ...]]:
        return _spec(dict(self.get_parameters()))

    @property
    def spec(self) -> TableSpec:
        """The table's settings."""
        return self._settings[0]

    @property
    def deck(self) -> tuple[int, ...]:
        """The cards dealt from, by id."""
        return self._settings[1]

    @functools.cached_property
    def deck_set(self) -> frozenset[int]:
        """:attr:`deck` as a set (what a chance action is checked against)."""
        return frozenset(self.deck)

    @functools.cached_property
    def layout(self) -> ActionLayout:
        """The players' actions."""
        return ActionLayout(self.spec.betting)

    @functools.cached_property
    def max_actions(self) -> int:
        """:func:`max_betting_actions` of the game."""
        return max_betting_actions(self.spec)

    def __deepcopy__(self, memo: dict[int, object]) -> OmahaHiLoGame:
        return self  # immutable: a cloned state shares its game

    def new_initial_state(self) -> OmahaHiLoState:
        """The state before the first card is dealt."""
        return OmahaHiLoState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> OmahaHiLoObserver:
        """The observer behind the information-state and observation tensors and strings."""
        if params:
            raise ValueError(f"the observer takes no parameters, not {params}")
        return OmahaHiLoObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


class OmahaHiLoState(pyspiel.State):  # type: ignore[misc,unused-ignore]  # pyspiel is untyped
    """A hand in progress: the cards dealt so far, then the engine's hand."""

    def __init__(self, game: OmahaHiLoGame) -> None:
        super().__init__(game)
        self.game_ = game
        #: Hole cards dealt so far, in dealing order (seat 0's first).
        self.holes: list[int] = []
        #: Board cards dealt for the street not yet handed to the engine.
        self.pending: list[int] = []
        #: The players' actions (indices of the action layout), in order.
        self.bets: list[int] = []
        self.hand: Hand | None = None
        # Kept up to date by _apply_action (each step reads them several times):
        self._left: list[int] = list(game.deck)  # the cards not dealt yet, in deck order
        self._player = _CHANCE  # current_player()
        self._amounts: list[int | None] | None = None  # the legal amounts of the seat to act, once asked

    def current_player(self) -> int:
        """The seat to act, or chance, or terminal."""
        return self._player

    def _update_player(self) -> None:
        hand = self.hand
        self._amounts = None
        if hand is None:
            self._player = _CHANCE
        elif hand.is_over:
            self._player = _TERMINAL
        else:
            seat = hand.to_act
            self._player = _CHANCE if seat is None else seat

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every card of the deck not dealt yet, equally likely."""
        left = self._left
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _legal(self) -> list[int | None]:
        amounts = self._amounts
        if amounts is None:
            assert self.hand is not None
            amounts = self._amounts = self.game_.layout.hand_amounts(self.hand)
        return amounts

    def _legal_actions(self, player: int) -> list[int]:
        assert self.hand is not None and player == self.hand.to_act
        return [i for i, a in enumerate(self._legal()) if a is not None]

    def _apply_action(self, action: int) -> None:
        game = self.game_
        hand = self.hand
        if self._player == _CHANCE:  # a chance action: one of chance_outcomes()
            try:
                self._left.remove(action)
            except ValueError:
                if action not in game.deck_set:
                    raise ValueError(f"chance action {action} is not a card of the game's deck") from None
                raise ValueError(f"chance action {action} ({format_cards([action])}) is already dealt") from None
        if hand is None:
            holes = self.holes
            holes.append(action)
            spec = game.spec
            if len(holes) == spec.num_players * spec.hole_size:
                self.hand = spec.hand(spec.num_players - 1, None, deck=holes, manual_board=True)
                self._update_player()
        elif hand.to_act is None:
            pending = self.pending
            pending.append(action)
            if len(pending) == hand.board_needed:
                hand.deal_board(pending)
                self.pending = []
                self._update_player()
        else:
            amounts = self._legal()
            if type(action) is not int or not 0 <= action < len(amounts) or amounts[action] is None:
                game.layout.amount(hand.view(hand.to_act), action)  # raises the error naming the legal actions
            chips = amounts[action]
            assert chips is not None
            game.layout.apply(hand, action, chips)
            self.bets.append(action)
            if len(self.bets) > game.max_actions:  # pragma: no cover - max_betting_actions proves it cannot
                raise RuntimeError(f"more than {game.max_actions} actions in a hand")
            self._update_player()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {format_cards([action])}"
        return self.game_.layout.names[action]

    def is_terminal(self) -> bool:
        """Whether the chips have been paid out."""
        return self.hand is not None and self.hand.is_over

    def returns(self) -> list[float]:
        """Chips won or lost, in big blinds (0 until the end)."""
        hand = self.hand
        if hand is None or not hand.is_over:
            return [0.0] * self.game_.spec.num_players
        big = self.game_.spec.big_blind
        return [chips / big for chips in hand.net]

    def own_cards(self, player: int) -> list[int]:
        """``player``'s hole cards dealt so far."""
        k = self.game_.spec.hole_size
        return self.holes[player * k:(player + 1) * k]

    def board_streets(self) -> list[list[int]]:
        """The flop, turn and river dealt so far (empty lists for the others)."""
        board = [int(c) for c in self.hand.board] if self.hand is not None else []
        return [board[:3], board[3:4], board[4:5]]

    def __str__(self) -> str:
        k = self.game_.spec.hole_size
        holes = " | ".join(format_cards(self.holes[i:i + k]) for i in range(0, len(self.holes), k))
        board = format_cards(self.hand.board) if self.hand is not None else ""
        return f"holes: {holes}; board: {board}; actions: {','.join(map(str, self.bets))}"


class OmahaHiLoObserver:
    """OpenSpiel's observer: the information state (perfect recall: the
    player's cards, the board street by street, every action in order) or
    the observation (the player's cards, the board, each seat's chips).
    Never another player's cards.

    Tensor pieces: ``player`` (one-hot, n), ``private_cards`` (52, with
    private information), then with public information ``flop``, ``turn``,
    ``river`` (52 each) and either ``actions`` (``max_betting_actions`` rows
    of one-hot action indices: perfect recall) or ``chips`` (per seat, in big
    blinds: stack, bet this street, put in this hand, folded; then the pot).
    """

    def __init__(self, game: OmahaHiLoGame, iig_obs_type: Any) -> None:
        n = game.spec.num_players
        pieces: list[tuple[str, tuple[int, ...]]] = [("player", (n,))]
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            pieces.append(("private_cards", (52,)))
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.public = bool(iig_obs_type.public_info)
        if self.public:
            pieces += [("flop", (52,)), ("turn", (52,)), ("river", (52,))]
            if self.perfect_recall:
                pieces.append(("actions", (game.max_actions, len(game.layout))))
            else:
                pieces.append(("chips", (4 * n + 1,)))
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor: npt.NDArray[np.float32] = np.zeros(size, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        start = 0
        for name, shape in pieces:
            count = int(np.prod(shape))
            self.dict[name] = self.tensor[start:start + count].reshape(shape)
            start += count

    def set_from(self, state: OmahaHiLoState, player: int) -> None:
        """Fill the tensor for ``player`` at ``state``."""
        self.tensor.fill(0)
        d = self.dict
        d["player"][player] = 1
        if "private_cards" in d:
            d["private_cards"][state.own_cards(player)] = 1
        if not self.public:
            return
        for name, cards in zip(("flop", "turn", "river"), state.board_streets()):
            d[name][cards] = 1
        if self.perfect_recall:
            for i, action in enumerate(state.bets):
                d["actions"][i, action] = 1
            return
        hand = state.hand
        if hand is None:
            return
        chips = d["chips"]
        n, big = hand.players, state.game_.spec.big_blind
        for s in range(n):
            chips[s] = hand.stacks[s] / big
            chips[n + s] = hand.bets[s] / big
            chips[2 * n + s] = hand.contributions[s] / big
            chips[3 * n + s] = hand.folded[s]
        chips[4 * n] = hand.pot / big

    def string_from(self, state: OmahaHiLoState, player: int) -> str:
        """The same facts as text."""
        parts = [f"p{player}"]
        if "private_cards" in self.dict:
            parts.append("cards:" + format_cards(sorted(state.own_cards(player))))
        if self.public:
            streets = state.board_streets()
            parts.append("board:" + "|".join(format_cards(sorted(cards)) for cards in streets if cards))
            hand = state.hand
            if self.perfect_recall:
                parts.append("actions:" + ",".join(map(str, state.bets)))
            elif hand is not None:
                parts.append(f"stacks:{hand.stacks} bets:{hand.bets} in:{hand.contributions} "
                             f"folded:{[int(f) for f in hand.folded]} pot:{hand.pot}")
        return " ".join(parts)


pyspiel.register_game(_GAME_TYPE, OmahaHiLoGame)


def load_game(num_players: int, betting: str, hole_size: int, stacks: int, blinds: tuple[int, int],
              deck: str) -> Any:
    """``pyspiel.load_game(GAME_NAME, ...)`` with the parameters checked first."""
    if isinstance(stacks, bool) or not isinstance(stacks, int):
        raise TypeError(f"stacks must be one int (every seat starts with it), not {type(stacks).__name__}")
    if not isinstance(blinds, (list, tuple)) or len(blinds) != 2:
        raise TypeError(f"blinds must be a (small, big) pair, not {blinds!r}")
    params = {"players": num_players, "betting": betting, "hole_size": hole_size, "stack": stacks,
              "small_blind": blinds[0], "big_blind": blinds[1], "deck": deck}
    _spec(params)  # the errors in our words, before pyspiel's
    return pyspiel.load_game(GAME_NAME, params)
