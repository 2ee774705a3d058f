"""The fast path of ``misere quotient`` (issue 21 item 4, :mod:`misere.cli.entry`): the plainest
forms run without typer, and give exactly what the typer app gives (stdout, stderr, exit status);
every other form goes to typer. No timings here (benchmarks/README.md measures them)."""
from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main

from misere.cli.app import app
from misere.cli.entry import fast_quotient_args
from misere.cli.quotient import quotient_command

SRC = str(Path(__file__).resolve().parents[2] / "src")

#: print the loaded modules on stderr at exit, then run the command line as given
_PROBE = """
import atexit, json, sys
atexit.register(lambda: sys.stderr.write("MODULES " + json.dumps(sorted(sys.modules)) + "\\n"))
sys.argv = ["misere"] + sys.argv[2:]
if sys.argv[1:2] == ["--typer"]:
    del sys.argv[1]
    from misere.cli.app import main
else:
    from misere.cli.entry import main
main()
"""


def _run(*args: str, typer_path: bool = False, **kw: object) -> tuple[int, str, str, set[str]]:
    """Exit status, stdout, stderr (without the module list) and loaded modules of one process."""
    env = dict(os.environ, PYTHONPATH=SRC)
    cmd = [sys.executable, "-c", _PROBE, "-", *(["--typer"] if typer_path else []), *args]
    kw.setdefault("stdout", subprocess.PIPE)
    r = subprocess.run(cmd, stderr=subprocess.PIPE, text=True, env=env, timeout=120, **kw)  # type: ignore[call-overload]
    lines = r.stderr.splitlines(keepends=True)
    modules = next((set(json.loads(x[len("MODULES "):])) for x in lines if x.startswith("MODULES ")), set())
    return r.returncode, r.stdout or "", "".join(x for x in lines if not x.startswith("MODULES ")), modules


@pytest.mark.parametrize("argv,expected", [
    (["quotient", "0.144", "--max-heap", "40", "--certify", "0", "--json", "--quiet"],
     {"code": "0.144", "max_heap": 40, "certify": 0, "as_json": True, "quiet": True}),
    (["quotient", "-q", "--history", ".6", "--timeout", "2.5"],
     {"quiet": True, "history": True, "code": ".6", "timeout": 2.5}),
    (["quotient", "0.77", "--max-heap", "007"], {"code": "0.77", "max_heap": 7}),
    (["quotient", "4.7"], {"code": "4.7"}),
])
def test_fast_path_takes_the_plain_forms(argv: list[str], expected: dict[str, object]) -> None:
    assert fast_quotient_args(argv) == expected


@pytest.mark.parametrize("argv", [
    [], ["quotient"], ["genus", "*2"], ["--version"], ["quotient", "0.144", "--max-heap=40"],
    ["quotient", "0.144", "--max-heap", "4", "--max-heap", "5"], ["quotient", "0.144", "0.77"],
    ["quotient", "0.144", "--max-heap"], ["quotient", "0.144", "--max-heap", "-1"],
    ["quotient", "0.144", "--max-heap", "4.0"], ["quotient", "0.144", "--timeout", "0"],
    ["quotient", "0.144", "--timeout", "1e3"], ["quotient", "0.144", "--help"], ["quotient", "--", "0.144"],
    ["quotient", "0.144", "-qq"], ["quotient", "grundy"], ["quotient", "pascal-beans:4"],
    ["quotient", "0.144", "--games", "*2"], ["quotient", "0.144", "--checkpoint", "x.db"],
    ["quotient", "0.144", "--max-memory", "1G"], ["quotient", "0.7a"], ["quotient", "-0.7"],
])
def test_fast_path_leaves_everything_else_to_typer(argv: list[str]) -> None:
    assert fast_quotient_args(argv) is None


def test_fast_path_defaults_are_the_commands() -> None:
    """quotient_command's defaults are the typer command's, option by option (the fast path
    passes only the options given)."""
    group = typer.main.get_command(app)
    ctx = group.make_context("misere", ["--version"], resilient_parsing=True)
    params = {p.name: p.default for p in group.get_command(ctx, "quotient").params}
    signature = inspect.signature(quotient_command).parameters
    assert set(signature) == set(params) - {"timeout", "max_memory", "quiet"}
    assert {n: p.default for n, p in signature.items()} == {n: params[n] for n in signature}
    keywords = {k for k, _ in __import__("misere.cli.entry", fromlist=["_OPTIONS"])._OPTIONS.values()}
    assert keywords - {"timeout", "quiet"} <= set(signature)


