"""Every example in README.md and docs/*.md runs, and every link resolves.

Pages are found by glob, so a new page is tested as soon as it exists. In
each page, fenced code blocks are run by their language:

- ``pycon`` (and ``python`` blocks holding ``>>>``): doctests, one namespace
  per page, in page order;
- ``python`` without ``>>>``: a script, run in a subprocess from an empty
  directory (it must be complete: imports, a ``__main__`` guard where needed);
- ``console``: each ``$ command`` runs in ``bash`` with the test's Python
  first on ``PATH``, from a scratch directory that links the repository's
  files (``tests/data/...`` resolve) but not the package source; the lines
  after a command, if any, must equal its output (stdout and stderr
  together; times such as ``0.05 s`` are not compared) and then its exit
  status does not matter; a command shown without output must exit 0. A
  ``pip install ... &&`` prefix is skipped (CI installs the package itself);
  the rest of the line runs.

An HTML comment on the line just before a fence changes that:
``<!-- no-test: why -->`` skips the block (say why: it needs a network, a
checkout, or it is the test suite itself), ``<!-- requires: module -->``
skips it when that module is not installed, and ``<!-- slow: why -->`` leaves
it to the slow stage (``python -m pytest -m slow``).
"""

from __future__ import annotations

import doctest
import importlib.util
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted((ROOT / "docs").glob("*.md")) + ([ROOT / "README.md"] if (ROOT / "README.md").exists() else [])

_FENCE = re.compile(
    r"(?:^<!--\s*(?P<marker>[\w-]+):\s*(?P<reason>.*?)\s*-->\n)?"
    r"^(?P<indent>[ \t]*)```(?P<lang>[\w-]*)[^\n]*\n(?P<body>.*?)^(?P=indent)```[ \t]*$",
    re.M | re.S,
)


@dataclass
class Block:
    page: Path
    line: int
    lang: str
    body: str
    marker: str | None
    reason: str

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks(page: Path) -> list[Block]:
    text = page.read_text(encoding="utf-8")
    found = []
    for m in _FENCE.finditer(text):
        indent = m["indent"]
        body = "".join(line[len(indent):] if line.startswith(indent) else line
                       for line in m["body"].splitlines(keepends=True))
        found.append(Block(page, text.count("\n", 0, m.start("indent")) + 1, m["lang"], body, m["marker"], m["reason"] or ""))
    return found


def _runnable(block: Block) -> None:
    if block.marker == "no-test":
        pytest.skip(f"{block.name}: {block.reason}")
    if block.marker == "requires" and importlib.util.find_spec(block.reason) is None:
        pytest.skip(f"{block.name} needs {block.reason}")


def _is_doctest(block: Block) -> bool:
    return block.lang == "pycon" or (block.lang == "python" and ">>>" in block.body)


def _all(kind: str) -> list[Block]:
    out = []
    for page in PAGES:
        for block in blocks(page):
            if kind == "doctest" and _is_doctest(block):
                out.append(block)
            elif kind == "script" and block.lang == "python" and not _is_doctest(block):
                out.append(block)
            elif kind == "console" and block.lang == "console":
                out.append(block)
    return out


def _ids(items: list[Block]) -> list[str]:
    return [b.name for b in items]


def _params(items: list[Block]) -> list[object]:
    """The blocks as parameters; those marked ``<!-- slow: why -->`` for the slow stage."""
    return [pytest.param(b, id=b.name, marks=[pytest.mark.slow] if b.marker == "slow" else []) for b in items]


# --- doctests, one namespace per page ------------------------------------------------


