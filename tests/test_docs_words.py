"""The pages an outside reader gets name no internal work item, branch, session or machine.

The README, every page source of the site (``docs/**/*.md``) and the index of the reproductions
are read as text: a pointer to the project's work items ("issue 21 item 3"), its working
sessions, notes ("notes E.2"), git branches ("branch `bounty`", "on main"), worktrees or the
machines and helpers that ran things means nothing to a reader of the results. Mathematics that
only looks alike ("branching", "every rewriting branch", "the lemma's notes") passes. Also
checked: every script of ``reproductions/`` is indexed by its README and by the results page.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: (what it catches, pattern); case-sensitive where a capital would be a name
INTERNAL = [
    ("a work item", re.compile(r"\b[Ii]ssues?\s+#?\d+|\bitems?\s+\d+\s+of\s+issue|\bPR\s+#?\d+")),
    ("a working session", re.compile(r"\b[Ss]essions?\b(?!\s+(?:store|cookie))")),
    ("the working notes", re.compile(r"\b[Nn]otes,?\s+(?:E\.\d|Part\s+\d|§)|\bE\.\d\b|algorithms\.md|thesis-ch\d")),
    ("a git branch", re.compile(r"\bbranch(?:es)?\s+`|\b(?:git|working|feature|my|our|this|that|its|his|her)\s+branch\b"
                                r"|\bon\s+(?:the\s+)?(?:main|master|trunk)\b|\bmain\s+branch\b|\bmerged?\s+(?:into|from)\b")),
    ("a worktree", re.compile(r"\bwork\s?trees?\b|\bwt-[\w-]+|/work/\w+|\.dev/")),
    ("a lent machine", re.compile(r"\blent\b|\bthe\s+device\b|\bdevice\s+(?:machine|time|run)\b")),
    ("a helper process", re.compile(r"\bhelpers?\b")),
    ("the project's roles", re.compile(r"\bthe\s+lead\b|\bCI\s+stop\b|\bthe\s+engineer\b")),
]


def sources() -> list[Path]:
    """The README, the page sources of the site and the index of the reproductions."""
    pages = sorted((ROOT / "docs").rglob("*.md"))
    return [ROOT / "README.md", ROOT / "reproductions" / "README.md",
            *(p for p in pages if "_build" not in p.parts)]


def internal_names(text: str) -> list[str]:
    """Each internal name in ``text``: ``'line N: what (the words)'``."""
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        for what, pattern in INTERNAL:
            found += [f"line {n}: {what} ({m.group(0)!r})" for m in pattern.finditer(line)]
    return found


@pytest.mark.parametrize("page", sources(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_page_names_an_internal_work_item_branch_or_machine(page: Path) -> None:
    assert internal_names(page.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("text", [
    "done in issue 21 item 3", "(session 9)", "see notes E.2", "on branch `bounty`",
    "measured on main, 2026-11-26", "a lent 16-core machine", "four other helpers",
    "the lead reruns the sweeps", "in /work/wt-docs", "Issue 39: the table", "a CI stop",
])
def test_the_check_catches_internal_names(text: str) -> None:
    assert internal_names(text), text


@pytest.mark.parametrize("text", [
    "branching on the comparability graph", "every rewriting branch ends at the normal form",
    "the branch-and-bound search", "a heap of 12 and the main result", "the domain of one heap",
    "Thm 3.4.5 and §10.4", "counting #14, #8 + #11 and #11", "the lemma of Plambeck 2008, Thm 1.1", "held as the action of its generators",
    "on the maintenance of a proviso", "helpful witnesses",
])
def test_the_check_lets_mathematics_pass(text: str) -> None:
    assert internal_names(text) == [], text


def test_every_reproduction_script_is_indexed() -> None:
    scripts = sorted(p.name for p in (ROOT / "reproductions").glob("*.py") if not p.name.startswith("_"))
    assert scripts, "reproductions/ holds the scripts of the results"
    index = (ROOT / "reproductions" / "README.md").read_text(encoding="utf-8")
    results = (ROOT / "docs" / "results" / "new.md").read_text(encoding="utf-8")
    assert [s for s in scripts if f"({s})" not in index] == []
    assert [s for s in scripts if f"(../../reproductions/{s})" not in results] == []
    # and nothing outside reproductions/ still points at a script's old place in benchmarks/
    old = [p.stem for p in (ROOT / "benchmarks").glob("*.py")]
    assert not set(old) & {Path(s).stem for s in scripts}
