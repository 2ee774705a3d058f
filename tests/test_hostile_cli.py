"""Hostile and simply large inputs to the command line (issue 9): every case ends with an answer
or a one-line refusal (one JSON object under ``--json``), within a small budget, never a
traceback. Exit statuses: 0 answer, 1 error, 2 usage, 3 budget.

Most cases run in-process (typer's CliRunner, fast). Inputs that engines do not yet bound by
themselves run as a subprocess, where the watchdog of ``misere.cli.app.main`` enforces
``--timeout`` even on code that does not check its budget.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import misere as m
from misere.cli.app import app

runner = CliRunner()
SRC = Path(__file__).resolve().parent.parent / "src"
MISSING = "/missing-folder-for-misere-tests/sub/x.svg"
LONG_SUM = "+".join(["{1|*}", "{2|*2}", "^", "{0,*|*}", "*3", "{1|0}", "{*|*}", "1/2", "{0|{0|*}}",
                     "*2", "{2|1}", "v", "{0|-1}", "{*2|*}", "{3|*}"])  # 15 terms


def _checked(out: str, err: str, code: int, as_json: bool, codes: set[int]) -> dict | str:
    """The shared assertions: exit code, no traceback, one JSON object or one error line."""
    assert code in codes, (code, out, err)
    assert "Traceback" not in out + err
    if as_json:
        lines = out.strip().splitlines()
        assert len(lines) == 1, out
        obj = json.loads(lines[0])
        assert isinstance(obj, dict)
        assert ("error" in obj) == (code != 0), obj
        return obj
    if code in (1, 2):
        assert out.strip() == "", out
        assert len(err.strip().splitlines()) == 1, err
        return err.strip()
    if code == 3:
        assert len(err.strip().splitlines()) == 1 and err.startswith("stopped: "), err
    return out


def cli(*args: str, codes: set[int] = {0}, env: dict | None = None) -> dict | str:
    """Run ``misere ARGS`` in-process; return the JSON object (``--json``) or the text."""
    start = time.monotonic()
    r = runner.invoke(app, list(args))
    assert time.monotonic() - start < 20
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    return _checked(r.stdout, r.stderr, r.exit_code, "--json" in args, codes)


def cli_process(*args: str, codes: set[int] = {0}) -> dict | str:
    """Run ``python -m misere ARGS`` as a subprocess (watchdog armed) and check it took < 20 s."""
    env = {**os.environ, "PYTHONPATH": str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    start = time.monotonic()
    r = subprocess.run([sys.executable, "-m", "misere", *args], capture_output=True, text=True,
                       timeout=60, env=env)
    assert time.monotonic() - start < 20, args
    return _checked(r.stdout, r.stderr, r.returncode, "--json" in args, codes)


# --- negative games as arguments -------------------------------------------------------------

def test_negative_integer_is_a_game() -> None:
    assert cli("outcome", "-1", "--json")["outcome"] == m.outcome("-1").value == "L"
    assert cli("outcome", "-1").startswith("L ")


@pytest.mark.parametrize("args", [("canon", "-{1|0}"), ("compare", "-1", "-2"), ("distinguish", "-1", "-1/2"),
                                  ("invertible", "-*"), ("outcome", "-(1+*)"), ("genus", "-*2")])
def test_negative_games_in_every_game_command(args: tuple[str, ...]) -> None:
    cli(*args, "--json")


def test_negative_game_canon_is_the_negative() -> None:
    assert cli("canon", "-{1|0}", "--json")["form"] == str(m.canonical("{0|-1}"))


def test_dash_letter_game_needs_double_dash() -> None:
    err = cli("outcome", "-v", codes={2})
    assert "--" in err
    assert cli("outcome", "--json", "--", "-v")["outcome"] == m.outcome("^").value  # -v = ^


# --- invalid numeric options -----------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ("enumerate", "--day", "-1"), ("impartial-count", "--day", "-1"), ("tree", "*", "--max-nodes", "0"),
    ("partizan-quotient", "--ruleset", "partizan-kayles", "--max-size", "0"),
    ("partizan-quotient", "--games", "1, -1", "--size", "-2"),
    ("outcome", "*", "--timeout", "0"), ("outcome", "*", "--timeout", "-3"),
    ("outcome", "*", "--timeout", "soon"), ("enumerate", "--day", "many"),
])
def test_invalid_numbers_are_usage_errors(args: tuple[str, ...]) -> None:
    cli(*args, codes={2})
    obj = cli(*args, "--json", codes={2})
    assert "usage" in obj


@pytest.mark.parametrize("size", ["-5", "lots", "0", "1K", "", "12Q"])
def test_bad_memory_sizes(size: str) -> None:
    assert "--max-memory" in cli("canon", "*", "--max-memory", size, "--json", codes={2})["error"]


def test_good_memory_size_and_timeout_answer() -> None:
    assert cli("canon", "{0,*|*}", "--max-memory", "8G", "--timeout", "30", "-q", "--json")["form"]


# --- malformed notation, deep nesting, junk --------------------------------------------------

MALFORMED = {"empty": "", "blank": "   ", "unclosed": "{0|", "reversed": "}{", "dangling-minus": "*-",
             "zero-denominator": "1/0", "extra-brace": "{0|*}}", "snowman": "☃", "astral": "𝔾+💥",
             "nul": "\x00", "stars": "*" * 5000 + "1", "nested-10000": "{" * 10_000 + "0|" + "}" * 10_000,
             "right-nested-10000": "{0|" * 10_000 + "}" * 10_000}


@pytest.mark.parametrize("game", MALFORMED.values(), ids=MALFORMED.keys())
def test_malformed_or_deep_notation(game: str) -> None:
    obj = cli("outcome", game, "--json", codes={1})
    assert len(obj["error"]) < 500
    cli("canon", game, codes={1})


def test_unknown_option_is_one_json_object() -> None:
    assert "--bogus" in cli("outcome", "*", "--bogus", "--json", codes={2})["error"]
    cli("frobnicate", "--json", codes={2})


@pytest.mark.parametrize("args", [("canon", "*", "-u", "bogus"), ("compare", "*", "0", "-u", ""),
                                  ("invertible", "*", "--universe", "ünïverse"),
                                  ("enumerate", "--day", "1", "-u", "nope")])
def test_bad_universe(args: tuple[str, ...]) -> None:
    cli(*args, "--json", codes={1})


def test_out_of_range_days_are_refused_in_one_line() -> None:
    assert "day" in cli("enumerate", "--day", "3", "--json", codes={1})["error"]
    assert "day" in cli("impartial-count", "--day", "7", "--json", codes={1})["error"]


def test_not_in_universe_is_refused() -> None:
    cli("canon", "{1|0}", "-u", "impartial", "--json", codes={1})
    cli("genus", "1", codes={1})


# --- output files ----------------------------------------------------------------------------

def test_unwritable_tree_path_is_one_json_error() -> None:
    obj = cli("tree", "{0|*}", "-o", MISSING, "--json", codes={1})
    assert "missing-folder" in obj["error"]


@pytest.mark.parametrize("args", [("enumerate", "--day", "1", "--hasse", MISSING),
                                  ("tour", "--hasse", MISSING),
                                  ("partizan-quotient", "--games", "1, -1", "--hasse", MISSING),
                                  ("draw", "partizan-kayles", "3", "-o", MISSING)])
def test_unwritable_paths_everywhere(args: tuple[str, ...]) -> None:
    cli(*args, "--json", codes={1})
    cli(*args, codes={1})


def test_output_is_a_directory(tmp_path: Path) -> None:
    cli("tree", "*", "-o", str(tmp_path), "--json", codes={1})
    (tmp_path / "d.svg").mkdir()
    assert "folder" in cli("tree", "*", "-o", str(tmp_path / "d.svg"), "--json", codes={1})["error"]


def test_parent_is_a_file(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("x")
    cli("tree", "*", "-o", str(tmp_path / "f" / "x.svg"), "--json", codes={1})


@pytest.mark.parametrize("name", ["x.pdf", "x.txt", "x", "x.svg.gz", "x.dot"])
def test_wrong_suffix_is_refused_before_writing(tmp_path: Path, name: str) -> None:
    obj = cli("tree", "{0|*}", "-o", str(tmp_path / name), "--json", codes={1})
    assert ".svg" in obj["error"]
    assert not (tmp_path / name).exists()


def test_png_is_real_or_refused(tmp_path: Path) -> None:
    out = tmp_path / "t.png"
    r = runner.invoke(app, ["tree", "{0|*}", "-o", str(out), "--json"])
    try:
        import resvg_py  # noqa: F401
    except ImportError:
        assert r.exit_code == 1 and "resvg-py" in json.loads(r.stdout)["error"]
        assert not out.exists()
    else:
        assert r.exit_code == 0 and out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_dot_hasse_still_written(tmp_path: Path) -> None:
    cli("enumerate", "--day", "1", "--hasse", str(tmp_path / "h.dot"), "--json")
    assert (tmp_path / "h.dot").read_text().startswith("digraph")


# --- last-resort handler ---------------------------------------------------------------------

@pytest.mark.parametrize("exc", [RuntimeError("boom\nsecond line"), OSError(28, "No space left on device"),
                                 KeyError("k"), AssertionError()])
def test_unexpected_exceptions_are_one_line(monkeypatch: pytest.MonkeyPatch, exc: BaseException) -> None:
    def broken(*a: object, **k: object) -> None:
        raise exc

    monkeypatch.setattr(m, "outcome", broken)
    obj = cli("outcome", "*", "--json", codes={1})
    assert type(exc).__name__ in obj["error"] or "No space" in obj["error"]
    cli("outcome", "*", codes={1})


# --- budgets -------------------------------------------------------------------------------

def test_enumerate_budget_reports_the_day_reached(monkeypatch: pytest.MonkeyPatch) -> None:
    from misere.errors import BudgetExceededError

    real = m.born_by

    def slow_day_two(n: int, universe: str = "general") -> list:
        if n == 2:
            raise BudgetExceededError("time", "time budget of 1 s exhausted")
        return real(n, universe=universe)

    monkeypatch.setattr(m, "born_by", slow_day_two)
    obj = cli("enumerate", "--day", "2", "--json", codes={3})
    assert obj["budget"] == "time"
    assert obj["established"] == {"day_asked": 2, "day_reached": 1, "count_by_day_reached": len(real(1))}
    text = cli("enumerate", "--day", "2", codes={3})
    assert "day_reached: 1" in text


def test_help_documents_exit_statuses_and_flags() -> None:
    r = runner.invoke(app, ["--help"])
    assert r.exit_code == 0 and "3 budget" in r.stdout
    r = runner.invoke(app, ["enumerate", "--help"])
    assert r.exit_code == 0 and "<bool>" not in r.stdout
    for flag in ("--timeout", "--max-memory", "--quiet", "--json"):
        assert flag in r.stdout


# --- huge inputs: answered, or stopped by the budget, within bounded time (subprocess) ----------

@pytest.mark.parametrize("game", ["*100000", "123456789012345678901234567890"])
def test_huge_values_answer_or_stop(game: str) -> None:
    obj = cli_process("outcome", game, "--timeout", "5", "--json", codes={0, 1, 3})
    assert "outcome" in obj or "error" in obj


@pytest.mark.parametrize("cmd", ["canon", "compare"])
def test_long_sums_answer_or_stop(cmd: str) -> None:
    args = [LONG_SUM] if cmd == "canon" else [LONG_SUM, LONG_SUM + "+*"]
    cli_process(cmd, *args, "--timeout", "1", "--json", codes={0, 1, 3})


def test_python_dash_m_version() -> None:
    out = cli_process("--version")
    assert out.strip() == f"misere {m.__version__}"
