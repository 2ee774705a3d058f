"""CLI of partizan quotients and rulesets through --json."""
from __future__ import annotations

import json
from pathlib import Path
from xml.etree import ElementTree

import pytest
from typer.testing import CliRunner

from misere.cli.app import app

runner = CliRunner()


def run_json(*args: str) -> dict:
    result = runner.invoke(app, [*args, "--json"])
    assert "Traceback" not in result.output
    return json.loads(result.output.strip().splitlines()[-1])


def test_partizan_quotient_games() -> None:
    d = run_json("partizan-quotient", "--games", "1, -1")
    assert d["structure"] == "Z" and d["presentation"] == "<a,b | ab=1>"
    assert d["partition"]["b"] == "L" and d["partition"]["a"] == "R" and "b>1" in d["order_relations"]
    assert d["strategy"].split(":")[0] in ("exact", "bounded")


def test_partizan_quotient_ruleset_and_hasse(tmp_path: Path) -> None:
    out = tmp_path / "q.svg"
    d = run_json("partizan-quotient", "--ruleset", "partizan-kayles", "--max-size", "4",
                 "--hasse", str(out))
    assert d["ruleset"] == "partizan-kayles" and d["phi"]["S4"] == "a" and d["phi"]["S3"] == "1"
    assert ElementTree.parse(out).getroot().tag.endswith("svg")
    d = run_json("partizan-quotient", "--games", "*2")
    assert d["order"] == 6 and d["finite"] and sorted(d["P"]) == ["a", "b2"]


def test_play_and_draw(tmp_path: Path) -> None:
    d = run_json("play", "partizan-kayles", "3 1")
    assert d["outcome"] == "R" and d["winning_moves"]["Left"] == []
    assert d["winning_moves"]["Right"][0]["result"] == "1 1"
    d = run_json("play", "domineering", "2x3")
    assert d["outcome"] == "L" and d["method"].startswith("whole-board bitmask search")
    d = run_json("play", "nim", "1 2 4")
    assert d["outcome"] == "N" and d["method"].startswith("rule: Bouton")
    assert d["winning_moves"]["Right"][0]["result"] == "1 2 3"
    d = run_json("play", "penny-nim", "L3 + R2 + S1")
    assert d["method"].startswith("rule: 001 Thm 3.5.6")
    for name, pos in (("col", "path 4"), ("snort", "grid 2x2"), ("hackenbush", "GBR BB g-1:G")):
        assert run_json("play", name, pos)["outcome"] in "LNPR"
    out = tmp_path / "d.svg"
    d = run_json("draw", "hackenbush", "GBR BB", "-o", str(out))
    assert d["file"] == str(out) and ElementTree.parse(out).getroot().tag.endswith("svg")


def test_errors_are_one_line() -> None:
    for args in (["play", "chess", "e4"], ["play", "partizan-kayles", "3 x"],
                 ["partizan-quotient", "--games", "1", "--ruleset", "nim"],
                 ["draw", "domineering", "..q", "-o", "/tmp/never.svg"]):
        d = run_json(*args)
        assert set(d) == {"error"} and "\n" not in d["error"]
        result = runner.invoke(app, args)
        assert result.exit_code != 0 and "Traceback" not in result.output


@pytest.mark.slow
def test_large_infinite_quotient_is_answered() -> None:
    """The sprig closure (rank two, 001 §4.5): since session 9 the refinement of the semilinear
    certificate (per-form windows, quotients/partizan/refine.py) proves it for all words; the
    answer says what is proved and up to which bound distinctness was shown. Slow (about 80 s): the refinement's small cases run
    by default in tests/quotients/partizan/test_refine.py."""
    d = run_json("partizan-quotient", "--games", "{0,*|0}, {0|0,*}, {0,{0,*|0}|0}, {0|0,{0|0,*}}")
    assert d["structure"] == "Z^2 x Z2" and d["strategy"].startswith("proved")
    assert "semilinear certificate" in d["strategy"] and "not proved" in d["strategy"]
    assert len(d["partition"]) <= 40
