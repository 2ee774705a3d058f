"""The README and the site's pages are tested documents: every ``$ misere ...`` example runs and
prints what the page shows, and every ``pycon`` block runs as a doctest.

A site page's block marked ``exec`` (```` ```console exec ````, ```` ```pycon exec ````) is run by
the site build instead, which fails when its output differs from the page (docs/_ext/executed.py,
tests/test_docs_site.py); the blocks without ``exec`` (the examples too slow for every build) are
run here.

An example's shown output is the text after the ``$`` line up to the next ``$`` line or the end
of its block; ``...`` on a line of its own stands for any lines (doctest's ELLIPSIS). An example
with no shown output must still succeed. Examples run in a temporary folder, so files they write
do not land in the repository.
"""
from __future__ import annotations

import doctest
import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
#: the README and every page of the site, as (name, text)
DOCUMENTS = [(p.relative_to(ROOT).as_posix(), p.read_text(encoding="utf-8"))
             for p in [README, *sorted((ROOT / "docs").rglob("*.md"))]]
FENCE = r"^(```+)(\w*)([^\n]*)\n(.*?)^\1[ \t]*$"


def _blocks(text: str, executed: bool = False) -> list[tuple[str, str]]:
    """(info, body) of every fenced block not marked ``exec`` (with ``executed``: of every
    fenced block) and of every indented block (info ``""``)."""
    out: list[tuple[str, str]] = []
    for m in re.finditer(FENCE, text, flags=re.M | re.S):
        if executed or "exec" not in m.group(3).split():
            out.append((m.group(2), m.group(4)))
    unfenced = re.sub(FENCE, "", text, flags=re.M | re.S)
    for m in re.finditer(r"(?:^(?: {4}.*|)\n)*?((?:^ {4}.*\n)+)", unfenced, flags=re.M):
        out.append(("", "\n".join(line[4:] for line in m.group(1).splitlines()) + "\n"))
    return out


def cli_examples(text: str) -> list[tuple[str, str]]:
    """(command line, shown output) of every ``$ misere`` example."""
    examples = []
    for info, body in _blocks(text):
        if info not in ("", "console", "shell", "bash"):
            continue
        current: list[str] | None = None
        for line in body.splitlines():
            if line.startswith("$ "):
                if current is not None:
                    examples.append((current[0], "\n".join(current[1:]).strip("\n")))
                current = [line[2:]] if line.startswith("$ misere") else None
            elif current is not None:
                current.append(line)
        if current is not None:
            examples.append((current[0], "\n".join(current[1:]).strip("\n")))
    return examples


TEXT = "\n".join(text for _, text in DOCUMENTS)
EXAMPLES = [(line, shown, name) for name, text in DOCUMENTS for line, shown in cli_examples(text)]
PYCON = [(name, body) for name, text in DOCUMENTS for info, body in _blocks(text) if info == "pycon"]
_CHECKER = doctest.OutputChecker()
_FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def test_the_readme_has_examples() -> None:
    """The README keeps a short tour (the rest runs on the site's pages, most at build time)."""
    assert len([e for e in EXAMPLES if e[2] == "README.md"]) >= 5
    assert any(name == "README.md" for name, _ in PYCON), "the README's Python examples are pycon blocks"
    assert {name for _, _, name in EXAMPLES} > {"README.md"}, "the slow examples of the pages run here"


#: examples run only with --runslow (each takes tens of seconds; the tests of their modules check
#: the same values at smaller sizes)
SLOW_EXAMPLES = {"misere enumerate --day 3 -u p-free --count-only"}


@pytest.mark.parametrize("line,shown,name", [
    pytest.param(*e, marks=pytest.mark.slow) if e[0] in SLOW_EXAMPLES else e for e in EXAMPLES],
    ids=[f"{e[2]}: {e[0][:60]}" for e in EXAMPLES])
def test_cli_example(line: str, shown: str, name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from misere.cli.app import app

    monkeypatch.chdir(tmp_path)
    args = shlex.split(line, comments=True)[1:]
    status = 0
    exit_line = re.search(r"\n?\[exit (\d+)\]$", shown)
    if exit_line:  # an example that ends with a documented non-zero status
        status, shown = int(exit_line.group(1)), shown[:exit_line.start()]
    result = CliRunner().invoke(app, args, catch_exceptions=False)
    try:  # click >= 8.2 keeps stderr apart; say both when an example exits otherwise
        err = result.stderr
    except ValueError:
        err = ""
    assert result.exit_code == status, f"{line}\n--- stdout:\n{result.stdout}--- stderr:\n{err}"
    assert "Traceback" not in result.output
    if shown:
        got = "\n".join(l.rstrip() for l in result.stdout.strip("\n").splitlines()) + "\n"
        want = "\n".join(l.rstrip() for l in shown.splitlines()) + "\n"
        assert _CHECKER.check_output(want, got, _FLAGS), f"$ {line}\n--- {name} shows:\n{want}--- got:\n{got}"


@pytest.mark.parametrize("name,body", PYCON, ids=[f"{n}[{i}]" for i, (n, _) in enumerate(PYCON)])
def test_python_example(name: str, body: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    test = doctest.DocTestParser().get_doctest(body, {}, name, str(ROOT / name), 0)
    runner = doctest.DocTestRunner(optionflags=_FLAGS)
    runner.run(test)
    assert runner.failures == 0, f"a Python block of {name} failed (see the doctest output above)"


def test_ruleset_table_is_generated() -> None:
    """The table of position formats is the one the rulesets describe themselves: written out
    in the README, or computed by the site's rulesets page when it is built."""
    from misere.rulesets.registry import position_formats

    assert position_formats(markdown=True) in TEXT or "print(position_formats(markdown=True))" in TEXT


# --- the README as a document (issue 24, item 5): fences, shell syntax, claims about defaults ---

_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})(.*)$")


