# The compiled private extension omaha8_fast._entry (csrc/cpython/entry.c, built by
# setup.py): direct CPython entry points for the single calls.
from typing import Any, Callable

def bind(address: int, /) -> tuple[Callable[[Any, Any], tuple[int, int | None] | None],
                                   Callable[[Any, Any], int | None]]: ...
def bind_equity(address: int, result_type: type, cards: tuple[Any, ...], names: tuple[str, ...], hand: str,
                /) -> Callable[[Any, Any, Any], Any]: ...
def bind_engine(address: int, legal_type: type, slots: tuple[Any, ...], kinds: tuple[tuple[str, ...], ...],
                rules: tuple[Any, ...], /) -> tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any]]: ...
