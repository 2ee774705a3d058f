"""``misere invertible`` and ``misere report universes`` through --json."""
from __future__ import annotations

import json

from typer.testing import CliRunner

from misere.cli.app import app

runner = CliRunner()


def run_json(*args: str) -> dict:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_invertible() -> None:
    d = run_json("invertible", "{0|0,*2}", "--universe", "dicot")
    assert d["invertible"] is True and d["inverse"] == "*" and d["thm_4_2_2_condition"] is False
    d = run_json("invertible", "*", "-u", "dead-ending")
    assert d["invertible"] is False and d["witness"]["outcomes"][0] != d["witness"]["outcomes"][1]
    assert run_json("invertible", "0")["invertible"] is True


def test_invertible_errors_are_one_line() -> None:
    result = runner.invoke(app, ["invertible", "1", "-u", "dicot", "--json"])
    assert result.exit_code != 0
    assert "not in the dicot universe" in json.loads(result.stdout)["error"]
    result = runner.invoke(app, ["invertible", "{", "-u", "nope"])
    assert result.exit_code != 0 and "Traceback" not in result.output


def test_report_universes() -> None:
    d = run_json("report", "universes")
    mine = [f for f in d["facts"] if f["universe"] in ("dicot", "dead-ending", "kayles")]
    assert sum(f["status"] == "disagree" for f in mine) == 5
    assert sum(d["summary"].values()) == len(d["facts"])
    assert all(f["status"] in ("agree", "disagree", "computed") for f in d["facts"])
    wrong = [f for f in d["facts"] if f["status"] == "disagree"]
    assert all(f["erratum"] for f in wrong)
    text = runner.invoke(app, ["report", "universes", "--only", "kayles"]).stdout  # progress goes to stderr
    assert "agree" in text and "3 facts" in text
