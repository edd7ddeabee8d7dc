"""The examples of docs/engine.md run as doctests (one namespace per page)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES = ["engine.md"]


@pytest.mark.parametrize("page", PAGES)
def test_page_examples(page: str) -> None:
    if not (DOCS / page).exists():  # .ci/run copies only tests/ next to the installed wheel
        pytest.skip(f"docs/{page} is not next to the tests")
    text = (DOCS / page).read_text(encoding="utf-8")
    blocks = re.findall(r"```pycon\n(.*?)```", text, flags=re.S)
    assert blocks, "no examples found"
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, page, str(DOCS / page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 10
