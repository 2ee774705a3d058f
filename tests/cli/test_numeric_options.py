"""Every numeric option of every command, found in the typer app (issue 24, item 4): 0, -1 and a
huge value are either refused as a usage error (exit 2, one JSON object naming the option) or
answered in one JSON object (0 answer, 1 refusal with its reason, 3 budget). A new command or
option is covered without editing this file, except for one cheap invocation per new command in
:data:`BASE`; every numeric option must declare its least value (``min=``), so its range shows in
``--help``.
"""
from __future__ import annotations

import json
import typing
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from misere.cli.app import app
from tests.cli.app_walk import commands

runner = CliRunner()

#: a cheap invocation of each command ({tmp}: a fresh folder); numeric options are set on it
BASE: dict[str, list[str]] = {
    "outcome": ["outcome", "0"],
    "canon": ["canon", "*"],
    "compare": ["compare", "0", "*"],
    "distinguish": ["distinguish", "0", "*"],
    "tree": ["tree", "*", "-o", "{tmp}/t.svg"],
    "enumerate": ["enumerate", "--day", "1", "--count-only"],
    "tour": ["tour", "--hasse", "{tmp}/h.svg"],
    "invertible": ["invertible", "*"],
    "genus": ["genus", "*2"],
    "impartial-count": ["impartial-count", "--day", "2"],
    "quotient": ["quotient", "0.1", "--certify", "4"],
    "play": ["play", "0.1", "3"],
    "check": ["check", "0.3102"],
    "classify": ["classify", "--order", "6"],
    "sprouts-endgames": ["sprouts-endgames", "--lives", "3"],
    "partizan-quotient": ["partizan-quotient", "--games", "1"],
    "partizan-sweep": ["partizan-sweep", "day1"],
    "draw": ["draw", "nim", "3", "-o", "{tmp}/d.svg"],
    "census": ["census", "0.1", "--max-heap", "8", "--store", "{tmp}/c.sqlite"],
    "factor": ["factor", "-1"],
    "report universes": ["report", "universes", "--only", "kayles"],
    "report quotient": ["report", "quotient", "0.1", "--max-heap", "4", "--html", "{tmp}/q.html"],
    "report values": ["report", "values", "--day", "1", "--html", "{tmp}/v.html"],
    "report census": ["report", "census", "--store", "{tmp}/none.sqlite", "--html", "{tmp}/c.html"],
}

HUGE = {int: "1000000000000", float: "1e12"}


def _numeric(param: Any) -> type | None:
    kind = param.type_descriptor.annotation
    kinds = [a for a in typing.get_args(kind) if a is not type(None)] or [kind]
    return kinds[0] if kinds[0] in (int, float) else None


def numeric_options() -> list[tuple[str, Any, type]]:
    """(command path, parameter, int or float) for every numeric parameter of the app."""
    return [(path, p, t) for path, cmd in commands() for p in cmd.params
            if (t := _numeric(p)) is not None]


OPTIONS = numeric_options()
CASES = [pytest.param(path, p, t, v, id=f"{path}{p.opts[0]}={v}")
         for path, p, t in OPTIONS for v in ("0", "-1", HUGE[t])]


def test_every_command_has_a_base_invocation() -> None:
    assert {path for path, _ in commands()} == set(BASE)
    assert len(OPTIONS) > 30 and {p.opts[0] for _, p, _ in OPTIONS} >= {"--max-heap", "--max-size", "--timeout"}


@pytest.mark.parametrize("path,param", [(path, p) for path, p, _ in OPTIONS],
                         ids=[f"{path}{p.opts[0]}" for path, p, _ in OPTIONS])
def test_numeric_options_declare_their_range(path: str, param: Any) -> None:
    assert param.min is not None, f"{path} {param.opts[0]}: give it min= (and say what 0 means)"
    assert param.opts[0].startswith("--"), "numeric arguments: declare their range and add them to BASE"


def _args(path: str, opt: str, value: str, tmp: Path) -> list[str]:
    args = [a.replace("{tmp}", str(tmp)) for a in BASE[path]]
    if opt in args:
        args[args.index(opt) + 1] = value
    else:
        args += [opt, value]
    if opt != "--timeout":
        args += ["--timeout", "1"]
    return args + ["--json", "-q"]


@pytest.mark.parametrize("path,param,kind,value", CASES)
def test_numeric_option_values(path: str, param: Any, kind: type, value: str, tmp_path: Path) -> None:
    opt = param.opts[0]
    r = runner.invoke(app, _args(path, opt, value, tmp_path))
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 1, r.output
    obj = json.loads(lines[0])
    number = kind(value)
    allowed = (param.min is None or number >= param.min) and (param.max is None or number <= param.max)
    if not allowed:
        assert r.exit_code == 2, r.output
        assert opt in obj["error"] and obj["usage"].endswith("--help"), obj
    else:
        assert r.exit_code in (0, 1, 3), r.output
        assert ("error" in obj) == (r.exit_code != 0), obj


def test_zero_sizes_of_quotient_are_refused_not_unlimited() -> None:
    # --max-size 0 used to mean "no limit" silently
    for opt in ("--max-size", "--max-order", "--max-rounds"):
        r = runner.invoke(app, ["quotient", "0.07", opt, "0", "--json"])
        assert r.exit_code == 2 and "greater than or equal to 1" in json.loads(r.stdout)["error"]
    r = runner.invoke(app, ["quotient", "0.07", "--max-heap", "30", "--max-order", "100", "--json", "-q"])
    assert r.exit_code == 3 and json.loads(r.stdout)["established"]["last_heap"] == 24
    # one recalibration round is not enough at heap 10 (its first candidate fails)
    r = runner.invoke(app, ["quotient", "0.07", "--max-heap", "27", "--max-rounds", "1", "--json", "-q"])
    obj = json.loads(r.stdout)
    assert r.exit_code == 3 and "after 1 rounds" in obj["error"] and obj["established"]["last_heap"] == 9
