"""What every ``omaha8`` subcommand shares: the parser class, usage errors, ``--json``, option types and
how hands and boards are read from the words of a command line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NoReturn, TextIO

from .._checks import check_int
from ..cards import card_ids, format_cards
from ..evaluator import HOLE_SIZES

#: The word that separates the hands from the board: ``omaha8 equity HAND HAND / BOARD``.
BOARD_SEPARATOR = "/"

Register = Callable[[Any], None]  # takes the subparsers action of build_parser


# --- shared helpers -------------------------------------------------------------


class UsageError(Exception):
    """A command line argparse refused; :func:`main` prints it as one line and returns 2."""

    def __init__(self, prog: str, message: str) -> None:
        super().__init__(message)
        self.prog = prog


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, not the usage text (``-h`` shows that)
        raise UsageError(self.prog, message)


def add_json_option(parser: argparse.ArgumentParser) -> None:
    """The ``--json`` flag every subcommand has."""
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def print_json(value: Any) -> None:
    """Print ``value`` as one line of JSON (the ``--json`` output)."""
    print(json.dumps(value, separators=(", ", ": ")))


def _int_option(name: str, low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type`` for an integer option, checked by the package's integer rule."""

    def parse(text: str) -> int:
        try:
            value = int(text.replace("_", ""), 10)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number, not {text!r}") from None
        try:
            return check_int(value, name, low=low, high=high)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return parse


def _hole_size(text: str) -> int:
    size = _int_option("--hole-size")(text)
    if size not in HOLE_SIZES:
        raise argparse.ArgumentTypeError(f"--hole-size must be 4, 5 or 6, not {size}")
    return size


def _is_single_card(word: str) -> bool:
    try:
        return len(card_ids(word)) == 1
    except ValueError:
        return False


def _split_board(words: Sequence[str], board_option: str | None) -> tuple[list[str], str | None]:
    """The words before ``/`` and the board: after ``/`` or from ``--board``."""
    if BOARD_SEPARATOR in words:
        at = list(words).index(BOARD_SEPARATOR)
        if board_option is not None:
            raise ValueError("give the board after '/' or with --board, not both")
        return list(words[:at]), " ".join(words[at + 1:])
    return list(words), board_option


def _group_hands(words: Sequence[str], hole_size: int) -> list[str]:
    """Words to players: consecutive one-card words make one hand of ``hole_size`` cards."""
    players: list[str] = []
    pending: list[str] = []
    for word in words:
        if _is_single_card(word):
            pending.append(word)
            if len(pending) == hole_size:
                players.append(" ".join(pending))
                pending = []
            continue
        if pending:
            raise ValueError(f"{' '.join(pending)!r}: {len(pending)} card(s) where a {hole_size}-card hand belongs")
        players.append(word)
    if pending:
        raise ValueError(f"{' '.join(pending)!r}: {len(pending)} card(s) where a {hole_size}-card hand belongs "
                         f"(use --hole-size for 5- or 6-card hands, '/' or --board before the board)")
    return players


def _hand_and_board(words: Sequence[str], board_option: str | None, hole_size: int) -> tuple[str, str]:
    """``eval``'s words: ``HOLE BOARD`` (two words), ``HOLE / BOARD``, ``HOLE --board BOARD``,
    or one card per word (the first ``hole_size`` cards are the hole)."""
    words, board = _split_board(words, board_option)
    if board is not None:
        return " ".join(words), board
    if len(words) == 2 and not all(map(_is_single_card, words)):
        return words[0], words[1]
    cards = [c for word in words for c in card_ids(word)]
    if len(cards) <= hole_size:
        raise ValueError(f"expected a {hole_size}-card hole and a board of 3 to 5 cards, got {len(cards)} card(s)")
    return format_cards(cards[:hole_size]), format_cards(cards[hole_size:])


def _lines(stream: TextIO) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(stream, 1):
        line = line.split("#", 1)[0].strip()
        if line:
            yield number, line


def each_line(command: str, stream: TextIO, handle: Callable[[str], None]) -> int:
    """Run ``handle`` on every line of ``stream`` that is not blank or a
    ``#`` comment (the ``-`` input of a subcommand). A line ``handle`` refuses
    with ``ValueError``/``TypeError`` is reported on stderr with its line
    number and the rest go on; returns the exit status: 0, or 2 if any line
    was bad (after a last line counting them)."""
    bad = total = 0
    for number, line in _lines(stream):
        total += 1
        try:
            handle(line)
        except (ValueError, TypeError) as error:
            bad += 1
            sys.stdout.flush()  # keep the output and the messages in line order on a terminal
            print(f"omaha8 {command}: error: stdin line {number}: {error}", file=sys.stderr)
    if bad:
        print(f"omaha8 {command}: error: {bad} of {total} lines could not be read", file=sys.stderr)
        return 2
    return 0


