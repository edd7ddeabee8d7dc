"""The tags of one XML hand (Boss Media, MicroGaming), read without an XML
parser: a flat list of (name, attributes, closing) in document order.

These rooms write each hand as a small element of tags with attributes and
no text; a reader walks the tags. Anything else between the tags (text, a
comment, a DOCTYPE, an entity other than the five XML ones and character
references) is refused, so no input can expand or fetch anything, and the
work is one regular-expression pass over the hand.

>>> tags('<A X="1"><B Y="&amp;2"/></A>')
[('A', {'X': '1'}, False, 0), ('B', {'Y': '&2'}, False, 0), ('B', {}, True, 0), ('A', {}, True, 0)]
"""

from __future__ import annotations

import html
import re

__all__ = ["tags", "XMLTagError", "line_of"]

_ATTRIBUTE = re.compile(r'([A-Za-z_][\w.\-]{0,40})\s*=\s*"([^"<]*)"')
_DECLARATION = re.compile(r"<\?xml[^<>]{0,200}\?>")
_TOKEN = re.compile(r'\s*(?:<(/?)([A-Za-z_][\w.\-]{0,40})((?:\s+[A-Za-z_][\w.\-]{0,40}\s*=\s*"[^"<]{0,2000}")*)\s*(/?)>|(\S)|\Z)')


class XMLTagError(ValueError):
    """Text that is not a flat list of tags: ``at`` is its offset."""

    def __init__(self, message: str, at: int) -> None:
        super().__init__(message)
        self.at = at


def _value(text: str) -> str:
    if "&" not in text:
        return text
    if re.search(r"&(?!(?:amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});)", text):
        raise ValueError(f"an unknown entity in {text[:40]!r}")
    return html.unescape(text)


def tags(text: str) -> list[tuple[str, dict[str, str], bool, int]]:
    """The tags of ``text``: (name, attributes, True for a closing tag, the
    number of line ends before the tag in ``text``); a self-closing tag gives
    its opening and its closing. XMLTagError names the first thing that is
    neither a tag nor white space."""
    out: list[tuple[str, dict[str, str], bool, int]] = []
    append = out.append
    at = 0
    declaration = _DECLARATION.match(text.lstrip())
    if declaration is not None:
        at = len(text) - len(text.lstrip()) + declaration.end()
    lines = text.count("\n", 0, at)
    for match in _TOKEN.finditer(text, at):
        closing, name, attributes, empty, other = match.groups()
        if name is None and other is None:
            break  # the end of the text
        if other is not None:
            where = match.start(5)
            if other == "<":
                raise XMLTagError(f"cannot read the tag {text[where:where + 40]!r}", where)
            raise XMLTagError(f"text between the tags: {text[where:where + 40].strip()!r}", where)
        assert name is not None  # (a tag's name: ``other`` is None here)
        lines += match.group(0).count("\n", 0, match.start(2) - match.start())
        if closing:
            if attributes or empty:
                where = match.start(2) - 2
                raise XMLTagError(f"cannot read the tag {text[where:where + 40]!r}", where)
            append((name, {}, True, lines))
        else:
            if not attributes:
                values: dict[str, str] = {}
            elif "&" not in attributes:
                values = dict(_ATTRIBUTE.findall(attributes))
            else:
                try:
                    values = {key: _value(value) for key, value in _ATTRIBUTE.findall(attributes)}
                except ValueError as problem:
                    raise XMLTagError(str(problem), match.start(2)) from None
            append((name, values, False, lines))
            if empty:
                append((name, {}, True, lines))
        if "\n" in attributes:
            lines += attributes.count("\n")
    return out


def line_of(text: str, at: int, first: int) -> int:
    """The line number of offset ``at`` of ``text`` whose first line is ``first``."""
    return first + text.count("\n", 0, max(0, at))
