"""The core CLI commands, through --json (the stable contract)."""
from __future__ import annotations

import json
from pathlib import Path
from xml.etree import ElementTree

import pytest
from typer.testing import CliRunner

import misere as m
from misere.cli.app import app

runner = CliRunner()


def run_json(*args: str) -> dict:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_outcome() -> None:
    assert run_json("outcome", "{0,*|*}") == {
        "game": "{0,*|*}", "play": "misere", "outcome": "N", "left_first": "Left", "right_first": "Right"}
    assert run_json("outcome", "*", "--normal")["outcome"] == "N"
    assert run_json("outcome", "1")["left_first"] == "Right"


def test_canon() -> None:
    assert run_json("canon", "{0,*,{0|*}|*}")["form"] == "{0,*,^|*}"
    assert run_json("canon", "{*|*}", "--universe", "normal")["form"] == "0"
    assert run_json("canon", "^", "--explicit")["form"] == "{0|{0|0}}"


def test_compare_with_witnesses() -> None:
    d = run_json("compare", "0", "*")
    assert d["relation"] == "||"
    for key in ("not_ge_witness", "not_le_witness"):
        x = d[key]["game"]
        og, oh = m.outcome_of_sum(["0", x]), m.outcome_of_sum(["*", x])
        assert [og.value, oh.value] == d[key]["outcomes"]
        assert not og >= oh if key == "not_ge_witness" else not og <= oh
    assert run_json("compare", "{|*,1}", "0")["relation"] == ">"
    assert run_json("compare", "0", "{|*,1}")["relation"] == "<"
    assert run_json("compare", "*+*", "{*|*}")["relation"] == "="


def test_distinguish() -> None:
    d = run_json("distinguish", "*+*", "0")
    assert d["outcomes"][0] != d["outcomes"][1]
    assert m.outcome_of_sum(["*+*", d["witness"]]).value == d["outcomes"][0]
    assert run_json("distinguish", "*+*", "0", "--universe", "normal")["witness"] is None


def test_enumerate(tmp_path: Path) -> None:
    assert run_json("enumerate", "--day", "2", "--count-only") == {"count": 256, "day": 2, "universe": "general"}
    d = run_json("enumerate", "--day", "1")
    assert sorted(d["games"]) == ["*", "-1", "0", "1"]
    svg = tmp_path / "day1.svg"
    run_json("enumerate", "--day", "1", "--hasse", str(svg))
    root = ElementTree.parse(svg).getroot()
    assert root.tag.endswith("svg")
    dot = tmp_path / "n2.dot"
    run_json("enumerate", "--day", "2", "--universe", "normal", "--hasse", str(dot))
    assert dot.read_text().count("->") == 36  # covering pairs of the 22 normal-play day-2 values


def test_tour(tmp_path: Path) -> None:
    d = run_json("tour", "--hasse", str(tmp_path / "t.svg"))
    assert d["day2_count"] == 256
    assert (tmp_path / "t.svg").exists()


@pytest.mark.parametrize(
    "args, message",
    [(["outcome", "{0|"], "position 3"), (["compare", "0", "{|}}"], "position 3"),
     (["canon", "*", "--universe", "nowhere"], "unknown universe"),
     (["enumerate", "--day", "3"], "limited to day 2")],
)
def test_errors_are_one_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 1
    assert message in json.loads(result.stdout)["error"]
    plain = runner.invoke(app, args)
    assert plain.exit_code == 1 and "Traceback" not in plain.output
    assert len(plain.output.strip().splitlines()) == 1


def test_tree_picture(tmp_path: Path) -> None:
    out = tmp_path / "t.svg"
    d = run_json("tree", "{0,*,{1|*}|{*|-1},2}", "-o", str(out))
    assert d["game"] == "{0,*,{1|*}|2,{*|-1}}"
    root = ElementTree.parse(out).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    assert len(root.findall(f"{ns}line")) == 9  # 5 root options + 2 + 2
    labels = sorted(t.text for t in root.findall(f"{ns}text"))
    assert labels == ["*", "*", "*", "-1", "0", "1", "2"]
    assert m.parse("^")._repr_svg_().startswith("<svg")
