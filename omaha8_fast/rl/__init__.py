"""Omaha Hi/Lo for reinforcement learning: PettingZoo, Gymnasium and OpenSpiel
environments over the hand engine, and a batch of tables in numpy.

- :func:`pettingzoo_env`: a PettingZoo AEC environment, every seat an agent;
- :func:`gymnasium_env`: one seat against fixed opponents (the library's
  agents, or any callables that take a :class:`~omaha8_fast.engine.SeatView`);
- :func:`openspiel_game`: an OpenSpiel game (registered with ``pyspiel``),
  the deal as chance nodes;
- :class:`TableBatch`: many tables at once, observations and masks as numpy
  arrays (numpy only).

The first three need the optional libraries, ``pip install 'omaha8_fast[rl]'``;
``import omaha8_fast.rl`` works without them and each constructor raises an
``ImportError`` naming the extra. One episode is one hand; rewards and
returns are each seat's chips won or lost, in big blinds, and sum to zero
(there is no rake). The discrete action space (:class:`ActionLayout`) and the
observation vector (:func:`encode_view`) are shared by all of them; see
docs/rl.md.

>>> from omaha8_fast.rl import ActionLayout
>>> ActionLayout("no-limit").names
('fold', 'check/call', 'min-raise', '1/4 pot', '1/2 pot', '3/4 pot', 'pot', '3/2 pot', '2 pots', 'all-in')
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ._batch import TableBatch
from ._spec import MAX_PLAYERS, STREET_NAMES, ActionLayout, TableSpec, encode_view, observation_size, table_spec

if TYPE_CHECKING:
    from ._gymnasium import OmahaHiLoGym, Opponent

__all__ = [
    "MAX_PLAYERS",
    "GYMNASIUM_ID",
    "STREET_NAMES",
    "ActionLayout",
    "TableBatch",
    "TableSpec",
    "encode_view",
    "gymnasium_env",
    "observation_size",
    "openspiel_game",
    "pettingzoo_env",
    "table_spec",
]

_EXTRA = "pip install 'omaha8_fast[rl]'"


def _missing(what: str, error: ImportError) -> ImportError:
    return ImportError(f"{what} needs {error.name or 'an optional library'}, which is not installed: "
                       f"{_EXTRA} (the rl extra installs pettingzoo, gymnasium and open_spiel)")


def pettingzoo_env(
    num_players: int = 2,
    betting: str = "limit",
    hole_size: int = 4,
    stacks: int | Sequence[int] = 200,
    blinds: tuple[int, int] = (1, 2),
    seed: int | None = None,
    render_mode: str | None = None,
) -> Any:
    """A PettingZoo AEC environment: one hand of Omaha Hi/Lo per episode.

    The environment is a ``pettingzoo.AECEnv`` (the class
    ``omaha8_fast.rl._pettingzoo.OmahaHiLoEnv``); the return type is written
    ``Any`` because PettingZoo ships no type information.

    Agents ``player_0`` .. ``player_{n-1}`` sit at seats 0 .. n-1; each
    ``reset`` puts the button on a random seat and deals from the
    environment's generator (``seed`` here or in ``reset`` makes it
    reproducible). The stacks start from ``stacks`` every hand. Each
    observation is a dict: ``"observation"``, the float32 vector of
    :func:`encode_view` (the agent's own cards and the public facts, amounts
    in big blinds; never another seat's cards), and ``"action_mask"``, int8
    over the :class:`ActionLayout` of ``betting`` (all zeros when it is not
    the agent's turn). Stepping an action the mask forbids raises
    ``ValueError``. When the hand ends every agent is terminated with its
    reward, its chips won or lost in big blinds (zero-sum), and its info
    ``{"chips": net}``; PettingZoo's loop then steps each with None. A hand
    always ends, so there is no truncation. ``render_mode="ansi"``:
    ``render()`` returns the acting agent's view as text; ``"human"``
    prints it (and returns None). Examples: docs/rl.md.
    """
    spec = table_spec(num_players, betting, hole_size, stacks, blinds)
    try:
        from ._pettingzoo import OmahaHiLoEnv
    except ImportError as error:
        raise _missing("pettingzoo_env", error) from error
    return OmahaHiLoEnv(spec, seed=seed, render_mode=render_mode)


def gymnasium_env(
    num_players: int = 2,
    betting: str = "limit",
    hole_size: int = 4,
    stacks: int | Sequence[int] = 200,
    blinds: tuple[int, int] = (1, 2),
    opponents: Sequence[Opponent] | None = None,
    seat: int = 0,
    illegal: str = "check-call",
    seed: int | None = None,
    render_mode: str | None = None,
) -> OmahaHiLoGym:
    """A Gymnasium environment: the agent plays ``seat`` against fixed
    ``opponents`` (one per other seat, in seat order; default the library's
    :class:`~omaha8_fast.engine.agents.RandomAgent`, reseeded from the environment's
    generator on each ``reset``). One hand per episode, the button at random;
    the opponents act inside ``step`` until it is the agent's turn again or
    the hand is over. The observation is the same dict as
    :func:`pettingzoo_env`'s (the vector and the action mask, also in
    ``info["action_mask"]``); the reward, at the end, is the agent's chips
    won or lost in big blinds. A hand that ends before the agent acts (all
    fold to its big blind) is not an episode: ``reset`` deals again.
    ``illegal``: what an action the mask forbids does, ``"check-call"``
    (plays check/call and sets ``info["illegal"]``; Gymnasium's checker
    steps unmasked samples) or ``"raise"`` (``ValueError``).
    ``render_mode``: ``"ansi"`` (``render()`` returns the agent's view as
    text) or ``"human"`` (prints it).

    Registered with Gymnasium as :data:`GYMNASIUM_ID`:
    ``gymnasium.make("omaha8_fast.rl:Omaha8-v0", num_players=3)`` imports
    this module, which registers it (whenever gymnasium is loaded first).
    """
    spec = table_spec(num_players, betting, hole_size, stacks, blinds)
    try:
        from ._gymnasium import OmahaHiLoGym
    except ImportError as error:
        raise _missing("gymnasium_env", error) from error
    _register_gymnasium()
    return OmahaHiLoGym(spec, opponents=opponents, seat=seat, illegal=illegal, seed=seed, render_mode=render_mode)


def openspiel_game(
    num_players: int = 2,
    betting: str = "limit",
    hole_size: int = 4,
    stacks: int = 200,
    blinds: tuple[int, int] = (1, 2),
    deck: str = "",
) -> Any:
    """The OpenSpiel game ``python_omaha8_hilo`` with these parameters (a
    ``pyspiel.Game``; registered with ``pyspiel`` on first use). Every seat
    starts with ``stacks`` chips and seat ``num_players - 1`` has the
    button (an OpenSpiel game starts from one state). The deal is chance nodes,
    one card each (the chance action is the card id); ``deck`` (card text)
    deals from those cards only, a reduced deck for tractable experiments.
    Players' actions are the :class:`ActionLayout` of ``betting``; returns
    are chips won or lost in big blinds, zero-sum. Information-state and
    observation tensors and strings hold the player's own cards and the
    public facts only. See docs/rl.md.
    """
    try:
        from ._openspiel import load_game
    except ImportError as error:
        raise _missing("openspiel_game", error) from error
    return load_game(num_players, betting, hole_size, stacks, blinds, deck)


#: The id of :func:`gymnasium_env` in Gymnasium's registry.
GYMNASIUM_ID = "Omaha8-v0"


def _register_gymnasium() -> None:
    """Register :data:`GYMNASIUM_ID` with Gymnasium if it is loaded (never
    importing it: ``import omaha8_fast.rl`` stays light). ``gymnasium.make(
    "omaha8_fast.rl:Omaha8-v0")`` imports this module after gymnasium, so the
    id is there when make looks it up; if this module came first,
    :class:`_AfterGymnasium` registers it as soon as gymnasium is imported."""
    gymnasium = sys.modules.get("gymnasium")
    if gymnasium is not None and GYMNASIUM_ID not in gymnasium.envs.registry:
        gymnasium.register(id=GYMNASIUM_ID, entry_point=f"{__name__}:gymnasium_env")


class _AfterGymnasium(importlib.abc.MetaPathFinder):
    """A one-shot import hook: when gymnasium is first imported, register
    :data:`GYMNASIUM_ID` right after its module ran (then leave sys.meta_path)."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name != "gymnasium":
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        loader = None if spec is None else spec.loader
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        run = loader.exec_module

        def exec_module(module: Any) -> None:
            run(module)
            _register_gymnasium()

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


if "gymnasium" in sys.modules:
    _register_gymnasium()
elif not any(isinstance(f, _AfterGymnasium) for f in sys.meta_path):
    sys.meta_path.insert(0, _AfterGymnasium())
