"""The partizan path through the shared entry points: ``quotient(..., partizan=True)``,
``misere quotient --partizan`` and ``misere play RULESET POSITION``."""
from __future__ import annotations

import json

from typer.testing import CliRunner

import misere.quotients as mq
from misere.cli.app import app


def test_quotient_partizan_keyword() -> None:
    q = mq.quotient(games=["1", "-1"], partizan=True)
    assert q.structure == "Z" and q.ge(["-1"], []) and q.ge([], ["1"])
    assert q.element(["1", "-1"]) == "1" and q.outcome(["1", "1"]).value == "R"
    assert q.partition["b"] == "L" and q.units() == "all"
    assert mq.quotient(games="^, v", partizan=True).structure == "Z x Z2"


def test_cli_quotient_partizan_and_play() -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["quotient", "--games", "1, -1", "--partizan", "--json"]).output
    d = json.loads(out)
    assert d["partizan"] and d["structure"] == "Z" and "order_relations" in d and "partition" in d
    out = runner.invoke(app, ["quotient", "--ruleset", "partizan-kayles", "--max-size", "4", "--json"]).stdout  # progress goes to stderr
    assert json.loads(out)["phi"]["S4"] == "a"
    out = runner.invoke(app, ["play", "hackenbush", "GB", "BR", "--json"]).output
    d = json.loads(out)
    assert d["outcome"] == "N" and d["winning_moves"]["Left"][0]["result"] == "GB"
