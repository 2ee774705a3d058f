"""Every command bounded or visibly working (issue 24 items 2-3): sizes refused up front with the
size, ``play`` past a quotient's known range asks for ``--timeout``, progress on stderr for the
slow commands (silenced by ``--quiet``), and integers / nim heaps answered from the theory."""
from __future__ import annotations

import json
import time

import pytest
from typer.testing import CliRunner

import misere as m
from misere import budget
from misere.cli import play as play_mod
from misere.cli.app import app
from misere.errors import ComputationLimitError

runner = CliRunner()


class EagerProgress(budget.Progress):
    """Progress that prints every update (the commands' own interval is a second or two)."""

    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        kwargs["interval"] = 0.0
        super().__init__(*args, **kwargs)


def run(*args: str, code: int = 0, within: float = 10.0) -> tuple[dict, str]:
    """``misere ARGS --json`` in-process: the exit code, one JSON object, stderr, in bounded time."""
    start = time.monotonic()
    r = runner.invoke(app, [*args, "--json"])
    assert time.monotonic() - start < within, args
    assert r.exit_code == code, (r.exit_code, r.stdout, r.stderr)
    assert "Traceback" not in r.stdout + r.stderr
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 1, r.stdout[:500]
    return json.loads(lines[0]), r.stderr


# --- sizes refused up front, in one line, with the size --------------------------------------

def test_expanded_tree_is_counted_before_it_is_drawn(tmp_path) -> None:
    out = tmp_path / "t.svg"
    d, _ = run("tree", "*50", "--expand", "--max-nodes", "1000000000", "-o", str(out), code=3, within=3)
    assert d["budget"] == "memory" and not out.exists()
    assert "a game tree of 1,000,000,051 nodes (of 717,897,987,691,852,588,770,249) needs 1.8 TiB" in d["error"]