@pytest.mark.parametrize("args", [
    ("quotient", "0.144", "--max-heap", "12", "--certify", "0", "--json", "--quiet"),
    ("quotient", "0.123", "--max-heap", "9", "--history"),  # plain text, with the brute-force certificate
    ("quotient", "5", "--json"),  # refused in one line: exit 1
    ("quotient", "00.7", "-q"),  # refused, plain: the error on stderr
])
def test_fast_path_gives_what_typer_gives(args: tuple[str, ...]) -> None:
    fast = _run(*args)
    slow = _run(*args, typer_path=True)
    assert fast[:3] == slow[:3]
    assert fast[1] or fast[2]  # something was said
    assert "typer" in slow[3]
    assert ("typer" in fast[3]) == (fast[0] != 0)  # typer loads for a failure's report only


def test_fast_path_loads_neither_typer_nor_click_nor_numpy() -> None:
    rc, out, _, modules = _run("quotient", "0.77", "--max-heap", "20", "--certify", "0", "--json")
    assert rc == 0 and json.loads(out)["max_heap"] == 20
    assert sorted(n for n in modules if n.split(".")[0] in ("typer", "click", "numpy", "numba", "rich")) == []
    assert "misere.cli.app" not in modules and "misere.cli.common" not in modules


def test_typer_path_is_taken_for_other_spellings() -> None:
    rc, out, _, modules = _run("quotient", "0.77", "--max-heap=20", "--certify", "0", "--json")
    assert rc == 0 and json.loads(out)["max_heap"] == 20 and "typer" in modules


def test_a_closed_output_pipe_is_exit_1_on_both_paths() -> None:
    """A reader gone before the answer (``misere quotient ... | head -0``): exit status 1 and no
    traceback, as typer's own handler of EPIPE gives."""
    results = []
    for typer_path in (False, True):
        r, w = os.pipe()
        os.close(r)  # every write to w now fails with EPIPE
        try:
            rc, _, err, _ = _run("quotient", "0.144", "--max-heap", "5", "--certify", "0", "--json",
                                 typer_path=typer_path, stdout=w)
        finally:
            os.close(w)
        results.append((rc, "Traceback" in err or "BrokenPipe" in err))
    assert results[0] == results[1] == (1, False)


def test_echo_without_typer_is_click_echo() -> None:
    """Plain ASCII is written as it is; other text (non-ASCII, ANSI codes, which click strips
    when the output is not a terminal) goes through typer, loaded for it."""
    code = ("import sys\nfrom misere.cli.runner import echo\necho('plain 0.144')\n"
            "print('typer' in sys.modules)\necho('caf\\u00e9')\necho('a\\x1b[31mb\\x1b[0m', err=True)\n"
            "print('typer' in sys.modules)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, PYTHONPATH=SRC, PYTHONIOENCODING="utf-8"))
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["plain 0.144", "False", "caf\u00e9", "True"]
    assert r.stderr == "ab\n"


def test_entry_imports_no_typer() -> None:
    """``import misere.cli.entry`` (what ``python -m misere`` loads first) loads neither typer nor
    the engine; they load when a command needs them."""
    code = "import json, sys\nimport misere.cli.entry\nprint(json.dumps(sorted(sys.modules)))"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, PYTHONPATH=SRC))
    modules = set(json.loads(r.stdout))
    assert "misere.cli.entry" in modules
    heavy = ("typer", "click", "numpy", "numba", "misere.quotients", "misere.core", "misere.impartial", "sqlite3")
    assert sorted(n for n in modules if any(n == h or n.startswith(h + ".") for h in heavy)) == []


def test_a_budget_stop_on_both_paths() -> None:
    """``--timeout`` on the fast path: exit status 3 and what was established, as typer's path
    reports it (the heap reached depends on the machine, the shape of the report does not)."""
    args = ("quotient", "0.16", "--max-heap", "300", "--timeout", "0.1", "--certify", "0", "--json")
    reports = []
    for typer_path in (False, True):
        rc, out, _, _ = _run(*args, typer_path=typer_path)
        got = json.loads(out)
        # (the keys of "established" depend on whether heap 1 was reached, i.e. on the load)
        reports.append((rc, got["budget"], got["established"]["status"], "last_heap" in got["established"]))
    assert reports[0] == reports[1] == (3, "time", "unsolved", True)
