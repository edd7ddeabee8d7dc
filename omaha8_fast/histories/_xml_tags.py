"""The tags of one XML hand (Boss Media, MicroGaming), read without an XML
parser: a flat list of (name, attributes, closing) in document order.

These rooms write each hand as a small element of tags with attributes and
no text; a reader walks the tags. Anything else between the tags (text, a
comment, a DOCTYPE, an entity other than the five XML ones and character
references) is refused, so no input can expand or fetch anything, and the
work is one regular-expression pass over the hand.

>>> tags('<A X="1"><B Y="&amp;2"/></A>')
[('A', {'X': '1'}, False, 0), ('B', {'Y': '&2'}, False, 9), ('B', {}, True, 9), ('A', {}, True, 24)]
"""

from __future__ import annotations

import html
import re

__all__ = ["tags", "XMLTagError", "line_of"]

_TAG = re.compile(r'<(/?)([A-Za-z_][\w.\-]{0,40})((?:\s+[A-Za-z_][\w.\-]{0,40}\s*=\s*"[^"<]{0,2000}")*)\s*(/?)>')
_ATTRIBUTE = re.compile(r'([A-Za-z_][\w.\-]{0,40})\s*=\s*"([^"<]*)"')
_DECLARATION = re.compile(r"<\?xml[^<>]{0,200}\?>")


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
    tag's offset in ``text``); a self-closing tag gives its opening and its closing. XMLTagError names
    the first thing that is neither a tag nor white space."""
    out: list[tuple[str, dict[str, str], bool, int]] = []
    at = 0
    size = len(text)
    declaration = _DECLARATION.match(text.lstrip())
    if declaration is not None:
        at = len(text) - len(text.lstrip()) + declaration.end()
    while True:
        start = text.find("<", at)
        gap = text[at:start if start >= 0 else size]
        if gap.strip():
            raise XMLTagError(f"text between the tags: {gap.strip()[:40]!r}", at)
        if start < 0:
            return out
        match = _TAG.match(text, start)
        if match is None:
            raise XMLTagError(f"cannot read the tag {text[start:start + 40]!r}", start)
        closing, name, attributes, empty = match.groups()
        if closing:
            if attributes or empty:
                raise XMLTagError(f"cannot read the tag {text[start:start + 40]!r}", start)
            out.append((name, {}, True, start))
        else:
            try:
                values = {key: _value(value) for key, value in _ATTRIBUTE.findall(attributes)}
            except ValueError as problem:
                raise XMLTagError(str(problem), start) from None
            out.append((name, values, False, start))
            if empty:
                out.append((name, {}, True, start))
        at = match.end()


def line_of(text: str, at: int, first: int) -> int:
    """The line number of offset ``at`` of ``text`` whose first line is ``first``."""
    return first + text.count("\n", 0, max(0, at))
