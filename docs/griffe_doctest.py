"""A griffe extension for the API reference: docstring examples as code
blocks, Sphinx cross-reference roles as code.

The docstrings write their examples as doctest blocks (``>>>`` lines and the
output up to the next blank line), which Markdown would read as nested quotes
run together into one paragraph. Before mkdocstrings renders a docstring,
:func:`fence_doctests` wraps each such block in a fenced ``pycon`` code block,
so the page shows the prompts, the output and the line breaks as written.
:func:`plain_roles` turns the Sphinx roles (``:func:`equity```,
``:class:`~omaha8_fast.Card```), which Markdown would print as written, into
code spans.

mkdocs.yml loads it (``plugins: mkdocstrings: handlers: python: options:
extensions``); tests/test_docs.py tests both functions. It needs no
griffe to import, so the function can be tested without the docs extra.
"""

from __future__ import annotations

import re
from typing import Any

try:
    from griffe import Extension
except ImportError:  # only the transformation is used (tests without the docs extra)
    Extension = object  # type: ignore[assignment,misc]

__all__ = ["DoctestBlocks", "fence_doctests", "plain_roles"]

FENCE = "```"
#: A Sphinx role with its target: ``:func:`name```, ``:class:`~package.Name```.
_ROLE = re.compile(r":(?:py:)?(?:func|class|meth|attr|data|mod|exc|obj|const):`(~?)([^`]+)`")


def plain_roles(text: str) -> str:
    """``text`` with each Sphinx cross-reference role written as a code span
    (``~`` keeps the last dotted part, as in Sphinx).

    >>> plain_roles("See :func:`omaha8_fast.equity` and :class:`~omaha8_fast.cards.Card`.")
    'See `omaha8_fast.equity` and `Card`.'
    """
    return _ROLE.sub(lambda m: f"`{m.group(2).rsplit('.', 1)[-1] if m.group(1) else m.group(2)}`", text)


def fence_doctests(text: str) -> str:
    """``text`` (a cleaned docstring) with each doctest block fenced as ``pycon``.

    A doctest block starts at a line whose first characters are ``>>>`` and
    ends before the first blank line (or at the end). Blocks already inside a
    fenced code block are left alone, so the function is idempotent.

    >>> fence_doctests("Add:\\n>>> 1 + 1\\n2\\n\\nDone.").split("\\n")
    ['Add:', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'Done.']
    """
    out: list[str] = []
    lines = text.split("\n")
    in_fence = False
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.lstrip()
        if stripped.startswith(FENCE):
            in_fence = not in_fence
        if in_fence or not stripped.startswith(">>>"):
            out.append(line)
            i += 1
            continue
        indent = line[: len(line) - len(stripped)]
        end = i
        while end < len(lines) and lines[end].strip():
            end += 1
        if out and out[-1].strip():
            out.append("")  # a fence needs its own paragraph
        out.append(f"{indent}{FENCE}pycon")
        out.extend(lines[i:end])
        out.append(f"{indent}{FENCE}")
        i = end  # the blank line that ended the block (if any) follows the fence
    return "\n".join(out)


class DoctestBlocks(Extension):  # type: ignore[misc,valid-type]
    """Fence every docstring's doctest blocks and write its roles as code
    when griffe creates the object."""

    def on_instance(self, *, obj: Any, **kwargs: Any) -> None:
        """Rewrite ``obj``'s docstring, if it has one (griffe calls this once an object is made)."""
        docstring = getattr(obj, "docstring", None)
        if docstring is not None:
            docstring.value = fence_doctests(plain_roles(docstring.value))
