"""Sweeps of partizan quotients (quotients/partizan/sweep.py, ``misere partizan-sweep``).

The table on the results page (docs/results/partizan.md) is the output of
``misere partizan-sweep day1``, recomputed here; the day-2 sweep runs in a slow test. Every row's status is checked against its strategy, and no closure may be refused.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from misere.cli.app import app
from misere.quotients.partizan.sweep import FAMILIES, family, sweep

runner = CliRunner()
PAGE = Path(__file__).resolve().parents[3] / "docs" / "results" / "partizan.md"


def test_families_have_the_stated_sizes() -> None:
    sizes = {"day1": 10, "day2": 256, "gh": 38 * 38, "unions": 300}
    assert {f: len(family(f)) for f in FAMILIES} == sizes
    assert ("{|}",) in family("gh") and ("{1|-1}",) in family("gh") and ("{{0,*|}|^}",) in family("gh")


def test_day1_sweep_matches_the_results_page() -> None:
    s = sweep("day1")
    assert s.counts() == {"exact": 10, "proved": 0, "bounded": 0, "refused": 0}
    assert s.orders() == {1: 1, 2: 6}
    assert all(r.detail.startswith(r.status) for r in s.rows)
    assert s.markdown() in PAGE.read_text(encoding="utf-8")


def test_sweep_rows_say_how_each_quotient_was_established() -> None:
    """cl({|0,*,1}) is proved by the semilinear certificate, cl(1, -1) exact (rank one)."""
    s = sweep("mixed", [("{|0,*,1}",), ("1", "-1")])
    assert [r.status for r in s.rows] == ["proved", "exact"]
    assert s.rows[0].structure == "infinite monoid (group completion trivial)"
    assert s.counts()["refused"] == 0


def test_cli_sweep_and_bad_family() -> None:
    out = runner.invoke(app, ["partizan-sweep", "day1", "--limit", "4", "--json", "-q"]).stdout
    d = json.loads(out)
    assert d["closures"] == 4 and d["counts"]["exact"] == 4 and d["orders"] == {"1": 1, "2": 3}
    res = runner.invoke(app, ["partizan-sweep", "day9", "--json"])
    assert res.exit_code == 1 and "unknown family 'day9'" in json.loads(res.output)["error"]


@pytest.mark.slow
def test_day2_sweep_refuses_nothing() -> None:
    """All 256 closures cl(G), G born by day 2: none refused, every bounded one says which
    step of the semilinear certificate failed (the stored records of this sweep are checked in
    test_sweep_store.py)."""
    s = sweep("day2")
    assert s.counts()["refused"] == 0 and len(s.rows) == 256
    assert all("semilinear: " in r.detail for r in s.rows if r.status == "bounded")
    assert s.counts()["exact"] == 89  # the finite and rank-one proofs are unchanged


def test_a_sweep_out_of_budget_keeps_its_rows() -> None:
    from misere.budget import limits
    with limits(timeout=0.001):
        s = sweep("day2")
    assert s.stopped and s.total == 256 and len(s.rows) < 256
    assert f"stopped after {len(s.rows)} of 256 closures" in s.markdown()
