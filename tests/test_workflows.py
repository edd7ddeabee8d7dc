"""The GitHub workflows: every action pinned to a full commit SHA with its tag
in a comment, and every checkout without persisted credentials (zizmor, run
by .ci/run, lints the rest)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WORKFLOWS = Path(__file__).resolve().parent.parent / ".github" / "workflows"
FILES = sorted(WORKFLOWS.glob("*.yml")) + sorted(WORKFLOWS.glob("*.yaml"))
#: ``uses: owner/repo[/path]@<40 hex>  # vX[.Y[.Z]]``
PINNED = re.compile(r"^\s*(?:-\s+)?uses:\s+[\w.-]+/[\w./-]+@[0-9a-f]{40}\s+#\s+v\d+(?:\.\d+){0,2}\s*$")
USES = re.compile(r"^\s*(?:-\s+)?uses:")

pytestmark = pytest.mark.skipif(not FILES, reason="no .github/workflows next to tests/ (a copy of tests/ alone)")


def unpinned(text: str) -> list[str]:
    """The ``uses:`` lines of a workflow that are not pinned to a commit with a tag comment."""
    return [line.strip() for line in text.splitlines() if USES.match(line) and not PINNED.match(line)]


def test_the_check_catches_each_way_of_not_pinning() -> None:
    good = "      - uses: actions/checkout@08c6903cd8c0fde910a37f88322edcfb5dd907a8  # v5.0.0"
    assert unpinned(good) == []
    for bad in ("      - uses: actions/checkout@v5",
                "      - uses: pypa/gh-action-pypi-publish@release/v1",
                "      - uses: actions/checkout@08c6903cd8c0fde910a37f88322edcfb5dd907a8",  # no tag comment
                "      - uses: actions/checkout@08c6903cd8c0fde910a37f88322edcfb5dd907  # v5.0.0"):  # short SHA
        assert unpinned(bad) == [bad.strip()]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_action_is_pinned_to_a_commit(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert sum(1 for line in text.splitlines() if USES.match(line)) > 0
    assert unpinned(text) == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_checkouts_keep_no_credentials(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        if re.search(r"uses:\s+actions/checkout@", line):
            block = []
            for following in lines[i + 1:]:
                if USES.match(following) or re.match(r"^\s*-\s", following):
                    break
                block.append(following)
            assert any(re.match(r"^\s+persist-credentials:\s+false\s*$", b) for b in block), f"line {i + 1}"