def test_tree_within_budget_is_drawn_with_progress(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(budget, "Progress", EagerProgress)
    out = tmp_path / "t.svg"
    d, err = run("tree", "*7", "--expand", "--max-nodes", "5000", "-o", str(out))
    assert d["output"] == str(out) and out.read_text().count("<circle") + out.read_text().count("<text") > 2187
    assert "game tree  " in err and "writing nodes" in err
    _, err = run("tree", "*7", "--expand", "--max-nodes", "5000", "-o", str(out), "--quiet")
    assert err == ""


@pytest.mark.parametrize("ruleset, position, count, unit", [
    ("nim", "100000000", "100,000,000", "counters"),
    ("nim", "1000000 2000000", "3,000,000", "counters"),
    ("partizan-kayles", "100000000", "100,000,000", "pins"),
    ("penny-nim", "L100000000", "100,000,000", "coins"),
])
def test_huge_drawings_are_refused(tmp_path, ruleset: str, position: str, count: str, unit: str) -> None:
    out = tmp_path / "d.svg"
    d, _ = run("draw", ruleset, position, "-o", str(out), code=1, within=3)
    assert f"has {count} {unit}" in d["error"] and "of SVG); drawings are limited to 100,000" in d["error"]
    assert not out.exists()


def test_drawing_at_the_limit_is_written(tmp_path) -> None:
    out = tmp_path / "d.svg"
    d, _ = run("draw", "nim", "60000 40000", "-o", str(out))
    assert out.read_text().count("<circle") == 100_000 and d["bytes"] == out.stat().st_size


def test_factor_of_many_copies_is_polynomial() -> None:  # 24 copies took 20 s (flexibility walked a tree)
    d, _ = run("factor", "40.{|0,-1}", within=8)
    assert d["factorisations"] == [["{|0,-1}"] * 40] and len(d["divisors"]) == 41
    assert d["flexibility"] == 79 and d["race"] == 40 and d["birthday"] == 80


def test_python_multiple_is_guarded_like_the_notation() -> None:
    g = m.parse("{0,*|*}")
    start = time.perf_counter()
    with pytest.raises(ComputationLimitError) as e:
        10 ** 12 * g
    assert time.perf_counter() - start < 0.5
    assert str(e.value) == ("1000000000000 * {0,*|*} has 1.5e24 option links as an explicit form, "
                            "over the limit of 2.0e6")
    d, _ = run("outcome", "1000000000000.{0,*|*}", code=1)
    assert d["error"].split(" has ")[1] == str(e.value).split(" has ")[1]
    assert 3 * g == g + g + g and (-2) * g == ~g + ~g


# --- play past the known range of a quotient ----------------------------------------------------

def test_play_past_dawsons_kayles_proved_range_is_refused_at_once() -> None:
    """Q_34 of 0.07 is infinite (a stored proof): a heap past 34 is refused before any work,
    with or without a budget; heap 34 itself is answered from the certificate (test_surfaces)."""
    for extra in ((), ("--timeout", "1")):
        d, _ = run("play", "0.07", "40", "41", "42", *extra, code=1, within=5)
        assert d["error"].startswith("heap 42 of 0.07 lies beyond the range answered here: Q_34 "
                                     "is infinite (stored proof: misere check 0.07)")
        assert "heaps <= 34" in d["error"]


def test_play_past_an_uncertified_quotient_asks_for_timeout(monkeypatch) -> None:
    monkeypatch.setattr(play_mod, "SPECULATIVE_S", 0.3)
    d, _ = run("play", "0.16", "100", code=1, within=60)  # a fresh install compiles first (see above)
    assert d["error"].startswith("heap 100 of 0.16 lies beyond the range known here: its quotient "
                                 "is not certified periodic by heap 16 (|Q| = 154)")
    assert "did not finish in 0.3 s" in d["error"] and "--timeout" in d["error"]
    d, _ = run("play", "grundy", "100", code=1, within=5)  # Q_29 proved infinite: refused at once
    assert d["error"].startswith("heap 100 of grundy lies beyond the range answered here: Q_29 is "
                                 "infinite")


def test_play_of_a_quotient_certified_past_the_first_bound_still_answers() -> None:
    d, _ = run("play", "0.123", "500")  # certified periodic at heap 32
    assert d["outcome"] == "P"
    d, _ = run("play", "0.07", "20")  # inside the known range
    assert d["outcome"] == "N"


# --- progress on stderr ---------------------------------------------------------------------

@pytest.mark.parametrize("args, label", [
    (("report", "universes", "--only", "impartial"), "report universes  "),
    (("partizan-quotient", "--ruleset", "partizan-kayles", "--max-size", "2"), "partizan quotient: outcomes of sums  "),
    (("factor", "5.{|-1,{|0,-1}}"), "factor  "),
])
def test_progress_lines_and_quiet(monkeypatch, args: tuple[str, ...], label: str) -> None:
    monkeypatch.setattr(budget, "Progress", EagerProgress)
    _, err = run(*args)
    lines = err.strip().splitlines()
    assert lines and all(x.startswith(label) and x.endswith(" s") for x in lines), err
    _, err = run(*args, "--quiet")
    assert err == ""


def test_day_count_reports_each_step() -> None:
    from misere.impartial.ie_count import count_by_inclusion_exclusion

    steps: list[str] = []
    assert count_by_inclusion_exclusion(5, stage=steps.append).value == 4171780
    assert steps[0] == "superset sums over 2^5 families: bit 1/5" and len(steps) > 5


@pytest.mark.slow
def test_day_six_count_shows_progress(monkeypatch) -> None:
    monkeypatch.setattr(budget, "Progress", EagerProgress)
    d, err = run("impartial-count", "--day", "6", within=60)
    assert d["digits"] == 1255831 and "day-6 count  step day-5 option sets" in err
    assert "step decimal digits" in err


# --- theory first: integers and nim heaps ------------------------------------------------------

def test_canon_of_integers_and_nim_heaps_is_instant() -> None:
    assert run("canon", "1000000", within=2)[0] == {"form": "1000000", "universe": "general", "birthday": 1000000}
    assert run("canon", "*1000000", "-u", "impartial", within=2)[0]["form"] == "*1000000"
    assert run("canon", "-7", "-u", "E", within=2)[0]["form"] == "-7"
    assert "not in the dicot universe" in run("canon", "1000000", "-u", "dicot", code=1, within=2)[0]["error"]
    assert run("canon", "{0|}")[0]["form"] == "1"


def test_invertible_integers_and_nim_heaps_is_instant() -> None:
    d, _ = run("invertible", "1000000", "-u", "E", within=2)
    assert d["invertible"] and d["inverse"] == "-1000000" and "001 Thm 5.3.2" in d["method"]
    d, _ = run("invertible", "*1000", within=2)
    assert not d["invertible"] and d["witness"] == {"game": "0", "outcomes": ["P", "N"]}
    d, _ = run("invertible", "1000000", within=2)
    assert not d["invertible"] and "Mesdal-Ottaway" in d["method"] and "witness" not in d
    d, _ = run("invertible", "3")  # small: the search, with its witness
    assert not d["invertible"] and d["witness"]["outcomes"][0] != d["witness"]["outcomes"][1]


def test_distinguish_nim_heaps_and_integers_is_instant() -> None:  # searched without end before
    d, _ = run("distinguish", "*1000", "*999", within=2)
    assert d == {"witness": "*1000", "outcomes": ["P", "N"], "equal": False}
    d, _ = run("distinguish", "999", "1000", within=2)
    assert d == {"witness": "-999", "outcomes": ["N", "R"], "equal": False}
    assert run("distinguish", "*3", "*2")[0]["witness"] == "*2"  # small: the search, as before


def test_factor_of_a_negative_integer_is_instant() -> None:
    d, _ = run("factor", "-100000", within=3)
    assert d["value"] == "-100000" and d["factorisations"] == [["-1"] * 100000]
    assert d["divisors"][:3] == ["0", "-1", "-2"] and len(d["divisors"]) == 100001 and not d["atom"]
    assert run("factor", "-1")[0]["atom"] is True
    assert "not in the left-dead-end universe" in run("factor", "5", code=1)[0]["error"]


def test_compare_nim_heaps_is_instant() -> None:  # refused as too big to build before
    d, _ = run("compare", "*1000000", "*999999", within=2)
    assert d["relation"] == "||" and not d["ge"] and not d["le"]
    assert d["not_ge_witness"] == d["not_le_witness"] == {"game": "*1000000", "outcomes": ["P", "N"]}
    assert run("compare", "*3", "*2")[0]["not_ge_witness"]["game"] == "*2"  # small: the search
