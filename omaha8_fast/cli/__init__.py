"""The ``omaha8`` command (also ``python -m omaha8_fast``).

Conventions every subcommand follows (see docs/cli.md):

- bad input prints one line to stderr and exits with status 2; Ctrl-C exits
  with 130 and no traceback; an output error (a closed pipe, a full disk) is
  one line on stderr;
- ``--json`` prints machine-readable output instead of the text;
- cards may be quoted (``"As Kd 2c 3h"``), packed (``AsKd2c3h``) or one card
  per word (``As Kd 2c 3h``); ``/`` separates the board from the hands, and
  ``--board`` works everywhere a board does;
- ``-`` reads one item per line from stdin; a bad line is reported with its
  number and the others go on, and the exit status is then 2
  (:func:`omaha8_fast.cli._common.each_line`).

**Adding a subcommand.** Put it in its own module ``omaha8_fast/cli/_NAME.py``
with ``def register(commands: argparse._SubParsersAction) -> None`` that calls
``commands.add_parser(...)`` and ``set_defaults(run=...)``, where ``run`` takes
the parsed ``argparse.Namespace`` and returns the exit status. Then add one
line to :data:`SUBCOMMANDS` below (``"omaha8_fast.cli._NAME:register"``), and
name it in docs/cli.md, docs/index.md and README.md (tests/test_cli.py checks
them against the parser). Errors raised as ``ValueError`` / ``TypeError``
become the one-line message; :func:`add_json_option` and :func:`print_json`
give the shared ``--json`` flag.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import io
import os
import sys
from collections.abc import Sequence

from .._version import __version__
from ..evaluator.kernels import kernel
from ._common import Register, UsageError, _Parser, add_json_option, print_json
from ._equity import read_player

__all__ = ["SUBCOMMANDS", "UsageError", "add_json_option", "build_parser", "main", "print_json", "read_player"]

#: The modules (relative to this package) whose ``register(commands)`` adds a
#: subcommand, in the order ``omaha8 --help`` lists them. One line each.
SUBCOMMANDS: tuple[str, ...] = (
    "omaha8_fast.cli._evaluate:register_eval",
    "omaha8_fast.cli._evaluate:register_showdown",
    "omaha8_fast.cli._equity:register_equity",
    "omaha8_fast.cli._equity:register_range",
    "omaha8_fast.cli._analysis:register",
    "omaha8_fast.cli._hh:register",
    "omaha8_fast.cli._pql:register",
    "omaha8_fast.cli._db:register",
    "omaha8_fast.cli._solve:register",
)


# --- the command ----------------------------------------------------------------


def _registrar(spec: str) -> Register:
    module, _, name = spec.partition(":")
    function: Register = getattr(importlib.import_module(module), name)
    return function


def build_parser() -> argparse.ArgumentParser:
    """The ``omaha8`` parser with every subcommand of :data:`SUBCOMMANDS`."""
    parser = _Parser(prog="omaha8", description="Omaha Hi/Lo (8-or-better) tools.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__} (kernel {kernel()})")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)
    for spec in SUBCOMMANDS:
        _registrar(spec)(commands)
    return parser


def _silence_stdout() -> None:
    """After an output error: point stdout at /dev/null so that the
    interpreter's final flush does not fail again with a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


class _ClosedOutput(io.TextIOBase):
    """Stands for a closed stdout (``omaha8 ... >&-``, where Python sets
    ``sys.stdout`` to None and ``print`` would drop the output silently):
    writing raises the OSError that ``main`` reports as an output error."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "stdout is closed")


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``omaha8`` with ``argv`` (default ``sys.argv[1:]``); returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as error:
        print(f"{error.prog}: error: {error} (see {error.prog} -h)", file=sys.stderr)
        return 2
    if sys.stdout is None:  # started with stdout closed: writing the output is an error, not a no-op
        sys.stdout = _ClosedOutput()
        try:
            return _run(args)
        finally:
            sys.stdout = None
    return _run(args)


def _run(args: argparse.Namespace) -> int:
    """Run the parsed subcommand; its errors become one line on stderr and an exit status."""
    try:
        code: int = args.run(args)
        sys.stdout.flush()
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. piped into head: not an error
        _silence_stdout()
        return 0
    except OSError as error:  # e.g. a full disk; ImportError is not an OSError
        _silence_stdout()
        print(f"omaha8 {args.command}: error: cannot write the output: {error.strerror or error}", file=sys.stderr)
        return 1
    except UsageError as error:  # a subcommand calling parser.error()
        print(f"{error.prog}: error: {error}", file=sys.stderr)
        return 2
    except (ValueError, TypeError, ImportError) as error:
        print(f"omaha8 {args.command}: error: {error}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())

