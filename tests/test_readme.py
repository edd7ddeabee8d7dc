"""The README's Python examples run as doctests, and its CLI example matches."""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def python_blocks() -> list[str]:
    if not README.exists():
        return []
    return re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)


@pytest.mark.skipif(not README.exists(), reason="README.md is in the source tree only")
def test_readme_python_examples() -> None:
    blocks = python_blocks()
    assert blocks
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs: dict[str, object] = {}
    for i, block in enumerate(blocks):
        runner.run(parser.get_doctest(block, globs, f"README block {i}", str(README), 0))
    assert runner.failures == 0, f"{runner.failures} README example(s) failed"


@pytest.mark.skipif(not README.exists(), reason="README.md is in the source tree only")
def test_readme_cli_example() -> None:
    text = README.read_text()
    match = re.search(r'\$ pip install \. && omaha8 eval "([^"]+)" "([^"]+)"\n(.*?)```', text, flags=re.S)
    assert match
    hole, board, expected = match.groups()
    run = subprocess.run([sys.executable, "-m", "omaha8_fast", "eval", hole, board],
                         capture_output=True, text=True, check=True)
    assert run.stdout == expected
