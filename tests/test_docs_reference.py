"""The API reference page shows every docstring example as a code block with
its ``>>>`` prompts (docs/griffe_doctest.py, loaded by mkdocs.yml), and the
Sphinx roles as code, not as written."""

from __future__ import annotations

import ast
import doctest
import html
import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXTENSION = ROOT / "docs" / "griffe_doctest.py"


def _extension() -> ModuleType:
    spec = importlib.util.spec_from_file_location("griffe_doctest", EXTENSION)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ext = _extension()


def _docstrings() -> list[tuple[str, str]]:
    """(where, cleaned docstring) for every docstring of the package that has an example."""
    found = []
    for path in sorted((ROOT / "omaha8_fast").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                text = ast.get_docstring(node)
                if text and ">>>" in text:
                    found.append((f"{path.relative_to(ROOT)}:{getattr(node, 'name', '<module>')}", text))
    return found


def _outside_fences(text: str) -> list[str]:
    lines, inside = [], False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            inside = not inside
        elif not inside:
            lines.append(line)
    return lines


def test_a_doctest_block_becomes_a_pycon_fence() -> None:
    text = "Sum.\n>>> 1 + 1\n2\n>>> print('a')\na\n\nAfter.\n\n>>> 3\n3"
    assert ext.fence_doctests(text).split("\n") == [
        "Sum.", "", "```pycon", ">>> 1 + 1", "2", ">>> print('a')", "a", "```", "", "After.", "",
        "```pycon", ">>> 3", "3", "```"]


def test_fenced_blocks_are_left_alone() -> None:
    text = "```pycon\n>>> 1\n1\n```"
    assert ext.fence_doctests(text) == text
    once = ext.fence_doctests("a\n>>> 1\n1")
    assert ext.fence_doctests(once) == once


def test_roles_become_code_spans() -> None:
    assert ext.plain_roles(":func:`equity`, :class:`~omaha8_fast.cards.Card`, :meth:`Hand.act`, :mod:`x.y`") == \
        "`equity`, `Card`, `Hand.act`, `x.y`"
    assert ext.plain_roles(":param x: the value") == ":param x: the value"


@pytest.mark.parametrize(("where", "text"), _docstrings(), ids=lambda v: v if ":" in str(v)[:60] else "")
def test_every_docstring_example_is_fenced_and_unchanged(where: str, text: str) -> None:
    fenced = ext.fence_doctests(ext.plain_roles(text))
    assert not [line for line in _outside_fences(fenced) if line.lstrip().startswith(">>>")]
    parser = doctest.DocTestParser()
    before = [(e.source, e.want) for e in parser.get_examples(text)]
    after = [(e.source, e.want) for block in re.findall(r"```pycon\n(.*?)```", fenced, re.S)
             for e in parser.get_examples(block)]
    assert after == before


def test_mkdocs_loads_the_extension() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert 'extensions: ["docs/griffe_doctest.py:DoctestBlocks"]' in config


def test_griffe_applies_the_extension() -> None:
    griffe = pytest.importorskip("griffe")
    package = griffe.load("omaha8_fast", search_paths=[str(ROOT)],
                          extensions=griffe.load_extensions(f"{EXTENSION}:DoctestBlocks"))
    doc = package["cards.parse_cards"].docstring.value
    assert '```pycon\n>>> parse_cards("ah,KD, 2c")\n' in doc and ":class:" not in doc


@pytest.mark.slow
def test_the_built_reference_page_shows_examples_as_code(tmp_path: Path) -> None:
    pytest.importorskip("mkdocs")
    pytest.importorskip("mkdocstrings")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(tmp_path / "site")],
                          cwd=ROOT, capture_output=True, text=True, env={"NO_MKDOCS_2_WARNING": "1", "PATH": ""})
    assert done.returncode == 0, done.stderr
    page = (tmp_path / "site" / "reference" / "index.html").read_text(encoding="utf-8")
    code = re.findall(r'<div class="highlight"><pre>.*?</pre></div>', page, re.S)
    prose = re.sub(r'<div class="highlight"><pre>.*?</pre></div>', "", page, flags=re.S)
    assert "&gt;&gt;&gt;" not in prose and "<blockquote>" not in prose and ":class:" not in prose
    examples = [html.unescape(re.sub(r"<[^>]+>", "", block)) for block in code]
    assert any('>>> parse_cards("As Kd 10c 9h")\n(Card(\'As\'), Card(\'Kd\')' in e for e in examples)
    assert any(">>> split_pot(board, holes, 300)\n[75, 150, 75]\n" in e for e in examples)
    assert len([e for e in examples if e.startswith(">>> ")]) >= 60