@pytest.mark.parametrize("page", [p for p in PAGES if any(map(_is_doctest, blocks(p)))],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_doctest_examples(page: Path) -> None:
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs: dict[str, object] = {}
    ran = missing = 0
    for block in blocks(page):
        if not _is_doctest(block) or block.marker == "no-test":
            continue
        if block.marker == "requires" and importlib.util.find_spec(block.reason) is None:
            missing += 1
            continue
        test = parser.get_doctest(block.body, globs, block.name, str(page), block.line)
        runner.run(test, clear_globs=False)
        globs.update(test.globs)  # DocTest copies its globals: carry names to the next block
        ran += len(test.examples)
    if not ran and missing:
        pytest.skip(f"{page}: every example needs a module this install lacks")
    assert ran, f"{page}: no example ran"
    assert runner.failures == 0, f"{runner.failures} example(s) failed in {page.name} (see the output above)"


# --- scripts ---------------------------------------------------------------------


@pytest.mark.parametrize("block", _all("script"), ids=_ids(_all("script")))
def test_python_scripts(block: Block, tmp_path: Path) -> None:
    _runnable(block)
    script = tmp_path / "example.py"
    script.write_text(block.body, encoding="utf-8")
    run = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, f"{block.name} failed:\n{run.stderr}"


# --- shell examples --------------------------------------------------------------


def commands(block: Block) -> list[tuple[str, str]]:
    """``(command, expected output)`` pairs of a console block."""
    pairs: list[tuple[str, list[str]]] = []
    for line in block.body.splitlines():
        if line.startswith("$ "):
            pairs.append((line[2:], []))
        elif pairs:
            pairs[-1][1].append(line)
        elif line.strip():
            raise AssertionError(f"{block.name}: output before any '$ ' command")
    return [(command, "\n".join(out).strip("\n")) for command, out in pairs]


_TIME = re.compile(r"\b\d+\.\d+ s\b")


def _normal(text: str) -> str:
    return _TIME.sub("N.NN s", "\n".join(line.rstrip() for line in text.strip("\n").splitlines()))


_INSTALL = re.compile(r"^(?:python3? -m )?pip install [^&]*(?:&&\s*|$)")


def _workdir(tmp_path: Path) -> Path:
    """An empty directory that sees the repository's files (``tests/data/...``)
    through links, but not the package source, which would shadow the
    installed package; files a command writes stay in the directory."""
    for entry in ROOT.iterdir():
        if entry.name not in ("omaha8_fast", ".git", "build", "site"):
            (tmp_path / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    return tmp_path


@pytest.mark.parametrize("block", _params(_all("console")))
def test_shell_examples(block: Block, tmp_path: Path) -> None:
    _runnable(block)
    tmp_path = _workdir(tmp_path)
    env = dict(os.environ, PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""),
               COLUMNS="100", PYTHONIOENCODING="utf-8")
    ran = 0
    for command, expected in commands(block):
        command = _INSTALL.sub("", command)
        if not command:
            continue
        run = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env, stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
        ran += 1
        if expected:  # shown output must be printed exactly (the exit status may be anything)
            assert _normal(run.stdout) == _normal(expected), f"{block.name}: `{command}` printed:\n{run.stdout}"
        else:  # a command shown without output must succeed
            assert run.returncode == 0, f"{block.name}: `{command}` exited {run.returncode}:\n{run.stdout}"
    assert ran, f"{block.name}: no command ran"


def test_shell_examples_quote_dollar_signs() -> None:
    """``$ds`` in double quotes is expanded by the shell (to nothing): range
    text with ``$`` must be in single quotes."""
    bad = [f"{b.name}: {command}" for b in _all("console") for command, _ in commands(b)
           if re.search(r'"[^"\']*\$[^"\']*"', command)]
    assert not bad, bad


def test_the_runner_finds_every_kind_of_example() -> None:
    assert _all("doctest") and _all("console") and _all("script")
    sample = Block(ROOT / "README.md", 1, "console", "$ echo 'a $b'\na $b\n$ true\n", None, "")
    assert commands(sample) == [("echo 'a $b'", "a $b"), ("true", "")]
    assert _normal("in 0.05 s\n") == _normal("in 12.30 s")


# --- links -----------------------------------------------------------------------

_LINK = re.compile(r"(?<!!)\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)|<a\s[^>]*href=\"([^\"]+)\"|^\[[^\]]+\]:\s*(\S+)", re.M)


def links(page: Path) -> list[str]:
    text = page.read_text(encoding="utf-8")
    text = re.sub(r"^([ \t]*)```.*?^\1```", "", text, flags=re.M | re.S)  # not inside code blocks
    text = re.sub(r"`[^`\n]*`", "", text)
    return [next(g for g in m.groups() if g) for m in _LINK.finditer(text)]


def _anchors(page: Path) -> set[str]:
    """The ids of a page's headings, as MkDocs (and GitHub, for these headings) makes them."""
    out = set()
    for heading in re.findall(r"^#{1,6}\s+(.+?)\s*$", page.read_text(encoding="utf-8"), flags=re.M):
        slug = re.sub(r"[^\w\s-]", "", heading.replace("`", "").lower()).strip()
        out.add(re.sub(r"[\s]+", "-", slug))
    return out


def bad_links(page: Path, root: Path = ROOT) -> list[str]:
    """The links of ``page`` that are neither absolute URLs nor files (and headings) inside ``root``."""
    bad = []
    for target in links(page):
        if re.match(r"^[a-z][a-z0-9+.-]*://", target) or target.startswith("mailto:"):
            continue  # absolute URL
        path, _, anchor = target.partition("#")
        resolved = (page.parent / path).resolve() if path else page
        if not resolved.is_relative_to(root):
            bad.append(f"{target}: outside the repository")
        elif not resolved.exists():
            bad.append(f"{target}: no such file")
        elif anchor and resolved.suffix == ".md" and anchor not in _anchors(resolved):
            bad.append(f"{target}: no heading #{anchor}")
    return bad


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_links_resolve_inside_the_repository(page: Path) -> None:
    assert not bad_links(page), f"{page.name}: {bad_links(page)}"


def test_link_check_catches_bad_links(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "b.md").write_text("# B page\n## A `code` heading\n")
    page = tmp_path / "docs" / "a.md"
    page.write_text("[rules](../../shared/RULES.md) [ok](b.md#a-code-heading) [gone](c.md) [anchor](b.md#nope)\n"
                    "[web](https://example.org/x) `[not](a-link.md)`\n")
    assert bad_links(page, tmp_path) == ["../../shared/RULES.md: outside the repository", "c.md: no such file",
                                         "b.md#nope: no heading #nope"]


def test_no_reference_to_a_rules_file_outside_the_repository() -> None:
    for page in PAGES:
        assert "shared/RULES.md" not in page.read_text(encoding="utf-8"), page


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_plain_doctest_reads_no_fence_as_output(page: Path) -> None:
    # `pytest --doctest-glob='*.md' docs README.md` reads a page as one docstring: a closing fence
    # right after an output line would be expected output. Each example block ends with a blank line.
    for example in doctest.DocTestParser().get_examples(page.read_text(encoding="utf-8")):
        assert "```" not in example.want, f"{page.name}, line {example.lineno + 1}: a fence read as output"


def test_the_home_page_links_every_page() -> None:
    home = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    pages = [p.name for p in sorted((ROOT / "docs").glob("*.md")) if p.name != "index.md"]
    assert pages and [name for name in pages if f"]({name}" not in home] == []
