"""``misere play``: answers from the theory for any sizes, quotients beyond the computed range
through the period, one-line refusals, and the help table of position formats (issue 9)."""
from __future__ import annotations

import json
import time

import pytest
from typer.testing import CliRunner

from misere.cli import play as play_mod
from misere.cli.app import app
from misere.rulesets.registry import RULESETS
from tests.oracle.heap_oracle import octal_rules, outcome_function

runner = CliRunner()


def run_json(*args: str) -> tuple[int, dict]:
    result = runner.invoke(app, ["play", *args, "--json"])
    assert "Traceback" not in result.output
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1, result.output
    return result.exit_code, json.loads(lines[0])


def test_nim_and_partizan_kayles_of_any_size() -> None:
    t = time.perf_counter()
    code, d = run_json("nim", "1000000000")
    assert code == 0 and d["outcome"] == "N" and d["method"].startswith("rule: Bouton")
    assert [m["result"] for m in d["winning_moves"]["Left"]] == ["1"]
    code, d = run_json("partizan-kayles", "1000000000")
    assert d["outcome"] == "R" and d["winning_moves"]["Left"] == []
    assert [m["result"] for m in d["winning_moves"]["Right"]] == ["999999998", "1 999999997", "2 999999996"]
    assert "agrees with the computed quotient" in d["method"]
    code, d = run_json("partizan-kayles", "37 34")
    assert d["outcome"] == "R" and len(d["winning_moves"]["Right"]) == 12
    code, d = run_json("penny-nim", "L1000000000 + S5")
    assert d["outcome"] == "N" and d["winning_moves"]["Left"][0]["result"] == "R1 + S5"
    assert time.perf_counter() - t < 10


def test_octal_small_positions_against_the_oracle() -> None:
    options = octal_rules("0.123")
    is_p = outcome_function(options)
    for pos in [(h,) for h in range(46)] + [(a, b) for a in range(1, 46, 4) for b in range(1, 6)]:
        d, _ = play_mod.heap_data("0.123", list(pos), None)
        assert d["outcome"] == ("P" if is_p(tuple(sorted(pos))) else "N"), pos
        if d["move"] is not None:
            assert is_p(tuple(sorted(d["move"]["position"]))), pos
        else:  # no winning move: a P-position, or one without any move (N)
            assert d["outcome"] == "P" or not any(options(h) for h in pos), pos
    assert d["solved"] and d["heaps_computed"] < 45  # heaps beyond the computed range, via the period


def test_octal_huge_heaps_through_the_period() -> None:
    is_p = outcome_function(octal_rules("0.123"))
    t = time.perf_counter()
    code, d = run_json("0.123", "1000000", "5")
    assert code == 0 and d["solved"] and d["period"] == 5
    # 10**6 = 40 (mod 5), both beyond the preperiod: the oracle on heap 40 decides
    assert d["outcome"] == ("P" if is_p((5, 40)) else "N")
    assert d["move"] is not None and d["move"]["heap"] == 5
    code, d = run_json("0.123", "1000000")
    assert d["outcome"] == ("P" if is_p((40,)) else "N")
    assert time.perf_counter() - t < 10


def test_unsolved_beyond_the_horizon_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_mod, "HORIZON", 20)
    code, d = run_json("0.53", "1000000")  # unsolved to heap 40 (census), no proof of infinity
    assert code != 0 and set(d) == {"error"}
    assert "not certified periodic by heap 20" in d["error"] and "heap 1000000" in d["error"]


def test_bad_input_one_line() -> None:
    for args in (["0.123", "5,-1"], ["0.123", "x"], ["nim", "3 a"], ["domineering", "xx"],
                 ["0.123", "9" * 5000], ["pk", "2.5"], ["col", "path -1"]):
        code, d = run_json(*args)
        assert code == 1 and set(d) == {"error"} and "\n" not in d["error"], args


def test_help_lists_every_position_format() -> None:
    result = runner.invoke(app, ["play", "--help"], terminal_width=200)
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    for r in RULESETS:
        assert f"misere play {r.name} '{r.example}'" in text, r.name
        assert " ".join(f"{r.name}: {r.syntax}".split()) in text, r.name
    assert "--timeout" in text and "--max-memory" in text and "--quiet" in text


@pytest.mark.slow
def test_budget_stops_an_unsolved_quotient() -> None:  # exit 3 with what was established
    result = runner.invoke(app, ["play", "0.07", "1000", "--timeout", "1", "--json"])
    assert result.exit_code == 3
    d = json.loads(result.stdout.strip().splitlines()[-1])
    assert d["budget"] == "time" and d["established"]["game"] == "0.07"


def test_the_method_names_the_search_that_answers() -> None:
    """Domineering is searched on the whole board, the board rulesets over sums of pieces with a
    compiled hand-over, the other rulesets over sums of components (issue 23 item 3)."""
    def method(*args: str) -> str:
        r = runner.invoke(app, ["play", *args, "--json"])
        assert r.exit_code == 0, r.output
        return json.loads(r.stdout)["method"]

    assert method("domineering", "3x3").startswith("whole-board bitmask search; compiled past 100,000")
    assert method("cram", "2x3").startswith("search over sums of pieces; the compiled whole-board")
    assert method("hackenbush", "LR") == "search over sums of components"