def fence_problems(text: str) -> list[str]:
    """What is wrong with the fenced blocks of a Markdown text (CommonMark rules): a fence line
    inside a block that cannot close it (``` with a language: the writer meant to close the block
    before), a block that opens without a language, or one that never closes."""
    problems: list[str] = []
    opened: tuple[int, str] | None = None
    for number, line in enumerate(text.splitlines(), 1):
        m = _FENCE.match(line)
        if not m:
            continue
        fence, info = m.group(1), m.group(2).strip()
        if opened is None:
            opened = (number, fence)
            if not info:
                problems.append(f"line {number}: a block opens without a language")
        elif not info and fence[0] == opened[1][0] and len(fence) >= len(opened[1]):
            opened = None
        elif fence[0] != opened[1][0] or len(fence) < len(opened[1]):
            continue  # a shorter fence inside a longer one is the block's text (CommonMark)
        else:
            problems.append(f"line {number}: {line.strip()!r} inside the block opened at line {opened[0]}")
    if opened is not None:
        problems.append(f"line {opened[0]}: the block opened here never closes")
    return problems


@pytest.mark.parametrize("text,found", [
    ("```pycon\n>>> 1\n1\n```\n", []),
    ("```pycon\n>>> 1\n1\n\n## Next\n\n```pycon\n>>> 2\n```\n", ["line 7"]),
    ("```pycon\n>>> 1\n", ["line 1"]),
    ("```\nplain\n```\n", ["line 1"]),
    ("````md\n```text\nx\n```\n````\n", []),
])
def test_fence_problems_finds_unclosed_blocks(text: str, found: list[str]) -> None:
    assert [p.split(":")[0] for p in fence_problems(text)] == found


@pytest.mark.parametrize("name,text", DOCUMENTS, ids=[n for n, _ in DOCUMENTS])
def test_every_fence_closes(name: str, text: str) -> None:
    assert fence_problems(text) == []


def test_headings_render_as_headings() -> None:
    """Rendered by markdown-it (CommonMark), every line of the README that starts with ``#`` is
    a heading (no block of the README holds such a line): a block left open would swallow the
    sections after it."""
    markdown_it = pytest.importorskip("markdown_it")
    text = README.read_text(encoding="utf-8")
    lines = text.splitlines()
    tokens = markdown_it.MarkdownIt("commonmark").parse(text)
    rendered = [t.map[0] for t in tokens if t.type == "heading_open"]
    written = [i for i, line in enumerate(lines) if re.match(r"#{1,6} ", line)]
    assert len(written) >= 3 and written == rendered, [lines[i] for i in set(written) - set(rendered)]


def shell_lines(text: str) -> list[str]:
    """Every command a reader may paste: ``$ ...`` lines of the blocks, and the lines of
    indented blocks that start with ``misere`` or ``python``."""
    lines = []
    for info, body in _blocks(text, executed=True):
        if info not in ("", "console", "shell", "bash"):
            continue
        for line in body.splitlines():
            if line.startswith("$ "):
                lines.append(line[2:])
            elif info == "" and re.match(r"(python -m |misere [a-z][a-z-]*(\s|$))", line):
                lines.append(line)
    return lines


def test_every_shell_line_is_valid_bash(tmp_path: Path) -> None:
    import shutil
    import subprocess

    lines = shell_lines(TEXT)
    assert len(lines) >= 30 and "misere play 'S(1,3,4)' 20 31" in lines
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash")
    for line in lines:
        r = subprocess.run([bash, "-n", "-c", line], capture_output=True, text=True)
        assert r.returncode == 0, f"not valid bash: {line}\n{r.stderr}"
        shlex.split(line, comments=True)


def test_bash_check_catches_unquoted_brackets() -> None:
    import shutil
    import subprocess

    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash")
    assert subprocess.run([bash, "-n", "-c", "misere play S(1,3,4) 20 31"], capture_output=True).returncode != 0


def _default(path: str, option: str) -> object:
    from tests.cli.app_walk import commands

    cmd = dict(commands())[path]
    return next(p.default for p in cmd.params if option in p.opts)


def test_claims_about_defaults_match_the_defaults() -> None:
    prose = " ".join(TEXT.split())
    assert "(`general` by default;" in prose and _default("canon", "--universe") == "general"
    # a cross-check claimed for the census only with the option that asks for it
    sentences = re.split(r"(?<=[.:;])\s", prose)
    for s in sentences:
        if "cross-check" in s and "census" in s:
            assert "--certify" in s, s
    from misere.quotients.census import census
    from misere.quotients.census.work import DEFAULT_CERTIFY
    import inspect as _inspect

    assert _default("census", "--certify") == DEFAULT_CERTIFY == 16
    assert _inspect.signature(census).parameters["certify"].default == DEFAULT_CERTIFY
    assert "A census checks each code up to 16 tokens by default" in prose
    assert _default("quotient", "--certify") is None  # None: the engine's default bound
    import inspect

    from misere.quotients import quotient
    assert inspect.signature(quotient).parameters["certify"].default is None
    assert "(by default 26 tokens" in prose and "Default 26 tokens" in " ".join(quotient.__doc__.split())
