"""Universe names on the command line (issue 24, item 5): ``--universe`` help lists every
registered universe in every command that takes it, and ``report universes --only`` refuses a
name no fact is about, listing those that are."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from misere.universes import find_universe, universe_names
from misere.universes.facts.registry import fact_universe
from tests.cli.app_walk import commands

runner = CliRunner()
WITH_UNIVERSE = [(path, cmd) for path, cmd in commands()
                 if any("--universe" in p.opts for p in cmd.params)]


def test_several_commands_take_a_universe() -> None:
    assert {"canon", "compare", "enumerate", "invertible", "report values"} <= {p for p, _ in WITH_UNIVERSE}
    assert len(universe_names()) >= 9


@pytest.mark.parametrize("path", [p for p, _ in WITH_UNIVERSE])
def test_universe_help_lists_every_registered_universe(path: str) -> None:
    from misere.cli.app import app

    r = runner.invoke(app, path.split() + ["--help"], terminal_width=200)
    assert r.exit_code == 0
    text = " ".join(r.stdout.replace("│", " ").split())
    for name in universe_names():
        assert find_universe(name).name == name
        assert name in text, f"misere {path} --help does not list {name}"


@pytest.mark.parametrize("only", ["bogus", "general", "normal"])
def test_report_universes_refuses_a_name_without_facts(only: str) -> None:
    from misere.cli.app import app

    r = runner.invoke(app, ["report", "universes", "--only", only, "--json"])
    assert r.exit_code == 1
    error = json.loads(r.stdout)["error"]
    assert error.startswith(f"no facts about {only!r}; facts are about: ")
    assert {"dicot", "dead-ending", "kayles", "blocking"} <= set(error.split(": ")[1].split(", "))


def test_fact_universes_accept_aliases() -> None:
    assert fact_universe("D") == "dicot" and fact_universe("Dead_Ending") == "dead-ending"
    assert fact_universe("kayles") == "kayles"
