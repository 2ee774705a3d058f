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


def _blocks(text: str) -> list[tuple[str, str]]:
    """(info, body) of every fenced block not marked ``exec`` and of every indented block (info
    ``""``)."""
    out: list[tuple[str, str]] = []
    for m in re.finditer(FENCE, text, flags=re.M | re.S):
        if "exec" not in m.group(3).split():
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


@pytest.mark.parametrize("line,shown,name", EXAMPLES, ids=[f"{e[2]}: {e[0][:60]}" for e in EXAMPLES])
def test_cli_example(line: str, shown: str, name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from misere.cli.app import app

    monkeypatch.chdir(tmp_path)
    args = shlex.split(line, comments=True)[1:]
    status = 0
    exit_line = re.search(r"\n?\[exit (\d+)\]$", shown)
    if exit_line:  # an example that ends with a documented non-zero status
        status, shown = int(exit_line.group(1)), shown[:exit_line.start()]
    result = CliRunner().invoke(app, args, catch_exceptions=False)
    assert result.exit_code == status, f"{line}\n{result.output}"
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
